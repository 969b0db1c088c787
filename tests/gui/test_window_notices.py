"""The window's notices as a part of their own (`window.notices`): built into the layout they are
handed, with no window around them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from agent_desktop.window.notice_bar import BUSY_TOPIC, EDITING_TOPIC
from agent_desktop.window.notices import WindowNotices

pytestmark = pytest.mark.gui


@pytest.fixture
def host(qtbot) -> Iterator[QVBoxLayout]:
    page = QWidget()  # held until teardown: the layout lives as long as its widget
    qtbot.add_widget(page)
    page.show()
    yield QVBoxLayout(page)
    page.close()


def test_the_bar_is_built_by_the_first_notice_into_the_layout_it_was_handed(host):
    notices = WindowNotices(host)
    assert notices.bar_if_built() is None
    assert host.count() == 0  # most starts show no notice: nothing built for it

    notices.show_notice("Settings could not be read; they were set aside.")

    bar = notices.bar_if_built()
    assert bar is not None
    assert bar.isVisible()
    assert bar.label.text() == "Settings could not be read; they were set aside."
    assert host.count() == 1
    notices.show_error("The disk is full.")
    assert notices.bar is bar  # one bar, built once
    assert host.count() == 1


def test_undo_is_offered_only_when_what_was_done_can_be_taken_back(host):
    notices = WindowNotices(host)
    undone: list[bool] = []

    notices.notice_with_undo("Project made of notes/", lambda: undone.append(True))
    assert notices.bar.action_button.isVisible()
    assert notices.bar.action_button.text() == "Undo"
    notices.bar.action_button.click()
    assert undone == [True]
    assert not notices.bar.isVisible()

    notices.notice_with_undo("3 files attached", None)
    assert notices.bar.isVisible()
    assert not notices.bar.action_button.isVisible()


def test_a_free_chat_withdraws_still_working_and_an_edits_note_but_nothing_else(host):
    notices = WindowNotices(host)
    notices.withdraw_busy_notice()  # before any notice: nothing to build, nothing to hide
    assert notices.bar_if_built() is None

    for topic in (BUSY_TOPIC, EDITING_TOPIC):
        notices.show_notice("The agent is still answering in this chat.", topic=topic)
        notices.withdraw_busy_notice()
        assert not notices.bar.isVisible()

    notices.show_notice("Exported to notes.md")
    notices.withdraw_busy_notice()
    assert notices.bar.isVisible()
