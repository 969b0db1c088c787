"""Tool plugin `memory_tools`: `remember`, the model's way to propose something to keep.

The call changes what later chats see, so it is not read-only: the user is asked, like for any
such tool, and may edit the text before it is kept. The text is cleaned of the secrets the app
knows before it is stored. The result names the item (``memory_id``), which the chat's row shows
and links to.
"""

from __future__ import annotations

import copy
from typing import Any

from agent_core.tool_arguments import tool_arguments
from agent_memory.settings import memory_settings, memory_store, request_scope
from agent_memory.store import SCOPES, checked_scope

REMEMBER = "remember"
#: The address a chat row links to for a remembered item (the GUI opens it in Settings).
ITEM_LINK = "memory:{id}"

TOOL_SCHEMAS: list[dict[str, Any]] = [
    {
        "type": "function",
        "function": {
            "name": REMEMBER,
            "description": (
                "Propose to remember a lasting fact or preference of the user for later chats "
                "(the user approves or edits it first). One short fact per call; never a "
                "password, key or other secret."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "description": "The fact, in one sentence."},
                    "scope": {
                        "type": "string",
                        "enum": list(SCOPES),
                        "description": "Who sees it: every chat (app), this agent's chats "
                        "(agent) or this project's chats (project). Default: app.",
                    },
                },
                "required": ["text"],
                "additionalProperties": False,
            },
        },
        "annotations": {
            "title": "Remember",
            "readOnlyHint": False,
            "destructiveHint": False,
            "idempotentHint": False,
            "openWorldHint": False,
        },
    }
]


class MemoryTools:
    """Tool plugin `memory_tools`: `remember`, offered while memory is on."""

    kind = "tool"
    name = "memory_tools"
    display_name = "Memory tools"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {}

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def is_enabled(
        self,
        config: dict[str, Any],
        tags: list[str],
        models: list[dict[str, Any]],
        context: dict[str, Any],
    ) -> bool | None:
        # Off with memory (for the agent, or for this chat by its switch).
        return None if memory_settings(config)["enabled"] else False

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return copy.deepcopy(TOOL_SCHEMAS)

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            arguments = tool_arguments(payload)
        except ValueError:
            return ""
        return f"Remember: {arguments.get('text', '')}" if tool_name == REMEMBER else ""

    def execute_tool(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        *,
        tool_call: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> dict[str, Any]:
        if tool_name != REMEMBER:
            return {
                "success": False,
                "error": f"Unknown tool {tool_name!r}; this plugin offers {REMEMBER!r}.",
            }
        config = state.get("config") or {}
        session = (context or {}).get("session") or {}
        try:
            arguments = tool_arguments(payload)
            scope, scope_key = checked_scope(arguments.get("scope"), request_scope(config))
            item = memory_store(config).add(
                str(arguments.get("text") or ""),
                scope,
                scope_key,
                source_session=str(session.get("session_id") or ""),
                source_call=str((tool_call or {}).get("id") or ""),
            )
        except (ValueError, OSError) as error:
            return {"success": False, "error": str(error)}
        return {
            "success": True,
            "memory_id": item.id,
            "text": item.text,
            "scope": item.where(),
            "result": f"Remembered for {item.where()}: {item.text}",
        }

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        if not result.get("success"):
            return {
                "type": "text",
                "content": text,
                "single_line": f"Not remembered: {result.get('error')}",
            }
        link = ITEM_LINK.format(id=result["memory_id"])
        return {
            "type": "text",
            "content": text,
            "single_line": f"Remembered #{result['memory_id']}: {result['text']}",
            "link": link,
            "link_label": "Show in Settings → Memory",
        }
