"""In-flight request tracking, prompt cancellation, and the sync face of the async SDK code.

Each provider instance keeps an :class:`ActiveRequests` registry. A streamed request runs its SDK
iteration in a small pump task; ``cancel_request(request_id)`` cancels that task from any thread,
which aborts the socket read at once and closes the HTTP response. The consumer then sees
:class:`agent_core.ProviderRequestCancelled`.

The sync hooks (``stream_api``, ``call_api``) drive the same async code on a private event loop in a
helper thread, so there is one implementation of every request and it works whether or not the
calling thread already runs an event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

from agent_core import ProviderRequestCancelled
from agent_core.workers import run_on_private_loop

T = TypeVar("T")

_ITEM, _END, _FAILED = "item", "end", "failed"


@dataclass
class _ActiveRequest:
    loop: asyncio.AbstractEventLoop
    task: asyncio.Task[None]
    cancelled: bool = False


class ActiveRequests:
    """Requests a provider instance is serving, by request id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: dict[str, _ActiveRequest] = {}

    def __contains__(self, request_id: object) -> bool:
        with self._lock:
            return request_id in self._requests

    def cancel(self, request_id: str) -> bool:
        """Abort the request's HTTP stream now; ``False`` when nothing runs under that id."""
        with self._lock:
            active = self._requests.get(request_id)
            if active is None:
                return False
            active.cancelled = True
        if not active.loop.is_closed():
            active.loop.call_soon_threadsafe(active.task.cancel)
        return True

    async def stream(
        self, source: AsyncIterator[T], request_id: str | None
    ) -> AsyncGenerator[T, None]:
        """Yield from ``source``, cancellable through :meth:`cancel` while it runs."""
        if request_id is None:
            async for item in source:
                yield item
            return
        items: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

        async def pump() -> None:
            try:
                async for item in source:
                    items.put_nowait((_ITEM, item))
                items.put_nowait((_END, None))
            except asyncio.CancelledError:
                items.put_nowait((_FAILED, ProviderRequestCancelled(request_id)))
                raise
            except Exception as error:  # noqa: BLE001 - handed to the consumer, which raises it
                items.put_nowait((_FAILED, error))
            finally:
                await _aclose(source)

        task = asyncio.get_running_loop().create_task(pump())
        with self._lock:
            if request_id in self._requests:
                task.cancel()
                raise ValueError(f"request id {request_id!r} is already in flight")
            self._requests[request_id] = _ActiveRequest(asyncio.get_running_loop(), task)
        try:
            while True:
                kind, value = await items.get()
                if kind == _END:
                    return
                if kind == _FAILED:
                    raise value
                yield value
        finally:
            with self._lock:
                self._requests.pop(request_id, None)
            if not task.done():
                task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def run(self, work: Callable[[], Awaitable[T]], request_id: str | None) -> T:
        """Await ``work()``, cancellable through :meth:`cancel` while it runs."""

        async def single() -> AsyncIterator[T]:
            yield await work()

        results = self.stream(single(), request_id)
        try:
            async for result in results:
                return result
        finally:
            await results.aclose()
        raise ProviderRequestCancelled(request_id)


async def _aclose(source: AsyncIterator[Any]) -> None:
    close = getattr(source, "aclose", None)
    if close is not None:
        await close()


def iterate_in_thread(make_source: Callable[[], AsyncIterator[T]]) -> Generator[T, None, None]:
    """Iterate an async iterator from sync code, on a private loop in a helper thread.

    Leaving the loop early (``break``, an exception, ``close()``) cancels the async side and waits
    for its cleanup, so no connection or thread is left behind.
    """
    handoff: queue.Queue[tuple[str, Any]] = queue.Queue()
    started = threading.Event()
    control: dict[str, Any] = {}

    async def drain() -> None:
        control["loop"] = asyncio.get_running_loop()
        control["task"] = asyncio.current_task()
        started.set()
        try:
            async for item in make_source():
                handoff.put((_ITEM, item))
            handoff.put((_END, None))
        except asyncio.CancelledError:
            handoff.put((_END, None))
        except BaseException as error:  # noqa: BLE001 - re-raised in the consuming thread
            handoff.put((_FAILED, error))

    worker = threading.Thread(target=run_on_private_loop, args=(drain(),), daemon=True)
    worker.start()
    started.wait()
    try:
        while True:
            kind, value = handoff.get()
            if kind == _END:
                return
            if kind == _FAILED:
                raise value
            yield value
    finally:
        loop: asyncio.AbstractEventLoop = control["loop"]
        if worker.is_alive() and not loop.is_closed():
            # RuntimeError: the loop closed between the check and the call; nothing to cancel.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(control["task"].cancel)
        worker.join()


def run_in_thread(make_work: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to completion from sync code (see :func:`iterate_in_thread`)."""

    async def single() -> AsyncIterator[T]:
        yield await make_work()

    with contextlib.closing(iterate_in_thread(single)) as results:
        for result in results:
            return result
    raise RuntimeError("the request ended without a result")
