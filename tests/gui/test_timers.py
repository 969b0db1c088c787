"""`SelfStoppingTimer`: a slot that raises is reported once and its timer stops."""

from __future__ import annotations

import weakref

import pytest
from PySide6.QtCore import QObject

from agent_desktop.toolkit.timers import SelfStoppingTimer

pytestmark = pytest.mark.gui


class Ticker(QObject):
    def __init__(self, fail_at: int) -> None:
        super().__init__()
        self.ticks = 0
        self._fail_at = fail_at

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks >= self._fail_at:
            raise IndexError("row -1 of nothing")


def test_a_timer_whose_slot_raises_stops_and_the_error_is_reported_once(qtbot):
    ticker = Ticker(fail_at=3)
    timer = SelfStoppingTimer(ticker.tick, 0, ticker)
    with qtbot.capture_exceptions() as raised:
        timer.start()
        qtbot.wait_until(lambda: not timer.isActive())
        qtbot.wait(50)  # a QTimer would have raised hundreds of times meanwhile
    assert ticker.ticks == 3
    assert [type(error) for _kind, error, _trace in raised] == [IndexError]

    with qtbot.capture_exceptions() as raised:
        timer.start()  # started again, it runs (and here fails) again
        qtbot.wait_until(lambda: not timer.isActive())
    assert ticker.ticks == 4
    assert len(raised) == 1


def test_a_single_shot_timer_runs_its_slot_once(qtbot):
    ticker = Ticker(fail_at=10)
    timer = SelfStoppingTimer(ticker.tick, 0, ticker, single_shot=True)
    timer.start()
    qtbot.wait(50)
    assert ticker.ticks == 1
    assert not timer.isActive()


def test_the_timer_keeps_no_strong_reference_to_the_slot_s_owner(qtbot):
    """The owner holds its timer; the timer holding the owner back would be a reference cycle
    that only the garbage collector frees, on whatever thread it runs."""
    ticker = Ticker(fail_at=10)
    timer = SelfStoppingTimer(ticker.tick, 0, None)  # no parent: the timer outlives the owner
    owner = weakref.ref(ticker)
    del ticker
    assert owner() is None
    timer.start()
    qtbot.wait(20)
    assert not timer.isActive()  # the slot's owner is gone: the timer stopped itself
