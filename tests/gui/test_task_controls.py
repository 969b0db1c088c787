"""A running tool row shows how far its call is as a real progress bar with the server's
message (filled when the total is known, busy otherwise), readable by a screen reader, and a
Cancel button when the call runs as a task; both go when the call ends."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget
from tests.gui.test_chat_view import event, tool_call_message, tool_result
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel
from agent_desktop.conversation.chat_view import ChatView

pytestmark = pytest.mark.gui

CALL = (1, 0)


def chat_with_a_running_call(qtbot, parent: QWidget | None = None) -> ChatView:
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("user", "render a city")])))
    chat = ChatView(model, parent)
    if parent is None:
        chat.resize(800, 600)
        qtbot.add_widget(chat)
        chat.show()
        qtbot.wait_exposed(chat)
    model.apply_event(
        event("assistant", message=tool_call_message("c1", "mcp__r__render", {"scene": "city"}))
    )
    model.apply_event(
        event("tool_call", tool_call_id="c1", call_key=CALL, tool_name="mcp__r__render")
    )
    model.apply_event(event("tool_started", tool_call_id="c1", call_key=CALL))
    return chat


@pytest.fixture
def view(qtbot):
    return chat_with_a_running_call(qtbot)


def progress(view: ChatView, value: float, total: float | None, message: str) -> None:
    numbers = {"value": value, "total": total, "message": message}
    part = {"text": f"{message}\n", "progress": numbers}
    view.chat_model.apply_event(event("tool_partial", tool_call_id="c1", call_key=CALL, part=part))
    view.chat_model.flush()


def test_progress_with_a_total_fills_the_bar_and_a_screen_reader_reads_its_value(view, qtbot):
    row = view.chat_model.tool_item(CALL)
    assert view.task_controls(row.key) is None  # nothing said yet: no bar

    progress(view, 2, 5, "frame 2 of 5")
    controls = view.task_controls(row.key)
    assert controls is not None
    qtbot.wait_until(lambda: controls.isVisible())
    assert (controls.bar.minimum(), controls.bar.maximum(), controls.bar.value()) == (0, 100, 40)
    assert controls.message.text() == "frame 2 of 5"
    assert not controls.cancel_button.isVisible()  # a plain call: nothing to cancel
    # Inside the row, under its header.
    layout = view.row_layout(view.chat_model.row_of(row))
    assert layout.header.bottom() < controls.geometry().top() <= layout.frame.bottom()

    accessible = QAccessible.queryAccessibleInterface(controls.bar)
    assert accessible.role() == QAccessible.Role.ProgressBar
    assert accessible.text(QAccessible.Text.Name) == "Progress of render · r"
    assert accessible.text(QAccessible.Text.Description) == "frame 2 of 5"
    assert accessible.valueInterface().currentValue() == 40
    progress(view, 4, 5, "frame 4 of 5")
    assert accessible.valueInterface().currentValue() == 80

    progress(view, 3, None, "3 files so far")  # no total: busy
    assert (controls.bar.minimum(), controls.bar.maximum()) == (0, 0)
    assert controls.message.text() == "3 files so far"

    view.chat_model.apply_event(
        event("tool_result", message=tool_result("c1", "mcp__r__render", "done", "done"))
    )
    assert view.task_controls(row.key) is None  # ended: the bar goes


def test_a_call_running_as_a_task_has_cancel_in_its_row(qtbot):
    # In a window with more to focus than the chat, as the app's is.
    window = QWidget()
    qtbot.add_widget(window)
    layout = QVBoxLayout(window)
    layout.addWidget(QPushButton("New chat"))
    view = chat_with_a_running_call(qtbot, window)
    layout.addWidget(view)
    window.resize(800, 600)
    window.show()
    qtbot.wait_exposed(window)
    window.activateWindow()
    handle = {"server": "r", "tool": "render", "task_id": "t-1", "plugin": "mcp_tools"}
    view.chat_model.apply_event(
        event("tool_partial", tool_call_id="c1", call_key=CALL, part={"task": handle, "text": ""})
    )
    view.chat_model.flush()
    row = view.chat_model.tool_item(CALL)
    controls = view.task_controls(row.key)
    assert controls is not None
    qtbot.wait_until(lambda: controls.cancel_button.isVisible())
    assert (controls.bar.minimum(), controls.bar.maximum()) == (0, 0)  # busy until it says more
    assert controls.cancel_button.accessibleName() == "Cancel render · r"

    asked: list[object] = []
    view.task_cancel_requested.connect(asked.append)
    controls.cancel_button.setFocus()
    qtbot.mouseClick(controls.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(controls.cancel_button, Qt.MouseButton.LeftButton)
    assert asked == [CALL]  # once: the server is being asked
    assert controls.cancel_button.text() == "Cancelling…"
    assert controls.cancel_button.hasFocus()  # the keyboard stays where the user was
    view.task_cancel_failed(CALL)
    qtbot.mouseClick(controls.cancel_button, Qt.MouseButton.LeftButton)
    assert asked == [CALL, CALL]  # it could not be asked: the user may retry

    cancelled = tool_result("c1", "mcp__r__render", "Cancelled by you", "cancelled by you")
    view.chat_model.apply_event(event("tool_result", message=cancelled))
    assert view.task_controls(row.key) is None
    assert view.hasFocus()  # the row ended: the keyboard is on the chat, not thrown elsewhere
