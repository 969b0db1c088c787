"""Compaction and session actions through the window, against a loopback chat-completions server.

A chat whose history holds a picture and a tool round is compacted three ways (a range chosen
by Shift+click on the messages, everything up to a message, the full history after a confirm),
each undone; a slow compaction is cancelled and the chat is free at once for another one.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QAction

from agent_app.conversation import attachment_part
from agent_core import Message, Session
from agent_desktop.sidebar.session_list import ATTENTION_ROLE
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer, load_recording, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("13")
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)
SUMMARY = "The user showed a dot and learned that pricing is per seat."
SLOW_PIECE_SECONDS = 0.2


def summary_answer(text: str = SUMMARY, delay: float = 0) -> dict:
    recording = copy.deepcopy(load_recording("openai_text_completion"))
    recording["body"]["choices"][0]["message"]["content"] = text
    recording["delay_before"] = delay
    return recording


def slow_summary_answer(text: str, seconds: float) -> dict:
    """The summary's JSON sent a little at a time over `seconds` (blank space first, which JSON
    allows): a model that takes long to answer, on a connection that stays open meanwhile."""
    body = json.dumps(summary_answer(text)["body"])
    pauses = int(seconds / SLOW_PIECE_SECONDS)
    return {
        "status": 200,
        "content_type": "application/json",
        "raw_chunks": ["{", *([" "] * pauses), body[1:]],
        "delay": SLOW_PIECE_SECONDS,
    }


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


def open_seeded_chat(journey, server: WireServer):
    journey.use_local_server(f"{server.url}/v1")
    window = journey.start()
    app = journey.app
    session = app.sessions.create_session("default")
    picture = app.sessions.assets.add_bytes(session.session_id, PNG, "dot.png", "image/png")
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "read_notes", "arguments": "{}"},
    }
    messages = [
        Message("user", "Look at this picture", multipart_content=[attachment_part(picture)]),
        Message("assistant", "A single dot."),
        Message("user", "Read the notes"),
        Message("assistant", "", metadata={"tool_calls": [call]}),
        Message("tool", "Pricing is per seat.", {"tool_call_id": "call_1", "name": "read_notes"}),
        Message("assistant", "Pricing is per seat."),
        Message("user", "Thanks"),
        Message("assistant", "You're welcome."),
    ]
    app.sessions.save_session(Session(session.session_id, messages, session.metadata))
    window.refresh_sessions()
    window.open_session(session.session_id)
    journey.wait_until(lambda: window.actions_controller.session_actions, timeout=20)
    return window


def contents(window) -> list[str]:
    return [str(m.content) for m in window.session.messages]


def menu_action(window, label: str) -> QAction:
    return next(a for a in window.session_menu.actions() if a.text() == label)


def click_message(journey, window, message_index: int, shift: bool = False) -> None:
    """Point at the message's text, then click what is there: once the pointer rests on a
    message its text lies over it (to be selected), and the click lands on that text."""
    view = window.chat_view
    viewport = view.viewport()
    body = view.row_layout(window.chat_model.row_of_message(message_index)).body
    point = body.topLeft() + QPoint(12, body.height() // 2)  # on its first words
    journey.qtbot.mouseMove(viewport, point)
    journey.settle(0.05)
    target = viewport.childAt(point) or viewport
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    journey.qtbot.mouseClick(
        target, Qt.MouseButton.LeftButton, modifier, target.mapFrom(viewport, point)
    )
    journey.settle(0.05)


def shot_with_dialog(window, dialog, name: str) -> None:
    """The window with its (separate) dialog drawn where it shows."""
    from PySide6.QtGui import QPainter

    SHOTS.mkdir(parents=True, exist_ok=True)
    image = window.grab()
    if dialog is not None:
        painter = QPainter(image)
        at = dialog.mapToGlobal(dialog.rect().topLeft()) - window.mapToGlobal(
            window.rect().topLeft()
        )
        painter.drawPixmap(at, dialog.grab())
        painter.end()
    image.save(str(SHOTS / name))


def undo(journey, window, count: int) -> None:
    undo_action = menu_action(window, "Undo compaction")
    assert undo_action.isEnabled()
    undo_action.trigger()
    journey.wait_until(lambda: len(window.session.messages) == count, timeout=20)
    assert not undo_action.isEnabled()  # nothing left to undo


def test_compact_a_selected_range_up_to_a_message_and_everything_then_undo_each(journey, server):
    window = open_seeded_chat(journey, server)
    original = contents(window)
    assert not menu_action(window, "Undo compaction").isEnabled()

    # A range chosen on screen: the user's "Read the notes" to the tool round's answer.
    server.enqueue(summary_answer())
    click_message(journey, window, 2)
    click_message(journey, window, 5, shift=True)
    assert window.chat_view.selected_message_range() == (2, 5)
    menu_action(window, "Compact range…").trigger()
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")
    journey.wait_until(lambda: any(SUMMARY in text for text in contents(window)), timeout=30)
    assert contents(window)[0] == "Look at this picture"  # the picture outside stays as it was
    assert window.session.messages[0].multipart_content[0]["asset_id"]
    sent = server.posts[-1].body
    transcript = sent["messages"][-1]["content"]
    assert "Pricing is per seat." in str(transcript)
    stored = journey.app.sessions.load_session(window.session.session_id)
    assert [str(m.content) for m in stored.messages] == contents(window)
    journey.click("Close")
    undo(journey, window, len(original))
    assert contents(window) == original

    # Everything up to a message, from that message's own menu.
    server.enqueue(summary_answer())
    menu = window.chat_view.build_message_menu(
        window.chat_model.index(window.chat_model.row_of_message(5))
    )
    next(a for a in menu.actions() if a.text() == "Compact messages up to here").trigger()
    journey.wait_until(lambda: len(window.session.messages) == 3, timeout=30)
    assert contents(window)[1:] == ["Thanks", "You're welcome."]
    journey.click("Close")
    undo(journey, window, len(original))

    # The full history, after saying yes.
    server.enqueue(summary_answer())
    menu_action(window, "Compact full history").trigger()
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")
    journey.wait_until(lambda: len(window.session.messages) == 1, timeout=30)
    assert SUMMARY in contents(window)[0]
    journey.click("Close")
    undo(journey, window, len(original))
    assert contents(window) == original


def test_cancel_a_compaction_and_run_another_at_once(journey, server):
    window = open_seeded_chat(journey, server)
    original = contents(window)
    server.enqueue(slow_summary_answer("Too late.", seconds=30), summary_answer())

    menu_action(window, "Compact full history").trigger()
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")
    journey.wait_until(lambda: journey.has_widget("Cancel"), timeout=10)
    assert window.busy()
    shot_with_dialog(window, window.action_runner.progress_dialog, "compaction-in-progress.png")
    journey.wait_until(lambda: len(server.posts) == 1, timeout=10)  # the model is asked
    journey.click("Cancel")
    journey.wait_until(lambda: not window.busy(), timeout=2)  # freed at once, not in 30 s
    assert contents(window) == original
    # The model call itself is cancelled: the server sees its connection closed.
    journey.wait_until(lambda: server.abandoned_streams == 1, timeout=5)

    menu_action(window, "Compact full history").trigger()
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")
    journey.wait_until(lambda: len(window.session.messages) == 1, timeout=30)
    assert SUMMARY in contents(window)[0]
    assert SUMMARY in contents(window)[0]
    assert len(journey.app.sessions.load_session(window.session.session_id).messages) == 1


SCRIPTED = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}


def test_a_chat_waiting_for_approval_is_badged_and_another_chat_streams_meanwhile(journey):
    journey.write_config(SCRIPTED)
    window = journey.start()
    command = {"name": "shell", "arguments": {"command": "echo approved"}}
    window.request_defaults = {"script": [{"content": "", "tool_calls": [command]}, "Done."]}
    journey.type_text("Run the command", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    waiting = window.session.session_id

    # Another chat: it is not busy, it sends and streams while the first one waits.
    journey.click("New chat")
    assert not window.busy()
    assert window.composer.send_button.isVisible()
    long_answer = "Streaming along while the other chat waits for you. " * 8
    window.request_defaults = {"script": [{"content": long_answer, "chunk_size": 6}]}
    journey.type_text("Meanwhile, a question", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: not window.busy(), timeout=20)
    assert window.session.messages[-1].content == long_answer
    waiting_item = window.sidebar.item_for(waiting)
    journey.wait_until(lambda: waiting_item.data(ATTENTION_ROLE), timeout=5)
    assert "Approval needed" in waiting_item.data(Qt.ItemDataRole.AccessibleTextRole)
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "two-chats-one-awaiting-approval.png")

    # Back in the first chat the question still waits; answering finishes it.
    window.open_session(waiting)
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=10)
    journey.click("Allow once")
    journey.wait_until(lambda: window.session.messages[-1].content == "Done.", timeout=20)
    journey.wait_until(lambda: not window.sidebar.item_for(waiting).data(ATTENTION_ROLE))
