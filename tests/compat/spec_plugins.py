"""Plugins written the way shared/spec documents them, for the compatibility tests.

Each class keeps the documented hook shapes and bodies; where the documentation leaves a body
out ("# Process results...", "# Perform the search"), the smallest code that makes the effect
visible is filled in and marked. None of them imports from the app beyond what the spec names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from agent_adapter_contracts.runtime import RuntimeAPI
from agent_adapter_contracts.tool_plugins import ToolPlugin
from agent_adapter_contracts.types import ToolDefinition
from agent_core import Session


class SummarizeWithAgentFeature:
    """feature-plugins.md, "Using application capabilities": switch agent, full tool loop."""

    name = "summarize_with_agent"
    version = "1.0.0"
    priority = 100

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] | None = None
        self.used_app = False

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "config": config}

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "summarize", "label": "Summarize with the summarizer agent", "inputs": {}}]

    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: list[dict[str, Any]],
        params: dict[str, Any],
        context: dict[str, Any] | None,
        state: dict[str, Any],
    ) -> dict[str, Any]:
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
            _new_session, final_messages = core.send_request(
                session,
                config,
            )
            events = [{"type": "assistant", "message": message} for message in final_messages]

        # Process results... (filled in: the last answer becomes the whole history)
        self.events = list(events)
        self.used_app = app is not None
        answers = [e["message"]["content"] for e in self.events if e.get("type") == "assistant"]
        new_native_messages = [{"role": "user", "content": "Summary: " + answers[-1]}]
        return {"native_messages": new_native_messages}


class FinalizeObserverFeature:
    """A feature with a `response_finalize` lifecycle action (feature-plugins.md, "Action
    definitions" with `trigger`), recording the context it was given."""

    name = "finalize_observer"
    version = "1.0.0"

    def __init__(self) -> None:
        self.contexts: list[dict[str, Any]] = []

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "observe", "label": "Observe", "trigger": ["response_finalize"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        self.contexts.append(context)
        return {"native_messages": native_messages}


class SnippetFeature:
    """core-types-and-protocols.md `get_template(config)`: a feature-specific editor snippet."""

    name = "snippet_feature"
    version = "1.0.0"

    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def get_template(self, config: dict[str, Any]) -> str:
        return "Review {{file}} for " + config.get("review_focus", "bugs")


class ContextRecordingTool:
    """A tool plugin (the spec's `execute_tool` with keyword `context`) that keeps its context."""

    name = "context_probe"
    version = "1.0.0"

    def __init__(self) -> None:
        self.contexts: list[dict[str, Any]] = []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {}

    def get_tool_schemas(self, state, *, prepared=None):
        return [
            {
                "type": "function",
                "function": {
                    "name": "probe",
                    "description": "Reads nothing, changes nothing",
                    "parameters": {"type": "object", "properties": {}},
                },
                "annotations": {"readOnlyHint": True},
            }
        ]

    def execute_tool(self, tool_name, payload, state, *, context=None, **_: Any):
        self.contexts.append(context)
        return {"success": True, "result": "probed"}

    def format_tool_result(self, result, state):
        return str(result.get("result"))


class TwoPartialsProvider:
    """A provider whose `process_chunk` returns several partials per chunk, in shapes the spec
    allows (`PartialMessage` is "forwarded to frontend as-is"): one without `metadata`, one with
    a key of the provider's own. It also shows finals differently (`to_display_format`) and
    declares the tool-call format it emits (`emitted_tool_call_formats`)."""

    name = "two_partials"
    version = "1.0.0"

    def __init__(self) -> None:
        self.display_calls = 0

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def to_native_messages(self, messages, state):
        return list(messages)

    def from_native_messages(self, native_messages, state):
        return list(native_messages)

    def stream_api(self, native_messages, state) -> Iterator[dict[str, Any]]:
        yield {"text": "Hel", "thinking": "hmm"}
        yield {"text": "lo", "thinking": ""}

    def process_chunk(self, native_chunk, native_messages, state):
        text = state.get("text", "") + native_chunk["text"]
        state = {**state, "text": text}
        partials = [
            {"role": "assistant", "content": text},
            {"role": "assistant", "content": "", "thinking_delta": native_chunk["thinking"]},
        ]
        return partials, [], native_messages, state

    def finalize(self, native_messages, state):
        final = {"role": "assistant", "content": state.get("text", "")}
        return [final], [*native_messages, final], state

    def to_display_format(self, message: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        self.display_calls += 1
        return {**message, "content": message["content"].upper()}

    def emitted_tool_call_formats(self, config, state=None):
        return ["openai.responses"]


class StartupBuiltToolsPlugin(ToolPlugin):
    """An agent-adapter plugin that builds its tools in `initialize` (the contract's order:
    initialize, then registration) and names one tool outside its namespace (a convention)."""

    def __init__(self) -> None:
        self.initialize_calls = 0
        self._tools: list[ToolDefinition] = []
        self.runtime: RuntimeAPI | None = None

    @property
    def name(self) -> str:
        return "status-board"

    @property
    def namespace(self) -> str:
        return "status"

    @property
    def tools(self) -> list[ToolDefinition]:
        return self._tools

    async def initialize(self, runtime: RuntimeAPI) -> None:
        self.initialize_calls += 1
        self.runtime = runtime
        self._tools = [
            ToolDefinition(
                name="status__fetch",
                description="Fetch the status page",
                input_schema={"type": "object", "properties": {}},
            ),
            ToolDefinition(
                name="ping",  # not `status__ping`: the namespace is only a convention
                description="Ping",
                input_schema={"type": "object", "properties": {}},
            ),
        ]

    async def execute(self, tool_name: str, args: dict) -> dict:
        assert self.runtime is not None
        if tool_name == "status__fetch":
            response = await self.runtime.http.get(self.runtime.config["status_url"])
            return {
                "status": response.status_code,
                "body": response.text,
                "token_ok": self.runtime.config["token"] == "from-env",
            }
        if tool_name == "ping":
            return {"pong": True}
        raise ValueError(f"Unknown tool: {tool_name}")
