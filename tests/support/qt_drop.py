"""Simulate a file drag-and-drop on a widget the way Qt delivers it: enter, move, drop."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QWidget


def file_mime(paths: list[Path]) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    return mime


def drop_files(widget: QWidget, paths: list[Path], pos: QPoint | None = None) -> bool:
    """Deliver enter/move/drop events to `widget`; True when the drop was accepted."""
    point = pos or widget.rect().center()
    mime = file_mime(paths)
    action = Qt.DropAction.CopyAction
    buttons, modifiers = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(point, action, mime, buttons, modifiers)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    QApplication.sendEvent(widget, QDragMoveEvent(point, action, mime, buttons, modifiers))
    drop = QDropEvent(QPointF(point), action, mime, buttons, modifiers)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()
