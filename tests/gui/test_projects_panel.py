"""The sidebar's projects panel on real projects: the chat shown is its selected row, a project
the user folded stays folded when the list is drawn again, and opening another of its chats
unfolds it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from agent_app.projects import Projects
from agent_desktop.sidebar.projects_panel import COUNT_ROLE, ProjectsPanel

pytestmark = pytest.mark.gui


def test_a_folded_project_stays_folded_when_redrawn_until_another_of_its_chats_is_shown(
    qtbot, tmp_path
):
    folder = tmp_path / "garden"
    folder.mkdir()
    projects = Projects(tmp_path / "projects.json")
    project = projects.create_from_folder(folder)
    projects.add_chat(project.project_id, "chat-1")
    projects.add_chat(project.project_id, "chat-2")
    titles = {"chat-1": "Beds", "chat-2": ""}
    panel = ProjectsPanel()
    qtbot.add_widget(panel)
    panel.show_projects(projects.all(), titles)
    panel.mark_current("chat-1")
    row = panel.tree.topLevelItem(0)
    assert row.data(0, COUNT_ROLE) == 2
    assert [item.text(0) for item in panel.tree.selectedItems()] == ["Beds"]

    row.setExpanded(False)  # the user folds it
    panel.show_projects(projects.all(), {**titles, "chat-1": "Beds and borders"})
    panel.mark_current("chat-1")  # the same chat, its title changed
    row = panel.tree.topLevelItem(0)
    assert not row.isExpanded()
    assert [item.text(0) for item in panel.tree.selectedItems()] == ["garden"]

    panel.mark_current("chat-2")  # another of its chats is shown: it unfolds
    assert panel.tree.topLevelItem(0).isExpanded()
    assert [item.text(0) for item in panel.tree.selectedItems()] == ["New chat"]


def test_the_new_chat_button_moves_to_the_far_end_when_the_language_reads_right_to_left(
    qtbot, tmp_path
):
    folder = tmp_path / "garden"
    folder.mkdir()
    projects = Projects(tmp_path / "projects.json")
    project = projects.create_from_folder(folder)
    projects.add_chat(project.project_id, "chat-1")
    panel = ProjectsPanel()
    qtbot.add_widget(panel)
    panel.resize(260, 200)
    panel.show()
    panel.show_projects(projects.all(), {"chat-1": "Beds"})
    panel.tree.setCurrentItem(panel.tree.topLevelItem(0))  # the "+" sits on the selected project
    width = panel.tree.viewport().width()
    assert panel.new_button.geometry().center().x() > width / 2  # at the row's end, left to right

    panel.setLayoutDirection(Qt.LayoutDirection.RightToLeft)  # as switching to Arabic does
    # The chevron is now drawn at the right: the "+" moves to the left end, clear of it.
    qtbot.waitUntil(lambda: panel.new_button.geometry().center().x() < width / 2)
