"""Small monochrome UI icons: SVGs in `resources/icons/ui/` using `currentColor`, tinted here."""

from __future__ import annotations

import logging
from functools import lru_cache

from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from agent_desktop.toolkit.theme import RESOURCES_DIR, UI_ICONS_DIR, current_palette

log = logging.getLogger(__name__)
ICON_PIXELS = 48
APP_ICONS_DIR = RESOURCES_DIR / "icons" / "hicolor"


def ui_icon(name: str, colour: str | None = None) -> QIcon:
    """The icon `name` tinted with `colour` (default: the theme's muted text colour)."""
    return _tinted(name, colour or current_palette().muted)


@lru_cache(maxsize=128)
def _tinted(name: str, colour: str) -> QIcon:
    path = UI_ICONS_DIR / f"{name}.svg"
    try:
        svg = path.read_text(encoding="utf-8").replace("currentColor", colour)
    except OSError as error:
        log.warning("UI icon %s not readable: %s", path, error)
        return QIcon()
    renderer = QSvgRenderer(QByteArray(svg.encode()))
    pixmap = QPixmap(ICON_PIXELS, ICON_PIXELS)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    renderer.render(painter, QRectF(0, 0, ICON_PIXELS, ICON_PIXELS))
    painter.end()
    return QIcon(pixmap)


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """The application's own icon (window, tray), from the sizes shipped in `resources/`."""
    icon = QIcon()
    for size_folder in sorted(APP_ICONS_DIR.glob("*x*")):
        png = size_folder / "apps" / "agent-desktop.png"
        if png.is_file():
            icon.addFile(str(png))
    return icon
