"""Small monochrome UI icons: SVGs in `resources/icons/ui/` using `currentColor`, tinted here.

Each SVG is drawn by Qt's SVG image reader at ICON_PIXELS (its root `width`/`height` are set to
that), which needs neither QPainter nor the QtSvg bindings before the window's first paint.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache

from PySide6.QtGui import QIcon, QPixmap

from agent_desktop.theme import UI_ICONS_DIR, current_palette

log = logging.getLogger(__name__)
ICON_PIXELS = 48
_ROOT_SIZE = re.compile(r'(<svg\b[^>]*?\b(?:width|height)=")\d+(")')


def ui_icon(name: str, colour: str | None = None) -> QIcon:
    """The icon `name` tinted with `colour` (default: the theme's muted text colour)."""
    return _tinted(name, colour or current_palette().muted)


@lru_cache(maxsize=128)
def _tinted(name: str, colour: str) -> QIcon:
    path = UI_ICONS_DIR / f"{name}.svg"
    try:
        svg = path.read_text(encoding="utf-8")
    except OSError as error:
        log.warning("UI icon %s not readable: %s", path, error)
        return QIcon()
    svg = svg.replace("currentColor", colour)
    svg = _ROOT_SIZE.sub(rf"\g<1>{ICON_PIXELS}\g<2>", svg, count=2)
    pixmap = QPixmap()
    if not pixmap.loadFromData(svg.encode(), "SVG"):
        log.warning("UI icon %s could not be drawn", path)
        return QIcon()
    return QIcon(pixmap)
