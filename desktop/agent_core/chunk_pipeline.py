"""Streamed chunks through blocking plugin hooks, off the event loop, in batches.

Every chunk of a streamed answer goes through sync plugin hooks (the provider's and the
extensions' `process_chunk`). They may block, so they never run on the event loop; but a round
trip to a worker thread per chunk cost far more than the hooks themselves (27 µs a chunk on an idle
machine, hundreds on a busy one). A `ChunkPipeline` hands chunks to the worker pool in order
without waiting for each: the chunks an async stream had at hand go over as one list once the
stream waits (or once many were read), a worker handles every chunk queued so far in one go, and
the loop takes the events of all chunks handled since it last looked in one wake-up. The handler
gets the chunks several at a time (`CHUNKS_PER_CALL`, more while its calls are quick) and loops
over them itself: a call per chunk, with its bookkeeping, cost more than a fast chunk's hooks.

A caller to whom an event supersedes the one before it (a partial is the answer so far) says so
(`supersedes`): an event not yet taken is then replaced by the next of its kind, so the events
waiting stay few however far ahead the stream is read, and it is read far ahead
(`MAX_CHUNKS_AHEAD_LATEST`): fewer hand-overs, each a wake-up of a thread.

The loop still never waits on a hook: a hook running longer than the time limit ends the stream
with `HookOverran` (the caller names the hook) and the pool gets a thread in place of the stuck one.

Chunks come from an async stream iterated on the loop (`feed_from`), or from a blocking iterable
iterated in the worker right next to the hooks (`pump_from`).
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from concurrent.futures import Executor
from operator import length_hint
from types import FrameType
from typing import Any, Generic, TypeVar

from agent_core.workers import Workers, close_plugin_stream

logger = logging.getLogger(__name__)

T = TypeVar("T")

MAX_CHUNKS_AHEAD = 128
"""How many chunks of an async stream may be read before their events are taken, when every
event is handed out: a slow consumer slows the reading down instead of piling up partials (each
may hold the whole answer so far)."""

MAX_CHUNKS_AHEAD_LATEST = 8192
"""The same when a pending event is superseded by the next one of its kind (`supersedes`): the
events waiting hold one partial, however far ahead the stream is read, so only the chunks
themselves (a native chunk is a small delta) are bounded. A stream whose chunks are all at hand
then reaches the worker in a few big batches: each hand-over and wake-up of a thread costs about
as much as a hundred fast chunks' hooks."""

WAKE_EVERY_SECONDS = 0.005
"""A worker that is never short of chunks wakes the loop this often (and whenever it runs out):
a wake-up per chunk would hand the interpreter lock back and forth per chunk."""

CHUNKS_PER_CALL = 16
"""How many chunks a worker hands the handler in a stream's first call; between two calls it
looks at the clock (to wake the loop every `WAKE_EVERY_SECONDS`)."""

MAX_CHUNKS_PER_CALL = 256
"""A call that took less than an eighth of `WAKE_EVERY_SECONDS` doubles the next one's chunks, up
to this many: a call's bookkeeping cost about as much as a dozen fast chunks' hooks. One that
took more than a quarter halves the next, down to one chunk, so the loop is still woken about
every `WAKE_EVERY_SECONDS` and sees a slow handler's events as they come."""

CHECKS_PER_LIMIT = 10
"""How often per time limit the watchdog looks at a busy worker: a stuck call is stopped within
1.1 times the limit."""


class HookOverran(Exception):
    """A hook ran past the time limit; its thread is left to it and replaced in the pool."""


class ChunkProgress:
    """What a chunk handler and its pipeline share: the handler returns before its next chunk
    once `stopped` is set; `handled` counts the chunks of the calls that returned (the pipeline
    counts them: a count per chunk made a new int per chunk)."""

    __slots__ = ("handled", "stopped")

    def __init__(self) -> None:
        self.handled = 0
        self.stopped = False


ChunkHandler = Callable[[Iterator[Any], Callable[[T], Any], ChunkProgress], Any]
"""`handle(chunks, emit, progress)`: take the chunks from the iterator `chunks` one at a time and
handle each, in order, passing its events to `emit`; raise to end the stream. The watchdog tells
how far a call got by what is left in `chunks`."""


class _Ended:
    """How the stream ended: `error` is what it failed with, None when it finished."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException | None) -> None:
        self.error = error


class ChunkPipeline(Generic[T]):
    """Runs `handle(chunks, emit, progress)` (a `ChunkHandler`) over the chunks of one stream on
    the workers, in order; the events it passes to `emit` come out of `take()` in that order.

    Created, fed and read on the event loop's thread; `handle` runs in one worker at a time.
    `running(frame)` names what is stuck, given the stuck worker's current frame (asked only
    when a call overran). Read the events with `take()` until it returns nothing, then
    `aclose()` (also when leaving early).
    """

    def __init__(
        self,
        workers: Workers,
        handle: ChunkHandler[T],
        *,
        time_limit: float,
        running: Callable[[FrameType | None], str],
        supersedes: Callable[[T], bool] | None = None,
    ) -> None:
        self._workers = workers
        self._pool: Executor = workers.pool()
        self._handle = handle
        self._time_limit = time_limit
        self._running = running
        self._loop = asyncio.get_running_loop()
        # Chunks of an async stream read since the loop last handed them over (`_hand_over`,
        # run when the stream waits, or when many were read), then the lists handed over: taken
        # by the worker; then how the stream ended.
        self._pending: list[Any] = []
        self._inbox: deque[list[Any]] = deque()
        self._ahead = MAX_CHUNKS_AHEAD if supersedes is None else MAX_CHUNKS_AHEAD_LATEST
        self._fed_all: _Ended | None = None
        self._lock = threading.Lock()  # for turning `_draining` on and off
        self._draining = False
        # The events of the chunks handled, in order: appended by the worker as they are made (a
        # call that blocks keeps none back), taken on the loop; and how many chunks the handler
        # handled, and whether it should stop.
        self._ready: deque[T] = deque()
        # Whether an event replaces the one before it when that is of its kind and not yet
        # taken; the worker and the loop then touch `_ready` under `_ready_lock`.
        self._supersedes = supersedes
        self._ready_lock = threading.Lock()
        self._progress = ChunkProgress()
        self._ended: _Ended | None = None  # set after the stream's last events are in `_ready`
        self._wake_posted = False
        self._posted_at = 0.0
        self._waiter: asyncio.Future[None] | None = None
        # Whether the worker is in a call (set around a batch, or around each chunk of a pump),
        # and the count of chunks handled when the watchdog first saw the call it is in, with
        # when it saw it (None: not seen busy at its last look).
        self._busy = False
        self._worker_thread = 0  # the `threading.get_ident()` of the thread handling chunks
        self._call: Iterator[Any] = iter(())
        self._call_size = CHUNKS_PER_CALL
        self._seen_at_chunk: tuple[int, int] | None = None
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
        pending = self._pending
        append = pending.append
        hand_over = self._hand_over
        call_soon = self._loop.call_soon
        ahead = self._ahead
        # How far ahead the stream is read is looked at every `look_every` chunks, counted down
        # in a small int (a count past 256 makes a new int per chunk).
        look_every = min(ahead // 2, 256)
        left = look_every
        fed = 0
        try:
            async for chunk in stream:
                if not pending:
                    # Handed over once the stream waits (the loop runs callbacks only then):
                    # chunks at hand go to the worker together, with one wake-up of its thread.
                    call_soon(hand_over)
                append(chunk)
                left -= 1
                if left:
                    continue
                left = look_every
                fed += look_every
                if fed - self._chunks_taken >= ahead:
                    self._queue_pending()
                    if not self._draining:
                        self._start_draining()
                    while fed - self._chunks_taken >= ahead:
                        self._room_at = self._chunks_taken + ahead // 2
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

    def _hand_over(self) -> None:
        """Queue the chunks read so far for the worker and start it (the loop runs this once
        the stream waits: the worker may start at once)."""
        self._queue_pending()
        if self._inbox and not self._draining:
            self._start_draining(at_once=True)

    def _queue_pending(self) -> None:
        pending = self._pending
        if pending:
            self._inbox.append(pending.copy())
            pending.clear()

    def _queue_end(self, error: BaseException | None) -> None:
        self._queue_pending()
        self._fed_all = _Ended(error)  # after the last chunk: the worker ends the stream with it
        if not self._draining:
            self._start_draining()

    def _start_draining(self, *, at_once: bool = False) -> None:
        with self._lock:
            if self._draining:
                return
            self._draining = True
        if at_once:
            self._submit_drain()
            return
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
        self._worker_thread = threading.get_ident()
        inbox = self._inbox
        while True:
            # Read before `inbox`: the feeder queues the last chunk before it says it fed all.
            fed_all = self._fed_all
            if inbox:
                if not self._handle_all(inbox.popleft()):
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
        self._worker_thread = threading.get_ident()
        try:
            iterator = iter(produce())
            for chunk in iterator:
                # The time the next chunk takes to come is not a hook's; and it may be long in
                # coming, so the loop is woken for every chunk.
                if progress.stopped or not self._handled([chunk]):
                    return
                self._busy = False
                self._post_wake()
            self._end(_Ended(None))
        except BaseException as exc:  # noqa: BLE001 - the stream's failure, handed on in order
            self._end(_Ended(exc))
        finally:
            close_plugin_stream(iterator)

    def _handle_all(self, chunks: list[Any]) -> bool:
        """Handle `chunks` a call's worth at a time (see `MAX_CHUNKS_PER_CALL`), waking the loop
        at most every `WAKE_EVERY_SECONDS` (`_drain` wakes it when it runs out); False once the
        stream is over."""
        monotonic = time.monotonic
        size, start, count = self._call_size, 0, len(chunks)
        began = monotonic()
        while start < count:
            if self._progress.stopped or not self._handled(chunks[start : start + size]):
                return False
            start += size
            now = monotonic()
            if now - began < WAKE_EVERY_SECONDS / 8:
                size = min(size * 2, MAX_CHUNKS_PER_CALL)
            elif now - began > WAKE_EVERY_SECONDS / 4:
                size = max(size // 2, 1)
            if now - self._posted_at >= WAKE_EVERY_SECONDS:
                self._post_wake()
            began = now
        self._call_size = size
        return True

    def _handled(self, chunks: list[Any]) -> bool:
        """One handler call; False (the stream ended) when it raised. The worker counts as busy
        from here until it waits for chunks."""
        call = iter(chunks)
        self._call = call  # before `_busy`: the watchdog reads what is left of it
        self._busy = True
        emit = self._ready.append if self._supersedes is None else self._put_superseding
        try:
            self._handle(call, emit, self._progress)
        except BaseException as exc:  # noqa: BLE001 - raised on the loop by `take`
            self._end(_Ended(exc))
            return False
        self._progress.handled += len(chunks)
        return True

    def _put_superseding(self, event: T) -> None:
        supersedes = self._supersedes
        assert supersedes is not None
        ready = self._ready
        with self._ready_lock:
            if ready and supersedes(event) and supersedes(ready[-1]):
                ready[-1] = event
            else:
                ready.append(event)

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
                if self._supersedes is not None:
                    with self._ready_lock:  # the worker may be replacing the last one
                        taken = list(ready)
                        ready.clear()
                    return taken
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
        """Keep the time limit of the chunk the worker is in, with one timer per stream.

        Where the worker is: the chunks of the calls that returned and what is left of its
        call's chunks (the handler takes each chunk as it begins it). A chunk's hooks are stuck
        when the watchdog sees the worker busy at the same chunk over the whole limit. It looks
        `CHECKS_PER_LIMIT` times per limit, so a stuck hook is stopped within 1.1 times the
        limit, and never before it ran for the limit.
        """
        self._watch = None
        if self._progress.stopped or self._ended is not None:
            return
        interval = self._time_limit / CHECKS_PER_LIMIT
        busy = self._busy
        at_chunk = (self._progress.handled, length_hint(self._call))
        now = time.monotonic()
        if not busy:
            self._seen_at_chunk = None
            self._watch_in(interval)
            return
        if at_chunk != self._seen_at_chunk:
            # A chunk begun since the last look (which found the worker idle or at another one).
            self._seen_at_chunk, self._seen_at = at_chunk, now
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
        stuck_at = sys._current_frames().get(self._worker_thread)
        self._workers.replace_stuck_thread(self._running(stuck_at))
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
