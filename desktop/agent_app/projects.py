"""Projects: a folder, its instructions and pinned files, and the chats that work in it.

The user makes a project from a folder (dropped on the window); its chats are listed with it.
Which chat belongs to which project is kept here (`projects.json` in the data folder), never in
the chat itself: an imported chat cannot claim a project, so a file from elsewhere never decides
what the file tools may touch. For a chat of a project, `request_overrides` gives the request
config the project's folder as the file tools' workspace (`workspace_dir`), the same folder as
`project_dir` (the projects and memory plugins read it) and the `project` block (name,
instructions, pinned files) the projects plugin puts before the conversation.
"""

from __future__ import annotations

import logging
import threading
import uuid
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_app.model_choice import ModelChoice, chat_model_choice
from agent_app.paths import set_aside, write_atomically

log = logging.getLogger(__name__)

#: The scheme of a link to a project's file in an answer (`project-file:///home/…/notes.md`,
#: as the projects plugin's search gives it to the model to cite): the window opens it only
#: for a file inside one of the user's project folders.
PROJECT_FILE_LINK = "project-file:"


class ProjectError(ValueError):
    """A project that cannot be made or changed; the message says why and what to do."""


class Project(BaseModel):
    model_config = ConfigDict(extra="ignore")

    project_id: str
    name: str
    folder: str
    instructions: str = ""
    pinned: list[str] = Field(default_factory=list)  # paths inside the folder
    chat_ids: list[str] = Field(default_factory=list)
    # The model its new chats use (`ModelChoice.stored()`); None: the chat they start from's.
    model: dict[str, str] | None = None

    def model_choice(self) -> ModelChoice | None:
        return chat_model_choice(self.model)

    def model_for_new_chat(self, started_from: ModelChoice | None) -> ModelChoice | None:
        """What a new chat of the project uses: the project's model, else `started_from` (the
        model of the chat shown when it was started; None: the agent's own).

        Not the agent's default: someone who just talked to a model and starts a chat in the
        project means to go on with it, unless the project says which model its chats use."""
        return self.model_choice() or started_from


class ProjectFile(BaseModel):
    model_config = ConfigDict(extra="ignore")

    projects: list[Project] = Field(default_factory=list)


class Projects:
    """The user's projects, kept in `path` (written atomically at each change)."""

    def __init__(self, path: Path, notices: list[str] | None = None) -> None:
        self.path = path
        self._lock = threading.Lock()  # requests read from the loop, the GUI writes
        self._projects: dict[str, Project] = {}
        if path.exists():
            try:
                loaded = ProjectFile.model_validate_json(path.read_bytes())
                self._projects = {project.project_id: project for project in loaded.projects}
            except (OSError, ValidationError, ValueError) as error:
                message = (
                    f"The projects file {path} could not be read ({error.__class__.__name__}); "
                    f"the app starts with no projects. {set_aside(path, 'unreadable')}"
                )
                log.warning(message)
                if notices is not None:
                    notices.append(message)

    def all(self) -> list[Project]:
        with self._lock:
            return sorted(self._projects.values(), key=lambda project: project.name.casefold())

    def get(self, project_id: str) -> Project | None:
        with self._lock:
            return self._projects.get(project_id)

    def create_from_folder(self, folder: Path) -> Project:
        """A project for `folder` (the one there already is, if any)."""
        folder = Path(folder).expanduser()
        if not folder.is_absolute():
            raise ProjectError(f"{folder} is not a full path; choose the folder again")
        if not folder.is_dir():
            raise ProjectError(f"{folder} is not a folder; a project is made from a folder")
        resolved = str(folder.resolve())
        with self._lock:
            for project in self._projects.values():
                if project.folder == resolved:
                    return project
            project = Project(project_id=uuid.uuid4().hex, name=folder.name, folder=resolved)
            self._projects[project.project_id] = project
            self._save()
        return project

    def add_chat(self, project_id: str, session_id: str) -> None:
        with self._lock:
            project = self._projects.get(project_id)
            if project is None:
                raise ProjectError("that project was removed; make it again from its folder")
            if session_id not in project.chat_ids:
                project.chat_ids.append(session_id)
                self._save()

    def update(self, project_id: str, **changes: Any) -> Project:
        """Change a project's name, instructions, pinned files or model."""
        allowed = {"name", "instructions", "pinned", "model"}
        unknown = sorted(set(changes) - allowed)
        if unknown:
            raise ProjectError(f"a project has no setting {', '.join(unknown)}")
        with self._lock:
            project = self._projects.get(project_id)
            if project is None:
                raise ProjectError("that project was removed; make it again from its folder")
            updated = project.model_copy(update=changes)
            self._projects[project_id] = updated
            self._save()
        return updated

    def remove(self, project_id: str) -> Project | None:
        """Forget the project `project_id` (its folder and chats are left as they are)."""
        with self._lock:
            removed = self._projects.pop(project_id, None)
            if removed is not None:
                self._save()
        return removed

    def project_of(self, session_id: str | None) -> Project | None:
        if not session_id:
            return None
        with self._lock:
            return next((p for p in self._projects.values() if session_id in p.chat_ids), None)

    def request_overrides(self, session_id: str | None) -> dict[str, Any]:
        """What a request of chat `session_id` takes from its project (nothing outside one)."""
        project = self.project_of(session_id)
        if project is None:
            return {}
        return {
            "workspace_dir": project.folder,
            "project_dir": project.folder,
            "project": {
                "name": project.name,
                "instructions": project.instructions,
                "pinned": list(project.pinned),
            },
        }

    def _save(self) -> None:
        document = ProjectFile(projects=list(self._projects.values()))
        write_atomically(self.path, (document.model_dump_json(indent=2) + "\n").encode("utf-8"))
