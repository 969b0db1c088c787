"""Streamed chunks through blocking plugin hooks, off the event loop, in batches.

Every chunk of a streamed answer goes through sync plugin hooks (the provider's and the
extensions' `process_chunk`). They may block, so they never run on the event loop; but a round
trip to a worker thread per chunk cost far more than the hooks themselves (27 µs a chunk on an idle
machine, hundreds on a busy one). A `ChunkPipeline` hands chunks to the worker pool in order
without waiting for each: a worker handles every chunk queued so far in one go, and the loop takes
the events of all chunks handled since it last looked in one wake-up.

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


class HookOverran(Exception):
    """A hook ran past the time limit; its thread is left to it and replaced in the pool."""


class _Ended:
    """How the stream ended: `error` is what it failed with, None when it finished."""

    __slots__ = ("error",)

    def __init__(self, error: BaseException | None) -> None:
        self.error = error


class ChunkPipeline(Generic[T]):
    """Runs `handle(chunk, emit)` for each chunk of one stream on the workers, in order; the
    events it passes to `emit` come out of `take()` in the same order.

    Created, fed and read on the event loop's thread; `handle` runs in one worker at a time.
    `running()` names what is stuck (asked only when a call overran). Read the events with
    `take()` until it returns nothing, then `aclose()` (also when leaving early).
    """

    def __init__(
        self,
        workers: Workers,
        handle: Callable[[Any, Callable[[T], Any]], Any],
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
        # The events of the chunks handled, in order: appended by the worker, taken on the loop;
        # and how many chunks the worker handled (counted after their events are in `_ready`).
        self._ready: deque[T] = deque()
        self._chunks_handled = 0
        self._ended: _Ended | None = None  # set after the stream's last events are in `_ready`
        self._wake_posted = False
        self._posted_at = 0.0
        self._waiter: asyncio.Future[None] | None = None
        # When the worker started the call it is in (time.monotonic), None while it waits.
        self._busy_since: float | None = None
        self._overran = False
        self._stopped = False
        self._chunks_taken = 0
        self._room: asyncio.Future[None] | None = None
        self._room_at = 0
        self._feeder: asyncio.Task[None] | None = None
        self._watch: asyncio.TimerHandle | None = None

    # ------------------------------------------------------------------ sources
    def feed_from(self, stream: AsyncIterator[Any]) -> None:
        """Read `stream` on the loop, in a task of its own, and queue its chunks."""
        self._feeder = self._loop.create_task(self._feed(stream))
        self._watch_in(self._time_limit / 2)

    def pump_from(self, produce: Callable[[], Iterable[Any]]) -> None:
        """Iterate the blocking iterable `produce()` in a worker, handling each chunk there.

        Leaving early stops the worker at its next chunk and closes the iterable there, so its
        cleanup runs in the thread that iterated it.
        """
        self._pool.submit(self._pump, produce)
        self._watch_in(self._time_limit / 2)

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
            if not self._stopped:  # cancelled by someone else than `aclose`: the reader must know
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
                if not self._handle_each(chunks, wake_each=False):
                    return  # failed or stopped: `_draining` stays on, nothing more runs
                continue
            if fed_all is not None:
                self._end(fed_all)
                return
            self._busy_since = None
            self._post_wake()
            with self._lock:
                # A chunk queued after the look above saw `_draining` still on: take it too.
                if not inbox and self._fed_all is None:
                    self._draining = False
                    return

    def _pump(self, produce: Callable[[], Iterable[Any]]) -> None:
        iterator: Any = None
        try:
            iterator = iter(produce())
            if self._handle_each(iterator, wake_each=True):
                self._end(_Ended(None))
        except BaseException as exc:  # noqa: BLE001 - the stream's failure, handed on in order
            self._end(_Ended(exc))
        finally:
            close_plugin_stream(iterator)

    def _handle_each(self, chunks: Iterable[Any], *, wake_each: bool) -> bool:
        """Handle `chunks` in order, queueing their events; False once the stream is over.

        With `wake_each` the loop is woken for every chunk (the next one may be long in coming,
        and the time it takes to come is not a hook's); else at most every
        `WAKE_EVERY_SECONDS` (`_drain` wakes it when it runs out of chunks).
        """
        handle, emit, monotonic = self._handle, self._ready.append, time.monotonic
        for chunk in chunks:
            if self._stopped:
                return False
            started = self._busy_since = monotonic()
            try:
                handle(chunk, emit)
            except BaseException as exc:  # noqa: BLE001 - raised on the loop by `take`
                self._end(_Ended(exc))
                return False
            self._chunks_handled += 1
            if wake_each:
                self._busy_since = None
                self._post_wake()
            elif started - self._posted_at >= WAKE_EVERY_SECONDS:
                self._post_wake()
        return True

    def _end(self, ended: _Ended) -> None:
        self._busy_since = None
        self._ended = ended
        self._post_wake()

    def _post_wake(self) -> None:
        # One wake-up for everything queued until the loop has run it: the flag is cleared on
        # the loop before it looks, so whatever is queued after that look posts anew.
        if self._wake_posted or self._stopped:
            return
        self._wake_posted = True
        self._posted_at = time.monotonic()
        try:
            self._loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the loop closed while a hook was still running
            self._stopped = True

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
            self._chunks_taken = self._chunks_handled
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

        A call that started after this check is looked at again before it can overrun: the next
        check comes within half the limit, and then exactly at its limit.
        """
        self._watch = None
        if self._stopped or self._ended is not None:
            return
        since = self._busy_since
        if since is None:
            self._watch_in(self._time_limit / 2)
            return
        left = since + self._time_limit - time.monotonic()
        if left > 0:
            self._watch_in(left)
            return
        self._overran = True
        self._stopped = True  # the hook's thread, should it return, hands back nothing more
        self._workers.replace_stuck_thread(self._running())
        self._wake()

    async def aclose(self) -> None:
        """Stop: the worker stops at its next chunk and the async stream is no longer read."""
        self._stopped = True
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
        feeder = self._feeder
        if feeder is not None and not feeder.done():
            feeder.cancel()
            await asyncio.wait([feeder])
