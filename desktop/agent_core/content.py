"""The text of a message's `content`, for plugins: a string, or a list of parts with `text`."""

from __future__ import annotations

from typing import Any


def content_text(content: Any, separator: str = "") -> str:
    """The string itself, the `text` of each part of a list joined by `separator`, or ""."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return separator.join(
            content_text(part.get("text", ""), separator)
            for part in content
            if isinstance(part, dict)
        )
    return "" if content is None else str(content)
