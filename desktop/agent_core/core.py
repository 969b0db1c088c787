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
   final core messages (``final_messages``) and patch session metadata. Their context is the
   layer-1 context with the caller's ``context=`` keys (the application's layer 2) added;
   tools' `prepare` / `prepare_async` get the same caller keys.

Extensions and features run in `priority` order (lower first, default 100; ties keep
registration order). Hook shapes are resolved once per plugin (see `agent_core.hooks`).

Async path: `astream_request` prefers the provider's ``async def astream_api(native_messages,
state, *, request_id=None)`` (an async generator of native chunks, same contract as
`stream_api`); without it the sync `stream_api` is iterated in a worker of a bounded thread
pool. Likewise `acall_api` is preferred over `call_api`. Sync hooks (`stream_api`, `call_api`,
`prepare`, `execute_tool`, `stream_tool`, the chains, `process_chunk`) never run on the event
loop, each within the time limit; a stream's chunks reach the workers in batches (see
`agent_core.chunk_pipeline`), and the events of chunks handled ahead of a cancel are dropped.
`astream_request_batches` hands out the same events in lists, each what was ready at once: a
caller that needs only the answer so far takes one step per batch, not one per chunk.

Events (every event carries ``"request_id"``):

- ``{"type": "partial", "request_id", "message": <partial>}`` — one event per partial the
  provider/extension chain returned for a chunk, in order; ``<partial>`` is that dict as-is
  (``PartialMessage`` is "forwarded to frontend as-is"), typically ``{"role": "assistant",
  "content": <text so far>, "metadata": {...}}`` but any other keys, or none of these, pass
  through untouched: consumers read it with ``.get``;
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
import logging
import threading
import uuid
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import contextmanager
from copy import deepcopy
from dataclasses import replace
from functools import partial
from itertools import count
from types import FrameType
from typing import Any, TypeVar

from agent_core.action_cancel import ActionCancellation, action_request, running_action
from agent_core.actions import action_triggers, error_result, layered_context, validate_params
from agent_core.chunk_pipeline import ChunkPipeline, ChunkProgress, HookOverran
from agent_core.collector import resting_for
from agent_core.enablement import Enablement, resolve_enablement
from agent_core.errors import (
    AgentCoreError,
    ConfigurationError,
    PluginHookError,
    redact_secrets,
)
from agent_core.hooks import (
    EXTENSION,
    FEATURE,
    PLUGIN_FAULTS,
    PROVIDER,
    TOOL,
    PluginHandle,
    expect,
    expect_tuple,
    invoke,
)
from agent_core.tools import ToolCatalog, ToolRunner
from agent_core.types import (
    Message,
    ProviderRequestCancelled,
    Session,
    ToolDescriptor,
)
from agent_core.ui_schema import flatten_ui_elements
from agent_core.ui_text import QT_TRANSLATE_NOOP
from agent_core.workers import Workers, aclose_quietly, await_hook, close_quietly

T = TypeVar("T")

logger = logging.getLogger(__name__)

JsonDict = dict[str, Any]

RESPONSE_FINALIZE = "response_finalize"
_REQUEST_STOPPED = "the request was stopped so the app keeps responding"
_VALID_ROLES = frozenset({"system", "user", "assistant", "tool"})


def _not_begun(*args: Any) -> Any:
    raise RuntimeError("begin() must run before chunks are handled")


def _is_partial(event: JsonDict) -> bool:
    return bool(event["type"] == "partial")


def _position(events: list[JsonDict], event: JsonDict) -> int:
    """Where `event` itself is in `events` (equal events may come earlier)."""
    return next(number for number, candidate in enumerate(events) if candidate is event)


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
        caller_context: JsonDict | None = None,
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
        # Layer-2/3 keys the caller (the application) adds to `response_finalize` contexts.
        self.caller_context = caller_context
        self.cancelled = False
        self.plan: Enablement | None = None
        self.catalog: ToolCatalog | None = None
        self.request_config: JsonDict = config
        self.state: JsonDict = {}
        self.native: list[JsonDict] = []
        self.context: JsonDict = {}
        self.turn_native_start = 0
        self.turn_finals: list[JsonDict] = []
        self.partial: JsonDict | None = None
        self.latest_partial_only = False
        """Whether a run of partials ready at once is handed out as its last one only."""
        self._provider_handle: PluginHandle | None = None
        self._provider_chunk: Callable[..., Any] = _not_begun
        self._provider_chunk_running: tuple[PluginHandle, str] | None = None
        # (what `running` says while it runs, the extension's `process_chunk`), in chain order.
        self._extension_chunks: list[tuple[tuple[PluginHandle, str], Callable[..., Any]]] = []
        self.running: tuple[PluginHandle, str] | None = None
        self.turned_off: set[str] = set()
        """Extensions and features that failed in a hook: left out for the rest of the run."""
        self.notices: list[JsonDict] = []
        """`plugin_disabled` events not yet handed to the caller."""

    @property
    def enabled(self) -> Enablement:
        assert self.plan is not None, "resolve() runs first"
        return self.plan

    @property
    def provider(self) -> PluginHandle:
        return self.enabled.provider

    @property
    def chain(self) -> tuple[PluginHandle, ...]:
        """Extensions then features still taking part, in execution order."""
        assert self.plan is not None, "resolve() runs first"
        return tuple(
            handle
            for handle in (*self.plan.extensions, *self.plan.features)
            if handle.name not in self.turned_off
        )

    # ------------------------------------------------------------------ isolation
    def call(self, handle: PluginHandle, hook: str, *args: Any, **kwargs: Any) -> Any:
        """`invoke`, remembering which hook runs (named when it overruns its time limit)."""
        self.running = (handle, hook)
        return invoke(handle, hook, *args, **kwargs)

    def turn_off(self, handle: PluginHandle, hook: str, exc: BaseException | str) -> None:
        """Leave a failing extension or feature out of the rest of this run, with a notice.

        The provider cannot be left out (nothing would answer): its failure is raised and ends
        the run as an error naming it. The next request tries the plugin again.
        """
        error = exc if isinstance(exc, PluginHookError) else PluginHookError(handle.name, hook, exc)
        if handle.kind not in (EXTENSION, FEATURE):
            raise error
        self.turned_off.add(handle.name)
        self._extension_chunks = [
            item for item in self._extension_chunks if item[0][0] is not handle
        ]
        self.tell(error, left_out=QT_TRANSLATE_NOOP("Errors", "turned off for this request"))

    def tell(self, error: PluginHookError, *, left_out: str) -> None:
        """Record a plugin failure the run survived and queue a `plugin_disabled` event."""
        self.core._record(error)
        detail = redact_secrets(error.detail, self.config)
        self.notices.append(
            {
                "type": "plugin_disabled",
                "request_id": self.request_id,
                "plugin": error.plugin,
                "hook": error.hook,
                "message": QT_TRANSLATE_NOOP(
                    "Errors", "The plugin '{plugin}' failed in {hook} and was {left_out}: {detail}"
                ).format(plugin=error.plugin, hook=error.hook, left_out=left_out, detail=detail),
            }
        )

    def take_notices(self) -> list[JsonDict]:
        notices, self.notices = self.notices, []
        return notices

    def resolve(self) -> None:
        """The plugins of this run; those whose thread is stuck since an earlier overrun are
        left out (hooks that never return would only wait again), each with a notice."""
        plan = self.core._resolve(self.config)
        unresponsive = self.core.unresponsive
        stuck = {
            handle.name
            for handle in (*plan.extensions, *plan.features, *plan.tools)
            if handle.name in unresponsive
        }
        for name in sorted(stuck):
            detail = (
                f"an earlier call did not return within {self.core.hook_time_limit:g} "
                "seconds, so it is left out until the app is restarted"
            )
            self.tell(
                PluginHookError(name, unresponsive[name], detail),
                left_out=QT_TRANSLATE_NOOP("Errors", "left out"),
            )
        self.plan = replace(
            plan,
            extensions=tuple(h for h in plan.extensions if h.name not in stuck),
            features=tuple(h for h in plan.features if h.name not in stuck),
            tools=tuple(h for h in plan.tools if h.name not in stuck),
        )

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
    def begin(
        self, catalog: ToolCatalog, *, initialize_request: bool = True, convert: bool = True
    ) -> None:
        """init, to_native_messages and (for requests) initialize_request chains.

        With `convert=False` only the init chain runs; `convert_messages` does the rest later
        (lifecycle runs skip the conversion when no action listens for the trigger).
        """
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
        features = {handle.name: handle for handle in plan.features}
        for failure in catalog.failures:
            if failure.plugin in features:  # prepare_tools
                self.turn_off(features[failure.plugin], str(failure.hook), failure)
            else:  # a tool plugin: its tools are not offered in this request
                self.tell(
                    failure,
                    left_out=QT_TRANSLATE_NOOP("Errors", "its tools were left out of this request"),
                )
        state = self.call(provider, "init", self.request_config)
        state = expect(provider, "init", state, dict, "a state dict")
        for handle in self.chain:
            try:
                state = expect(
                    handle,
                    "init",
                    self.call(handle, "init", self.request_config, state),
                    dict,
                    "a dict",
                )
            except PluginHookError as exc:
                self.turn_off(handle, "init", exc)
        self.state = state
        if convert:
            self.convert_messages(initialize_request=initialize_request)

    def convert_messages(self, *, initialize_request: bool = False) -> None:
        """to_native_messages (and optionally initialize_request) chains over the session; a
        long session's copies are made with the cyclic collector resting (see collector)."""
        with resting_for(len(self.session.messages)):
            self._convert_messages(initialize_request)

    def _convert_messages(self, initialize_request: bool) -> None:
        plan = self.plan
        assert plan is not None
        provider = plan.provider
        state = self.state
        core_messages = [message.to_dict() for message in self.session.messages]
        native = self.call(
            provider, "to_native_messages", core_messages, state, context=self.context
        )
        native = expect(provider, "to_native_messages", native, list, "a list of messages")
        for handle in self.chain:
            try:
                converted = self.call(
                    handle, "to_native_messages", core_messages, native, state, context=self.context
                )
                native = expect(handle, "to_native_messages", converted, list, "a list of messages")
            except PluginHookError as exc:
                self.turn_off(handle, "to_native_messages", exc)
        if initialize_request:
            result = self.call(
                provider,
                "initialize_request",
                native,
                state,
                request_id=self.request_id,
                context=self.context,
            )
            native, state = expect_tuple(provider, "initialize_request", result, 2)
            for handle in self.chain:
                try:
                    result = self.call(
                        handle, "initialize_request", native, state, context=self.context
                    )
                    native, state = expect_tuple(handle, "initialize_request", result, 2)
                except PluginHookError as exc:
                    self.turn_off(handle, "initialize_request", exc)
        self.native = native
        self.state = state
        self.turn_native_start = len(native)
        self._provider_handle = provider
        self._provider_chunk = provider.hook("process_chunk")
        self._provider_chunk_running = (provider, "process_chunk")
        # An extension without a `process_chunk` of its own (none of the first-party plugins
        # has one) would only hand each chunk's results on as they are: it is not called.
        self._extension_chunks = [
            ((handle, "process_chunk"), handle.hook("process_chunk"))
            for handle in plan.extensions
            if handle.name not in self.turned_off and handle.has_own("process_chunk")
        ]
        if self.cancelled:
            raise ProviderRequestCancelled(self.request_id)

    # ------------------------------------------------------------------ hot path
    def handle_chunks(
        self, chunks: Iterable[Any], emit: Callable[[JsonDict], Any], progress: ChunkProgress
    ) -> None:
        """Run native chunks through provider and extensions, in order; `emit` their events.

        Every partial the chain returned for a chunk becomes one event, in order, carrying the
        partial dict itself (forwarded as-is: no key added, dropped or rebuilt); a notice of an
        extension turned off on that chunk comes first. With `latest_partial_only`, a run of
        partials with nothing else between them becomes one event, its last partial's, made when
        the run ends (the call's end, a notice): the ones it supersedes get no event. One loop
        over the chunks, with what it uses in locals: the per-chunk work beside the plugins' own
        is a few steps (see `agent_core.chunk_pipeline`). Returns before the next chunk once
        `progress.stopped`.
        """
        provider_chunk = self._provider_chunk
        provider_running = self._provider_chunk_running
        extension_chunks = self._extension_chunks
        request_id = self.request_id
        every_partial = not self.latest_partial_only
        native, state = self.native, self.state
        latest: list[Any] | None = None  # the last partials not yet emitted (latest only)
        # The hook being called, in a local that `chunk_hook_in` reads from this frame when a
        # call overran: noting it in `self.running` per hook per chunk cost as much as a fast
        # hook (four attribute stores a chunk with three extensions).
        running = provider_running
        try:
            for chunk in chunks:
                if progress.stopped:
                    return
                if self.cancelled:
                    raise ProviderRequestCancelled(request_id)
                running = provider_running
                try:
                    partials, finals, native, state = provider_chunk(chunk, native, state)
                except ProviderRequestCancelled:
                    raise
                except PLUGIN_FAULTS as exc:
                    name = self._provider_handle.name if self._provider_handle else "provider"
                    raise PluginHookError(name, "process_chunk", exc) from exc
                if extension_chunks:
                    for running, process in extension_chunks:
                        try:
                            partials, finals, native, state = process(
                                chunk, partials, finals, native, state
                            )
                        except ProviderRequestCancelled:
                            raise
                        except PLUGIN_FAULTS as exc:  # the chunk goes on as the extension got it
                            self.turn_off(running[0], "process_chunk", exc)
                            extension_chunks = self._extension_chunks
                    if self.notices:
                        if latest:  # the partials before the notice come first
                            message = latest[-1]
                            emit({"type": "partial", "request_id": request_id, "message": message})
                            latest = None
                        for notice in self.take_notices():
                            emit(notice)
                if finals:
                    self.turn_finals.extend(finals)
                if partials:
                    if every_partial:
                        for message in partials:
                            emit({"type": "partial", "request_id": request_id, "message": message})
                    else:
                        latest = partials
        finally:
            self.native, self.state = native, state
            if latest:
                emit({"type": "partial", "request_id": request_id, "message": latest[-1]})

    @staticmethod
    def chunk_hook_in(worker_frame: FrameType | None) -> tuple[PluginHandle, str] | None:
        """The hook a worker in `handle_chunks` is calling, from the worker's current frame
        (`sys._current_frames()`): the `running` local of its `handle_chunks` frame; None when
        the worker is not in `handle_chunks`."""
        frame = worker_frame
        while frame is not None:
            if frame.f_code is _HANDLE_CHUNKS_CODE:
                running: tuple[PluginHandle, str] = frame.f_locals["running"]
                return running
            frame = frame.f_back
        return None

    def shown(self, events: list[JsonDict]) -> None:
        """The caller got these events: the last partial among them is the answer so far, what
        an `error` or `cancelled` event keeps."""
        for event in reversed(events):
            if event["type"] == "partial":
                self.partial = event["message"]
                return

    def absorb_call_result(self, hook: str, result: Any) -> None:
        """Take a non-streaming `call_api` result through the extensions' `process_chunk`."""
        partials, finals, native, state = expect_tuple(self.provider, hook, result, 4)
        partials, finals, native, state = self._extensions_after_provider(
            partials, finals, native, state
        )
        self.native, self.state = native, state
        self.turn_finals.extend(finals)

    def _extensions_after_provider(
        self, partials: Any, finals: Any, native: Any, state: Any
    ) -> tuple[Any, Any, Any, Any]:
        for running, process in self._extension_chunks:
            self.running = running
            handle, hook = running
            try:
                result = process(None, partials, finals, native, state)
                partials, finals, native, state = expect_tuple(handle, hook, result, 4)
            except ProviderRequestCancelled:
                raise
            except PLUGIN_FAULTS as exc:
                self.turn_off(handle, hook, exc)
        return partials, finals, native, state

    # ------------------------------------------------------------------ finish
    def finish(self) -> JsonDict:
        """Finalize, convert back to core messages, run response_finalize; the final event."""
        if self.cancelled:
            raise ProviderRequestCancelled(self.request_id)
        provider = self.provider
        result = self.call(provider, "finalize", self.native, self.state, context=self.context)
        finals, native, state = expect_tuple(provider, "finalize", result, 3)
        _, finals, native, state = self._extensions_after_provider([], list(finals), native, state)
        turn_finals = [*self.turn_finals, *finals]
        for handle in self.chain:
            try:
                result = self.call(
                    handle, "finalize", turn_finals, native, state, context=self.context
                )
                turn_finals, native, state = expect_tuple(handle, "finalize", result, 3)
            except PluginHookError as exc:
                self.turn_off(handle, "finalize", exc)
        self.native, self.state = native, state
        core_finals = self.core_messages(turn_finals)
        core_finals, metadata_patch = self._response_finalize(core_finals, turn_finals)
        core_finals = [self._with_display(message) for message in core_finals]
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

    def _with_display(self, message: Any) -> Any:
        """The message with the provider's `to_display_format` result as `metadata["display"]`
        when the provider shows it differently (the default returns the message unchanged)."""
        if not isinstance(message, dict) or message.get("role") == "tool":
            return message
        try:
            shown = invoke(self.provider, "to_display_format", deepcopy(message), self.state)
        except PluginHookError as exc:
            self.core._record(exc)  # the answer itself is fine; only its display form is lost
            return message
        if not isinstance(shown, dict) or shown == message:
            return message
        metadata = message.get("metadata")
        return {
            **message,
            "metadata": {**(metadata if isinstance(metadata, dict) else {}), "display": shown},
        }

    def core_messages(self, native_messages: list[JsonDict]) -> list[JsonDict]:
        """from_native_messages chain: provider → extensions → features."""
        provider = self.provider
        messages = self.call(
            provider, "from_native_messages", native_messages, self.state, context=self.context
        )
        messages = expect(provider, "from_native_messages", messages, list, "a list of messages")
        for handle in self.chain:
            try:
                converted = self.call(
                    handle,
                    "from_native_messages",
                    native_messages,
                    messages,
                    self.state,
                    context=self.context,
                )
                messages = expect(
                    handle, "from_native_messages", converted, list, "a list of messages"
                )
            except PluginHookError as exc:
                self.turn_off(handle, "from_native_messages", exc)
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
            owned = self.core._action_context(
                self,
                session,
                lifecycle=RESPONSE_FINALIZE,
                final_messages=deepcopy(core_finals),
                native_final_messages=deepcopy(native_finals),
                native_messages=list(self.native),
                stream=self.streaming,
                turn_native_start_index=self.turn_native_start,
            )
            context = layered_context(owned, self.caller_context)
            if handle.name in self.turned_off:
                continue
            try:
                result = self.call(
                    handle,
                    "execute_action",
                    action_id,
                    session,
                    self.native,
                    params,
                    context,
                    self.state,
                )
                result = expect(handle, "execute_action", result, dict, "a result dict")
            except PluginHookError as exc:
                self.turn_off(handle, "execute_action", exc)
                continue
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
        if isinstance(self.partial, dict):
            metadata = self.partial.get("metadata")
            message = {
                "role": "assistant",
                "content": "",
                **self.partial,
                "metadata": {
                    **(metadata if isinstance(metadata, dict) else {}),
                    "incomplete": True,
                },
            }
        if self.cancelled or isinstance(exc, ProviderRequestCancelled):
            return {"type": "cancelled", "request_id": self.request_id, "message": message}
        return {
            "type": "error",
            "request_id": self.request_id,
            "error": self.core._error_dict(exc, self.config),
            "message": message,
        }


_HANDLE_CHUNKS_CODE = _RequestRun.handle_chunks.__code__


def _lifecycle_params(
    trigger: str, handle: PluginHandle, action: JsonDict
) -> tuple[str, JsonDict] | None:
    """(action id, its parameters) for a lifecycle run, which passes none: None, logged, when
    the action needs inputs it cannot get there."""
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
        return None
    return action_id, checked


class AgentCore:
    """The in-process agent core: plugin registry, request flow, tools, actions and UI schema.

    See the module docstring for the request flow, the event shapes and the async streaming
    method `astream_api` the async path prefers. Query methods (`get_models`, `get_ui_schema`,
    `get_tool_schemas`, ...) raise `ConfigurationError` when the config names a provider that is
    not registered; a plugin failing inside them only loses its own contribution (logged and
    kept in `plugin_errors`).
    """

    def __init__(self, *, max_workers: int = 8, hook_time_limit: float = 30.0) -> None:
        self.hook_time_limit = hook_time_limit
        """Seconds a sync plugin hook may run on the async path before the request is stopped."""
        self.unresponsive: dict[str, str] = {}
        """Extensions, features and tools whose hook overran the time limit (name -> hook): left
        out of later requests, since their thread may still be stuck."""
        self._lock = threading.RLock()
        self._order = count()
        self._providers: dict[str, PluginHandle] = {}
        self._extensions: list[PluginHandle] = []
        self._provider_extensions: dict[str, list[PluginHandle]] = {}
        self._features: list[PluginHandle] = []
        self._tools: list[PluginHandle] = []
        self._active: dict[str, _RequestRun] = {}
        self._workers = Workers(max_workers)
        self._tool_runner = ToolRunner(self, self._workers, self._record)
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
            except PLUGIN_FAULTS as exc:
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
        self,
        session: Session,
        config: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
    ) -> Iterator[JsonDict]:
        """Stream one provider turn as events (see the module docstring for their shapes)."""
        request_id = request_id or uuid.uuid4().hex
        run: _RequestRun | None = None
        try:
            run = _RequestRun(
                self, session, config, request_id, streaming=True, caller_context=context
            )
            with self._tracking(run):
                run.resolve()
                run.begin(self._tool_runner.catalog(run.enabled, config, run.caller_context))
                stream = self._open_stream(run)
                handle_chunks, progress = run.handle_chunks, ChunkProgress()
                yield from run.take_notices()
                events: list[JsonDict] = []
                try:
                    for chunk in stream:
                        handle_chunks((chunk,), events.append, progress)
                        yield from events
                        run.shown(events)
                        events.clear()
                except (AgentCoreError, ProviderRequestCancelled):
                    raise
                except PLUGIN_FAULTS as exc:  # raised by the provider's iterator
                    raise PluginHookError(run.provider.name, "stream_api", exc) from exc
                finally:
                    close_quietly(run.provider, "stream_api", stream, self._record)
                final = run.finish()
        except PLUGIN_FAULTS as exc:
            if run is not None:
                yield from run.take_notices()
            yield self._failure(run, request_id, config, exc)
            return
        yield from run.take_notices()
        yield final

    send_request_stream = stream_request

    def astream_request(
        self,
        session: Session,
        config: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
    ) -> AsyncIterator[JsonDict]:
        """Async twin of `stream_request`, one event per step; prefers the provider's
        `astream_api`."""
        return self._astream(session, config, request_id, context, batches=False)

    def astream_request_batches(
        self,
        session: Session,
        config: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
        latest_partial_only: bool = False,
    ) -> AsyncIterator[list[JsonDict]]:
        """`astream_request`'s events in lists, each what was ready at once (never empty).

        A step of an async generator per event costs about as much as a fast chunk's hooks: a
        caller that only needs the answer so far reads a batch's last partial and looks at the
        rest. A batch handed out is the caller's: a cancel stops the events after it, and the
        `cancelled` event keeps the last partial of the batches taken.

        With `latest_partial_only`, a partial not yet handed out is superseded by the next one
        when no other event came between them: a batch holds, of each run of partials, the last
        one only (every other event, in order, and a run's last partial is where it was). For a
        caller to whom a partial is the answer so far, nothing is lost, and the workers neither
        make nor hold an event per chunk, so the stream may be read far ahead of the caller.
        """
        return self._astream(
            session, config, request_id, context, batches=True, latest=latest_partial_only
        )

    async def _astream(
        self,
        session: Session,
        config: JsonDict,
        request_id: str | None,
        context: JsonDict | None,
        *,
        batches: bool,
        latest: bool = False,
    ) -> AsyncIterator[Any]:
        """The request flow of `astream_request` (events one by one) and
        `astream_request_batches` (lists of them, with `batches`; superseded partials left out
        with `latest`)."""
        request_id = request_id or uuid.uuid4().hex
        run: _RequestRun | None = None
        try:
            run = _RequestRun(
                self, session, config, request_id, streaming=True, caller_context=context
            )
            run.latest_partial_only = latest
            with self._tracking(run):
                # Enablement asks the provider for its models, which may be a network call.
                await self._workers.run(run.resolve)
                catalog = await self._acatalog(run)
                # Plugin hooks are sync and may block: off the loop, with a time limit.
                await self._within_limit(run, partial(run.begin, catalog))
                notices = run.take_notices()
                if batches and notices:
                    yield notices
                elif not batches:
                    for notice in notices:
                        yield notice
                hook, pipeline, astream = self._start_pipeline(run)
                try:
                    while batch := await pipeline.take():
                        if batches:
                            # The workers may be chunks ahead: stop where the caller is.
                            if run.cancelled:
                                raise ProviderRequestCancelled(request_id)
                            yield batch
                            run.shown(batch)
                            continue
                        for event in batch:
                            if run.cancelled:
                                run.shown(batch[: _position(batch, event)])
                                raise ProviderRequestCancelled(request_id)
                            yield event
                        run.shown(batch)
                except HookOverran:
                    raise self._overran(run, self.hook_time_limit, _REQUEST_STOPPED) from None
                except (AgentCoreError, ProviderRequestCancelled):
                    raise
                except PLUGIN_FAULTS as exc:  # raised by the provider's stream
                    raise PluginHookError(run.provider.name, hook, exc) from exc
                finally:
                    await pipeline.aclose()
                    if astream is not None:
                        await aclose_quietly(run.provider, hook, astream, self._record)
                ending = await self._within_limit(run, run.finish)
        except PLUGIN_FAULTS as exc:
            notices = run.take_notices() if run is not None else []
            ending = self._failure(run, request_id, config, exc)
        else:
            notices = run.take_notices()
        if batches:
            yield [*notices, ending]
            return
        for notice in notices:
            yield notice
        yield ending

    async def _acatalog(self, run: _RequestRun, outcome: str = _REQUEST_STOPPED) -> ToolCatalog:
        """The tool catalog of `run`: its sync hooks (tools' `init`, `prepare`,
        `get_tool_schemas`, features' `prepare_tools`) on the workers within the time limit."""
        return await self._tool_runner.acatalog(
            run.enabled,
            run.config,
            run.caller_context,
            offload=partial(self._within_limit, run, outcome=outcome),
            call=run.call,
        )

    async def _within_limit(
        self,
        run: _RequestRun,
        work: Callable[[], Any],
        *,
        seconds: float | None = None,
        outcome: str = _REQUEST_STOPPED,
    ) -> Any:
        """Run plugin hooks in the thread pool; a hook still running after `seconds` (default
        `hook_time_limit`) raises an error naming it (its thread is left to finish)."""
        limit = self.hook_time_limit if seconds is None else seconds

        def running() -> str:
            handle, hook = run.running or (run.provider, "a hook")
            return f"The plugin '{handle.name}' ({hook})"

        try:
            return await self._workers.run_within(work, limit, running)
        except TimeoutError:
            raise self._overran(run, limit, outcome) from None

    def _overran(self, run: _RequestRun, limit: float, outcome: str) -> PluginHookError:
        """The error naming the hook of `run` that overran `limit`; an extension, feature or
        tool is left out of later requests (its thread may stay stuck)."""
        handle, hook = run.running or (run.provider, "a hook")
        if handle.kind in (EXTENSION, FEATURE, TOOL):
            self.unresponsive[handle.name] = hook
        return PluginHookError(
            handle.name, hook, f"did not return within {limit:g} seconds; {outcome}"
        )

    def send_request(
        self,
        session: Session,
        config: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
    ) -> tuple[Session, list[JsonDict]]:
        """One non-streaming provider turn through `call_api`: (new session, final messages).

        Raises `PluginHookError` / `ConfigurationError` (both `AgentCoreError`, with `plugin`
        and `hook`) or `ProviderRequestCancelled`.
        """
        run = _RequestRun(
            self,
            session,
            config,
            request_id or uuid.uuid4().hex,
            streaming=False,
            caller_context=context,
        )
        try:
            with self._tracking(run):
                run.resolve()
                run.begin(self._tool_runner.catalog(run.enabled, config, run.caller_context))
                result = invoke(
                    run.provider, "call_api", run.native, run.state, request_id=run.request_id
                )
                run.absorb_call_result("call_api", result)
                final = run.finish()
        except AgentCoreError as exc:
            raise self._redacted(exc, config) from exc.__cause__
        return final["session"], final["messages"]

    async def asend_request(
        self,
        session: Session,
        config: JsonDict,
        *,
        request_id: str | None = None,
        context: JsonDict | None = None,
    ) -> tuple[Session, list[JsonDict]]:
        """Async twin of `send_request`; prefers the provider's `acall_api`."""
        run = _RequestRun(
            self,
            session,
            config,
            request_id or uuid.uuid4().hex,
            streaming=False,
            caller_context=context,
        )
        try:
            with self._tracking(run):
                await self._workers.run(run.resolve)
                run.begin(await self._acatalog(run))
                provider = run.provider
                if provider.has_own("acall_api"):
                    hook = "acall_api"
                    call = invoke(provider, hook, run.native, run.state, request_id=run.request_id)
                    result = await await_hook(provider, hook, call)
                else:
                    hook = "call_api"
                    call = partial(
                        invoke, provider, hook, run.native, run.state, request_id=run.request_id
                    )
                    result = await self._workers.run(call)
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
            # The provider's hook may block (a network call), so the caller (the GUI thread)
            # must not wait; nor may a hook that never returns hold one of the pool's threads.
            threading.Thread(
                target=self._cancel_provider,
                args=(run.provider, request_id),
                name=f"agent-core-cancel-{run.provider.name}",
                daemon=True,
            ).start()
        return True

    def _cancel_provider(self, provider: PluginHandle, request_id: str) -> None:
        try:
            invoke(provider, "cancel_request", request_id)
        except PluginHookError as exc:
            self._record(exc)

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
            with action_request(self, run.request_id):
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
        stream = invoke(provider, "stream_api", run.native, run.state, request_id=run.request_id)
        try:
            return iter(stream)
        except TypeError as exc:
            raise PluginHookError(provider.name, "stream_api", exc) from exc

    def _start_pipeline(
        self, run: _RequestRun
    ) -> tuple[str, ChunkPipeline[JsonDict], AsyncIterator[Any] | None]:
        """The provider's stream hook, a pipeline running `run`'s chunks through the provider
        and extensions on the workers, and the provider's async stream it reads on the loop
        (`astream_api`; None when the worker iterates the sync `stream_api` itself)."""
        provider = run.provider

        def running(worker_frame: FrameType | None) -> str:
            # Noted on the run too: the error the stream ends with names it.
            run.running = run.chunk_hook_in(worker_frame) or (provider, "process_chunk")
            handle, hook = run.running
            return f"The plugin '{handle.name}' ({hook})"

        pipeline: ChunkPipeline[JsonDict] = ChunkPipeline(
            self._workers,
            run.handle_chunks,
            time_limit=self.hook_time_limit,
            running=running,
            supersedes=_is_partial if run.latest_partial_only else None,
        )
        if not provider.has_own("astream_api"):
            hook = "stream_api"
            pipeline.pump_from(
                partial(provider.hook(hook), run.native, run.state, request_id=run.request_id)
            )
            return hook, pipeline, None
        hook = "astream_api"
        stream = invoke(provider, hook, run.native, run.state, request_id=run.request_id)
        if not hasattr(stream, "__aiter__"):
            raise PluginHookError(provider.name, hook, "did not return an async iterator")
        astream = stream.__aiter__()
        pipeline.feed_from(astream)
        return hook, pipeline, astream

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
        for key, value in error.items():
            if isinstance(value, str):
                error[key] = redact_secrets(value, config)
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

    async def run_in_worker(self, function: Callable[[], T]) -> T:
        """Run a blocking call (a plugin query, a session action) on the core's worker threads."""
        return await self._workers.run(function)

    def close(self) -> None:
        """Release the core's worker threads (running work finishes in the background)."""
        self._workers.close()

    # ------------------------------------------------------------------ enablement
    def _resolve(self, config: JsonDict) -> Enablement:
        with self._lock:
            providers = self._providers
            extensions = self._extensions
            bound = self._provider_extensions
            features = self._features
            tools = self._tools
        if not providers:
            raise ConfigurationError(
                QT_TRANSLATE_NOOP(
                    "Errors", "No provider is registered; register one before requests."
                )
            )
        name = config.get("provider")
        if name is None:
            provider = next(iter(providers.values()))
        elif name in providers:
            provider = providers[name]
        else:
            raise ConfigurationError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "No provider named '{name}' is registered. Registered providers: {providers}.",
                ).format(name=name, providers=", ".join(providers))
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

    # ------------------------------------------------------------------ tools
    def get_tool_schemas(self, config: JsonDict) -> list[JsonDict]:
        """The effective tool schemas for this config (the provider's ``config["tools"]``)."""
        catalog = self._tool_runner.catalog(self._resolve(config), config, None)
        return deepcopy(catalog.schemas)

    def get_tool_descriptors(self, config: JsonDict) -> list[ToolDescriptor]:
        """The effective tools with `metadata["annotations"]` (MCP hints, {} when none)."""
        return list(self._tool_runner.catalog(self._resolve(config), config, None).effective)

    def get_tool_call_previews(
        self, tool_calls: list[JsonDict], config: JsonDict
    ) -> list[JsonDict]:
        """``[{"tool_call_id", "tool_name", "preview"}]`` from each tool's
        `format_tool_call_preview` ("" when the call cannot be resolved or has no preview)."""
        catalog = self._tool_runner.catalog(self._resolve(config), config, None)
        return self._tool_runner.previews(catalog, tool_calls)

    def describe_tool_calls(self, tool_calls: list[JsonDict], config: JsonDict) -> list[JsonDict]:
        """Per call, which tool (and plugin) it reaches, read as execution reads it; see
        `ToolRunner.describe`. Callers decide approval on this, whatever the call's format."""
        catalog = self._tool_runner.catalog(self._resolve(config), config, None)
        return self._tool_runner.describe(catalog, tool_calls)

    def get_tool_call_facts(
        self,
        tool_calls: list[JsonDict],
        config: JsonDict,
        *,
        catalog: ToolCatalog | None = None,
    ) -> tuple[list[JsonDict], list[JsonDict]]:
        """`get_tool_call_previews` and `describe_tool_calls` of the same calls from one tool
        catalog: the tools' `init` and `prepare` run once for both, not once each. With
        `catalog` (from `tool_catalog`) no hook of the catalog runs again."""
        runner = self._tool_runner
        if catalog is None:
            catalog = self.tool_catalog(config)
        return runner.previews(catalog, tool_calls), runner.describe(catalog, tool_calls)

    def tool_catalog(self, config: JsonDict, *, context: JsonDict | None = None) -> ToolCatalog:
        """The tool catalog (tools' `init`, `prepare`, `get_tool_schemas`, features'
        `prepare_tools`; blocking: call it off the loop) for a caller that describes calls and
        then runs one: it passes the catalog to `get_tool_call_facts` and `astream_tool_call`."""
        return self._tool_runner.catalog(self._resolve(config), config, context)

    def execute_tool_calls(
        self, tool_calls: list[JsonDict], config: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Run tool calls in order (blocking); one tool result message per call."""
        runner = self._tool_runner
        try:
            catalog = runner.catalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            return [runner.catalog_failure(tool_call, exc, config) for tool_call in tool_calls]
        return runner.execute(catalog, tool_calls, config, context)

    async def aexecute_tool_calls(
        self, tool_calls: list[JsonDict], config: JsonDict, *, context: JsonDict | None = None
    ) -> list[JsonDict]:
        """Async twin of `execute_tool_calls` (async hooks awaited, sync ones in threads)."""
        runner = self._tool_runner
        try:
            catalog = await runner.acatalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            return [runner.catalog_failure(tool_call, exc, config) for tool_call in tool_calls]
        messages = []
        for tool_call in tool_calls:
            async for event in runner.astream(catalog, tool_call, config, context, None):
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
        authorize: Callable[[JsonDict], bool] | None = None,
        catalog: ToolCatalog | None = None,
    ) -> AsyncIterator[JsonDict]:
        """Run one tool call: ``{"type": "tool_partial", "tool_call_id", "part"}`` for each
        streamed part, then ``{"type": "tool_result", "tool_call_id", "message"}``.

        `authorize` sees the call's facts (as `describe_tool_calls` gives them) right before the
        tool runs; False turns the call into an error result without running anything. The call
        runs from `catalog` when given (`tool_catalog` built it, nothing changed since: the
        caller knows) unless a tool's `prepare_async` ran on a loop of its own there; else from
        a catalog built now."""
        runner = self._tool_runner
        try:
            if catalog is None or catalog.prepared_on_a_private_loop:
                catalog = await runner.acatalog(self._resolve(config), config, context)
        except AgentCoreError as exc:
            message = runner.catalog_failure(tool_call, exc, config)
            yield {
                "type": "tool_result",
                "tool_call_id": message["metadata"]["tool_call_id"],
                "message": message,
            }
            return
        async for event in runner.astream(
            catalog, tool_call, config, context, cancellation, authorize
        ):
            yield event

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
    def _action_run(
        self, session: Session, config: JsonDict, *, convert: bool = True
    ) -> _RequestRun:
        run = _RequestRun(self, session, config, uuid.uuid4().hex, streaming=False)
        run.resolve()
        run.begin(
            self._tool_runner.catalog(run.enabled, config, None),
            initialize_request=False,
            convert=convert,
        )
        return run

    def _actions_of(self, run: _RequestRun) -> list[tuple[PluginHandle, JsonDict]]:
        actions: list[tuple[PluginHandle, JsonDict]] = []
        for handle in run.chain:
            try:
                listed = expect(
                    handle,
                    "get_actions",
                    run.call(handle, "get_actions", run.state),
                    list,
                    "a list",
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
        cancellation: ActionCancellation | None = None,
    ) -> tuple[Session, JsonDict]:
        """Run one session action; returns (new session, the action's result dict).

        Errors (unknown or ambiguous action, invalid params, a plugin that raises) come back as
        ``{"status": "error", "error": {"type", "message", ...}}`` with the session unchanged.
        `cancellation.cancel()` cancels the model requests the action makes through a core on
        this thread, and any it would start after.
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
            with running_action(cancellation):
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
            plan = self._resolve(config)
            if not self._can_listen((*plan.extensions, *plan.features)):
                return session  # no plugin can listen: no hook needs to run
            run = self._action_run(session, config, convert=False)
            triggered = self._triggered_actions(run, trigger)
            if not triggered:
                return session
            run.convert_messages()
        except AgentCoreError as exc:
            self._record(exc)
            return session
        for handle, action in triggered:
            params = _lifecycle_params(trigger, handle, action)
            if params is None:
                continue
            action_id, checked = params
            try:
                session, _ = self._run_lifecycle_action(
                    run, session, handle, action_id, checked, trigger, context
                )
            except AgentCoreError as exc:
                self._record(exc)
        return session

    async def aexecute_lifecycle_actions(
        self,
        session: Session,
        config: JsonDict,
        trigger: str,
        *,
        context: JsonDict | None = None,
        action_time_limit: float | None = None,
    ) -> tuple[Session, list[JsonDict]]:
        """`execute_lifecycle_actions` for the event loop: (new session, `plugin_disabled` events).

        Every hook runs on the core's workers (tools' `prepare_async` on the loop, as for a
        request) and a sync hook gets `hook_time_limit` seconds; an action, which may call a
        model, gets `action_time_limit` when given. A plugin that fails or overruns is skipped
        and named in an event with its hook; the other actions' changes are kept.
        """
        went_on = "the app went on without it"
        run = _RequestRun(self, session, config, uuid.uuid4().hex, streaming=False)
        try:
            await self._workers.run(run.resolve)  # may ask the provider for its models
            if not self._can_listen(run.chain):
                return session, run.take_notices()
            catalog = await self._acatalog(run, outcome=went_on)
            begin = partial(run.begin, catalog, initialize_request=False, convert=False)
            await self._within_limit(run, begin, outcome=went_on)
            triggered = await self._within_limit(
                run, partial(self._triggered_actions, run, trigger), outcome=went_on
            )
            if triggered:
                await self._within_limit(run, run.convert_messages, outcome=went_on)
        except PluginHookError as exc:
            run.tell(
                exc,
                left_out=QT_TRANSLATE_NOOP(
                    "Errors", "in the way, so no {trigger} action ran"
                ).format(trigger=trigger),
            )
            return session, run.take_notices()
        except AgentCoreError as exc:  # no provider for this config: nothing can run
            self._record(self._redacted(exc, config))
            return session, run.take_notices()
        for handle, action in triggered:
            params = _lifecycle_params(trigger, handle, action)
            if params is None:
                continue
            action_id, checked = params
            act = partial(
                self._run_lifecycle_action,
                run,
                session,
                handle,
                action_id,
                checked,
                trigger,
                context,
            )
            try:
                session, _ = await self._within_limit(
                    run, act, seconds=action_time_limit, outcome=went_on
                )
            except PluginHookError as exc:
                run.tell(
                    exc,
                    left_out=QT_TRANSLATE_NOOP("Errors", "skipped for {trigger}").format(
                        trigger=trigger
                    ),
                )
        return session, run.take_notices()

    @staticmethod
    def _can_listen(chain: Iterable[PluginHandle]) -> bool:
        return any(handle.has_own("get_actions") for handle in chain)

    def _run_lifecycle_action(
        self,
        run: _RequestRun,
        session: Session,
        handle: PluginHandle,
        action_id: str,
        params: JsonDict,
        trigger: str,
        caller_context: JsonDict | None,
    ) -> tuple[Session, JsonDict]:
        """A lifecycle action with its context made here, on the worker that runs it: the
        context holds the whole session as dicts (a 50,000-message chat's copy takes a few
        hundred ms, which the event loop must not wait for)."""
        owned = self._action_context(run, session, lifecycle=trigger)
        return self._run_action(run, session, handle, action_id, params, owned, caller_context)

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
        result = run.call(
            handle,
            "execute_action",
            action_id,
            session,
            list(native_before),
            params,
            context,
            run.state,
        )
        result = expect(handle, "execute_action", result, dict, "a result dict")
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
        core_middle = run.core_messages(middle) if middle else []
        if isinstance(core_middle, list) and len(core_middle) == len(middle):
            # What a plugin put in a native message's own `metadata` (a compaction summary
            # says it is one) is kept: providers turn only their wire fields back.
            core_middle = [
                _with_native_metadata(message, native)
                for message, native in zip(core_middle, middle, strict=True)
            ]
        converted = self._messages_from_dicts(core_middle, handle, "execute_action")
        return [*messages[:head], *converted, *messages[len(messages) - tail :]]

    # ------------------------------------------------------------------ UI and config
    def get_ui_schema(self, config: JsonDict) -> list[JsonDict]:
        """The flat, normalized UI elements of the enabled plugins (see `agent_core.ui_schema`)."""
        plan = self._resolve(config)
        try:
            catalog = self._tool_runner.catalog(plan, config, None)
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
                elements = invoke(handle, "get_ui_elements", config, dict(context))
                elements = expect(handle, "get_ui_elements", elements, list, "a list of elements")
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
                schema = expect(
                    handle,
                    "get_config_schema",
                    invoke(handle, "get_config_schema"),
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
                found = expect(
                    handle,
                    "get_completions",
                    invoke(handle, "get_completions", config, text),
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

    def get_templates(self, config: JsonDict) -> list[JsonDict]:
        """``[{"plugin", "template"}]``: each enabled feature's non-empty `get_template(config)`
        (editor snippets the application offers, e.g. in the composer's completions)."""
        templates = []
        for handle in self._resolve(config).features:
            try:
                template = invoke(handle, "get_template", config)
            except PluginHookError as exc:
                self._record(exc)
                continue
            if isinstance(template, str) and template:
                templates.append({"plugin": handle.name, "template": template})
        return templates

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
                replacement = invoke(handle, "apply_completion", config, text, completion)
            except PluginHookError as exc:
                self._record(exc)
                continue
            if replacement and isinstance(replacement, str):
                return replacement
        return ""


def _with_native_metadata(message: Any, native: Any) -> Any:
    """Core `message` with the `metadata` its `native` message carried laid under its own."""
    carried = native.get("metadata") if isinstance(native, dict) else None
    if not isinstance(message, dict) or not isinstance(carried, dict) or not carried:
        return message
    own = message.get("metadata")
    return {**message, "metadata": {**deepcopy(carried), **(own if isinstance(own, dict) else {})}}
