"""A project in the sidebar, as the chats are shown: a row with its chats folded under it and
their count, "New chat in project" over its row and in its menu, the chat shown selected; light,
dark and high contrast. A new chat in a project goes on with the model of the chat it was
started from, or the project's own model once the project has one."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTreeWidget

from agent_desktop.sidebar.projects_panel import COUNT_ROLE
from agent_desktop.toolkit.theme import PALETTES
from tests.support.qt_drop import drop_files
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("30")


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model", "other-model") as running:
        yield running


@pytest.fixture(autouse=True)
def home_without_skills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def pick_model(journey, model: str) -> None:
    """Choose `model` for the chat shown in the model picker (typed into its filter)."""
    journey.click(journey.find_widget("Model"))
    popup = journey.window.model_picker.popup
    journey.wait_until(lambda: popup.isVisible() and popup.state.text() == "", 60)
    journey.type_text(model, popup.filter)
    journey.press(Qt.Key.Key_Return, widget=popup.filter)
    journey.wait_until(lambda: journey.window.model_picker.text().startswith(model), 10)


def selected_titles(tree: QTreeWidget) -> list[str]:
    return [item.text(0) for item in tree.selectedItems()]


def project_file(journey) -> dict:
    [project] = json.loads((journey.data_dir / "data" / "projects.json").read_text("utf-8"))[
        "projects"
    ]
    return project


def test_a_project_row_folds_counts_and_follows_the_chat_and_new_chats_keep_the_model(
    journey, server, tmp_path
):
    folder = tmp_path / "garden"
    folder.mkdir()
    (folder / "beds.md").write_text("Tomatoes by the wall.\n", "utf-8")
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(openai_text("Planted."))
    window = journey.start()
    assert drop_files(window, [folder])
    journey.wait_until(lambda: journey.has_widget("Make a project"), 10)
    journey.click("Make a project")
    tree = window.findChild(QTreeWidget, "projectTree")
    journey.wait_until(lambda: tree.isVisible() and tree.topLevelItemCount() == 1, 20)
    first_chat = window.session.session_id
    journey.wait_until(lambda: tree.topLevelItem(0).data(0, COUNT_ROLE) == 1, 10)
    assert selected_titles(tree) == ["New chat"]  # the chat shown

    # The chat goes on with another model; a new chat in the project (its "+") keeps it.
    pick_model(journey, "other-model")
    journey.click("New chat in project")
    journey.wait_until(lambda: tree.topLevelItem(0).childCount() == 2, 10)
    journey.wait_until(lambda: window.session.session_id != first_chat, 10)
    assert window.model_picker.text().startswith("other-model")
    # The list is drawn anew whenever the chats change: its row is read each time.
    journey.wait_until(lambda: tree.topLevelItem(0).data(0, COUNT_ROLE) == 2, 10)
    assert "2 chats" in tree.topLevelItem(0).toolTip(0)

    # Clicking the project's row folds its chats away and back.
    place = tree.visualItemRect(tree.topLevelItem(0)).center()
    journey.act(
        lambda: journey.qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=place)
    )
    assert not tree.topLevelItem(0).isExpanded()
    assert tree.height() < 60
    assert selected_titles(tree) == ["garden"]  # the chat shown is folded in there
    journey.act(
        lambda: journey.qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=place)
    )
    assert tree.topLevelItem(0).isExpanded()
    assert selected_titles(tree) == ["New chat"]  # the chat shown again, not the project

    # The project's menu makes the model shown its own: a new chat started from a chat on
    # the default model still gets it; a chat outside the project selects nothing there.
    menu = window.project_chats.panel.project_menu(project_file(journey)["project_id"])
    [use_shown] = [a for a in menu.actions() if a.text() == "Use the model shown for its new chats"]
    journey.act(use_shown.trigger)
    journey.wait_until(lambda: project_file(journey).get("model") is not None, 10)
    assert project_file(journey)["model"]["model"] == "other-model"
    journey.click("New chat")
    journey.wait_until(lambda: window.model_picker.text().startswith("local-model"), 10)
    assert selected_titles(tree) == []
    menu = window.project_chats.panel.project_menu(project_file(journey)["project_id"])
    [new_chat] = [a for a in menu.actions() if a.text() == "New chat in project"]
    journey.act(new_chat.trigger)
    journey.wait_until(lambda: tree.topLevelItem(0).childCount() == 3, 10)
    journey.wait_until(lambda: window.model_picker.text().startswith("other-model"), 10)
    journey.type_text("Where do the tomatoes go?", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: len(server.posts) == 1 and not window.busy(), 30)
    assert server.posts[0].body["model"] == "other-model"
    journey.wait_until(lambda: "Where do the tomatoes go?" in selected_titles(tree), 10)

    # Opening an earlier chat of the project from the chat list selects its row here too.
    journey.act(lambda: window.open_session(first_chat))
    journey.wait_until(lambda: window.session and window.session.session_id == first_chat, 10)
    assert selected_titles(tree) == ["New chat"]

    # Drawn in each theme's colours: no white box in the dark sidebar.
    SHOTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark", "high_contrast"):
        journey.act(lambda theme=theme: window.theme.set_preference(theme))
        journey.settle(0.2)
        picture = window.sidebar.grab().toImage()
        below_rows = tree.mapTo(window.sidebar, QPoint(tree.width() // 2, tree.height() - 3))
        assert picture.pixelColor(below_rows) == QColor(PALETTES[theme].sidebar)
        journey.screenshot(SHOTS / f"project-sidebar-{theme}.png", window.sidebar)
