"""`astream_request_batches`: `astream_request`'s events in lists, each what was ready at once,
so a caller that needs only the answer so far takes one step per batch, not one per chunk. The
same request flow (one implementation): the same events in the same order, cancels that stop
where the caller is, a blocking hook stopped and named."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from tests.support.core_test_plugins import AsyncStreamingProvider, StreamingProvider

from agent_core import AgentCore, Session

TIME_LIMIT = 0.5


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session("s1"), "user", "hi")


class FailingOnThirdChunk:
    """An extension that raises on the third chunk: it is turned off mid-stream, with a notice."""

    name = "fails_on_third"
    version = "1.0"

    def __init__(self) -> None:
        self.seen = 0

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if native_chunk is not None:
            self.seen += 1
            if self.seen == 3:
                raise ValueError("third chunk refused")
        return partials, finals, native_messages, state


class BlockingOnSecondChunk:
    name = "blocks_on_second"
    version = "1.0"

    def __init__(self) -> None:
        self.seen = 0
        self.release = threading.Event()

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if native_chunk is not None:
            self.seen += 1
            if self.seen == 2:
                self.release.wait()
        return partials, finals, native_messages, state


async def _one_by_one(core: AgentCore, config: dict[str, Any]) -> list[dict[str, Any]]:
    return [event async for event in core.astream_request(_session(core), config, request_id="one")]


async def _batches(core: AgentCore, config: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [
        batch
        async for batch in core.astream_request_batches(_session(core), config, request_id="one")
    ]


def _comparable(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events without the final's session object (each request builds its own)."""
    return [{key: value for key, value in event.items() if key != "session"} for event in events]


@pytest.mark.parametrize("provider_class", [AsyncStreamingProvider, StreamingProvider])
@pytest.mark.parametrize(
    "config",
    [
        {"reply": "y" * 500, "chunk_size": 1},
        {"reply": "y" * 40, "chunk_size": 1, "fail_at": 20, "secret_api_key": "sk-hidden-1"},
    ],
    ids=["answered", "failed-mid-stream"],
)
async def test_the_batches_hold_the_events_of_astream_request_in_its_order(
    provider_class: type, config: dict[str, Any]
) -> None:
    core = AgentCore()
    core.register_provider(provider_class)
    extension = core.register_extension(FailingOnThirdChunk)
    one_by_one = await _one_by_one(core, config)
    extension.seen = 0

    batches = await _batches(core, config)

    assert all(isinstance(batch, list) and batch for batch in batches)
    events = [event for batch in batches for event in batch]
    assert _comparable(events) == _comparable(one_by_one)
    kinds = [event["type"] for event in events]
    assert kinds[:2] == ["partial", "partial"]
    assert kinds[2] == "plugin_disabled"  # the extension's notice, where its chunk was
    assert kinds[-1] == ("error" if "fail_at" in config else "final")
    assert "sk-hidden-1" not in repr(events)
    core.close()


async def test_chunks_at_hand_come_in_few_batches() -> None:
    core = AgentCore()
    core.register_provider(AsyncStreamingProvider)

    batches = await _batches(core, {"reply": "z" * 2000, "chunk_size": 1})

    events = [event for batch in batches for event in batch]
    assert [event["type"] for event in events] == ["partial"] * 2000 + ["final"]
    assert events[-1]["messages"][0]["content"] == "z" * 2000
    # One step per chunk would be 2,001 steps; a stream that never waits is read in batches.
    assert len(batches) <= 2000 / 10
    core.close()


class EndlessProvider(AsyncStreamingProvider):
    """An async stream whose chunks are all at hand (never waits)."""

    name = "endless"

    async def astream_api(self, native_messages, state, *, request_id=None):
        while True:
            yield {"delta": "x"}


async def test_a_cancel_after_a_batch_keeps_its_last_partial_and_hands_out_nothing_more() -> None:
    core = AgentCore()
    core.register_provider(EndlessProvider)
    taken: list[list[dict[str, Any]]] = []

    async for batch in core.astream_request_batches(_session(core), {}, request_id="r"):
        taken.append(batch)
        if len(taken) == 3:
            assert core.cancel_request("r") is True
            # The workers go on reading ahead meanwhile: none of it may reach the caller.
            await asyncio.sleep(0.05)

    assert len(taken) == 4
    (cancelled,) = taken[-1]
    assert cancelled["type"] == "cancelled"
    shown = sum(len(batch) for batch in taken[:3])
    assert cancelled["message"]["content"] == "x" * shown  # the answer as the caller got it
    assert taken[2][-1]["message"]["content"] == "x" * shown
    core.close()


async def test_a_blocking_chunk_hook_is_stopped_and_named_in_the_batch_stream() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(AsyncStreamingProvider)
    extension = core.register_extension(BlockingOnSecondChunk)
    try:
        events = [
            event
            for batch in await _batches(core, {"reply": "abcdefgh", "chunk_size": 1})
            for event in batch
        ]
    finally:
        extension.release.set()

    assert [event["type"] for event in events] == ["partial", "error"]
    error = events[-1]["error"]
    assert (error["plugin"], error["hook"]) == ("blocks_on_second", "process_chunk")
    assert f"did not return within {TIME_LIMIT:g} seconds" in error["message"]
    assert events[-1]["message"]["content"] == "a"
    core.close()


def _without_superseded(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`events` with each partial left out that another partial follows right after."""
    return [
        event
        for number, event in enumerate(events)
        if not (
            event["type"] == "partial"
            and number + 1 < len(events)
            and events[number + 1]["type"] == "partial"
        )
    ]


def _key(event: dict[str, Any]) -> tuple[str, Any]:
    """What tells an event apart within one request: a partial by its text so far."""
    return event["type"], event["message"]["content"] if event["type"] == "partial" else None


@pytest.mark.parametrize("provider_class", [AsyncStreamingProvider, StreamingProvider])
async def test_with_latest_partial_only_a_batch_holds_a_run_of_partials_as_its_last(
    provider_class: type,
) -> None:
    """Every other event, in order, and the partial right before each: what a caller to whom
    a partial is the answer so far shows."""
    core = AgentCore()
    core.register_provider(provider_class)
    extension = core.register_extension(FailingOnThirdChunk)
    config = {"reply": "y" * 500, "chunk_size": 1}
    one_by_one = await _one_by_one(core, config)
    extension.seen = 0

    batches = [
        batch
        async for batch in core.astream_request_batches(
            _session(core), config, request_id="one", latest_partial_only=True
        )
    ]

    assert all(_without_superseded(batch) == batch for batch in batches)
    events = [event for batch in batches for event in batch]
    # Every event handed out is one astream_request hands out, in its order.
    keys = [_key(event) for event in one_by_one]
    positions = [keys.index(_key(event)) for event in events]
    assert positions == sorted(positions)
    assert _comparable(_without_superseded(events)) == _comparable(_without_superseded(one_by_one))
    assert [event["type"] for event in events][-1] == "final"
    assert events[-1]["messages"][0]["content"] == "y" * 500
    core.close()


async def test_latest_partial_only_hands_chunks_at_hand_over_in_a_few_batches() -> None:
    """10,000 chunks at hand: each hand-over to a worker (a thread's wake-up) cost about as
    much as a hundred fast chunks' hooks, and an event per superseded partial as much as a
    chunk's hooks; both are counted, not timed."""
    core = AgentCore()
    core.register_provider(AsyncStreamingProvider)
    submitted = 0
    pool = core._workers.pool()
    submit = pool.submit

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal submitted
        submitted += 1
        return submit(*args, **kwargs)

    pool.submit = counted  # type: ignore[method-assign]

    batches = [
        batch
        async for batch in core.astream_request_batches(
            _session(core), {"reply": "z" * 10_000, "chunk_size": 1}, latest_partial_only=True
        )
    ]

    events = [event for batch in batches for event in batch]
    assert events[-1]["messages"][0]["content"] == "z" * 10_000
    assert events[-2]["message"]["content"] == "z" * 10_000  # the answer so far, whole
    # Handed over 128 at a time, 10,000 chunks took about 80 hand-overs (and the request's
    # own few trips to the workers).
    assert submitted <= 12
    assert len(events) <= 50
    core.close()


class LivePartial(dict[str, Any]):
    """A partial whose instances alive are counted."""

    alive = 0

    def __init__(self, **fields: Any) -> None:
        super().__init__(**fields)
        LivePartial.alive += 1

    def __del__(self) -> None:
        LivePartial.alive -= 1


class CountedPartialsProvider(EndlessProvider):
    """Endless chunks at hand; every partial is a `LivePartial`, noted while alive."""

    name = "counted"

    def process_chunk(self, native_chunk, native_messages, state):
        return [LivePartial(role="assistant", content="x", metadata={})], [], native_messages, state


async def test_with_latest_partial_only_a_slow_reader_piles_up_no_partials() -> None:
    """The stream is read far ahead of a reader that takes its time, and each partial not yet
    taken is dropped for the next: a few are alive (the reader's, the one a cancel would keep,
    the one waiting, the worker's), not one per chunk read ahead (thousands)."""
    core = AgentCore()
    core.register_provider(CountedPartialsProvider)
    alive_while_reading: list[int] = []

    async for batch in core.astream_request_batches(
        _session(core), {}, request_id="r", latest_partial_only=True
    ):
        if batch[-1]["type"] == "cancelled":
            break
        await asyncio.sleep(0.05)  # the workers go on meanwhile
        alive_while_reading.append(LivePartial.alive)
        if len(alive_while_reading) == 5:
            core.cancel_request("r")

    assert max(alive_while_reading) <= 5
    core.close()


async def test_with_latest_partial_only_a_cancel_keeps_the_partial_last_handed_out() -> None:
    """The stream is read far ahead of the caller: none of it reaches the caller after the
    cancel, and the `cancelled` event keeps the answer as the caller last got it."""
    core = AgentCore()
    core.register_provider(EndlessProvider)
    taken: list[list[dict[str, Any]]] = []

    async for batch in core.astream_request_batches(
        _session(core), {}, request_id="r", latest_partial_only=True
    ):
        taken.append(batch)
        if len(taken) == 3:
            await asyncio.sleep(0.05)  # the workers read ahead meanwhile: a partial waits
            assert core.cancel_request("r") is True

    assert len(taken) == 4
    (cancelled,) = taken[-1]
    assert cancelled["type"] == "cancelled"
    assert cancelled["message"]["content"] == taken[2][-1]["message"]["content"]
    assert len(cancelled["message"]["content"]) > len(taken[1][-1]["message"]["content"])
    core.close()
