"""Projects in the window: a folder dropped makes a project, chats start in one, the sidebar
lists each project with its chats (`sidebar.projects_panel`).

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
        titles: Callable[[], dict[str, str]],
        notice: Callable[[str], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
    ) -> None:
        self.projects = projects
        self.panel = panel
        self.new_chat = new_chat
        self.titles = titles
        self.notice = notice
        self.spawn = spawn
        panel.new_chat_requested.connect(lambda project_id: self.spawn(self.start_in(project_id)))
        self.refresh()

    def refresh(self) -> None:
        self.panel.show_projects(self.projects.all(), self.titles())

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
