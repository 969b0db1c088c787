"""All of a user's data to another computer: File → Export all my data… writes one zip
(chats with their attachments, memory, a project, a skill; no key anywhere in it), and
File → Import data… on a fresh data folder brings the chats into the sidebar, the memory into
Settings → Memory and the project into the sidebar."""

from __future__ import annotations

import json
import uuid
import zipfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFileDialog,
    QLineEdit,
    QListWidget,
    QTreeWidget,
)

from agent_app import DEFAULT_AGENT_ID
from agent_core import Message, Session
from tests.journeys.conftest import Journey
from tests.support.screenshots import shots_folder

KEY = "sk-journey-export-5f1e2d3c4b5a69788796"
SHOTS = shots_folder("backup")


def file_menu_action(window: Any, label: str) -> Any:
    file_menu = window.menuBar().actions()[0].menu()
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == label)


def choose_file(journey: Journey, path: Path) -> None:
    """Type `path` into the file dialog that is open and press its accept button."""
    dialog = journey.wait_until(
        lambda: next(
            (
                w
                for w in QApplication.topLevelWidgets()
                if isinstance(w, QFileDialog) and w.isVisible()
            ),
            None,
        ),
        10,
    )
    name = dialog.findChild(QLineEdit, "fileNameEdit")
    journey.act(name.clear)
    journey.type_text(str(path), name)
    journey.press(Qt.Key.Key_Return, widget=name)


def run_action(journey: Journey, plugin: str, action_id: str, params: dict[str, Any]) -> None:
    session = Session(uuid.uuid4().hex, [], {"agent_id": DEFAULT_AGENT_ID})
    _session, result = journey.run(
        journey.app.plugin_queries.run_session_action(session, action_id, params, owner=plugin)
    )
    assert result["status"] == "ok", result


def fill(journey: Journey, tmp_path: Path) -> None:
    app = journey.app
    app.secrets.set("providers.local.api_key", KEY)
    store, assets = app.sessions.store, app.sessions.assets
    store.save_session(
        Session(
            "plain-chat",
            [Message("user", f"my key is {KEY}"), Message("assistant", "Noted.")],
            {"title": "Trip plans", "agent_id": DEFAULT_AGENT_ID},
        )
    )
    store.create_session("picture-chat", title="Garden photo", agent_id=DEFAULT_AGENT_ID)
    picture = assets.add_bytes("picture-chat", b"\x89PNG garden", "garden.png", "image/png")
    store.save_session(
        Session(
            "picture-chat",
            [Message("user", "what is this?", multipart_content=[{"type": "image", **picture}])],
            {"title": "Garden photo", "agent_id": DEFAULT_AGENT_ID},
        )
    )
    memory = tmp_path / "memory-seed.json"
    items = [{"text": "The user waters the garden on Sundays", "scope": "app", "scope_key": ""}]
    memory.write_text(json.dumps({"format": "agent-desktop-memory", "version": 1, "items": items}))
    run_action(journey, "memory", "memory_import", {"source": str(memory)})
    folder = tmp_path / "Garden notes"
    folder.mkdir()
    project = app.projects.create_from_folder(folder)
    app.projects.update(project.project_id, instructions="Answer as a gardener.")
    app.projects.add_chat(project.project_id, "picture-chat")
    skill = tmp_path / "pruning"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: pruning\ndescription: Prune roses.\n---\nCut.\n")
    run_action(journey, "skills", "skills_install", {"source": str(skill)})
    journey.act(journey.window.sessions.refresh)


def test_all_data_goes_to_another_data_folder_through_the_file_menu(journey, tmp_path, data_dir):
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "label": "Home server",
                    "base_url": "http://127.0.0.1:9/v1",
                    "model": "local-model",
                    "api_key": "${keyring:providers.local.api_key}",
                }
            },
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    window = journey.start()
    fill(journey, tmp_path)

    target = tmp_path / "my-data.zip"
    journey.act(file_menu_action(window, "Export all my data…").trigger)
    choose_file(journey, target)
    journey.wait_until(lambda: "xport" in window.notice.label.text(), 30)
    assert "Exported your data" in window.notice.label.text(), window.notice.label.text()

    assert KEY.encode() not in target.read_bytes()
    with zipfile.ZipFile(target) as archive:
        names = archive.namelist()
        manifest = json.loads(archive.read("manifest.json"))
        for name in names:
            assert KEY.encode() not in archive.read(name), name
    assert {"chats/plain-chat.json", "chats/picture-chat.json", "skills/pruning/SKILL.md"} <= set(
        names
    )
    assert manifest["counts"] == {
        "chats": 2,
        "memory": 1,
        "projects": 1,
        "skills": 1,
        "schedules": 0,
    }
    journey.screenshot(SHOTS / "export-done.png")
    journey.stop()

    # Another computer: a fresh data folder.
    journey.data_dir = tmp_path / "other"
    journey.data_dir.mkdir()
    window = journey.start()
    journey.act(file_menu_action(window, "Import data…").trigger)
    choose_file(journey, target)
    journey.wait_until(lambda: journey.has_widget("2 chats", QCheckBox), 20)
    assert journey.find_widget("1 remembered item", QCheckBox).isChecked()
    settings_box = journey.find_widget(
        "Settings, providers and agents (replace yours where they differ)", QCheckBox
    )
    assert not settings_box.isChecked()  # the user's own settings are kept unless asked
    journey.click(settings_box)
    journey.screenshot(SHOTS / "import-choice.png", journey.find_widget("Import data"))
    journey.click("Import")
    journey.wait_until(lambda: "Imported 2 chats" in window.notice.label.text(), 30)
    journey.wait_until(lambda: "local" in journey.app.configuration.config.providers, 20)
    assert journey.app.configuration.config.agents["default"].provider == "local"
    written = journey.app.paths.config_path.read_text("utf-8")
    assert "${keyring:providers.local.api_key}" in written
    assert KEY not in written

    chat_list = window.sidebar.list
    journey.wait_until(
        lambda: "Trip plans" in [chat_list.item(r).text() for r in range(chat_list.count())], 20
    )
    tree = window.findChild(QTreeWidget, "projectTree")
    journey.wait_until(lambda: tree.topLevelItemCount() == 1, 20)
    project = tree.topLevelItem(0)
    assert project.text(0) == "Garden notes"
    assert [project.child(n).text(0) for n in range(project.childCount())] == ["Garden photo"]
    journey.screenshot(SHOTS / "imported-sidebar.png")
    assert (journey.app.paths.skills_dir / "pruning" / "SKILL.md").is_file()

    window.settings_action.trigger()
    journey.wait_until(lambda: getattr(window, "settings_dialog", None) is not None, 20)
    dialog = window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    page = dialog.plugin_pages["memory"]
    [row] = dialog.nav.findItems("Memory", Qt.MatchFlag.MatchExactly)
    rect = dialog.nav.visualItemRect(row)
    journey.act(
        lambda: journey.qtbot.mouseClick(
            dialog.nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center()
        )
    )
    journey.wait_until(lambda: dialog.stack.currentIndex() == dialog.pages.index(page), 10)
    items = page.findChild(QListWidget)
    journey.wait_until(lambda: items.count() == 1, 20)
    assert items.item(0).text() == "The user waters the garden on Sundays"
    journey.screenshot(SHOTS / "imported-memory.png", dialog)
    journey.click("OK")
