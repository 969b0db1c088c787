"""A sent attachment, opened: the picture (or the file's facts), Save as…, and Open.

Bytes are read, scaled and copied on Qt's thread pool; results come back as signals delivered on
the GUI thread. "Open" hands the system viewer a copy under the app's cache folder that carries
the attachment's own name (the store keeps contents by hash, without names).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.assets import AssetError, sanitize_name
from agent_desktop.conversation.thumbnails import scaled_image
from agent_desktop.toolkit.file_dialog_folders import open_in_remembered_folder
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread
from agent_desktop.toolkit.screen_fit import resize_within_screen

if TYPE_CHECKING:
    from agent_app.assets import SessionAssetStore

log = logging.getLogger(__name__)
PREVIEW_PIXELS = 1200
AssetBytes = Callable[[str], bytes]


def human_size(size: Any) -> str:
    if not isinstance(size, int):
        return ""
    if size < 1024:
        return f"{size} bytes"
    amount = size / 1024
    for unit in ("KB", "MB"):
        if amount < 1024:
            return f"{amount:.1f} {unit}"
        amount /= 1024
    return f"{amount:.1f} GB"


class AttachmentPreview(QDialog):
    def __init__(
        self,
        parent: QWidget | None,
        part: dict[str, Any],
        record: dict[str, Any],
        read_bytes: AssetBytes,
        open_folder: Path,
    ) -> None:
        super().__init__(parent)
        self.part = part
        self.name = sanitize_name(str(record.get("name") or part.get("name") or "attachment"))
        self._read = read_bytes
        self._asset_id = str(part.get("asset_id"))
        self._open_folder = open_folder
        self._open_after_write = False
        self.setWindowTitle(self.name)
        self.setAccessibleName(self.tr("Attachment {name}").format(name=self.name))
        layout = QVBoxLayout(self)
        facts = " · ".join(
            fact for fact in (str(record.get("mime") or ""), human_size(record.get("size"))) if fact
        )
        self.facts = QLabel(self.tr("<b>{name}</b><br>{facts}").format(name=self.name, facts=facts))
        self.facts.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.facts)
        self.picture = QLabel(self.tr("Loading…") if self.is_image else "")
        self.picture.setAccessibleName(self.tr("Attachment preview"))
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setVisible(self.is_image)
        layout.addWidget(self.picture, 1)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.save_button = QPushButton(self.tr("Save as…"))
        self.save_button.clicked.connect(self.choose_save_path)
        self.open_button = QPushButton(self.tr("Open"))
        self.open_button.setToolTip(self.tr("Open with the system's viewer for this kind of file"))
        self.open_button.clicked.connect(self.open_externally)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        for button in (self.save_button, self.open_button, close):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        resize_within_screen(self, 720, 560 if self.is_image else 200)
        if self.is_image:
            run_off_gui_thread(self, self._load_image, self._show_image)

    @property
    def is_image(self) -> bool:
        return self.part.get("type") == "image"

    # ------------------------------------------------------------------ the picture
    def _load_image(self) -> QImage:
        """Runs on a worker thread."""
        try:
            return scaled_image(self._read(self._asset_id), PREVIEW_PIXELS)
        except (OSError, KeyError, RuntimeError) as error:
            log.warning("could not read attachment %s: %s", self.name, error)
            return QImage()

    def _show_image(self, image: QImage) -> None:
        if image.isNull():
            self.picture.setText(
                self.tr("This picture cannot be shown (its data is missing or damaged).")
            )
            return
        pixmap = QPixmap.fromImage(image)
        room = self.picture.size()
        if pixmap.width() > room.width() or pixmap.height() > room.height():
            pixmap = pixmap.scaled(
                room, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        self.picture.setPixmap(pixmap)

    # ------------------------------------------------------------------ save and open
    def choose_save_path(self) -> None:
        dialog = QFileDialog(self, self.tr("Save {name}").format(name=self.name))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        open_in_remembered_folder(dialog, "save attachment")
        dialog.selectFile(self.name)
        dialog.fileSelected.connect(lambda path: self.write_to(Path(path)))
        dialog.open()

    def open_externally(self) -> None:
        self._open_after_write = True
        self.write_to(self._open_folder / self._asset_id / self.name)

    def write_to(self, path: Path) -> None:
        self.status.setText(self.tr("Writing {name}…").format(name=path.name))
        run_off_gui_thread(self, lambda: self._write(path), lambda done: self._after_write(*done))

    def _write(self, path: Path) -> tuple[str, str]:
        """Runs on a worker thread; returns the path and a problem ("" when it worked)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(self._read(self._asset_id))
        except (OSError, KeyError, RuntimeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            return str(path), QCoreApplication.translate(
                "AttachmentPreview", "Could not write {path}: {reason}."
            ).format(path=path, reason=reason)
        return str(path), ""

    def _after_write(self, path: str, problem: str) -> None:
        opening, self._open_after_write = self._open_after_write, False
        if problem:
            self.status.setText(
                self.tr("{problem} Choose another place or free some space.").format(
                    problem=problem
                )
            )
            return
        if opening:
            self.status.setText("")
            QDesktopServices.openUrl(QUrl.fromLocalFile(path))
        else:
            self.status.setText(self.tr("Saved to {path}.").format(path=path))


def open_attachment(
    parent: QWidget,
    assets: SessionAssetStore,
    opened_folder: Path,
    show_error: Callable[[str], None],
    part: dict[str, Any],
) -> None:
    """A sent attachment was clicked: show it (read from `assets`), with Save as… and Open, which
    copies it into `opened_folder` (or say it is gone)."""
    try:
        record = assets.get(str(part.get("asset_id")))
    except AssetError as error:
        show_error(str(error))
        return
    preview = AttachmentPreview(parent, part, record, assets.read_bytes, opened_folder)
    preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    preview.show()
