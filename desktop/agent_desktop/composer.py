"""The composer: message text, attachment chips, Send/Stop, and the one way files get attached.

Attach button, paste and drag-and-drop (anywhere on the window) all end in
`AttachmentIntake.add_files` / `add_image`, which call the `SessionAssetStore` and either yield a
record (shown as a chip) or a plain-words message; the store writes nothing on failure.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSize, QTimer, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.sizes import format_size
from agent_desktop.icons import ui_icon
from agent_desktop.lazy_qt import Qt

if TYPE_CHECKING:
    # Used for pastes, key presses and the picker, never for the first paint: imported where
    # used, since PySide builds each Qt class on first use and start-up time counts.
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QImage, QKeyEvent
    from PySide6.QtWidgets import QFileDialog

log = logging.getLogger(__name__)

MAX_VISIBLE_LINES = 10
EMPTY_DOCUMENT_MARGIN = 4.0  # QTextDocument's default documentMargin
THUMBNAIL_SIZE = 32


def local_paths(mime: QMimeData) -> list[Path]:
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


DROP_PLACEHOLDER = "Drop the files here to attach them to your message"


class AttachmentIntake:
    """Stores attachments for the current session. Knows the application, not the widgets."""

    def __init__(self, assets: Any, session_id: Callable[[], str]) -> None:
        self._assets = assets
        self._session_id = session_id

    def add_files(self, paths: list[Path]) -> tuple[list[dict[str, Any]], list[str]]:
        records, problems = [], []
        for path in paths:
            record, problem = self._store(partial(self._assets.add_file, self._session_id(), path))
            records += [record] if record else []
            problems += [problem] if problem else []
        return records, problems

    def add_image(
        self, image: QImage, name: str = "pasted-image.png"
    ) -> tuple[list[dict[str, Any]], list[str]]:
        from PySide6.QtCore import QBuffer, QIODevice

        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; str works
        payload = bytes(data.data())
        record, problem = self._store(
            lambda: self._assets.add_bytes(self._session_id(), payload, name, "image/png")
        )
        return ([record] if record else []), ([problem] if problem else [])

    def session_id(self) -> str:
        """The session attachments go to (created on first use)."""
        return self._session_id()

    def remove(self, record: dict[str, Any]) -> None:
        """Drop an attachment that was never sent."""
        try:
            self._assets.delete(record["asset_id"])
        except (OSError, KeyError, RuntimeError) as error:
            log.warning("could not remove unsent attachment %s: %s", record.get("name"), error)

    def read_bytes(self, record: dict[str, Any]) -> bytes | None:
        try:
            data: bytes = self._assets.read_bytes(record["asset_id"])
            return data
        except (OSError, KeyError, RuntimeError) as error:
            log.warning("no thumbnail for %s: %s", record.get("name"), error)
            return None

    @staticmethod
    def _store(call: Callable[[], dict[str, Any]]) -> tuple[dict[str, Any] | None, str | None]:
        try:
            return call(), None
        except (RuntimeError, OSError, ValueError) as error:
            # AssetError and friends derive from RuntimeError and already speak plain words.
            return None, str(error)


class AttachmentChip(QFrame):
    removed = Signal(dict)

    def __init__(
        self, record: dict[str, Any], thumbnail: QPixmap | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.record = record
        self.setObjectName("attachmentChip")
        name, size = str(record.get("name")), format_size(int(record.get("size") or 0))
        self.setAccessibleName(f"Attachment {name}, {size}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 4, 4)
        layout.setSpacing(6)
        if thumbnail is not None and not thumbnail.isNull():
            picture = QLabel()
            picture.setObjectName("chipThumbnail")
            picture.setPixmap(thumbnail)
            picture.setAccessibleName(f"Thumbnail of {name}")
            layout.addWidget(picture)
        name_label = QLabel(name)
        name_label.setObjectName("chipName")
        name_label.setMaximumWidth(220)
        size_label = QLabel(size)
        size_label.setObjectName("chipSize")
        remove = QToolButton()
        remove.setObjectName("chipRemove")
        remove.setIcon(ui_icon("close"))
        remove.setIconSize(QSize(12, 12))
        remove.setToolTip(f"Remove {name}")
        remove.setAccessibleName(f"Remove attachment {name}")
        remove.clicked.connect(lambda: self.removed.emit(self.record))
        layout.addWidget(name_label)
        layout.addWidget(size_label)
        layout.addWidget(remove)


class ComposerEdit(QPlainTextEdit):
    """Multi-line input: Enter or Ctrl+Enter sends (setting); pasted/dropped files attach."""

    submit = Signal()
    edit_last_requested = Signal()
    focus_changed = Signal(bool)
    files_received = Signal(list)
    image_received = Signal(object)  # a QImage

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composerEdit")
        self.setAccessibleName("Message")
        self.setPlaceholderText("Message the agent…  (Enter to send, Shift+Enter for a new line)")
        self.setTabChangesFocus(True)
        self.send_key = "enter"
        self.textChanged.connect(self._fit_height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        # Sized for one empty line without asking the document: PySide would build its
        # QTextDocument class just for that, before the window's first paint.
        self._set_height(1, EMPTY_DOCUMENT_MARGIN)

    def set_send_key(self, send_key: str) -> None:
        self.send_key = send_key
        hint = (
            "Ctrl+Enter to send"
            if send_key == "ctrl_enter"
            else "Enter to send, Shift+Enter for a new line"
        )
        self.setPlaceholderText(f"Message the agent…  ({hint})")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Up and not event.modifiers() and not self.toPlainText():
            # Up in an empty box edits the last message sent, as in a terminal or a chat app.
            self.edit_last_requested.emit()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            modifiers = event.modifiers()
            ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
            shift = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            sends = ctrl if self.send_key == "ctrl_enter" else not (shift or ctrl)
            if sends:
                self.submit.emit()
                return
            self.insertPlainText("\n")
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: Any) -> None:
        super().focusInEvent(event)
        self.focus_changed.emit(True)

    def focusOutEvent(self, event: Any) -> None:
        super().focusOutEvent(event)
        self.focus_changed.emit(False)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return (
            bool(local_paths(source)) or source.hasImage() or super().canInsertFromMimeData(source)
        )

    def insertFromMimeData(self, source: QMimeData) -> None:
        paths = local_paths(source)
        if paths:
            self.files_received.emit(paths)
        elif source.hasImage():
            from PySide6.QtGui import QImage

            self.image_received.emit(QImage(source.imageData()))
        else:
            super().insertFromMimeData(source)

    def _fit_height(self) -> None:
        document = self.document()
        lines = max(1, min(MAX_VISIBLE_LINES, int(document.size().height())))
        self._set_height(lines, document.documentMargin())

    def _set_height(self, lines: int, document_margin: float) -> None:
        margins = self.contentsMargins()
        height = lines * self.fontMetrics().lineSpacing() + 2 * int(document_margin)
        self.setFixedHeight(height + margins.top() + margins.bottom() + 4)


class Composer(QFrame):
    """Text, chips, attach, Send/Stop. Emits what the user wants; the window talks to the app."""

    send_requested = Signal(str, list)  # text, attachment records
    stop_requested = Signal()

    def __init__(
        self, intake: AttachmentIntake | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("composerFrame")
        self._placeholder_before_drop: str | None = None
        self.setAccessibleName("Composer")
        self.intake = intake
        self.attachments: list[dict[str, Any]] = []
        self._busy = False
        self._file_dialog: QFileDialog | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        self.chips_row = QHBoxLayout()
        self.chips_row.setSpacing(6)
        self.chips_row.addStretch(1)
        self.chips_host = QWidget()
        self.chips_host.setLayout(self.chips_row)
        self.chips_host.setVisible(False)
        self.chips_row.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.chips_host)
        self.message_label = QLabel()
        self.message_label.setObjectName("composerMessage")
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName("Attachment problem")
        self.message_label.setVisible(False)
        layout.addWidget(self.message_label)
        self.edit = ComposerEdit()
        self.edit.submit.connect(self.submit)
        self.edit.files_received.connect(self.attach_files)
        self.edit.image_received.connect(self.attach_image)
        self.edit.focus_changed.connect(self._show_focus)
        layout.addWidget(self.edit)
        bottom = QHBoxLayout()
        bottom.setSpacing(6)
        self.attach_button = QToolButton()
        self.attach_button.setObjectName("attachButton")
        self.attach_button.setIcon(ui_icon("attach"))
        self.attach_button.setIconSize(QSize(18, 18))
        self.attach_button.setToolTip("Attach files")
        self.attach_button.setAccessibleName("Attach files")
        self.attach_button.clicked.connect(self.open_file_picker)
        bottom.addWidget(self.attach_button)
        self.accessory_row = QHBoxLayout()
        self.accessory_row.setSpacing(6)
        bottom.addLayout(self.accessory_row)
        bottom.addStretch(1)
        self.send_button = QPushButton("Send")
        self.send_button.setObjectName("sendButton")
        self.send_button.setIcon(ui_icon("send", "#ffffff"))
        self.send_button.setAccessibleName("Send message")
        self.send_button.clicked.connect(self.submit)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setIcon(ui_icon("stop", "#ffffff"))
        self.stop_button.setToolTip("Stop generating (Esc)")
        self.stop_button.setAccessibleName("Stop generating")
        self.stop_button.clicked.connect(self.stop_requested)
        self.stop_button.setVisible(False)
        bottom.addWidget(self.send_button)
        bottom.addWidget(self.stop_button)
        layout.addLayout(bottom)
        self.setFocusProxy(self.edit)
        # A click anywhere in the box (its padding too) puts the cursor in the text; by key
        # name, so the first paint needs no `Qt` enums (see lazy_qt).
        self.setProperty("focusPolicy", "ClickFocus")
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(lambda: self.message_label.setVisible(False))

    def _show_focus(self, focused: bool) -> None:
        self._set_state("focused", focused)

    def show_drop_target(self, dragging: bool) -> None:
        """Files are dragged over the window: the box says where they will go."""
        self._set_state("dropTarget", dragging)
        if dragging and self._placeholder_before_drop is None:
            self._placeholder_before_drop = self.edit.placeholderText()
            self.edit.setPlaceholderText(DROP_PLACEHOLDER)
        elif not dragging and self._placeholder_before_drop is not None:
            self.edit.setPlaceholderText(self._placeholder_before_drop)
            self._placeholder_before_drop = None

    def _set_state(self, name: str, value: bool) -> None:
        self.setProperty(name, value)
        self.style().unpolish(self)
        self.style().polish(self)

    # ---------------------------------------------------------- completion hook (forms engineer)
    def text_before_cursor(self) -> str:
        cursor = self.edit.textCursor()
        return self.edit.toPlainText()[: cursor.position()]

    def insert_completion(self, start: int, replacement: str) -> None:
        """Replace the text from offset `start` up to the cursor with `replacement`."""
        from PySide6.QtGui import QTextCursor

        cursor = self.edit.textCursor()
        end = cursor.position()
        cursor.setPosition(max(0, min(start, end)))
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(replacement)
        self.edit.setTextCursor(cursor)

    # ------------------------------------------------------------------ text
    def text(self) -> str:
        return self.edit.toPlainText()

    def set_text(self, text: str, *, focus: bool = False) -> None:
        """Put `text` in the box, unsent (a starter picked, a message to edit); `focus` moves the
        keyboard there."""
        from PySide6.QtGui import QTextCursor

        self.edit.setPlainText(text)
        self.edit.moveCursor(QTextCursor.MoveOperation.End)
        if focus:
            self.take_focus()

    def take_focus(self) -> None:
        self.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def set_send_key(self, send_key: str) -> None:
        self.edit.set_send_key(send_key)

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.send_button.setVisible(not busy)
        self.stop_button.setVisible(busy)

    def submit(self) -> None:
        text = self.text().strip()
        if self._busy or (not text and not self.attachments):
            return
        records = list(self.attachments)
        self.edit.clear()
        self._clear_chips()
        self.send_requested.emit(text, records)

    # ------------------------------------------------------------------ attachments
    def open_file_picker(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Attach files")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setAccessibleName("Choose files to attach")
        dialog.filesSelected.connect(lambda files: self.attach_files([Path(f) for f in files]))
        dialog.finished.connect(dialog.deleteLater)
        self._file_dialog = dialog
        dialog.open()

    def attach_files(self, paths: list[Path]) -> None:
        if self.intake is None:
            self.show_message("Still starting up; attach the files again in a moment.")
            return
        records, problems = self.intake.add_files([Path(p) for p in paths])
        self._accept(records, problems)

    def attach_image(self, image: QImage) -> None:
        if self.intake is None:
            self.show_message("Still starting up; paste the image again in a moment.")
            return
        records, problems = self.intake.add_image(image)
        self._accept(records, problems)

    async def attach_from(self, store: Callable[[str], Awaitable[dict[str, Any]]]) -> None:
        """Attach what `store(session_id)` puts in the asset store (a tool server's resource)."""
        if self.intake is None:
            self.show_message("Still starting up; attach it again in a moment.")
            return
        try:
            record = await store(self.intake.session_id())
        except Exception as error:  # the server's or the store's reason, where the user looks
            self.show_message(f"Could not attach it: {error}")
            return
        self._accept([record], [])

    def _accept(self, records: list[dict[str, Any]], problems: list[str]) -> None:
        problems = list(problems)
        for record in records:
            twin = self._same_content(record)
            if twin is not None:
                # The same file twice (dropped again, or pasted and picked): keep one.
                if self.intake is not None:
                    self.intake.remove(record)
                same_name = twin.get("name") == record.get("name")
                problems.append(
                    f"“{record.get('name')}” is already attached"
                    + ("." if same_name else f" (as “{twin.get('name')}”).")
                )
                continue
            self.attachments.append(record)
            chip = AttachmentChip(record, self._thumbnail(record))
            chip.removed.connect(self.remove_attachment)
            self.chips_row.insertWidget(self.chips_row.count() - 1, chip)
        self.chips_host.setVisible(bool(self.attachments))
        self.show_message("\n".join(problems))

    def _same_content(self, record: dict[str, Any]) -> dict[str, Any] | None:
        digest = record.get("sha256")
        return next(
            (known for known in self.attachments if digest and known.get("sha256") == digest),
            None,
        )

    def show_message(self, text: str) -> None:
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))
        if text:
            self._message_timer.start(12_000)

    def _thumbnail(self, record: dict[str, Any]) -> QPixmap | None:
        if not str(record.get("mime", "")).startswith("image/"):
            return None
        data = self.intake.read_bytes(record) if self.intake is not None else None
        if data is None:
            return None
        from PySide6.QtGui import QImage

        image = QImage.fromData(data)
        if image.isNull():
            return None
        return QPixmap.fromImage(
            image.scaled(
                THUMBNAIL_SIZE,
                THUMBNAIL_SIZE,
                Qt.AspectRatioMode.KeepAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        )

    def chips(self) -> list[AttachmentChip]:
        return [
            widget
            for i in range(self.chips_row.count())
            if (item := self.chips_row.itemAt(i)) is not None
            and isinstance(widget := item.widget(), AttachmentChip)
        ]

    def remove_attachment(self, record: dict[str, Any]) -> None:
        asset_id = record.get("asset_id")
        for chip in self.chips():
            if chip.record.get("asset_id") == asset_id:
                chip.setParent(None)
                chip.deleteLater()
        self.attachments = [r for r in self.attachments if r.get("asset_id") != asset_id]
        if self.intake is not None:
            self.intake.remove(record)
        self.chips_host.setVisible(bool(self.attachments))

    def _clear_chips(self) -> None:
        for chip in self.chips():
            chip.setParent(None)
            chip.deleteLater()
        self.attachments = []
        self.chips_host.setVisible(False)
