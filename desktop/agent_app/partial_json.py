"""The best-effort reading of JSON that is still being written (a tool call's arguments as the
model streams them): what the text so far says, with open strings, arrays and objects closed.

An MCP App view gets it as ``ui/notifications/tool-input-partial`` while the call streams. The
text is cut back to the last point where it was whole (after a value, or just inside a
container) when its end is half a token (a key without its value, ``tru``, ``1.``); a prefix
that is no JSON object at all reads as None, and nothing is sent for it.
"""

from __future__ import annotations

import json
import re
from typing import Any

# How many cut points are tried, newest first: the newest almost always reads, and an
# unreadable text must not cost a parse per character.
MAX_ATTEMPTS = 8
# A string's end that is half a ``\uXXXX`` escape (fewer than 4 digits yet).
_HALF_UNICODE_ESCAPE = re.compile(r"\\u[0-9a-fA-F]{0,3}$")


def partial_arguments(text: str) -> dict[str, Any] | None:
    """The object the arguments text so far describes, or None when it is none (yet)."""
    value = parse_partial_json(text)
    return value if isinstance(value, dict) else None


def parse_partial_json(text: str) -> Any:
    """The value the beginning of a JSON text describes, closed where it is open; None when
    no reading of it is JSON."""
    closers: list[str] = []
    in_string = escaped = False
    # Where the text may end (exclusive), and what then closes it: newest last.
    cuts: list[tuple[int, str]] = []
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
                cuts.append((index + 1, "".join(reversed(closers))))
            continue
        if char == '"':
            in_string = True
        elif char in "{[":
            closers.append("}" if char == "{" else "]")
            cuts.append((index + 1, "".join(reversed(closers))))
        elif char in "}]":
            if not closers or closers[-1] != char:
                return None  # brackets that do not match: no completion makes it JSON
            closers.pop()
            cuts.append((index + 1, "".join(reversed(closers))))
        elif char == ",":
            cuts.append((index, "".join(reversed(closers))))
    open_closers = "".join(reversed(closers))
    candidates = []
    if in_string:
        body = text[:-1] if escaped else _HALF_UNICODE_ESCAPE.sub("", text)
        candidates.append(body + '"' + open_closers)
    candidates.append(text + open_closers)  # it may end in a whole number or literal
    candidates.extend(text[:end] + closing for end, closing in reversed(cuts))
    for candidate in candidates[:MAX_ATTEMPTS]:
        try:
            return json.loads(candidate)
        except ValueError:
            continue  # this cut is half a token: the next, earlier one is tried
    return None
