"""The whole text of one message in its own window ("Show all" on a giant message).

A read-only `QPlainTextEdit` (it lays out only the lines on screen, so 100,000 lines scroll
smoothly) filled a slice at a time from a timer, each turn of the event loop adding what fits in
`SLICE_BUDGET_MS`: the window opens at once, the text streams in, the chat stays responsive. No
Markdown or highlighting here: it is for reading, selecting and copying the whole text.

But Qt lays out each line whole, and wrapping one is worse than linear: a 1.2 MB line of
minified code froze the window for a minute, a 5 MB paragraph for seconds. So a line over
`SHOWN_LINE_CHARACTERS` is shown in pieces of that size, cut between words (`word_pieces`), each
its own line on screen; the editor remembers where it put those breaks, so copying gives the
text exactly as it is, and line numbers and the found word are the text's own.
"""

from __future__ import annotations

import re
import time
from bisect import bisect_left, bisect_right

from PySide6.QtCore import QLocale, QMimeData
from PySide6.QtGui import QFont, QKeyEvent, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QVBoxLayout, QWidget

from agent_app.text_pieces import word_end, word_pieces
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.screen_fit import resize_within_screen
from agent_desktop.toolkit.timers import SelfStoppingTimer

SLICE_CHARACTERS = 64_000
SLICE_BUDGET_MS = 8.0
SHOWN_LINE_CHARACTERS = 1_000
_LONG_LINE = re.compile(f"[^\n]{{{SHOWN_LINE_CHARACTERS + 1},}}")


class WholeTextEditor(QPlainTextEdit):
    """The text, its long lines shown in pieces (see the module docstring); what is copied is
    the text itself, without the breaks between pieces."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.shown_up_to = 0  # how much of `text` the document holds
        self._break_positions: list[int] = []  # in the document, ascending
        self._break_offsets: list[int] = []  # in the text: a break stands before that character

    def show_more(self, end: int) -> None:
        """Add `text[shown_up_to:end]` to the document, its long lines in pieces."""
        start = self.shown_up_to
        shown: list[str] = []
        cursor = start
        for line in _LONG_LINE.finditer(self.text, start, end):
            pieces = word_pieces(line.group(), SHOWN_LINE_CHARACTERS)
            offset = line.start()
            shown.append(self.text[cursor:offset])
            for number, piece in enumerate(pieces):
                if number:
                    self._break_positions.append(offset + len(self._break_positions))
                    self._break_offsets.append(offset)
                    shown.append("\n")
                shown.append(piece)
                offset += len(piece)
            cursor = line.end()
        shown.append(self.text[cursor:end])
        inserting = QTextCursor(self.document())
        inserting.movePosition(QTextCursor.MoveOperation.End)
        inserting.insertText("".join(shown))
        self.shown_up_to = end

    def line_count(self) -> int:
        return self.document().blockCount() - len(self._break_positions)

    def select_in_text(self, start: int, end: int) -> None:
        """Select `text[start:end]` on screen (breaks between pieces included)."""
        cursor = self.textCursor()
        cursor.setPosition(start + bisect_right(self._break_offsets, start))
        cursor.setPosition(
            end + bisect_right(self._break_offsets, end - 1), QTextCursor.MoveMode.KeepAnchor
        )
        self.setTextCursor(cursor)

    def _in_text(self, position: int) -> int:
        return position - bisect_left(self._break_positions, position)

    def createMimeDataFromSelection(self) -> QMimeData:
        cursor = self.textCursor()
        copied = QMimeData()
        copied.setText(
            self.text[self._in_text(cursor.selectionStart()) : self._in_text(cursor.selectionEnd())]
        )
        return copied


class FullTextViewer(QWidget):
    def __init__(
        self, title: str, text: str, parent: QWidget | None = None, find: str = ""
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(title)
        self.setAccessibleName(self.tr("{title}, whole text").format(title=title))
        resize_within_screen(self, 900, 700)
        layout = QVBoxLayout(self)
        self.status = QLabel(self.tr("Loading…"))
        self.status.setAccessibleName(self.tr("Loading state"))
        self.editor = WholeTextEditor(text)
        self.editor.setObjectName("fullText")
        self.editor.setAccessibleName(self.tr("Whole text"))
        self.editor.setReadOnly(True)
        self.editor.setUndoRedoEnabled(False)  # an undo stack would keep a second copy
        if text.lstrip().startswith("```"):
            font = QFont("monospace")
            font.setStyleHint(QFont.StyleHint.TypeWriter)
            self.editor.setFont(font)
            self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.status)
        layout.addWidget(self.editor, 1)
        self._find = find
        self._filler = SelfStoppingTimer(self._add_slice, 0, self)
        self._filler.start()

    def loaded(self) -> bool:
        return self.editor.shown_up_to >= len(self.editor.text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Escape closes it, as it closes the app's dialogs: the viewer is a window of its own,
        # and a user who opened it from a chat expects the key that leaves a dialog to leave it.
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    def _add_slice(self) -> None:
        deadline = time.perf_counter() + SLICE_BUDGET_MS / 1000
        text = self.editor.text
        while not self.loaded() and time.perf_counter() < deadline:
            start = self.editor.shown_up_to
            end = text.find("\n", start + SLICE_CHARACTERS, start + 2 * SLICE_CHARACTERS)
            if end >= 0:
                end += 1
            elif start + 2 * SLICE_CHARACTERS >= len(text):
                end = len(text)
            else:  # a giant line: this slice ends between two of its words
                end = word_end(text, start + SLICE_CHARACTERS // 2, start + SLICE_CHARACTERS)
            self.editor.show_more(end)
        if self.loaded():
            self._filler.stop()
            locale = QLocale()
            status = self.tr("{characters} characters · {lines} lines").format(
                characters=locale.toString(len(text)),
                lines=locale.toString(self.editor.line_count()),
            )
            self.editor.moveCursor(QTextCursor.MoveOperation.Start)
            found = self._found()
            if found >= 0:
                self.editor.select_in_text(found, found + len(self._find))
                line = text.count("\n", 0, found) + 1
                status += " · " + self.tr("“{word}” first found on line {line}").format(
                    word=self._find, line=locale.toString(line)
                )
                self.editor.centerCursor()
            self.status.setText(status)
        else:
            self.status.setText(
                self.tr("Loading… {percent} %").format(
                    percent=self.editor.shown_up_to * 100 // len(text)
                )
            )

    def _found(self) -> int:
        """Where the word to find first is in the text, as written (a fast scan) or else in any
        case (one four times slower); -1 when it is not there."""
        if not self._find:
            return -1
        found = self.editor.text.find(self._find)
        if found < 0:
            match = re.search(re.escape(self._find), self.editor.text, re.IGNORECASE)
            found = match.start() if match else -1
        return found
