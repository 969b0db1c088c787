"""Helpers for features that add to the native messages of a request.

A feature that gives the model context (skills, memory, a project) adds it as one system message
right after the leading system messages (the instructions), so the instructions stay first and
the conversation follows, whatever the provider's native format puts there.
"""

from __future__ import annotations

import math
from typing import Any

CHARS_PER_TOKEN = 4


def after_instructions(native_messages: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """`native_messages` with a system message holding `text` after the leading system ones."""
    leading = 0
    while leading < len(native_messages) and native_messages[leading].get("role") == "system":
        leading += 1
    addition = {"role": "system", "content": text}
    return [*native_messages[:leading], addition, *native_messages[leading:]]


def approximate_tokens(text: str) -> int:
    """Tokens `text` takes, estimated at four characters each (no tokenizer is at hand: a
    feature's budget is kept by this estimate, whatever the model's tokenizer)."""
    return math.ceil(len(text) / CHARS_PER_TOKEN)
