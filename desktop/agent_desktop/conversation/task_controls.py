"""The strip under a running tool row's header: how far the call is and, for a call that runs
as a task on its server, its Cancel button.

The bar fills when the server says out of how much (`notifications/progress` with a total);
otherwise it is busy (a task's status message, progress without a total). The server's
message stands beside it. Both are real widgets, so a screen reader reads the bar's value as
it changes (QProgressBar tells accessibility of each new value) and the message as its
description, and Tab reaches Cancel. `ChatView` makes one per running tool row that has
progress or a task (`ChatItem.progress`, `ChatItem.task`) and places it in the row.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

BAR_STEPS = 100  # a known total is shown in percent: what a screen reader says


class TaskControls(QWidget):
    """Progress and Cancel for the running tool call named `tool_label` (as its row names it)."""

    cancel_requested = Signal()

    def __init__(self, tool_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("taskControls")
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName(self.tr("Progress of {tool}").format(tool=tool_label))
        self.bar.setTextVisible(False)
        self.bar.setFixedWidth(160)
        self.bar.setMaximumHeight(10)
        self.message = QLabel(self)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setAccessibleName(self.tr("Cancel {tool}").format(tool=tool_label))
        self.cancel_button.setToolTip(self.tr("Ask the server to stop this task"))
        self.cancel_button.clicked.connect(self._cancel)
        self.cancel_button.hide()
        # Asked once; the button stays enabled meanwhile: disabling it would throw the keyboard
        # focus to the next widget of the window.
        self.cancelling = False
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 2, 12, 6)
        layout.setSpacing(8)
        layout.addWidget(self.bar)
        layout.addWidget(self.message, 1)
        layout.addWidget(self.cancel_button)
        self.show_state(None, cancellable=False)

    def show_state(self, progress: dict[str, Any] | None, *, cancellable: bool) -> None:
        """How far the call is (`progress`: {"value", "total", "message"}, None: nothing said
        yet), and whether it can be cancelled (it runs as a task)."""
        progress = progress or {}
        total = _number(progress.get("total"))
        value = _number(progress.get("value"))
        if total and total > 0 and value is not None:
            self.bar.setRange(0, BAR_STEPS)
            self.bar.setValue(round(min(max(value / total, 0.0), 1.0) * BAR_STEPS))
        else:
            self.bar.setRange(0, 0)  # busy: how much is left is not known
        message = str(progress.get("message") or "")
        self.message.setText(message)
        self.bar.setAccessibleDescription(message)
        self.cancel_button.setVisible(cancellable)

    def allow_cancel_again(self) -> None:
        """The cancel did not reach the server (the window said why): the user may retry."""
        self.cancelling = False
        self.cancel_button.setText(self.tr("Cancel"))

    def _cancel(self) -> None:
        if self.cancelling:
            return
        self.cancelling = True
        self.cancel_button.setText(self.tr("Cancelling…"))
        self.cancel_requested.emit()


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
