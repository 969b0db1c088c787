"""Thumbnails of attached images, made off the GUI thread and kept while the window lives.

Reading and scaling a photo takes tens of milliseconds, so a worker from Qt's thread pool does it
with `QImageReader` (scaled while decoding, which is far cheaper than decoding whole) and hands
back a `QImage`; the GUI thread turns it into a pixmap (pixmaps belong to the GUI thread) and
tells the view to repaint. Bytes come from the `reader` the window provides (the asset store),
so the view never talks to the application itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QSize, Signal
from PySide6.QtGui import QImage, QImageReader, QPixmap

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

log = logging.getLogger(__name__)
THUMBNAIL_PIXELS = 48
AssetReader = Callable[[str], bytes | None]


def scaled_image(data: bytes, edge: int) -> QImage:
    """The image in `data` decoded at most `edge` pixels on its longer side (null if unreadable)."""
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    size = reader.size()
    if size.isValid() and max(size.width(), size.height()) > edge:
        reader.setScaledSize(size.scaled(QSize(edge, edge), Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    buffer.close()
    return image


class ThumbnailCache(QObject):
    """`pixmap(asset_id)` now, or None and a `ready(asset_id)` signal once it is made."""

    ready = Signal(str)

    def __init__(self, parent: QObject | None = None, edge: int = THUMBNAIL_PIXELS) -> None:
        super().__init__(parent)
        self.reader: AssetReader | None = None
        self.edge = edge
        self._pixmaps: dict[str, QPixmap | None] = {}  # None: unreadable, do not ask again
        self._pending: set[str] = set()

    def pixmap(self, asset_id: str) -> QPixmap | None:
        if asset_id in self._pixmaps:
            return self._pixmaps[asset_id]
        if self.reader is not None and asset_id not in self._pending:
            self._pending.add(asset_id)
            reader, edge = self.reader, self.edge
            run_off_gui_thread(
                self,
                lambda: _thumbnail(reader, asset_id, edge),
                lambda image: self._keep(asset_id, image),
            )
        return None

    def _keep(self, asset_id: str, image: QImage) -> None:
        self._pending.discard(asset_id)
        self._pixmaps[asset_id] = None if image.isNull() else QPixmap.fromImage(image)
        self.ready.emit(asset_id)


def _thumbnail(reader: AssetReader, asset_id: str, edge: int) -> QImage:
    """Runs on a worker thread: no widgets, no pixmaps."""
    try:
        data = reader(asset_id)
        return scaled_image(data, edge) if data else QImage()
    except (OSError, KeyError, RuntimeError) as error:
        log.warning("no thumbnail for attachment %s: %s", asset_id, error)
        return QImage()
