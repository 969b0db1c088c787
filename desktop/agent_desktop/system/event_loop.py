"""The app's asyncio loop: qasync's loop over Qt, with ready callbacks run in short slices.

qasync turns every `call_soon` (each task step, each future's callback) into a Qt timer of its
own: started, fired through a Python `timerEvent` and killed again, 16 µs of GUI-thread time
each against 2 µs on plain asyncio. And one pass of Qt's timers fires every one that is due, so
a hundred chats answering at once ran all their ready steps back to back, the window waiting
for all of them before it could paint or take a key.

Here ready callbacks wait in one queue, in order, and run from a single zero-delay Qt timer for
at most `SLICE_SECONDS` at a time, those scheduled meanwhile included; then Qt has its turn
(paint, input, timers) and the queue goes on. A streaming provider steps once per chunk
(`await asyncio.sleep(0)`): a turn of Qt's event loop per step cost 5,000 chunks 250 ms of a
500 ms stream, so a step scheduled in a slice runs in it while the slice has time.

A callback that makes Qt process events itself (`processEvents`) does not run other callbacks
inside it: they wait for the slice under way, as asyncio's own loop never nests one
callback in another. Delayed callbacks (`call_later`, `asyncio.sleep`), worker threads'
callbacks and file descriptors still go through qasync as before.

After each slice the young generations of cyclic garbage are collected when due
(`gui_thread_collection.after_loop_slice`): small and often, between slices, rather than
thousands of objects at once in the middle of a frame.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections import deque
from collections.abc import Callable, Coroutine
from contextvars import Context
from typing import Any, TypeVar

import qasync
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from agent_desktop.system.gui_thread_collection import after_loop_slice

T = TypeVar("T")

# The longest the loop runs ready callbacks before Qt gets its turn: well under a frame
# (16 ms), so a window with a hundred chats answering paints and takes keys between slices.
# At 4 ms, two slices ran between a 5 ms timer's ticks (as between a key and its answer) and
# with a paint and a collection made frames of 14-21 ms of GUI-thread time.
SLICE_SECONDS = 0.0025

# While the loop runs, a thread waiting for the interpreter's lock asks its holder for it after
# 1 ms, not Python's 5 ms. The GUI thread comes back from Qt (a paint, a timer, a posted event) to
# Python many times a frame, and with a hundred chats answering a worker thread often held the
# lock then: up to 5 ms of waiting each time. 100 answers through the window, alternating runs:
# worst stall median 139 -> 97 ms (4 pairs, load 8-9), 91 -> 72 ms (4 pairs, load 4-5).
SWITCH_INTERVAL_SECONDS = 0.001


class GuiEventLoop(qasync.QEventLoop):  # type: ignore[misc]
    """qasync's `QEventLoop`, its ready callbacks run in bounded slices between Qt's events."""

    def __init__(self, app: QApplication | None = None, **options: Any) -> None:
        # Before qasync's constructor: it may already schedule callbacks.
        self._ready_callbacks: deque[asyncio.Handle] = deque()
        self._slice_timer = QTimer()
        self._slice_timer.setObjectName("asyncio ready callbacks")
        self._slice_timer.setSingleShot(True)
        self._slice_timer.setInterval(0)
        self._slice_timer.timeout.connect(self._run_ready_slice)
        self._in_slice = False
        super().__init__(app, **options)

    def call_soon(
        self, callback: Callable[..., Any], *args: Any, context: Context | None = None
    ) -> asyncio.Handle:
        """Run `callback(*args)` after the callbacks already waiting, in a coming slice."""
        if self.is_closed():
            # A worker thread's callback reaches this loop through a queued Qt signal (qasync's
            # `call_soon_threadsafe`), which may land after the loop closed at exit: dropped, as
            # qasync's own loop drops it, not raised into Qt's event loop.
            handle = asyncio.Handle(callback, args, self, context=context)
            handle.cancel()
            return handle
        if self.get_debug() and not callable(callback):
            raise TypeError(f"a callback must be callable, not {type(callback).__name__}")
        handle = asyncio.Handle(callback, args, self, context=context)
        self._ready_callbacks.append(handle)
        if not self._slice_timer.isActive():
            self._slice_timer.start()
        return handle

    def _run_ready_slice(self) -> None:
        """Run the ready callbacks in order, those they schedule after them, until none is left
        or the slice's time is up; what is left runs after Qt's next events."""
        if self._in_slice:  # Qt's events processed inside a callback: the slice re-arms itself
            return
        ready = self._ready_callbacks
        deadline = time.perf_counter() + SLICE_SECONDS
        self._in_slice = True
        try:
            while ready:
                handle = ready.popleft()
                if not handle.cancelled():
                    handle._run()
                if time.perf_counter() >= deadline:
                    break
            after_loop_slice()
        finally:
            self._in_slice = False
            if ready and not self.is_closed():
                self._slice_timer.start()

    def close(self) -> None:
        super().close()
        self._slice_timer.stop()
        self._ready_callbacks.clear()


def run_on_gui_loop(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on a `GuiEventLoop` over the QApplication already built (what
    `qasync.run` does with qasync's own loop): set as the thread's loop while it runs, with the
    interpreter's switch interval at `SWITCH_INTERVAL_SECONDS`."""
    qt_app = QApplication.instance()
    assert isinstance(qt_app, QApplication), "build the QApplication first"
    runner = asyncio.Runner(loop_factory=lambda: GuiEventLoop(qt_app))
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    try:
        asyncio.set_event_loop(runner.get_loop())
        return runner.run(main)
    finally:
        runner.close()
        asyncio.set_event_loop(None)
        sys.setswitchinterval(switch_interval)
