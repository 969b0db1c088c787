"""Windows and dialogs open at their preferred size, or smaller on a smaller screen: on an
800×600 screen every one of them fits whole, title bar and buttons included."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# Room left around a window for its frame, title bar and the desktop's panels.
FRAME_WIDTH = 16
FRAME_HEIGHT = 64


def resize_within_screen(widget: QWidget, width: int, height: int) -> None:
    """`widget.resize(width, height)`, shrunk to the screen it opens on when that is smaller
    (never below the widget's own minimum size, which Qt keeps)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        room = screen.availableGeometry()
        width = min(width, room.width() - FRAME_WIDTH)
        height = min(height, room.height() - FRAME_HEIGHT)
    widget.resize(width, height)


def show_above(popup: QWidget, anchor: QWidget, clear_of: QWidget | None = None) -> None:
    """Show `popup` whole on the screen over `anchor` (a button at the bottom of the window),
    below it when there is no room above; placed once shown, at its real size. With `clear_of`
    (the box holding the button) it sits above that whole box, leaving it uncovered."""
    popup.show()
    corner = anchor.mapToGlobal(QPoint(0, 0))
    screen = anchor.screen().availableGeometry()
    size = popup.frameGeometry().size()
    x = max(screen.left(), min(corner.x(), screen.left() + screen.width() - size.width()))
    top = clear_of.mapToGlobal(QPoint(0, 0)).y() if clear_of is not None else corner.y()
    y = top - size.height() - 4
    if y < screen.top():
        y = min(corner.y() + anchor.height() + 4, screen.top() + screen.height() - size.height())
    popup.move(x, y)
