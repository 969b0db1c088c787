"""The hooks both SDK providers share: streaming (async and sync), non-streamed calls, chunk
assembly through a draft, finalize, cancellation and the display format.

A subclass says how to open its stream (``_stream``), how to make a non-streamed call
(``_complete``), which draft assembles its chunks (``_new_draft``) and which model to name when
the server does not (``_fallback_model``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any, Protocol

from openai_provider.runtime import ActiveRequests, iterate_in_thread, run_in_thread
from openai_provider.usage import annotate_turn, display_format

Messages = list[dict[str, Any]]
ChunkResult = tuple[Messages, Messages, Messages, dict[str, Any]]

_DRAFT = "provider_draft"


class Draft(Protocol):
    def add(self, chunk: dict[str, Any]) -> bool: ...
    def partial(self) -> dict[str, Any]: ...
    def final(self, fallback_model: str | None) -> dict[str, Any]: ...


class SdkProvider:
    """Base of the ``openai_compatible`` and ``anthropic`` provider plugins."""

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
        async for chunk in self._requests.stream(self._stream(native_messages, state), request_id):
            yield chunk

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
        annotate_turn(final, native_messages)
        return [], [final], [*native_messages, final], state

    def call_api(
        self, native_messages: Messages, state: dict[str, Any], *, request_id: str | None = None
    ) -> ChunkResult:
        return run_in_thread(lambda: self.acall_api(native_messages, state, request_id=request_id))

    def process_chunk(
        self, native_chunk: dict[str, Any], native_messages: Messages, state: dict[str, Any]
    ) -> ChunkResult:
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
        if draft is None:  # nothing streamed (call_api already returned its final)
            return [], native_messages, state
        final = draft.final(self._fallback_model(state))
        annotate_turn(final, native_messages)
        new_state = {key: value for key, value in state.items() if key != _DRAFT}
        return [final], [*native_messages, final], new_state

    def cancel_request(self, request_id: str) -> bool:
        return self._requests.cancel(request_id)
