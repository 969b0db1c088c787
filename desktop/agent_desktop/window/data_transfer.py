"""File → Export all my data… and File → Import data…: the dialogs around
`agent_app.data_archive`, whose work runs on a worker thread (progress arrives by a queued
signal; Cancel sets an event the worker reads)."""

from __future__ import annotations

import asyncio
import threading
import uuid
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QProgressDialog,
    QVBoxLayout,
    QWidget,
)

from agent_app import DEFAULT_AGENT_ID
from agent_app.data_archive import (
    PARTS,
    ArchiveCancelled,
    ArchiveContents,
    ArchiveError,
    ImportReport,
    UserData,
    export_all,
    import_archive,
    read_archive,
)
from agent_app.export import ExportError
from agent_app.schedules import ScheduleStore
from agent_app.settings_changes import SettingsChange
from agent_core import Session
from agent_desktop.toolkit.window_language import in_window_language

if TYPE_CHECKING:
    from agent_app.paths import AppPaths
    from agent_app.projects import Projects
    from agent_app.sessions import Sessions


def user_data_of(sessions: Sessions, projects: Projects, paths: AppPaths) -> UserData:
    """Where the user's data is kept: `sessions`' chats and attachments, `projects`, the files
    under `paths`. Blocking (opens the schedules' database): call it on a worker thread.
    Plugins' data is reached through their actions, as Settings reaches it."""

    def run_plugin_action(plugin: str, action_id: str, params: dict[str, Any]) -> dict[str, Any]:
        session = Session(uuid.uuid4().hex, [], {"agent_id": DEFAULT_AGENT_ID})
        return sessions.run_session_action(session, action_id, params, owner=plugin)[1]

    return UserData(
        store=sessions.store,
        assets=sessions.assets,
        projects=projects,
        schedules=ScheduleStore(paths.schedules_path),
        skills_dir=paths.skills_dir,
        config_path=paths.config_path,
        preferences_path=paths.settings_path,
        run_plugin_action=run_plugin_action,
    )


class DataTransfer(QObject):
    """Runs the two commands for a window: `parent` hosts the dialogs, `user_data` says where
    the data is, `spawn` runs a coroutine, `tell` shows a sentence, `imported` is called with
    the settings change to apply (None: settings not chosen) once an import is done (the
    window applies it and redraws its lists)."""

    progressed = Signal(int, int, str)

    def __init__(
        self,
        parent: QWidget,
        user_data: Callable[[], UserData],
        spawn: Callable[[Coroutine[Any, Any, Any]], object],
        tell: Callable[[str], None],
        imported: Callable[[SettingsChange | None], None],
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.user_data = user_data
        self.spawn = spawn
        self.tell = tell
        self.imported = imported
        self.busy = False
        self.progress: QProgressDialog | None = None
        # Queued: the worker thread emits, the GUI thread draws.
        self.progressed.connect(self._advance, Qt.ConnectionType.QueuedConnection)

    def _advance(self, done: int, total: int, _what: str) -> None:
        if self.progress is not None:
            self.progress.setMaximum(total)
            self.progress.setValue(done)

    # ------------------------------------------------------------------ export
    def choose_export(self) -> None:
        if self.busy:
            return
        dialog = QFileDialog(self.parent_widget, self.tr("Export all my data"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("zip")
        dialog.setNameFilter(self.tr("Zip archives (*.zip)"))
        dialog.selectFile("agent-desktop-data.zip")
        dialog.fileSelected.connect(lambda path: self.spawn(self.export_to(Path(path))))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    async def export_to(self, target: Path) -> None:
        """Write the archive to `target` with a progress window that can cancel it."""
        self.busy = True
        cancel = threading.Event()
        self._progress_window(self.tr("Exporting your data…"), cancel)
        try:
            manifest = await asyncio.to_thread(
                lambda: export_all(self.user_data(), target, self.progressed.emit, cancel.is_set)
            )
        except ArchiveCancelled:
            self.tell(self.tr("The export was cancelled; no file was written."))
            return
        except (ArchiveError, ExportError, OSError) as error:
            self.tell(
                self.tr("The export failed: {error}").format(error=in_window_language(str(error)))
            )
            return
        finally:
            self._close_progress()
        said = self.tr("Exported your data to {path}.").format(path=target)
        if manifest["secrets_left_out"]:
            said += " " + self.tr(
                "Secrets written in the settings were left out: {names}. Enter them again "
                "on the other computer."
            ).format(names=", ".join(manifest["secrets_left_out"]))
        self.tell(said)

    def _progress_window(self, label: str, cancel: threading.Event) -> QProgressDialog:
        progress = QProgressDialog(label, self.tr("Cancel"), 0, 0, self.parent_widget)
        progress.setWindowTitle(label)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.canceled.connect(cancel.set)
        progress.show()
        self.progress = progress
        return progress

    def _close_progress(self) -> None:
        if self.progress is not None:
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        self.busy = False

    # ------------------------------------------------------------------ import
    def choose_import(self) -> None:
        if self.busy:
            return
        dialog = QFileDialog(self.parent_widget, self.tr("Import data"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("Agent Desktop data (*.zip)"), self.tr("All files (*)")])
        dialog.fileSelected.connect(lambda path: self.spawn(self.read(Path(path))))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    async def read(self, path: Path) -> None:
        """Read the archive at `path`, then ask what of it to import."""
        try:
            contents = await asyncio.to_thread(read_archive, path)
        except ArchiveError as error:
            self.tell(
                self.tr("Nothing was imported: {error}").format(
                    error=in_window_language(str(error))
                )
            )
            return
        ask = ImportChoice(self.parent_widget, contents)
        ask.accepted.connect(lambda: self.spawn(self.import_parts(contents, ask.parts())))
        ask.finished.connect(ask.deleteLater)
        ask.open()

    async def import_parts(self, contents: ArchiveContents, parts: set[str]) -> None:
        self.busy = True
        progress = self._progress_window(self.tr("Importing your data…"), threading.Event())
        progress.setCancelButton(None)  # the chats go in whole: an import is not stopped half-way
        try:
            report: ImportReport = await asyncio.to_thread(
                lambda: import_archive(contents, self.user_data(), parts, self.progressed.emit)
            )
        except (ArchiveError, ExportError, OSError, ValueError) as error:
            self.tell(
                self.tr("Nothing was imported: {error}").format(
                    error=in_window_language(str(error))
                )
            )
            return
        finally:
            self._close_progress()
        self.imported(report.settings_change)
        said = self.tr("Imported %n chat(s).", "", report.added.get("chats", 0))
        self.tell(" ".join([said, *map(in_window_language, report.notes)]))


class ImportChoice(QDialog):
    """What an archive holds, one checkbox per part (those it has are ticked, settings
    not: they replace the user's own), and Import."""

    def __init__(self, parent: QWidget, contents: ArchiveContents) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import data"))
        self.setAccessibleName(self.windowTitle())
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr("{file} holds the data below. Choose what to add to this computer's.").format(
                file=contents.path.name
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        counts = contents.counts()
        labels = {
            "chats": self.tr("%n chat(s)", "", counts["chats"]),
            "memory": self.tr("%n remembered item(s)", "", counts["memory"]),
            "projects": self.tr("%n project(s)", "", counts["projects"]),
            "skills": self.tr("%n skill(s)", "", counts["skills"]),
            "schedules": self.tr("%n schedule(s), imported switched off", "", counts["schedules"]),
            "settings": self.tr("Settings, providers and agents (replace yours where they differ)"),
        }
        self.boxes: dict[str, QCheckBox] = {}
        for part in PARTS:
            box = QCheckBox(labels[part])
            box.setEnabled(counts[part] > 0)
            box.setChecked(counts[part] > 0 and part != "settings")
            layout.addWidget(box)
            self.boxes[part] = box
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def parts(self) -> set[str]:
        return {part for part, box in self.boxes.items() if box.isChecked()}
