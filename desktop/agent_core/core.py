"""`AgentCore`: runs registered plugins through one provider turn, tools, actions and UI schema.

Qt-free and without I/O of its own: every byte that leaves the process goes through a plugin.

Request flow (one provider turn; `stream_request`, `astream_request`, `send_request`,
`asend_request`):

1. enablement for the config (see `agent_core.enablement`); `config["provider"]` names the
   provider (the first registered one when absent);
2. tools `init` → tool `prepare` (async path: `prepare_async` awaited, or `prepare` in the
   thread pool) → tool schemas → feature `prepare_tools`; the effective schemas are handed to
   the provider as ``config["tools"]``;
3. provider `init` → extensions `init` → features `init`;
4. `to_native_messages` and then `initialize_request`: provider → extensions → features;
5. streaming: each native chunk goes through provider `process_chunk`, then each extension's
   `process_chunk` (features never run on the hot path);
6. provider `finalize`, extensions see its finals once through `process_chunk(None, ...)`, then
   `finalize` of extensions → features; `from_native_messages` provider → extensions → features;
7. `response_finalize` lifecycle actions of extensions/features, which may replace the turn's
   final core messages (``final_messages``) and patch session metadata.

Extensions and features run in `priority` order (lower first, default 100; ties keep
registration order). Hook shapes are resolved once per plugin (see `agent_core.hooks`).

Async path: `astream_request` prefers the provider's ``async def astream_api(native_messages,
state, *, request_id=None)`` (an async generator of native chunks, same contract as
`stream_api`); without it the sync `stream_api` is pumped from a bounded thread pool. Likewise
`acall_api` is preferred over `call_api`. Hooks that may block (`stream_api`, `call_api`,
`prepare`, `execute_tool`, `stream_tool`) never run on the event loop.

Events (every event carries ``"request_id"``):

- ``{"type": "partial", "request_id", "message": {"role": "assistant", "content": <text so
  far>, "metadata": {...}}}`` — the provider's partial message so far (not a delta); reasoning
  so far may be in ``metadata["reasoning"]``;
- ``{"type": "final", "request_id", "messages": [core message dicts of this turn], "session":
  Session}`` — the session is the input session plus this turn's messages;
- ``{"type": "error", "request_id", "error": {"type", "message", "plugin", "hook"},
  "message": <partial so far, marked ``metadata["incomplete"] = True``, or None>}``;
- ``{"type": "cancelled", "request_id", "message": <partial so far or None>}``.

After ``error`` or ``cancelled`` the stream ends. `cancel_request(request_id)` reaches the
provider instance serving the request (its `cancel_request`) and stops the stream at the next
chunk even if the provider ignores it. A plugin hook that raises never escapes as an exception
from the streaming methods: it becomes an ``error`` event naming the plugin and hook.

Tools (`execute_tool_calls`, `aexecute_tool_calls`, `astream_tool_call`): tool calls in the
core message shape ``{"id", "type": "function", "function": {"name", "arguments"}}`` (or any
format an interop accessor reads) become tool result messages ``{"role": "tool", "content":
<format_tool_result output>, "metadata": {"tool_call_id", "name", "display":
<to_display_format dict>, "is_error": bool}}``. Unreadable arguments, unknown tools and tools
that raise give ``is_error: True`` results in plain words, never an exception.

Plugin instances: a registered class is instantiated once, at registration; the core keeps no
per-request data on plugins.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import uuid
from collections import deque
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import dataclass, field
from functools import partial
from itertools import count
from typing import Any, TypeVar

from agent_core.actions import action_triggers, error_result, layered_context, validate_params
from agent_core.enablement import Enablement, resolve_enablement
from agent_core.errors import (
    AgentCoreError,
    ConfigurationError,
    PluginHookError,
    redact_secrets,
)
from agent_core.hooks import EXTENSION, FEATURE, PROVIDER, TOOL, PluginHandle
from agent_core.tool_interop import ToolCallPayload, ToolInteropRegistry
from agent_core.types import (
    Message,
    ProviderRequestCancelled,
    Session,
    ToolDescriptor,
)
from agent_core.ui_schema import flatten_ui_elements

logger = logging.getLogger(__name__)

JsonDict = dict[str, Any]
T = TypeVar("T")

RESPONSE_FINALIZE = "response_finalize"
_VALID_ROLES = frozenset({"system", "user", "assistant", "tool"})
_SINGLE_LINE_LIMIT = 160


def _invoke(handle: PluginHandle, hook: str, *args: Any, **kwargs: Any) -> Any:
    """Call a plugin hook; any failure becomes a `PluginHookError` naming plugin and hook."""
    try:
        return handle.hook(hook)(*args, **kwargs)
    except ProviderRequestCancelled:
        raise
    except Exception as exc:
        raise PluginHookError(handle.name, hook, exc) from exc


def _expect(handle: PluginHandle, hook: str, value: Any, kind: type, what: str) -> Any:
    if not isinstance(value, kind):
        raise PluginHookError(
            handle.name, hook, f"returned {type(value).__name__}, expected {what}"
        )
    return value


def _expect_tuple(handle: PluginHandle, hook: str, value: Any, size: int) -> tuple[Any, ...]:
    if not isinstance(value, tuple | list) or len(value) != size:
        raise PluginHookError(
            handle.name, hook, f"returned {type(value).__name__}, expected a {size}-tuple"
        )
    return tuple(value)


def _single_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= _SINGLE_LINE_LIMIT else line[: _SINGLE_LINE_LIMIT - 1] + "…"


def _tool_error_message(
    tool_call_id: str,
    tool_name: str,
    text: str,
    error_type: str,
    *,
    plugin: str | None = None,
    hook: str | None = None,
) -> JsonDict:
    """A tool result message for a call that did not produce a result."""
    return {
        "role": "tool",
        "content": text,
        "metadata": {
            "tool_call_id": tool_call_id,
            "name": tool_name,
            "display": {"type": "text", "content": text, "single_line": _single_line(text)},
            "is_error": True,
            "error": {"type": error_type, "message": text, "plugin": plugin, "hook": hook},
        },
    }


@dataclass
class _ToolEntry:
    handle: PluginHandle
    state: JsonDict
    prepared: JsonDict = field(default_factory=dict)


@dataclass
class _ToolCatalog:
    """The tools of one request: states, prepared data, descriptors and interop registry."""

    entries: list[_ToolEntry]
    available: list[ToolDescriptor]
    effective: list[ToolDescriptor]
    schemas: list[JsonDict]
    interop: ToolInteropRegistry
    owners: dict[str, tuple[_ToolEntry, ToolDescriptor]]


@dataclass
class _ResolvedCall:
    tool_call: JsonDict
    call: ToolCallPayload
    entry: _ToolEntry
    descriptor: ToolDescriptor
    tool_call_id: str
    tool_name: str

    def hook_kwargs(self, context: JsonDict, cancellation: Any) -> JsonDict:
        return {
            "payload_kind": self.call.payload_kind,
            "payload_format": self.call.payload_format,
            "payload_metadata": dict(self.call.payload_metadata),
            "tool_call": self.tool_call,
            "cancellation": cancellation,
            "context": context,
            "prepared": self.entry.prepared,
        }


def _not_begun(*args: Any) -> Any:
    raise RuntimeError("begin() must run before chunks are handled")


class _RequestRun:
    """One provider turn (or the preparation an action needs): plan, state and native history."""

    def __init__(
        self,
        core: AgentCore,
        session: Session,
        config: JsonDict,
        request_id: str,
        *,
        streaming: bool,
    ) -> None:
        if not isinstance(session, Session):
            raise ConfigurationError(
                f"Expected a Session, got {type(session).__name__}; build one with "
                "AgentCore.create_session() or Session.from_dict()."
            )
        if not isinstance(config, dict):
            raise ConfigurationError(f"The config must be a dict, not {type(config).__name__}.")
        self.core = core
        self.session = session
        self.config = config
        self.request_id = request_id
        self.streaming = streaming
        self.cancelled = False
        self.plan: Enablement | None = None
        self.catalog: _ToolCatalog | None = None
        self.request_config: JsonDict = config
        self.state: JsonDict = {}
        self.native: list[JsonDict] = []
        self.context: JsonDict = {}
        self.turn_native_start = 0
        self.turn_finals: list[JsonDict] = []
        self.partial: JsonDict | None = None
        self._provider_handle: PluginHandle | None = None
        self._provider_chunk: Callable[..., Any] = _not_begun
        self._extension_chunks: list[tuple[PluginHandle, Callable[..., Any]]] = []

    @property
    def enabled(self) -> Enablement:
        assert self.plan is not None, "resolve() runs first"
        return self.plan

    @property
    def provider(self) -> PluginHandle:
        return self.enabled.provider

    @property
    def chain(self) -> tuple[PluginHandle, ...]:
        """Extensions then features, in execution order."""
        assert self.plan is not None, "resolve() runs first"
        return (*self.plan.extensions, *self.plan.features)

    def resolve(self) -> None:
        self.plan = self.core._resolve(self.config)

    def runtime(self) -> JsonDict:
        """`request_runtime` for action contexts: the live plugin instances of this request."""
        assert self.plan is not None
        return {
            "provider": self.provider.instance,
            "extensions": [handle.instance for handle in self.plan.extensions],
            "features": [handle.instance for handle in self.plan.features],
            "tools": [handle.instance for handle in self.plan.tools],
        }

    # ------------------------------------------------------------------ cold path
    def begin(self, catalog: _ToolCatalog, *, initialize_request: bool = True) -> None:
        """init, to_native_messages and (for requests) initialize_request chains."""
        plan = self.plan
        assert plan is not None
        self.catalog = catalog
        provider = plan.provider
        self.request_config = {**self.config, "tools": catalog.schemas}
        self.context = {
            "core": self.core,
            "config": self.request_config,
            "request_id": self.request_id,
            "tags": list(plan.tags),
            "models": list(plan.models),
            "available_tools": list(catalog.available),
            "tools": list(catalog.effective),
            "tool_interop": catalog.interop,
        }
        state = _invoke(provider, "init", self.request_config)
        state = _expect(provider, "init", state, dict, "a state dict")
        for handle in self.chain:
            state = _expect(
                handle, "init", _invoke(handle, "init", self.request_config, state), dict, "a dict"
            )
        core_messages = [message.to_dict() for message in self.session.messages]
        native = _invoke(provider, "to_native_messages", core_messages, state, context=self.context)
        native = _expect(provider, "to_native_messages", native, list, "a list of messages")
        for handle in self.chain:
            native = _invoke(
                handle, "to_native_messages", core_messages, native, state, context=self.context
            )
            native = _expect(handle, "to_native_messages", native, list, "a list of messages")
        if initialize_request:
            result = _invoke(
                provider,
                "initialize_request",
                native,
                state,
                request_id=self.request_id,
                context=self.context,
            )
            native, state = _expect_tuple(provider, "initialize_request", result, 2)
            for handle in self.chain:
                result = _invoke(handle, "initialize_request", native, state, context=self.context)
                native, state = _expect_tuple(handle, "initialize_request", result, 2)
        self.native = native
        self.state = state
        self.turn_native_start = len(native)
        self._provider_handle = provider
        self._provider_chunk = provider.hook("process_chunk")
        self._extension_chunks = [
            (handle, handle.hook("process_chunk")) for handle in plan.extensions
        ]
        if self.cancelled:
            raise ProviderRequestCancelled(self.request_id)

    # ------------------------------------------------------------------ hot path
    def handle_chunk(self, chunk: Any) -> JsonDict | None:
        """Run one native chunk through provider and extensions; return a partial event.

        The partial event carries the provider's last partial message itself when it already
        has the event shape (``role``, ``content``, a ``metadata`` dict), else a normalized copy.
        """
        if self.cancelled:
            raise ProviderRequestCancelled(self.request_id)
        running = self._provider_handle
        try:
            partials, finals, native, state = self._provider_chunk(chunk, self.native, self.state)
            for running, process in self._extension_chunks:  # noqa: B007 (named on failure)
                partials, finals, native, state = process(chunk, partials, finals, native, state)
        except ProviderRequestCancelled:
            raise
        except Exception as exc:
            name = running.name if running is not None else "provider"
            raise PluginHookError(name, "process_chunk", exc) from exc
        self.native = native
        self.state = state
        if finals:
            self.turn_finals.extend(finals)
        if not partials:
            return None
        message = partials[-1]
        if (
            "role" not in message
            or "content" not in message
            or type(message.get("metadata")) is not dict
        ):
            message = {
                "role": message.get("role", "assistant"),
                "content": message.get("content", ""),
                "metadata": message.get("metadata") or {},
            }
        self.partial = message
        return {"type": "partial", "request_id": self.request_id, "message": message}

    def absorb_call_result(self, hook: str, result: Any) -> None:
        """Take a non-streaming `call_api` result through the extensions' `process_chunk`."""
        partials, finals, native, state = _expect_tuple(self.provider, hook, result, 4)
        partials, finals, native, state = self._extensions_after_provider(
            partials, finals, native, state
        )
        self.native, self.state = native, state
        self.turn_finals.extend(finals)

    def _extensions_after_provider(
        self, partials: Any, finals: Any, native: Any, state: Any
    ) -> tuple[Any, Any, Any, Any]:
        for handle, process in self._extension_chunks:
            try:
                result = process(None, partials, finals, native, state)
            except ProviderRequestCancelled:
                raise
            except Exception as exc:
                raise PluginHookError(handle.name, "process_chunk", exc) from exc
            partials, finals, native, state = _expect_tuple(handle, "process_chunk", result, 4)
        return partials, finals, native, state

    # ------------------------------------------------------------------ finish
    def finish(self) -> JsonDict:
        """Finalize, convert back to core messages, run response_finalize; the final event."""
        if self.cancelled:
            raise ProviderRequestCancelled(self.request_id)
        provider = self.provider
        result = _invoke(provider, "finalize", self.native, self.state, context=self.context)
        finals, native, state = _expect_tuple(provider, "finalize", result, 3)
        _, finals, native, state = self._extensions_after_provider([], list(finals), native, state)
        turn_finals = [*self.turn_finals, *finals]
        for handle in self.chain:
            result = _invoke(handle, "finalize", turn_finals, native, state, context=self.context)
            turn_finals, native, state = _expect_tuple(handle, "finalize", result, 3)
        self.native, self.state = native, state
        core_finals = self.core_messages(turn_finals)
        core_finals, metadata_patch = self._response_finalize(core_finals, turn_finals)
        messages = self.core._messages_from_dicts(
            core_finals, self.provider, "from_native_messages"
        )
        session = Session(
            session_id=self.session.session_id,
            messages=[*self.session.messages, *messages],
            metadata={**self.session.metadata, **metadata_patch},
        )
        return {
            "type": "final",
            "request_id": self.request_id,
            "messages": [message.to_dict() for message in messages],
            "session": session,
        }

    def core_messages(self, native_messages: list[JsonDict]) -> list[JsonDict]:
        """from_native_messages chain: provider → extensions → features."""
        provider = self.provider
        messages = _invoke(
            provider, "from_native_messages", native_messages, self.state, context=self.context
        )
        messages = _expect(provider, "from_native_messages", messages, list, "a list of messages")
        for handle in self.chain:
            messages = _invoke(
                handle,
                "from_native_messages",
                native_messages,
                messages,
                self.state,
                context=self.context,
            )
            messages = _expect(handle, "from_native_messages", messages, list, "a list of messages")
        return list(messages)

    def _response_finalize(
        self, core_finals: list[JsonDict], native_finals: list[JsonDict]
    ) -> tuple[list[JsonDict], JsonDict]:
        metadata_patch: JsonDict = {}
        for handle, action in self.core._triggered_actions(self, RESPONSE_FINALIZE):
            action_id = str(action["id"])
            params, problem = validate_params(action_id, action.get("inputs"), {})
            if problem is not None:
                logger.warning(
                    "Skipping response_finalize action '%s' of plugin '%s': %s",
                    action_id,
                    handle.name,
                    problem["message"],
                )
                continue
            session = Session(
                self.session.session_id,
                list(self.session.messages),
                {**self.session.metadata, **metadata_patch},
            )
            context = self.core._action_context(
                self,
                session,
                lifecycle=RESPONSE_FINALIZE,
                final_messages=deepcopy(core_finals),
                native_final_messages=deepcopy(native_finals),
                native_messages=list(self.native),
                stream=self.streaming,
                turn_native_start_index=self.turn_native_start,
            )
            result = _invoke(
                handle,
                "execute_action",
                action_id,
                session,
                self.native,
                params,
                context,
                self.state,
            )
            result = _expect(handle, "execute_action", result, dict, "a result dict")
            if result.get("error"):
                logger.warning(
                    "response_finalize action '%s' of plugin '%s' reported: %s",
                    action_id,
                    handle.name,
                    result["error"],
                )
            replacement = result.get("final_messages")
            if isinstance(replacement, list):
                core_finals = replacement
            patch = result.get("session_metadata")
            if isinstance(patch, dict):
                metadata_patch.update(patch)
        return core_finals, metadata_patch

    # ------------------------------------------------------------------ outcomes
    def failure_event(self, exc: BaseException) -> JsonDict:
        """The `error` or `cancelled` event that ends a stream after `exc`."""
        message = None
        if self.partial is not None:
            message = {
                **self.partial,
                "metadata": {**self.partial["metadata"], "incomplete": True},
            }
        if self.cancelled or isinstance(exc, ProviderRequestCancelled):
            return {"type": "cancelled", "request_id": self.request_id, "message": message}
        return {
            "type": "error",
            "request_id": self.request_id,
            "error": self.core._error_dict(exc, self.config),
            "message": message,
        }


class AgentCore:
    """The in-process agent core: plugin registry, request flow, tools, actions and UI schema.

    See the module docstring for the request flow, the event shapes and the async streaming
    method `astream_api` the async path prefers. Query methods (`get_models`, `get_ui_schema`,
    `get_tool_schemas`, ...) raise `ConfigurationError` when the config names a provider that is
    not registered; a plugin failing inside them only loses its own contribution (logged and
    kept in `plugin_errors`).
    """

    def __init__(self, *, max_workers: int = 8) -> None:
        self._lock = threading.RLock()
        self._order = count()
        self._providers: dict[str, PluginHandle] = {}
        self._extensions: list[PluginHandle] = []
        self._provider_extensions: dict[str, list[PluginHandle]] = {}
        self._features: list[PluginHandle] = []
        self._tools: list[PluginHandle] = []
        self._active: dict[str, _RequestRun] = {}
        self._max_workers = max_workers
        self._executor: ThreadPoolExecutor | None = None
        self.plugin_errors: deque[JsonDict] = deque(maxlen=200)
        """Recent hook failures that did not end an operation (a tool whose `init` raised,
        a feature whose `get_ui_elements` raised, ...): ``{"type", "message", "plugin",
        "hook"}``, newest last. They are logged as well."""

    # ------------------------------------------------------------------ registration
    def register_provider(self, plugin: Any, extensions: Iterable[Any] | None = None) -> Any:
        """Register a provider (class or instance) and extensions that apply only to it.

        Returns the plugin instance. `config["provider"]` selects a provider by its `name`.
        """
        handle = self._handle(plugin, PROVIDER)
        bound = [self._handle(extension, EXTENSION) for extension in extensions or ()]
        with self._lock:
            if handle.name in self._providers:
                raise ConfigurationError(f"A provider named '{handle.name}' is already registered.")
            self._providers = {**self._providers, handle.name: handle}
            self._provider_extensions = {**self._provider_extensions, handle.name: bound}
        return handle.instance

    def register_extension(self, plugin: Any) -> Any:
        """Register a provider extension (class or instance) for every provider."""
        return self._register(plugin, EXTENSION, "_extensions")

    def register_feature(self, plugin: Any) -> Any:
        """Register a feature plugin (class or instance)."""
        return self._register(plugin, FEATURE, "_features")

    def register_tool(self, plugin: Any) -> Any:
        """Register a tool plugin (class or instance)."""
        return self._register(plugin, TOOL, "_tools")

    def plugins(self) -> dict[str, list[Any]]:
        """Registered plugin instances per kind (providers, extensions, features, tools)."""
        with self._lock:
            bound = [h for handles in self._provider_extensions.values() for h in handles]
            return {
                "providers": [handle.instance for handle in self._providers.values()],
                "extensions": [handle.instance for handle in [*self._extensions, *bound]],
                "features": [handle.instance for handle in self._features],
                "tools": [handle.instance for handle in self._tools],
            }

    def _register(self, plugin: Any, kind: str, attribute: str) -> Any:
        handle = self._handle(plugin, kind)
        with self._lock:
            registered: list[PluginHandle] = getattr(self, attribute)
            if any(existing.name == handle.name for existing in registered):
                raise ConfigurationError(f"A {kind} named '{handle.name}' is already registered.")
            setattr(self, attribute, [*registered, handle])
        return handle.instance

    def _handle(self, plugin: Any, kind: str) -> PluginHandle:
        if isinstance(plugin, type):
            try:
                instance = plugin()
            except Exception as exc:
                name = getattr(plugin, "name", None) or plugin.__name__
                raise PluginHookError(str(name), "__init__", exc) from exc
        else:
            instance = plugin
        return PluginHandle.create(instance, kind, next(self._order))

    # ------------------------------------------------------------------ sessions
    def create_session(
        self, session_id: str | None = None, metadata: JsonDict | None = None
    ) -> Session:
        """A new empty session (a random id when none is given)."""
        return Session(session_id or uuid.uuid4().hex, [], deepcopy(metadata or {}))

    def add_message(
        self,
        session: Session,
        role: str,
        content: Any,
        metadata: JsonDict | None = None,
        *,
        multipart_content: list[JsonDict] | None = None,
    ) -> Session:
        """A new session with one more message."""
        if role not in _VALID_ROLES:
            raise ValueError(
                f"Unknown message role {role!r}; use one of: {', '.join(sorted(_VALID_ROLES))}."
            )
        message = Message(
            role=role,  # type: ignore[arg-type]  # checked against _VALID_ROLES above
            content=content,
            metadata=deepcopy(metadata),
            multipart_content=deepcopy(multipart_content),
        )
        return Session(session.session_id, [*session.messages, message], dict(session.metadata))

    def slice_session(
        self, session: Session, start: int | None = None, end: int | None = None
    ) -> Session:
        """A new session (same id and metadata) holding ``messages[start:end]``."""
        return Session(session.session_id, session.messages[start:end], deepcopy(session.metadata))

    # ------------------------------------------------------------------ requests
    def stream_request(
        self, session: Session, config: JsonDict, *, request_id: str | None = None
    ) -> Iterator[JsonDict]:
        """Stream one provider turn as events (see the module docstring for their shapes)."""
        request_id = request_id or uuid.uuid4().hex
        run: _RequestRun | None = None
        try:
            run = _RequestRun(self, session, config, request_id, streaming=True)
            with self._tracking(run):
                run.resolve()
                run.begin(self._tool_catalog(run.enabled, config, None))
                stream = self._open_stream(run)
                handle_chunk = run.handle_chunk
                try:
                    for chunk in stream:
                        event = handle_chunk(chunk)
                        if event is not None:
                            yield event
                except (AgentCoreError, ProviderRequestCancelled):
                    raise
                except Exception as exc:  # raised by the provider's iterator
                    raise PluginHookError(run.provider.name, "stream_api", exc) from exc
                finally:
                    self._close_quietly(run.provider, "stream_api", stream)
                final = run.finish()
        except Exception as exc:
            yield self._failure(run, request_id, config, exc)
            return
        yield final

    send_request_stream = stream_request

    async def astream_request(
        self, session: Session, config: JsonDict, *, request_id: str | None = None
    ) -> AsyncIterator[JsonDict]:
        """Async twin of `stream_request`; prefers the provider's `astream_api`."""
        request_id = request_id or uuid.uuid4().hex
        run: _RequestRun | None = None
        try:
            run = _RequestRun(self, session, config, request_id, streaming=True)
            with self._tracking(run):
                run.resolve()
                run.begin(await self._atool_catalog(run.enabled, config, None))
                hook, astream = self._open_astream(run)
                handle_chunk = run.handle_chunk
                try:
                    async for chunk in astream:
                        event = handle_chunk(chunk)
                        if event is not None:
                            yield event
                except (AgentCoreError, ProviderRequestCancelled):
                    raise
                except Exception as exc:  # raised by the provider's stream
                    raise PluginHookError(run.provider.name, hook, exc) from exc
                finally:
                    await self._aclose_quietly(run.provider, hook, astream)
                final = run.finish()
        except Exception as exc:
            yield self._failure(run, request_id, config, exc)
            return
        yield final

    def send_request(
        self, session: Session, config: JsonDict, *, request_id: str | None = None
    ) -> tuple[Session, list[JsonDict]]:
        """One non-streaming provider turn through `call_api`: (new session, final messages).

        Raises `PluginHookError` / `ConfigurationError` (both `AgentCoreError`, with `plugin`
        and `hook`) or `ProviderRequestCancelled`.
        """
        run = _RequestRun(self, session, config, request_id or uuid.uuid4().hex, streaming=False)
        try:
            with self._tracking(run):
                run.resolve()
                run.begin(self._tool_catalog(run.enabled, config, None))
                result = _invoke(
                    run.provider, "call_api", run.native, run.state, request_id=run.request_id
                )
                run.absorb_call_result("call_api", result)
                final = run.finish()
        except AgentCoreError as exc:
            raise self._redacted(exc, config) from exc.__cause__
        return final["session"], final["messages"]

    async def asend_request(
        self, session: Session, config: JsonDict, *, request_id: str | None = None
    ) -> tuple[Session, list[JsonDict]]:
        """Async twin of `send_request`; prefers the provider's `acall_api`."""
        run = _RequestRun(self, session, config, request_id or uuid.uuid4().hex, streaming=False)
        try:
            with self._tracking(run):
                run.resolve()
                run.begin(await self._atool_catalog(run.enabled, config, None))
                provider = run.provider
                if provider.has_own("acall_api"):
                    hook = "acall_api"
                    call = _invoke(provider, hook, run.native, run.state, request_id=run.request_id)
                    result = await self._await_hook(provider, hook, call)
                else:
                    hook = "call_api"
                    call = partial(
                        _invoke, provider, hook, run.native, run.state, request_id=run.request_id
                    )
                    result = await self._in_thread(call)
                run.absorb_call_result(hook, result)
                final = run.finish()
        except AgentCoreError as exc:
            raise self._redacted(exc, config) from exc.__cause__
        return final["session"], final["messages"]

    def cancel_request(self, request_id: str) -> bool:
        """Cancel an in-flight request: True when the core was serving it.

        The provider instance serving it gets `cancel_request(request_id)`; the stream ends
        with a ``cancelled`` event that keeps the partial answer.
        """
        with self._lock:
            run = self._active.get(request_id)
        if run is None:
            return False
        run.cancelled = True
        if run.plan is not None:
            try:
                _invoke(run.provider, "cancel_request", request_id)
            except PluginHookError as exc:
                self._record(exc)
        return True

    # ------------------------------------------------------------------ request helpers
    @contextmanager
    def _tracking(self, run: _RequestRun) -> Iterator[None]:
        with self._lock:
            if run.request_id in self._active:
                raise ConfigurationError(
                    f"Request id '{run.request_id}' is already in flight; use a new id."
                )
            self._active[run.request_id] = run
        try:
            yield
        except asyncio.CancelledError:
            # The caller cancelled the task: stop the provider too (a threaded stream keeps
            # running otherwise until its next chunk).
            self.cancel_request(run.request_id)
            raise
        finally:
            with self._lock:
                self._active.pop(run.request_id, None)

    def _open_stream(self, run: _RequestRun) -> Iterator[Any]:
        provider = run.provider
        stream = _invoke(provider, "stream_api", run.native, run.state, request_id=run.request_id)
        try:
            return iter(stream)
        except TypeError as exc:
            raise PluginHookError(provider.name, "stream_api", exc) from exc

    def _open_astream(self, run: _RequestRun) -> tuple[str, AsyncIterator[Any]]:
        """The provider's `astream_api` stream, or its sync `stream_api` pumped from a thread."""
        provider = run.provider
        if not provider.has_own("astream_api"):
            hook = "stream_api"
            produce = partial(provider.hook(hook), run.native, run.state, request_id=run.request_id)
            return hook, self._pump(produce)
        hook = "astream_api"
        stream = _invoke(provider, hook, run.native, run.state, request_id=run.request_id)
        if not hasattr(stream, "__aiter__"):
            raise PluginHookError(provider.name, hook, "did not return an async iterator")
        return hook, stream.__aiter__()

    async def _wrap_async(
        self, handle: PluginHandle, hook: str, stream: AsyncIterator[T]
    ) -> AsyncIterator[T]:
        """Iterate a plugin's async stream, attributing its failures to plugin and hook."""
        iterator = stream.__aiter__()
        try:
            while True:
                try:
                    item = await iterator.__anext__()
                except StopAsyncIteration:
                    return
                except ProviderRequestCancelled:
                    raise
                except Exception as exc:
                    raise PluginHookError(handle.name, hook, exc) from exc
                yield item
        finally:
            await self._aclose_quietly(handle, hook, iterator)

    async def _aclose_quietly(self, handle: PluginHandle, hook: str, iterator: Any) -> None:
        aclose = getattr(iterator, "aclose", None)
        if aclose is None:
            return
        try:
            await aclose()
        except Exception as exc:
            self._record(PluginHookError(handle.name, hook, exc))

    def _close_quietly(self, handle: PluginHandle, hook: str, iterator: Any) -> None:
        close = getattr(iterator, "close", None)
        if close is None:
            return
        try:
            close()
        except Exception as exc:
            self._record(PluginHookError(handle.name, hook, exc))

    def _failure(
        self, run: _RequestRun | None, request_id: str, config: Any, exc: BaseException
    ) -> JsonDict:
        if not isinstance(exc, AgentCoreError | ProviderRequestCancelled):
            logger.exception("Request %s failed inside the core", request_id, exc_info=exc)
        if run is None:
            return {
                "type": "error",
                "request_id": request_id,
                "error": self._error_dict(exc, config),
                "message": None,
            }
        return run.failure_event(exc)

    def _error_dict(self, exc: BaseException, config: Any) -> JsonDict:
        if isinstance(exc, AgentCoreError):
            error = exc.to_dict()
        else:
            error = {
                "type": "internal_error",
                "message": f"{type(exc).__name__}: {exc}",
                "plugin": None,
                "hook": None,
            }
        error["message"] = redact_secrets(str(error["message"]), config)
        return error

    def _redacted(self, exc: AgentCoreError, config: Any) -> AgentCoreError:
        exc.message = redact_secrets(exc.message, config)
        exc.args = (exc.message,)
        return exc

    def _record(self, exc: AgentCoreError) -> None:
        """Log a hook failure that did not end the operation and keep it in `plugin_errors`."""
        logger.error("%s", exc.message, exc_info=exc.__cause__ or exc)
        self.plugin_errors.append(exc.to_dict())

    def _report(self, handle: PluginHandle, hook: str, exc: BaseException) -> None:
        self._record(PluginHookError(handle.name, hook, exc))

    # ------------------------------------------------------------------ threads
    def _pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    max_workers=self._max_workers, thread_name_prefix="agent-core"
                )
            return self._executor

    async def _in_thread(self, function: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool(), function)

    async def _await_hook(self, handle: PluginHandle, hook: str, awaitable: Any) -> Any:
        if not asyncio.iscoroutine(awaitable) and not isinstance(awaitable, asyncio.Future):
            if hasattr(awaitable, "__await__"):
                awaitable = asyncio.ensure_future(awaitable)
            else:
                return awaitable  # a sync implementation under an async hook name
        try:
            return await awaitable
        except ProviderRequestCancelled:
            raise
        except Exception as exc:
            raise PluginHookError(handle.name, hook, exc) from exc

    def _run_blocking(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run an async-only hook from the blocking API on a private loop in a worker thread
        (the calling thread may already run a loop, so it cannot host one)."""
        return self._pool().submit(asyncio.run, coroutine).result()

    async def _pump(self, produce: Callable[[], Iterable[T]]) -> AsyncIterator[T]:
        """Iterate a blocking iterable in the thread pool, handing items to the event loop.

        Leaving early (break, cancellation) stops the worker at its next item and closes the
        iterable there, so its cleanup runs in the thread that iterated it.
        """
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        stop = threading.Event()

        def deliver(kind: str, value: Any) -> bool:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, (kind, value))
            except RuntimeError:  # the loop closed while the worker was still running
                return False
            return True

        def work() -> None:
            iterator: Any = None
            try:
                iterator = iter(produce())
                for item in iterator:
                    if stop.is_set() or not deliver("item", item):
                        break
            except BaseException as exc:
                deliver("error", exc)
            else:
                deliver("done", None)
            finally:
                close = getattr(iterator, "close", None)
                if close is not None:
                    close()

        loop.run_in_executor(self._pool(), work)
        try:
            while True:
                kind, value = await queue.get()
                if kind == "item":
                    yield value
                elif kind == "error":
                    raise value
                else:
                    return
        finally:
            stop.set()

    def close(self) -> None:
        """Release the core's worker threads (running work finishes in the background)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ enablement
    def _resolve(self, config: JsonDict) -> Enablement:
        with self._lock:
            providers = self._providers
            extensions = self._extensions
            bound = self._provider_extensions
            features = self._features
            tools = self._tools
        if not providers:
            raise ConfigurationError("No provider is registered; register one before requests.")
        name = config.get("provider")
        if name is None:
            provider = next(iter(providers.values()))
        elif name in providers:
            provider = providers[name]
        else:
            raise ConfigurationError(
                f"No provider named '{name}' is registered. "
                f"Registered providers: {', '.join(providers)}."
            )
        return resolve_enablement(
            config,
            provider,
            [*extensions, *bound.get(provider.name, [])],
            features,
            tools,
            self._report,
        )

    def get_models(self, config: JsonDict) -> list[JsonDict]:
        """Model descriptors: provider, then enabled extensions and features amend them."""
        return deepcopy(list(self._resolve(config).models))

    def get_tags(self, config: JsonDict) -> list[str]:
        """The aggregated capability tags for this config (sorted)."""
        return list(self._resolve(config).tags)

    def get_enabled_plugins(self, config: JsonDict) -> dict[str, list[str]]:
        """Enabled plugin names per kind: providers, extensions, features, tools."""
        return self._resolve(config).enabled_ids()

    # ------------------------------------------------------------------ tool catalog
    def _tool_context(self, config: JsonDict, context: JsonDict | None) -> JsonDict:
        owned = {"core": self, "config": config, "trigger_source": "core"}
        return layered_context(owned, context)

    def _init_tools(self, plan: Enablement, config: JsonDict) -> list[_ToolEntry]:
        entries = []
        for handle in plan.tools:
            try:
                state = _expect(handle, "init", _invoke(handle, "init", config), dict, "a dict")
            except PluginHookError as exc:
                self._record(exc)
                continue
            entries.append(_ToolEntry(handle, state))
        return entries

    def _tool_catalog(
        self, plan: Enablement, config: JsonDict, context: JsonDict | None
    ) -> _ToolCatalog:
        entries = self._init_tools(plan, config)
        tool_context = self._tool_context(config, context)
        prepared_entries = []
        for entry in entries:
            handle = entry.handle
            try:
                if handle.has_own("prepare_async") and not handle.has_own("prepare"):
                    hook = "prepare_async"
                    call = _invoke(handle, hook, config, entry.state, context=tool_context)
                    prepared = self._run_blocking(self._await_hook(handle, hook, call))
                else:
                    hook = "prepare"
                    prepared = _invoke(handle, hook, config, entry.state, context=tool_context)
                entry.prepared = _expect(handle, hook, prepared, dict, "a dict")
            except PluginHookError as exc:
                self._record(exc)
                continue
            prepared_entries.append(entry)
        return self._finish_catalog(plan, config, prepared_entries)

    async def _atool_catalog(
        self, plan: Enablement, config: JsonDict, context: JsonDict | None
    ) -> _ToolCatalog:
        entries = self._init_tools(plan, config)
        tool_context = self._tool_context(config, context)

        async def prepare(entry: _ToolEntry) -> _ToolEntry | None:
            handle = entry.handle
            try:
                if handle.has_own("prepare_async"):
                    call = _invoke(
                        handle, "prepare_async", config, entry.state, context=tool_context
                    )
                    prepared = await self._await_hook(handle, "prepare_async", call)
                    hook = "prepare_async"
                else:
                    hook = "prepare"
                    prepared = await self._in_thread(
                        partial(_invoke, handle, hook, config, entry.state, context=tool_context)
                    )
                entry.prepared = _expect(handle, hook, prepared, dict, "a dict")
            except PluginHookError as exc:
                self._record(exc)
                return None
            return entry

        prepared = await asyncio.gather(*(prepare(entry) for entry in entries))
        return self._finish_catalog(plan, config, [entry for entry in prepared if entry])

    def _finish_catalog(
        self, plan: Enablement, config: JsonDict, entries: list[_ToolEntry]
    ) -> _ToolCatalog:
        contributions = []
        for handle in (plan.provider, *plan.extensions):
            try:
                contributions.append(_invoke(handle, "get_tool_interop_contribution", config, None))
            except PluginHookError as exc:
                self._record(exc)
        for entry in entries:
            try:
                contributions.append(
                    _invoke(entry.handle, "get_tool_interop_contribution", entry.state)
                )
            except PluginHookError as exc:
                self._record(exc)
        interop = ToolInteropRegistry(contributions)
        available: list[ToolDescriptor] = []
        entry_by_plugin: dict[str, _ToolEntry] = {}
        for entry in entries:
            handle = entry.handle
            try:
                schemas = _invoke(handle, "get_tool_schemas", entry.state, prepared=entry.prepared)
                schemas = _expect(handle, "get_tool_schemas", schemas, list, "a list of schemas")
            except PluginHookError as exc:
                self._record(exc)
                continue
            entry_by_plugin[handle.name] = entry
            for schema in schemas:
                described = interop.describe_schema(schema) if isinstance(schema, dict) else None
                if described is None:
                    self._record(
                        PluginHookError(
                            handle.name,
                            "get_tool_schemas",
                            f"returned a tool schema no interop accessor reads: {schema!r:.100}",
                        )
                    )
                    continue
                schema_format, tool_name = described
                annotations = schema.get("annotations")
                available.append(
                    ToolDescriptor(
                        plugin_name=handle.name,
                        tool_name=tool_name,
                        schema=schema,
                        metadata={
                            "annotations": dict(annotations)
                            if isinstance(annotations, dict)
                            else {},
                            "format": schema_format,
                        },
                    )
                )
        available = self._unique_tools(available)
        effective = list(available)
        preparation_context = {
            "core": self,
            "config": config,
            "provider": plan.provider.name,
            "tags": list(plan.tags),
            "models": list(plan.models),
            "available_tools": list(available),
        }
        for handle in plan.features:
            result = _invoke(
                handle,
                "prepare_tools",
                config,
                list(effective),
                {**preparation_context, "tools": list(effective)},
            )
            if not isinstance(result, list) or not all(
                isinstance(item, ToolDescriptor) for item in result
            ):
                raise PluginHookError(
                    handle.name, "prepare_tools", "returned something other than ToolDescriptors"
                )
            effective = self._unique_tools(result)
        owners = {}
        for descriptor in effective:
            owner = entry_by_plugin.get(descriptor.plugin_name)
            if owner is not None:
                owners[descriptor.tool_name] = (owner, descriptor)
        accepted = self._accepted_schema_formats(plan, config)
        schemas = [
            interop.adapt_schema(
                descriptor.schema, str(descriptor.metadata.get("format", "")), accepted
            )
            for descriptor in effective
        ]
        return _ToolCatalog(entries, available, effective, schemas, interop, owners)

    def _unique_tools(self, descriptors: list[ToolDescriptor]) -> list[ToolDescriptor]:
        unique: dict[str, ToolDescriptor] = {}
        for descriptor in descriptors:
            kept = unique.get(descriptor.tool_name)
            if kept is None:
                unique[descriptor.tool_name] = descriptor
            elif kept is not descriptor:
                logger.warning(
                    "Tool name '%s' is provided by both '%s' and '%s'; keeping '%s'",
                    descriptor.tool_name,
                    kept.plugin_name,
                    descriptor.plugin_name,
                    kept.plugin_name,
                )
        return list(unique.values())

    def _accepted_schema_formats(self, plan: Enablement, config: JsonDict) -> list[str]:
        accepted: list[str] = []
        for handle in (plan.provider, *plan.extensions):
            try:
                formats = _invoke(handle, "accepted_tool_schema_formats", config, None)
            except PluginHookError as exc:
                self._record(exc)
                continue
            if isinstance(formats, list):
                accepted.extend(item for item in formats if item not in accepted)
        return accepted

    # ------------------------------------------------------------------ tools
    def get_tool_schemas(self, config: JsonDict) -> list[JsonDict]:
        """The effective tool schemas for this config (the provider's ``config["tools"]``)."""
        catalog = self._tool_catalog(self._resolve(config), config, None)
        return deepcopy(catalog.schemas)

    def get_tool_descriptors(self, config: JsonDict) -> list[ToolDescriptor]:
        """The effective tools with `metadata["annotations"]` (MCP hints, {} when none)."""
        return list(self._tool_catalog(self._resolve(config), config, None).effective)

    def get_tool_call_previews(
        self, tool_calls: list[JsonDict], config: JsonDict
    ) -> list[JsonDict]:
        """``[{"tool_call_id", "tool_name", "preview"}]`` from each tool's
        `format_tool_call_preview` ("" when the call cannot be resolved or has no preview)."""
        catalog = self._tool_catalog(self._resolve(config), config, None)
        previews = []
        for tool_call in tool_calls:
            resolved = self._resolve_tool_call(catalog, tool_call)
            if isinstance(resolved, dict):
                metadata = resolved["metadata"]
                previews.append(
                    {
                        "tool_call_id": metadata["tool_call_id"],
                        "tool_name": metadata["name"],
                        "preview": "",
                    }
                )
                continue
            call = resolved.call
            try:
                preview = _invoke(
                    resolved.entry.handle,
                    "format_tool_call_preview",
                    resolved.tool_name,
                    call.payload,
                    resolved.entry.state,
                    payload_kind=call.payload_kind,
                    payload_format=call.payload_format,
                    payload_metadata=dict(call.payload_metadata),
                    tool_call=resolved.tool_call,
                    prepared=resolved.entry.prepared,
                )
            except PluginHookError as exc:
                self._record(exc)
                preview = ""
            previews.append(
                {
                    "tool_call_id": resolved.tool_call_id,
                    "tool_name": resolved.tool_name,
                    "preview": preview if isinstance(preview, str) else str(preview or ""),
                }
            )
        return previews

    def execute_tool_calls(
        self, tool_calls: list[JsonDict], config: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Run tool calls in order (blocking); one tool result message per call."""
        try:
            catalog = self._tool_catalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            return [self._catalog_failure(tool_call, exc, config) for tool_call in tool_calls]
        tool_context = self._tool_context(config, context)
        messages = []
        for tool_call in tool_calls:
            resolved = self._resolve_tool_call(catalog, tool_call)
            if isinstance(resolved, dict):
                messages.append(resolved)
                continue
            try:
                result = self._run_tool_blocking(resolved, tool_context, None)
                messages.append(self._tool_result_message(resolved, result))
            except PluginHookError as exc:
                messages.append(self._tool_failure(resolved, exc, config))
        return messages

    async def aexecute_tool_calls(
        self, tool_calls: list[JsonDict], config: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Async twin of `execute_tool_calls` (async hooks awaited, sync ones in threads)."""
        try:
            catalog = await self._atool_catalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            return [self._catalog_failure(tool_call, exc, config) for tool_call in tool_calls]
        messages = []
        for tool_call in tool_calls:
            async for event in self._astream_resolved(catalog, tool_call, config, context, None):
                if event["type"] == "tool_result":
                    messages.append(event["message"])
        return messages

    async def astream_tool_call(
        self,
        tool_call: JsonDict,
        config: JsonDict,
        *,
        context: JsonDict | None = None,
        cancellation: Any = None,
    ) -> AsyncIterator[JsonDict]:
        """Run one tool call: ``{"type": "tool_partial", "tool_call_id", "part"}`` for each
        streamed part, then ``{"type": "tool_result", "tool_call_id", "message"}``."""
        try:
            catalog = await self._atool_catalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            message = self._catalog_failure(tool_call, exc, config)
            yield {
                "type": "tool_result",
                "tool_call_id": message["metadata"]["tool_call_id"],
                "message": message,
            }
            return
        async for event in self._astream_resolved(
            catalog, tool_call, config, context, cancellation
        ):
            yield event

    async def _astream_resolved(
        self,
        catalog: _ToolCatalog,
        tool_call: JsonDict,
        config: JsonDict,
        context: JsonDict | None,
        cancellation: Any,
    ) -> AsyncIterator[JsonDict]:
        resolved = self._resolve_tool_call(catalog, tool_call)
        if isinstance(resolved, dict):
            yield {
                "type": "tool_result",
                "tool_call_id": resolved["metadata"]["tool_call_id"],
                "message": resolved,
            }
            return
        tool_context = self._tool_context(config, context)
        result: Any = None
        try:
            async for kind, value in self._run_tool_async(resolved, tool_context, cancellation):
                if kind == "part":
                    yield {
                        "type": "tool_partial",
                        "tool_call_id": resolved.tool_call_id,
                        "part": value,
                    }
                else:
                    result = value
            message = self._tool_result_message(resolved, result)
        except PluginHookError as exc:
            message = self._tool_failure(resolved, exc, config)
        yield {"type": "tool_result", "tool_call_id": resolved.tool_call_id, "message": message}

    def _resolve_tool_call(self, catalog: _ToolCatalog, tool_call: Any) -> _ResolvedCall | JsonDict:
        """Find the tool that handles a call, or return the error tool result message."""
        if not isinstance(tool_call, dict):
            return _tool_error_message(
                "",
                "",
                f"Error: a tool call must be an object, not {type(tool_call).__name__}.",
                "invalid_tool_call",
            )
        call = catalog.interop.read_tool_call(tool_call)
        if call is None:
            raw_id = tool_call.get("id") or tool_call.get("call_id") or ""
            return _tool_error_message(
                str(raw_id),
                "",
                "Error: this tool call is in a format no active tool interop accessor reads.",
                "invalid_tool_call",
            )
        tool_call_id = call.tool_call_id or ""
        tool_name = call.tool_name or ""
        if call.error is not None:
            return _tool_error_message(
                tool_call_id,
                tool_name,
                f"Error: the call to tool '{tool_name}' was not run because {call.error}. "
                "Send the arguments as a JSON object matching the tool's parameters.",
                "invalid_arguments",
            )
        owner = self._owner_of(catalog, call, tool_call)
        if owner is None:
            names = ", ".join(descriptor.tool_name for descriptor in catalog.effective) or "none"
            return _tool_error_message(
                tool_call_id,
                tool_name,
                f"Error: there is no tool named '{tool_name}'. Available tools: {names}.",
                "unknown_tool",
            )
        entry, descriptor = owner
        return _ResolvedCall(tool_call, call, entry, descriptor, tool_call_id, tool_name)

    def _owner_of(
        self, catalog: _ToolCatalog, call: ToolCallPayload, tool_call: JsonDict
    ) -> tuple[_ToolEntry, ToolDescriptor] | None:
        refused: set[str] = set()
        for tool_name, (entry, descriptor) in catalog.owners.items():
            handle = entry.handle
            if not handle.has_own("can_handle_tool_call") or handle.name in refused:
                continue
            try:
                verdict = _invoke(
                    handle,
                    "can_handle_tool_call",
                    call.tool_name,
                    call.payload,
                    entry.state,
                    payload_kind=call.payload_kind,
                    payload_format=call.payload_format,
                    payload_metadata=dict(call.payload_metadata),
                    tool_call=tool_call,
                    tool_schema=descriptor.schema,
                    prepared=entry.prepared,
                )
            except PluginHookError as exc:
                self._record(exc)
                verdict = False
            if verdict is True and (tool_name == call.tool_name or call.tool_name is None):
                return entry, descriptor
            if verdict is False:
                refused.add(handle.name)
        owner = catalog.owners.get(call.tool_name or "")
        if owner is None or owner[0].handle.name in refused:
            return None
        return owner

    def _run_tool_blocking(
        self, resolved: _ResolvedCall, context: JsonDict, cancellation: Any
    ) -> Any:
        handle, state = resolved.entry.handle, resolved.entry.state
        args = (resolved.tool_name, resolved.call.payload, state)
        kwargs = resolved.hook_kwargs(context, cancellation)
        if handle.has_own("execute_tool"):
            return _invoke(handle, "execute_tool", *args, **kwargs)
        if handle.has_own("stream_tool"):
            result = None
            stream = _invoke(handle, "stream_tool", *args, **kwargs)
            try:
                for item in stream:
                    if not (isinstance(item, dict) and "part" in item):
                        result = item
            except Exception as exc:
                raise PluginHookError(handle.name, "stream_tool", exc) from exc
            if result is None:
                raise PluginHookError(handle.name, "stream_tool", "ended without a result")
            return result
        if handle.has_own("execute_tool_async") or handle.has_own("stream_tool_async"):

            async def collect() -> Any:
                result = None
                async for kind, value in self._run_tool_async(resolved, context, cancellation):
                    if kind == "result":
                        result = value
                return result

            return self._run_blocking(collect())
        return _invoke(handle, "execute_tool", *args, **kwargs)

    async def _run_tool_async(
        self, resolved: _ResolvedCall, context: JsonDict, cancellation: Any
    ) -> AsyncIterator[tuple[str, Any]]:
        """Yield ``("part", part)`` for streamed parts and finally ``("result", result)``."""
        handle, state = resolved.entry.handle, resolved.entry.state
        args = (resolved.tool_name, resolved.call.payload, state)
        kwargs = resolved.hook_kwargs(context, cancellation)
        stream: AsyncIterator[Any] | None = None
        if handle.has_own("stream_tool_async"):
            hook = "stream_tool_async"
            stream = _invoke(handle, hook, *args, **kwargs)
        elif handle.has_own("stream_tool"):
            hook = "stream_tool"
            stream = self._pump(partial(handle.hook(hook), *args, **kwargs))
        if stream is not None:
            result = None
            async for item in self._wrap_async(handle, hook, stream):
                if isinstance(item, dict) and "part" in item:
                    yield "part", item["part"]
                else:
                    result = item
            if result is None:
                raise PluginHookError(handle.name, hook, "ended without a result")
            yield "result", result
            return
        if handle.has_own("execute_tool_async"):
            call = _invoke(handle, "execute_tool_async", *args, **kwargs)
            yield "result", await self._await_hook(handle, "execute_tool_async", call)
            return
        yield (
            "result",
            await self._in_thread(partial(_invoke, handle, "execute_tool", *args, **kwargs)),
        )

    def _tool_result_message(self, resolved: _ResolvedCall, result: Any) -> JsonDict:
        handle, state = resolved.entry.handle, resolved.entry.state
        hook = "execute_tool"
        if not isinstance(result, dict):
            raise PluginHookError(
                handle.name, hook, f"returned {type(result).__name__}, expected a result dict"
            )
        content = _invoke(handle, "format_tool_result", result, state)
        text = content if isinstance(content, str) else json.dumps(content, default=str)
        try:
            display = _expect(
                handle,
                "to_display_format",
                _invoke(handle, "to_display_format", text, result, state),
                dict,
                "a display dict",
            )
        except PluginHookError as exc:
            self._record(exc)
            display = {"type": "text", "content": text}
        is_error = not bool(result.get("success", "error" not in result))
        return {
            "role": "tool",
            "content": content,
            "metadata": {
                "tool_call_id": resolved.tool_call_id,
                "name": resolved.tool_name,
                "display": display,
                "is_error": is_error,
            },
        }

    def _tool_failure(self, resolved: _ResolvedCall, exc: PluginHookError, config: Any) -> JsonDict:
        logger.warning("%s", exc.message, exc_info=exc.__cause__ or exc)
        message = redact_secrets(exc.message, config)
        return _tool_error_message(
            resolved.tool_call_id,
            resolved.tool_name,
            f"Error: the tool '{resolved.tool_name}' failed. {message}",
            exc.error_type,
            plugin=exc.plugin,
            hook=exc.hook,
        )

    def _catalog_failure(self, tool_call: Any, exc: AgentCoreError, config: Any) -> JsonDict:
        tool_call_id, tool_name = "", ""
        if isinstance(tool_call, dict):
            tool_call_id = str(tool_call.get("id") or tool_call.get("call_id") or "")
            function = tool_call.get("function")
            name = function.get("name") if isinstance(function, dict) else tool_call.get("name")
            tool_name = name if isinstance(name, str) else ""
        return _tool_error_message(
            tool_call_id,
            tool_name,
            f"Error: tools could not be prepared. {redact_secrets(exc.message, config)}",
            exc.error_type,
            plugin=exc.plugin,
            hook=exc.hook,
        )

    # ------------------------------------------------------------------ messages
    def _messages_from_dicts(self, dicts: Any, handle: PluginHandle, hook: str) -> list[Message]:
        if not isinstance(dicts, list):
            raise PluginHookError(handle.name, hook, "produced something other than a list")
        try:
            return [Message.from_dict(item) for item in dicts]
        except (TypeError, KeyError) as exc:
            raise PluginHookError(
                handle.name, hook, f"produced a message that is not a core message ({exc})"
            ) from exc

    # ------------------------------------------------------------------ actions
    def _action_run(self, session: Session, config: JsonDict) -> _RequestRun:
        run = _RequestRun(self, session, config, uuid.uuid4().hex, streaming=False)
        run.resolve()
        run.begin(self._tool_catalog(run.enabled, config, None), initialize_request=False)
        return run

    def _actions_of(self, run: _RequestRun) -> list[tuple[PluginHandle, JsonDict]]:
        actions: list[tuple[PluginHandle, JsonDict]] = []
        for handle in run.chain:
            try:
                listed = _expect(
                    handle, "get_actions", _invoke(handle, "get_actions", run.state), list, "a list"
                )
            except PluginHookError as exc:
                self._record(exc)
                continue
            actions.extend(
                (handle, action)
                for action in listed
                if isinstance(action, dict) and action.get("id")
            )
        return actions

    def _triggered_actions(
        self, run: _RequestRun, trigger: str
    ) -> list[tuple[PluginHandle, JsonDict]]:
        return [
            (handle, action)
            for handle, action in self._actions_of(run)
            if trigger in action_triggers(action)
        ]

    def _action_context(self, run: _RequestRun, session: Session, **owned: Any) -> JsonDict:
        return {
            "core": self,
            "config": run.config,
            "trigger_source": "core",
            "session": session.to_dict(),
            "request_context": run.context,
            "request_runtime": run.runtime(),
            **owned,
        }

    def get_actions(self, config: JsonDict) -> list[JsonDict]:
        """Session actions of enabled extensions and features, each with `action_owner`."""
        run = self._action_run(self.create_session(), config)
        return [
            {**deepcopy(action), "action_owner": handle.name}
            for handle, action in self._actions_of(run)
        ]

    def execute_session_action(
        self,
        session: Session,
        config: JsonDict,
        action_id: str,
        params: JsonDict | None = None,
        *,
        owner: str | None = None,
        context: JsonDict | None = None,
    ) -> tuple[Session, JsonDict]:
        """Run one session action; returns (new session, the action's result dict).

        Errors (unknown or ambiguous action, invalid params, a plugin that raises) come back as
        ``{"status": "error", "error": {"type", "message", ...}}`` with the session unchanged.
        """
        try:
            run = self._action_run(session, config)
        except AgentCoreError as exc:
            self._redacted(exc, config)
            return session, error_result(
                exc.error_type, exc.message, plugin=exc.plugin, hook=exc.hook
            )
        matches = [
            (handle, action)
            for handle, action in self._actions_of(run)
            if action["id"] == action_id and (owner is None or handle.name == owner)
        ]
        if not matches:
            where = f" of plugin '{owner}'" if owner else ""
            return session, error_result(
                "unknown_action",
                f"No enabled plugin offers the action '{action_id}'{where}.",
            )
        if len(matches) > 1:
            owners = ", ".join(handle.name for handle, _ in matches)
            return session, error_result(
                "ambiguous_action",
                f"Several plugins offer the action '{action_id}' ({owners}); name the owner.",
            )
        handle, action = matches[0]
        checked, problem = validate_params(action_id, action.get("inputs"), params)
        if problem is not None:
            return session, {"status": "error", "error": problem}
        owned = self._action_context(run, session)
        try:
            return self._run_action(run, session, handle, action_id, checked, owned, context)
        except AgentCoreError as exc:
            self._redacted(exc, config)
            return session, error_result(
                exc.error_type, exc.message, plugin=exc.plugin, hook=exc.hook
            )

    def execute_lifecycle_actions(
        self,
        session: Session,
        config: JsonDict,
        trigger: str,
        *,
        context: JsonDict | None = None,
    ) -> Session:
        """Run every enabled extension/feature action whose `trigger` names `trigger`, in order.

        A failing action is logged (and kept in `plugin_errors`) and leaves the session as it
        was; the following actions still run.
        """
        try:
            run = self._action_run(session, config)
        except AgentCoreError as exc:
            self._record(exc)
            return session
        for handle, action in self._triggered_actions(run, trigger):
            action_id = str(action["id"])
            checked, problem = validate_params(action_id, action.get("inputs"), {})
            if problem is not None:
                logger.warning(
                    "Skipping %s action '%s' of plugin '%s': %s",
                    trigger,
                    action_id,
                    handle.name,
                    problem["message"],
                )
                continue
            owned = self._action_context(run, session, lifecycle=trigger)
            try:
                session, _ = self._run_action(
                    run, session, handle, action_id, checked, owned, context
                )
            except AgentCoreError as exc:
                self._record(exc)
        return session

    def _run_action(
        self,
        run: _RequestRun,
        session: Session,
        handle: PluginHandle,
        action_id: str,
        params: JsonDict,
        owned: JsonDict,
        caller_context: JsonDict | None,
    ) -> tuple[Session, JsonDict]:
        context = layered_context(owned, caller_context)
        native_before = run.native
        result = _invoke(
            handle,
            "execute_action",
            action_id,
            session,
            list(native_before),
            params,
            context,
            run.state,
        )
        result = _expect(handle, "execute_action", result, dict, "a result dict")
        messages = list(session.messages)
        replacement = result.get("native_messages")
        if isinstance(replacement, list) and replacement != native_before:
            messages = self._messages_after_native_change(
                run, messages, native_before, replacement, handle
            )
            run.native = replacement
        metadata = dict(session.metadata)
        patch = result.get("session_metadata")
        if isinstance(patch, dict):
            metadata.update(deepcopy(patch))
        new_session = Session(session.session_id, messages, metadata)
        run.session = new_session
        return new_session, result

    def _messages_after_native_change(
        self,
        run: _RequestRun,
        messages: list[Message],
        native_before: list[JsonDict],
        replacement: list[JsonDict],
        handle: PluginHandle,
    ) -> list[Message]:
        """Turn a replacement native history back into core messages.

        When the old native history was one native message per core message, the unchanged
        head and tail keep their original core messages (with their core-only metadata) and
        only the changed middle goes through `from_native_messages`.
        """
        head = tail = 0
        if len(native_before) == len(messages):
            limit = min(len(native_before), len(replacement))
            while head < limit and native_before[head] == replacement[head]:
                head += 1
            while (
                tail < limit - head
                and native_before[len(native_before) - 1 - tail]
                == replacement[len(replacement) - 1 - tail]
            ):
                tail += 1
        middle = replacement[head : len(replacement) - tail]
        converted = self._messages_from_dicts(
            run.core_messages(middle) if middle else [], handle, "execute_action"
        )
        return [*messages[:head], *converted, *messages[len(messages) - tail :]]

    # ------------------------------------------------------------------ UI and config
    def get_ui_schema(self, config: JsonDict) -> list[JsonDict]:
        """The flat, normalized UI elements of the enabled plugins (see `agent_core.ui_schema`)."""
        plan = self._resolve(config)
        try:
            catalog = self._tool_catalog(plan, config, None)
            available, effective = catalog.available, catalog.effective
        except PluginHookError as exc:
            self._record(exc)
            available = effective = []
        context = {
            "tags": list(plan.tags),
            "models": list(plan.models),
            "available_tools": list(available),
            "tools": list(effective),
        }
        contributions = []
        for handle in (plan.provider, *plan.extensions, *plan.features, *plan.tools):
            try:
                elements = _invoke(handle, "get_ui_elements", config, dict(context))
                elements = _expect(handle, "get_ui_elements", elements, list, "a list of elements")
            except PluginHookError as exc:
                self._record(exc)
                continue
            contributions.append((handle.name, handle.kind, elements))
        return flatten_ui_elements(contributions)

    def get_config_schema(self) -> list[JsonDict]:
        """Every registered plugin's config entries, flattened with `key` and `plugin` added."""
        with self._lock:
            bound = [h for handles in self._provider_extensions.values() for h in handles]
            handles = [
                *self._providers.values(),
                *self._extensions,
                *bound,
                *self._features,
                *self._tools,
            ]
        entries = []
        for handle in handles:
            try:
                schema = _expect(
                    handle,
                    "get_config_schema",
                    _invoke(handle, "get_config_schema"),
                    dict,
                    "a dict",
                )
            except PluginHookError as exc:
                self._record(exc)
                continue
            for key, entry in schema.items():
                described = deepcopy(entry) if isinstance(entry, dict) else {"default": entry}
                entries.append({**described, "key": key, "plugin": handle.name})
        return entries

    # ------------------------------------------------------------------ completions
    def get_completions(self, config: JsonDict, text: str) -> list[JsonDict]:
        """Completions of the enabled features for `text`, each with its `plugin`."""
        completions = []
        for handle in self._resolve(config).features:
            try:
                found = _expect(
                    handle,
                    "get_completions",
                    _invoke(handle, "get_completions", config, text),
                    list,
                    "a list",
                )
            except PluginHookError as exc:
                self._record(exc)
                continue
            for completion in found:
                if isinstance(completion, dict):
                    completions.append({"plugin": handle.name, **deepcopy(completion)})
        return completions

    def apply_completion(self, config: JsonDict, text: str, completion: JsonDict) -> str:
        """The replacement snippet for an accepted completion, or "" for no special handling.

        Asks the feature named in ``completion["plugin"]``, or else each enabled feature in
        order until one answers.
        """
        features = self._resolve(config).features
        owner = completion.get("plugin") if isinstance(completion, dict) else None
        asked = [handle for handle in features if handle.name == owner] or list(features)
        for handle in asked:
            try:
                replacement = _invoke(handle, "apply_completion", config, text, completion)
            except PluginHookError as exc:
                self._record(exc)
                continue
            if replacement and isinstance(replacement, str):
                return replacement
        return ""
