"""Blocking plugin work kept off the event loop: a bounded thread pool and stream pumps.

Sync hooks that may block (`stream_api`, `call_api`, `prepare`, `execute_tool`, `stream_tool`)
run in the pool on the async path; their results come back as values. Async hooks called from
the blocking API get a private event loop in a worker thread.

A hook the watchdog gave up on keeps its thread (Python cannot stop a thread): the pool gets one
more thread in its place, up to `STUCK_THREADS_CAP`, so stuck plugins never starve later work.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import math
import threading
import weakref
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from agent_core.errors import PluginHookError
from agent_core.hooks import PLUGIN_FAULTS, PluginHandle
from agent_core.types import ProviderRequestCancelled

logger = logging.getLogger(__name__)

T = TypeVar("T")
FailureRecorder = Callable[[PluginHookError], None]
STUCK_THREADS_CAP = 32
"""How many stuck threads the pool replaces; past that, later work waits for free threads."""


def run_on_private_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` on a plain selector loop, for a thread that needs a loop of its own.

    Never `asyncio.run` itself there: under the desktop app (qasync on Python 3.11) the process-wide
    policy makes Qt event loops, and one built off the GUI thread dies and leaves its caller
    waiting forever (compaction hung this way).
    """
    with asyncio.Runner(loop_factory=asyncio.SelectorEventLoop) as runner:
        return runner.run(coroutine)


class _GrowablePool(ThreadPoolExecutor):
    """A `ThreadPoolExecutor` that can take one more thread (in place of a stuck one).

    Uses the executor's own bookkeeping (`_max_workers`, `_adjust_thread_count`), unchanged
    since Python 3.8: a new thread starts at once when work is queued and none is idle.
    """

    def add_thread(self) -> None:
        with self._shutdown_lock:
            if self._shutdown:
                return
            self._max_workers += 1
            self._adjust_thread_count()


class _TimeLimits:
    """The time limits of the calls awaited on one event loop, all kept by one timer.

    `asyncio.wait_for` arms a timer per call and cancels it when the call returns; under qasync
    a cancelled timer stays a live Qt timer until its time would have come (the limit, 30 s).
    A streamed answer runs a hook call per chunk: thousands of live timers piled up and every
    turn of the loop got slower (100 answers streaming at once took twice as long). Here the
    one timer is armed for the earliest limit still running; a call that ends is forgotten.
    Used on its loop's thread only.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        # A heap; an ended call's entry stays until it comes up or the heap is compacted.
        self._deadlines: list[tuple[float, int]] = []
        self._running: dict[int, asyncio.Future[Any]] = {}
        self._overran: set[int] = set()
        self._numbers = itertools.count()
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = math.inf

    def start(self, call: asyncio.Future[Any], seconds: float) -> int:
        """Cancel `call` if it is still running after `seconds`; returns its number."""
        number = next(self._numbers)
        deadline = self._loop.time() + seconds
        heapq.heappush(self._deadlines, (deadline, number))
        self._running[number] = call
        if deadline < self._timer_at:
            self._arm(deadline)
        return number

    def end(self, number: int) -> bool:
        """Forget the call; True when its limit had passed (and it was cancelled for it)."""
        self._running.pop(number, None)
        if len(self._deadlines) > 2 * len(self._running) + 64:
            # A streamed answer ends a call per chunk, each long before its limit: without
            # this the heap would hold every chunk's entry of the last 30 s.
            self._deadlines = [entry for entry in self._deadlines if entry[1] in self._running]
            heapq.heapify(self._deadlines)
        if number in self._overran:
            self._overran.discard(number)
            return True
        return False

    def _arm(self, deadline: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = deadline
        self._timer = self._loop.call_at(deadline, self._expire)

    def _expire(self) -> None:
        self._timer, self._timer_at = None, math.inf
        now = self._loop.time()
        while self._deadlines:
            deadline, number = self._deadlines[0]
            if number in self._running and deadline > now:
                self._arm(deadline)
                return
            heapq.heappop(self._deadlines)
            call = self._running.pop(number, None)
            if call is not None:
                self._overran.add(number)
                call.cancel()


class Workers:
    """A lazily started, bounded `ThreadPoolExecutor` and the helpers that use it."""

    def __init__(self, max_workers: int) -> None:
        self._max_workers = max_workers
        self._lock = threading.Lock()
        self._executor: _GrowablePool | None = None
        self._time_limits: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _TimeLimits] = (
            weakref.WeakKeyDictionary()
        )
        self.stuck_threads = 0
        """Threads the watchdog declared stuck in a plugin hook (they stay busy until it
        returns, if ever)."""

    def pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = _GrowablePool(
                    max_workers=self._max_workers, thread_name_prefix="agent-core"
                )
            return self._executor

    async def run_within(
        self, function: Callable[[], T], seconds: float, running: Callable[[], str]
    ) -> T:
        """Run a blocking call in the pool and await its value for at most `seconds`.

        Raises `TimeoutError` when it takes longer; a call still running then is left to its
        thread, and the pool gets another thread in its place. `running()` names what is stuck
        (asked only then: the plugin hook the call had reached).
        """
        loop = asyncio.get_running_loop()
        with self._lock:
            limits = self._time_limits.get(loop)
            if limits is None:
                limits = self._time_limits[loop] = _TimeLimits(loop)
        submitted = self.pool().submit(function)
        call = asyncio.wrap_future(submitted)
        number = limits.start(call, seconds)
        overran = False
        try:
            return await call
        except asyncio.CancelledError:
            overran = limits.end(number)
            task = asyncio.current_task()
            if not overran or (task is not None and task.cancelling()):
                raise
        finally:
            if not overran:
                limits.end(number)
        if not submitted.cancel():  # it runs (a call still queued is simply dropped)
            self.replace_stuck_thread(running())
        raise TimeoutError

    def replace_stuck_thread(self, what: str) -> None:
        """`what` (a plugin hook) holds a pool thread and will not give it back in time."""
        with self._lock:
            self.stuck_threads += 1
            stuck, executor = self.stuck_threads, self._executor
        if stuck > STUCK_THREADS_CAP:
            logger.error(
                "%s is stuck in a worker thread; %d threads are stuck in plugin hooks, more "
                "than the %d replaced, so later plugin work waits for a free thread. Restart "
                "the app to free them.",
                what,
                stuck,
                STUCK_THREADS_CAP,
            )
            return
        if executor is not None:
            executor.add_thread()
        logger.warning(
            "%s is stuck in a worker thread; another thread takes its place (%d stuck so far).",
            what,
            stuck,
        )

    async def run(self, function: Callable[[], T]) -> T:
        """Run a blocking call in the pool and await its value."""
        return await asyncio.get_running_loop().run_in_executor(self.pool(), function)

    def run_blocking(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run an async-only hook from the blocking API on a private loop in a worker thread
        (the calling thread may already run a loop, so it cannot host one)."""
        return self.pool().submit(run_on_private_loop, coroutine).result()

    async def pump(self, produce: Callable[[], Iterable[T]]) -> AsyncIterator[T]:
        """Iterate a blocking iterable in the pool, handing its items to the event loop.

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
            except BaseException as exc:  # noqa: BLE001 - re-raised by the awaiting coroutine
                deliver("error", exc)
            else:
                deliver("done", None)
            finally:
                close_plugin_stream(iterator)

        loop.run_in_executor(self.pool(), work)
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
        """Release the worker threads (running work finishes in the background)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


async def await_hook(handle: PluginHandle, hook: str, awaitable: Any) -> Any:
    """Await what an async hook returned; failures name the plugin and hook.

    A plugin that implemented the async hook name as a plain function gets its value back.
    """
    if not asyncio.iscoroutine(awaitable) and not isinstance(awaitable, asyncio.Future):
        if not hasattr(awaitable, "__await__"):
            return awaitable
        awaitable = asyncio.ensure_future(awaitable)
    try:
        return await awaitable
    except ProviderRequestCancelled:
        raise
    except PLUGIN_FAULTS as exc:
        raise PluginHookError(handle.name, hook, exc) from exc


async def iterate_plugin_stream(
    handle: PluginHandle, hook: str, stream: AsyncIterator[T], record: FailureRecorder
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
            except PLUGIN_FAULTS as exc:
                raise PluginHookError(handle.name, hook, exc) from exc
            yield item
    finally:
        await aclose_quietly(handle, hook, iterator, record)


async def aclose_quietly(
    handle: PluginHandle, hook: str, iterator: Any, record: FailureRecorder
) -> None:
    """Close an async plugin stream; a failing close is recorded, not raised."""
    aclose = getattr(iterator, "aclose", None)
    if aclose is None:
        return
    try:
        await aclose()
    except PLUGIN_FAULTS as exc:
        record(PluginHookError(handle.name, hook, exc))


def close_quietly(handle: PluginHandle, hook: str, iterator: Any, record: FailureRecorder) -> None:
    """Close a sync plugin stream; a failing close is recorded, not raised."""
    close = getattr(iterator, "close", None)
    if close is None:
        return
    try:
        close()
    except PLUGIN_FAULTS as exc:
        record(PluginHookError(handle.name, hook, exc))


def close_plugin_stream(iterator: object) -> None:
    """Close a plugin's stream (a generator left early frees what it holds); a failure to close
    is logged, never raised over the stream's own outcome."""
    close = getattr(iterator, "close", None)
    if close is None:
        return
    try:
        close()
    except Exception:
        logger.warning("Closing a pumped plugin stream failed", exc_info=True)
