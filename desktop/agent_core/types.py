"""Core data types and plugin protocols of the platform.

The data types are immutable: every transformation returns a new instance. Their dict forms
(`to_dict` / `from_dict`) are the platform's wire shapes and use camelCase `multipartContent` and
`toolResult` exactly as the spec does.

The protocols describe the four core-side plugin kinds. Plugins never have to inherit from them:
the core duck-types every hook and falls back to the default written here when a plugin leaves a
hook out, so the defaults below are the behaviour of a missing hook.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from agent_core.collector import resting_for
from agent_core.tool_interop import ToolInteropContribution

MessageRole = Literal["system", "user", "assistant", "tool"]

_PLAIN_VALUES = (str, int, float, bool, type(None))


def copy_data(value: Any) -> Any:
    """A deep copy of message data: plain dicts and lists are rebuilt, plain values kept, and
    anything else (a tuple, a dict subclass, an object) copied by `deepcopy`.

    What `deepcopy` gives for such data, three times faster: it keeps a memo of every object it
    copied, and a conversation is copied each round of a tool loop (the provider's messages,
    the tools' view of the session). Data that contains itself, which `deepcopy` copies as it
    is, goes to `deepcopy` whole.
    """
    try:
        return _copied(value)
    except RecursionError:
        return deepcopy(value)


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    if kind in _PLAIN_VALUES:
        return value
    return deepcopy(value)


@dataclass(frozen=True)
class Message:
    """One conversation message. Tool calls live in `metadata["tool_calls"]`."""

    role: MessageRole
    content: Any
    metadata: dict[str, Any] | None = None
    multipart_content: list[dict[str, Any]] | None = None
    tool_result: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.metadata:
            result["metadata"] = copy_data(self.metadata)
        if self.multipart_content:
            result["multipartContent"] = copy_data(self.multipart_content)
        if self.tool_result:
            result["toolResult"] = copy_data(self.tool_result)
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        cls.check_dict(data)
        return cls(
            role=data["role"],
            content=data["content"],
            metadata=copy_data(data.get("metadata")),
            multipart_content=copy_data(data.get("multipartContent")),
            tool_result=copy_data(data.get("toolResult")),
        )

    @staticmethod
    def check_dict(data: dict[str, Any]) -> None:
        """Raise what `from_dict` raises for `data` that is not a message (TypeError, KeyError),
        without copying anything: a store checks each message it writes."""
        if not isinstance(data, dict):
            raise TypeError(f"a message must be a dict, not {type(data).__name__}")
        multipart_content = data.get("multipartContent")
        if multipart_content is not None and not isinstance(multipart_content, list):
            raise TypeError("multipartContent must be a list or null")
        tool_result = data.get("toolResult")
        if tool_result is not None and not isinstance(tool_result, dict):
            raise TypeError("toolResult must be an object or null")
        metadata = data.get("metadata")
        if metadata is not None and not isinstance(metadata, dict):
            raise TypeError("metadata must be an object or null")
        for key in ("role", "content"):
            if key not in data:
                raise KeyError(key)


@dataclass(frozen=True)
class PartialMessage:
    """A partial message during streaming, forwarded to the front end as-is."""

    role: str
    content: Any
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class Session:
    """An immutable conversation: an id, ordered messages and session-level metadata."""

    session_id: str
    messages: list[Message] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        with resting_for(len(self.messages)):
            messages = [message.to_dict() for message in self.messages]
        return {
            "session_id": self.session_id,
            "messages": messages,
            "metadata": copy_data(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        if not isinstance(data, dict):
            raise TypeError(f"a session must be a dict, not {type(data).__name__}")
        messages = data.get("messages", [])
        if not isinstance(messages, list):
            raise TypeError("messages must be a list")
        metadata = data.get("metadata", {})
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            raise TypeError("metadata must be an object")
        return cls(
            session_id=data["session_id"],
            messages=[Message.from_dict(message) for message in messages],
            metadata=copy_data(metadata),
        )


@dataclass(frozen=True)
class ToolDescriptor:
    """Normalized metadata for a tool schema exposed to UIs and requests."""

    plugin_name: str
    tool_name: str
    schema: dict[str, Any]
    metadata: dict[str, Any] = field(default_factory=dict)


class ProviderRequestCancelled(RuntimeError):
    """Raised when a provider request is cancelled by request id."""

    def __init__(self, request_id: str | None = None):
        super().__init__("Provider request cancelled")
        self.request_id = request_id


# ---------------------------------------------------------------------------------- protocols

JsonDict = dict[str, Any]
"""A plain JSON-like dict: messages, states, configs, UI elements."""

ChunkResult = tuple[list[JsonDict], list[JsonDict], list[JsonDict], JsonDict]
"""``(partial_messages, final_messages, native_messages, state)`` as hot-path hooks return it."""

FinalizeResult = tuple[list[JsonDict], list[JsonDict], JsonDict]
"""``(final_messages, native_messages, state)`` as finalize hooks return it."""


class BasePlugin(Protocol):
    """Identity, configuration and UI shared by providers, extensions, features and tools.

    Plugin instances should keep no per-request data on themselves: state travels in the explicit
    `state` dicts the hooks receive and return.
    """

    name: str
    version: str

    def get_config_schema(self) -> JsonDict:
        """Return ``{config_key: {"type", "default", "description", ...}}`` (descriptive only)."""
        return {}

    def get_ui_elements(self, config: JsonDict, context: JsonDict | None = None) -> list[JsonDict]:
        """Return UI element dicts (`ui_type` "config" when absent, "session_action",
        "message_action", "message_footer", "status_bar", ...).

        `context` carries `tags`, `models`, `available_tools` and `tools`. The legacy shapes
        ``()``, ``(config)``, ``(config, tags, models)`` and ``(config, tags, models, context)``
        are accepted as well.
        """
        return []


class ProviderPlugin(BasePlugin, Protocol):
    """LLM API I/O: converts core messages to the provider's native format and streams replies.

    The async request path prefers an optional ``async def astream_api(native_messages, state, *,
    request_id=None)`` (an async generator of native chunks, same contract as `stream_api`) and
    an optional ``async def acall_api(...)`` twin of `call_api`; without them the sync methods
    run in the core's bounded thread pool.
    """

    def init(self, config: JsonDict) -> JsonDict:
        """Return the initial shared provider state for one request."""
        return {"config": config}

    def get_models(self, config: JsonDict) -> list[JsonDict]:
        """Return model descriptors for this config (may be empty)."""
        return []

    def get_tags(self, config: JsonDict, models: list[JsonDict]) -> list[str]:
        """Return capability tags; pure and deterministic for a (config, models) pair."""
        return []

    def accepted_tool_schema_formats(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> list[str]:
        """Return the tool schema formats this provider can send without adaptation."""
        return []

    def emitted_tool_call_formats(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> list[str]:
        """Return the tool-call formats this provider may emit."""
        return []

    def get_tool_interop_contribution(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> ToolInteropContribution:
        """Return provider-contributed tool interop accessors/adapters."""
        return ToolInteropContribution()

    def to_native_messages(
        self, messages: list[JsonDict], state: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Convert core message dicts (the whole history or a single message) to native ones."""
        return [
            {"role": m.get("role", "user"), "content": m.get("content", "")}
            for m in messages
            if isinstance(m, dict)
        ]

    def from_native_messages(
        self, native_messages: list[JsonDict], state: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Convert native messages to core message dicts."""
        return [
            {"role": m.get("role", "assistant"), "content": m.get("content", ""), "metadata": {}}
            for m in native_messages
            if isinstance(m, dict) and ("role" in m or "content" in m)
        ]

    def initialize_request(
        self,
        native_messages: list[JsonDict],
        state: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
    ) -> tuple[list[JsonDict], JsonDict]:
        """Prepare a request; runs first in the initialize_request chain."""
        return native_messages, state

    def stream_api(
        self, native_messages: list[JsonDict], state: JsonDict, *, request_id: str | None = None
    ) -> Iterator[JsonDict]:
        """Make a streaming call; yield native chunks."""
        return iter([])

    def call_api(
        self, native_messages: list[JsonDict], state: JsonDict, *, request_id: str | None = None
    ) -> ChunkResult:
        """Make a non-streaming call; return (partials, finals, native history, state)."""
        return [], [], native_messages, state

    def process_chunk(
        self, native_chunk: JsonDict, native_messages: list[JsonDict], state: JsonDict
    ) -> ChunkResult:
        """Hot path: turn one chunk into (partials so far, new finals, full history, state)."""
        return [], [], native_messages, state

    def finalize(
        self, native_messages: list[JsonDict], state: JsonDict, *, context: JsonDict | None = None
    ) -> FinalizeResult:
        """Return the turn's remaining native finals, the full native history and the state."""
        return [], native_messages, state

    def cancel_request(self, request_id: str) -> bool:
        """Best-effort cancel of an in-flight request; True when it was found."""
        return False

    def to_display_format(self, message: JsonDict, state: JsonDict) -> JsonDict:
        """Return a display-friendly form of a core message."""
        return message


class ProviderExtensionPlugin(BasePlugin, Protocol):
    """Observes and adjusts a provider's output on the hot path; shares the provider's state.

    `priority` (default 100) orders extensions: lower runs first, ties keep registration order.
    """

    priority: int

    def init(self, config: JsonDict, state: JsonDict) -> JsonDict:
        """Return the shared state after this extension initialized (runs after the provider)."""
        return state

    def get_models(self, config: JsonDict, models: list[JsonDict]) -> list[JsonDict]:
        """Return a new, possibly amended, model list (never mutate `models`)."""
        return list(models)

    def get_tags(self, config: JsonDict, models: list[JsonDict]) -> list[str]:
        """Return capability tags contributed by this extension."""
        return []

    def required_tags(self) -> list[str]:
        """Tags that must all be present for this extension to be enabled."""
        return []

    def forbidden_tags(self) -> list[str]:
        """Tags any of which disables this extension."""
        return []

    def is_enabled(
        self, config: JsonDict, tags: list[str], models: list[JsonDict], context: JsonDict
    ) -> bool | None:
        """True enables (skipping tag checks), False disables, None falls back to the tags."""
        return None

    def accepted_tool_schema_formats(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> list[str]:
        """Return additional tool schema formats this extension can inject."""
        return []

    def emitted_tool_call_formats(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> list[str]:
        """Return additional tool-call formats this extension can surface."""
        return []

    def get_tool_interop_contribution(
        self, config: JsonDict, state: JsonDict | None = None
    ) -> ToolInteropContribution:
        """Return extension-contributed tool interop accessors/adapters."""
        return ToolInteropContribution()

    def to_native_messages(
        self,
        messages: list[JsonDict],
        native_messages: list[JsonDict],
        state: JsonDict | None = None,
        *,
        context: JsonDict | None = None,
    ) -> list[JsonDict]:
        """Transform native messages with sight of the core messages (after the provider)."""
        return list(native_messages)

    def from_native_messages(
        self,
        native_messages: list[JsonDict],
        messages: list[JsonDict],
        state: JsonDict | None = None,
        *,
        context: JsonDict | None = None,
    ) -> list[JsonDict]:
        """Transform the core messages converted from `native_messages` (after the provider)."""
        return list(messages)

    def initialize_request(
        self, native_messages: list[JsonDict], state: JsonDict, *, context: JsonDict | None = None
    ) -> tuple[list[JsonDict], JsonDict]:
        """Prepare a request (after the provider, before features)."""
        return native_messages, state

    def process_chunk(
        self,
        native_chunk: JsonDict | None,
        partial_messages: list[JsonDict],
        final_messages: list[JsonDict],
        native_messages: list[JsonDict],
        state: JsonDict,
    ) -> ChunkResult:
        """Hot path after the provider; `native_chunk` is None once, during provider finalize."""
        return partial_messages, final_messages, native_messages, state

    def finalize(
        self,
        final_messages: list[JsonDict],
        native_messages: list[JsonDict],
        state: JsonDict,
        *,
        context: JsonDict | None = None,
    ) -> FinalizeResult:
        """Cold-path processing of the turn's native finals (after the provider)."""
        return final_messages, native_messages, state

    def get_actions(self, state: JsonDict) -> list[JsonDict]:
        """Return session-scoped action definitions (``id``, ``label``, ``inputs``, ``trigger``)."""
        return []

    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: list[JsonDict],
        params: JsonDict,
        context: JsonDict | None,
        state: JsonDict,
    ) -> JsonDict:
        """Run an action; return ``native_messages`` and optionally ``session_metadata``,
        ``final_messages`` (response_finalize only) and any opaque result keys."""
        return {"native_messages": list(native_messages)}


class FeaturePlugin(BasePlugin, Protocol):
    """Cold-path plugin: transforms messages, takes part in lifecycles, offers actions.

    Hooks written without the optional `state` / `context` parameters (as in the spec's
    examples) are called without them. `priority` (default 100) orders features.
    """

    priority: int

    def init(self, config: JsonDict, state: JsonDict) -> JsonDict:
        """Return the shared state after this feature initialized (after provider + extensions)."""
        return state

    def get_models(self, config: JsonDict, models: list[JsonDict]) -> list[JsonDict]:
        """Return a new, possibly amended, model list."""
        return list(models)

    def get_tags(self, config: JsonDict, models: list[JsonDict]) -> list[str]:
        """Return capability tags contributed by this feature."""
        return []

    def required_tags(self) -> list[str]:
        """Tags that must all be present for this feature to be enabled."""
        return []

    def forbidden_tags(self) -> list[str]:
        """Tags any of which disables this feature."""
        return []

    def is_enabled(
        self, config: JsonDict, tags: list[str], models: list[JsonDict], context: JsonDict
    ) -> bool | None:
        """True enables (skipping tag checks), False disables, None falls back to the tags."""
        return None

    def prepare_tools(
        self, config: JsonDict, tools: list[ToolDescriptor], context: JsonDict | None = None
    ) -> list[ToolDescriptor]:
        """Filter or transform the request's tool catalog (before any provider init)."""
        return list(tools)

    def to_native_messages(
        self,
        messages: list[JsonDict],
        native_messages: list[JsonDict],
        state: JsonDict | None = None,
        *,
        context: JsonDict | None = None,
    ) -> list[JsonDict]:
        """Transform native messages (after provider and extensions)."""
        return list(native_messages)

    def from_native_messages(
        self,
        native_messages: list[JsonDict],
        messages: list[JsonDict],
        state: JsonDict | None = None,
        *,
        context: JsonDict | None = None,
    ) -> list[JsonDict]:
        """Transform converted core messages (after provider and extensions)."""
        return list(messages)

    def initialize_request(
        self, native_messages: list[JsonDict], state: JsonDict, *, context: JsonDict | None = None
    ) -> tuple[list[JsonDict], JsonDict]:
        """Prepare a request (after provider and extensions)."""
        return native_messages, state

    def finalize(
        self,
        final_messages: list[JsonDict],
        native_messages: list[JsonDict],
        state: JsonDict,
        *,
        context: JsonDict | None = None,
    ) -> FinalizeResult:
        """Cold-path processing of the turn's native finals (after extensions)."""
        return final_messages, native_messages, state

    def get_actions(self, state: JsonDict) -> list[JsonDict]:
        """Return session-scoped action definitions."""
        return []

    def execute_action(
        self,
        action_id: str,
        session: Session,
        native_messages: list[JsonDict],
        params: JsonDict,
        context: JsonDict | None,
        state: JsonDict,
    ) -> JsonDict:
        """Run an action; same return contract as `ProviderExtensionPlugin.execute_action`."""
        return {"native_messages": list(native_messages)}

    def get_template(self, config: JsonDict) -> str:
        """Return a feature-specific template string, or ""."""
        return ""

    def get_completions(self, config: JsonDict, text: str) -> list[JsonDict]:
        """Return completions (``replacement``, ``start``, ``display``, ``display_meta``)."""
        return []

    def apply_completion(self, config: JsonDict, text: str, completion: JsonDict) -> str:
        """Return a replacement for an accepted completion, or "" for no special handling."""
        return ""


class ToolPlugin(BasePlugin, Protocol):
    """Tools: own state (not the provider's), schemas, previews, execution and result display."""

    def init(self, config: JsonDict) -> JsonDict:
        """Return the tool's own initial state (tools initialize before the provider)."""
        return {"config": config}

    def get_tags(self, config: JsonDict, models: list[JsonDict]) -> list[str]:
        """Return capability tags contributed by this tool."""
        return []

    def required_tags(self) -> list[str]:
        """Tags that must all be present for this tool to be exposed."""
        return []

    def forbidden_tags(self) -> list[str]:
        """Tags any of which hides this tool."""
        return []

    def is_enabled(
        self, config: JsonDict, tags: list[str], models: list[JsonDict], context: JsonDict
    ) -> bool | None:
        """True enables (skipping tag checks), False disables, None falls back to the tags."""
        return None

    def prepare(
        self, config: JsonDict, state: JsonDict, *, context: JsonDict | None = None
    ) -> JsonDict:
        """Do slow preparation (I/O, discovery); return JSON-like prepared data."""
        return {}

    async def prepare_async(
        self, config: JsonDict, state: JsonDict, *, context: JsonDict | None = None
    ) -> JsonDict:
        """Async variant of `prepare`."""
        return self.prepare(config, state, context=context)

    def get_tool_schemas(
        self, state: JsonDict, *, prepared: JsonDict | None = None
    ) -> list[JsonDict]:
        """Return tool schemas in any format an active interop accessor understands."""
        return []

    def get_tool_interop_contribution(self, state: JsonDict) -> ToolInteropContribution:
        """Return tool-contributed tool interop accessors/adapters."""
        return ToolInteropContribution()

    def can_handle_tool_call(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        tool_schema: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> bool | None:
        """True claims the call, False refuses it, None falls back to matching by name."""
        return None

    def format_tool_call_preview(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> str:
        """Return a short, human-facing summary of what the call will do ("" for none)."""
        return ""

    def execute_tool(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        cancellation: Any | None = None,
        context: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> JsonDict:
        """Run the call; return ``{"success": bool, "result": ..., "error": str}``."""
        return {"success": False, "error": f"Unknown tool: {tool_name}"}

    async def execute_tool_async(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        cancellation: Any | None = None,
        context: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> JsonDict:
        """Async variant of `execute_tool`."""
        return self.execute_tool(
            tool_name,
            payload,
            state,
            payload_kind=payload_kind,
            payload_format=payload_format,
            payload_metadata=payload_metadata,
            tool_call=tool_call,
            cancellation=cancellation,
            context=context,
            prepared=prepared,
        )

    def stream_tool(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        cancellation: Any | None = None,
        context: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> Iterator[JsonDict]:
        """Yield ``{"part": ...}`` chunks, then the final result dict."""
        return iter(())

    async def stream_tool_async(
        self,
        tool_name: str | None,
        payload: Any,
        state: JsonDict,
        *,
        payload_kind: str | None = None,
        payload_format: str | None = None,
        payload_metadata: JsonDict | None = None,
        tool_call: JsonDict | None = None,
        cancellation: Any | None = None,
        context: JsonDict | None = None,
        prepared: JsonDict | None = None,
    ) -> AsyncIterator[JsonDict]:
        """Async variant of `stream_tool`."""
        for chunk in self.stream_tool(
            tool_name,
            payload,
            state,
            payload_kind=payload_kind,
            payload_format=payload_format,
            payload_metadata=payload_metadata,
            tool_call=tool_call,
            cancellation=cancellation,
            context=context,
            prepared=prepared,
        ):
            yield chunk

    def format_tool_result(self, result: JsonDict, state: JsonDict) -> Any:
        """Return the model-facing result: a string or an explicit provider-native envelope."""
        if result.get("success"):
            return f"Result: {result.get('result')}"
        return f"Error: {result.get('error')}"

    def to_display_format(self, text: str, result: JsonDict, state: JsonDict) -> JsonDict:
        """Return ``{"type": "text", "content": text}``, optionally with ``single_line``."""
        return {"type": "text", "content": text}
