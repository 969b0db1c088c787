"""Several models' answers to one message, side by side while they stream.

One column per model: its name over the text as it arrives, and, when it fails, what failed in
that column only. The answers are kept as versions of the one answer in the chat (‹1/3›); the
panel stays until it is closed or the next message is sent.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.toolkit.theme import current_palette


class _AnswerColumn(QFrame):
    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(title)
        self.title.setAccessibleName(self.tr("Model"))
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        # Markdown as the chat shows it (seen walking: the columns showed **bold** raw); Qt's
        # own renderer, cheap enough to redo as each piece streams in.
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self._markdown = ""
        self.text.setAccessibleName(self.tr("Answer of {model}").format(model=title))
        self.state = QLabel(self.tr("Writing…"))
        self.state.setWordWrap(True)
        self.state.setAccessibleName(self.tr("State of {model}").format(model=title))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.state)

    def show_text(self, text: str) -> None:
        if text == self._markdown:
            return
        self._markdown = text
        bar = self.text.verticalScrollBar()
        following = bar.value() >= bar.maximum()
        self.text.setMarkdown(text)
        if following:  # keep the newest words in view while they stream, unless scrolled up
            bar.setValue(bar.maximum())

    def finish(self, error: str) -> None:
        palette = current_palette()
        if error:
            self.state.setText(self.tr("Failed: {reason}").format(reason=error))
            self.state.setStyleSheet(f"color: {palette.error};")
        else:
            self.state.setText(self.tr("Done"))
            self.state.setStyleSheet(f"color: {palette.muted};")


class ComparisonPanel(QFrame):
    """The columns of the models asked at once (`start`, `show_text`, `finish_column`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("comparisonPanel")
        self.setAccessibleName(self.tr("Answers side by side"))
        self.columns: list[_AnswerColumn] = []
        self.heading = QLabel()
        close = QPushButton(self.tr("Close"))
        close.setAccessibleName(self.tr("Close the answers side by side"))
        close.clicked.connect(self.hide)
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(close)
        self.row = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(self.row, 1)
        self.hide()

    def start(self, titles: list[str]) -> None:
        for column in self.columns:
            self.row.removeWidget(column)
            column.deleteLater()
        self.columns = [_AnswerColumn(title, self) for title in titles]
        for column in self.columns:
            self.row.addWidget(column, 1)
        self.heading.setText(
            self.tr("%n models answer; each answer is kept as a version (‹ ›).", "", len(titles))
        )
        self.show()

    def show_text(self, column: int, text: str) -> None:
        if 0 <= column < len(self.columns):
            self.columns[column].show_text(text)

    def finish_column(self, column: int, error: str, text: str) -> None:
        if 0 <= column < len(self.columns):
            self.columns[column].show_text(text)
            self.columns[column].finish(error)
