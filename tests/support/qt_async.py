"""Run coroutines on the app's loop inside pytest-qt tests (Qt and asyncio on one thread).

Use it from a fixture in the test module:

    @pytest.fixture
    def qt_loop(qapp):
        yield from qt_async_harness(qapp)

Modelled on qasync's own tests: one loop per test (the app's `GuiEventLoop`, a qasync
`QEventLoop`) over the pytest-qt QApplication, an exception handler that fails the test on loop
errors, closed at teardown.
"""

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, TypeVar

import pytest

# How long the harness waits at teardown for the tasks it cancelled.
CANCEL_WAIT_SECONDS = 30

T = TypeVar("T")


class QtAsync:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.errors: list[dict[str, Any]] = []

    def run(self, awaitable: Awaitable[T], timeout: float = 10.0) -> T:
        """Run `awaitable` to completion with Qt events flowing; fail after `timeout` seconds."""
        return self.loop.run_until_complete(asyncio.wait_for(awaitable, timeout))

    async def until(self, condition: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Yield to Qt and asyncio until `condition()` is truthy; return its value."""
        deadline = self.loop.time() + timeout
        while True:
            value = condition()
            if value:
                return value
            if self.loop.time() > deadline:
                raise TimeoutError(f"condition not met within {timeout} s: {condition}")
            await asyncio.sleep(0.01)


def _harness_loop_class() -> type[Any]:
    from agent_desktop.system.event_loop import GuiEventLoop

    class HarnessLoop(GuiEventLoop):
        """A qasync loop whose last event pass in `run_until_complete` still counts as running.

        qasync processes pending events once more after `run_forever` has unset the running loop;
        a task step that lands there (anyio's `open_process`, `asyncio.get_running_loop()`) fails
        with "no running event loop". In the app the loop runs for its whole life, so tests make
        that pass run as it would there.
        """

        running_between_runs = False

        def run_forever(self) -> Any:
            try:
                return super().run_forever()
            finally:
                asyncio.events._set_running_loop(self)

        def run_until_complete(self, future: Any) -> Any:
            try:
                return super().run_until_complete(future)
            finally:
                asyncio.events._set_running_loop(self if self.running_between_runs else None)

        def _run_ready_slice(self) -> None:
            # Qt's events processed between runs (a test waiting on a widget) fire the slice
            # too; there, as in the app, a task step finds its loop running.
            if asyncio.events._get_running_loop() is not None:
                super()._run_ready_slice()
                return
            asyncio.events._set_running_loop(self)
            try:
                super()._run_ready_slice()
            finally:
                asyncio.events._set_running_loop(None)

        def is_running(self) -> bool:
            # Worker threads decide by this whether to hand their work to this loop or run a
            # private one; in the app the loop runs all its life, so between runs it counts too
            # (a private loop would run the tool loop, and ask for approval, off the GUI thread).
            return bool(super().is_running()) or (
                self.running_between_runs and not self.is_closed()
            )

    return HarnessLoop


def qt_async_harness(qapp: Any, *, running_between_runs: bool = False) -> Iterator[QtAsync]:
    """Body of a fixture: `yield from qt_async_harness(qapp)` in a test module's fixture.

    ``running_between_runs``: the loop also counts as running while the test clicks and types
    between `run` calls, as the app's loop does for its whole life (journeys). Qt events a
    click delivers run task steps then, and those steps may need the running loop.
    """
    loop = _harness_loop_class()(qapp, already_running=False)
    loop.running_between_runs = running_between_runs
    harness = QtAsync(loop)

    def handler(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        harness.errors.append(context)

    loop.set_exception_handler(handler)
    asyncio.set_event_loop(loop)
    try:
        yield harness
    finally:
        loop.running_between_runs = False  # lets the loop be closed below
        pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in pending:
            task.cancel()
        if pending:
            # Bounded: a task that does not end when cancelled (it awaits something that cannot
            # be cancelled) is named in a warning instead of holding the whole run up.
            _, stuck = loop.run_until_complete(asyncio.wait(pending, timeout=CANCEL_WAIT_SECONDS))
            if stuck:
                warnings.warn(
                    f"{len(stuck)} task(s) still running {CANCEL_WAIT_SECONDS} s after they were "
                    f"cancelled: {sorted(task.get_name() for task in stuck)}",
                    stacklevel=1,
                )
        asyncio.events._set_running_loop(None)
        loop.close()
        asyncio.set_event_loop(None)
        # Destroy the loop's Qt objects here, on the GUI thread: left to a later garbage
        # collection they may die in a worker thread, which Qt reports as a warning.
        harness.loop = None  # type: ignore[assignment]
        del loop
        gc.collect()
    assert not harness.errors, f"errors on the event loop: {harness.errors}"


@pytest.fixture
def qt_async(qapp: Any) -> Iterator[QtAsync]:
    """The harness as a fixture, for modules that import it by name."""
    yield from qt_async_harness(qapp)
