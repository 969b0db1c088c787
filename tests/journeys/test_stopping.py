"""Stopping an answer, as the user sees it afterwards (issue 17, session 5).

- An answer cut short by Quit says "stopped when the app quit" after a restart, not "stopped by
  you" (the app stopped it, not the user).
- "The agent is still working in this chat" (shown when the user asks for a session action while
  an answer streams) goes away once Esc has stopped the answer: it is no longer true.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_app.turn_outcome import ENDING_LABELS
from agent_desktop.conversation.chat_layout import _ending_label
from agent_desktop.conversation.chat_model import ITEM_ROLE
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("17")
BUSY_NOTICE = "The agent is still working in this chat. Wait for it or stop it first."


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


def slow_answer() -> dict:
    """An answer streamed a few words every 0.2 s for about a minute."""
    recording = openai_stream([{"content": "This is a slow answer. "}] * 300)
    recording["delay"] = 0.2
    return recording


def send_and_wait_for_words(journey, window, text: str) -> None:
    journey.click(window.composer.edit)
    journey.type_text(text)
    journey.press(Qt.Key.Key_Return)
    journey.wait_until(
        lambda: "slow answer" in last_row_text(window) and window.conversation.requesting,
        timeout=20,
    )


def last_row_text(window) -> str:
    model = window.chat_model
    item = model.index(model.rowCount() - 1).data(ITEM_ROLE)
    return str(getattr(item, "text", "") or (item.message or {}).get("content") or "")


def ending_shown(window) -> str:
    """What the last answer's row says under it (how it ended)."""
    model = window.chat_model
    return _ending_label(model.index(model.rowCount() - 1).data(ITEM_ROLE))


def notice_text(window) -> str | None:
    notice = window.notices.bar_if_built()
    return notice.label.text() if notice is not None and notice.isVisible() else None


def test_an_answer_cut_off_by_quit_says_so_after_a_restart(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(slow_answer())
    window = journey.start()
    send_and_wait_for_words(journey, window, "tell me something long")
    session_id = window.conversation.session_id

    # File → Quit. (Qt's offscreen platform binds no key to Quit; Ctrl+Q itself is pressed on
    # a real X server in test_quit.py.)
    journey.act(window.menus.quit_action.trigger)
    journey.wait_until(lambda: not window.isVisible(), timeout=10)
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)

    window = journey.restart()
    window.open_session(session_id)
    journey.wait_until(lambda: window.session and window.session.messages, timeout=10)
    last = window.session.messages[-1]
    assert last.role == "assistant"
    assert "slow answer" in str(last.content)
    assert (last.metadata or {}).get("ended") == "quit"
    journey.wait_until(lambda: ending_shown(window) == "stopped when the app quit")
    journey.screenshot(SHOTS / "session5-stopped-when-the-app-quit.png")

    # The user's own Stop still says it was theirs.
    server.enqueue(slow_answer())
    send_and_wait_for_words(journey, window, "and again")
    journey.click("Stop")
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)
    assert (window.session.messages[-1].metadata or {}).get("ended") == "stopped"
    assert ending_shown(window) == ENDING_LABELS["stopped"] == "stopped by you"


def test_the_still_working_notice_goes_once_esc_stopped_the_answer(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(slow_answer())
    window = journey.start()
    window.refresh_sessions()
    send_and_wait_for_words(journey, window, "go slow please")
    journey.wait_until(lambda: window.actions_controller.session_actions, timeout=20)

    # The header's Actions menu, while the answer streams.
    [compact] = [
        action
        for action in window.column.plugin_actions_menu.actions()
        if action.text() == "Compact full history"
    ]
    journey.act(compact.trigger)
    assert notice_text(window) == BUSY_NOTICE
    journey.screenshot(SHOTS / "session5-still-working-notice.png")

    journey.press(Qt.Key.Key_Escape)
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)
    journey.settle(0.1)
    assert notice_text(window) is None, "the notice still says the agent is working"
    assert ending_shown(window) == "stopped by you"
    journey.screenshot(SHOTS / "session5-after-esc.png")

    # Other notices are not taken back by a chat becoming free.
    window.notice.show_notice("Exported to notes.md", seconds=0)
    server.enqueue(slow_answer())
    send_and_wait_for_words(journey, window, "once more")
    journey.press(Qt.Key.Key_Escape)
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)
    assert notice_text(window) == "Exported to notes.md"


def test_the_session_token_total_stays_after_stop(journey, server):
    # Seen walking the app: Stop emptied the status bar's session total (the stopped answer
    # carries none), as if the chat had cost nothing.
    usage = {"prompt_tokens": 1200, "completion_tokens": 34, "total_tokens": 1234}
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(openai_stream([{"content": "A finished answer."}], usage=usage))
    window = journey.start()
    journey.click(window.composer.edit)
    journey.type_text("first question")
    journey.press(Qt.Key.Key_Return)
    journey.wait_until(lambda: not window.conversation.busy, timeout=20)

    def session_total() -> str:
        labels = [label for label in window.agent_bar.status_labels if label.isVisible()]
        return " ".join(label.text() for label in labels)

    journey.wait_until(lambda: "1,234 tokens" in session_total(), 10)
    before = session_total()

    server.enqueue(slow_answer())
    send_and_wait_for_words(journey, window, "now something long")
    journey.click("Stop")
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)
    journey.settle(0.1)
    assert session_total() == before


def test_after_stop_and_after_an_answer_the_keyboard_is_in_the_message_box(journey, server):
    from PySide6.QtWidgets import QApplication

    # Seen walking the app: Stop hid itself with the keyboard on it, the focus fell to the
    # paperclip, and the space of the next sentence typed opened "Attach files".
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(slow_answer())
    window = journey.start()
    send_and_wait_for_words(journey, window, "go slow please")
    journey.click("Stop")
    journey.wait_until(lambda: not window.conversation.busy, timeout=10)
    journey.settle(0.1)
    assert QApplication.focusWidget() is window.composer.edit
    journey.type_text("Next one")
    assert window.composer.edit.toPlainText() == "Next one"

    # Sent with the mouse: Send hides itself with the keyboard on it as the answer starts;
    # once the answer is done the next words still go into the message box.
    server.enqueue(openai_stream([{"content": "A short answer."}]))
    journey.click("Send")
    journey.wait_until(lambda: not window.conversation.busy, timeout=20)
    journey.settle(0.1)
    assert QApplication.focusWidget() is window.composer.edit
    journey.type_text("And then")
    assert window.composer.edit.toPlainText() == "And then"
