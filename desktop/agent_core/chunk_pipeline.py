"""Streamed chunks through blocking plugin hooks, off the event loop, in batches.

Every chunk of a streamed answer goes through sync plugin hooks (the provider's and the
extensions' `process_chunk`). They may block, so they never run on the event loop; but a round
trip to a worker thread per chunk cost far more than the hooks themselves (27 µs a chunk on an idle
machine, hundreds on a busy one). A `ChunkPipeline` hands chunks to the worker pool in order
without waiting for each: a worker handles every chunk queued so far in one go, and the loop takes
the events of all chunks handled since it last looked in one wake-up. The handler gets the chunks
a few at a time (`CHUNKS_PER_CALL`) and loops over them itself: a call per chunk, with its
bookkeeping, cost more than a fast chunk's hooks.

The loop still never waits on a hook: a hook running longer than the time limit ends the stream
with `HookOverran` (the caller names the hook) and the pool gets a thread in place of the stuck one.

Chunks come from an async stream iterated on the loop (`feed_from`), or from a blocking iterable
iterated in the worker right next to the hooks (`pump_from`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import Executor
from typing import Any, Generic, TypeVar

from agent_core.workers import Workers, close_plugin_stream

logger = logging.getLogger(__name__)

T = TypeVar("T")

MAX_CHUNKS_AHEAD = 128
"""How many chunks of an async stream may be read before their events are taken. A slow consumer
slows the reading down instead of piling up partials (each may hold the whole answer so far); and
a stream whose chunks are all at hand is handed over in batches this big, few enough objects
alive at once that the cyclic collector's young generation (700) does not fill up with them."""

WAKE_EVERY_SECONDS = 0.005
"""A worker that is never short of chunks wakes the loop this often (and whenever it runs out):
a wake-up per chunk would hand the interpreter lock back and forth per chunk."""

CHUNKS_PER_CALL = 16
"""How many chunks a worker hands the handler at once; between two calls it looks at the clock
(to wake the loop every `WAKE_EVERY_SECONDS`)."""

CHECKS_PER_LIMIT = 10
"""How often per time limit the watchdog looks at a busy worker: a stuck call is stopped within
1.1 times the limit."""


class HookOverran(Exception):
    """A hook ran past the time limit; its thread is left to it and replaced in the pool."""


class ChunkProgress:
    """What a chunk handler and its pipeline share: the handler adds one to `handled` after each
    chunk it handled, and returns before its next chunk once `stopped` is set."""

    __slots__ = ("handled", "stopped")

    def __init__(self) -> None:
        self.handled = 0
        self.stopped = False


ChunkHandler = Callable[[Iterable[Any], Callable[[T], Any], ChunkProgress], Any]
"""`handle(chunks, emit, progress)`: handle `chunks` in order, passing each one's events to
`emit`; raise to end the stream."""


class _Ended:
    """How the stream ended: `error` is what it failed with, None when it finished."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException | None) -> None:
        self.error = error


class ChunkPipeline(Generic[T]):
    """Runs `handle(chunks, emit, progress)` (a `ChunkHandler`) over the chunks of one stream on
    the workers, in order; the events it passes to `emit` come out of `take()` in that order.

    Created, fed and read on the event loop's thread; `handle` runs in one worker at a time.
    `running()` names what is stuck (asked only when a call overran). Read the events with
    `take()` until it returns nothing, then `aclose()` (also when leaving early).
    """

    def __init__(
        self,
        workers: Workers,
        handle: ChunkHandler[T],
        *,
        time_limit: float,
        running: Callable[[], str],
    ) -> None:
        self._workers = workers
        self._pool: Executor = workers.pool()
        self._handle = handle
        self._time_limit = time_limit
        self._running = running
        self._loop = asyncio.get_running_loop()
        # Chunks of an async stream: appended on the loop, taken by the worker; then how it ended.
        self._inbox: deque[Any] = deque()
        self._fed_all: _Ended | None = None
        self._lock = threading.Lock()  # for turning `_draining` on and off
        self._draining = False
        # The events of the chunks handled, in order: appended by the worker as they are made (a
        # call that blocks keeps none back), taken on the loop; and how many chunks the handler
        # handled, and whether it should stop.
        self._ready: deque[T] = deque()
        self._progress = ChunkProgress()
        self._ended: _Ended | None = None  # set after the stream's last events are in `_ready`
        self._wake_posted = False
        self._posted_at = 0.0
        self._waiter: asyncio.Future[None] | None = None
        # Whether the worker is in a call (set around a batch, or around each chunk of a pump),
        # and the count of chunks handled when the watchdog first saw the call it is in, with
        # when it saw it (None: not seen busy at its last look).
        self._busy = False
        self._seen_handled: int | None = None
        self._seen_at = 0.0
        self._overran = False
        self._chunks_taken = 0
        self._room: asyncio.Future[None] | None = None
        self._room_at = 0
        self._feeder: asyncio.Task[None] | None = None
        self._watch: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ sources
    def feed_from(self, stream: AsyncIterator[Any]) -> None:
        """Read `stream` on the loop, in a task of its own, and queue its chunks."""
        self._feeder = self._loop.create_task(self._feed(stream))
        self._watch_in(self._time_limit / CHECKS_PER_LIMIT)

    def pump_from(self, produce: Callable[[], Iterable[Any]]) -> None:
        """Iterate the blocking iterable `produce()` in a worker, handling each chunk there.

        Leaving early stops the worker at its next chunk and closes the iterable there, so its
        cleanup runs in the thread that iterated it.
        """
        self._pool.submit(self._pump, produce)
        self._watch_in(self._time_limit / CHECKS_PER_LIMIT)

    async def _feed(self, stream: AsyncIterator[Any]) -> None:
        inbox = self._inbox
        fed = 0
        try:
            async for chunk in stream:
                inbox.append(chunk)
                if not self._draining:
                    self._start_draining()
                fed += 1
                if fed - self._chunks_taken >= MAX_CHUNKS_AHEAD:
                    self._room_at = self._chunks_taken + MAX_CHUNKS_AHEAD // 2
                    self._room = self._loop.create_future()
                    await self._room
        except asyncio.CancelledError as exc:
            # Cancelled by someone else than `aclose`: the reader must know.
            if not self._progress.stopped:
                self._queue_end(exc)
            raise
        except BaseException as exc:  # noqa: BLE001 - the stream's failure, handed on in order
            self._queue_end(exc)
        else:
            self._queue_end(None)

    def _queue_end(self, error: BaseException | None) -> None:
        self._fed_all = _Ended(error)  # after the last chunk: the worker ends the stream with it
        if not self._draining:
            self._start_draining()

    def _start_draining(self) -> None:
        with self._lock:
            if self._draining:
                return
            self._draining = True
        # Once the loop is done with what it is doing (reading more chunks of a stream that has
        # them at hand, handing on events): a worker started at once would wait for the
        # interpreter lock, and the two threads would take turns every few milliseconds.
        self._loop.call_soon(self._submit_drain)

    def _submit_drain(self) -> None:
        try:
            self._pool.submit(self._drain)
        except RuntimeError as exc:  # the core was closed: its pool takes no more work
            self._end(_Ended(exc))

    # ------------------------------------------------------------------ worker side
    def _drain(self) -> None:
        inbox = self._inbox
        while True:
            # Read before `inbox`: the feeder queues the last chunk before it says it fed all.
            fed_all = self._fed_all
            if inbox:
                # Only this worker takes from the inbox: the chunks counted are there.
                chunks = [inbox.popleft() for _ in range(len(inbox))]
                if not self._handle_all(chunks):
                    return  # failed or stopped: `_draining` stays on, nothing more runs
                continue
            if fed_all is not None:
                self._end(fed_all)
                return
            self._busy = False
            self._post_wake()
            with self._lock:
                # A chunk queued after the look above saw `_draining` still on: take it too.
                if not inbox and self._fed_all is None:
                    self._draining = False
                    return

    def _pump(self, produce: Callable[[], Iterable[Any]]) -> None:
        iterator: Any = None
        progress = self._progress
        try:
            iterator = iter(produce())
            for chunk in iterator:
                # The time the next chunk takes to come is not a hook's; and it may be long in
                # coming, so the loop is woken for every chunk.
                if progress.stopped or not self._handled((chunk,)):
                    return
                self._busy = False
                self._post_wake()
            self._end(_Ended(None))
        except BaseException as exc:  # noqa: BLE001 - the stream's failure, handed on in order
            self._end(_Ended(exc))
        finally:
            close_plugin_stream(iterator)

    def _handle_all(self, chunks: list[Any]) -> bool:
        """Handle `chunks` `CHUNKS_PER_CALL` at a time, waking the loop at most every
        `WAKE_EVERY_SECONDS` (`_drain` wakes it when it runs out); False once the stream is over.
        """
        monotonic = time.monotonic
        for start in range(0, len(chunks), CHUNKS_PER_CALL):
            if self._progress.stopped or not self._handled(chunks[start : start + CHUNKS_PER_CALL]):
                return False
            if monotonic() - self._posted_at >= WAKE_EVERY_SECONDS:
                self._post_wake()
        return True

    def _handled(self, chunks: Iterable[Any]) -> bool:
        """One handler call; False (the stream ended) when it raised. The worker counts as busy
        from here until it waits for chunks."""
        self._busy = True
        try:
            self._handle(chunks, self._ready.append, self._progress)
        except BaseException as exc:  # noqa: BLE001 - raised on the loop by `take`
            self._end(_Ended(exc))
            return False
        return True

    def _end(self, ended: _Ended) -> None:
        self._busy = False
        self._ended = ended
        self._post_wake()

    def _post_wake(self) -> None:
        # One wake-up for everything queued until the loop has run it: the flag is cleared on
        # the loop before it looks, so whatever is queued after that look posts anew.
        if self._wake_posted or self._progress.stopped:
            return
        self._wake_posted = True
        self._posted_at = time.monotonic()
        try:
            self._loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the loop closed while a hook was still running
            self._progress.stopped = True

    # ------------------------------------------------------------------ loop side
    def _wake(self) -> None:
        self._wake_posted = False
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def take(self) -> list[T]:
        """The events of the chunks handled since the last call, in order, waiting for at
        least one; an empty list once the stream ended.

        Raises what the stream or `handle` raised, or `HookOverran`.
        """
        ready = self._ready
        while True:
            # Read both before `ready`: the worker queues the last events before it ends the
            # stream, and counts a chunk once its events (if any) are queued.
            ended = self._ended
            self._chunks_taken = self._progress.handled
            room = self._room
            if room is not None and self._chunks_taken >= self._room_at:
                self._room = None
                if not room.done():
                    room.set_result(None)
            if ready:
                # Only the loop takes from `ready`: the events counted are there.
                popleft = ready.popleft
                return [popleft() for _ in range(len(ready))]
            if ended is not None:
                if ended.error is not None:
                    raise ended.error
                return []
            if self._overran:
                raise HookOverran(self._time_limit)
            self._waiter = self._loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None

    def _watch_in(self, seconds: float) -> None:
        self._watch = self._loop.call_later(seconds, self._check)

    def _check(self) -> None:
        """Keep the time limit of the call the worker is in, with one timer per stream.

        The worker only counts the chunks it handled: a call is stuck when the watchdog sees the
        worker busy with the same count over the whole limit (a call that ended moved the
        count). It looks `CHECKS_PER_LIMIT` times per limit, so a stuck call is stopped within
        1.1 times the limit, and never before it ran for the limit.
        """
        self._watch = None
        if self._progress.stopped or self._ended is not None:
            return
        interval = self._time_limit / CHECKS_PER_LIMIT
        handled, busy = self._progress.handled, self._busy
        now = time.monotonic()
        if not busy:
            self._seen_handled = None
            self._watch_in(interval)
            return
        if handled != self._seen_handled:
            # A call begun since the last look (which found the worker idle or in another call).
            self._seen_handled, self._seen_at = handled, now
            self._watch_in(interval)
            return
        left = self._seen_at + self._time_limit - now
        if left > 0:
            self._watch_in(min(interval, left))
            return
        self._overran = True
        self._progress.stopped = (
            True  # the hook's thread, should it return, hands back nothing more
        )
        self._workers.replace_stuck_thread(self._running())
        self._wake()

    async def aclose(self) -> None:
        """Stop: the worker stops at its next chunk and the async stream is no longer read."""
        self._progress.stopped = True
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        feeder = self._feeder
        if feeder is not None and not feeder.done():
            feeder.cancel()
            await asyncio.wait([feeder])
