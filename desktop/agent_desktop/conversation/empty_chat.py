"""What an empty chat shows: a line of welcome and a few starters that fill the message box.

A starter never sends by itself: it puts a prompt in the composer (with the cursor where the
user finishes it), so picking one is safe and editable. The hint lives over the chat view's
viewport and shows exactly while the chat has no rows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractItemModel, QEvent, QObject
from PySide6.QtWidgets import QAbstractItemView, QLabel, QPushButton, QVBoxLayout, QWidget

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.flow_layout import FlowLayout
from agent_desktop.toolkit.lazy_qt import Qt

#: (button, prompt), both in the user's language when shown: the model answers in it too.
STARTERS = (
    (
        QT_TRANSLATE_NOOP("EmptyChatHint", "Explain some code"),
        QT_TRANSLATE_NOOP("EmptyChatHint", "Explain what this code does, step by step:\n\n"),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyChatHint", "Summarise a file"),
        QT_TRANSLATE_NOOP("EmptyChatHint", "Summarise the attached file in five bullet points."),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyChatHint", "Draft a message"),
        QT_TRANSLATE_NOOP("EmptyChatHint", "Draft a short, friendly message that "),
    ),
    (
        QT_TRANSLATE_NOOP("EmptyChatHint", "Plan a task"),
        QT_TRANSLATE_NOOP("EmptyChatHint", "Help me plan this task, with the steps in order: "),
    ),
)
HINT_WIDTH = 520
STARTER_SPACING = 8


class EmptyChatHint(QWidget):
    """Starters over an empty chat; `on_pick(text)` receives the chosen prompt."""

    def __init__(self, view: QAbstractItemView, on_pick: Callable[[str], None]) -> None:
        super().__init__(view.viewport())
        self.setObjectName("emptyChatHint")
        self.setAccessibleName(self.tr("Start a conversation"))
        self._view = view
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        title = QLabel(self.tr("What can I help with?"))
        title.setObjectName("emptyChatTitle")
        title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        title.setFont(font)
        layout.addWidget(title)
        subtitle = QLabel(
            self.tr("Type below, drop a file on the window, or start from one of these:")
        )
        subtitle.setObjectName("emptyChatSubtitle")
        subtitle.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        subtitle.setWordWrap(True)
        layout.addWidget(subtitle)
        row = FlowLayout(spacing=STARTER_SPACING, centered=True)
        self.buttons: list[QPushButton] = []
        for label, prompt in STARTERS:
            button = QPushButton(self.tr(label))
            button.setObjectName("starterButton")
            button.setToolTip(self.tr(prompt).strip())
            # Translated when picked: the language may have changed since the hint was built.
            button.clicked.connect(lambda _checked=False, text=prompt: on_pick(self.tr(text)))
            row.addWidget(button)
            self.buttons.append(button)
        layout.addLayout(row)
        model = view.model()
        assert isinstance(model, QAbstractItemModel)
        self._model = model
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(self._follow_model)
        view.viewport().installEventFilter(self)
        self._follow_model()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False

    def _follow_model(self, *_args: object) -> None:
        empty = self._model.rowCount() == 0
        self.setVisible(empty)
        if empty:
            self._place()
            self.raise_()

    def _place(self) -> None:
        area = self._view.viewport().rect()
        # The starters keep to one row whenever the chat is wide enough for them.
        one_row = sum(button.sizeHint().width() for button in self.buttons)
        one_row += STARTER_SPACING * (len(self.buttons) - 1)
        width = min(max(HINT_WIDTH, one_row), max(200, area.width() - 40))
        height = max(self._layout.heightForWidth(width), self.sizeHint().height())
        self.setGeometry(
            area.x() + (area.width() - width) // 2,
            area.y() + max(0, (area.height() - height) // 3),
            width,
            height,
        )
