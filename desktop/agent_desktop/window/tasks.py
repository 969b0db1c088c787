"""The window's background tasks: failures reach sys.excepthook, and closing the window cancels
the ones that only serve it."""

from __future__ import annotations

import sys
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # asyncio loads after the window is on screen (start-up time).
    import asyncio


class WindowTasks:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._window_tasks: set[asyncio.Task[Any]] = set()  # cancelled when the window closes

    def spawn(
        self, coroutine: Coroutine[Any, Any, Any], *, ends_with_window: bool = True
    ) -> asyncio.Task[Any]:
        """Run a coroutine as a task; failures reach sys.excepthook (logged + notice).

        Closing the window cancels the tasks that only serve it (`ends_with_window`); the
        application's own start-up work (plugins, tool servers) is left to its `aclose`."""
        import asyncio

        task: asyncio.Task[Any] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        if ends_with_window:
            self._window_tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def cancel_window_tasks(self) -> None:
        """What the window started for itself (refreshing its panes, imports) would otherwise
        resume after its widgets are gone."""
        for task in list(self._window_tasks):
            task.cancel()

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        self._window_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            assert error is not None
            sys.excepthook(type(error), error, error.__traceback__)
