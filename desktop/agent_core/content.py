"""The text of a message's `content`, for plugins: a string, or a list of parts with `text`."""

from __future__ import annotations

import re
from typing import Any

#: A UTF-16 surrogate half (valid in a Python str, not in UTF-8).
SURROGATE = re.compile("[\ud800-\udfff]")
#: Metadata key of a streamed partial message: the tool calls the model is still writing, each
#: ``{"id", "name", "arguments"}`` with the arguments' JSON text so far. Only partials carry it;
#: the final message has the calls in its native form as before.
STREAMING_TOOL_CALLS = "streaming_tool_calls"


def content_text(content: Any, separator: str = "") -> str:
    """The string itself, the `text` of each part of a list joined by `separator`, or "".

    A tool's explicit ``{"type": "provider_native_tool_result", "content": [parts]}`` envelope
    reads as the text of its parts (its images have none).
    """
    if isinstance(content, str):
        return content
    if isinstance(content, dict) and content.get("type") == "provider_native_tool_result":
        return content_text(content.get("content"), separator)
    if isinstance(content, list):
        return separator.join(
            content_text(part.get("text", ""), separator)
            for part in content
            if isinstance(part, dict)
        )
    return "" if content is None else str(content)


def repair_surrogates(text: str) -> str:
    """`text` as valid Unicode: surrogate halves that arrived apart (a JSON-escaped emoji split
    across two stream chunks) joined into their character, any still alone replaced by U+FFFD.

    A lone surrogate cannot be encoded as UTF-8, so SQLite (and any file) would refuse it.
    """
    if text.isascii() or SURROGATE.search(text) is None:  # isascii: no scan, a flag
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
