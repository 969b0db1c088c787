"""Dropping a folder on the window: while it is dragged the message box says what a drop does;
once dropped the app asks (make a project, install a skill when it holds a SKILL.md, attach its
files; Cancel does nothing) and each choice can be undone from its notice."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QTreeWidget

from agent_app.paths import resolve_paths
from tests.support.qt_drop import drop_files, file_mime
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("30")
SKILL_MD = "---\nname: expense-reports\ndescription: Build expense reports.\n---\nList them.\n"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


@pytest.fixture(autouse=True)
def home_without_skills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def drag_over(window, paths: list[Path]) -> str:
    """Drag `paths` over the window (not dropped): what the message box then says."""
    mime = file_mime(paths)  # kept: the event holds no reference of its own
    enter = QDragEnterEvent(
        QPoint(200, 200),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    said = window.composer.edit.placeholderText()
    QApplication.sendEvent(window, QDragLeaveEvent())
    return said


def drop_choice(journey) -> QMessageBox:
    """The question a drop asks, once it is shown."""
    journey.wait_until(lambda: journey.has_widget("Cancel", QMessageBox) or _choice(), 10)
    box = _choice()
    assert box is not None
    return box


def _choice() -> QMessageBox | None:
    return next(
        (
            widget
            for widget in QApplication.topLevelWidgets()
            if isinstance(widget, QMessageBox)
            and widget.objectName() == "dropChoice"
            and widget.isVisible()
        ),
        None,
    )


def button_texts(box: QMessageBox) -> list[str]:
    return [button.text() for button in box.buttons()]


def projects_on_disk(journey) -> list[dict]:
    path = journey.data_dir / "data" / "projects.json"
    return json.loads(path.read_text("utf-8"))["projects"] if path.exists() else []


def test_a_dropped_folder_is_asked_about_and_each_choice_is_undone(journey, server, tmp_path):
    folder = tmp_path / "docs"
    (folder / "inner").mkdir(parents=True)
    (folder / "plan.md").write_text("The plan.\n", "utf-8")
    (folder / "budget.csv").write_text("a,b\n1,2\n", "utf-8")
    (folder / ".hidden").write_text("not attached", "utf-8")
    (folder / "inner" / "deep.md").write_text("not attached either", "utf-8")
    loose = tmp_path / "letter.txt"
    loose.write_text("Dear…", "utf-8")
    journey.use_local_server(f"{server.url}/v1")
    window = journey.start()
    resting = window.composer.edit.placeholderText()

    # While dragged, the message box says what a drop will do with what is dragged.
    assert drag_over(window, [loose]) == "Drop the files here to attach them to your message"
    assert "make a project of “docs”" in drag_over(window, [folder])
    assert window.composer.edit.placeholderText() == resting

    # Cancel does nothing.
    assert drop_files(window, [folder])
    box = drop_choice(journey)
    assert button_texts(box) == ["Make a project", "Attach its files", "Cancel"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "drop-folder-question.png", box)
    journey.click("Cancel")
    journey.wait_until(lambda: _choice() is None, 10)
    journey.settle(0.3)
    assert projects_on_disk(journey) == []
    assert window.composer.chips() == []

    # Attach its files: the files directly in it (not hidden ones, not its folders); Undo.
    assert drop_files(window, [folder])
    drop_choice(journey)
    journey.click("Attach its files")
    journey.wait_until(lambda: len(window.composer.chips()) == 2, 20)
    assert sorted(chip.record["name"] for chip in window.composer.chips()) == [
        "budget.csv",
        "plan.md",
    ]
    journey.wait_until(lambda: "Attached 2 files from “docs”." in window.notice.label.text(), 10)
    journey.click("Undo")
    journey.wait_until(lambda: window.composer.chips() == [], 10)

    # Make a project: it is listed with a new chat; Undo forgets it and deletes that chat.
    assert drop_files(window, [folder])
    drop_choice(journey)
    journey.click("Make a project")
    journey.wait_until(lambda: "Made the project “docs”" in window.notice.label.text(), 20)
    [project] = projects_on_disk(journey)
    assert project["folder"] == str(folder.resolve())
    [chat_id] = project["chat_ids"]
    assert window.session.session_id == chat_id
    tree = window.findChild(QTreeWidget, "projectTree")
    journey.wait_until(lambda: tree.isVisible() and tree.topLevelItemCount() == 1, 10)
    journey.click("Undo")
    journey.wait_until(lambda: projects_on_disk(journey) == [], 10)
    journey.wait_until(lambda: not tree.isVisible(), 10)
    assert "no longer a project" in window.notice.label.text()
    assert window.session is None or window.session.session_id != chat_id
    assert chat_id not in [s["session_id"] for s in window.app.sessions.list_sessions()]
    assert folder.is_dir()
    assert (folder / "plan.md").read_text("utf-8") == "The plan.\n"


def test_a_dropped_skill_folder_can_be_installed_and_the_install_undone(journey, server, tmp_path):
    folder = tmp_path / "downloads" / "expense-reports"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL_MD, "utf-8")
    journey.use_local_server(f"{server.url}/v1")
    window = journey.start()

    assert "install the skill “expense-reports”" in drag_over(window, [folder])
    assert drop_files(window, [folder])
    box = drop_choice(journey)
    assert button_texts(box) == ["Install as skill", "Make a project", "Attach its files", "Cancel"]
    assert box.defaultButton().text() == "Install as skill"
    journey.screenshot(SHOTS / "drop-skill-folder-question.png", box)
    journey.click("Install as skill")
    installed = resolve_paths(journey.data_dir).skills_dir / "expense-reports" / "SKILL.md"
    journey.wait_until(
        lambda: "Installed the skill “expense-reports”" in window.notice.label.text(), 20
    )
    assert installed.read_text("utf-8") == SKILL_MD
    assert projects_on_disk(journey) == []

    journey.click("Undo")
    journey.wait_until(
        lambda: "Removed the skill “expense-reports”" in window.notice.label.text(), 20
    )
    assert not installed.parent.exists()
    assert (folder / "SKILL.md").is_file()  # the user's own copy is untouched
