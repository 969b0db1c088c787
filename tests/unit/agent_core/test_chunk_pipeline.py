"""Streamed chunks go through the sync `process_chunk` hooks on the workers in batches, not with
a round trip per chunk, and the event loop still never waits on a hook: one that blocks is
stopped by the time limit and named, while the loop keeps running."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from tests.support.core_test_plugins import AsyncStreamingProvider, StreamingProvider

from agent_core import AgentCore, Session
from agent_core import core as core_module
from agent_core.chunk_pipeline import MAX_CHUNKS_AHEAD, ChunkPipeline, ChunkProgress
from agent_core.types import ProviderExtensionPlugin

TIME_LIMIT = 0.5


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session("s1"), "user", "hi")


class CountedPool:
    """Counts the work handed to the core's worker threads."""

    def __init__(self, core: AgentCore) -> None:
        self.handed = 0
        pool = core._workers.pool()
        submit = pool.submit

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.handed += 1
            return submit(*args, **kwargs)

        pool.submit = counted  # type: ignore[method-assign]


class ChunkThreads:
    """An extension noting the thread each chunk runs on; it blocks on `block_at`."""

    name = "chunk_threads"
    version = "1.0"

    def __init__(self) -> None:
        self.threads: set[str] = set()
        self.block_at: int | None = None
        self.release = threading.Event()
        self.seen = 0

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        self.threads.add(threading.current_thread().name)
        if native_chunk is not None:
            self.seen += 1
            if self.seen == self.block_at:
                self.release.wait()
        return partials, finals, native_messages, state


async def test_a_long_stream_reaches_the_workers_in_batches_and_off_the_loop() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(AsyncStreamingProvider)
    extension = core.register_extension(ChunkThreads)
    pool = CountedPool(core)
    reply = "x" * 2000

    events = [
        event
        async for event in core.astream_request(_session(core), {"reply": reply, "chunk_size": 1})
    ]

    assert [event["type"] for event in events] == ["partial"] * 2000 + ["final"]
    assert events[-1]["messages"][0]["content"] == reply
    # A round trip per chunk handed the workers 2,000 calls; chunks at hand go in batches.
    assert pool.handed < 2000 / 20
    assert threading.current_thread().name not in extension.threads
    core.close()


async def test_a_blocking_chunk_hook_is_stopped_and_named_while_the_loop_runs() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(AsyncStreamingProvider)
    extension = core.register_extension(ChunkThreads)
    extension.block_at = 3
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticking = asyncio.create_task(ticker())
    started = time.monotonic()
    try:
        events = [
            event
            async for event in core.astream_request(
                _session(core), {"reply": "abcdefgh", "chunk_size": 1}
            )
        ]
    finally:
        ticking.cancel()
        extension.release.set()
    elapsed = time.monotonic() - started

    assert [event["type"] for event in events] == ["partial", "partial", "error"]
    error = events[-1]["error"]
    assert (error["plugin"], error["hook"]) == ("chunk_threads", "process_chunk")
    assert f"did not return within {TIME_LIMIT:g} seconds" in error["message"]
    assert events[-1]["message"]["content"] == "ab"  # the answer as far as it was shown
    assert TIME_LIMIT <= elapsed < TIME_LIMIT + 1
    assert ticks >= TIME_LIMIT / 0.01 / 2  # the loop went on while the hook blocked
    assert core._workers.stuck_threads == 1
    # Left out of the next request (its thread may still be stuck), which answers.
    following = [event async for event in core.astream_request(_session(core), {"reply": "ok"})]
    assert following[0]["type"] == "plugin_disabled"
    assert following[-1]["messages"][0]["content"] == "ok"
    core.close()


async def test_a_blocking_chunk_hook_of_a_threaded_stream_is_stopped_and_named() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(StreamingProvider)
    extension = core.register_extension(ChunkThreads)
    extension.block_at = 2
    try:
        events = [
            event
            async for event in core.astream_request(
                _session(core), {"reply": "abcdefgh", "chunk_size": 2}
            )
        ]
    finally:
        extension.release.set()

    assert [event["type"] for event in events] == ["partial", "error"]
    assert (events[-1]["error"]["plugin"], events[-1]["error"]["hook"]) == (
        "chunk_threads",
        "process_chunk",
    )
    core.close()


def _passing_extension(extension_name: str, extension_priority: int) -> type:
    """An extension handing each chunk's results on, run at `extension_priority`."""

    class Passing:
        name = extension_name
        version = "1.0"
        priority = extension_priority

        def process_chunk(self, native_chunk, partials, finals, native_messages, state):
            return partials, finals, native_messages, state

    return Passing


class BlockingProvider(AsyncStreamingProvider):
    """Its own `process_chunk` blocks on the third chunk until released."""

    name = "blocking-provider"

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.seen = 0

    def process_chunk(self, native_chunk, native_messages, state):
        self.seen += 1
        if self.seen == 3:
            self.release.wait()
        return super().process_chunk(native_chunk, native_messages, state)


@pytest.mark.parametrize("blocking", ["provider", "second of three extensions"])
async def test_the_blocking_hook_is_named_exactly_among_several(blocking: str) -> None:
    """The worker keeps the hook it calls in a local, read from its frame once a call overran:
    the provider, or the very extension among several, is named."""
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    provider = core.register_provider(
        BlockingProvider if blocking == "provider" else AsyncStreamingProvider
    )
    core.register_extension(_passing_extension("first", 10))
    blocker = core.register_extension(ChunkThreads)  # priority 100: the second
    core.register_extension(_passing_extension("third", 200))
    if blocking != "provider":
        blocker.block_at = 3
    try:
        events = [
            event
            async for batch in core.astream_request_batches(
                _session(core), {"reply": "abcdefgh", "chunk_size": 1}
            )
            for event in batch
        ]
    finally:
        blocker.release.set()
        if blocking == "provider":
            provider.release.set()

    error = events[-1]["error"]
    expected = "blocking-provider" if blocking == "provider" else "chunk_threads"
    assert (error["plugin"], error["hook"]) == (expected, "process_chunk")
    assert f"did not return within {TIME_LIMIT:g} seconds" in error["message"]
    core.close()


async def test_a_streamed_chunk_notes_no_hook_on_the_run() -> None:
    """The hook a chunk is in lives in a local of the worker's loop, not in `_RequestRun.running`
    (four attribute stores a chunk with three extensions cost about as much as a fast hook):
    the notes written for a 2,000-chunk answer are the request's other hooks only."""
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(AsyncStreamingProvider)
    for number, priority in enumerate((10, 100, 200)):
        core.register_extension(_passing_extension(f"passing{number}", priority))
    notes = 0
    real_setattr = core_module._RequestRun.__setattr__

    def counting(run: Any, name: str, value: Any) -> None:
        nonlocal notes
        notes += name == "running"
        real_setattr(run, name, value)

    core_module._RequestRun.__setattr__ = counting  # type: ignore[method-assign]
    try:
        async for _batch in core.astream_request_batches(
            _session(core), {"reply": "x" * 2000, "chunk_size": 1}, latest_partial_only=True
        ):
            pass
    finally:
        del core_module._RequestRun.__setattr__
    # About 4 a chunk (8,000) when each hook call was noted on the run.
    assert notes < 50
    core.close()


class EndlessProvider(AsyncStreamingProvider):
    """An async stream whose chunks are all at hand (never waits), counting what it gave."""

    name = "endless"

    def __init__(self) -> None:
        super().__init__()
        self.given = 0

    async def astream_api(self, native_messages, state, *, request_id=None):
        while True:
            self.given += 1
            yield {"delta": "x"}


async def test_a_slow_reader_holds_the_stream_back_and_a_cancel_keeps_what_it_was_shown() -> None:
    core = AgentCore()
    provider = core.register_provider(EndlessProvider)
    shown: list[dict[str, Any]] = []

    async for event in core.astream_request(_session(core), {}, request_id="r"):
        if event["type"] != "partial":
            shown.append(event)
            break
        shown.append(event)
        await asyncio.sleep(0)  # a reader busy with each event
        if len(shown) == 300:
            # The stream, endless and never waiting, was read only so far ahead.
            assert provider.given <= 300 + 2 * MAX_CHUNKS_AHEAD
            assert core.cancel_request("r") is True

    cancelled = shown[-1]
    assert cancelled["type"] == "cancelled"
    assert len(shown) == 301  # nothing handled ahead of the reader reached it after the cancel
    assert cancelled["message"]["content"] == "x" * 300
    core.close()


@pytest.mark.parametrize("provider_class", [AsyncStreamingProvider, StreamingProvider])
async def test_leaving_a_stream_early_stops_its_pipeline(provider_class: type) -> None:
    core = AgentCore()
    core.register_provider(provider_class)
    extension = core.register_extension(ChunkThreads)
    stream = core.astream_request(_session(core), {"reply": "x" * 5000, "chunk_size": 1})

    async for _event in stream:
        break
    await stream.aclose()
    await asyncio.sleep(0.05)  # the chunk a hook was in the middle of when it closed may finish
    seen = extension.seen
    await asyncio.sleep(0.2)

    assert extension.seen == seen  # nothing more is handled for nobody
    assert extension.seen < 5000
    core.close()


async def test_the_events_of_many_chunks_reach_the_loop_as_one_flat_list_per_wake_up() -> None:
    """The worker hands each event over as it is made (no list per chunk), so a wake-up's events
    are one list; a chunk without events still counts for how far ahead the stream is read."""
    core = AgentCore()

    def handle(chunks: Any, emit: Any, progress: ChunkProgress) -> None:
        for chunk in chunks:
            if chunk % 3:  # every third chunk makes no event
                emit({"chunk": chunk, "part": 1})
                emit({"chunk": chunk, "part": 2})

    async def numbers() -> Any:
        for number in range(3 * MAX_CHUNKS_AHEAD):
            yield number

    pipeline: ChunkPipeline[dict[str, int]] = ChunkPipeline(
        core._workers, handle, time_limit=TIME_LIMIT, running=lambda frame: "the test's handler"
    )
    pipeline.feed_from(numbers())
    taken: list[list[dict[str, int]]] = []
    try:
        while batch := await pipeline.take():
            taken.append(batch)
    finally:
        await pipeline.aclose()

    events = [event for batch in taken for event in batch]
    assert all(isinstance(event, dict) for event in events)
    expected = [
        {"chunk": number, "part": part}
        for number in range(3 * MAX_CHUNKS_AHEAD)
        if number % 3
        for part in (1, 2)
    ]
    assert events == expected
    assert len(taken) < len(expected) / 10  # many events per wake-up
    core.close()


async def test_the_handler_gets_chunks_a_few_at_a_time_not_one_call_each() -> None:
    """A call per chunk, with its bookkeeping, cost more than fast hooks themselves."""
    core = AgentCore()
    calls: list[int] = []

    def handle(chunks: Any, emit: Any, progress: ChunkProgress) -> None:
        calls.append(0)
        for chunk in chunks:
            calls[-1] += 1
            emit(chunk)

    async def numbers() -> Any:
        for number in range(2000):
            yield number

    pipeline: ChunkPipeline[int] = ChunkPipeline(
        core._workers, handle, time_limit=TIME_LIMIT, running=lambda frame: "the test's handler"
    )
    pipeline.feed_from(numbers())
    events: list[int] = []
    try:
        while batch := await pipeline.take():
            events.extend(batch)
    finally:
        await pipeline.aclose()

    assert events == list(range(2000))
    assert sum(calls) == 2000
    assert len(calls) <= 2000 / 8
    core.close()


async def test_an_extension_without_its_own_process_chunk_is_not_called_per_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The protocol's default `process_chunk` hands everything on as it is: calling it per
    chunk only cost time (none of the first-party plugins has one of its own)."""
    default_calls = 0

    def counted_default(self, native_chunk, partials, finals, native_messages, state):
        nonlocal default_calls
        default_calls += 1
        return partials, finals, native_messages, state

    monkeypatch.setattr(ProviderExtensionPlugin, "process_chunk", counted_default)

    class QuietExtension(ProviderExtensionPlugin):
        name = "quiet"
        version = "1.0"

    core = AgentCore()
    core.register_provider(AsyncStreamingProvider)
    core.register_extension(QuietExtension)

    events = [
        event
        async for event in core.astream_request(
            _session(core), {"reply": "x" * 100, "chunk_size": 1}
        )
    ]

    assert events[-1]["messages"][0]["content"] == "x" * 100
    assert default_calls == 0
    core.close()


def _pipeline_of(
    core: AgentCore, handle: Any, chunks: Any, *, time_limit: float = TIME_LIMIT
) -> ChunkPipeline[Any]:
    pipeline: ChunkPipeline[Any] = ChunkPipeline(
        core._workers, handle, time_limit=time_limit, running=lambda frame: "the test's handler"
    )
    pipeline.feed_from(chunks)
    return pipeline


async def _numbers(count: int) -> Any:
    for number in range(count):
        yield number


async def _take_all(pipeline: ChunkPipeline[Any]) -> list[list[Any]]:
    taken = []
    try:
        while batch := await pipeline.take():
            taken.append(batch)
    finally:
        await pipeline.aclose()
    return taken


async def test_calls_of_a_quick_handler_grow_and_a_slow_handlers_shrink() -> None:
    """A call's bookkeeping cost about as much as a dozen fast chunks' hooks, so quick calls
    take more chunks; slow ones take fewer, so the loop still gets events every few ms."""
    core = AgentCore()
    quick_calls: list[int] = []

    def quick(chunks: Any, emit: Any, progress: ChunkProgress) -> None:
        quick_calls.append(0)
        for chunk in chunks:
            quick_calls[-1] += 1
            emit(chunk)

    taken = await _take_all(_pipeline_of(core, quick, _numbers(10_000)))
    assert [event for batch in taken for event in batch] == list(range(10_000))
    assert len(quick_calls) <= 10_000 / 64  # 625 calls of 16 chunks each before

    def slow(chunks: Any, emit: Any, progress: ChunkProgress) -> None:
        for chunk in chunks:
            time.sleep(0.003)
            emit(chunk)

    taken = await _take_all(_pipeline_of(core, slow, _numbers(100)))
    assert [event for batch in taken for event in batch] == list(range(100))
    # Calls of 16 chunks (48 ms each) handed the loop 7 batches in 0.3 s.
    assert len(taken) >= 20
    core.close()


async def test_a_call_of_slow_chunks_longer_than_the_limit_is_not_taken_for_a_stuck_one() -> None:
    """The time limit is a hook's, per chunk: the watchdog sees the worker move on to the
    next chunk of its call."""
    core = AgentCore()

    def slow(chunks: Any, emit: Any, progress: ChunkProgress) -> None:
        for chunk in chunks:
            time.sleep(0.06)
            emit(chunk)

    pipeline = _pipeline_of(core, slow, _numbers(8), time_limit=0.2)
    taken = await _take_all(pipeline)  # one call of 8 chunks, 0.48 s

    assert [event for batch in taken for event in batch] == list(range(8))
    core.close()
