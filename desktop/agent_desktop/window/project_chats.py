"""Projects in the window: a folder dropped makes a project, chats start in one, the sidebar
lists each project with its chats (`sidebar.projects_panel`), whose menu edits a project's
instructions and pins a file of its folder.

Projects are the application's (`agent_app.projects.Projects`); writing them happens on a
worker thread. A chat joins a project when it is started in it: its requests then work in the
project's folder, with the project's model if it has one, else the model of the chat shown when
it was started (`Project.model_for_new_chat`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
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

from agent_app.projects import Project, ProjectError

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_app.model_choice import ModelChoice
    from agent_app.projects import Projects
    from agent_desktop.sidebar.projects_panel import ProjectsPanel


@dataclass(frozen=True)
class MadeProject:
    """A project made of a dropped folder: whether it is new, and the chat started in it."""

    project: Project
    created: bool
    conversation: Conversation


class ProjectChats:
    def __init__(
        self,
        projects: Projects,
        panel: ProjectsPanel,
        new_chat: Callable[[], Conversation],
        titles_of: Callable[[list[str]], dict[str, str]],
        notice: Callable[[str], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
        chat_model: Callable[[], ModelChoice | None],
        shown_model: Callable[[], ModelChoice | None],
        discard_chat: Callable[[str], None],
    ) -> None:
        self.projects = projects
        self.discard_chat = discard_chat  # deletes a chat with no notice
        # The chat shown's own model (None: its agent's), and the model it sends to.
        self.chat_model = chat_model
        self.shown_model = shown_model
        self.panel = panel
        self.new_chat = new_chat
        self.titles_of = titles_of
        self.notice = notice
        self.spawn = spawn
        panel.new_chat_requested.connect(lambda project_id: self.spawn(self.start_in(project_id)))
        panel.instructions_requested.connect(self.edit_instructions)
        panel.pin_requested.connect(self.choose_pinned_file)
        panel.model_requested.connect(self.set_model)
        self.instructions_dialog: InstructionsDialog | None = None

    def refresh(self) -> None:
        """List the projects again (the sidebar's chats changed: one deleted, renamed, …).

        The titles come from the store, not the sidebar's page of chats: an older chat is still
        the project's, and a deleted one is not listed. Read here, as the sidebar reads its
        list: a lookup of a few rows by their key is quick."""
        projects = self.projects.all()
        chat_ids = [chat_id for project in projects for chat_id in project.chat_ids]
        self.panel.show_projects(projects, self.titles_of(chat_ids))

    async def make(self, folder: Path) -> MadeProject | None:
        """A project of `folder` (the one it already is, if any) with a new chat in it, shown;
        None when the folder cannot be one (the notice says why)."""
        known = {project.project_id for project in self.projects.all()}
        try:
            project = await asyncio.to_thread(self.projects.create_from_folder, folder)
        except ProjectError as error:
            self.notice(
                QCoreApplication.translate(
                    "ProjectChats", "No project was made of {folder}: {reason}"
                ).format(folder=folder, reason=error)
            )
            return None
        conversation = await self.start_in(project.project_id, announce=False)
        if conversation is None:
            return None
        return MadeProject(project, project.project_id not in known, conversation)

    def unmake(self, made: MadeProject) -> None:
        """Take back `make`: its chat is deleted if nothing was sent in it, and the project
        forgotten if `make` made it (its folder is left as it is)."""
        self.spawn(self._unmake(made))

    async def _unmake(self, made: MadeProject) -> None:
        session = made.conversation.session
        if session is not None and not session.messages:
            self.discard_chat(session.session_id)
        if made.created:
            await asyncio.to_thread(self.projects.remove, made.project.project_id)
        self.refresh()
        self.notice(
            QCoreApplication.translate(
                "ProjectChats", "“{name}” is no longer a project; its folder is as it was."
            ).format(name=made.project.name)
        )

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

    def set_model(self, project_id: str, use_shown: bool) -> None:
        """The project's new chats use the model shown (`use_shown`), or again the model of
        the chat they are started from."""
        project = self.projects.get(project_id)
        if project is None:
            return
        choice = self.shown_model() if use_shown else None
        if use_shown and choice is None:
            self.notice(
                QCoreApplication.translate(
                    "ProjectChats",
                    "No model is chosen yet: pick one in the message box, then try again.",
                )
            )
            return
        self.spawn(self._set_model(project_id, choice))

    async def _set_model(self, project_id: str, choice: ModelChoice | None) -> None:
        project = await asyncio.to_thread(
            self.projects.update, project_id, model=choice.stored() if choice else None
        )
        self.refresh()
        if choice is None:
            text = QCoreApplication.translate(
                "ProjectChats",
                "New chats in “{name}” use the model of the chat they are started from.",
            ).format(name=project.name)
        else:
            text = QCoreApplication.translate(
                "ProjectChats", "New chats in “{name}” use {model}."
            ).format(name=project.name, model=choice.model)
        self.notice(text)

    async def start_in(self, project_id: str, *, announce: bool = True) -> Conversation | None:
        """A new chat in the project `project_id`, shown (`announce`: with a notice)."""
        project = self.projects.get(project_id)
        if project is None:
            return None
        model = project.model_for_new_chat(self.chat_model())
        conversation = self.new_chat()
        await conversation.choose_model(model)
        session = await conversation.aensure_session()
        await asyncio.to_thread(self.projects.add_chat, project_id, session.session_id)
        self.refresh()
        if announce:
            self.notice(
                QCoreApplication.translate(
                    "ProjectChats", "This chat is in the project “{name}”: it works in {folder}."
                ).format(name=project.name, folder=project.folder)
            )
        return conversation


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
