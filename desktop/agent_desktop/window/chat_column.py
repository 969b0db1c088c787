"""The chat column of the window: the session header, the chat, the turn outcome, the composer.

Only widgets: what they show comes from the conversation binding and the agent bar.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.composer.ask_several import AskSeveralButton
from agent_desktop.composer.message_composer import Composer
from agent_desktop.composer.model_picker import ModelPicker
from agent_desktop.conversation.chat_model import ChatModel
from agent_desktop.conversation.chat_view import ChatView

if TYPE_CHECKING:
    from agent_desktop.conversation.comparison_panel import ComparisonPanel
    from agent_desktop.conversation.turn_outcome_panel import TurnOutcomePanel

COMPOSER_MAX_WIDTH = 860
TITLE_MIN_WIDTH = 60
COMPARISON_MIN_HEIGHT = 220


def centred_row(widget: QWidget) -> QHBoxLayout:
    """`widget` in a row of its own, centred, as wide as the composer at most."""
    row = QHBoxLayout()
    row.setContentsMargins(16, 0, 16, 0)
    row.addStretch(1)
    row.addWidget(widget, 100)
    row.addStretch(1)
    return row


class ChatColumn(QWidget):
    retry_requested = Signal()  # the turn outcome's Retry

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chat_model = ChatModel(self)
        self.chat_view = ChatView(self.chat_model)
        self.composer = Composer()
        self.composer.setMaximumWidth(COMPOSER_MAX_WIDTH)
        self.agent_picker = QComboBox()
        self.agent_picker.setObjectName("agentPicker")
        self.agent_picker.setAccessibleName(self.tr("Agent"))
        self.agent_picker.setToolTip(self.tr("Agent"))
        self.agent_picker.hide()  # shown once the application lists more than one agent
        self.model_picker = ModelPicker()
        self.ask_several = AskSeveralButton(
            self.composer.has_message, clear_of=self.composer, write_message=self.composer.set_text
        )
        # Picked: the next keys are the message (the popup gave the keyboard back to whatever
        # had it before, the picker's button when it was opened from the keyboard).
        self.model_picker.picked.connect(self.composer.take_focus)
        self.composer.accessory_row.addWidget(self.agent_picker)
        self.composer.accessory_row.addWidget(self.model_picker)
        self.composer.accessory_row.addWidget(self.ask_several)
        self.session_toolbar = QToolBar("Session")
        self.session_toolbar.setObjectName("sessionToolbar")
        self.session_toolbar.setAccessibleName(self.tr("Session toolbar"))
        self.session_toolbar.setMovable(False)
        self.title_label = QLabel(self.tr("New chat"))
        self.title_label.setObjectName("sessionTitle")
        self.title_label.setAccessibleName(self.tr("Conversation title"))
        # The title takes the free width of the header and gives it up to the actions: a long
        # title is cut at the edge instead of pushing actions out or widening the window.
        self.title_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.title_label.setMinimumWidth(TITLE_MIN_WIDTH)
        font = self.title_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title_label.setFont(font)
        self.session_toolbar.addWidget(self.title_label)
        # Shown while the chat has instructions of its own (Session → Chat instructions…);
        # a click opens them.
        self.instructions_badge = QToolButton()
        self.instructions_badge.setText(self.tr("Own instructions"))
        self.instructions_badge.setAccessibleName(self.tr("This chat has its own instructions"))
        self.instructions_badge.setToolTip(
            self.tr("This chat uses its own instructions instead of its agent's. Click to edit.")
        )
        # A toolbar's widget is shown and hidden through its action (Qt's toolbar rule).
        self.instructions_badge_action = self.session_toolbar.addWidget(self.instructions_badge)
        self.instructions_badge_action.setVisible(False)
        # The plugins' session actions (Compact range, Undo compaction, …) in one menu: as
        # buttons of their own they crowded the header at every size and pushed its overflow
        # arrow off an 800-pixel window. They are in the Session menu too.
        self.plugin_actions_menu = QMenu(self)
        self.plugin_actions_menu.setAccessibleName(self.tr("Chat actions menu"))
        self.plugin_actions_button = QToolButton()
        self.plugin_actions_button.setText(self.tr("Actions"))
        self.plugin_actions_button.setAccessibleName(self.tr("Chat actions"))
        self.plugin_actions_button.setToolTip(
            self.tr("What the agent's plugins can do with this chat")
        )
        self.plugin_actions_button.setMenu(self.plugin_actions_menu)
        self.plugin_actions_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.plugin_actions_action = self.session_toolbar.addWidget(self.plugin_actions_button)
        self.plugin_actions_action.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 12)
        layout.setSpacing(8)
        layout.addWidget(self.session_toolbar)
        layout.addWidget(self.chat_view, 1)
        # The outcome row is built when first needed (see `outcome_panel`): it does not show
        # on a normal start, and start-up time counts.
        self._outcome_row = QHBoxLayout()
        self._outcome_row.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._outcome_row)
        self._comparison_row = QHBoxLayout()  # the answers side by side, when asked for
        self._comparison_row.setContentsMargins(16, 0, 16, 0)
        layout.addLayout(self._comparison_row, 0)
        layout.addLayout(centred_row(self.composer))
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._keep_keyboard_in_message_box)

    def _keep_keyboard_in_message_box(self, old: QWidget | None, new: QWidget | None) -> None:
        """A control of this column that had the keyboard was hidden or disabled (Send and
        Stop swap as an answer starts and ends, Retry hides itself): the keyboard goes to the
        message box. Qt would pass it to the next control in the tab order (the paperclip, the
        model button), where the next sentence's space would open a picker."""
        if old is None or new is None or (old.isVisible() and old.isEnabled()):
            return  # a move the user made, or the window losing the keyboard
        edit = self.composer.edit
        if old is edit or not self.isAncestorOf(old) or not self.isAncestorOf(new):
            return
        if edit.isVisible() and edit.isEnabled():
            self.composer.take_focus()

    @cached_property
    def comparison_panel(self) -> ComparisonPanel:
        """Several models' answers side by side (built when first asked for)."""
        from agent_desktop.conversation.comparison_panel import ComparisonPanel

        panel = ComparisonPanel()
        panel.setMinimumHeight(COMPARISON_MIN_HEIGHT)
        self._comparison_row.addWidget(panel)
        return panel

    @cached_property
    def outcome_panel(self) -> TurnOutcomePanel:
        from agent_desktop.conversation.turn_outcome_panel import TurnOutcomePanel

        panel = TurnOutcomePanel()
        panel.setMaximumWidth(COMPOSER_MAX_WIDTH)
        # Retry hides the panel it is on: the keyboard goes to the message box, not to the
        # window's first button (where the next sentence's space would start a new chat).
        panel.retry_requested.connect(self.composer.take_focus)
        panel.retry_requested.connect(self.retry_requested)
        self._outcome_row.addLayout(centred_row(panel))
        return panel
