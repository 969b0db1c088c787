"""Small monochrome UI icons: SVGs in `resources/icons/ui/` using `currentColor`, tinted here.

An icon names a role of the theme's palette (`muted`, `accent_text`, ...), not a colour: it is
drawn in the colour that role has in the palette current when it is painted. An icon made under
one theme is so drawn in the next theme's colours as soon as its widget repaints (the stylesheet
a theme change sets repaints every widget), and an icon on an accent button (`accent_text`) stays
readable on the high-contrast theme's yellow as on the light theme's blue.
"""

from __future__ import annotations

import logging
import math
from functools import lru_cache
from typing import Literal

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QPainter,
    QPixmap,
    QTransform,
)
from PySide6.QtSvg import QSvgRenderer

from agent_desktop.toolkit.theme import RESOURCES_DIR, UI_ICONS_DIR, current_palette

log = logging.getLogger(__name__)
APP_ICONS_DIR = RESOURCES_DIR / "icons" / "hicolor"

# The palette roles an icon is drawn in: secondary ink on the window (most icons), ink on an
# accent or error button, the text colour itself, or a state's colour.
IconRole = Literal["muted", "text", "accent_text", "accent", "error", "success", "warning"]


def ui_icon(name: str, role: IconRole = "muted", *, directional: bool = False) -> QIcon:
    """The icon `name`, drawn in the current palette's `role` colour whenever it is painted
    (disabled: in the palette's `disabled` colour). A `directional` icon (an arrow saying
    "forward") is drawn mirrored while the app lays out right to left, so it points the way the
    text reads."""
    return QIcon(_ThemedIconEngine(name, role, directional))


class _ThemedIconEngine(QIconEngine):
    def __init__(self, name: str, role: IconRole, directional: bool = False) -> None:
        super().__init__()
        self._name = name
        self._role = role
        self._directional = directional

    def _colour(self, mode: QIcon.Mode) -> str:
        palette = current_palette()
        if mode == QIcon.Mode.Disabled:
            return palette.disabled
        return str(getattr(palette, self._role))

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        # Device pixels per unit of `rect` (the screen's pixel ratio, times any zoom), read from
        # the painter's transform: `painter.device()` would make PySide look for the device's
        # Python class among every paint device's, building them all (20 ms of the first paint).
        to_device = painter.deviceTransform()
        scale = math.hypot(to_device.m11(), to_device.m12()) or 1.0
        painter.drawPixmap(rect, self.scaledPixmap(rect.size(), mode, state, scale))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(
        self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float
    ) -> QPixmap:
        pixels = QSize(max(1, round(size.width() * scale)), max(1, round(size.height() * scale)))
        # A copy, as the pixel ratio set below must not reach the cached pixmap; `copy()` rather
        # than `QPixmap(...)`, whose overloads make PySide build QImage and its enums before the
        # window's first paint.
        pixmap = _tinted(self._name, self._colour(mode), pixels.width(), pixels.height()).copy()
        if self._directional and QGuiApplication.isRightToLeft():
            pixmap = pixmap.transformed(QTransform().scale(-1, 1))
        pixmap.setDevicePixelRatio(scale)
        return pixmap

    def actualSize(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QSize:
        return size

    def clone(self) -> QIconEngine:
        return _ThemedIconEngine(self._name, self._role, self._directional)

    def key(self) -> str:
        return "agent_desktop.ui_icon"


@lru_cache(maxsize=256)
def _tinted(name: str, colour: str, width: int, height: int) -> QPixmap:
    pixmap = QPixmap(width, height)
    pixmap.fill(QColor(0, 0, 0, 0))
    path = UI_ICONS_DIR / f"{name}.svg"
    try:
        svg = path.read_text(encoding="utf-8").replace("currentColor", colour)
    except OSError as error:
        log.warning("UI icon %s not readable: %s", path, error)
        return pixmap
    renderer = QSvgRenderer(QByteArray(svg.encode()))
    painter = QPainter(pixmap)
    renderer.render(painter, QRectF(0, 0, width, height))
    painter.end()
    return pixmap


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """The application's own icon (window, tray), from the sizes shipped in `resources/`."""
    icon = QIcon()
    for size_folder in sorted(APP_ICONS_DIR.glob("*x*")):
        png = size_folder / "apps" / "agent-desktop.png"
        if png.is_file():
            icon.addFile(str(png))
    return icon
