"""Help → About: the version, and where this installation keeps its data and its logs.

The folders are the ones the running application uses (a `--data-dir` start shows that folder),
each with a button that opens it in the file manager, so a user asked for a log can find it.
"""

from __future__ import annotations

import platform
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.toolkit.lazy_qt import Qt


def app_version() -> str:
    try:
        return version("agent-desktop")
    except PackageNotFoundError:
        return QCoreApplication.translate("AboutDialog", "unknown (not installed as a package)")


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None, app: Any) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About Agent Desktop"))
        self.setAccessibleName(self.tr("About Agent Desktop"))

        layout = QVBoxLayout(self)
        title = QLabel(self.tr("<b>Agent Desktop</b>"))
        title.setObjectName("aboutTitle")
        layout.addWidget(title)
        facts = QLabel(
            self.tr("Version {version}<br>Python {python} · Qt for Python {pyside}").format(
                version=app_version(), python=platform.python_version(), pyside=pyside_version
            )
        )
        facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(facts)
        grid = QGridLayout()
        self.folders: dict[str, Path] = {}
        if app is not None:
            self.folders = {
                self.tr("Data folder"): app.paths.data_dir,
                self.tr("Settings folder"): app.paths.config_dir,
                self.tr("Log folder"): app.paths.log_dir,
            }
        for row, (label, folder) in enumerate(self.folders.items()):
            grid.addWidget(QLabel(self.tr("{label}:").format(label=label)), row, 0)
            path = QLabel(str(folder))
            path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            path.setAccessibleName(label)
            path.setWordWrap(True)
            grid.addWidget(path, row, 1)
            button = QPushButton(self.tr("Open"))
            button.setAccessibleName(self.tr("Open {folder}").format(folder=label.lower()))
            button.clicked.connect(lambda _checked=False, f=folder: self.open_folder(f))
            grid.addWidget(button, row, 2)
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.resize(560, self.sizeHint().height())

    def open_folder(self, folder: Path) -> bool:
        folder.mkdir(parents=True, exist_ok=True)
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
