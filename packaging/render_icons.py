"""Render the app icon's PNG sizes for the hicolor icon theme from its SVG.

Run from the repository root after changing the SVG, then commit the PNGs:

    uv run python packaging/render_icons.py

Qt's own SVG renderer (QtSvg, part of PySide6) does the drawing, so no extra tool is needed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Before Qt loads: render without a display server.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICON_NAME = "agent-desktop"
HICOLOR = Path(__file__).resolve().parent.parent / "resources" / "icons" / "hicolor"
SOURCE_SVG = HICOLOR / "scalable" / "apps" / f"{ICON_NAME}.svg"
# Panels and menus show 16-24 px icons; a version drawn for that grid stays legible there.
SMALL_SOURCE_SVG = HICOLOR.parent / "sources" / f"{ICON_NAME}-small.svg"
SMALL_SIZES = (16, 22, 24)
# The sizes desktop environments ask for (menus, panels, task switchers, app stores, HiDPI).
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    QGuiApplication.instance() or QGuiApplication([])
    renderers = {}
    for source in (SOURCE_SVG, SMALL_SOURCE_SVG):
        renderers[source] = QSvgRenderer(str(source))
        if not renderers[source].isValid():
            print(f"error: {source} is not a valid SVG; fix it and run again", file=sys.stderr)
            return 1
    for size in SIZES:
        renderer = renderers[SMALL_SOURCE_SVG if size in SMALL_SIZES else SOURCE_SVG]
        target = HICOLOR / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not render(renderer, size).save(str(target), "PNG"):
            print(f"error: could not write {target}", file=sys.stderr)
            return 1
        print(f"wrote {target.relative_to(HICOLOR.parent.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
