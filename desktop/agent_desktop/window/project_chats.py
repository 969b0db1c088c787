"""Projects in the window: a folder dropped makes a project, chats start in one, the sidebar
lists each project with its chats (`sidebar.projects_panel`), whose menu edits a project's
instructions and pins a file of its folder.

Projects are the application's (`agent_app.projects.Projects`); writing them happens on a
worker thread. A chat joins a project when it is started in it: its requests then work in the
project's folder.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_app.projects import Projects
    from agent_desktop.sidebar.projects_panel import ProjectsPanel


class ProjectChats:
    def __init__(
        self,
        projects: Projects,
        panel: ProjectsPanel,
        new_chat: Callable[[], Conversation],
        titles_of: Callable[[list[str]], dict[str, str]],
        notice: Callable[[str], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
    ) -> None:
        self.projects = projects
        self.panel = panel
        self.new_chat = new_chat
        self.titles_of = titles_of
        self.notice = notice
        self.spawn = spawn
        panel.new_chat_requested.connect(lambda project_id: self.spawn(self.start_in(project_id)))
        panel.instructions_requested.connect(self.edit_instructions)
        panel.pin_requested.connect(self.choose_pinned_file)
        self.instructions_dialog: InstructionsDialog | None = None

    def refresh(self) -> None:
        """List the projects again (the sidebar's chats changed: one deleted, renamed, …).

        The titles come from the store, not the sidebar's page of chats: an older chat is still
        the project's, and a deleted one is not listed. Read here, as the sidebar reads its
        list: a lookup of a few rows by their key is quick."""
        projects = self.projects.all()
        chat_ids = [chat_id for project in projects for chat_id in project.chat_ids]
        self.panel.show_projects(projects, self.titles_of(chat_ids))

    def make_from(self, folders: list[Path]) -> None:
        """Make a project of each dropped folder; the last one gets a new chat."""
        self.spawn(self._make(folders))

    async def _make(self, folders: list[Path]) -> None:
        project_id = None
        for folder in folders:
            project = await asyncio.to_thread(self.projects.create_from_folder, folder)
            project_id = project.project_id
        if project_id is not None:
            await self.start_in(project_id)

    def edit_instructions(self, project_id: str) -> None:
        """A dialog (not modal: the chat goes on) for the project's instructions."""
        project = self.projects.get(project_id)
        if project is None:
            return
        dialog = InstructionsDialog(self.panel, project.name, project.instructions)
        dialog.accepted.connect(
            lambda: self.spawn(self._update(project_id, instructions=dialog.text()))
        )
        dialog.finished.connect(dialog.deleteLater)
        self.instructions_dialog = dialog
        dialog.open()

    def choose_pinned_file(self, project_id: str) -> None:
        """Pick a file of the project's folder; its text goes before each of its chats."""
        project = self.projects.get(project_id)
        if project is None:
            return
        chooser = QFileDialog(
            self.panel,
            QCoreApplication.translate("ProjectChats", "Pin a file of {name}").format(
                name=project.name
            ),
        )
        chooser.setDirectory(project.folder)
        chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
        chooser.fileSelected.connect(lambda path: self.pin(project_id, Path(path)))
        chooser.finished.connect(chooser.deleteLater)
        chooser.open()

    def pin(self, project_id: str, path: Path) -> None:
        project = self.projects.get(project_id)
        if project is None:
            return
        folder = Path(project.folder)
        if not path.resolve().is_relative_to(folder):
            self.notice(
                QCoreApplication.translate(
                    "ProjectChats",
                    "{path} is not in the project's folder {folder}; only its files are pinned.",
                ).format(path=path, folder=folder)
            )
            return
        relative = path.resolve().relative_to(folder).as_posix()
        if relative not in project.pinned:
            self.spawn(self._update(project_id, pinned=[*project.pinned, relative]))

    async def _update(self, project_id: str, **changes: Any) -> None:
        project = await asyncio.to_thread(self.projects.update, project_id, **changes)
        self.refresh()
        self.notice(
            QCoreApplication.translate("ProjectChats", "The project “{name}” is updated.").format(
                name=project.name
            )
        )

    async def start_in(self, project_id: str) -> None:
        """A new chat in the project `project_id`, shown."""
        project = self.projects.get(project_id)
        if project is None:
            return
        conversation = self.new_chat()
        session = await conversation.aensure_session()
        await asyncio.to_thread(self.projects.add_chat, project_id, session.session_id)
        self.refresh()
        self.notice(
            QCoreApplication.translate(
                "ProjectChats", "This chat is in the project “{name}”: it works in {folder}."
            ).format(name=project.name, folder=project.folder)
        )


class InstructionsDialog(QDialog):
    """The instructions of one project: what every chat of it starts from."""

    def __init__(self, parent: QWidget, name: str, instructions: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Instructions of {name}").format(name=name))
        layout = QVBoxLayout(self)
        self.editor = QPlainTextEdit(instructions)
        self.editor.setAccessibleName(self.tr("Project instructions"))
        layout.addWidget(self.editor)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 320)

    def text(self) -> str:
        return self.editor.toPlainText().strip()
