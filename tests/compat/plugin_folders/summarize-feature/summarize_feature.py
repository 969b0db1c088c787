# A feature written from feature-plugins.md: the class shape of "Example implementation", the
# action body of "Using application capabilities" (verbatim up to "# Process results..."), and a
# session action element from "UI elements". Only "# Process results..." is filled in.
from typing import Any, Dict, List, Optional

from agent_core import Session


class SummarizeFeature:
    name = "summarize_feature"
    version = "1.0.0"
    priority = 100

    def init(self, config: Dict[str, Any], state: Dict[str, Any]) -> Dict[str, Any]:
        return {**state, "config": config}

    def get_ui_elements(
        self,
        config: Dict[str, Any],
        tags: List[str],
        models: List[Dict[str, Any]],
    ) -> List[Dict[str, Any]]:
        return [
            {
                "ui_type": "session_action",
                "id": "summarize",
                "label": "Summarize with agent",
                "icon": "compress",
                "order": 45,
                "action_id": "summarize",
            }
        ]

    def get_actions(self, state: Dict[str, Any]) -> List[Dict[str, Any]]:
        return [
            {
                "id": "summarize",
                "label": "Summarize with agent",
                "description": "Summarize the conversation with the summarization agent.",
                "inputs": {},
            }
        ]

    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: List[Dict[str, Any]],
        params: Dict[str, Any],
        context: Optional[Dict[str, Any]],
        state: Dict[str, Any],
    ) -> Dict[str, Any]:
        core = context["core"]
        config = context["config"]
        app = context.get("app")
        base_config = context.get("base_config", config)

        # Check if we should use a different agent for summarization
        agent_id = base_config.get("summarization", {}).get("agent_id")

        if app is not None and agent_id:
            # Switch to dedicated summarization agent
            core_compact, base_config_compact, session_for_compact = app.update_agent(
                agent_id, session
            )
            # Use app.send_request for full tool loop support
            events = app.send_request(
                core_compact,
                session_for_compact,
                base_config_compact,
                {},
                stream=False,
            )
        else:
            # Core-only: use same agent
            new_session, final_messages = core.send_request(
                session,
                config,
            )
            events = [{"type": "assistant", "message": m} for m in final_messages]

        # Process results... (filled in: the last answer replaces the history)
        answers = [e["message"]["content"] for e in events if e.get("type") == "assistant"]
        new_native_messages = [{"role": "user", "content": "Summary: " + answers[-1]}]
        return {"native_messages": new_native_messages}


class StampTool:
    """A tool that changes something (no read-only hint), so each call needs the user's yes."""

    name = "stamp_tool"
    version = "1.0.0"

    def init(self, config: Dict[str, Any]) -> Dict[str, Any]:
        return {}

    def get_tool_schemas(self, state: Dict[str, Any]) -> List[Dict[str, Any]]:
        return [
            {
                "type": "function",
                "function": {
                    "name": "stamp",
                    "description": "Stamp the summary as reviewed",
                    "parameters": {"type": "object", "properties": {}},
                },
            }
        ]

    def execute_tool(self, tool_name, payload, state, **kwargs):
        return {"success": True, "result": "stamped"}
