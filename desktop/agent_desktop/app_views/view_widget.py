"""A view in its tool row: paints the frames the helper sends, forwards the user's input to it,
and names below the picture what the view tried and was refused, or why it stopped.

Full screen: the widget leaves the row for a window of its own (Esc brings it back). It tells
the helper when it is shown or hidden, so the helper ends once no view is on screen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QHideEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QWidget

from agent_desktop.app_views.host import ViewHelper
from agent_desktop.app_views.sandbox import IN_FLATPAK, NO_USER_NAMESPACES, RUNS_AS_ROOT

DEFAULT_VIEW_HEIGHT = 320
MIN_VIEW_HEIGHT = 60
MAX_INLINE_HEIGHT = 640
NOTICE_LINE_HEIGHT = 18
NOTICE_MARGIN = 4
MAX_NOTICES = 3
FULLSCREEN_HINT_HEIGHT = 24


class AppViewWidget(QWidget):
    """One view: `view_id` in `helper`; `title` names it for screen readers."""

    height_changed = Signal()
    fullscreen_changed = Signal(bool)

    def __init__(self, view_id: str, helper: ViewHelper, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.view_id = view_id
        self._helper = helper
        self._frame = QImage()
        self._view_height = DEFAULT_VIEW_HEIGHT
        self.notices: list[str] = []
        self.stopped_because: str | None = None
        self._row_parent: QWidget | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName(self.tr("Interactive view of {title}").format(title=title))
        helper.frame.connect(self._on_frame)
        helper.refused.connect(self._on_refused)
        helper.view_ended.connect(self._on_view_ended)
        helper.helper_ended.connect(self._on_helper_ended)
        helper.sandbox_off.connect(self._on_sandbox_off)
        if helper.sandbox_off_because is not None:
            self._on_sandbox_off(helper.sandbox_off_because)

    # ------------------------------------------------------------------ what the row shows
    @property
    def fullscreen(self) -> bool:
        return self._row_parent is not None

    @property
    def frame_image(self) -> QImage:
        return self._frame

    def _notice_lines(self) -> list[str]:
        return self.notices[-MAX_NOTICES:] + (
            [self.stopped_because] if self.stopped_because else []
        )

    def _notice_rects(self, top: int) -> list[QRect]:
        """Where each notice goes from `top`: wrapped to the row's width, so each reads whole."""
        rects = []
        for line in self._notice_lines():
            wrapped = self.fontMetrics().boundingRect(
                QRect(NOTICE_MARGIN, 0, max(1, self.width() - 2 * NOTICE_MARGIN), 10_000),
                Qt.TextFlag.TextWordWrap,
                line,
            )
            height = max(NOTICE_LINE_HEIGHT, wrapped.height())
            rects.append(QRect(NOTICE_MARGIN, top, self.width() - 2 * NOTICE_MARGIN, height))
            top += height
        return rects

    def _notice_height(self) -> int:
        rects = self._notice_rects(0)
        return rects[-1].bottom() + 1 + 4 if rects else 0

    def _picture_height(self) -> int:
        if self.fullscreen:
            return max(1, self.height() - FULLSCREEN_HINT_HEIGHT)
        return self._view_height

    def sizeHint(self) -> QSize:
        return QSize(self.width(), self._view_height + self._notice_height())

    def set_view_height(self, height: int) -> None:
        """The height the view asked for (``ui/notifications/size-changed``), within bounds."""
        chosen = max(MIN_VIEW_HEIGHT, min(MAX_INLINE_HEIGHT, height))
        if chosen != self._view_height:
            self._view_height = chosen
            self._resize_page()
            self.height_changed.emit()

    def add_notice(self, text: str) -> None:
        self.notices.append(text)
        self.height_changed.emit()
        self.update()

    def _on_frame(self, view_id: str, image: QImage) -> None:
        if view_id == self.view_id:
            self._frame = image
            self.update()

    def _on_refused(self, view_id: str, what: str) -> None:
        if view_id == self.view_id:
            self.add_notice(self.tr("Blocked: {what}").format(what=what))

    def _on_sandbox_off(self, why: str) -> None:
        reasons = {
            RUNS_AS_ROOT: self.tr("the app runs as root"),
            NO_USER_NAMESPACES: self.tr("this system allows no user namespaces"),
            IN_FLATPAK: self.tr("Flatpak's own sandbox holds the app"),
        }
        self.add_notice(
            self.tr(
                "Chromium's sandbox is off: {why}. The view's frame, policy and request filter "
                "still hold it."
            ).format(why=reasons.get(why, why))
        )

    def _on_view_ended(self, view_id: str, why: str) -> None:
        if view_id == self.view_id:
            self._stop(why)

    def _on_helper_ended(self, why: str) -> None:
        if self.stopped_because is None:
            self._stop(why)

    def _stop(self, why: str) -> None:
        self.stopped_because = self.tr("The view stopped: {why}. The chat goes on.").format(why=why)
        self.height_changed.emit()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.base())
        top = FULLSCREEN_HINT_HEIGHT if self.fullscreen else 0
        picture = QRect(0, top, self.width(), self._picture_height())
        if self.fullscreen:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(
                QRect(0, 0, self.width(), FULLSCREEN_HINT_HEIGHT),
                Qt.AlignmentFlag.AlignCenter,
                self.tr("Esc leaves full screen"),
            )
        if not self._frame.isNull():
            painter.drawImage(picture.topLeft(), self._frame)
        elif self.stopped_because is None:
            painter.setPen(palette.placeholderText().color())
            painter.drawText(picture, Qt.AlignmentFlag.AlignCenter, self.tr("Loading the view…"))
        painter.setPen(QColor("#c0392b"))
        for line, rect in zip(
            self._notice_lines(), self._notice_rects(picture.bottom() + 4), strict=True
        ):
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap, line)

    # ------------------------------------------------------------------ the helper's page
    @property
    def page_size(self) -> QSize:
        """The size the view's page is laid out at (the picture's, in the row or full screen)."""
        return QSize(max(1, self.width()), self._picture_height())

    def _resize_page(self) -> None:
        size = self.page_size
        self._helper.resize(self.view_id, size.width(), size.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._resize_page()
        if event.oldSize().width() != event.size().width() and self._notice_lines():
            self.height_changed.emit()  # the notices wrap to the new width: the row re-measures

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._helper.set_visible(self.view_id, True)

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self._helper.set_visible(self.view_id, False)

    # ------------------------------------------------------------------ input, forwarded
    def _page_position(self, position: QPoint) -> QPoint:
        return position - QPoint(0, FULLSCREEN_HINT_HEIGHT if self.fullscreen else 0)

    def _mouse(self, kind: str, event: QMouseEvent) -> None:
        at = self._page_position(event.position().toPoint())
        self._helper.input(
            self.view_id,
            {
                "kind": kind,
                "x": at.x(),
                "y": at.y(),
                "button": event.button().value,
                "buttons": event.buttons().value,
                "modifiers": event.modifiers().value,
            },
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._mouse("press", event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._mouse("release", event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self._mouse("double", event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._mouse("move", event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        at = self._page_position(event.position().toPoint())
        delta = event.angleDelta()
        self._helper.input(
            self.view_id,
            {"kind": "wheel", "x": at.x(), "y": at.y(), "dx": delta.x(), "dy": delta.y()},
        )
        event.accept()

    def _key(self, kind: str, event: QKeyEvent) -> None:
        self._helper.input(
            self.view_id,
            {
                "kind": kind,
                "key": event.key(),
                "modifiers": event.modifiers().value,
                "text": event.text(),
            },
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.fullscreen and event.key() == Qt.Key.Key_Escape:
            self.set_fullscreen(False)
            return
        self._key("key_press", event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        self._key("key_release", event)

    def focusNextPrevChild(self, next: bool) -> bool:
        return False  # Tab belongs to the view's own fields while it has the focus

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    # ------------------------------------------------------------------ display mode
    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self._row_parent = self.parentWidget()
            screen = self.screen().geometry()
            self.setParent(None)
            self.setWindowFlag(Qt.WindowType.Window, True)
            self.setWindowTitle(self.accessibleName())
            self.setGeometry(screen)  # window managers that ignore the state still get the size
            self.showFullScreen()
            self.activateWindow()
            self.setFocus()
        else:
            row_parent, self._row_parent = self._row_parent, None
            self.setParent(row_parent)
            self.setWindowFlag(Qt.WindowType.Window, False)
            self.show()
        self._resize_page()
        self.fullscreen_changed.emit(on)
        self.height_changed.emit()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close and self.fullscreen:
            self.set_fullscreen(False)  # the window manager's close leaves full screen
            event.ignore()
            return True
        return super().event(event)
