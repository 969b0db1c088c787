"""The chat column's model picker: a model id wider than the button shows its beginning."""

from __future__ import annotations

import pytest

from agent_app.model_choice import ModelChoice
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


def test_a_long_model_id_shows_its_first_letters(column):
    # Seen walking the app: the picker showed the end of the name, its first letter cut off.
    picker = column.model_picker
    picker.show_choice(ModelChoice("local", LONG_MODEL), "Local server")
    assert picker.fontMetrics().horizontalAdvance(LONG_MODEL) > picker.width()
    assert picker.text().startswith("mistral-small")
    assert picker.text().endswith("…")
    assert LONG_MODEL in picker.toolTip()
    assert picker.width() <= picker.maximumWidth()
