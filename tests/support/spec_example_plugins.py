"""The spec's own example plugins, as written in `shared/spec` (hook shapes kept verbatim).

`EchoProvider`, `PrefixExt`, `TagFeature` and `DummyCalc` come from the examples in
core-types-and-protocols.md; `SummarizeRangeFeature` is `MyFeaturePlugin` from
feature-plugins.md with its `_apply_summarization` filled in (messages start..end collapse into
one summary message). They deliberately do not inherit from the protocols: the core must
duck-type them, including hooks written without the optional `state` / `context` parameters.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any


class EchoProvider:
    name = "echo"
    version = "1.0.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {"model": {"type": "string", "default": "echo-1"}}

    def get_ui_elements(
        self, config: dict[str, Any], tags: list[str], models: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        return []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def initialize_request(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        return native_messages, state

    def to_native_messages(
        self, messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> list[dict[str, Any]]:
        return list(messages)

    def from_native_messages(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> list[dict[str, Any]]:
        return list(native_messages)

    def call_api(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        last_user = (m["content"] for m in reversed(native_messages) if m.get("role") == "user")
        content = f"Echo: {next(last_user, '')}"
        msg = {"role": "assistant", "content": content}
        return ([], [msg], [*native_messages, msg], state)

    def stream_api(
        self, native_messages: list[dict[str, Any]], state: dict[str, Any]
    ) -> Iterator[dict[str, Any]]:
        yield from []


class PrefixExt:
    name = "prefix"
    version = "1.0.0"
    priority = 50

    def get_config_schema(self) -> dict[str, Any]:
        return {"prefix": {"type": "string", "default": "[EXT]"}}

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def process_chunk(self, native_chunk, partial_messages, final_messages, native_messages, state):
        pfx = state.get("config", {}).get("prefix", "[EXT]")
        finals = [{**m, "content": f"{pfx} {m['content']}"} for m in final_messages]
        return partial_messages, finals, native_messages, state

    def finalize(self, final_messages, native_messages, state):
        return final_messages, native_messages, state


class TagFeature:
    name = "tag"
    version = "1.0.0"
    priority = 100

    def get_config_schema(self) -> dict[str, Any]:
        return {"enabled": {"type": "boolean", "default": True}}

    def init(self, config, state):
        return state

    def to_native_messages(self, messages, native_messages):
        return native_messages

    def from_native_messages(self, native_messages, messages):
        return messages

    def initialize_request(self, native_messages, state):
        return native_messages, state

    def finalize(self, final_messages, native_messages, state):
        finals = [{**m, "metadata": {**m.get("metadata", {}), "tag": True}} for m in final_messages]
        return finals, native_messages, state


class DummyCalc:
    name = "calculator"
    version = "1.0.0"

    def get_tool_schemas(self, state):
        return [
            {
                "type": "function",
                "function": {
                    "name": "add",
                    "parameters": {
                        "type": "object",
                        "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                        "required": ["a", "b"],
                    },
                },
            }
        ]

    def init(self, config):
        return {"config": config}

    def execute_tool(self, tool_name, arguments, state):
        if tool_name == "add":
            return {"success": True, "result": arguments.get("a", 0) + arguments.get("b", 0)}
        return {"success": False, "error": "unknown"}

    def format_tool_result(self, result, state):
        return (
            f"Result: {result['result']}"
            if result.get("success")
            else f"Error: {result.get('error')}"
        )


class SummarizeRangeFeature:
    """`MyFeaturePlugin` of feature-plugins.md (action `summarize_range`)."""

    name = "my_feature"
    version = "1.0.0"
    priority = 100

    def __init__(self) -> None:
        self._state: dict[str, Any] = {}
        self.last_context: dict[str, Any] | None = None
        self.last_params: dict[str, Any] | None = None

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "enabled": {"type": "boolean", "default": True},
            "max_items": {"type": "integer", "default": 100},
        }

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "config": config}

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        return ["my_feature_capable"]

    def required_tags(self) -> list[str]:
        return []

    def finalize(self, final_messages, native_messages, state):
        return final_messages, native_messages, state

    def get_ui_elements(self, config, tags, models):
        if not self._is_enabled(config):
            return []
        return [
            {
                "ui_type": "session_action",
                "id": "summarize_range",
                "label": "Summarize range",
                "icon": "compress",
                "order": 45,
                "action_id": "summarize_range",
                "dialog": {
                    "kind": "form",
                    "title": "Summarize range",
                    "inputs": [
                        {"name": "start", "type": "integer", "label": "Start"},
                        {"name": "end", "type": "integer", "label": "End"},
                    ],
                },
            }
        ]

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "id": "summarize_range",
                "label": "Summarize range",
                "description": "Summarize a range of messages.",
                "inputs": {
                    "start": {"type": "integer", "required": False},
                    "end": {"type": "integer", "required": False},
                },
            }
        ]

    def execute_action(
        self, action_id, session, native_messages, params, context, state
    ) -> dict[str, Any]:
        self.last_context = context
        self.last_params = params
        if action_id != "summarize_range":
            return {
                "native_messages": native_messages,
                "error": {"type": "unknown_action", "message": f"Unknown action: {action_id}"},
            }
        if not isinstance(context, dict):
            return {
                "native_messages": native_messages,
                "error": {"type": "invalid_context", "message": "Context is required"},
            }
        core = context.get("core")
        config = context.get("config", {})
        base_config = context.get("base_config", config)
        if core is None:
            return {
                "native_messages": native_messages,
                "error": {"type": "missing_core", "message": "Context must include 'core'"},
            }
        if not self._is_enabled(base_config):
            return {
                "native_messages": native_messages,
                "error": {"type": "disabled", "message": "Feature is not enabled."},
            }
        start = params.get("start")
        end = params.get("end")
        new_native_messages = self._apply_summarization(native_messages, start, end)
        return {
            "native_messages": new_native_messages,
            "session_metadata": {"last_summarization": datetime.now().isoformat()},
        }

    def _is_enabled(self, config: dict[str, Any]) -> bool:
        feature_cfg = config.get("my_feature") or {}
        return bool(feature_cfg.get("enabled", True))

    def _apply_summarization(
        self, native_messages: list[dict[str, Any]], start: int | None, end: int | None
    ) -> list[dict[str, Any]]:
        start = 0 if start is None else start
        end = len(native_messages) if end is None else end
        summarized = native_messages[start:end]
        if not summarized:
            return native_messages
        summary = {
            "role": "user",
            "content": "Summary: " + " / ".join(str(m.get("content")) for m in summarized),
        }
        return [*native_messages[:start], summary, *native_messages[end:]]
