"""The read-only text browser opened over one chat message for selection and link clicks.

Its own module because `QTextBrowser` is only needed once the pointer rests on a message, and
start-up time counts (see `chat_view`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTextBrowser, QWidget


class SelectableText(QTextBrowser):
    """Read-only, frameless text over one message so its text can be selected and links clicked."""

    anchor_activated = Signal(str)
    pressed = Signal(bool)  # a mouse press on the text, with Shift held or not

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("selectableMessageText")
        self.setAccessibleName(self.tr("Message text"))
        self.setFrameShape(QTextBrowser.Shape.NoFrame)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)
        self.setStyleSheet("QTextBrowser { background: transparent; border: none; }")
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.anchorClicked.connect(lambda url: self.anchor_activated.emit(url.toString()))

    def mousePressEvent(self, event: Any) -> None:
        # The chat uses clicks to choose a range of messages: the text over a message must not
        # take them from it. Shift+click ends a range here instead of extending a text selection.
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.pressed.emit(shift)
        if shift:
            event.accept()
            return
        super().mousePressEvent(event)

    def wheelEvent(self, event: Any) -> None:
        event.ignore()  # let the chat list scroll
