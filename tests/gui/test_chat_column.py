"""The chat column's model picker: a model id wider than its field shows its beginning."""

from __future__ import annotations

import pytest

from agent_desktop.window.chat_column import ChatColumn

pytestmark = pytest.mark.gui

LONG_MODEL = "mistral-small-3.1-24b-instruct-2503-q4_k_m-gguf"


@pytest.fixture
def column(qtbot):
    shown = ChatColumn()
    qtbot.add_widget(shown)
    shown.resize(900, 600)
    shown.show()
    qtbot.wait_exposed(shown)
    return shown


def test_the_model_listed_first_shows_its_first_letters(column):
    # Seen walking the app: the picker showed the end of the name, its first letter cut off.
    line = column.model_picker.lineEdit()
    column.model_picker.addItem(LONG_MODEL)
    assert line.fontMetrics().horizontalAdvance(LONG_MODEL) > line.width()
    assert line.cursorPosition() == 0
    assert line.cursorRect().center().x() < line.fontMetrics().horizontalAdvance("m")


def test_a_model_put_in_the_picker_shows_its_first_letters(column):
    column.model_picker.addItem("short")
    column.show_model(LONG_MODEL)
    line = column.model_picker.lineEdit()
    assert line.text() == LONG_MODEL
    assert line.cursorRect().center().x() < line.fontMetrics().horizontalAdvance("m")
