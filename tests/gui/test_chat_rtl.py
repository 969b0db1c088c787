"""Chat rows in a right-to-left window (Arabic): the painted rows mirror, LTR text stays LTR.

The rows are painted by the chat's delegate, not laid out by Qt, so the window's direction does
not flip them by itself: a walk in Arabic found tool rows with their chevron, state and name on
the left and the header's actions over the author's name.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QCursor, QImage
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel
from agent_desktop.conversation.chat_view import ChatView
from agent_desktop.toolkit.theme import current_palette

pytestmark = pytest.mark.gui

REQUEST = {"request_id": "r1", "session_id": "s1"}
ARABIC = "مرحبا! هذه إجابة قصيرة."


def event(kind: str, **fields):
    return {"type": kind, **REQUEST, **fields}


@pytest.fixture(params=[Qt.LayoutDirection.LeftToRight, Qt.LayoutDirection.RightToLeft])
def view(qtbot, request):
    """A chat of a user message, a tool call and an Arabic answer, in either direction."""
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("user", "hi")])))
    call = {"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}
    model.apply_event(
        event(
            "assistant",
            message={"role": "assistant", "content": "", "metadata": {"tool_calls": [call]}},
        )
    )
    model.apply_event(event("assistant", message={"role": "assistant", "content": ARABIC}))
    chat = ChatView(model)
    chat.setLayoutDirection(request.param)
    chat.resize(800, 600)
    qtbot.add_widget(chat)
    chat.show()
    qtbot.wait_exposed(chat)
    return chat


def right_to_left(view: ChatView) -> bool:
    return view.layoutDirection() == Qt.LayoutDirection.RightToLeft


def distance(pixel: QColor, colour: str) -> int:
    target = QColor(colour)
    return (
        abs(pixel.red() - target.red())
        + abs(pixel.green() - target.green())
        + abs(pixel.blue() - target.blue())
    )


def inked_columns(image: QImage, area: QRect, colour: str) -> list[int]:
    """The x of every pixel in `area` that is (nearly) `colour`."""
    return [
        x
        for y in range(area.top(), area.bottom() + 1)
        for x in range(area.left(), area.right() + 1)
        if distance(image.pixelColor(x, y), colour) < 60
    ]


def drawn_columns(image: QImage, area: QRect, ground: str) -> list[int]:
    """The x of every pixel in `area` drawn clearly off its `ground`."""
    return [
        x
        for y in range(area.top(), area.bottom() + 1)
        for x in range(area.left(), area.right() + 1)
        if distance(image.pixelColor(x, y), ground) > 150
    ]


def painted(view: ChatView) -> QImage:
    return view.viewport().grab().toImage()


def test_a_tool_rows_chevron_and_state_mark_sit_at_the_leading_edge(view, qtbot):
    view.chat_model.apply_event(event("tool_started", tool_call_id="c1"))
    row = next(
        r for r in range(view.chat_model.rowCount()) if view.chat_model.item(r).kind == "tool"
    )
    qtbot.wait_until(lambda: view.chat_model.item(row).state == "running")
    header = view.row_layout(row).header
    # The running call's arc, in the accent colour, 26 to 40 px in from the leading edge; the
    # chevron 8 to 22 px in (the state's word, "running", sits at the trailing edge).
    from_left, from_right = (
        QRect(header.left(), header.top(), 45, header.height()),
        QRect(header.right() - 44, header.top(), 45, header.height()),
    )
    leading, trailing = (from_right, from_left) if right_to_left(view) else (from_left, from_right)
    image = painted(view)
    accent = current_palette().accent
    assert len(inked_columns(image, leading, accent)) > 5
    assert inked_columns(image, trailing, accent) == []


def test_header_actions_sit_at_the_trailing_edge_and_answer_clicks_there(view, qtbot):
    last = view.chat_model.rowCount() - 1
    layout = view.row_layout(last)
    qtbot.mouseMove(view.viewport(), pos=layout.header.center() + QPoint(0, 1))
    actions = dict(view.row_layout(last).actions)
    middle = layout.header.center().x()
    if right_to_left(view):
        assert all(rect.right() < middle for rect in actions.values())
        # The first action (Copy) is read first: rightmost of them.
        assert max(actions.values(), key=lambda rect: rect.left()) == next(iter(actions.values()))
    else:
        assert all(rect.left() > middle for rect in actions.values())
    requested = []
    view.action_requested.connect(lambda name, index: requested.append((name, index)))
    delete = actions["delete"]
    qtbot.mouseMove(view.viewport(), pos=delete.center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=delete.center())
    assert requested == [("delete", view.chat_model.item(last).message_index)]


def test_arabic_text_runs_from_the_right_and_a_code_block_stays_left_to_right(
    view, qtbot, tmp_path
):
    model = view.chat_model
    model.apply_event(
        event(
            "assistant",
            message={"role": "assistant", "content": "```python\nprint('hello')\n```"},
        )
    )
    qtbot.wait_until(
        lambda: (
            "print" in view._delegate.document(model.item(model.rowCount() - 1), 600).toPlainText()
        )
    )
    # The pointer an earlier test left may lie over this window: away, no row is hovered.
    QCursor.setPos(view.mapToGlobal(QPoint(-400, -400)))
    image = painted(view)
    palette = current_palette()
    arabic_body = view.row_layout(model.rowCount() - 2).body
    arabic = inked_columns(image, arabic_body, palette.text)
    assert arabic
    assert arabic_body.right() - max(arabic) < 12  # flush right, in either window
    code_body = view.row_layout(model.rowCount() - 1).body
    # The code line, below the block's header line: flush left, in either window.
    code_line = code_body.adjusted(0, code_body.height() // 2, -4, -4)
    code = drawn_columns(image, code_line, palette.code_background)
    assert code
    if max(code) >= code_body.center().x():
        image.save(str(tmp_path / "code-block.png"))
    assert min(code) - code_body.left() < 16
    assert max(code) < code_body.center().x(), (
        f"code inked at x {sorted(set(code))[-8:]}; see {tmp_path}"
    )
