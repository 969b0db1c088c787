"""How a tool result of another tool model reads for the model and in the tool row.

Agent-adapter and Node tool plugins answer with a JSON value; their adapters wrap it as
``{"success": True, "result": value, "tool": name}`` (or ``{"success": False, "error": text}``)
and both show it the same way: the value as JSON for the model, ``tool → value`` on one line.
"""

from __future__ import annotations

import json
from typing import Any

from agent_app.text_pieces import one_line


def json_text(value: Any) -> str:
    """JSON for the model; values JSON cannot hold are shown by their repr instead of failing."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2, default=repr)


def result_text(result: dict[str, Any]) -> str:
    """What the model reads of a wrapped result."""
    if result.get("success"):
        return json_text(result.get("result"))
    return f"Error: {result.get('error')}"


def result_display(text: str, result: dict[str, Any]) -> dict[str, Any]:
    """The display dict of a wrapped result: the text, and ``tool → value`` on one line."""
    value = result.get("result") if result.get("success") else result.get("error")
    compact = value if isinstance(value, str) else json.dumps(value, default=repr)
    summary = f"{result['tool']} → {compact}" if result.get("tool") else compact
    return {"type": "text", "content": text, "single_line": one_line(summary)}
