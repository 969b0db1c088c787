"""The row under the last turn when it did not end with an answer: a failure or an empty answer.

One plain sentence, a Retry button, and a Details toggle that shows the technical part (the
plugin and hook, the HTTP status, the server's own words) in selectable text. It only shows what
`agent_app.turn_outcome.turn_outcome` derives from the session, so it is the same after a
restart.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from agent_app.turn_outcome import TurnOutcome
from agent_app.ui_text import QT_TRANSLATE_NOOP


class TurnOutcomePanel(QFrame):
    retry_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("turnOutcome")
        self.setAccessibleName(self.tr("How the last request ended"))
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 8, 8, 8)
        outer.setSpacing(6)
        row = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("turnOutcomeTitle")
        self.message = QLabel()
        self.message.setObjectName("turnOutcomeMessage")
        self.message.setAccessibleName(self.tr("Problem"))
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton(self.tr("Retry"))
        self.retry_button.setToolTip(self.tr("Send the last message again"))
        self.retry_button.clicked.connect(self.retry_requested)
        self.details_button = QPushButton(self.tr("Details"))
        self.details_button.setCheckable(True)
        self.details_button.setToolTip(self.tr("Show the technical details"))
        self.details_button.toggled.connect(self._show_details)
        text_column = QVBoxLayout()
        text_column.setSpacing(2)
        text_column.addWidget(self.title)
        text_column.addWidget(self.message)
        row.addLayout(text_column, 1)
        row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignTop)
        outer.addLayout(row)
        self.details = QLabel()
        self.details.setObjectName("turnOutcomeDetails")
        self.details.setAccessibleName(self.tr("Technical details"))
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.hide()
        outer.addWidget(self.details)
        self.outcome: TurnOutcome | None = None
        self.hide()

    def show_outcome(self, outcome: TurnOutcome | None) -> None:
        """Show ``outcome`` (hidden for ``None``); the details start folded."""
        self.outcome = outcome
        if outcome is None:
            self.hide()
            return
        self.setProperty("kind", outcome.kind)
        self.title.setText(self.tr(_TITLES.get(outcome.ending, _TITLES["failed"])))
        # The app's own sentences are translated; a plugin's are shown as it wrote them.
        self.message.setText(QCoreApplication.translate("TurnOutcome", outcome.message))
        self.details.setText(outcome.details)
        self.details_button.setVisible(bool(outcome.details))
        self.details_button.setChecked(False)
        self.style().unpolish(self)
        self.style().polish(self)
        self.show()

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown and bool(self.details.text()))


#: The short bold line above the sentence, by how the request ended.
_TITLES = {
    "timeout": QT_TRANSLATE_NOOP("TurnOutcomePanel", "Timed out"),
    "stream_cut": QT_TRANSLATE_NOOP("TurnOutcomePanel", "Connection cut"),
    "failed": QT_TRANSLATE_NOOP("TurnOutcomePanel", "Failed"),
    "empty": QT_TRANSLATE_NOOP("TurnOutcomePanel", "Empty answer"),
}
