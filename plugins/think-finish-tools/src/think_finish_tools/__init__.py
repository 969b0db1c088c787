"""The think and finish tools.

``think`` gives the model a place to reason step by step where the user can follow it; nothing
outside the conversation changes. ``finish`` says the task is done and carries the closing
message; its result has ``"finish": True`` so a tool loop can stop on it.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from agent_core.tool_arguments import tool_arguments

logger = logging.getLogger(__name__)

THINK = "think"
FINISH = "finish"
SINGLE_LINE_CHARS = 80

_READ_ONLY = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}

TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": THINK,
            "description": (
                "Think through the problem before acting: plan, weigh options, check your "
                "reasoning. The thought is logged for the user; nothing else changes."
            ),
            "parameters": {
                "type": "object",
                "properties": {"thought": {"type": "string", "description": "The thought."}},
                "required": ["thought"],
                "additionalProperties": False,
            },
        },
        "annotations": {"title": "Think", **_READ_ONLY},
    },
    {
        "type": "function",
        "function": {
            "name": FINISH,
            "description": (
                "Signal that the task is complete. Give the final message for the user: "
                "what was done and anything they should know."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "message": {"type": "string", "description": "The closing message."}
                },
                "required": ["message"],
                "additionalProperties": False,
            },
        },
        "annotations": {"title": "Finish", **_READ_ONLY},
    },
]


def _shorten(text: str, limit: int = SINGLE_LINE_CHARS) -> str:
    """First line of ``text``, cut to ``limit`` characters with an ellipsis."""
    first_line = text.strip().splitlines()[0] if text.strip() else ""
    if len(first_line) > limit or "\n" in text.strip():
        return first_line[: limit - 1].rstrip() + "…"
    return first_line


def _required_text(arguments: dict[str, Any], key: str) -> str:
    value = arguments.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"'{key}' is required and must be non-empty text")
    return value


class ThinkFinishTools:
    """Tool plugin `think_finish`: the `think` and `finish` tools."""

    name = "think_finish"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {}

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [json.loads(json.dumps(schema)) for schema in TOOL_SCHEMAS]

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            arguments = tool_arguments(payload)
        except ValueError:
            return ""
        if tool_name == THINK:
            return f"Think: {_shorten(str(arguments.get('thought', '')))}"
        if tool_name == FINISH:
            return f"Finish: {_shorten(str(arguments.get('message', '')))}"
        return ""

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        try:
            arguments = tool_arguments(payload)
            if tool_name == THINK:
                thought = _required_text(arguments, "thought")
                logger.info("think: %s", thought)
                return {"success": True, "result": "Thought logged.", "thought": thought}
            if tool_name == FINISH:
                message = _required_text(arguments, "message")
                return {"success": True, "result": message, "finish": True, "message": message}
        except ValueError as exc:
            return {"success": False, "error": f"{tool_name}: {exc}", "tool": tool_name}
        return {
            "success": False,
            "error": f"Unknown tool {tool_name!r}; this plugin offers {THINK!r} and {FINISH!r}.",
        }

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        if result.get("finish"):
            return f"Task finished: {result['message']}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        if not result.get("success"):
            single_line = f"{result.get('tool') or 'tool'} failed: {result.get('error')}"
            return {"type": "text", "content": text, "single_line": _shorten(single_line)}
        if result.get("finish"):
            message = result["message"]
            single_line = f"Finished: {_shorten(message)}"
            return {"type": "text", "content": message, "single_line": single_line}
        thought = result.get("thought", "")
        return {"type": "text", "content": thought, "single_line": f"Thought: {_shorten(thought)}"}
