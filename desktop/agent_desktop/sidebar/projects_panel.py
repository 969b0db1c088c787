"""The sidebar's projects: each project with its chats under it, and a new chat in one.

Shown only once there is a project (a folder dropped on the window makes one). A project's row
shows its name (its folder in the tooltip); its chats are listed under it by title; a chat
row opens that chat, and "New chat in project" starts one in the project selected. A project's
menu edits its instructions and pins a file of its folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QMenu,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

PROJECT_ROLE = Qt.ItemDataRole.UserRole
CHAT_ROLE = Qt.ItemDataRole.UserRole + 1
MAX_TREE_HEIGHT = 220


class ProjectsPanel(QWidget):
    new_chat_requested = Signal(str)  # project id
    chat_chosen = Signal(str)  # session id
    instructions_requested = Signal(str)  # project id
    pin_requested = Signal(str)  # project id

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
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._activated)
        self.tree.currentItemChanged.connect(lambda *_: self._follow_selection())
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._show_menu)
        layout.addWidget(self.tree)
        self.new_button = QPushButton(self.tr("New chat in project"))
        self.new_button.setEnabled(False)
        self.new_button.clicked.connect(self._new_chat)
        layout.addWidget(self.new_button)
        self.hide()

    def show_projects(self, projects: Sequence[Any], titles: Mapping[str, str]) -> None:
        """List `projects` (with `project_id`, `name`, `folder`, `chat_ids`), each chat by its
        title in `titles` (an untitled one is "New chat"); a chat not in `titles` (deleted) is
        left out."""
        chosen = self.selected_project()
        self.tree.clear()
        rows = 0
        first: QTreeWidgetItem | None = None
        for project in projects:
            row = QTreeWidgetItem([project.name])
            first = first or row
            chat_ids = [session_id for session_id in project.chat_ids if session_id in titles]
            rows += 1 + len(chat_ids)
            row.setToolTip(0, project.folder)
            row.setData(0, PROJECT_ROLE, project.project_id)
            for session_id in chat_ids:
                chat = QTreeWidgetItem([titles[session_id] or self.tr("New chat")])
                chat.setData(0, PROJECT_ROLE, project.project_id)
                chat.setData(0, CHAT_ROLE, session_id)
                row.addChild(chat)
            self.tree.addTopLevelItem(row)
            row.setExpanded(True)
            if project.project_id == chosen:
                self.tree.setCurrentItem(row)
        if self.tree.currentItem() is None and first is not None:
            self.tree.setCurrentItem(first)  # "New chat in project" is ready at once
        self._fit_height(rows)
        self.setVisible(bool(projects))
        self._follow_selection()

    def _fit_height(self, rows: int) -> None:
        """As tall as its `rows` (a few projects take little room), up to MAX_TREE_HEIGHT."""
        row_height = self.tree.sizeHintForRow(0) if rows else 0
        wanted = rows * max(row_height, 18) + 2 * self.tree.frameWidth() + 4
        self.tree.setFixedHeight(min(wanted, MAX_TREE_HEIGHT))

    def selected_project(self) -> str | None:
        item = self.tree.currentItem()
        return str(item.data(0, PROJECT_ROLE)) if item is not None else None

    def _follow_selection(self) -> None:
        self.new_button.setEnabled(self.selected_project() is not None)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        session_id = item.data(0, CHAT_ROLE)
        if session_id:
            self.chat_chosen.emit(str(session_id))

    def project_menu(self, project_id: str) -> QMenu:
        """What can be done with a project: its instructions, pinning a file, a new chat."""
        menu = QMenu(self)
        menu.setAccessibleName(self.tr("Project actions"))
        menu.addAction(self.tr("Instructions…")).triggered.connect(
            lambda: self.instructions_requested.emit(project_id)
        )
        menu.addAction(self.tr("Pin a file…")).triggered.connect(
            lambda: self.pin_requested.emit(project_id)
        )
        menu.addAction(self.tr("New chat in project")).triggered.connect(
            lambda: self.new_chat_requested.emit(project_id)
        )
        return menu

    def _show_menu(self, position: QPoint) -> None:
        item = self.tree.itemAt(position)
        if item is None:
            return
        menu = self.project_menu(str(item.data(0, PROJECT_ROLE)))
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.tree.viewport().mapToGlobal(position))

    def _new_chat(self) -> None:
        project_id = self.selected_project()
        if project_id is not None:
            self.new_chat_requested.emit(project_id)
