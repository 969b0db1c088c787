"""What is dropped on the window: a skill is installed, a folder becomes a project, everything
else is attached.

A folder holding a `SKILL.md`, or a `.zip` holding one at its top or inside its one top-level
folder (how skills are shared), goes to the skills plugin's `skills_install` action (through the
application's plugin queries, off the GUI thread); the plugin checks it and says what it
installed or why not, in a notice. Any other folder is made a project, with a new chat in it.
Files that are plainly not skills are attached at once, as before; an archive is looked into on
a worker thread and attached if it holds no skill.
"""

from __future__ import annotations

import asyncio
import uuid
import zipfile
from collections.abc import Callable, Coroutine
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from agent_core import Session

if TYPE_CHECKING:
    from agent_app.plugin_queries import PluginQueries

SKILL_FILE = "SKILL.md"
SKILLS_PLUGIN = "skills"
INSTALL_ACTION = "skills_install"


def holds_skill_file(archive: Path) -> bool:
    """Whether the .zip `archive` has a SKILL.md at its top or in one top-level folder."""
    try:
        with zipfile.ZipFile(archive) as bundle:
            names = bundle.namelist()
    except (OSError, zipfile.BadZipFile):
        return False  # not an archive after all: it is attached like any file
    return any(
        PurePosixPath(name).name == SKILL_FILE and len(PurePosixPath(name).parts) <= 2
        for name in names
    )


class DroppedPaths:
    """Sorts what is dropped: skills to `queries`' install action, other folders to
    `make_projects`, the rest to `attach`."""

    def __init__(
        self,
        queries: PluginQueries,
        agent_id: Callable[[], str],
        attach: Callable[[list[Path]], None],
        notice: Callable[[str], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
        make_projects: Callable[[list[Path]], None],
    ) -> None:
        self.queries = queries
        self.make_projects = make_projects
        self.agent_id = agent_id
        self.attach = attach
        self.notice = notice
        self.spawn = spawn

    def take(self, paths: list[Path]) -> None:
        folders = [path for path in paths if path.is_dir() and (path / SKILL_FILE).is_file()]
        projects = [path for path in paths if path.is_dir() and path not in folders]
        archives = [path for path in paths if path.suffix.lower() == ".zip" and path.is_file()]
        rest = [path for path in paths if path not in (*folders, *projects, *archives)]
        if rest:
            self.attach(rest)
        if projects:
            self.make_projects(projects)
        if folders or archives:
            self.spawn(self._install(folders, archives))

    async def _install(self, folders: list[Path], archives: list[Path]) -> None:
        holding = await asyncio.to_thread(lambda: [holds_skill_file(path) for path in archives])
        plain = [path for path, holds in zip(archives, holding, strict=True) if not holds]
        if plain:
            self.attach(plain)
        for source in [*folders, *(path for path in archives if path not in plain)]:
            session = Session(uuid.uuid4().hex, [], {"agent_id": self.agent_id()})
            _session, result = await self.queries.run_session_action(
                session, INSTALL_ACTION, {"source": str(source)}, owner=SKILLS_PLUGIN
            )
            message = result.get("message") or QCoreApplication.translate(
                "DroppedPaths", "{name} was not installed as a skill."
            ).format(name=source.name)
            self.notice(str(message))
