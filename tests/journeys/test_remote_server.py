"""A chat on an agent server, from the desktop: connect, send, the server restarts mid-answer,
the answer completes with every event shown once; a tool on the server asks here and runs there.

The server is the real `agent-desktop serve` in its own process on loopback; the window is the
real one. (Screenshots of the remote chat go to the run's screenshot folder, `serve/`.)
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
)

from agent_app.remote.conversation import RemoteConversation
from agent_memory.store import MemoryStore
from tests.support import server_behaviours as behave
from tests.support.qt_drop import file_mime
from tests.support.screenshots import shots_folder
from tests.support.serve_process import ServeProcess, lab_config
from tests.support.wire_servers import serving_models

SHOTS = shots_folder("serve")
SCRIPTED = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
ANSWER = "This answer comes from the agent server and survives its restart, every word once. " * 2


@pytest.fixture
def server(tmp_path: Path) -> Any:
    home = tmp_path / "server"
    home.mkdir()
    serving = ServeProcess(home).start()
    yield serving
    serving.stop()


def _connect(journey: Any, window: Any, server: ServeProcess) -> RemoteConversation:
    journey.act(window.menus.connect_server_action.trigger)
    journey.settle()
    address = journey.find_widget("Server address", QLineEdit)
    journey.type_text(server.url, address)
    journey.type_text(server.token, journey.find_widget("Access token", QLineEdit))
    journey.click("Connect")
    new_chat = f"New chat on 127.0.0.1:{server.port}"
    journey.wait_until(lambda: journey.has_widget(new_chat), timeout=20)
    journey.click(new_chat)
    journey.wait_until(lambda: isinstance(window.binding.conversation, RemoteConversation), 20)
    chat: RemoteConversation = window.binding.conversation
    return chat


def _no_failure_shown(journey: Any) -> None:
    """No 'Something went wrong' notice: nothing the window did with the chat raised."""
    texts = [label.text() for label in journey.widgets() if isinstance(label, QLabel)]
    assert not [text for text in texts if "Something went wrong" in text]


def _send(journey: Any, window: Any, text: str) -> None:
    journey.type_text(text, window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)


def test_a_remote_chat_survives_a_server_restart_mid_answer_and_shows_each_event_once(
    journey: Any, server: ServeProcess
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    chat = _connect(journey, window, server)
    shown: list[dict[str, Any]] = []
    chat.subscribe(shown.append)
    window.request_defaults = {"script": [{"content": ANSWER, "chunk_size": 4, "delay": 0.05}]}
    _send(journey, window, "Tell me from over there")
    journey.wait_until(lambda: any(e["type"] == "partial" for e in shown), timeout=30)

    # The network goes: the server stops mid-answer (it finishes the answer as it stops) and
    # comes back; the chat resumes with since_id.
    journey.run(asyncio.to_thread(server.stop), timeout=90)
    journey.run(asyncio.to_thread(server.start), timeout=120)
    journey.wait_until(lambda: any(e["type"] == "request_finished" for e in shown), timeout=60)
    journey.settle(0.5)

    assert [m.content for m in chat.session.messages] == ["Tell me from over there", ANSWER]
    assert len(chat.seen_event_ids) == len(set(chat.seen_event_ids)), "an event came twice"
    rows = [item for item in window.chat_model.items() if item.role == "assistant"]
    assert [row.message.get("content") for row in rows] == [ANSWER]
    section = journey.find_widget(f"Chats on 127.0.0.1:{server.port}")
    journey.wait_until(lambda: section.count() == 1 and "Tell me" in section.item(0).text(), 10)
    assert window.sidebar.list.count() == 0  # the server's chat is not one of this computer's
    SHOTS.mkdir(parents=True, exist_ok=True)
    _no_failure_shown(journey)
    journey.screenshot(SHOTS / "remote-chat-after-server-restart.png")


def test_a_server_tool_is_approved_in_the_desktop_and_runs_on_the_server(
    journey: Any, server: ServeProcess, tmp_path: Path
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    chat = _connect(journey, window, server)
    marker = tmp_path / "made-on-the-server"
    command = {"name": "shell", "arguments": {"command": f"touch {marker} && echo made"}}
    window.request_defaults = {"script": [{"content": "", "tool_calls": [command]}, "Done there."]}
    _send(journey, window, "Make the file over there")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=30)
    where = f"It runs on the agent server 127.0.0.1:{server.port}, not on this computer."
    assert any(where in label.text() for label in journey.widgets() if isinstance(label, QLabel))
    assert not marker.exists()
    SHOTS.mkdir(parents=True, exist_ok=True)
    _no_failure_shown(journey)
    journey.screenshot(SHOTS / "remote-chat-approval-of-a-server-tool.png")
    journey.click("Allow once")
    journey.wait_until(lambda: chat.session.messages[-1].content == "Done there.", timeout=30)
    assert marker.exists()


def test_a_file_dropped_on_a_server_chat_is_uploaded_into_the_servers_store(
    journey: Any, server: ServeProcess, tmp_path: Path
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    chat = _connect(journey, window, server)
    notes = tmp_path / "meeting-notes.txt"
    notes.write_text("The agent should read these notes.", encoding="utf-8")
    point, mime = window.rect().center(), file_mime([notes])
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(point, Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(window, enter)
    drop = QDropEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, modifiers)
    QApplication.sendEvent(window, drop)
    journey.wait_until(lambda: len(window.composer.chips()) == 1, timeout=10)
    window.request_defaults = {"script": ["Read them."]}
    _send(journey, window, "Here are the notes")
    journey.wait_until(
        lambda: [m.content for m in chat.session.messages][-1:] == ["Read them."], 30
    )

    uploads = server.client().get(f"/sessions/{chat.session_id}/uploads").json()["uploads"]
    assert [(u["name"], u["size"]) for u in uploads] == [
        ("meeting-notes.txt", notes.stat().st_size)
    ]
    stored = server.client().get(f"/sessions/{chat.session_id}").json()["session"]["messages"]
    assert stored[0]["multipartContent"][0]["asset_id"] == uploads[0]["asset_id"]
    # The chat here shows the file it sent (read from this computer's copy).
    shown = chat.session.messages[0].multipart_content or []
    assert window.app.sessions.assets.get(shown[0]["asset_id"])["name"] == "meeting-notes.txt"
    assert window.sidebar.list.count() == 0  # its staging record is never listed
    _no_failure_shown(journey)


def test_a_server_chat_offers_the_servers_session_actions_and_runs_them_there(
    journey: Any, server: ServeProcess
) -> None:
    # This computer's agent runs without the compaction plugin; the server's has it.
    local = {
        **SCRIPTED,
        "agents": {
            "default": {**SCRIPTED["agents"]["default"], "disabled_plugins": ["compaction"]}
        },
    }
    journey.write_config(local)
    window = journey.start()
    journey.wait_until(lambda: not window.agent_bar.stale, 10)
    labels = lambda: [action.text() for action in window.session_menu.actions()]  # noqa: E731
    assert "Compact full history" not in labels()
    chat = _connect(journey, window, server)
    journey.wait_until(lambda: "Compact full history" in labels(), 10)
    window.request_defaults = {"script": ["An answer to compact."]}
    _send(journey, window, "Something to compact")
    journey.wait_until(lambda: len(chat.session.messages) == 2 and not window.busy(), 30)
    action = next(a for a in window.session_menu.actions() if a.text() == "Compact full history")
    journey.act(action.trigger)
    journey.wait_until(lambda: journey.has_widget("Compact"), timeout=10)
    journey.click("Compact")
    stored = lambda: server.client().get(f"/sessions/{chat.session_id}").json()["session"]  # noqa: E731
    journey.wait_until(lambda: len(stored()["messages"]) == 1, timeout=30)
    journey.wait_until(lambda: len(chat.session.messages) == 1, timeout=10)

    journey.click("New chat")  # a chat of this computer: its own actions again
    journey.wait_until(lambda: "Compact full history" not in labels(), 10)
    _no_failure_shown(journey)


def test_a_tls_server_is_trusted_after_its_fingerprint_is_shown_and_stays_pinned(
    journey: Any, tmp_path: Path
) -> None:
    server = ServeProcess(tmp_path / "tls-server", "--tls-self-signed").start()
    try:
        journey.write_config(SCRIPTED)
        window = journey.start()
        journey.act(window.menus.connect_server_action.trigger)
        journey.settle()
        journey.type_text(server.url, journey.find_widget("Server address", QLineEdit))
        journey.type_text(server.token, journey.find_widget("Access token", QLineEdit))
        journey.click("Connect")
        printed = server.stdout.split("fingerprint: ")[1].split()[0]
        shown = lambda: [w.text() for w in journey.widgets() if isinstance(w, QLabel)]  # noqa: E731
        journey.wait_until(lambda: any(printed in text for text in shown()), timeout=20)
        assert not journey.has_widget(f"New chat on 127.0.0.1:{server.port}")
        journey.click("Connect")  # the user compared it: trust this certificate
        new_chat = f"New chat on 127.0.0.1:{server.port}"
        journey.wait_until(lambda: journey.has_widget(new_chat), timeout=20)
        kept = json.loads((window.app.paths.config_dir / "remote-servers.json").read_text())
        assert kept["servers"][0]["certificate"] == server.certificate
        journey.click(new_chat)
        journey.wait_until(lambda: isinstance(window.binding.conversation, RemoteConversation), 20)
        chat: RemoteConversation = window.binding.conversation
        window.request_defaults = {"script": ["Over TLS."]}
        _send(journey, window, "Hello over TLS")
        journey.wait_until(
            lambda: [m.content for m in chat.session.messages][-1:] == ["Over TLS."], 30
        )
    finally:
        server.stop()


def test_renaming_and_deleting_a_server_chat_happen_on_the_server(
    journey: Any, server: ServeProcess
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    chat = _connect(journey, window, server)
    window.request_defaults = {"script": ["Noted."]}
    _send(journey, window, "First words")
    journey.wait_until(lambda: len(chat.session.messages) == 2 and not window.busy(), 30)
    read = lambda: server.client().get(f"/sessions/{chat.session_id}")  # noqa: E731

    rename = next(a for a in window.session_menu.actions() if a.text() == "&Rename…")
    journey.act(rename.trigger)
    journey.settle()
    dialog = next(w for w in journey.widgets() if isinstance(w, QInputDialog))
    field = next(w for w in journey.widgets(dialog) if isinstance(w, QLineEdit))
    journey.act(field.clear)
    journey.type_text("Plans for the server", field)
    journey.press(Qt.Key.Key_Return, widget=field)
    journey.wait_until(lambda: read().json()["title"] == "Plans for the server", 20)
    journey.wait_until(lambda: window.title_label.text() == "Plans for the server", 20)
    section = journey.find_widget(f"Chats on 127.0.0.1:{server.port}")
    journey.wait_until(lambda: section.item(0).text() == "Plans for the server", 20)
    assert window.sidebar.list.count() == 0

    delete = next(a for a in window.session_menu.actions() if a.text() == "&Delete")
    journey.act(delete.trigger)
    journey.wait_until(lambda: read().status_code == 404, 20)
    journey.wait_until(lambda: section.count() == 0, 20)
    journey.wait_until(lambda: not isinstance(window.binding.conversation, RemoteConversation), 10)
    _no_failure_shown(journey)


def test_a_server_chats_picker_lists_the_servers_models_and_the_pick_reaches_its_provider(
    journey: Any, tmp_path: Path
) -> None:
    with serving_models("lab-small", "lab-large") as wire:
        wire.behave(lambda _body: behave.openai_text("Answered in the lab."))
        server = ServeProcess(tmp_path / "lab", config=lab_config(wire.url)).start()
        try:
            journey.write_config(SCRIPTED)  # this computer has only its scripted provider
            window = journey.start()
            chat = _connect(journey, window, server)
            where = f"Lab GPUs on 127.0.0.1:{server.port}"
            journey.wait_until(lambda: window.model_picker.text().startswith("lab-small"), 20)
            assert where in window.model_picker.toolTip()
            journey.click(journey.find_widget("Model"))
            popup = window.model_picker.popup
            journey.wait_until(lambda: popup.isVisible() and popup.state.text() == "", 30)
            groups = [popup.tree.topLevelItem(i) for i in range(popup.tree.topLevelItemCount())]
            assert [g.text(0) for g in groups] == ["Lab GPUs"]  # not this computer's Scripted
            assert [groups[0].child(i).text(0) for i in range(2)] == ["lab-small", "lab-large"]
            assert not popup.pin_button.isVisible()  # pins are this computer's models
            SHOTS.mkdir(parents=True, exist_ok=True)
            journey.screenshot(SHOTS / "remote-chat-model-picker-lists-the-servers-models.png")
            journey.type_text("lab-large", popup.filter)
            journey.press(Qt.Key.Key_Return, widget=popup.filter)
            journey.wait_until(lambda: window.model_picker.text().startswith("lab-large"), 20)
            _send(journey, window, "Which model answers?")
            journey.wait_until(
                lambda: [m.content for m in chat.session.messages][-1:] == ["Answered in the lab."],
                30,
            )
            assert [request.body["model"] for request in wire.posts] == ["lab-large"]
            _no_failure_shown(journey)
        finally:
            server.stop()


def test_a_server_plugins_setting_changed_in_the_desktop_is_used_by_the_servers_next_request(
    journey: Any, tmp_path: Path
) -> None:
    config = {**SCRIPTED, "plugins": ["tests.support.serve_plugins.WeatherTools"]}
    server = ServeProcess(tmp_path / "weather", config=config)
    server.paths.settings_path.parent.mkdir(parents=True, exist_ok=True)
    server.paths.settings_path.write_text('{"tool_approvals": {"weather": "always"}}')
    server.start()
    secret = "sky-key-typed-in-the-desktop-0042"
    try:
        journey.write_config(SCRIPTED)
        window = journey.start()
        sidebar_width = window.sidebar.width()
        chat = _connect(journey, window, server)
        journey.settle(0.3)
        assert window.sidebar.width() == sidebar_width  # the server's section never widens it
        journey.click(f"Settings of the agent server 127.0.0.1:{server.port}")
        pages = journey.find_widget("Plugins of the server", QListWidget)
        journey.wait_until(lambda: pages.count() > 0, 30)
        titles = [pages.item(row).text() for row in range(pages.count())]
        assert "Shell" in titles  # the server's plugins, as its settings dialog lists them
        journey.act(lambda: pages.setCurrentRow(titles.index("Weather tools")))
        dialog = pages.window()
        form = dialog.forms["weather_tools"]
        city = next(
            w for w in journey.widgets(form) if isinstance(w, QLineEdit) and w.text() == "Oslo"
        )
        journey.act(city.clear)
        journey.type_text("Bergen", city)
        key = next(
            w
            for w in journey.widgets(form)
            if isinstance(w, QLineEdit) and w.echoMode() == QLineEdit.EchoMode.Password
        )
        journey.type_text(secret, key)
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / "server-plugin-settings-in-the-desktop.png", dialog)
        journey.click("Save")
        journey.wait_until(lambda: not dialog.isVisible(), 20)
        assert secret not in server.paths.config_path.read_text(encoding="utf-8")

        weather = {"name": "weather", "arguments": {}}
        window.request_defaults = {"script": [{"tool_calls": [weather]}, "Pack an umbrella."]}
        _send(journey, window, "Weather?")
        journey.wait_until(
            lambda: [m.content for m in chat.session.messages][-1:] == ["Pack an umbrella."], 30
        )
        results = [str(m.content) for m in chat.session.messages if m.role == "tool"]
        assert results == [f"Sunny in Bergen (key of {len(secret)} characters)"]
        _no_failure_shown(journey)
    finally:
        server.stop()


def test_revoking_a_servers_token_from_the_desktop_makes_the_server_refuse_it(
    journey: Any, server: ServeProcess
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    _connect(journey, window, server)
    token = server.token
    journey.click(f"Settings of the agent server 127.0.0.1:{server.port}")
    journey.wait_until(lambda: journey.has_widget("Revoke the access token…"), 20)
    journey.click("Revoke the access token…")
    journey.wait_until(lambda: journey.has_widget("Revoke"), 10)
    journey.click("Revoke")
    journey.wait_until(lambda: "is revoked" in window.notice.label.text(), 20)
    assert not journey.has_widget(f"New chat on 127.0.0.1:{server.port}")
    kept = json.loads((window.app.paths.config_dir / "remote-servers.json").read_text())
    assert kept["servers"] == []
    assert window.app.secrets.get(f"remote-server-token {server.url}") is None
    refused = httpx.get(f"{server.url}/sessions", headers={"Authorization": f"Bearer {token}"})
    assert refused.status_code == 401
    assert server.process is not None
    assert server.process.poll() is None  # refusing, not dead


def test_scheduling_a_server_chat_says_why_it_cannot_instead_of_failing_later(
    journey: Any, server: ServeProcess
) -> None:
    journey.write_config(SCRIPTED)
    window = journey.start()
    _connect(journey, window, server)
    journey.wait_until(lambda: window.schedule_runs.runner is not None, 20)
    action = next(
        a
        for a in window.session_menu.actions()
        if a.text().replace("&", "") == "Schedule this chat…"
    )
    journey.act(action.trigger)
    journey.wait_until(lambda: "runs on an agent server" in window.notice.label.text(), 10)
    assert not journey.has_widget("Prompt")  # no editor for a schedule that could never run
    assert window.schedule_runs.runner.store.schedules() == []


def test_a_servers_plugin_pages_are_edited_for_the_chosen_agent_and_their_actions_run_there(
    journey: Any, tmp_path: Path
) -> None:
    writer = {"label": "Writer", "provider": "scripted"}
    config = {**SCRIPTED, "agents": {**SCRIPTED["agents"], "writer": writer}}
    server = ServeProcess(tmp_path / "two-agents", config=config)
    memories = MemoryStore(server.paths.memory_path, clean=str)
    memories.add("The server's user drinks green tea", "app")
    server.start()
    try:
        journey.write_config(SCRIPTED)
        window = journey.start()
        _connect(journey, window, server)
        journey.click(f"Settings of the agent server 127.0.0.1:{server.port}")
        pages = journey.find_widget("Plugins of the server", QListWidget)
        journey.wait_until(lambda: pages.count() > 0, 30)
        dialog = pages.window()
        agents = journey.find_widget("Agent of the server", QComboBox)
        assert [agents.itemText(row) for row in range(agents.count())] == ["Default", "Writer"]
        journey.act(agents.setFocus)
        journey.press(Qt.Key.Key_Down, widget=agents)
        journey.wait_until(lambda: dialog.agent_id == "writer" and pages.count() > 0, 30)

        titles = [pages.item(row).text() for row in range(pages.count())]
        journey.act(lambda: pages.setCurrentRow(titles.index("Memory")))
        export = journey.find_button("Export remembered items…")
        assert not export.isEnabled()  # it would pick a folder here, which the server cannot read
        assert "Not available for an agent server" in export.toolTip()
        items = journey.find_widget("Remembered items", QListWidget)
        journey.act(lambda: items.setCurrentRow(0))
        journey.click("Delete the selected remembered items")
        journey.wait_until(lambda: items.count() == 0, 20)
        assert memories.all() == []  # deleted on the server, by its memory plugin

        budget = journey.find_widget("Token budget for remembered items", QSpinBox)
        journey.act(budget.selectAll)
        journey.type_text("500", budget)
        journey.click("Save")
        journey.wait_until(lambda: not dialog.isVisible(), 20)
        saved = json.loads(server.paths.config_path.read_text(encoding="utf-8"))
        assert saved["agents"]["writer"]["memory"]["budget_tokens"] == 500
        assert "memory" not in saved["agents"]["default"]
        _no_failure_shown(journey)
    finally:
        server.stop()


def test_a_server_chat_hides_this_computers_agents(journey: Any, server: ServeProcess) -> None:
    """A stranger saw a server's chat offer this computer's agents ("Default"): the server runs
    its own agent, so the agent picker is for this computer's chats only."""
    journey.write_config(
        {
            "providers": SCRIPTED["providers"],
            "agents": {
                "default": {"label": "Default", "provider": "scripted"},
                "writer": {"label": "Writer", "provider": "scripted"},
            },
        }
    )
    window = journey.start()
    agents = journey.find_widget("Agent")
    journey.wait_until(agents.isVisible, 10)  # two agents here: the picker shows
    _connect(journey, window, server)
    journey.wait_until(lambda: not agents.isVisible(), 10)
    journey.act(window.new_chat)  # back to a chat of this computer
    journey.wait_until(agents.isVisible, 10)
