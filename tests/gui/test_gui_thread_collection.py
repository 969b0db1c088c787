"""Cyclic garbage is collected on the GUI thread only: a worker that allocates never destroys a
Qt object (one destroyed so deadlocked the GUI tests: Qt's lock against the interpreter's). The
young generations are collected between the loop's slices while they are small; the full
collection waits for the GUI thread to be idle (or at most a couple of minutes)."""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocument

from agent_desktop.system import gui_thread_collection
from agent_desktop.system.event_loop import run_on_gui_loop
from agent_desktop.system.gui_thread_collection import COLLECTION_CHECK_MS, IdleCollection

pytestmark = pytest.mark.gui


def test_a_document_in_a_reference_cycle_is_destroyed_on_the_gui_thread_not_by_a_worker(qtbot):
    destroyed_on: list[str] = []

    def abandon_a_document_in_a_cycle() -> None:
        document = QTextDocument()
        document.setHtml("<p>an answer</p>")
        document.itself = document  # type: ignore[attr-defined]  # only the collector frees it
        document.destroyed.connect(
            lambda: destroyed_on.append(threading.current_thread().name),
            Qt.ConnectionType.DirectConnection,  # told on the thread that destroys it
        )

    abandon_a_document_in_a_cycle()
    kept: list[object] = []

    def allocate() -> None:  # as the Markdown renderer or a plugin does: enough for collections
        kept.append([[] for _ in range(20_000)])

    worker = threading.Thread(target=allocate, name="allocating worker")
    worker.start()
    worker.join()
    assert destroyed_on == []
    qtbot.wait_until(lambda: bool(destroyed_on), timeout=5_000)  # the GUI thread's collection timer
    assert destroyed_on == [threading.main_thread().name]


def busy(seconds: float) -> None:
    """Use the GUI thread's CPU as streaming answers do."""
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass


def test_young_garbage_is_collected_right_after_the_slice_that_made_it(qapp: Any) -> None:
    """A callback that leaves thousands of young objects: collected before Qt's next timer, not
    a quarter of a second later by the collection timer (15,000 of them took 5-17 ms)."""
    assert not gc.isenabled(), "the tests' QApplication collects on the GUI thread"
    young_threshold = gc.get_threshold()[0]
    counts_after_slice: list[int] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        seen = loop.create_future()
        kept: list[list[int]] = []

        def allocate() -> None:
            kept.extend([number] for number in range(10 * young_threshold))
            # Qt's next zero timer fires once this slice has ended.
            QTimer.singleShot(0, lambda: seen.set_result(gc.get_count()[0]))

        gc.collect()
        loop.call_soon(allocate)
        counts_after_slice.append(await seen)

    run_on_gui_loop(scenario())

    assert counts_after_slice[0] <= young_threshold, counts_after_slice


@pytest.fixture
def full_collection_due() -> Any:
    """The full collection's count past its threshold, as after a long burst of work."""
    gc.collect()
    full_threshold = gc.get_threshold()[2]
    kept = []
    while gc.get_count()[2] <= full_threshold:
        kept.append([[number] for number in range(100)])
        gc.collect(1)
    yield
    del kept


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The collection's monotonic clock, moved by the test."""
    now = [1000.0]
    monkeypatch.setattr(gui_thread_collection.time, "monotonic", lambda: now[0])
    return now


def test_the_full_collection_waits_while_the_gui_thread_is_busy(
    qapp: Any, full_collection_due: None, clock: list[float]
) -> None:
    interval = COLLECTION_CHECK_MS / 1000
    collection = IdleCollection()
    busy(interval * 0.5)  # half a core through the interval: answers streaming
    clock[0] += interval
    collection.check()
    assert gc.get_count()[2] > gc.get_threshold()[2]  # still due

    # A thread starved of CPU by a busy machine uses little of it, but its loop is busy.
    gui_thread_collection.after_loop_slice()
    clock[0] += interval / 2
    collection.check()
    assert gc.get_count()[2] > gc.get_threshold()[2]

    clock[0] += interval  # an interval with no slice and (next to) no CPU used
    collection.check()
    assert gc.get_count()[2] == 0  # the full collection ran


def test_a_full_collection_waits_at_most_a_couple_of_minutes(
    qapp: Any, full_collection_due: None, clock: list[float]
) -> None:
    collection = IdleCollection()
    busy(COLLECTION_CHECK_MS / 1000 * 0.5)
    collection.check()
    assert gc.get_count()[2] > gc.get_threshold()[2]

    clock[0] += gui_thread_collection.FULL_COLLECTION_WAIT_MOST_SECONDS
    busy(COLLECTION_CHECK_MS / 1000 * 0.5)
    collection.check()
    assert gc.get_count()[2] == 0
