"""The cyclic collector rests during bulk copies of long sessions, shared by threads."""

from __future__ import annotations

import gc
import threading

import pytest

from agent_core import Message, Session
from agent_core.collector import (
    LARGE_COPY_MESSAGES,
    collect_due_generations,
    collector_resting,
    resting_for,
)


@pytest.fixture(autouse=True)
def collecting():
    collecting_before = gc.isenabled()  # off once a GUI test has run: the GUI thread collects
    # Earlier GUI tests' leftover Qt objects go here, on the GUI thread: with automatic
    # collection on, any live thread (a store's upkeep) could otherwise collect them.
    gc.collect()
    gc.enable()
    yield
    if not collecting_before:
        gc.disable()
    gc.unfreeze()


def test_the_collector_rests_during_the_copy_and_what_it_made_is_frozen():
    frozen_before = gc.get_freeze_count()
    with collector_resting():
        assert not gc.isenabled()
        # Lists: the collector always tracks them; a dict of plain values is untracked, so
        # never frozen, and the count passed only with what else was made meanwhile.
        made = [[number] for number in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen_before + len(made)


def test_the_collector_runs_again_only_when_the_last_copy_in_progress_ends():
    first_inside = threading.Event()
    finish_first = threading.Event()

    def first_copy() -> None:
        with collector_resting():
            first_inside.set()
            finish_first.wait(5)

    thread = threading.Thread(target=first_copy)
    thread.start()
    assert first_inside.wait(5)
    with collector_resting():
        pass
    assert not gc.isenabled()  # the other thread is still copying
    finish_first.set()
    thread.join(5)
    assert gc.isenabled()


def test_a_disabled_collector_stays_disabled():
    gc.disable()
    with collector_resting():
        pass
    assert not gc.isenabled()


def test_only_long_sessions_rest_the_collector():
    seen: list[bool] = []

    class Watching(Message):
        def to_dict(self):
            seen.append(gc.isenabled())
            return super().to_dict()

    short = Session("s", [Watching("user", "hi")] * 10)
    long = Session("l", [Watching("user", "hi")] * LARGE_COPY_MESSAGES)
    short.to_dict()
    assert seen == [True] * 10
    seen.clear()
    assert len(long.to_dict()["messages"]) == LARGE_COPY_MESSAGES
    assert not any(seen)
    assert gc.isenabled()
    with resting_for(LARGE_COPY_MESSAGES - 1):
        assert gc.isenabled()


def test_a_host_collecting_itself_runs_what_is_due_except_while_a_copy_rests():
    gc.disable()  # as the GUI does: it collects on its own thread
    young_threshold = gc.get_threshold()[0]
    with collector_resting():
        copied = [[] for _ in range(2 * young_threshold)]
        assert collect_due_generations() == 0
        assert gc.get_count()[0] > young_threshold  # due, and yet left alone
    kept = [[] for _ in range(2 * young_threshold)]
    cycle: list[object] = []
    cycle.append(cycle)
    del cycle
    assert collect_due_generations() >= 1  # the cycle
    assert gc.get_count()[0] < young_threshold
    assert len(copied) == len(kept)
