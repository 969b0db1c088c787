"""The Ask several popup: Send waits for 2 to 4 checked models and for a message in the box,
and says so when the box is empty."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from agent_app.model_catalog import ModelInfo, ProviderModels
from agent_app.model_choice import ModelChoice
from agent_desktop.composer.ask_several import AskSeveralButton
from agent_desktop.composer.message_composer import Composer

pytestmark = pytest.mark.gui

LOCAL = ProviderModels(
    "local", "Local server", "llama-3", (ModelInfo("llama-3", "llama-3"), ModelInfo("qwen", "qwen"))
)


@pytest.fixture
def composer_and_button(qtbot):
    composer = Composer()
    qtbot.add_widget(composer)
    button = AskSeveralButton(composer.has_message)
    qtbot.add_widget(button)
    button.show()
    button.popup.show_models([LOCAL])
    for row in range(button.popup.list.count()):
        button.popup.list.item(row).setCheckState(Qt.CheckState.Checked)
    return composer, button


def test_send_waits_for_a_message_and_says_why(composer_and_button, qtbot):
    composer, button = composer_and_button
    sent = []
    button.send_requested.connect(sent.append)
    button.open_popup()
    popup = button.popup
    assert popup.send_button.text() == "Send to 2 models"
    assert not popup.send_button.isEnabled()
    assert popup.no_message.isVisible()
    assert popup.no_message.text().startswith("Type the message first")
    popup.hide()

    qtbot.keyClicks(composer.edit, "Compare these")
    button.open_popup()
    assert popup.send_button.isEnabled()
    assert not popup.no_message.isVisible()
    qtbot.mouseClick(popup.send_button, Qt.MouseButton.LeftButton)
    assert sent == [[ModelChoice("local", "llama-3"), ModelChoice("local", "qwen")]]


def test_blank_text_is_no_message(composer_and_button, qtbot):
    composer, button = composer_and_button
    qtbot.keyClicks(composer.edit, "   ")
    button.open_popup()
    assert not button.popup.send_button.isEnabled()


def test_while_the_lists_come_it_says_so(qtbot):
    composer = Composer()
    qtbot.add_widget(composer)
    button = AskSeveralButton(composer.has_message)
    qtbot.add_widget(button)
    button.show()
    button.popup.show_listing()
    button.open_popup()
    assert button.popup.state.isVisible()
    assert button.popup.state.text() == "Listing models…"
    button.popup.show_models([LOCAL])
    assert not button.popup.state.isVisible()
    assert button.popup.list.count() == 2


def test_the_popup_sits_above_the_message_box_and_is_as_tall_as_its_models(qtbot):
    composer = Composer()
    qtbot.add_widget(composer)
    button = AskSeveralButton(composer.has_message, clear_of=composer)
    composer.accessory_row.addWidget(button)  # in the box's bottom row, as the window has it
    composer.move(100, 500)
    composer.show()
    qtbot.waitExposed(composer)
    button.open_popup()
    button.popup.show_models([LOCAL])  # the lists arrive while it is open
    popup = button.popup
    box_top = composer.mapToGlobal(composer.rect().topLeft()).y()
    assert popup.frameGeometry().bottom() < box_top  # the message box stays uncovered
    # Two models: two rows of list, not a tall empty pane.
    rows = popup.list.sizeHintForRow(0) * 2 + 2 * popup.list.frameWidth()
    assert popup.list.height() == rows
    assert popup.height() < 240


def test_opened_on_an_empty_box_it_takes_the_message_and_sends_it(qtbot):
    """The popup holds the keyboard while open: a stranger had to close it, type in the box and
    open it again. Opened on an empty box, it has a field that writes the message box."""
    composer = Composer()
    qtbot.add_widget(composer)
    button = AskSeveralButton(composer.has_message, write_message=composer.set_text)
    qtbot.add_widget(button)
    button.show()
    button.popup.show_models([LOCAL])
    for row in range(button.popup.list.count()):
        button.popup.list.item(row).setCheckState(Qt.CheckState.Checked)
    sent = []
    button.send_requested.connect(sent.append)
    button.open_popup()
    popup = button.popup
    assert popup.message_edit.isVisible()
    assert not popup.no_message.isVisible()
    assert not popup.send_button.isEnabled()
    qtbot.keyClicks(popup.message_edit, "Compare these two")
    assert composer.text() == "Compare these two"
    assert popup.send_button.isEnabled()
    qtbot.keyClick(popup.message_edit, Qt.Key.Key_Return)
    assert sent == [[ModelChoice("local", "llama-3"), ModelChoice("local", "qwen")]]

    button.open_popup()  # the box holds a message now: no second field to fill
    assert not popup.message_edit.isVisible()
