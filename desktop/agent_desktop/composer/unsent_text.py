"""The message box's unsent text, kept on disk so a crash or a quit does not lose it.

A second after typing stops, the text is written (secrets the app knows redacted) to one file
in the data folder, on a worker thread; an empty box removes the file. At the next start the
text comes back into the box, unless the user has typed something meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from agent_app.paths import write_atomically
from agent_app.secrets import redact

log = logging.getLogger(__name__)

UNSENT_TEXT_FILE_NAME = "unsent-message.txt"
#: How long typing must pause before the text is written.
SAVE_DELAY_MS = 1000


class UnsentTextKeeper(QObject):
    """Writes what `text()` returns to `path` after `changed` stops firing; `restore` puts a
    kept text back through `set_text`."""

    def __init__(
        self,
        path: Path,
        text: Callable[[], str],
        set_text: Callable[[str], None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._path = path
        self._text = text
        self._set_text = set_text
        # One writer thread: writes land in the order they were asked for.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="unsent-text")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SAVE_DELAY_MS)
        self._timer.timeout.connect(self._save)
        self._closed = False

    def text_changed(self) -> None:
        if not self._closed:
            self._timer.start()

    async def restore(self) -> None:
        kept = await asyncio.get_running_loop().run_in_executor(self._writer, self._read)
        if kept and not self._text().strip():
            self._set_text(kept)

    def close(self) -> None:
        """Write what is in the box now (the app is quitting), without waiting: the writer
        thread finishes before the process ends."""
        self._closed = True
        if self._timer.isActive():
            self._timer.stop()
            self._writer.submit(self._write, redact(self._text()))
        self._writer.shutdown(wait=False)

    def _save(self) -> None:
        # Straight to the writer thread: nothing waits for it, and no event loop is needed
        # (the timer may fire while the window closes).
        self._writer.submit(self._write, redact(self._text()))

    def _read(self) -> str:
        try:
            return self._path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as error:
            log.warning("The unsent message in %s could not be read: %s", self._path, error)
            return ""

    def _write(self, text: str) -> None:
        try:
            if text.strip():
                write_atomically(self._path, text.encode("utf-8"))
            else:
                self._path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("The unsent message could not be kept in %s: %s", self._path, error)
