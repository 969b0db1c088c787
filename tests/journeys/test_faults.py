"""What a user sees when something is broken: the app starts, says what is wrong, and works.

- a feature plugin that fails in every request: a notice names it and its hook, the chat answers;
- a database with damaged rows: every chat is listed, the damaged one marked, its readable
  messages shown;
- a database file that is not a database at all: the app starts, says where the copy is kept;
- a partial answer left by a crash that cannot be read: the app starts, says where it is kept;
- an export nested 50,000 levels deep: one sentence says why it is refused, nothing is imported;
- a config entry, a partial answer and a plugin folder that cannot be read, all at once: one
  notice names each and where it is kept, and the chat answers;
- a plugin whose `session_create` action takes seconds: a new chat shows at once, the window
  answers meanwhile, the message is answered once the action is done; one that raises there is
  named with its hook and the chat still answers.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from agent_app.paths import resolve_paths
from agent_app.store import SessionStore
from agent_core import Message, Session
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.foreign_database import write_another_programs_database
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

SHOTS = shots_folder("17")

SCRIPTED_CONFIG = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}

BROKEN_FEATURE = '''
class BrokenFeature:
    """A feature with a bug in `init`: every request would fail without isolation."""

    name = "broken-notes"
    kind = "feature"

    def init(self, config, state):
        raise RuntimeError("notes index is missing")
'''


def _screenshot(journey, name: str) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name)


def _send(journey, text: str) -> None:
    composer = journey.window.composer.edit
    composer.setFocus()
    journey.type_text(text, composer)
    journey.press(Qt.Key.Key_Return, widget=composer)


def _assistant_texts(journey) -> list[str]:
    return [item.text for item in journey.window.chat_model.items() if item.role == "assistant"]


def test_a_broken_feature_plugin_is_named_and_the_chat_still_answers(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    _user_plugin(data_dir, "broken-notes", "broken_notes_feature", BROKEN_FEATURE, "BrokenFeature")
    window = journey.start()

    _send(journey, "hello")
    journey.wait_until(lambda: "Echo: hello" in _assistant_texts(journey))

    notice = window.notice.label.text()
    assert window.notice.isVisible()
    assert "'broken-notes' failed in init" in notice
    assert "notes index is missing" in notice
    _screenshot(journey, "broken-feature-notice.png")

    journey.wait_until(lambda: not window.busy())  # (Send shows again once the turn is saved)
    _send(journey, "and again")  # not only the first request: every one answers
    journey.wait_until(lambda: "Echo: and again" in _assistant_texts(journey))
    journey.wait_until(lambda: window.state_label.text() == "Ready")  # once the request ends


def _chats_on_disk(data_dir: Path, titles: list[str]) -> Path:
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    store = SessionStore(paths.database_path)
    for index, title in enumerate(titles):
        store.save_session(
            Session(
                f"chat-{index}",
                [Message("user", f"question {index}"), Message("assistant", f"answer {index}")],
                {"title": title},
            )
        )
    store.close()
    return paths.database_path


def _chat_with_an_unreadable_partial_answer(data_dir: Path) -> None:
    """The chat "Trip to Lisbon" as a provider's odd partial answer (its metadata a list) and
    a crash mid-answer leave it."""
    store = SessionStore(_chats_on_disk(data_dir, ["Trip to Lisbon"]))
    store.save_draft("chat-0", {"role": "assistant", "content": "Day 1", "metadata": ["odd"]})
    store.close()


def _user_plugin(data_dir: Path, folder: str, module: str, source: str, entry: str) -> Path:
    """A plugin folder in the data folder's plugins folder: `module`.py holding `source`, its
    agent_plugin.json naming `module.entry`."""
    plugin = resolve_paths(data_dir).user_plugins_dir / folder
    plugin.mkdir(parents=True)
    (plugin / f"{module}.py").write_text(source, encoding="utf-8")
    (plugin / "agent_plugin.json").write_text(
        json.dumps({"entries": [f"{module}.{entry}"]}), encoding="utf-8"
    )
    return plugin


def _listed(journey) -> list[str]:
    sidebar = journey.window.sidebar.list
    return [sidebar.item(row).text() for row in range(sidebar.count())]


def test_damaged_rows_leave_every_chat_listed_and_readable(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    titles = ["Trip to Lisbon", "Tax return", "Garden plan", "Reading list"]
    database = _chats_on_disk(data_dir, titles)
    connection = sqlite3.connect(database)
    with connection:
        # One invalid UTF-8 byte in one message, and a message that is no longer JSON.
        connection.execute(
            "UPDATE messages SET body = CAST(? AS TEXT) WHERE session_id = 'chat-1' "
            "AND position = 1",
            (b'{"role":"assistant","content":"refund of 120 \xe2\x82"}',),
        )
        connection.execute(
            "UPDATE messages SET body = '{\"role\": \"assis' WHERE session_id = 'chat-2' "
            "AND position = 1"
        )
    connection.close()

    window = journey.start()

    assert sorted(_listed(journey)) == sorted(titles)
    assert "2 conversation(s)" in window.notice.label.text()
    assert "could not be read" in window.notice.label.text()
    window.open_session("chat-1")
    journey.settle()
    texts = [item.text for item in window.chat_model.items()]
    assert "question 1" in texts
    assert any(text.startswith("refund of 120") for text in texts)
    window.open_session("chat-2")
    journey.settle()
    texts = [item.text for item in window.chat_model.items()]
    assert "question 2" in texts
    assert any("could not be read" in text for text in texts)
    _screenshot(journey, "damaged-rows.png")


def test_a_file_that_is_not_a_database_is_kept_and_the_app_starts(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    database = _chats_on_disk(data_dir, ["Only chat"])
    database.write_bytes(b"this is not SQLite " * 400)

    window = journey.start()

    notice = window.notice.label.text()
    assert window.isVisible()
    assert "is damaged" in notice
    assert "read-only" in notice
    [kept] = database.parent.glob("sessions.sqlite3.damaged-*.bak")
    assert kept.name in notice
    assert kept.read_bytes().startswith(b"this is not SQLite")
    _screenshot(journey, "not-a-database.png")


def test_a_partial_answer_that_cannot_be_read_is_set_aside_and_the_app_starts(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    _chat_with_an_unreadable_partial_answer(data_dir)

    window = journey.start()

    assert window.isVisible()
    assert _listed(journey) == ["Trip to Lisbon"]
    notice = window.notice.label.text()
    folder = resolve_paths(data_dir).data_dir / "set-aside"
    [kept] = folder.iterdir()
    assert "1 partial answer" in notice
    assert "set aside" in notice
    assert str(folder) in notice
    assert kept.name in notice
    assert "“Trip to Lisbon”" in notice
    assert "metadata must be an object" in notice
    assert json.loads(kept.read_text(encoding="utf-8"))["content"] == "Day 1"
    window.open_session("chat-0")
    journey.settle()
    assert [item.text for item in window.chat_model.items()] == ["question 0", "answer 0"]
    _screenshot(journey, "draft-set-aside.png")


def test_everything_unreadable_at_start_is_set_aside_and_named_in_one_notice(journey, data_dir):
    config_path = journey.write_config(SCRIPTED_CONFIG)
    with_odd_agent = json.loads(config_path.read_text(encoding="utf-8"))
    with_odd_agent["agents"]["odd"] = {"label": "PLACEHOLDER"}
    config_path.write_text(
        json.dumps(with_odd_agent).replace("PLACEHOLDER", "Odd \\ud800"), encoding="utf-8"
    )
    _chat_with_an_unreadable_partial_answer(data_dir)
    plugin = resolve_paths(data_dir).user_plugins_dir / "half-written"
    plugin.mkdir(parents=True)
    (plugin / "agent_plugin.json").write_text('{"entries": ["notes.Notes"', encoding="utf-8")

    window = journey.start()

    assert window.isVisible()
    notice = window.notice.label.text()
    assert window.notice.isVisible()
    [config_copy] = config_path.parent.glob("config.json.invalid-*.bak")
    [draft_copy] = (resolve_paths(data_dir).data_dir / "set-aside").iterdir()
    assert "agents.odd: it holds text that is not valid Unicode" in notice
    assert str(config_copy) in notice
    assert draft_copy.name in notice
    assert f"{plugin / 'agent_plugin.json'}: not valid JSON" in notice
    assert _listed(journey) == ["Trip to Lisbon"]
    _send(journey, "hello")  # and the app works
    journey.wait_until(lambda: "Echo: hello" in _assistant_texts(journey))


LOCKED_TOOL_PLUGIN = """
from agent_adapter_contracts.tool_plugins import ToolPlugin


class LockedTool(ToolPlugin):
    @property
    def name(self):
        return "locked-tool"

    @property
    def namespace(self):
        return "locked"

    @property
    def tools(self):
        return []

    async def initialize(self, runtime):
        raise PermissionError("the vault is locked")

    async def execute(self, tool_name, args):
        return {}
"""


def test_a_plugin_failing_to_start_later_keeps_what_was_set_aside_in_the_notice(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    _chat_with_an_unreadable_partial_answer(data_dir)
    _user_plugin(data_dir, "locked-tool", "locked_tool_plugin", LOCKED_TOOL_PLUGIN, "LockedTool")

    window = journey.start()

    # Plugins start in the background once the window shows; their problem comes later.
    journey.wait_until(lambda: "did not start" in window.notice.label.text())
    notice = window.notice.label.text()
    assert "The plugin 'locked-tool' did not start" in notice
    assert "the vault is locked" in notice
    assert "1 partial answer left when the app last stopped could not be read" in notice


def test_an_export_nested_50000_levels_deep_is_refused_in_one_sentence(journey, data_dir, tmp_path):
    journey.write_config(SCRIPTED_CONFIG)
    _chats_on_disk(data_dir, ["Mine"])
    export = tmp_path / "deep.agent-session.json"
    message = '{"role": "user", "content": ' + "[" * 50_000 + "]" * 50_000 + "}"
    export.write_text(
        '{"format": "agent-desktop-session", "version": 1, "assets": [], '
        f'"session": {{"session_id": "deep", "messages": [{message}]}}}}',
        encoding="utf-8",
    )

    window = journey.start(files=[export])  # as the desktop opens the app with a chat file

    journey.wait_until(lambda: str(export) in window.notice.label.text())
    notice = window.notice.label.text()
    assert notice == (
        f"Cannot import {export}: it is nested too deeply (more than 200 levels) for a chat, "
        "so it was not imported."
    )
    assert _listed(journey) == ["Mine"]
    journey.restart()  # nothing hidden was left either: the next start shows the same
    assert _listed(journey) == ["Mine"]
    database = sqlite3.connect(resolve_paths(data_dir).database_path)
    assert database.execute("SELECT session_id FROM sessions").fetchall() == [("chat-0",)]
    database.close()


def test_another_programs_database_in_the_stores_place_is_named_and_never_changed(
    journey, data_dir
):
    journey.write_config(SCRIPTED_CONFIG)
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    before = write_another_programs_database(paths.database_path)

    window = journey.start()

    notice = window.notice.label.text()
    assert window.isVisible()
    assert f"{paths.database_path} is not an Agent Desktop session database" in notice
    assert "left exactly as it is" in notice
    assert "Until it is moved, no chat can be started or saved." in notice  # what follows
    assert _listed(journey) == []
    _send(journey, "hello")  # nothing can be saved: said, and the file stays as it was
    journey.wait_until(lambda: "Could not save" in window.notice.label.text())
    notice = window.notice.label.text()
    assert notice.startswith("Could not save the new conversation: ")
    assert "is not an Agent Desktop session database" in notice
    assert window.composer.text() == "hello"  # the message is given back, not lost
    journey.stop()
    assert paths.database_path.read_bytes() == before
    # No second session database beside it (plugins and schedules keep stores of their own there).
    plugin_stores = (
        paths.memory_path.name,
        paths.schedules_path.name,
    )
    assert sorted(
        item.name
        for item in paths.data_dir.iterdir()
        if "sqlite" in item.name and not item.name.startswith(plugin_stores)
    ) == ["sessions.sqlite3"]


SLOW_START_FEATURE = """
import time


class SlowStart:
    \"\"\"Prepares every new chat: takes SECONDS (a network call, say), or fails.\"\"\"

    name = "slow-start"
    kind = "feature"

    def get_actions(self, state):
        return [{"id": "prepare_chat", "label": "Prepare chat", "trigger": ["session_create"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        if FAILS:
            raise RuntimeError("the workspace index is locked")
        time.sleep(SECONDS)
        return {"native_messages": native_messages, "session_metadata": {"prepared": True}}
"""


def _install_slow_start(data_dir: Path, *, seconds: float, fails: bool) -> None:
    source = f"SECONDS = {seconds}\nFAILS = {fails}\n" + SLOW_START_FEATURE
    # A module name per variant: modules stay imported across the journeys of one run.
    module = "failing_start_feature" if fails else "slow_start_feature"
    _user_plugin(data_dir, "slow-start", module, source, "SlowStart")


def test_a_slow_session_create_plugin_leaves_the_window_responsive(journey, data_dir):
    action_seconds = 4.0
    journey.write_config(SCRIPTED_CONFIG)
    _install_slow_start(data_dir, seconds=action_seconds, fails=False)
    window = journey.start()

    journey.click("New chat")
    _send(journey, "hello")
    sent = time.monotonic()
    # While the plugin works: the chat is listed and shows the message, the window takes
    # typing in the search field.
    journey.wait_until(lambda: "hello" in _listed(journey), timeout=2)
    assert "hello" in [item.text for item in window.chat_model.items()]
    assert window.state_label.text() == "Preparing the new chat…"
    search = journey.find_widget("Search conversations")
    search.setFocus()
    journey.type_text("garden", search)
    assert search.text() == "garden"
    assert time.monotonic() - sent < action_seconds / 2
    _screenshot(journey, "slow-session-create.png")

    journey.wait_until(lambda: "Echo: hello" in _assistant_texts(journey), timeout=20)
    assert time.monotonic() - sent >= action_seconds - 0.5  # the request waited for it
    session_id = window.conversation.session_id
    assert journey.app.sessions.load_session(session_id).metadata["prepared"] is True


def test_a_session_create_plugin_that_fails_is_named_and_the_chat_answers(journey, data_dir):
    journey.write_config(SCRIPTED_CONFIG)
    _install_slow_start(data_dir, seconds=0, fails=True)
    window = journey.start()

    journey.click("New chat")
    _send(journey, "hello")
    journey.wait_until(lambda: "Echo: hello" in _assistant_texts(journey))

    notice = journey.wait_until(lambda: window.notice.isVisible() and window.notice.label.text())
    assert "'slow-start' failed in execute_action" in notice
    assert "session_create" in notice
    assert "the workspace index is locked" in notice
    _screenshot(journey, "failing-session-create.png")
