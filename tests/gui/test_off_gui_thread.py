"""Work run off the GUI thread: everything it holds comes back to the GUI thread to be released."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QObject, Qt

from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

pytestmark = pytest.mark.gui


class Result:
    def __init__(self, released_on: list[tuple[str, str]]) -> None:
        self.released_on = released_on

    def __del__(self) -> None:
        self.released_on.append(("result", threading.current_thread().name))


def test_what_the_work_captured_and_returned_is_released_on_the_gui_thread(qtbot):
    owner = QObject()
    released_on: list[tuple[str, str]] = []
    captured = QObject()  # a widget or image a closure took along
    captured.destroyed.connect(
        lambda: released_on.append(("captured", threading.current_thread().name)),
        Qt.ConnectionType.DirectConnection,
    )

    def work(captured: QObject = captured) -> Result:
        assert captured is not None  # it is held until the work is done
        return Result(released_on)

    delivered: list[Result] = []
    run_off_gui_thread(owner, work, delivered.append)
    del captured, work
    qtbot.wait_until(lambda: bool(delivered))
    delivered.clear()
    qtbot.wait_until(lambda: len(released_on) == 2)
    gui_thread = threading.main_thread().name
    assert sorted(released_on) == [("captured", gui_thread), ("result", gui_thread)]


def test_work_that_fails_is_logged_and_done_is_not_called(qtbot, caplog):
    owner = QObject()
    delivered: list[object] = []

    def work() -> None:
        raise OSError("the disk is gone")

    run_off_gui_thread(owner, work, delivered.append)
    qtbot.wait_until(lambda: "the disk is gone" in caplog.text)
    assert delivered == []
    assert "background work for QObject failed" in caplog.text
