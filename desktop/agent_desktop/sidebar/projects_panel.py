"""The sidebar's projects: each project with its chats under it, and a new chat in one.

Shown only once there is a project (a folder dropped on the window makes one). A project's row
shows its name (its folder in the tooltip); its chats are listed under it by title; a chat
row opens that chat, and "New chat in project" starts one in the project selected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

PROJECT_ROLE = Qt.ItemDataRole.UserRole
CHAT_ROLE = Qt.ItemDataRole.UserRole + 1
MAX_TREE_HEIGHT = 220


class ProjectsPanel(QWidget):
    new_chat_requested = Signal(str)  # project id
    chat_chosen = Signal(str)  # session id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Projects"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.tree = QTreeWidget()
        self.tree.setObjectName("projectTree")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(self.tr("Projects and their chats"))
        self.tree.setMaximumHeight(MAX_TREE_HEIGHT)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.tree.currentItemChanged.connect(lambda *_: self._follow_selection())
        layout.addWidget(self.tree)
        self.new_button = QPushButton(self.tr("New chat in project"))
        self.new_button.setEnabled(False)
        self.new_button.clicked.connect(self._new_chat)
        layout.addWidget(self.new_button)
        self.hide()

    def show_projects(self, projects: Sequence[Any], titles: Mapping[str, str]) -> None:
        """List `projects` (with `project_id`, `name`, `folder`, `chat_ids`), each chat by its
        title in `titles` (a chat not listed there yet is called "New chat")."""
        chosen = self.selected_project()
        self.tree.clear()
        for project in projects:
            row = QTreeWidgetItem([project.name])
            row.setToolTip(0, project.folder)
            row.setData(0, PROJECT_ROLE, project.project_id)
            for session_id in project.chat_ids:
                chat = QTreeWidgetItem([titles.get(session_id) or self.tr("New chat")])
                chat.setData(0, PROJECT_ROLE, project.project_id)
                chat.setData(0, CHAT_ROLE, session_id)
                row.addChild(chat)
            self.tree.addTopLevelItem(row)
            row.setExpanded(True)
            if project.project_id == chosen:
                self.tree.setCurrentItem(row)
        self.setVisible(bool(projects))
        self._follow_selection()

    def selected_project(self) -> str | None:
        item = self.tree.currentItem()
        return str(item.data(0, PROJECT_ROLE)) if item is not None else None

    def _follow_selection(self) -> None:
        self.new_button.setEnabled(self.selected_project() is not None)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        session_id = item.data(0, CHAT_ROLE)
        if session_id:
            self.chat_chosen.emit(str(session_id))

    def _new_chat(self) -> None:
        project_id = self.selected_project()
        if project_id is not None:
            self.new_chat_requested.emit(project_id)
