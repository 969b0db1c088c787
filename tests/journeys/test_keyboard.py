"""The conversation from the keyboard alone, and what a screen reader is told about it."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAccessible, QGuiApplication
from PySide6.QtWidgets import QApplication

from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

CODE_ANSWER = "Use this:\n\n```python\nprint('first')\n```\n\nor:\n\n```sh\necho second\n```\n"


@pytest.fixture
def chatted(journey):
    """One exchange sent and answered through a loopback server, all by keys."""
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        server.enqueue(openai_text(CODE_ANSWER), openai_text("A second answer, after Retry."))
        window = journey.start()
        journey.press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier, widget=window)
        journey.type_text("How do I print?")
        journey.press(Qt.Key.Key_Return)
        journey.wait_until(lambda: len(server.posts) == 1)
        journey.wait_until(lambda: not window.busy())
        journey.server = server
        yield journey


def focus_conversation_with_tab(journey) -> None:
    """Shift+Tab from the message box until the conversation has focus (a user's way in)."""
    view = journey.window.chat_view
    for _ in range(12):
        if QApplication.focusWidget() is view:
            return
        journey.press(Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    raise AssertionError(f"Tab never reaches the conversation: {QApplication.focusWidget()}")


def test_tab_reaches_the_conversation_and_keys_run_a_messages_actions(chatted):
    journey = chatted
    window, view = journey.window, journey.window.chat_view
    focus_conversation_with_tab(journey)
    # Seen walking the app: after Shift+Tab no row showed the focus frame until an arrow key.
    assert view.keyboard_navigating()
    assert view.currentIndex().isValid()

    journey.press(Qt.Key.Key_End)
    answer_row = view.currentIndex().row()
    assert view.chat_model.item(answer_row).role == "assistant"

    # Right picks the first action (Copy), Enter runs it.
    journey.press(Qt.Key.Key_Right)
    assert view.hovered_action() == "copy"
    journey.press(Qt.Key.Key_Return)
    assert QGuiApplication.clipboard().text() == view.chat_model.item(answer_row).text

    # R on the answer retries it: a second request, a new answer.
    journey.press(Qt.Key.Key_R)
    journey.wait_until(lambda: len(journey.server.posts) == 2)
    journey.wait_until(lambda: not window.busy())
    assert any("after Retry" in item.text for item in view.chat_model.items())


def test_up_in_the_empty_box_edits_the_last_message_and_a_shortcut_copies_the_last_code(
    chatted,
):
    journey = chatted
    window = journey.window
    journey.press(
        Qt.Key.Key_C,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        widget=window,
    )
    assert QGuiApplication.clipboard().text() == "echo second"

    journey.press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier, widget=window)
    journey.press(Qt.Key.Key_Up)
    assert window.composer.edit.toPlainText() == "How do I print?"
    assert window.composer.edit.hasFocus()


def test_a_screen_reader_hears_each_message_and_what_its_keys_do(chatted):
    view = chatted.window.chat_view
    QAccessible.setActive(True)
    interface = QAccessible.queryAccessibleInterface(view)
    assert interface is not None
    assert interface.text(QAccessible.Text.Name) == "Conversation"
    names, descriptions = [], []
    for position in range(interface.childCount()):
        child = interface.child(position)
        names.append(child.text(QAccessible.Text.Name))
        descriptions.append(child.text(QAccessible.Text.Description))
    assert any(name.startswith("user: How do I print?") for name in names)
    assert any(name.startswith("assistant: Use this:") for name in names)
    assert any("R retries" in text for text in descriptions)
    assert any("E edits" in text for text in descriptions)


def test_a_tool_approval_and_a_retry_by_keyboard_alone(journey, tmp_path):
    from PySide6.QtWidgets import QPushButton

    from tests.support.server_behaviours import openai_stream

    call = {"index": 0, "id": "call_keys", "type": "function"}
    call["function"] = {"name": "shell", "arguments": '{"command": "echo approved-by-keys"}'}
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        server.enqueue(
            openai_stream([{"tool_calls": [call]}], finish="tool_calls"),
            openai_text("It printed the words."),
            openai_text("Retried: it printed the words."),
        )
        window = journey.start()
        box = window.composer.edit
        journey.press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier, widget=window)
        journey.type_text("Run the echo, please.")
        journey.press(Qt.Key.Key_Return)
        journey.wait_until(lambda: journey.has_widget("Allow once", QPushButton), timeout=30)
        assert box.hasFocus()  # the prompt did not take the keyboard

        control_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        journey.press(Qt.Key.Key_A, control_shift, widget=window)
        focused = QApplication.focusWidget()
        assert isinstance(focused, QPushButton)
        assert focused.text() == "Deny"  # the safe choice comes first
        for _ in range(6):
            if QApplication.focusWidget().text() == "Allow once":
                break
            journey.press(Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
        assert QApplication.focusWidget().text() == "Allow once"
        journey.press(Qt.Key.Key_Space)
        # Seen walking the app: the keyboard stayed on the answered tool row.
        journey.wait_until(box.hasFocus)

        journey.wait_until(lambda: len(server.posts) == 2, timeout=30)
        journey.wait_until(lambda: not window.busy(), timeout=30)
        tool_output = server.posts[1].body["messages"][-1]
        assert tool_output["role"] == "tool"
        assert "approved-by-keys" in str(tool_output["content"])

        focus_conversation_with_tab(journey)
        journey.press(Qt.Key.Key_End)
        journey.press(Qt.Key.Key_R)
        journey.wait_until(lambda: len(server.posts) == 3, timeout=30)
        journey.wait_until(lambda: not window.busy(), timeout=30)
        assert any("Retried" in item.text for item in window.chat_model.items())


def test_a_returning_user_who_types_at_once_types_into_the_message_box(journey):
    # Seen walking the app: at start nothing had the keyboard, so what was typed was lost.
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        window = journey.start()
        journey.act(window.activateWindow)
        journey.wait_until(window.isActiveWindow)
        journey.type_text("Hello")
        assert window.composer.edit.toPlainText() == "Hello"


def test_after_retry_the_keyboard_is_in_the_message_box(journey):
    from PySide6.QtWidgets import QPushButton

    # Seen walking the app: Retry hid itself with the keyboard on it, the focus fell to "New
    # chat", and the space of the next sentence typed started a new chat.
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        server.enqueue({"status": 400, "body": {"error": {"message": "bad request, try again"}}})
        server.behave(lambda _body: openai_text("The answer, after Retry."))
        window = journey.start()
        journey.act(window.activateWindow)
        journey.wait_until(window.isActiveWindow)
        journey.type_text("First try")
        journey.press(Qt.Key.Key_Return)
        journey.wait_until(lambda: journey.has_widget("Retry", QPushButton), timeout=30)
        retry = journey.find_button("Retry")
        journey.click(retry)
        journey.wait_until(
            lambda: any("after Retry" in item.text for item in window.chat_model.items()),
            timeout=30,
        )
        journey.wait_until(lambda: not window.busy() and not retry.isVisible(), timeout=30)
        assert QApplication.focusWidget() is window.composer.edit
        journey.type_text("Next one")
        assert window.composer.edit.toPlainText() == "Next one"


def test_typing_after_a_click_in_the_conversation_writes_in_the_message_box(chatted):
    """Seen walking the app: a click in the conversation, then "compare yourselves" ran the C
    (Copy), E (Edit) and R (Retry) shortcuts. Letters typed after a click are writing."""
    journey = chatted
    window, view = journey.window, journey.window.chat_view
    QGuiApplication.clipboard().setText("left on the clipboard")
    question = view.visualRect(view.chat_model.index(0))
    journey.act(
        lambda: journey.qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=question.center()
        )
    )
    journey.settle(0.05)
    assert QApplication.focusWidget() is view

    for letter in "compare":
        # Each key goes where the keyboard is now, as a person's typing does.
        journey.press(Qt.Key(ord(letter.upper())))
    journey.settle(0.3)

    assert window.composer.text() == "compare"
    assert window.composer.edit.hasFocus()
    assert QGuiApplication.clipboard().text() == "left on the clipboard"
    assert len(journey.server.posts) == 1  # nothing was retried
