"""The whole text of one message in its own window ("Show all" on a giant message).

A read-only `QPlainTextEdit` (it lays out only the lines on screen, so 100,000 lines scroll
smoothly) filled a slice at a time from a timer, each turn of the event loop adding what fits in
`SLICE_BUDGET_MS`: the window opens at once, the text streams in, the chat stays responsive. No
Markdown or highlighting here: it is for reading, selecting and copying the whole text.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from agent_desktop.lazy_qt import Qt
from agent_desktop.screen_fit import resize_within_screen

SLICE_CHARACTERS = 64_000
SLICE_BUDGET_MS = 8.0


class FullTextViewer(QWidget):
    def __init__(
        self, title: str, text: str, parent: QWidget | None = None, find: str = ""
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(title)
        self.setAccessibleName(f"{title}, whole text")
        resize_within_screen(self, 900, 700)
        layout = QVBoxLayout(self)
        self.status = QLabel("Loading…")
        self.status.setAccessibleName("Loading state")
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("fullText")
        self.editor.setAccessibleName("Whole text")
        self.editor.setReadOnly(True)
        self.editor.setUndoRedoEnabled(False)  # an undo stack would keep a second copy
        if text.lstrip().startswith("```"):
            font = QFont("monospace")
            font.setStyleHint(QFont.StyleHint.TypeWriter)
            self.editor.setFont(font)
            self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.status)
        layout.addWidget(self.editor, 1)
        self._text = text
        self._find = find
        self._position = 0
        self._filler = QTimer(self)
        self._filler.setInterval(0)
        self._filler.timeout.connect(self._add_slice)
        self._filler.start()

    def loaded(self) -> bool:
        return self._position >= len(self._text)

    def _add_slice(self) -> None:
        deadline = time.perf_counter() + SLICE_BUDGET_MS / 1000
        cursor = QTextCursor(self.editor.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        text = self._text
        while self._position < len(text) and time.perf_counter() < deadline:
            end = text.find("\n", self._position + SLICE_CHARACTERS)
            end = len(text) if end < 0 else end + 1
            cursor.insertText(text[self._position : end])
            self._position = end
        if self.loaded():
            self._filler.stop()
            lines = self.editor.document().blockCount()
            status = f"{len(text):,} characters · {lines:,} lines"
            self.editor.moveCursor(QTextCursor.MoveOperation.Start)
            if self._find and self.editor.find(self._find):
                line = self.editor.textCursor().blockNumber() + 1
                status += f" · “{self._find}” first found on line {line:,}"
                self.editor.centerCursor()
            self.status.setText(status)
        else:
            self.status.setText(f"Loading… {self._position * 100 // len(text)} %")
