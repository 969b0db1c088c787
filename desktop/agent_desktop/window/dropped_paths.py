"""What is dropped on the window, and what the message box says while it is dragged.

Files are attached at once, as before (each chip has its own ×). A folder is asked about: make
a project of it (with a new chat in it), install it as a skill when it holds a `SKILL.md`, or
attach the files directly in it; Cancel does nothing. A `.zip` holding a skill (at its top or in
its one top-level folder, how skills are shared) is asked about too: install it or attach it;
one holding none is attached. After each choice a notice says what was done, with Undo: the
project is forgotten (and its new chat deleted if nothing was sent in it), the skill removed
from the app's skills folder, the files taken off the message.

Skills are installed and removed by the skills plugin's `skills_install` / `skills_remove`
actions, through the application's plugin queries (off the GUI thread); the plugin checks a
skill and says what it installed or why not.

While something is dragged over the window, `drop_hint` says what a drop will do. It looks only
at names and at whether a folder holds a `SKILL.md` (a stat each); an archive is opened only
once dropped, on a worker thread.
"""

from __future__ import annotations

import asyncio
import enum
import uuid
import zipfile
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Protocol

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from agent_core import Session
from agent_desktop.composer.message_composer import Composer
from agent_desktop.forms.action_dialogs import dialog_result

if TYPE_CHECKING:
    from agent_app.plugin_queries import PluginQueries

SKILL_FILE = "SKILL.md"
SKILLS_PLUGIN = "skills"
INSTALL_ACTION = "skills_install"
REMOVE_ACTION = "skills_remove"
UNDO_SECONDS = 20


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


def is_archive(path: Path) -> bool:
    return path.suffix.lower() == ".zip"


def drop_hint(paths: Sequence[Path]) -> str | None:
    """What dropping `paths` will do, for the message box while they are dragged (None: only
    files, attached as ever)."""
    folders = [path for path in paths if path.is_dir()]
    archives = [path for path in paths if is_archive(path)]
    if not folders and not archives:
        return None
    if len(paths) == 1 and folders:
        folder = folders[0]
        if (folder / SKILL_FILE).is_file():
            return QCoreApplication.translate(
                "DroppedPaths",
                "Drop to install the skill “{name}”, make a project of the folder or attach "
                "its files — you choose next",
            ).format(name=folder.name)
        return QCoreApplication.translate(
            "DroppedPaths",
            "Drop to make a project of “{name}” or attach its files — you choose next",
        ).format(name=folder.name)
    if len(paths) == 1:
        return QCoreApplication.translate(
            "DroppedPaths",
            "Drop to attach “{name}”, or install the skill it holds — you choose next",
        ).format(name=archives[0].name)
    return QCoreApplication.translate(
        "DroppedPaths", "Drop: the files are attached; you choose what happens with each folder"
    )


class DropChoice(enum.Enum):
    PROJECT = "project"
    SKILL = "skill"
    ATTACH = "attach"
    CANCEL = "cancel"


async def ask_what_to_do(
    parent: QWidget, path: Path, is_folder: bool, holds_skill: bool
) -> DropChoice:
    """Ask what a dropped folder (or a .zip holding a skill) is for; Cancel: nothing."""
    box = QMessageBox(parent)
    box.setObjectName("dropChoice")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(
        QCoreApplication.translate("DroppedPaths", "What should happen with “{name}”?").format(
            name=path.name
        )
    )
    buttons: list[tuple[str, DropChoice]] = []
    if is_folder:
        box.setText(
            QCoreApplication.translate(
                "DroppedPaths", "What should happen with the folder “{name}”?"
            ).format(name=path.name)
        )
        explained = [
            QCoreApplication.translate(
                "DroppedPaths",
                "A project keeps its chats together; they work with the folder's files, "
                "its instructions and pinned files.",
            )
        ]
        buttons.append(
            (QCoreApplication.translate("DroppedPaths", "Make a project"), DropChoice.PROJECT)
        )
        if holds_skill:  # a folder with a SKILL.md is most likely a skill: that comes first
            explained.append(
                QCoreApplication.translate(
                    "DroppedPaths", "It holds a SKILL.md: as a skill it teaches the agent a task."
                )
            )
            buttons.insert(
                0,
                (QCoreApplication.translate("DroppedPaths", "Install as skill"), DropChoice.SKILL),
            )
        buttons.append(
            (QCoreApplication.translate("DroppedPaths", "Attach its files"), DropChoice.ATTACH)
        )
        box.setInformativeText(" ".join(explained))
    else:
        box.setText(
            QCoreApplication.translate(
                "DroppedPaths", "“{name}” holds a skill. Install it?"
            ).format(name=path.name)
        )
        box.setInformativeText(
            QCoreApplication.translate(
                "DroppedPaths", "A skill teaches the agent a task; or attach the archive."
            )
        )
        buttons += [
            (QCoreApplication.translate("DroppedPaths", "Install as skill"), DropChoice.SKILL),
            (QCoreApplication.translate("DroppedPaths", "Attach the archive"), DropChoice.ATTACH),
        ]
    made = [
        (box.addButton(label, QMessageBox.ButtonRole.AcceptRole), choice)
        for label, choice in buttons
    ]
    box.setDefaultButton(made[0][0])  # Enter: the first choice
    box.addButton(QMessageBox.StandardButton.Cancel)
    try:
        await dialog_result(box)
        clicked = box.clickedButton()
        return next((choice for button, choice in made if button is clicked), DropChoice.CANCEL)
    finally:
        if shiboken6.isValid(box):  # closing the window deletes its open dialogs
            box.deleteLater()
            parent.activateWindow()  # typing goes on in the window the folder was dropped on


class Attachments(Protocol):
    """The message box's attachments (the composer)."""

    def attach_files(
        self, paths: list[Path], attached: Callable[[list[dict[str, Any]]], None] | None = None
    ) -> None: ...

    def remove_attachment(self, record: dict[str, Any]) -> None: ...


class ProjectMaker(Protocol):
    """Makes a project of a folder with a new chat in it, and takes that back."""

    async def make(self, folder: Path) -> Any: ...

    def unmake(self, made: Any) -> None: ...


class DroppedPaths:
    """Sorts what is dropped: files to `attachments`; each folder, and each archive holding a
    skill, asked about (`ask`) and then made a project (`projects`), installed as a skill
    (`queries`' install action) or attached; `notice(text, undo)` says what was done."""

    def __init__(
        self,
        queries: PluginQueries,
        agent_id: Callable[[], str],
        attachments: Attachments,
        notice: Callable[[str, Callable[[], None] | None], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
        projects: ProjectMaker,
        ask: Callable[[Path, bool, bool], Coroutine[Any, Any, DropChoice]],
    ) -> None:
        self.queries = queries
        self.agent_id = agent_id
        self.attachments = attachments
        self.notice = notice
        self.spawn = spawn
        self.projects = projects
        self.ask = ask

    def take(self, paths: list[Path]) -> None:
        folders = [path for path in paths if path.is_dir()]
        archives = [path for path in paths if is_archive(path) and path.is_file()]
        files = [path for path in paths if path not in (*folders, *archives)]
        if files:
            self.attachments.attach_files(files)
        if folders or archives:
            self.spawn(self._ask_each(folders, archives))

    async def _ask_each(self, folders: list[Path], archives: list[Path]) -> None:
        holding = await asyncio.to_thread(lambda: [holds_skill_file(path) for path in archives])
        plain = [path for path, holds in zip(archives, holding, strict=True) if not holds]
        if plain:
            self.attachments.attach_files(plain)
        skills = await asyncio.to_thread(
            lambda: [(folder / SKILL_FILE).is_file() for folder in folders]
        )
        asked = [
            *((folder, True, skill) for folder, skill in zip(folders, skills, strict=True)),
            *((path, False, True) for path in archives if path not in plain),
        ]
        for path, is_folder, holds_skill in asked:
            choice = await self.ask(path, is_folder, holds_skill)
            if choice is DropChoice.PROJECT:
                await self._make_project(path)
            elif choice is DropChoice.SKILL:
                await self._install(path)
            elif choice is DropChoice.ATTACH:
                await self._attach(path, is_folder)

    async def _make_project(self, folder: Path) -> None:
        made = await self.projects.make(folder)
        if made is None:
            return
        self.notice(
            QCoreApplication.translate(
                "DroppedPaths", "Made the project “{name}”; its new chat works in {folder}."
            ).format(name=made.project.name, folder=made.project.folder),
            lambda: self.projects.unmake(made),
        )

    async def _run_skills_action(self, action: str, params: dict[str, Any]) -> dict[str, Any]:
        session = Session(uuid.uuid4().hex, [], {"agent_id": self.agent_id()})
        _session, result = await self.queries.run_session_action(
            session, action, params, owner=SKILLS_PLUGIN
        )
        return result

    async def _install(self, source: Path) -> None:
        result = await self._run_skills_action(INSTALL_ACTION, {"source": str(source)})
        message = str(
            result.get("message")
            or QCoreApplication.translate(
                "DroppedPaths", "{name} was not installed as a skill."
            ).format(name=source.name)
        )
        installed = result.get("skill") if result.get("status") == "ok" else None
        if not isinstance(installed, str):
            self.notice(message, None)
            return
        self.notice(message, lambda: self.spawn(self._remove(installed)))

    async def _remove(self, name: str) -> None:
        result = await self._run_skills_action(REMOVE_ACTION, {"name": name})
        self.notice(str(result.get("message") or ""), None)

    async def _attach(self, path: Path, is_folder: bool) -> None:
        if is_folder:
            files = await asyncio.to_thread(
                lambda: sorted(
                    item
                    for item in path.iterdir()
                    if item.is_file() and not item.name.startswith(".")
                )
            )
        else:
            files = [path]
        if not files:
            self.notice(
                QCoreApplication.translate(
                    "DroppedPaths", "“{name}” holds no files to attach (the folders in it are not)."
                ).format(name=path.name),
                None,
            )
            return
        self.attachments.attach_files(files, lambda records: self._attached(path, records))

    def _attached(self, source: Path, records: list[dict[str, Any]]) -> None:
        if not records:
            return  # all already attached: the message box said so
        attached = Composer.tr("Attached %n file(s) from “{name}”.", "", len(records))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
        text = attached.format(name=source.name)
        self.notice(text, lambda: self._detach(records))

    def _detach(self, records: list[dict[str, Any]]) -> None:
        for record in records:
            self.attachments.remove_attachment(record)
