"""The notice bar under the chat: one dismissible line with optional actions (e.g. Undo)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from agent_desktop.toolkit.window_language import in_window_language

#: The topic of "the agent is still working in this chat": withdrawn once the chat is free.
BUSY_TOPIC = "chat-busy"
#: The topic of "editing an earlier message": withdrawn once the edited answer is done.
EDITING_TOPIC = "editing-message"


class NoticeBar(QFrame):
    """A dismissible one-line notice with an optional action button (e.g. Undo), and more
    action buttons for the notices that offer several choices."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBar")
        self.setAccessibleName(self.tr("Notice"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.action_button = QPushButton()
        self.action_button.setAccessibleName(self.tr("Notice action"))
        close = QPushButton(self.tr("Dismiss"))
        close.setAccessibleName(self.tr("Dismiss notice"))
        close.clicked.connect(self.hide)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.action_button)
        self._more_actions = QHBoxLayout()
        self._more_actions.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._more_actions)
        layout.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self._callback: Any = None
        self._topic: str | None = None
        self.action_button.clicked.connect(self._run_action)
        self.hide()

    def show_notice(
        self,
        text: str,
        action: str | None = None,
        callback: Any = None,
        seconds: float = 0,
        topic: str | None = None,
        more_actions: Sequence[tuple[str, Callable[[], None]]] = (),
    ) -> None:
        """Show `text`; a notice with a `topic` can be taken back by `withdraw(topic)` when
        what it says stops being true. Each action hides the notice, then runs."""
        self._topic = topic
        self.label.setText(in_window_language(text))
        self._callback = callback
        self.action_button.setText(action or "")
        self.action_button.setVisible(bool(action))
        while (item := self._more_actions.takeAt(0)) is not None:
            if (button := item.widget()) is not None:
                button.hide()
                button.deleteLater()
        for label, more_callback in more_actions:
            button = QPushButton(label)
            button.setAccessibleName(label)
            button.clicked.connect(lambda _checked=False, run=more_callback: self._run(run))
            self._more_actions.addWidget(button)
        self.show()
        if seconds:
            self._timer.start(int(seconds * 1000))
        else:
            self._timer.stop()

    def withdraw(self, topic: str) -> None:
        """Hide the notice shown if it is about `topic` (another notice stays)."""
        if self._topic == topic and self.isVisible():
            self._timer.stop()
            self.hide()

    def _run_action(self) -> None:
        callback, self._callback = self._callback, None
        self._run(callback)

    def _run(self, callback: Callable[[], None] | None) -> None:
        self.hide()
        if callback is not None:
            callback()
