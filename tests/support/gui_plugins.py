"""Small real plugins for the GUI tests: tools (read-only, writing, streaming) and a feature
that declares `message_footer` / `status_bar` elements."""

from __future__ import annotations

import asyncio
from typing import Any


def _schema(name: str, description: str, annotations: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": {"text": {"type": "string"}}},
        },
        "annotations": annotations,
    }


# A test plugin is a third party: its read-only hints are not obeyed. The user of these tests has
# marked the two read-only tools safe ("always allow"), as a real user would.
USER_MARKED_SAFE = {"lookup": "always", "count": "always"}


class NoteTools:
    """`lookup` is read-only (runs without asking once marked safe); `write_note` needs approval;
    `count` streams."""

    name = "note_tools"
    version = "1.0.0"

    def __init__(self) -> None:
        self.notes: list[str] = []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *args: Any, **kwargs: Any
    ) -> list[dict[str, Any]]:
        return [
            _schema("lookup", "Look a word up", {"readOnlyHint": True}),
            _schema(
                "write_note", "Write a note", {"readOnlyHint": False, "destructiveHint": False}
            ),
            _schema("count", "Count to three, slowly", {"readOnlyHint": True}),
        ]

    def format_tool_call_preview(
        self, tool_name: Any, payload: Any, state: Any, **kwargs: Any
    ) -> str:
        text = (payload or {}).get("text", "") if isinstance(payload, dict) else ""
        return f"{tool_name}: {text}"

    def execute_tool(
        self, tool_name: Any, payload: Any, state: Any, **kwargs: Any
    ) -> dict[str, Any]:
        text = (payload or {}).get("text", "") if isinstance(payload, dict) else ""
        if tool_name == "write_note":
            self.notes.append(text)
            return {"success": True, "result": f"saved note {text!r}"}
        if tool_name == "lookup":
            return {"success": True, "result": f"{text} means hello"}
        return {"success": False, "error": f"Unknown tool: {tool_name}"}

    async def stream_tool_async(self, tool_name: Any, payload: Any, state: Any, **kwargs: Any):
        if tool_name != "count":
            yield self.execute_tool(tool_name, payload, state)
            return
        for number in (1, 2, 3):
            yield {"part": f"{number}\n"}
            await asyncio.sleep(0.02)
        yield {"success": True, "result": "counted to 3"}

    def format_tool_result(self, result: dict[str, Any], state: Any) -> str:
        return str(
            result.get("result") if result.get("success") else f"Error: {result.get('error')}"
        )

    def to_display_format(self, text: str, result: dict[str, Any], state: Any) -> dict[str, Any]:
        return {
            "type": "text",
            "content": text,
            "single_line": text.splitlines()[0][:60] if text else "",
        }


class UsageDisplayFeature:
    """Declares a per-message footer and a status bar element over `metadata.usage`."""

    name = "usage_display"
    kind = "feature"
    version = "1.0.0"

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def get_ui_elements(self, config: dict[str, Any], context: Any = None) -> list[dict[str, Any]]:
        return [
            {
                "ui_type": "message_footer",
                "data": "metadata.usage.output_tokens",
                "template": "{{data}} tokens",
            },
            {"ui_type": "status_bar", "data": "metadata.model", "template": "Model: {{data}}"},
            {"ui_type": "message_action", "action_id": "pin", "label": "Pin message"},
        ]
