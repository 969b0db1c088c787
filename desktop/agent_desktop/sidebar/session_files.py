"""Chats as files: export (Markdown, JSON with attachments) and import, with their file dialogs.

Building an export copies every attachment and importing copies them back: both run on a worker
thread, never on the GUI thread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from agent_desktop.toolkit.window_language import in_window_language

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from agent_app.sessions import Sessions

SESSION_FILE_SUFFIX = ".agent-session.json"  # the exported-chat file type (see resources/)


def export_stem(title: str) -> str:
    return re.sub(r"[^\w\- ]+", "", title).strip() or "chat"


def choose_export_file(
    parent: QWidget, title: str, export_format: str, chosen: Callable[[Path], object]
) -> None:
    # The file dialogs load with the first one opened, not the window's first paint.
    from PySide6.QtWidgets import QFileDialog

    from agent_desktop.toolkit.file_dialog_folders import open_in_remembered_folder

    suffix = "md" if export_format == "markdown" else "json"
    stem = export_stem(title)
    dialog = QFileDialog(parent, QCoreApplication.translate("SessionFiles", "Export chat"))
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setDefaultSuffix(suffix)
    open_in_remembered_folder(dialog, "export")
    # `.agent-session.json` is the file type the desktop associates with Agent Desktop.
    dialog.selectFile(f"{stem}.md" if suffix == "md" else f"{stem}{SESSION_FILE_SUFFIX}")
    dialog.setNameFilter(
        QCoreApplication.translate("SessionFiles", "Markdown (*.md)")
        if suffix == "md"
        else QCoreApplication.translate("SessionFiles", "JSON (*.json)")
    )
    dialog.fileSelected.connect(lambda path: chosen(Path(path)))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()


def choose_import_files(parent: QWidget, chosen: Callable[[list[Path]], object]) -> None:
    from PySide6.QtWidgets import QFileDialog

    from agent_desktop.toolkit.file_dialog_folders import open_in_remembered_folder

    dialog = QFileDialog(parent, QCoreApplication.translate("SessionFiles", "Import chats"))
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.setNameFilters(
        [
            QCoreApplication.translate(
                "SessionFiles", "Agent Desktop chats (*{suffix} *.json)"
            ).format(suffix=SESSION_FILE_SUFFIX),
            QCoreApplication.translate("SessionFiles", "All files (*)"),
        ]
    )
    open_in_remembered_folder(dialog, "import")
    dialog.filesSelected.connect(lambda paths: chosen([Path(p) for p in paths]))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()


def _write_export(sessions: Sessions, session_id: str, export_format: str, path: Path) -> None:
    path.write_text(sessions.export_session(session_id, export_format), encoding="utf-8")


async def write_export(sessions: Sessions, session_id: str, export_format: str, path: Path) -> str:
    """Write the export; returns what to tell the user."""
    import asyncio  # not before the first paint (start-up time)

    try:
        await asyncio.to_thread(_write_export, sessions, session_id, export_format, path)
    except OSError as error:
        return QCoreApplication.translate(
            "SessionFiles", "Could not write {path}: {reason}. Choose another place."
        ).format(path=path, reason=error.strerror or error)
    return QCoreApplication.translate("SessionFiles", "Exported to {path}.").format(path=path)


async def import_files(
    sessions: Sessions, paths: list[Path]
) -> tuple[list[str], list[str], list[str]]:
    """Import exported chats: (the session ids opened, a sentence per file that failed, the ids
    of chats that were here unchanged already)."""
    import asyncio

    from agent_app.assets import AssetError
    from agent_app.export import ExportError
    from agent_app.store import StoreError

    imported: list[str] = []
    problems: list[str] = []
    already_here: list[str] = []
    for path in paths:
        try:
            session = await asyncio.to_thread(sessions.import_session, path, problems, already_here)
            imported.append(session.session_id)
        except ExportError as error:
            problems.append(in_window_language(str(error)))
        except (StoreError, AssetError, OSError) as error:
            problems.append(
                QCoreApplication.translate(
                    "SessionFiles", "{path} was not imported: {error}"
                ).format(path=path, error=in_window_language(str(error)))
            )
    return imported, problems, already_here
