"""Memory across chats: the model proposes to remember, the user edits the proposal before
allowing it, a new chat has it in its context, the user deletes it in Settings → Memory, and
the next chat no longer has it."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget

from agent_desktop.toolkit.lazy_qt import Qt
from tests.journeys.test_skills import shown_rows
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream, openai_text, openai_tool_call
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("30")
EDITED = "The user drinks green tea, never coffee"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


@pytest.fixture(autouse=True)
def home_without_skills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def system_text(post: Any) -> str:
    return "\n".join(m["content"] for m in post.body["messages"] if m["role"] == "system")


def remember_row(window: Any) -> int | None:
    model = window.chat_model
    rows = [r for r in range(model.rowCount()) if model.item(r).tool_name == "remember"]
    return rows[0] if rows else None


def ask(journey: Any, window: Any, server: WireServer, text: str, posts: int) -> None:
    box = window.composer.edit
    journey.type_text(text, box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: len(server.posts) == posts and not window.busy(), timeout=30)


def test_a_memory_proposed_edited_and_approved_reaches_a_new_chat_until_deleted(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    call = {"index": 0, **openai_tool_call("remember", {"text": "The user likes tea"})}
    server.enqueue(
        openai_stream([{"tool_calls": [call]}], finish="tool_calls"),
        openai_text("I will keep that in mind."),
        openai_text("You drink green tea."),
        openai_text("I don't know what you drink."),
    )
    window = journey.start()

    box = window.composer.edit
    journey.type_text("Remember that I like tea", box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: journey.has_widget("Edit before allowing: remember"), timeout=30)
    assert "remember" in [t["function"]["name"] for t in server.posts[0].body["tools"]]
    journey.click("Edit before allowing: remember")
    field = journey.find_widget("Argument text", QLineEdit)
    journey.act(field.selectAll)
    journey.type_text(EDITED, field)
    journey.click("Allow once")
    journey.wait_until(lambda: len(server.posts) == 2 and not window.busy(), timeout=30)

    assert f"Tool remember: Remembered #1: {EDITED} (success)" in shown_rows(window)
    result = [m for m in server.posts[1].body["messages"] if m["role"] == "tool"][-1]
    assert EDITED in result["content"]

    first_chat = window.session.session_id
    journey.click("New chat")
    ask(journey, window, server, "What do I drink?", 3)
    assert f"- {EDITED}" in system_text(server.posts[2])

    # The first chat's row of the call links to the item: its menu opens Settings → Memory.
    window.open_session(first_chat)
    journey.wait_until(lambda: remember_row(window) is not None, 20)
    menu = window.chat_view.build_message_menu(window.chat_model.index(remember_row(window)))
    [link] = [action for action in menu.actions() if action.text() == "Show in Settings → Memory"]
    link.trigger()
    journey.wait_until(lambda: getattr(window, "settings_dialog", None) is not None, 20)
    dialog = window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    page = dialog.plugin_pages["memory"]
    journey.wait_until(lambda: dialog.stack.currentIndex() == dialog.pages.index(page), 10)
    items = page.findChild(QListWidget)
    assert [items.item(row).text() for row in range(items.count())] == [EDITED]
    assert items.currentItem() is items.item(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "settings-memory.png", dialog)
    journey.type_text("tea", journey.find_widget("Search remembered items", QLineEdit))
    assert not items.item(0).isHidden()
    journey.type_text("zzz", journey.find_widget("Search remembered items", QLineEdit))
    assert items.item(0).isHidden()
    journey.act(journey.find_widget("Search remembered items", QLineEdit).clear)
    journey.click("Edit the selected remembered items")
    editor = journey.wait_until(lambda: items.findChild(QLineEdit), 10)
    journey.act(editor.selectAll)
    journey.type_text("The user drinks green tea at home", editor)
    journey.press(Qt.Key.Key_Return, widget=editor)
    journey.wait_until(
        lambda: "now reads" in " ".join(label.text() for label in page.findChildren(QLabel)), 20
    )
    kept = sqlite3.connect(journey.data_dir / "data" / "memory.sqlite3")
    assert kept.execute("SELECT text FROM memories").fetchall() == [
        ("The user drinks green tea at home",)
    ]
    kept.close()
    rect = items.visualItemRect(items.item(0))
    journey.qtbot.mouseClick(items.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    journey.click("Delete the selected remembered items")
    journey.wait_until(lambda: items.count() == 0, timeout=20)
    journey.click("OK")
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible(), 20)

    journey.click("New chat")
    ask(journey, window, server, "What do I drink now?", 4)
    assert "green tea" not in system_text(server.posts[3])
