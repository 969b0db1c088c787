"""The composer: message text, attachment chips, Send/Stop, and the one way files get attached.

Attach button, paste and drag-and-drop (anywhere on the window) all end in
`AttachmentIntake.add_files` / `add_image`, which call the `SessionAssetStore` and either yield a
record (shown as a chip) or a plain-words message; the store writes nothing on failure. Hashing
and copying a file (or encoding a pasted picture) take long for big ones: they run on a worker
thread, one batch after another, while a "preparing" chip shows at once.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QLocale, QSize, QTimer, Signal
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

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.window_language import in_window_language

if TYPE_CHECKING:
    # Used for pastes, key presses and the picker, never for the first paint: imported where
    # used, since PySide builds each Qt class on first use and start-up time counts.
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDropEvent, QImage, QKeyEvent
    from PySide6.QtWidgets import QFileDialog

log = logging.getLogger(__name__)

MAX_VISIBLE_LINES = 10
EMPTY_DOCUMENT_MARGIN = 4.0  # QTextDocument's default documentMargin
THUMBNAIL_SIZE = 32


def local_paths(mime: QMimeData) -> list[Path]:
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]


def accept_as_copy(event: QDropEvent) -> bool:
    """Take dropped files as a copy (or a link), never as the move a source may propose: told
    "moved", a file manager deletes the original file or folder. False when neither is offered."""
    from PySide6.QtCore import Qt  # here: building Qt's enums costs the first paint

    for action in (Qt.DropAction.CopyAction, Qt.DropAction.LinkAction):
        if event.possibleActions() & action:
            event.setDropAction(action)
            event.accept()
            return True
    event.ignore()
    return False


DROP_PLACEHOLDER = QT_TRANSLATE_NOOP(
    "Composer", "Drop the files here to attach them to your message"
)


class Prepared:
    """Attachments stored on a worker thread: their records, what failed, and the thumbnails of
    the pictures (images, not pixmaps: pixmaps are made on the GUI thread). A plain class: the
    composer is on the first paint's path, `dataclasses` is not."""

    __slots__ = ("problems", "records", "thumbnails")

    def __init__(self, problems: list[str] | None = None) -> None:
        self.records: list[dict[str, Any]] = []
        self.problems: list[str] = problems or []
        self.thumbnails: dict[str, QImage] = {}


def _pixmaps(images: dict[str, QImage]) -> dict[str, QPixmap]:
    """Thumbnails made on a worker as images, turned into pixmaps here on the GUI thread."""
    return {asset_id: QPixmap.fromImage(image) for asset_id, image in images.items()}


class AttachmentIntake:
    """Stores attachments for the current session. Knows the application, not the widgets.

    `add_files`, `add_image`, `remove` and `thumbnails` block (hashing, copying, decoding): the
    composer calls them on a worker thread; `session_id` (it may create the chat) it calls on
    the GUI thread first."""

    def __init__(self, assets: Any, session_id: Callable[[], str]) -> None:
        self._assets = assets
        self._session_id = session_id

    def add_files(self, session_id: str, paths: list[Path]) -> Prepared:
        prepared = Prepared()
        for path in paths:
            self._store(prepared, partial(self._assets.add_file, session_id, path))
        return prepared

    def add_image(self, session_id: str, image: QImage, name: str = "pasted-image.png") -> Prepared:
        from PySide6.QtCore import QBuffer, QIODevice

        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; str works
        payload = bytes(data.data())
        prepared = Prepared()
        self._store(
            prepared, lambda: self._assets.add_bytes(session_id, payload, name, "image/png")
        )
        return prepared

    def thumbnails(self, records: list[dict[str, Any]]) -> dict[str, QImage]:
        """Small pictures of the image attachments among `records`, by asset id."""
        from PySide6.QtGui import QImage

        made: dict[str, QImage] = {}
        for record in records:
            if not str(record.get("mime", "")).startswith("image/"):
                continue
            data = self.read_bytes(record)
            image = QImage.fromData(data) if data is not None else QImage()
            if not image.isNull():
                made[record["asset_id"]] = image.scaled(
                    THUMBNAIL_SIZE,
                    THUMBNAIL_SIZE,
                    Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation,
                )
        return made

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

    def _store(self, prepared: Prepared, call: Callable[[], dict[str, Any]]) -> None:
        try:
            record = call()
        except (RuntimeError, OSError, ValueError) as error:
            # AssetError and friends derive from RuntimeError and already speak plain words.
            prepared.problems.append(in_window_language(str(error)))
            return
        prepared.records.append(record)
        prepared.thumbnails.update(self.thumbnails([record]))


class AttachmentChip(QFrame):
    """One attachment above the text; while `preparing` (stored on a worker thread) it says so
    and has no record yet."""

    removed = Signal(dict)

    def __init__(
        self,
        record: dict[str, Any],
        thumbnail: QPixmap | None,
        parent: QWidget | None = None,
        *,
        preparing: bool = False,
    ) -> None:
        super().__init__(parent)
        self.record = record
        self.preparing = preparing
        self.setObjectName("attachmentChip")
        name = str(record.get("name"))
        size = (
            self.tr("preparing…")
            if preparing
            else QLocale().formattedDataSize(
                int(record.get("size") or 0), 1, QLocale.DataSizeFormat.DataSizeTraditionalFormat
            )
        )
        self.setAccessibleName(self.tr("Attachment {name}, {size}").format(name=name, size=size))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 4, 4)
        layout.setSpacing(6)
        if thumbnail is not None and not thumbnail.isNull():
            picture = QLabel()
            picture.setObjectName("chipThumbnail")
            picture.setPixmap(thumbnail)
            picture.setAccessibleName(self.tr("Thumbnail of {name}").format(name=name))
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
        remove.setToolTip(self.tr("Remove {name}").format(name=name))
        remove.setAccessibleName(self.tr("Remove attachment {name}").format(name=name))
        remove.clicked.connect(lambda: self.removed.emit(self.record))
        remove.setVisible(not preparing)
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
    _height_in_lines: tuple[int, float] = (1, EMPTY_DOCUMENT_MARGIN)  # lines, document margin

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composerEdit")
        self.setAccessibleName(self.tr("Message"))
        self.setPlaceholderText(
            self.tr("Message the agent…  (Enter to send, Shift+Enter for a new line)")
        )
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
            self.tr("Ctrl+Enter to send")
            if send_key == "ctrl_enter"
            else self.tr("Enter to send, Shift+Enter for a new line")
        )
        self.setPlaceholderText(self.tr("Message the agent…  ({hint})").format(hint=hint))

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

    # The theme's style sheet sets the frame's margins when the box is polished or the theme
    # changes, and the font sets the line height: the height counted before them would be off
    # until typing. Not through an override of `event`: see `toolkit.event_reactions`.
    def setVisible(self, visible: bool) -> None:
        super().setVisible(visible)
        if visible:  # polished by now, with the theme's margins
            self._refit()

    def follow_style_and_font(self) -> None:
        """Count the height anew when the style or the font changes. Called once the window has
        painted."""
        from PySide6.QtCore import QEvent

        from agent_desktop.toolkit.event_reactions import EventReaction

        EventReaction(self, (QEvent.Type.StyleChange, QEvent.Type.FontChange), self._refit)

    def _refit(self) -> None:
        self._set_height(*self._height_in_lines)

    def _set_height(self, lines: int, document_margin: float) -> None:
        self._height_in_lines = (lines, document_margin)
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
        self.setAccessibleName(self.tr("Composer"))
        self.intake = intake
        self.attachments: list[dict[str, Any]] = []
        # Batches of attachments stored one after another on a worker thread: (the work, its
        # "preparing" chips); the first is running.
        # Each batch: its work, its "preparing" chips, and who is told what it attached.
        self._batches: deque[
            tuple[Callable[[], Prepared], list[AttachmentChip], Callable[[list[Any]], None] | None]
        ] = deque()
        self._busy = False
        self._file_dialog: QFileDialog | None = None
        # The name of the chosen model when it is known not to read images (None: it reads
        # them, or nothing is known): an attached image then comes with a word of warning.
        self.model_without_images: Callable[[], str | None] = lambda: None
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
        self.message_label.setAccessibleName(self.tr("Attachment problem"))
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
        self.attach_button.setToolTip(self.tr("Attach files"))
        self.attach_button.setAccessibleName(self.tr("Attach files"))
        self.attach_button.clicked.connect(self.open_file_picker)
        bottom.addWidget(self.attach_button)
        self.accessory_row = QHBoxLayout()
        self.accessory_row.setSpacing(6)
        bottom.addLayout(self.accessory_row)
        bottom.addStretch(1)
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.setIcon(ui_icon("send", "accent_text", directional=True))
        self.send_button.setAccessibleName(self.tr("Send message"))
        self.send_button.clicked.connect(self.submit)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setIcon(ui_icon("stop", "accent_text"))
        self.stop_button.setToolTip(self.tr("Stop generating (Esc)"))
        self.stop_button.setAccessibleName(self.tr("Stop generating"))
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

    def show_drop_target(self, dragging: bool, hint: str | None = None) -> None:
        """Files are dragged over the window: the box says what a drop does (`hint`; None:
        they are attached)."""
        self._set_state("dropTarget", dragging)
        if dragging and self._placeholder_before_drop is None:
            self._placeholder_before_drop = self.edit.placeholderText()
            self.edit.setPlaceholderText(hint or self.tr(DROP_PLACEHOLDER))
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

    def continue_typing(self, text: str) -> None:
        """Text typed elsewhere (the conversation, after a click) lands here, at the cursor,
        and the keyboard follows it so the next keys arrive here too."""
        self.take_focus()
        self.edit.insertPlainText(text)

    def set_send_key(self, send_key: str) -> None:
        self.edit.set_send_key(send_key)

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.send_button.setVisible(not busy)
        self.stop_button.setVisible(busy)

    def submit(self) -> None:
        taken = self.take_message()
        if taken is not None:
            self.send_requested.emit(*taken)

    def has_message(self) -> bool:
        """There is something to send: text, or attachments (stored or still being stored)."""
        return bool(self.text().strip() or self.attachments or self._batches)

    def take_message(self) -> tuple[str, list[dict[str, Any]]] | None:
        """The message to send (text, attachment records), the box emptied; None when there
        is nothing to send yet (empty, busy, attachments still being stored)."""
        if self._busy or not self.has_message():
            return None
        text = self.text().strip()
        if self._batches:
            self.show_message(
                self.tr("The attachments are still being prepared; send in a moment.")
            )
            return None
        records = list(self.attachments)
        self.edit.clear()
        self._clear_chips()
        return text, records

    # ------------------------------------------------------------------ attachments
    def open_file_picker(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from agent_desktop.toolkit.file_dialog_folders import open_in_remembered_folder

        dialog = QFileDialog(self, self.tr("Attach files"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        open_in_remembered_folder(dialog, "attach")
        dialog.setAccessibleName(self.tr("Choose files to attach"))
        dialog.filesSelected.connect(lambda files: self.attach_files([Path(f) for f in files]))
        dialog.finished.connect(dialog.deleteLater)
        self._file_dialog = dialog
        dialog.open()

    def attach_files(
        self, paths: list[Path], attached: Callable[[list[dict[str, Any]]], None] | None = None
    ) -> None:
        """Attach `paths` (stored on a worker thread); `attached` is then given the records
        attached (for an Undo: `remove_attachment` each)."""
        intake = self.intake
        if intake is None:
            self.show_message(self.tr("Still starting up; attach the files again in a moment."))
            return
        files = [Path(p) for p in paths]
        session_id = intake.session_id()  # here: it may create the chat
        self._prepare(
            [path.name for path in files], lambda: intake.add_files(session_id, files), attached
        )

    def attach_image(self, image: QImage) -> None:
        intake = self.intake
        if intake is None:
            self.show_message(self.tr("Still starting up; paste the image again in a moment."))
            return
        session_id = intake.session_id()
        self._prepare(["pasted-image.png"], lambda: intake.add_image(session_id, image))

    def preparing(self) -> bool:
        """Attachments are still being stored (their chips say "preparing")."""
        return bool(self._batches)

    def _prepare(
        self,
        names: list[str],
        work: Callable[[], Prepared],
        attached: Callable[[list[Any]], None] | None = None,
    ) -> None:
        """Show a "preparing" chip per name at once; store on a worker thread, in turn."""
        chips = [AttachmentChip({"name": name}, None, preparing=True) for name in names]
        for chip in chips:
            self.chips_row.insertWidget(self.chips_row.count() - 1, chip)
        self.chips_host.setVisible(True)
        self._batches.append((work, chips, attached))
        if len(self._batches) == 1:
            self._start_next_batch()

    def _start_next_batch(self) -> None:
        from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

        work, _chips, _attached = self._batches[0]

        def safely() -> Prepared:
            try:
                return work()
            except Exception as error:  # noqa: BLE001 - never leave "preparing" chips behind
                log.warning("could not store attachments: %s", error)
                return Prepared(
                    problems=[self.tr("Could not attach the files: {error}").format(error=error)]
                )

        run_off_gui_thread(self, safely, self._prepared)

    def _prepared(self, prepared: Prepared) -> None:
        _work, chips, attached = self._batches.popleft()
        for chip in chips:
            chip.setParent(None)
            chip.deleteLater()
        accepted = self._accept(prepared.records, prepared.problems, _pixmaps(prepared.thumbnails))
        if attached is not None:
            attached(accepted)
        if self._batches:
            self._start_next_batch()

    async def attach_from(self, store: Callable[[str], Awaitable[dict[str, Any]]]) -> None:
        """Attach what `store(session_id)` puts in the asset store (a tool server's resource)."""
        if self.intake is None:
            self.show_message(self.tr("Still starting up; attach it again in a moment."))
            return
        import asyncio

        intake = self.intake
        try:
            record = await store(intake.session_id())
        except Exception as error:  # noqa: BLE001 - the server's or the store's reason, where the user looks
            self.show_message(self.tr("Could not attach it: {error}").format(error=error))
            return
        from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

        # Not `asyncio.to_thread`: its worker may be the last to hold the images, and release
        # them off the GUI thread; these come back, and go, on the GUI thread.
        made: asyncio.Future[dict[str, QImage]] = asyncio.get_running_loop().create_future()
        run_off_gui_thread(self, lambda: intake.thumbnails([record]), made.set_result)
        self._accept([record], [], _pixmaps(await made))

    def _accept(
        self,
        records: list[dict[str, Any]],
        problems: list[str],
        thumbnails: dict[str, QPixmap],
    ) -> list[dict[str, Any]]:
        """Show chips for `records` (one already attached is left out); returns those shown."""
        problems = list(problems)
        accepted = []
        for record in records:
            twin = self._same_content(record)
            if twin is not None:
                # The same file twice (dropped again, or pasted and picked): keep one.
                self._remove_stored(record)
                same_name = twin.get("name") == record.get("name")
                problems.append(
                    self.tr("“{name}” is already attached.").format(name=record.get("name"))
                    if same_name
                    else self.tr("“{name}” is already attached (as “{twin}”).").format(
                        name=record.get("name"), twin=twin.get("name")
                    )
                )
                continue
            self.attachments.append(record)
            accepted.append(record)
            chip = AttachmentChip(record, thumbnails.get(record["asset_id"]))
            chip.removed.connect(self.remove_attachment)
            self.chips_row.insertWidget(self.chips_row.count() - 1, chip)
        self.chips_host.setVisible(bool(self.attachments) or bool(self._batches))
        if any(str(record.get("mime", "")).startswith("image/") for record in accepted) and (
            model := self.model_without_images()
        ):
            problems.append(
                self.tr(
                    "The model {model} does not take images: it would get the message without "
                    "them. Pick a model marked for images in the model picker."
                ).format(model=model)
            )
        self.show_message("\n".join(problems))
        return accepted

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

    def chips(self) -> list[AttachmentChip]:
        """The chips of the attachments stored (not those still preparing)."""
        return [
            widget
            for i in range(self.chips_row.count())
            if (item := self.chips_row.itemAt(i)) is not None
            and isinstance(widget := item.widget(), AttachmentChip)
            and not widget.preparing
        ]

    def remove_attachment(self, record: dict[str, Any]) -> None:
        asset_id = record.get("asset_id")
        for chip in self.chips():
            if chip.record.get("asset_id") == asset_id:
                chip.setParent(None)
                chip.deleteLater()
        self.attachments = [r for r in self.attachments if r.get("asset_id") != asset_id]
        self._remove_stored(record)
        self.chips_host.setVisible(bool(self.attachments) or bool(self._batches))

    def _remove_stored(self, record: dict[str, Any]) -> None:
        """Drop an unsent attachment from the store, on a worker thread."""
        intake = self.intake
        if intake is not None:
            from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

            run_off_gui_thread(self, lambda: intake.remove(record), lambda _none: None)

    def _clear_chips(self) -> None:
        for chip in self.chips():
            chip.setParent(None)
            chip.deleteLater()
        self.attachments = []
        self.chips_host.setVisible(False)
