"""Which folder a file dialog opens in: the one last used for that purpose, else Documents.

QFileDialog starts in the process's working folder, which for an app started from a terminal
or a launcher is anything (the source checkout, `/`). Folders are remembered per purpose
(attaching, exporting, importing, saving an attachment) for this run of the app.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

_last_folders: dict[str, str] = {}


def default_folder() -> str:
    """The user's Documents folder when it exists, else their home folder."""
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def open_in_remembered_folder(dialog: QFileDialog, purpose: str) -> None:
    """Start `dialog` in the folder last used for `purpose`; remember the one chosen now."""
    dialog.setDirectory(_last_folders.get(purpose) or default_folder())
    dialog.accepted.connect(
        lambda: _last_folders.__setitem__(purpose, dialog.directory().absolutePath())
    )
