"""The hooks both SDK providers share: streaming (async and sync), non-streamed calls, chunk
assembly through a draft, finalize, cancellation and the display format.

A subclass says how to open its stream (``_stream``), how to make a non-streamed call
(``_complete``), which draft assembles its chunks (``_new_draft``), which model to name when
the server does not (``_fallback_model``), whether a chunk carries answer text or a tool call
(``_chunk_answers``) and what to call the server (``_server_label``).

Streaming, per provider entry (``streaming``): ``auto`` streams and, when a streamed turn brings
no text and no tool call (servers that only send tool calls unstreamed) or the server refuses to
stream with tools, asks again without streaming, remembers that for the model (across restarts,
see ``stream_memory``) and says so once; ``on`` always streams; ``off`` never does.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterator
from typing import Any, ClassVar, Protocol

from openai_provider.errors import ProviderError, sentence
from openai_provider.runtime import ActiveRequests, iterate_in_thread, run_in_thread
from openai_provider.sdk_requests import SdkServer
from openai_provider.stream_memory import UnstreamedModels
from openai_provider.streaming import COMPLETED
from openai_provider.usage import annotate_turn, display_format

Messages = list[dict[str, Any]]
ChunkResult = tuple[Messages, Messages, Messages, dict[str, Any]]

_DRAFT = "provider_draft"
#: A whole final fetched without streaming, waiting for ``finalize``.
_COMPLETED = "provider_completed"
STREAMING_MODES = ("auto", "on", "off")
#: Failures on opening a stream that a non-streamed request may not have (a server that cannot
#: stream tool calls answers 400 or 500 and says so in its own words).
_STREAM_REFUSAL_KINDS = ("server", "bad_request")


_STREAMING_WORDS = re.compile(r"\b(stream(ing|ed)?|tools?|tool_calls?|tool_use)\b", re.I)


def _mentions_streaming(text: str) -> bool:
    return _STREAMING_WORDS.search(text) is not None


def streaming_mode(config: dict[str, Any]) -> str:
    """The ``streaming`` setting: ``auto`` (default), ``on`` or ``off`` (booleans accepted)."""
    value = config.get("streaming")
    if value is None or value == "":
        return "auto"
    if isinstance(value, bool):
        return "on" if value else "off"
    mode = str(value).lower()
    if mode not in STREAMING_MODES:
        raise ProviderError(
            f"Streaming must be one of auto, on or off, not {value!r}. Fix it in the provider "
            "settings.",
            kind="config",
        )
    return mode


def streaming_element() -> dict[str, Any]:
    """The provider settings field for :func:`streaming_mode`."""
    return {
        "type": "select",
        "key": "streaming",
        "label": "Streaming",
        "description": "Automatic streams, and asks again without streaming when the server "
        "sends a streamed answer with nothing in it (some send tool calls only unstreamed).",
        "options": [
            {"value": "auto", "label": "Automatic"},
            {"value": "on", "label": "Always stream"},
            {"value": "off", "label": "Never stream"},
        ],
        "default": "auto",
    }


class Draft(Protocol):
    def add(self, chunk: dict[str, Any]) -> bool: ...
    def partial(self) -> dict[str, Any]: ...
    def final(self, fallback_model: str | None) -> dict[str, Any]: ...


class SdkProvider:
    """Base of the ``openai_compatible`` and ``anthropic`` provider plugins."""

    #: Models whose streamed answers came back empty (shared by both providers).
    unstreamed_models: ClassVar[UnstreamedModels] = UnstreamedModels()

    def __init__(self) -> None:
        self._requests = ActiveRequests()

    # ------------------------------------------------------------------ subclass parts
    def _new_draft(self) -> Draft:
        raise NotImplementedError

    def _fallback_model(self, state: dict[str, Any]) -> str:
        raise NotImplementedError

    def _stream(self, native_messages: Messages, state: dict[str, Any]) -> AsyncIterator[Any]:
        raise NotImplementedError

    async def _complete(self, native_messages: Messages, state: dict[str, Any]) -> dict[str, Any]:
        """The native final message of one non-streamed call."""
        raise NotImplementedError

    def _chunk_answers(self, chunk: dict[str, Any]) -> bool:
        """Whether the native chunk carries answer text or (part of) a tool call."""
        raise NotImplementedError

    def _stream_target(self, state: dict[str, Any]) -> tuple[str, str, str]:
        """``(base URL, model, label of the server)`` of the request."""
        raise NotImplementedError

    def _recover(self, final: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        """The native final after provider-specific repair (e.g. tool calls written as text)."""
        return final

    def _server_for(self, config: dict[str, Any]) -> SdkServer:
        """Where requests go for this provider config (raises ValueError/ProviderError)."""
        raise NotImplementedError

    def _list_models_now(self, server: SdkServer) -> list[dict[str, Any]]:
        """The server's model list, fetched now (raises the SDK's errors)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ connection test
    def test_connection(self, config: dict[str, Any]) -> dict[str, Any]:
        """List the server's models now, skipping the cache (the settings' "Test connection").

        ``{"ok": True, "models": [...], "error": ""}``, or ``{"ok": False, "models": [],
        "error": what failed, in words}``. Blocks on the network: callers use a worker thread.
        """
        try:
            server = self._server_for(config)
        except (ProviderError, ValueError) as error:
            return {"ok": False, "models": [], "error": str(error)}
        try:
            models = self._list_models_now(server)
        except ProviderError as error:
            return {"ok": False, "models": [], "error": str(error)}
        except Exception as error:
            if not isinstance(error, server.base_error):
                raise
            return {"ok": False, "models": [], "error": str(server.error(error))}
        return {"ok": True, "models": models, "error": ""}

    # ------------------------------------------------------------------ shared hooks
    def accepted_tool_schema_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    def emitted_tool_call_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    def initialize_request(
        self,
        native_messages: Messages,
        state: dict[str, Any],
        *,
        request_id: str | None = None,
        context: dict[str, Any] | None = None,
    ) -> tuple[Messages, dict[str, Any]]:
        return native_messages, {key: value for key, value in state.items() if key != _DRAFT}

    def to_display_format(self, message: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return display_format(message)

    async def astream_api(
        self, native_messages: Messages, state: dict[str, Any], *, request_id: str | None = None
    ) -> AsyncIterator[dict[str, Any]]:
        config = state.get("config") or {}
        mode = streaming_mode(config)
        base_url, model, label = self._stream_target(state)
        state_root = config.get("runtime_state_root")
        state_root = str(state_root) if state_root else None
        remembered = mode == "auto" and await asyncio.to_thread(
            self.unstreamed_models.contains, base_url, model, state_root
        )
        if mode == "off" or remembered:
            yield await self._completed(native_messages, state, request_id)
            return
        answered = False
        try:
            async for chunk in self._requests.stream(
                self._stream(native_messages, state), request_id
            ):
                # A whole answer to a streamed request is what an unstreamed one would be.
                answered = (
                    answered or chunk.get("object") == COMPLETED or self._chunk_answers(chunk)
                )
                yield chunk
        except ProviderError as error:
            refused = (
                mode == "auto"
                and not answered
                and bool(config.get("tools"))
                and error.kind in _STREAM_REFUSAL_KINDS
            )
            if not refused:
                raise
            reason = f"{label} refused to stream with tools"
            # A refusal that names streaming or tools is the server's way; any other failure may
            # be a passing one, so this turn falls back without marking the model for good.
            remember = _mentions_streaming(error.provider_message or "")
        else:
            if answered or mode == "on":
                return
            reason = f"{label} sent an empty streamed answer"
            remember = True
        completed = await self._completed(native_messages, state, request_id)
        if remember:
            await asyncio.to_thread(self.unstreamed_models.add, base_url, model, state_root)
            notice = (
                f"{reason}, so this answer was fetched without streaming; {model} will be asked "
                "without streaming from now on (Streaming in the provider settings changes this)"
            )
        else:
            notice = f"{reason}, so this answer was fetched without streaming"
        completed["message"]["provider_notice"] = sentence(notice)
        yield completed

    async def _completed(
        self, native_messages: Messages, state: dict[str, Any], request_id: str | None
    ) -> dict[str, Any]:
        """A whole answer fetched without streaming, as one :data:`COMPLETED` chunk."""
        final = await self._requests.run(lambda: self._complete(native_messages, state), request_id)
        return {"object": COMPLETED, "message": dict(final)}

    def stream_api(
        self, native_messages: Messages, state: dict[str, Any], *, request_id: str | None = None
    ) -> Iterator[dict[str, Any]]:
        yield from iterate_in_thread(
            lambda: self.astream_api(native_messages, state, request_id=request_id)
        )

    async def acall_api(
        self, native_messages: Messages, state: dict[str, Any], *, request_id: str | None = None
    ) -> ChunkResult:
        final = await self._requests.run(lambda: self._complete(native_messages, state), request_id)
        final = self._recover(final, state)
        annotate_turn(final, native_messages)
        return [], [final], [*native_messages, final], state

    def call_api(
        self, native_messages: Messages, state: dict[str, Any], *, request_id: str | None = None
    ) -> ChunkResult:
        return run_in_thread(lambda: self.acall_api(native_messages, state, request_id=request_id))

    def process_chunk(
        self, native_chunk: dict[str, Any], native_messages: Messages, state: dict[str, Any]
    ) -> ChunkResult:
        if native_chunk.get("object") == COMPLETED:
            # Shown by the final; streamed partials before it (reasoning) are replaced.
            return [], [], native_messages, {**state, _COMPLETED: native_chunk["message"]}
        draft = state.get(_DRAFT)
        if draft is None:
            draft = self._new_draft()
            state = {**state, _DRAFT: draft}
        changed = draft.add(native_chunk)
        return ([draft.partial()] if changed else []), [], native_messages, state

    def finalize(
        self,
        native_messages: Messages,
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> tuple[Messages, Messages, dict[str, Any]]:
        draft: Draft | None = state.get(_DRAFT)
        completed: dict[str, Any] | None = state.get(_COMPLETED)
        if completed is not None:
            final = completed
        elif draft is not None:
            final = draft.final(self._fallback_model(state))
        else:  # nothing streamed (or call_api already returned its final)
            return [], native_messages, state
        final = self._recover(final, state)
        annotate_turn(final, native_messages)
        new_state = {key: value for key, value in state.items() if key not in (_DRAFT, _COMPLETED)}
        return [final], [*native_messages, final], new_state

    def cancel_request(self, request_id: str) -> bool:
        return self._requests.cancel(request_id)
