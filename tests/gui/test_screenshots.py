"""Render the main window with a realistic session (light and dark) to PNG files.

Copies go to the screenshot folder (`tests.support.screenshots`), for people to look at.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from tests.support.gui_plugins import USER_MARKED_SAFE, NoteTools, UsageDisplayFeature
from tests.support.screenshots import shots_folder

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.paths import resolve_paths
from agent_core import Message, Session
from agent_desktop.toolkit.theme import ThemeManager
from agent_desktop.window.main_window import MainWindow
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.gui

NOTES_FOLDER = shots_folder("screenshots")

ANSWER = """Here is how the store opens its database. It uses **WAL** so readers never block the
writer, and it checks the file before use:

```python
def open_store(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    if connection.execute("PRAGMA quick_check(1)").fetchone()[0] != "ok":
        raise StoreError(f"{path} is damaged")
    return connection
```

| setting | value |
|---|---|
| journal | `WAL` |
| synchronous | `NORMAL` |

Next I will save a note with the summary."""


def _call(call_id: str, name: str, arguments: dict) -> dict:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def _result(call_id: str, name: str, content: str, single_line: str) -> Message:
    return Message(
        "tool",
        content,
        metadata={
            "tool_call_id": call_id,
            "name": name,
            "display": {"type": "text", "content": content, "single_line": single_line},
            "is_error": False,
        },
    )


def seeded_history() -> list[Message]:
    listing = "\n".join(
        f"{n:4d}  {line}"
        for n, line in enumerate(
            [
                "class SessionStore:",
                '    """All persistent session data in one SQLite file."""',
                "",
                "    def __init__(self, path: Path) -> None:",
                "        self.path = Path(path)",
                "        self._connection = self._connect(self.path)",
            ],
            start=1,
        )
    )
    return [
        Message("user", "How does the session store open its database? Show me the code."),
        Message(
            "assistant",
            "Let me look at the store first.",
            metadata={
                "reasoning": "The user wants the opening code. Search, then read the file.",
                "tool_calls": [
                    _call("s1", "lookup", {"text": "SessionStore"}),
                    _call("s2", "read_file", {"path": "desktop/agent_app/store.py", "limit": 6}),
                ],
                "tool_call_previews": [
                    {
                        "tool_call_id": "s1",
                        "tool_name": "lookup",
                        "preview": "lookup: SessionStore",
                    },
                    {"tool_call_id": "s2", "tool_name": "read_file", "preview": "store.py"},
                ],
            },
        ),
        _result(
            "s1",
            "lookup",
            "SessionStore is defined in desktop/agent_app/store.py",
            "1 match in store.py",
        ),
        _result("s2", "read_file", listing, "6 lines of desktop/agent_app/store.py"),
        Message(
            "assistant",
            ANSWER,
            metadata={"model": "scripted-1", "usage": {"input_tokens": 812, "output_tokens": 164}},
        ),
    ]


@pytest.fixture
def window(qt_async, tmp_path):
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, NoteTools, UsageDisplayFeature]
    )
    app.settings.tool_approvals = dict(USER_MARKED_SAFE)
    app.config.providers["offline"] = ProviderConfig(provider="scripted", label="Offline")
    app.config.agents["default"] = AgentConfig(provider="offline", model="scripted-1")
    session = app.sessions.create_session()
    app.sessions.save_session(Session(session.session_id, seeded_history(), session.metadata))
    app.sessions.rename_session(session.session_id, "How the session store opens SQLite")
    for title in ("Packaging the app as a Flatpak", "Why is my MCP server not starting?"):
        other = app.sessions.create_session()
        app.sessions.save_session(
            Session(
                other.session_id,
                [Message("user", title), Message("assistant", "…")],
                other.metadata,
            )
        )
        app.sessions.rename_session(other.session_id, title)
    theme = ThemeManager(QApplication.instance(), "light")
    theme.apply()
    main = MainWindow(app, theme)
    main.resize(1280, 860)
    main.show()
    main.refresh_sessions()
    main.open_session(session.session_id)
    qt_async.run(main._refresh_agent_ui(), timeout=10)
    yield main
    main.close()
    main.deleteLater()
    qt_async.run(asyncio.sleep(0.05))
    theme.set_preference("light")
    app.close()


def test_main_window_screenshots(window, qt_async, tmp_path):
    model = window.chat_model
    expanded = model.tool_item("s2")
    expanded.expanded = True
    model.refresh(expanded)
    # The scripted provider plays turn n for a history with n assistant messages (2 seeded).
    window.request_defaults = {
        "script": [
            "(seeded)",
            "(seeded)",
            {
                "content": "",
                "tool_calls": [
                    {"id": "n1", "name": "write_note", "arguments": {"text": "WAL + quick_check"}}
                ],
            },
            "Saved.",
        ]
    }
    saved: list[Path] = []

    async def scenario() -> None:
        task = window.spawn(window.send_message("Save a short note about this, please."))
        await qt_async.until(lambda: window.chat_view.approval_prompt("n1"))
        await asyncio.sleep(0.3)
        for scheme in ("light", "dark"):
            window.theme.set_preference(scheme)
            await asyncio.sleep(0.3)
            window.chat_view.verticalScrollBar().setValue(
                window.chat_view.verticalScrollBar().maximum()
            )
            await asyncio.sleep(0.2)
            path = tmp_path / f"main-window-{scheme}.png"
            assert window.grab().save(str(path))
            saved.append(path)
            window.chat_view.scrollToTop()
            await asyncio.sleep(0.2)
            top = tmp_path / f"main-window-{scheme}-top.png"
            assert window.grab().save(str(top))
            saved.append(top)
        window.chat_view.approval_prompt("n1").buttons["allow_once"].click()
        await task

    qt_async.run(scenario(), timeout=30)
    for path in saved:
        assert path.stat().st_size > 20_000  # a real picture, not an empty frame
    assert model.tool_item("n1").state == "success"
    if NOTES_FOLDER.parent.is_dir():
        NOTES_FOLDER.mkdir(exist_ok=True)
        for path in saved:
            shutil.copy(path, NOTES_FOLDER / path.name)


def test_first_run_pane_screenshot(qt_async, tmp_path):
    app = AgentApplication(resolve_paths(tmp_path / "fresh"), plugins=[ScriptedProvider])
    theme = ThemeManager(QApplication.instance(), "light")
    theme.apply()
    main = MainWindow(app, theme)
    main.resize(1100, 760)
    main.show()
    qt_async.run(asyncio.sleep(0.5))  # the pane's own scan of this machine finishes first
    main.welcome.set_servers(
        [
            {
                "label": "Ollama",
                "base_url": "http://localhost:11434/v1",
                "models": ["llama3.2", "qwen2.5"],
            }
        ]
    )
    qt_async.run(asyncio.sleep(0.1))
    path = tmp_path / "first-run-light.png"
    assert main.grab().save(str(path))
    assert path.stat().st_size > 10_000
    assert main.stack.currentWidget() is main.welcome
    if NOTES_FOLDER.parent.is_dir():
        NOTES_FOLDER.mkdir(exist_ok=True)
        shutil.copy(path, NOTES_FOLDER / path.name)
    main.close()
    main.deleteLater()
    qt_async.run(asyncio.sleep(0.05))
    app.close()


def test_attachments_errors_and_stopped_answer_screenshot(window, qt_async, tmp_path):
    from PySide6.QtGui import QColor, QImage

    picture = QImage(64, 48, QImage.Format.Format_RGB32)
    picture.fill(QColor("#3a7bd5"))
    image_path = tmp_path / "diagram.png"
    picture.save(str(image_path))
    notes = tmp_path / "meeting-notes.txt"
    notes.write_text("notes " * 300)
    big = tmp_path / "backup.tar"
    big.write_bytes(b"x" * 2048)
    window.app.sessions.assets.max_bytes = 2000
    window.composer.attach_files([image_path, notes, big])
    qt_async.run(qt_async.until(lambda: not window.composer.preparing()))
    window.composer.set_text("What does the diagram show?")
    model = window.chat_model
    model.apply_event(
        {
            "type": "tool_result",
            "request_id": "r",
            "session_id": window.session.session_id,
            "message": {
                "role": "tool",
                "content": "Permission denied: /etc/shadow",
                "metadata": {
                    "tool_call_id": "e1",
                    "name": "read_file",
                    "display": {
                        "content": "Permission denied: /etc/shadow",
                        "single_line": "Permission denied",
                    },
                    "is_error": True,
                },
            },
        }
    )
    model.apply_event(
        {
            "type": "partial",
            "request_id": "r",
            "session_id": window.session.session_id,
            "message": {"role": "assistant", "content": "I could not read that file, so I will"},
        }
    )
    model.apply_event(
        {
            "type": "error",
            "request_id": "r",
            "session_id": window.session.session_id,
            "error": {
                "type": "ConnectionError",
                "message": "The server closed the connection. Check that it runs, then retry.",
                "plugin": "openai_compatible",
                "hook": "astream_api",
            },
        }
    )
    saved = []
    for scheme in ("light", "dark"):
        window.theme.set_preference(scheme)
        qt_async.run(asyncio.sleep(0.3))
        path = tmp_path / f"details-{scheme}.png"
        assert window.grab().save(str(path))
        assert path.stat().st_size > 20_000
        saved.append(path)
    assert len(window.composer.chips()) == 2
    assert "backup.tar" in window.composer.message_label.text()
    if NOTES_FOLDER.parent.is_dir():
        NOTES_FOLDER.mkdir(exist_ok=True)
        for path in saved:
            shutil.copy(path, NOTES_FOLDER / path.name)
