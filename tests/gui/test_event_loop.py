"""The app's event loop (`agent_desktop.system.event_loop`): asyncio's ready callbacks run in
order, in slices short enough that Qt paints and takes input between them however many are
ready, and the entry point runs the app on it."""

from __future__ import annotations

import asyncio
import itertools
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from tests.support.app_process import start_app

from agent_desktop.system.event_loop import (
    SLICE_SECONDS,
    SWITCH_INTERVAL_SECONDS,
    GuiEventLoop,
    run_on_gui_loop,
)

pytestmark = pytest.mark.gui

CALLBACK_SECONDS = 0.002
READY_CALLBACKS = 100


def busy(seconds: float) -> None:
    """Hold the GUI thread as a callback with work to do would."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


def test_ready_callbacks_run_in_the_order_they_were_scheduled(qapp: Any) -> None:
    ran: list[str] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        assert isinstance(loop, GuiEventLoop)
        done = loop.create_future()

        def first() -> None:
            ran.append("first")
            loop.call_soon(ran.append, "scheduled by first")  # after those already waiting

        loop.call_soon(first)
        skipped = loop.call_soon(ran.append, "cancelled")
        loop.call_soon(ran.append, "second")
        skipped.cancel()
        loop.call_soon(lambda: loop.call_soon(done.set_result, None))
        await done

    run_on_gui_loop(scenario())

    assert ran == ["first", "second", "scheduled by first"]


def test_a_callback_processing_qt_events_runs_no_other_callback_inside_it(qapp: Any) -> None:
    """Painting from inside a callback (`processEvents`) leaves the other ready callbacks for
    after it, as asyncio's loop does: run inside it, a task step could re-enter its own task."""
    ran: list[str] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        done = loop.create_future()

        def painting() -> None:
            ran.append("painting starts")
            loop.call_soon(ran.append, "waiting")
            qapp.processEvents()
            ran.append("painting ends")

        loop.call_soon(painting)
        loop.call_soon(lambda: loop.call_soon(done.set_result, None))
        await done

    run_on_gui_loop(scenario())

    assert ran == ["painting starts", "painting ends", "waiting"]


def test_qt_gets_its_turn_while_a_hundred_callbacks_are_ready(qapp: Any) -> None:
    """A hundred chats' steps ready at once: a Qt timer (as painting and keys are) runs after
    a slice of them, not after all of them (qasync ran every ready one first: 200 ms here)."""
    ran_before_qt: list[int] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        ran = 0
        done = loop.create_future()

        def step() -> None:
            nonlocal ran
            busy(CALLBACK_SECONDS)
            ran += 1
            if ran == READY_CALLBACKS:
                done.set_result(None)

        ticker = QTimer()
        ticker.setInterval(1)
        ticker.timeout.connect(lambda: ran_before_qt.append(ran))
        ticker.start()
        await asyncio.sleep(0.01)  # the ticker runs
        ran_before_qt.clear()
        for _ in range(READY_CALLBACKS):
            loop.call_soon(step)
        await done
        ticker.stop()

    run_on_gui_loop(scenario())

    assert ran_before_qt, "Qt's timer never ran while the callbacks did"
    per_slice = SLICE_SECONDS / CALLBACK_SECONDS + 1
    assert ran_before_qt[0] <= per_slice, ran_before_qt
    # And every slice after it: Qt keeps getting its turn until the last callback ran.
    steps = [after - before for before, after in itertools.pairwise(ran_before_qt)]
    assert max(steps, default=0) <= per_slice, ran_before_qt


def test_a_task_stepping_a_thousand_times_gives_qt_a_turn_per_slice_not_per_step(
    qapp: Any,
) -> None:
    """A stream that yields after each chunk (a provider's `await asyncio.sleep(0)`) schedules
    its next step from inside the slice: the step runs in the same slice while time is left,
    not after a whole turn of Qt's event loop per chunk (5,000 chunks spent 250 ms there)."""
    steps = 1000
    qt_turns = 0

    def count_turn() -> None:
        nonlocal qt_turns
        qt_turns += 1

    async def scenario() -> None:
        ticker = QTimer()
        ticker.setInterval(0)
        ticker.timeout.connect(count_turn)
        ticker.start()
        for _ in range(steps):
            await asyncio.sleep(0)
        ticker.stop()

    run_on_gui_loop(scenario())

    # Each slice lasts up to SLICE_SECONDS; a thousand trivial steps take a few of them.
    assert qt_turns < steps / 10, qt_turns


def test_the_app_runs_on_the_gui_event_loop(tmp_path: Path) -> None:
    """Started through its entry point, the app's loop is the one with bounded slices."""
    seen = start_app(tmp_path / "home")

    assert seen["shown"]
    assert seen["loop"] == "GuiEventLoop"


def test_qt_gets_its_turn_after_at_most_three_milliseconds_of_callbacks(qapp: Any) -> None:
    """Callbacks of a millisecond each (a hundred chats' steps): at most three run before Qt's
    next turn. Slices of 4 ms ran four, and a 5 ms timer (a key, a paint) then waited for two
    slices with a paint and a collection between: frames of 14-21 ms of GUI-thread time."""
    ran_before_qt: list[int] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        ran = 0
        done = loop.create_future()

        def step() -> None:
            nonlocal ran
            busy(0.001)
            ran += 1
            if ran == READY_CALLBACKS:
                done.set_result(None)

        ticker = QTimer()
        ticker.setInterval(0)
        ticker.timeout.connect(lambda: ran_before_qt.append(ran))
        ticker.start()
        await asyncio.sleep(0.01)
        ran_before_qt.clear()
        for _ in range(READY_CALLBACKS):
            loop.call_soon(step)
        await done
        ticker.stop()

    run_on_gui_loop(scenario())

    steps = [after - before for before, after in itertools.pairwise(ran_before_qt)]
    assert steps, "Qt's timer never ran while the callbacks did"
    assert max(steps) <= 3, ran_before_qt


def test_a_worker_hands_the_interpreter_back_within_a_millisecond_while_the_loop_runs(
    qapp: Any,
) -> None:
    """The GUI thread, back from Qt to Python, waits for a worker holding the interpreter's lock
    at most the switch interval: 1 ms while the app's loop runs, Python's own outside it."""
    outside = sys.getswitchinterval()
    seen: list[float] = []

    async def scenario() -> None:
        seen.append(sys.getswitchinterval())

    run_on_gui_loop(scenario())

    assert seen == [SWITCH_INTERVAL_SECONDS]
    assert SWITCH_INTERVAL_SECONDS <= 0.001
    assert sys.getswitchinterval() == outside
