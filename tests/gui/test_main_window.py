"""The main window over a real AgentApplication (tmp dirs) with the scripted provider."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from tests.support.gui_plugins import USER_MARKED_SAFE, NoteTools, UsageDisplayFeature
from tests.support.qt_drop import drop_files

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.paths import resolve_paths
from agent_core import Message, Session
from agent_desktop.sidebar.session_actions import FOLLOW_CHATS_MS
from agent_desktop.sidebar.session_list import SESSION_ROLE
from agent_desktop.window.main_window import MainWindow
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.gui


def make_app(home: Path, configured: bool = True) -> AgentApplication:
    app = AgentApplication(
        resolve_paths(home), plugins=[ScriptedProvider, NoteTools, UsageDisplayFeature]
    )
    app.settings.tool_approvals = dict(USER_MARKED_SAFE)
    if configured:
        app.config.providers["offline"] = ProviderConfig(provider="scripted", label="Offline")
        app.config.agents["default"] = AgentConfig(provider="offline")
        app.configuration.save_config()
    return app


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path / "home")
    yield application
    application.close()


@pytest.fixture
def window(qt_async, qtbot, app):
    main = MainWindow(app)
    main.show()
    qtbot.wait_exposed(main)
    yield main
    close_inside_the_loop(qt_async, main)


def settle(qt_async, seconds: float = 0.3) -> None:
    """Let timers that start async work (debounces, first-run detection) fire on the loop."""
    qt_async.run(asyncio.sleep(seconds))


def close_inside_the_loop(qt_async, main: MainWindow) -> None:
    """Close and delete a window while the loop runs (pytest-qt's own clean-up would process
    events outside it, where timers that start tasks cannot find a loop)."""
    settle(qt_async)

    async def close() -> None:
        # Closing spawns the window's last tasks (stop following agent servers): as in the
        # app, the loop is running then.
        main.close()
        main.deleteLater()
        await asyncio.sleep(0.05)

    qt_app = QApplication.instance()
    quits = qt_app.quitOnLastWindowClosed()
    qt_app.setQuitOnLastWindowClosed(False)  # as the entry point: the loop outlives the window
    try:
        qt_async.run(close())
    finally:
        qt_app.setQuitOnLastWindowClosed(quits)


def script(window, *turns):
    window.request_defaults = {"script": list(turns)}


def rows(window):
    return [(item.kind, item.role, item.text) for item in window.chat_model.items()]


def send(window, qt_async, text):
    qt_async.run(window.send_message(text), timeout=20)


def test_send_streams_the_reply_into_the_view(window, qt_async, qtbot):
    script(window, {"content": "Hello **there**, this streams in small chunks.", "chunk_size": 3})
    seen_streaming = []
    window.chat_model.dataChanged.connect(
        lambda *_: seen_streaming.append(any(item.streaming for item in window.chat_model.items()))
    )
    finished = []
    window.request_finished.connect(lambda: finished.append(1))
    qtbot.keyClicks(window.composer.edit, "Hi")
    qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return)
    qt_async.run(qt_async.until(lambda: window.composer.stop_button.isVisible()), timeout=5)
    # The new chat is named after its first message in the sidebar while the answer streams.
    assert window.sidebar.item_for(window.session.session_id).text() == "Hi"
    qt_async.run(qt_async.until(lambda: finished), timeout=20)
    assert rows(window) == [
        ("message", "user", "Hi"),
        ("message", "assistant", "Hello **there**, this streams in small chunks."),
    ]
    assert any(seen_streaming)
    assert window.composer.send_button.isVisible()
    stored = window.app.sessions.load_session(window.session.session_id)
    assert [m.role for m in stored.messages] == ["user", "assistant"]
    assert window.sidebar.session_ids() == [window.session.session_id]


def test_tool_rows_show_single_line_and_expand(window, qt_async, qtbot):
    script(
        window,
        {
            "content": "",
            "tool_calls": [{"id": "t1", "name": "lookup", "arguments": {"text": "hola"}}],
        },
        {"content": "", "tool_calls": [{"id": "t2", "name": "count", "arguments": {}}]},
        "Done.",
    )
    send(window, qt_async, "translate")
    lookup = window.chat_model.tool_item("t1")
    count = window.chat_model.tool_item("t2")
    assert lookup.state == "success"
    assert lookup.summary == "hola means hello"
    assert lookup.preview == "lookup: hola"
    assert not lookup.expanded
    assert count.output == "counted to 3"
    assert rows(window)[-1] == ("message", "assistant", "Done.")
    row = window.chat_model.row_of(lookup)
    header = window.chat_view.row_layout(row).header
    qtbot.mouseClick(window.chat_view.viewport(), Qt.MouseButton.LeftButton, pos=header.center())
    assert lookup.expanded
    assert not window.chat_view.row_layout(row).arguments.isEmpty()


def test_streamed_tool_output_appears_live(window, qt_async, qtbot):
    script(
        window,
        {"content": "", "tool_calls": [{"id": "c1", "name": "count", "arguments": {}}]},
        "ok",
    )
    outputs = []
    window.chat_model.dataChanged.connect(
        lambda *_: (item := window.chat_model.tool_item("c1")) and outputs.append(item.output)
    )
    send(window, qt_async, "count")
    assert any(output.startswith("1\n") for output in outputs)


def _wait_prompt(window, qt_async, call_id):
    return qt_async.until(lambda: window.chat_view.approval_prompt(call_id))


def test_approval_allow_once_and_deny(window, qt_async, qtbot, app):
    notes = app.plugins.instance("note_tools")
    script(
        window,
        {
            "content": "",
            "tool_calls": [{"id": "w1", "name": "write_note", "arguments": {"text": "a"}}],
        },
        {
            "content": "",
            "tool_calls": [{"id": "w2", "name": "write_note", "arguments": {"text": "b"}}],
        },
        "finished",
    )

    async def scenario():
        task = window.spawn(window.send_message("note it"))
        prompt = await _wait_prompt(window, qt_async, "w1")
        assert not prompt.buttons["allow_once"].hasFocus()  # the prompt never takes the keyboard
        qtbot.mouseClick(prompt.buttons["allow_once"], Qt.MouseButton.LeftButton)
        prompt = await _wait_prompt(window, qt_async, "w2")
        qtbot.keyClicks(prompt.reason, "not that one")
        qtbot.mouseClick(prompt.buttons["deny"], Qt.MouseButton.LeftButton)
        await task

    qt_async.run(scenario(), timeout=20)
    assert notes.notes == ["a"]
    assert window.chat_model.tool_item("w1").state == "success"
    denied = window.chat_model.tool_item("w2")
    assert denied.state == "denied"
    assert "not that one" in denied.output
    assert app.settings.tool_approvals == USER_MARKED_SAFE


def test_always_allow_persists_and_can_be_revoked(window, qt_async, qtbot, app):
    turn = {"content": "", "tool_calls": [{"name": "write_note", "arguments": {"text": "x"}}]}
    script(window, turn, "one", turn, "two", turn, "three")

    async def answer_next(choice):
        before = set(window.chat_view._prompts)
        await qt_async.until(lambda: set(window.chat_view._prompts) - before)
        (row_key,) = set(window.chat_view._prompts) - before  # prompts by their row's key
        qtbot.mouseClick(
            window.chat_view._prompts[row_key].buttons[choice], Qt.MouseButton.LeftButton
        )

    async def first():
        task = window.spawn(window.send_message("1"))
        await answer_next("allow_always")
        await task

    qt_async.run(first(), timeout=20)
    assert app.settings.tool_approvals == {**USER_MARKED_SAFE, "write_note": "always"}
    assert "write_note" in make_settings_text(app)
    send(window, qt_async, "2")  # no prompt: would time out otherwise
    assert rows(window)[-1][2] == "two"
    assert app.configuration.approvals.revoke("write_note")

    async def third():
        task = window.spawn(window.send_message("3"))
        await answer_next("allow_once")
        await task

    qt_async.run(third(), timeout=20)
    assert rows(window)[-1][2] == "three"


def make_settings_text(app) -> str:
    return app.paths.settings_path.read_text(encoding="utf-8")


def test_stop_keeps_the_partial_answer(window, qt_async, qtbot):
    script(window, {"content": "word " * 400, "chunk_size": 5, "delay": 0.01})

    async def scenario():
        task = window.spawn(window.send_message("long please"))
        await qt_async.until(
            lambda: any(item.streaming and item.text for item in window.chat_model.items())
        )
        qtbot.keyClick(window, Qt.Key.Key_Escape)
        await task

    qt_async.run(scenario(), timeout=20)
    last = window.chat_model.items()[-1]
    assert last.role == "assistant"
    assert last.stopped
    assert 0 < len(last.text) < len("word " * 400)
    assert window.state_label.text() == "Stopped by you"
    stored = window.app.sessions.load_session(window.session.session_id)
    assert stored.messages[-1].content == last.text


def _sample_files(folder: Path) -> list[Path]:
    text = folder / "readme.txt"
    text.write_text("some notes")
    image = folder / "pixel.png"
    picture = QImage(3, 3, QImage.Format.Format_RGB32)
    picture.fill(QColor("green"))
    picture.save(str(image))
    return [text, image]


@pytest.mark.parametrize(
    ("offered", "taken"),
    [
        (Qt.DropAction.CopyAction | Qt.DropAction.MoveAction, Qt.DropAction.CopyAction),
        (Qt.DropAction.LinkAction | Qt.DropAction.MoveAction, Qt.DropAction.LinkAction),
        (Qt.DropAction.MoveAction, None),
    ],
)
def test_dropped_files_are_taken_as_a_copy_never_a_move(window, tmp_path, offered, taken):
    """A drag source proposing a move (Shift held, or a file manager's default) is told
    "copied": told "moved", it deletes the original. A drop offering only a move is refused."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from tests.support.qt_drop import file_mime

    paths = _sample_files(tmp_path)
    target = window.chat_view.viewport()
    point = target.rect().center()
    mime = file_mime(paths)
    buttons, shift = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier  # asks to move
    QApplication.sendEvent(target, QDragEnterEvent(point, offered, mime, buttons, shift))
    drop = QDropEvent(QPointF(point), offered, mime, buttons, shift)
    QApplication.sendEvent(target, drop)
    assert drop.isAccepted() == (taken is not None)
    if taken is not None:
        assert drop.dropAction() == taken
    assert all(path.exists() for path in paths)


def test_drop_anywhere_paste_and_picker_make_the_same_records(window, tmp_path, app, qtbot):
    paths = _sample_files(tmp_path)
    shapes = []

    def take():
        qtbot.wait_until(lambda: not window.composer.preparing())  # stored on a worker thread
        shapes.append(
            [(r["name"], r["mime"], r["size"], r["sha256"]) for r in window.composer.attachments]
        )
        window.composer._clear_chips()

    assert drop_files(window.chat_view.viewport(), paths)  # on the conversation, not the composer
    take()
    assert drop_files(window.sidebar.list.viewport(), paths)
    take()
    from tests.support.qt_drop import file_mime

    window.composer.edit.insertFromMimeData(file_mime(paths))
    take()
    window.composer.open_file_picker()
    window.composer._file_dialog.filesSelected.emit([str(p) for p in paths])
    window.composer._file_dialog.reject()
    take()
    assert shapes[0] == shapes[1] == shapes[2] == shapes[3]
    assert [name for name, *_ in shapes[0]] == ["readme.txt", "pixel.png"]
    assert len(app.sessions.assets.list(window.session.session_id)) == 8


def test_attachments_are_sent_as_asset_parts(window, qt_async, tmp_path, app):
    script(window, "got it")
    window.composer.attach_files(_sample_files(tmp_path)[:1])
    qt_async.run(qt_async.until(lambda: not window.composer.preparing()))
    records = list(window.composer.attachments)
    qt_async.run(window.send_message("with file", records), timeout=20)
    stored = app.sessions.load_session(window.session.session_id)
    parts = stored.messages[-2].multipart_content
    assert parts == [
        {
            "type": "file",
            "asset_id": records[0]["asset_id"],
            "name": "readme.txt",
            "mime": "text/plain",
        }
    ]
    user_row = [item for item in window.chat_model.items() if item.role == "user"][-1]
    assert user_row.attachments[0]["name"] == "readme.txt"


def test_too_large_attachment_is_refused_with_a_message(window, tmp_path, app, qtbot):
    app.sessions.assets.max_bytes = 10
    big = tmp_path / "big.txt"
    big.write_text("x" * 100)
    assert drop_files(window.chat_view.viewport(), [big])
    qtbot.wait_until(lambda: not window.composer.preparing())
    assert window.composer.attachments == []
    assert "big.txt" in window.composer.message_label.text()
    assert app.sessions.assets.list(window.session.session_id) == []


def _seed(app, title: str, text: str) -> str:
    session = app.sessions.create_session()
    app.sessions.save_session(
        Session(
            session.session_id,
            [Message("user", text), Message("assistant", "ok")],
            session.metadata,
        )
    )
    app.sessions.rename_session(session.session_id, title)
    return session.session_id


def test_chats_started_and_answering_together_are_listed_once_a_follow_interval(
    window, app, qt_async
):
    """Each new chat, its name and each finished answer used to list the chats again on the GUI
    thread: a hundred chats answering together froze the window for hundreds of listings. Now
    a new chat's row comes from the chat, and the list follows at most once an interval."""
    import time

    chats = 8
    listed_at: list[float] = []
    real_list = app.sessions.store.list_sessions

    def recording(*args, **kwargs):
        listed_at.append(time.perf_counter())
        return real_list(*args, **kwargs)

    app.sessions.store.list_sessions = recording
    names_at_once = []

    async def send_all() -> None:
        sending = []
        for number in range(chats):
            window.new_chat()
            script(window, {"content": f"answer {number}"})
            sending.append(asyncio.ensure_future(window.send_message(f"question {number}")))
            while not window.conversation.busy:  # the send took this chat's script
                await asyncio.sleep(0)
            await qt_async.until(lambda: window.session is not None)
            names_at_once.append(window.sidebar.item_for(window.session.session_id).text())
        await asyncio.gather(*sending)
        await asyncio.sleep(0.4)  # the list follows the last answers

    qt_async.run(send_all(), timeout=30)
    assert names_at_once == [f"question {number}" for number in range(chats)]
    assert listed_at
    gaps = [later - earlier for earlier, later in itertools.pairwise(listed_at)]
    assert min(gaps, default=1.0) >= FOLLOW_CHATS_MS / 1000 * 0.9, gaps
    stored = real_list()
    assert window.sidebar.session_ids() == [session["session_id"] for session in stored]
    assert [session["message_count"] for session in stored] == [2] * chats
    assert [window.sidebar.list.item(row).text() for row in range(chats)] == [
        session["title"] for session in stored
    ]


def test_search_filters_sessions_live(window, app, qtbot, qt_async):
    first = _seed(app, "Gardening", "how do tomatoes grow")
    second = _seed(app, "Taxes", "deadline for the return")
    window.refresh_sessions()
    assert window.sidebar.session_ids() == [second, first]  # newest first
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert window.sidebar.search.hasFocus()
    qtbot.keyClicks(window.sidebar.search, "tomatoes")
    qt_async.run(qt_async.until(lambda: window.sidebar.session_ids() == [first]))
    [result] = [window.sidebar.list.item(0).data(SESSION_ROLE)]
    assert result["message_index"] == 0
    assert result["snippet"] == "how do tomatoes grow"
    window.sidebar.search.clear()
    qt_async.run(qt_async.until(lambda: window.sidebar.session_ids() == [second, first]))


def test_rename_delete_and_undo(window, app, qtbot):
    session_id = _seed(app, "Old title", "hello")
    window.refresh_sessions()
    window.open_session(session_id)
    item = window.sidebar.item_for(session_id)
    item.setText("New title")  # what the inline editor commits
    assert app.sessions.list_sessions()[0]["title"] == "New title"
    assert window.title_label.text() == "New title"
    window.sessions.delete(session_id)
    assert window.sidebar.session_ids() == []
    assert window.session is None
    assert window.notice.isVisible()
    assert window.notice.action_button.text() == "Undo"
    qtbot.mouseClick(window.notice.action_button, Qt.MouseButton.LeftButton)
    assert window.sidebar.session_ids() == [session_id]
    assert window.session.session_id == session_id
    assert [m.content for m in window.session.messages] == ["hello", "ok"]


def test_export_writes_the_chosen_file(window, app, tmp_path, qt_async):
    session_id = _seed(app, "Export me", "hello export")
    window.refresh_sessions()
    target = tmp_path / "out.md"
    qt_async.run(window.sessions.write_export(session_id, "markdown", target))
    assert "hello export" in target.read_text(encoding="utf-8")


def test_exported_chats_import_back_and_bad_files_are_explained(
    window,
    app,
    tmp_path,
    qt_async,
):
    session_id = _seed(app, "Round trip", "hello import")
    exported = tmp_path / "round-trip.agent-session.json"
    qt_async.run(window.sessions.write_export(session_id, "json", exported))
    broken = tmp_path / "broken.agent-session.json"
    broken.write_text("{not json", encoding="utf-8")

    # Where the chat is still here unchanged, importing it only reopens it (no duplicate).
    qt_async.run(window.import_sessions([exported]))
    assert window.sidebar.session_ids() == [session_id]
    assert "already in your chats" in window.notice.label.text()
    window.sessions.delete(session_id)

    qt_async.run(window.import_sessions([exported, broken]))

    assert len(window.sidebar.session_ids()) == 1
    assert window.session.session_id != session_id
    assert [m.content for m in window.session.messages] == ["hello import", "ok"]
    assert window.notice.isVisible()
    notice = window.notice.label.text()
    assert notice.startswith("Imported 1 chat.")
    assert "broken.agent-session.json" in notice
    assert "Only files exported as JSON by Agent Desktop can be imported" in notice


def test_status_bar_and_footer_templates(window, qt_async):
    qt_async.run(window._refresh_agent_ui(), timeout=10)
    script(window, {"content": "counted", "usage": {"input_tokens": 3, "output_tokens": 7}})
    send(window, qt_async, "hi")
    visible = [label.text() for label in window.status_labels if label.isVisible()]
    assert visible == ["Model: scripted-1"]
    assistant = window.chat_model.items()[-1]
    assert window.chat_view._delegate.footer_text(assistant) == "7 tokens"


def test_message_actions_edit_regenerate_delete(window, qt_async, qtbot):
    script(window, "an answer")
    send(window, qt_async, "question")
    finished = []
    window.request_finished.connect(lambda: finished.append(1))
    window.chat_view.action_requested.emit("regenerate", 1)
    qt_async.run(qt_async.until(lambda: finished), timeout=20)
    assert [m.content for m in window.session.messages] == ["question", "an answer"]
    assert rows(window) == [("message", "user", "question"), ("message", "assistant", "an answer")]
    window.chat_view.action_requested.emit("edit", 0)
    assert window.composer.text() == "question"
    window.composer.set_text("better question")
    qtbot.keyClick(window.composer.edit, Qt.Key.Key_Return)
    qt_async.run(qt_async.until(lambda: len(finished) == 2), timeout=20)
    stored = window.app.sessions.load_session(window.session.session_id)
    assert [m.content for m in stored.messages] == ["better question", "an answer"]
    window.chat_view.action_requested.emit("delete", 1)
    # Deleting saves through save-prepare actions, off the GUI thread.
    qt_async.run(qt_async.until(lambda: len(window.session.messages) == 1), timeout=10)
    assert [
        m.role for m in window.app.sessions.load_session(window.session.session_id).messages
    ] == ["user"]
    assert rows(window) == [("message", "user", "better question")]


def test_shortcuts_new_chat_and_focus(window, qt_async, qtbot):
    script(window, "hello")
    send(window, qt_async, "hi")
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session is None
    assert window.chat_model.rowCount() == 0
    window.sidebar.search.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.composer.edit.hasFocus()


def test_geometry_and_splitter_are_remembered(qt_async, qtbot, tmp_path):
    app = make_app(tmp_path / "geo")
    first = MainWindow(app)
    first.show()
    first.resize(760, 560)
    first.splitter.setSizes([333, 427])
    sizes = first.splitter.sizes()
    close_inside_the_loop(qt_async, first)
    assert app.settings.splitter_state
    app.close()
    again = make_app(tmp_path / "geo")
    second = MainWindow(again)
    second.show()
    assert second.size().width() == 760
    assert second.splitter.sizes() == sizes
    close_inside_the_loop(qt_async, second)
    again.close()


def test_first_run_offers_setup_and_stores_the_key_in_the_keyring(
    qt_async,
    qtbot,
    tmp_path,
    memory_keyring,
):
    app = make_app(tmp_path / "fresh", configured=False)
    window = MainWindow(app)
    window.show()
    assert window.stack.currentWidget() is window.welcome
    qt_async.run(window.first_run.find_local_servers(), timeout=10)
    assert window.welcome.rescan_button.isEnabled()
    pane = window.welcome
    pane.kind.setCurrentIndex(0)
    qtbot.keyClicks(pane.api_key, "sk-test-123456")
    qtbot.mouseClick(pane.save_key_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.chat_page)
    provider = app.config.providers["openai"]
    assert provider.api_key == "${keyring:providers.openai.api_key}"
    assert app.secrets.get("providers.openai.api_key") == "sk-test-123456"
    assert not app.secrets.session_only("providers.openai.api_key")
    assert "system keyring" in pane.key_storage.text()
    assert "sk-test-123456" not in app.paths.config_path.read_text(encoding="utf-8")
    assert app.config.agents["default"].provider == "openai"
    close_inside_the_loop(qt_async, window)
    app.close()


def test_first_run_own_server_needs_no_key_names_an_empty_model_and_enter_saves(
    qt_async,
    qtbot,
    tmp_path,
    memory_keyring,
):
    # Seen walking the app: a server of one's own was asked for a key; an empty model was
    # refused without naming the field; Enter in the form did nothing.
    app = make_app(tmp_path / "fresh", configured=False)
    window = MainWindow(app)
    window.show()
    qt_async.run(window.first_run.find_local_servers(), timeout=10)
    pane = window.welcome
    pane.kind.setCurrentIndex(pane.kind.findText("Other OpenAI-compatible server"))
    assert "Optional" in pane.api_key.placeholderText()
    qtbot.keyClicks(pane.base_url, "http://127.0.0.1:9/v1")
    qtbot.keyClick(pane.base_url, Qt.Key.Key_Return)
    assert pane.key_message.isVisibleTo(pane)
    assert "Model field" in pane.key_message.text()
    assert window.stack.currentWidget() is window.welcome
    qtbot.keyClicks(pane.model, "llama3.1")
    qtbot.keyClick(pane.model, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.chat_page)
    [provider] = [entry for entry in app.config.providers.values() if entry.model == "llama3.1"]
    assert provider.base_url == "http://127.0.0.1:9/v1"
    assert not provider.api_key
    assert app.config.agents["default"].model == "llama3.1"
    close_inside_the_loop(qt_async, window)
    app.close()


def test_first_run_without_a_keyring_says_so_once_then_the_choices(
    qt_async,
    qtbot,
    tmp_path,
):
    keyring.set_keyring(fail.Keyring())
    app = make_app(tmp_path / "fresh", configured=False)
    window = MainWindow(app)
    window.show()
    qt_async.run(window.first_run.find_local_servers(), timeout=10)
    note = window.welcome.key_storage.text()
    assert note.startswith("No system keyring is available. Your choices:")
    # The problem is said once, the remedies once (not the problem's own advice as well).
    assert note.count("GNOME Keyring") == 1
    assert note.count("restart") == 2  # "enter it again after a restart", "… and restart"
    close_inside_the_loop(qt_async, window)
    app.close()


def test_first_run_local_server_choice(qt_async, qtbot, tmp_path):
    app = make_app(tmp_path / "fresh2", configured=False)
    window = MainWindow(app)
    window.show()
    settle(qt_async)  # the first-run pane starts looking for local servers
    server = {
        "label": "Ollama",
        "base_url": "http://127.0.0.1:11434/v1",
        "models": ["llama3"],
        "plugin": "openai_compatible",
    }
    window.welcome.set_servers([server])
    assert window.welcome.servers.item(0).text().endswith("(1 model)")
    assert window.welcome.use_server_button.isEnabled()
    qtbot.mouseClick(window.welcome.use_server_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.stack.currentWidget() is window.chat_page)
    provider = app.config.providers["ollama"]
    assert provider.base_url == "http://127.0.0.1:11434/v1"
    assert provider.model == "llama3"
    assert provider.provider == "openai_compatible"
    close_inside_the_loop(qt_async, window)
    app.close()


def test_accessible_names_everywhere(window):
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QPlainTextEdit

    def named(widget) -> bool:
        if isinstance(widget, QAbstractButton):
            return bool(widget.accessibleName() or widget.text())
        return bool(widget.accessibleName())

    unnamed = [
        f"{type(widget).__name__}:{widget.objectName()}:{widget.parent().objectName()}"
        for kind in (QAbstractButton, QComboBox, QLineEdit, QPlainTextEdit)
        for widget in window.findChildren(kind)
        if widget.isVisibleTo(window) and not named(widget)
    ]
    assert unnamed == []


def test_window_shows_before_the_application_is_attached(qt_async, qtbot, tmp_path):
    main = MainWindow()
    main.show()
    qtbot.wait_exposed(main)
    assert not main.splitter.isEnabled()
    assert main.state_label.text() == "Starting…"
    app = make_app(tmp_path / "late")
    main.attach(app)
    assert main.splitter.isEnabled()
    assert main.stack.currentWidget() is main.chat_page
    close_inside_the_loop(qt_async, main)
    app.close()


def test_unhandled_error_shows_a_non_modal_notice(window):
    from agent_desktop.system.crash import ExceptionNotifier

    notifier = ExceptionNotifier(window.show_error)
    try:
        raise RuntimeError("boom in a slot")
    except RuntimeError as error:
        notifier(type(error), error, error.__traceback__)
    assert window.notice.isVisible()
    assert "boom in a slot" in window.notice.label.text()
    assert QApplication.activeModalWidget() is None


def test_plugin_message_actions_reach_the_message_menu(window, qt_async):
    qt_async.run(window._refresh_agent_ui(), timeout=10)
    script(window, "hello")
    send(window, qt_async, "hi")
    menu = window.chat_view.build_message_menu(window.chat_model.index(1))
    labels = [action.text() for action in menu.actions() if action.text()]
    assert labels[:3] == ["Copy", "Regenerate", "Delete"]
    assert "Pin message" in labels


def test_a_model_picked_for_the_chat_is_sent_and_kept_with_it(window, qt_async):
    qt_async.run(window._refresh_agent_ui(), timeout=10)
    picker = window.model_picker

    async def pick() -> None:
        picker.open_popup()
        await qt_async.until(lambda: picker.popup.tree.topLevelItemCount() > 0)
        picker.popup.filter.setText("scripted-large")
        picker.popup.tree.itemActivated.emit(picker.popup.tree.currentItem(), 0)
        await asyncio.sleep(0.1)  # the choice is stored with the chat on the loop

    qt_async.run(pick(), timeout=10)
    assert picker.text().startswith("scripted-large")
    assert window.agent_bar.request_overrides() == {}
    script(window, "hello")
    send(window, qt_async, "hi")
    stored = window.app.sessions.load_session(window.session.session_id)
    assert stored.messages[-1].metadata["model"] == "scripted-large"
    assert stored.metadata["chat_model"]["model"] == "scripted-large"


def test_ctrl_comma_opens_the_settings_dialog(window, qtbot, qt_async):
    async def scenario():
        qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
        await qt_async.until(lambda: getattr(window, "settings_dialog", None) is not None)
        assert window.settings_dialog.isVisible()
        window.settings_dialog.reject()

    qt_async.run(scenario(), timeout=10)


def test_first_message_names_the_chat(window, qt_async):
    script(window, "ok")
    send(
        window,
        qt_async,
        "  Plan a   trip to Lisbon in May with a small budget and good food options  ",
    )
    title = "Plan a trip to Lisbon in May with a small budget and good f…"
    assert window.app.sessions.list_sessions()[0]["title"] == title
    assert window.title_label.text() == title
    script(window, "ok", "ok")
    send(window, qt_async, "another message")
    assert window.app.sessions.list_sessions()[0]["title"] == title


def test_session_actions_need_a_session(window, app):
    toolbar_buttons = [
        window.session_toolbar.widgetForAction(action)
        for action in window.session_toolbar.actions()
        if action.text() or window.session_toolbar.widgetForAction(action) is not None
    ]
    assert window.session is None
    assert all(not action.isEnabled() for action in window.session_menu.actions()[:4])
    session_id = _seed(app, "Something", "hello")
    window.refresh_sessions()
    window.open_session(session_id)
    assert all(action.isEnabled() for action in window.session_menu.actions()[:4])
    assert any(button is not None and button.isEnabled() for button in toolbar_buttons)


def test_a_chat_holding_a_giant_message_is_read_on_a_worker_while_typing_goes_on(
    window,
    app,
    qt_async,
    qtbot,
):
    giant = app.sessions.create_session()
    answer = "A long answer, word after word.\n" * 20_000  # 640 KB
    messages = [Message("user", "tell me everything"), Message("assistant", answer)]
    app.sessions.save_session(Session(giant.session_id, messages, giant.metadata))
    small_id = _seed(app, "Small", "hello")
    window.refresh_sessions()

    window.open_session(giant.session_id)
    # Not read yet (a worker thread is reading it): the window answers meanwhile.
    assert window.session is None
    qtbot.keyClicks(window.composer.edit, "still typing")
    assert window.composer.edit.toPlainText() == "still typing"
    qt_async.run(qt_async.until(lambda: window.session is not None), timeout=10)
    assert window.session.session_id == giant.session_id
    assert window.session.messages[1].content == answer
    assert window.composer.edit.toPlainText() == "still typing"
    window.chat_view.executeDelayedItemsLayout()
    assert window.chat_view.row_layout(1).show_all_text.startswith("Show all  (640 KB")

    # A chat opened while another is being read is the one shown.
    window.new_chat()
    window.open_session(giant.session_id)
    window.open_session(small_id)
    assert window.session.session_id == small_id
    settle(qt_async, 0.5)
    assert window.session.session_id == small_id


def test_long_session_paints_its_newest_messages_first(window, app, qt_async):
    from tests.benchmarks.gui_session_fixture import long_session

    session = app.sessions.create_session()
    app.sessions.save_session(
        Session(session.session_id, long_session(400).messages, session.metadata)
    )
    window.refresh_sessions()
    window.open_session(session.session_id)
    model = window.chat_model
    shown_first = model.rowCount()
    first_index = model.item(0).message_index
    assert first_index is not None
    assert first_index >= 400 - 150  # only the newest page is loaded for the first paint
    bar = window.chat_view.verticalScrollBar()

    def scrolled_to_the_first_message() -> bool:
        bar.setValue(0)  # the user keeps scrolling up: older pages come in
        return model.item(0).message_index == 0

    qt_async.run(qt_async.until(scrolled_to_the_first_message), timeout=10)
    assert model.rowCount() > shown_first
    assert len(window.session.messages) == 400
    indices = [item.message_index for item in model.items() if item.kind == "message"]
    assert indices == sorted(indices)
    assert indices[-1] == 399
    tool_rows = [item for item in model.items() if item.kind == "tool"]
    assert tool_rows
    assert all(row.state == "success" for row in tool_rows)


def test_allow_for_this_session_stops_asking_in_this_session(window, qt_async, qtbot, app):
    notes = app.plugins.instance("note_tools")
    turn = {"content": "", "tool_calls": [{"name": "write_note", "arguments": {"text": "n"}}]}
    script(window, turn, turn, "done")
    prompts_seen = []

    async def scenario():
        task = window.spawn(window.send_message("two notes"))
        await qt_async.until(lambda: window.chat_view._prompts)
        (row_key,) = window.chat_view._prompts  # prompts by their row's key
        prompts_seen.append(row_key)
        prompt = window.chat_view._prompts[row_key]
        qtbot.mouseClick(prompt.buttons["allow_session"], Qt.MouseButton.LeftButton)
        await task

    qt_async.run(scenario(), timeout=20)
    assert len(prompts_seen) == 1  # the second call of the same tool ran without asking
    assert notes.notes == ["n", "n"]
    assert app.settings.tool_approvals == USER_MARKED_SAFE  # nothing remembered for the session


def test_freed_memory_goes_back_once_when_the_last_of_several_answers_finishes(
    window, qt_async, monkeypatch
):
    """Handing freed memory back locks the heap the window allocates from for 40-90 ms; after
    each of a hundred answers finishing together it kept the window waiting for seconds. Now
    answers finishing while another chat still answers leave it to the last one."""
    from agent_desktop.system import heap

    trims: list[int] = []
    real_release = heap.release_freed_memory

    def counted_release() -> None:
        trims.append(1)
        real_release()

    monkeypatch.setattr(heap, "release_freed_memory", counted_release)

    async def answer_together() -> int:
        window.new_chat()
        script(window, {"content": "slow " * 100, "chunk_size": 5, "delay": 0.03})
        slow = asyncio.ensure_future(window.send_message("take your time"))
        while not window.conversation.busy:  # the send took this chat's script
            await asyncio.sleep(0)
        quick = []
        for number in range(3):
            window.new_chat()
            script(window, {"content": f"quick answer {number}"})
            quick.append(asyncio.ensure_future(window.send_message(f"quick {number}")))
            while not window.conversation.busy:
                await asyncio.sleep(0)
        await asyncio.gather(*quick)
        await asyncio.sleep(0.2)  # a trim started by a quick answer would have run by now
        assert not slow.done(), "the slow answer must still be streaming"
        trims_while_one_answers = len(trims)
        await slow
        await qt_async.until(lambda: trims)
        return trims_while_one_answers

    assert qt_async.run(answer_together(), timeout=30) == 0
    assert len(trims) == 1
