"""Run a provider plugin's hooks in the order the core runs them for one turn.

For tests of a provider on its own: init → to_native_messages → initialize_request → stream
(``astream_api`` or ``stream_api``) with ``process_chunk`` per chunk → finalize →
``from_native_messages``. Through-core tests use ``AgentCore`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Turn:
    partials: list[dict[str, Any]] = field(default_factory=list)
    finals: list[dict[str, Any]] = field(default_factory=list)
    native_history: list[dict[str, Any]] = field(default_factory=list)
    error: BaseException | None = None


def _prepare(provider: Any, messages: list[dict[str, Any]], config: dict[str, Any]) -> Any:
    state = provider.init(config)
    native = provider.to_native_messages(messages, state)
    return provider.initialize_request(native, state, request_id=None)


def _finish(provider: Any, turn: Turn, native: Any, state: Any) -> Turn:
    finals, native, state = provider.finalize(native, state)
    turn.finals = provider.from_native_messages(finals, state)
    turn.native_history = native
    return turn


async def astream_turn(
    provider: Any,
    messages: list[dict[str, Any]],
    config: dict[str, Any],
    *,
    request_id: str | None = None,
) -> Turn:
    """One streamed turn on the async path; a raised error is kept in ``Turn.error``."""
    native, state = _prepare(provider, messages, config)
    turn = Turn()
    try:
        async for chunk in provider.astream_api(native, state, request_id=request_id):
            partials, _, native, state = provider.process_chunk(chunk, native, state)
            turn.partials.extend(partials)
    except Exception as error:  # noqa: BLE001 - the test inspects it, as the core would report it
        turn.error = error
        return turn
    return _finish(provider, turn, native, state)


def stream_turn(
    provider: Any,
    messages: list[dict[str, Any]],
    config: dict[str, Any],
    *,
    request_id: str | None = None,
) -> Turn:
    """One streamed turn on the sync path (``stream_api``)."""
    native, state = _prepare(provider, messages, config)
    turn = Turn()
    try:
        for chunk in provider.stream_api(native, state, request_id=request_id):
            partials, _, native, state = provider.process_chunk(chunk, native, state)
            turn.partials.extend(partials)
    except Exception as error:  # noqa: BLE001 - the test inspects it, as the core would report it
        turn.error = error
        return turn
    return _finish(provider, turn, native, state)


def call_turn(provider: Any, messages: list[dict[str, Any]], config: dict[str, Any]) -> Turn:
    """One non-streamed turn (``call_api``)."""
    native, state = _prepare(provider, messages, config)
    turn = Turn()
    try:
        _, finals, native, state = provider.call_api(native, state)
    except Exception as error:  # noqa: BLE001 - the test inspects it, as the core would report it
        turn.error = error
        return turn
    more, native, state = provider.finalize(native, state)
    turn.finals = provider.from_native_messages([*finals, *more], state)
    turn.native_history = native
    return turn
