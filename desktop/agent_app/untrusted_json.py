"""Checks for parsed JSON from files the app did not write itself (exports, config, settings).

JSON allows what the app cannot keep: text with a lone surrogate (`"\\ud800"`: no UTF-8 file or
database can hold it, so saving it again fails) and nesting deeper than Python's recursion
reaches while copying, storing or drawing it. Both walks here are iterative: the depth of the
value itself costs them nothing.
"""

from __future__ import annotations

from typing import Any

from agent_core.content import SURROGATE


class NotPlainJson(ValueError):
    """A number JSON has no spelling for (NaN, Infinity), which Python's reader takes."""


def refuse_constant(name: str) -> Any:
    """`parse_constant` for `json.loads`: NaN and Infinity are refused (`NotPlainJson`), so a
    value read can always be written again."""
    raise NotPlainJson(f"it holds {name}, which is not a JSON value")


def lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in any text or key of `value`, as "U+D800"; None when none."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if not item.isascii() and (found := SURROGATE.search(item)) is not None:
                return f"U+{ord(found.group()):04X}"
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return None


def not_unicode(value: Any) -> str | None:
    """Why `value` cannot be saved as text, in words ("it holds text that is not valid
    Unicode (a lone surrogate, U+D800)"); None when it can."""
    found = lone_surrogate(value)
    if found is None:
        return None
    return f"it holds text that is not valid Unicode (a lone surrogate, {found})"


def deeper_than(value: Any, levels: int) -> bool:
    """Whether `value` nests lists and objects more than `levels` deep (`{}` is one level)."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        children = item.values() if isinstance(item, dict) else item
        if isinstance(item, dict | list):
            if depth > levels:
                return True
            pending.extend((child, depth + 1) for child in children)
    return False


def shown(text: str) -> str:
    """`text` with any lone surrogate written as its escape (`\\ud800`), to name it in a notice
    or a log line: both are UTF-8, which cannot hold the surrogate itself."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
