"""Python's cyclic garbage collector, run on the GUI thread only, the full collection when the
thread is idle.

Left to itself, Python collects on whichever thread allocates when a generation fills up: the
Markdown renderer, Qt's thread pool, the core's workers. A document, widget or pixmap caught in a
reference cycle is then destroyed on that worker, off the thread that owns it. One such collection
deadlocked `pytest tests/gui`: the worker, destroying a Qt object, held a Qt lock and waited for
the interpreter; the GUI thread held the interpreter and waited for that lock inside
`QTextDocument::size()`. So automatic collection is off, and the GUI thread runs the collections
Python would have run (same thresholds, see `agent_core.collector`).

When: the young generations after each slice of the app's loop (`after_loop_slice`, called by
`system.event_loop`), while they are small. A timer checking every quarter of a second let a
hundred answers streaming pile up 15,000 young objects between checks, and the collections of
them held the window for 5-17 ms. The full collection walks every object made since start-up (a
hundred answers alive: tens of thousands, 90 ms) and waits for a quarter second in which the
loop ran nothing and the GUI thread was mostly idle, or at most
`FULL_COLLECTION_WAIT_MOST_SECONDS`. Both: a thread starved of CPU by a busy machine uses little
CPU while its loop is full of work.
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QCoreApplication, QTimer

from agent_core.collector import collect_due_generations

# How often the GUI thread looks at the collector's counts when the loop has nothing to run:
# rarely enough to cost nothing idle.
COLLECTION_CHECK_MS = 250
# A check interval in which the loop ran nothing and the GUI thread used less of a core than
# this is idle enough for a full collection (typing and a blinking cursor use far less).
IDLE_CPU_SHARE = 0.1
# A full collection that stays due this long runs even while the GUI thread is busy: cycles
# made in a long burst of work are freed within minutes.
FULL_COLLECTION_WAIT_MOST_SECONDS = 120.0


_last_loop_slice = 0.0  # when the app's loop last ran a slice of callbacks (time.monotonic)


def collect_on_gui_thread(qt_app: QCoreApplication) -> None:
    """From now on cyclic garbage is collected only on the calling (GUI) thread: the young
    generations after each slice of the app's loop and by a timer that lives as long as
    `qt_app`, the full collection by that timer when the thread is idle. Automatic collection must
    be off before any worker thread starts: the entry point turns it off first thing and calls
    this once the window has painted."""
    gc.disable()
    timer = QTimer(qt_app)
    timer.setObjectName("cyclic garbage collection")
    collection = IdleCollection()
    # A lambda, which the connection keeps: a bound method keeps its object only weakly.
    timer.timeout.connect(lambda: collection.check())
    timer.start(COLLECTION_CHECK_MS)


def after_loop_slice() -> None:
    """The app's loop ran a slice of ready callbacks: the young generations' collections that
    are due run now, while they are small, when the GUI thread collects (after
    `collect_on_gui_thread`); and the loop counts as busy for the full collection."""
    global _last_loop_slice
    _last_loop_slice = time.monotonic()
    if not gc.isenabled():
        collect_due_generations(oldest=1)


class IdleCollection:
    """The timer's check: what is due of the young generations, and the full collection once
    the loop and the GUI thread were idle through a check interval (or it has waited too
    long)."""

    def __init__(self) -> None:
        self._last_check_cpu = time.thread_time()
        self._full_due_since: float | None = None

    def check(self) -> None:
        cpu, now = time.thread_time(), time.monotonic()
        interval = COLLECTION_CHECK_MS / 1000
        idle = (
            now - _last_loop_slice >= interval
            and cpu - self._last_check_cpu < IDLE_CPU_SHARE * interval
        )
        middle_count, full_threshold = gc.get_count()[2], gc.get_threshold()[2]
        full_due = bool(full_threshold) and middle_count > full_threshold
        if not full_due:
            self._full_due_since = None
        elif self._full_due_since is None:
            self._full_due_since = now
        waited_most = (
            self._full_due_since is not None
            and now - self._full_due_since >= FULL_COLLECTION_WAIT_MOST_SECONDS
        )
        collect_due_generations(oldest=2 if idle or waited_most else 1)
        self._last_check_cpu = time.thread_time()
