"""The window's size, position, toolbars and sidebar width, kept in the settings between runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QSplitter

    from agent_app.settings import Settings


def _encode_state(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode("ascii")


def _decode_state(text: str) -> QByteArray:
    return QByteArray.fromBase64(QByteArray(text.encode("ascii")))


class WindowLayout:
    """Restores and saves `window`'s layout; the splitter's sizes wait until the window is shown
    (they only stick once the window has its final size)."""

    def __init__(self, window: QMainWindow, splitter: QSplitter) -> None:
        self.window = window
        self.splitter = splitter
        self._splitter_state: QByteArray | None = None

    def restore(self, settings: Settings) -> None:
        if settings.window_geometry:
            self.window.restoreGeometry(_decode_state(settings.window_geometry))
        if settings.window_state:
            self.window.restoreState(_decode_state(settings.window_state))
        if settings.splitter_state:
            self._splitter_state = _decode_state(settings.splitter_state)
            if self.window.isVisible():
                self.apply_splitter_state()

    def apply_splitter_state(self) -> None:
        state, self._splitter_state = self._splitter_state, None
        if state is not None:
            self.splitter.restoreState(state)

    def save(self, settings: Settings) -> None:
        settings.window_geometry = _encode_state(self.window.saveGeometry())
        settings.window_state = _encode_state(self.window.saveState())
        settings.splitter_state = _encode_state(self.splitter.saveState())
