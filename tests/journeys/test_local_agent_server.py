"""An agent server on this computer, started from the desktop: its token shown once with Copy,
its chats in the sidebar, answered by its model; quitting stops it; the token is in no log
and no file.

The server is the real `agent-desktop serve`, the desktop's child; its model is a loopback
OpenAI-compatible server. Its keyring is the tests' in-memory one (the child's own), so the
token it makes lives only in that process until it prints it on the pipe.
"""

from __future__ import annotations

import json
import logging
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QLineEdit

from agent_app.paths import resolve_paths
from agent_app.remote.conversation import RemoteConversation
from agent_app.remote.local_server import SERVER_FOLDER
from agent_desktop.sidebar.local_server import ServerTokenDialog
from tests.support import server_behaviours as behave
from tests.support.screenshots import shots_folder
from tests.support.serve_process import SCRIPTED_CONFIG, lab_config
from tests.support.wire_servers import serving_models

SHOTS = shots_folder("serve")
START_TIMEOUT_SECONDS = 90


@pytest.fixture(autouse=True)
def child_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's keyring: the tests' in-memory backend, inside the child process."""
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "tests.support.keyring_backend.MemoryKeyring")


def _open_start_dialog(journey: Any, window: Any) -> None:
    journey.act(window.menus.connect_server_action.trigger)
    journey.settle()
    journey.click("Start an agent server on this computer…")
    journey.settle()


def _type_address(journey: Any, address: str) -> None:
    field = journey.find_widget("Address to listen on", QLineEdit)
    journey.press(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier, widget=field)
    journey.type_text(address, field)


def _files_holding(folder: Path, secret: str) -> list[Path]:
    return [
        path
        for path in folder.rglob("*")
        if path.is_file() and secret.encode("utf-8") in path.read_bytes()
    ]


def test_a_server_started_from_the_desktop_shows_its_token_once_answers_and_stops_on_quit(
    journey: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with serving_models("lab-small") as wire:
        wire.behave(lambda _body: behave.openai_text("Answered by the server on this computer."))
        server_home = resolve_paths(journey.data_dir).data_dir / SERVER_FOLDER
        server_config = resolve_paths(server_home).config_path
        server_config.parent.mkdir(parents=True, exist_ok=True)
        server_config.write_text(json.dumps(lab_config(wire.url)), encoding="utf-8")
        journey.write_config(SCRIPTED_CONFIG)
        window = journey.start()

        _open_start_dialog(journey, window)
        _type_address(journey, "127.0.0.1:0")
        journey.click("Start")
        journey.wait_until(
            lambda: any(
                isinstance(w, ServerTokenDialog) and w.isVisible() for w in journey.widgets()
            ),
            START_TIMEOUT_SECONDS,
        )
        server = window.remote_chats.local_servers[0]
        assert server.process is not None
        token_field = journey.find_widget("Access token", QLineEdit)
        token = token_field.text()
        assert len(token) >= 32
        texts = " ".join(w.text() for w in journey.widgets() if isinstance(w, QLabel))
        assert server.url in texts
        assert "will not be shown again" in texts
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / "local-server-token-shown-once.png", token_field.window())
        journey.click("Copy the access token")
        assert QGuiApplication.clipboard().text() == token
        journey.click("Close")
        journey.settle()
        assert not any(
            isinstance(w, ServerTokenDialog) and w.isVisible() for w in journey.widgets()
        )

        label = server.url.removeprefix("http://")
        new_chat = f"New chat on {label}"
        journey.wait_until(lambda: journey.has_widget(new_chat), 20)
        journey.click(new_chat)
        journey.wait_until(lambda: isinstance(window.binding.conversation, RemoteConversation), 20)
        chat: RemoteConversation = window.binding.conversation
        journey.type_text("Who answers?", window.composer.edit)
        journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
        journey.wait_until(
            lambda: (
                [m.content for m in chat.session.messages][-1:]
                == ["Answered by the server on this computer."]
            ),
            60,
        )
        assert [request.body["model"] for request in wire.posts] == ["lab-small"]

        journey.stop()  # Quit: the server the app started is stopped (SIGTERM, it drains)
        try:
            code = server.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.process.kill()
            raise
        # uvicorn shuts down gracefully, then re-raises the SIGTERM it caught (the process
        # supervisor it runs under exits with 128 + that signal).
        assert code in (0, -signal.SIGTERM, 128 + signal.SIGTERM)
        serve_log = (resolve_paths(server_home).log_dir / "serve.log").read_text("utf-8")
        assert "Application shutdown complete" in serve_log

    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert token not in logged
    assert _files_holding(journey.data_dir, token) == []


def test_a_bind_beyond_loopback_without_tls_shows_the_servers_refusal(journey: Any) -> None:
    journey.write_config(SCRIPTED_CONFIG)
    window = journey.start()
    _open_start_dialog(journey, window)
    _type_address(journey, "0.0.0.0:0")
    journey.click("Start")
    journey.wait_until(
        lambda: any("without TLS" in w.text() for w in journey.widgets() if isinstance(w, QLabel)),
        START_TIMEOUT_SECONDS,
    )
    assert window.remote_chats.local_servers == []
    assert journey.find_button("Start").isEnabled()  # the user can change the address and retry


def test_a_chat_on_a_server_started_here_uses_the_apps_providers_and_shows_its_failure(
    journey: Any,
) -> None:
    # Seen walking the app: the server started here had no provider, its chat failed with
    # nothing in it but "Failed" in the status bar, and the model picker was an empty list.
    with serving_models("lab-small") as wire:
        wire.enqueue({"status": 400, "body": {"error": {"message": "the lab is closed today"}}})
        wire.behave(lambda _body: behave.openai_text("Answered with the app's own provider."))
        journey.write_config(lab_config(wire.url))  # the app's provider; the server has none
        window = journey.start()

        _open_start_dialog(journey, window)
        _type_address(journey, "127.0.0.1:0")
        journey.click("Start")
        journey.wait_until(
            lambda: any(
                isinstance(w, ServerTokenDialog) and w.isVisible() for w in journey.widgets()
            ),
            START_TIMEOUT_SECONDS,
        )
        journey.click("Close")
        server = window.remote_chats.local_servers[0]
        new_chat = f"New chat on {server.url.removeprefix('http://')}"
        journey.wait_until(lambda: journey.has_widget(new_chat), 20)
        journey.click(new_chat)
        journey.wait_until(lambda: isinstance(window.binding.conversation, RemoteConversation), 20)
        chat: RemoteConversation = window.binding.conversation

        journey.type_text("Who answers?", window.composer.edit)
        journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
        panel = window.column.outcome_panel
        journey.wait_until(lambda: panel.isVisible(), 60)
        assert panel.message.text().startswith("Lab GPUs ")  # the app's provider, in words
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / "local-server-chat-failure-shown.png")

        journey.type_text("And now?", window.composer.edit)
        journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
        journey.wait_until(
            lambda: (
                [m.content for m in chat.session.messages][-1:]
                == ["Answered with the app's own provider."]
            ),
            60,
        )
        journey.wait_until(lambda: not panel.isVisible(), 10)
        assert {request.body["model"] for request in wire.posts} == {"lab-small"}
        journey.stop()
