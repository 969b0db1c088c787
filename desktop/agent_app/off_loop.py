"""Blocking calls run off the event loop with one wake-up each way: `OffLoop.run`.

`asyncio.to_thread` goes through `ThreadPoolExecutor`: a `concurrent.futures.Future` (a
`threading.Condition` made, taken and notified), the executor's locks and semaphore, and a
second future chained to it for the loop. A tool round makes two such trips (its answer's
commit, its result's): each cost the loop about 70 µs of CPU and the worker 50 µs more, as
much as the commit itself. Here a trip is a queue put, one call on a worker thread, and one
`call_soon_threadsafe` back (about 40 % of that).

The threads start as trips need them (none until the first), at most `max_threads` at once:
one trip blocked in a slow call (a plugin hook) does not hold up the others until that many
are. `close` ends them once their trips are done.
"""

from __future__ import annotations

import asyncio
import contextvars
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
CLOSE_WAIT_SECONDS = 1.0  # for a thread still in a call at `close` (a hung hook is left running)

_Trip = tuple[
    asyncio.AbstractEventLoop, "asyncio.Future[Any]", contextvars.Context, Callable[[], Any]
]


class OffLoop:
    """Threads named `name` that run blocking calls for event loops (see the module docstring).
    Safe to use from several loops; a trip's call runs in a copy of its caller's context."""

    def __init__(self, name: str, max_threads: int = 4) -> None:
        self._name = name
        self._max_threads = max_threads
        self._trips: queue.SimpleQueue[_Trip | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._idle = 0  # threads waiting for a trip and not yet promised one
        self._closed = False

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` on one of the threads; its result, or its exception raised here.
        Cancelling the caller does not stop the call (as with `asyncio.to_thread`)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._lock:
            if self._closed:
                raise RuntimeError(f"{self._name} is closed")
            if self._idle:
                self._idle -= 1  # that thread takes this trip
            elif len(self._threads) < self._max_threads:
                thread = threading.Thread(target=self._work, name=self._name, daemon=True)
                self._threads.append(thread)
                thread.start()
        context = contextvars.copy_context()
        self._trips.put((loop, future, context, lambda: function(*args)))
        return await future

    def close(self) -> None:
        """End the threads once the trips given so far are done (waiting a moment for them, not
        for a call that hangs); later `run` calls fail."""
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        for _thread in threads:
            self._trips.put(None)
        for thread in threads:
            thread.join(CLOSE_WAIT_SECONDS)

    def _work(self) -> None:
        while True:
            trip = self._trips.get()
            if trip is None:
                return
            loop, future, context, call = trip
            result: Any = None
            failure: BaseException | None = None
            try:
                result = context.run(call)
            except BaseException as error:  # noqa: BLE001 - raised again in the caller
                failure = error
            # Free before the caller hears back: its next trip finds this thread, not a new one.
            with self._lock:
                self._idle += 1
            _settle_soon(loop, future, result, failure)


def _settle_soon(
    loop: asyncio.AbstractEventLoop,
    future: asyncio.Future[Any],
    result: Any,
    error: BaseException | None,
) -> None:
    """Hand the trip's outcome to its loop (a loop closed meanwhile has no one waiting)."""
    if not loop.is_closed():
        loop.call_soon_threadsafe(_settle, future, result, error)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():  # the caller stopped waiting; the call itself did run
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
