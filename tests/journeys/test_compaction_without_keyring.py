"""Compaction with no keyring, a key kept for one session only, and the sidebar after it.

Real window, fresh data dir, a loopback chat-completions server. With no keyring the provider's
key is gone after a restart; the session actions are declared by the compaction feature and
need no key to be listed, so they are still in the toolbar and the Session menu. Running one
that needs the key says what is missing; once the key is entered again in Settings, the same
compaction runs with it. The chat list's preview follows what a compaction left.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import keyring
import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLineEdit, QTextBrowser

from agent_desktop.sidebar.session_list import SESSION_ROLE
from tests.support.refusing_keyring import RefusingKeyring
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer, load_recording, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("13")
KEY = "sk-session-only-5151"
SUMMARY = "The user said hello twice and got two answers."
COMPACTION_ACTIONS = ("Compact range…", "Compact full history", "Undo compaction")


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


def summary_answer() -> dict[str, Any]:
    recording = copy.deepcopy(load_recording("openai_text_completion"))
    recording["body"]["choices"][0]["message"]["content"] = SUMMARY
    return recording


REFUSED_KEY = {
    "status": 401,
    "body": {"error": {"message": "Incorrect API key provided.", "type": "invalid_request_error"}},
}


def type_into(journey: Any, root: Any, name: str, text: str) -> None:
    """Replace the text of the field `name` (a line edit or an editable combo box)."""
    found = next(
        widget
        for widget in journey.widgets(root)
        if isinstance(widget, QLineEdit | QComboBox) and widget.accessibleName() == name
    )
    edit = found.lineEdit() if isinstance(found, QComboBox) else found
    edit.setFocus()
    edit.selectAll()
    journey.type_text(text, edit)


def send(journey: Any, text: str) -> None:
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text(text, composer)
    journey.press(Qt.Key.Key_Return, widget=composer)


def menu_action(window: Any, label: str) -> QAction | None:
    return next((a for a in window.session_menu.actions() if a.text() == label), None)


def toolbar_labels(window: Any) -> set[str]:
    """The header's plugin actions (under its Actions button)."""
    return {action.text() for action in window.column.plugin_actions_menu.actions()}


def compact_full_history(journey: Any, window: Any) -> None:
    journey.wait_until(lambda: not window.busy(), 20)  # the last answer is saved
    menu_action(window, "Compact full history").trigger()
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")


def result_text(journey: Any) -> str:
    dialog = journey.window.action_runner.result_dialog
    journey.wait_until(
        lambda: dialog is None or not shiboken6.isValid(dialog) or dialog.isVisible(), 1
    )
    journey.wait_until(
        lambda: (
            journey.window.action_runner.result_dialog is not None
            and shiboken6.isValid(journey.window.action_runner.result_dialog)
            and journey.window.action_runner.result_dialog.isVisible()
        ),
        timeout=30,
    )
    shown = journey.window.action_runner.result_dialog
    return "\n".join(
        [shown.heading.text(), *(b.toPlainText() for b in shown.findChildren(QTextBrowser))]
    )


def shot(journey: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / name)


def test_without_a_keyring_compaction_stays_and_runs_once_the_key_is_entered_again(journey, server):
    keyring.set_keyring(RefusingKeyring(refuse_probe=True))
    window = journey.start()
    pane = window.welcome
    journey.wait_until(lambda: "session only" in pane.key_storage.text())
    combo = next(
        w
        for w in journey.widgets(window)
        if isinstance(w, QComboBox) and w.accessibleName() == "Provider"
    )
    combo.setFocus()
    journey.qtbot.keyClicks(combo, "Other OpenAI-compatible server")
    type_into(journey, window, "Server address", f"{server.url}/v1")
    type_into(journey, window, "Model", "local-model")
    type_into(journey, window, "API key", KEY)
    journey.click("Save and start")
    journey.wait_until(lambda: window.stack.currentWidget() is window.chat_page)
    server.enqueue("openai_text_stream", "openai_text_stream")
    send(journey, "hello")
    journey.wait_until(lambda: len(window.session.messages) == 2 and not window.busy(), 20)
    send(journey, "hello again")
    journey.wait_until(lambda: len(window.session.messages) == 4, 20)
    assert server.posts[-1].headers["authorization"] == f"Bearer {KEY}"

    # After a restart the key kept for the last session is gone; the compaction feature's
    # actions do not need it to be listed.
    window = journey.restart()
    journey.wait_until(lambda: window.session is not None and window.session.messages, 20)
    journey.wait_until(lambda: window.actions_controller.session_actions, timeout=20)
    for label in COMPACTION_ACTIONS:
        assert menu_action(window, label) is not None, label
    assert set(COMPACTION_ACTIONS) <= toolbar_labels(window)
    assert not menu_action(window, "Undo compaction").isEnabled()  # nothing to undo yet
    assert menu_action(window, "Compact full history").isEnabled()
    shot(journey, "no-keyring-after-restart-actions-listed.png")

    # Run without the key: the server refuses, and the dialog says what is missing and where
    # to enter it. The request never carried a reference's text as a key.
    server.enqueue(REFUSED_KEY)
    compact_full_history(journey, window)
    said = result_text(journey)
    assert "providers.other-openai-compatible-server.api_key" in said
    assert "not stored" in said
    assert "Settings → Providers" in said
    assert "Reported by the plugin" not in said  # the app's settings, not the plugin, are at fault
    sent_key = server.posts[-1].headers.get("authorization", "")
    assert "${" not in sent_key
    assert KEY not in sent_key
    assert len(window.session.messages) == 4  # nothing changed
    journey.click("Close")

    # The key entered again in Settings: the same compaction now runs, with it.
    window.settings_action.trigger()
    journey.wait_until(lambda: getattr(window, "settings_dialog", None) is not None)
    dialog = window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    nav = dialog.nav
    row = next(r for r in range(nav.count()) if nav.item(r).text() == "Providers")
    journey.qtbot.mouseClick(
        nav.viewport(), Qt.MouseButton.LeftButton, pos=nav.visualItemRect(nav.item(row)).center()
    )
    journey.settle(0.05)
    type_into(journey, dialog, "API key", KEY)
    journey.click("OK")
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible(), 20)
    journey.wait_until(lambda: menu_action(window, "Compact full history") is not None, 20)

    server.enqueue(summary_answer())
    compact_full_history(journey, window)
    journey.wait_until(lambda: len(window.session.messages) == 1, timeout=30)
    assert SUMMARY in str(window.session.messages[0].content)
    assert server.posts[-1].headers["authorization"] == f"Bearer {KEY}"
    assert len(journey.app.sessions.load_session(window.session.session_id).messages) == 1
    journey.wait_until(lambda: menu_action(window, "Undo compaction").isEnabled(), 5)
    shot(journey, "no-keyring-compacted-after-key-entered.png")


def test_the_chat_list_preview_follows_a_compaction_and_its_undo(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    window = journey.start()
    server.enqueue("openai_text_stream", "openai_text_stream")
    send(journey, "hello")
    journey.wait_until(lambda: len(window.session.messages) == 2 and not window.busy(), 20)
    send(journey, "tell me more")
    journey.wait_until(lambda: len(window.session.messages) == 4, 20)
    journey.wait_until(lambda: window.actions_controller.session_actions, timeout=20)
    session_id = window.session.session_id
    before = str(window.session.messages[-1].content)

    def preview() -> str:
        chats = window.sidebar.list
        entries = [chats.item(row).data(SESSION_ROLE) for row in range(chats.count())]
        return str(next(e for e in entries if e["session_id"] == session_id).get("preview"))

    journey.wait_until(lambda: preview().startswith(before[:20]), 5)

    server.enqueue(summary_answer())
    compact_full_history(journey, window)
    journey.wait_until(lambda: len(window.session.messages) == 1, timeout=30)
    journey.wait_until(lambda: SUMMARY[:30] in preview(), 5)
    journey.click("Close")

    menu_action(window, "Undo compaction").trigger()
    journey.wait_until(lambda: len(window.session.messages) == 4, timeout=20)
    journey.wait_until(lambda: preview().startswith(before[:20]), 5)


def test_an_answer_after_a_failed_description_brings_the_actions_back(journey, server, monkeypatch):
    # Stand-in for a description that failed once (it runs plugin code, which may raise
    # anything): the first question fails, later ones are answered by the real facade.
    from agent_app.plugin_queries import PluginQueries

    describe = PluginQueries.describe_agent
    calls: list[str | None] = []

    async def failing_once(self: PluginQueries, agent_id: str | None) -> Any:
        calls.append(agent_id)
        if len(calls) == 1:
            raise RuntimeError("the keyring was locked for a moment")
        return await describe(self, agent_id)

    monkeypatch.setattr(PluginQueries, "describe_agent", failing_once)
    journey.use_local_server(f"{server.url}/v1")
    window = journey.start()
    journey.wait_until(lambda: window.agent_bar.stale, 10)
    assert menu_action(window, "Compact full history") is None
    server.enqueue("openai_text_stream")
    send(journey, "hello")
    journey.wait_until(lambda: menu_action(window, "Compact full history") is not None, 20)
    assert not window.agent_bar.stale
