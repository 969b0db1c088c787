"""Reading a tool call's arguments, for tool plugins: one rule, one set of messages."""

from __future__ import annotations

import json
from typing import Any


class ToolArgumentsError(ValueError):
    """The arguments are not a JSON object; the message says so in plain words."""


def tool_arguments(payload: Any) -> dict[str, Any]:
    """The arguments of a tool call as a dict: the payload itself, or the JSON object it spells
    (an empty string counts as no arguments)."""
    if isinstance(payload, dict):
        return payload
    if isinstance(payload, str):
        try:
            decoded = json.loads(payload) if payload.strip() else {}
        except json.JSONDecodeError as exc:
            raise ToolArgumentsError(f"The arguments are not valid JSON: {exc}.") from exc
        if isinstance(decoded, dict):
            return decoded
    raise ToolArgumentsError("The arguments must be a JSON object.")
