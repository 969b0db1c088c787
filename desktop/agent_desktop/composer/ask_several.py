"""Ask several models: the composer's button that sends one message to 2–4 models at once.

The button opens a popup listing every configured provider's models with a check box each;
"Send to N models" is enabled for 2 to 4 of them while the message box holds a message (the
popup says so when it does not) and hands the choice on (`send_requested`). The window sends
the message box's text to them; their answers stream side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.model_choice import MAX_COMPARED, MIN_COMPARED, ModelChoice

if TYPE_CHECKING:
    from agent_app.model_catalog import ProviderModels
from agent_desktop.toolkit.lazy_qt import USER_ROLE, Qt
from agent_desktop.toolkit.screen_fit import show_above

#: Rows the model list shows before it scrolls.
SHOWN_ROWS = 8

CHOICE_ROLE = USER_ROLE


class AskSeveralPopup(QFrame):
    """The models with check boxes and the send button."""

    send_requested = Signal(list)  # [ModelChoice], 2 to 4 of them
    resized = Signal()  # the lists arrived and changed its height: place it again

    def __init__(
        self,
        has_message: Callable[[], bool],
        parent: QWidget | None = None,
        write_message: Callable[[str], None] | None = None,
    ) -> None:
        """`write_message` puts text in the message box: with it, a popup opened on an empty
        box offers a field for the message (the popup holds the keyboard while it is open)."""
        super().__init__(parent, Qt.WindowType.Popup)
        self._has_message = has_message
        self._write_message = write_message
        self.setObjectName("askSeveralPopup")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(self.tr("Ask several models"))
        hint = QLabel(
            self.tr("Check {low} to {high} models: the message goes to each of them.").format(
                low=MIN_COMPARED, high=MAX_COMPARED
            )
        )
        hint.setWordWrap(True)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Models to ask"))
        # "Listing models…" while the lists are coming: an empty list said nothing.
        self.state = QLabel()
        self.state.setAccessibleName(self.tr("Model list state"))
        self.state.hide()
        self.list.itemChanged.connect(lambda _item: self._follow_checks())
        self.send_button = QPushButton()
        self.send_button.clicked.connect(self._send)
        # Why Send waits while the message box is empty.
        self.no_message = QLabel(
            self.tr("Type the message first (or attach a file): Send waits for it.")
        )
        self.no_message.setWordWrap(True)
        self.no_message.hide()
        self.message_edit = QLineEdit()
        self.message_edit.setPlaceholderText(self.tr("Your message to each model"))
        self.message_edit.setAccessibleName(self.tr("Message to send"))
        self.message_edit.textChanged.connect(self._message_typed)
        self.message_edit.returnPressed.connect(self._send)
        self.message_edit.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(hint)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.state)
        layout.addWidget(self.no_message)
        layout.addWidget(self.message_edit)
        layout.addWidget(self.send_button)
        self.setFixedWidth(360)
        self._fit_list()
        self._follow_checks()

    def _fit_list(self) -> None:
        """The list as tall as its rows (up to `SHOWN_ROWS`, then it scrolls), the popup as tall
        as what it holds: a fixed height left most of it empty for a few models."""
        rows = min(max(self.list.count(), 1), SHOWN_ROWS)
        row_height = (
            self.list.sizeHintForRow(0) if self.list.count() else self.fontMetrics().height()
        )
        self.list.setFixedHeight(rows * row_height + 2 * self.list.frameWidth())
        self.adjustSize()

    def show_listing(self) -> None:
        """The lists are being asked for."""
        self.state.setText(self.tr("Listing models…"))
        self.state.show()

    def show_models(self, providers: list[ProviderModels]) -> None:
        self.state.hide()
        checked = set(self.checked())
        self.list.blockSignals(True)
        self.list.clear()
        for provider in providers:
            for model in provider.models:
                choice = ModelChoice(provider.provider_id, model.model_id)
                item = QListWidgetItem(
                    self.tr("{model} — {provider}").format(
                        model=model.model_id, provider=provider.label
                    )
                )
                item.setData(CHOICE_ROLE, choice)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                checked_state = (
                    Qt.CheckState.Checked if choice in checked else Qt.CheckState.Unchecked
                )
                item.setCheckState(checked_state)
                self.list.addItem(item)
        self.list.blockSignals(False)
        self._fit_list()
        self._follow_checks()
        self.resized.emit()

    def checked(self) -> list[ModelChoice]:
        found = (self.list.item(row) for row in range(self.list.count()))
        return [
            item.data(CHOICE_ROLE)
            for item in found
            if item is not None and item.checkState() == Qt.CheckState.Checked
        ]

    def follow_message(self) -> None:
        """The popup is about to show: Send follows whether the message box holds a message, and
        an empty box gets the popup's message field, which has the keyboard."""
        offer_field = self._write_message is not None and not self._has_message()
        if offer_field:
            self.message_edit.clear()
        self.message_edit.setVisible(offer_field)
        self._follow_checks()
        self._fit_list()
        if offer_field:
            self.message_edit.setFocus()

    def _message_typed(self, text: str) -> None:
        if self._write_message is not None and self.message_edit.isVisible():
            self._write_message(text)
        self._follow_checks()

    def _follow_checks(self) -> None:
        count = len(self.checked())
        has_message = self._has_message()
        self.send_button.setText(self.tr("Send to %n models", "", count))
        self.send_button.setEnabled(has_message and MIN_COMPARED <= count <= MAX_COMPARED)
        self.no_message.setVisible(not has_message and self.message_edit.isHidden())

    def _send(self) -> None:
        chosen = self.checked()
        if self._has_message() and MIN_COMPARED <= len(chosen) <= MAX_COMPARED:
            self.hide()
            self.send_requested.emit(chosen)


class AskSeveralButton(QToolButton):
    """The composer's "Ask several" button; its popup (`popup`) is built when first opened.
    `has_message` tells whether the message box holds a message to send."""

    opened = Signal()  # time to fill the popup with the current model lists
    send_requested = Signal(list)  # [ModelChoice], 2 to 4 of them

    def __init__(
        self,
        has_message: Callable[[], bool],
        parent: QWidget | None = None,
        *,
        clear_of: QWidget | None = None,
        write_message: Callable[[str], None] | None = None,
    ) -> None:
        """`clear_of`: the message box holding the button, which the popup must leave uncovered;
        `write_message`: puts text in that box (see `AskSeveralPopup`)."""
        super().__init__(parent)
        self._has_message = has_message
        self._clear_of = clear_of
        self._write_message = write_message
        self.setText(self.tr("Ask several"))
        self.setAccessibleName(self.tr("Ask several models"))
        self.setToolTip(self.tr("Send the message to 2–4 models at once and compare"))
        self.clicked.connect(self.open_popup)

    @cached_property
    def popup(self) -> AskSeveralPopup:
        popup = AskSeveralPopup(self._has_message, self, self._write_message)
        popup.send_requested.connect(self.send_requested)
        popup.resized.connect(self._place_open_popup)
        return popup

    def _place_popup(self) -> None:
        show_above(self.popup, self, self._clear_of)

    def _place_open_popup(self) -> None:
        if self.popup.isVisible():  # lists that arrive after it closed do not reopen it
            self._place_popup()

    def open_popup(self) -> None:
        popup = self.popup  # built before `opened`, so the lists reach it
        self.opened.emit()
        popup.follow_message()
        self._place_popup()
