"""The composer's model picker: every configured provider's models in one list.

A button shows the chat's model (its start in sight, the provider beside it); clicking it opens
a popup with a filter field over a tree: pinned and recent models on top, then each provider's
models, each with what it can do (images, tools, reasoning, context size, price when the
server says), and a provider whose listing failed with the reason. Typing filters at once;
Enter picks the highlighted model, or, when nothing matches, the typed id from the chat's
current provider; Enter while the lists are still coming picks the best match once they are
here. A click on a model picks it, as in a combo box's list. Letters typed while the list or a
button has the keyboard go to the filter field, never lost in a widget that ignores them. The
picker only shows and emits: the window stores the choice with the chat.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from agent_app.model_choice import ModelChoice

if TYPE_CHECKING:
    # Events reach the picker once it opens: importing an event class makes PySide build
    # QEvent and its enums, which the window's first paint does not need.
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHideEvent, QKeyEvent

    from agent_app.model_catalog import ModelInfo, ProviderModels
from agent_desktop.toolkit.lazy_qt import USER_ROLE, Qt
from agent_desktop.toolkit.screen_fit import show_above

CHOICE_ROLE = USER_ROLE
#: The widest the button grows; a longer id is cut at its end (its start says which model).
BUTTON_MAX_WIDTH = 280
POPUP_SIZE = (460, 420)


def typed_text(event: QKeyEvent) -> bool:
    """`event` types a character (not a shortcut, not a key that moves or acts)."""
    held = event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
    text = event.text()
    return held == Qt.KeyboardModifier.NoModifier and bool(text) and text.isprintable()


def capability_words(model: ModelInfo) -> str:
    """What `model` can do, in a few words: "images · tools · 128k context · $3/$15 per M"."""
    words = {
        "vision": QCoreApplication.translate("ModelPicker", "images"),
        "tools": QCoreApplication.translate("ModelPicker", "tools"),
        "reasoning": QCoreApplication.translate("ModelPicker", "reasoning"),
    }
    parts = [words[tag] for tag in model.capabilities if tag in words]
    if model.context_length:
        parts.append(
            QCoreApplication.translate("ModelPicker", "{size}k context").format(
                size=round(model.context_length / 1000)
            )
        )
    if model.price_per_million:
        given, answered = model.price_per_million
        parts.append(
            QCoreApplication.translate(
                "ModelPicker", "${given:.2f} / ${answered:.2f} per M tokens"
            ).format(given=given, answered=answered)
        )
    return " · ".join(parts)


class ModelPickerPopup(QFrame):
    """The filter field and the tree of models; `picked` when one is chosen."""

    picked = Signal(object)  # ModelChoice
    pin_toggled = Signal(object, bool)  # ModelChoice, pinned
    refresh_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("modelPickerPopup")
        self.setAccessibleName(self.tr("Choose a model"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.filter = QLineEdit()
        self.filter.setAccessibleName(self.tr("Filter models"))
        self.filter.setPlaceholderText(self.tr("Filter models, or type a model id…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.installEventFilter(self)
        self.tree = QTreeWidget()
        self.tree.setAccessibleName(self.tr("Models"))
        self.tree.setColumnCount(2)
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.itemActivated.connect(self._activated)
        # Qt emits clicked for the left button only: the right one highlights a model for Pin.
        self.tree.itemClicked.connect(self._activated)
        self.tree.installEventFilter(self)
        self.pin_button = QPushButton(self.tr("Pin"))
        self.pin_button.setAccessibleName(self.tr("Pin the model"))
        self.pin_button.clicked.connect(self._toggle_pin)
        refresh = QPushButton(self.tr("Refresh lists"))
        refresh.clicked.connect(self.refresh_requested)
        # A clicked button keeps the keyboard otherwise, and the letters typed next are lost.
        for button in (self.pin_button, refresh):
            button.clicked.connect(lambda: self.filter.setFocus())
        self.state = QLabel()
        self.state.setAccessibleName(self.tr("Model list state"))
        self.state.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.state, 1)
        buttons.addWidget(self.pin_button)
        buttons.addWidget(refresh)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.filter)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        self.tree.currentItemChanged.connect(lambda _now, _before: self._follow_current())
        self.resize(*POPUP_SIZE)
        self._providers: list[ProviderModels] = []
        self._pinned: list[ModelChoice] = []
        self._recent: list[ModelChoice] = []
        self._current: ModelChoice | None = None
        self._typed_item: QTreeWidgetItem | None = None
        # Enter came while the lists were still coming: the best match is picked when they come.
        self._pick_when_listed = False

    # ------------------------------------------------------------------ filling
    def show_models(
        self,
        providers: list[ProviderModels],
        pinned: list[ModelChoice],
        recent: list[ModelChoice],
        current: ModelChoice | None,
    ) -> None:
        self._providers, self._pinned, self._recent = providers, pinned, recent
        self._current = current
        # An empty list says why: nothing to pick is otherwise a blank popup under "Model".
        self.state.setText(
            ""
            if providers
            else self.tr(
                "No provider is set up where this chat runs, so there is no model to pick. "
                "Add one in Settings → Providers, or in the agent server's settings."
            )
        )
        self._rebuild()
        if self._pick_when_listed:
            self._pick_when_listed = False
            best_match = self.tree.currentItem()
            if self.isVisible() and best_match is not None:
                self._activated(best_match)

    def hideEvent(self, event: QHideEvent) -> None:
        self._pick_when_listed = False  # an Enter the user gave up on (Esc, a click outside)
        super().hideEvent(event)

    def show_listing(self) -> None:
        """The lists are being asked for (first open, or Refresh)."""
        self.state.setText(self.tr("Listing models…"))

    def _label_of(self, provider_id: str) -> str:
        return next((p.label for p in self._providers if p.provider_id == provider_id), provider_id)

    def _info(self, choice: ModelChoice) -> ModelInfo | None:
        for provider in self._providers:
            if provider.provider_id == choice.provider_id:
                return next((m for m in provider.models if m.model_id == choice.model), None)
        return None

    def _group(self, title: str) -> QTreeWidgetItem:
        group = QTreeWidgetItem(self.tree, [title])
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = group.font(0)
        font.setBold(True)
        group.setFont(0, font)
        group.setFirstColumnSpanned(True)
        return group

    def _model_item(
        self, group: QTreeWidgetItem, choice: ModelChoice, info: ModelInfo | None, *, named: bool
    ) -> None:
        title = choice.model
        if named:  # pinned and recent rows say whose model it is
            title = self.tr("{model} — {provider}").format(
                model=choice.model, provider=self._label_of(choice.provider_id)
            )
        item = QTreeWidgetItem(group, [title, capability_words(info) if info else ""])
        item.setData(0, CHOICE_ROLE, choice)
        item.setToolTip(0, title)
        item.setToolTip(1, item.text(1))
        if choice == self._current:
            font = item.font(0)
            font.setBold(True)
            item.setFont(0, font)

    def _rebuild(self) -> None:
        self.tree.clear()
        self._typed_item = None
        for title, choices in (
            (self.tr("Pinned"), self._pinned),
            (self.tr("Recent"), self._recent),
        ):
            if choices:
                group = self._group(title)
                for choice in choices:
                    self._model_item(group, choice, self._info(choice), named=True)
        for provider in self._providers:
            group = self._group(provider.label)
            for model in provider.models:
                self._model_item(
                    group, ModelChoice(provider.provider_id, model.model_id), model, named=False
                )
            if provider.error:
                failed = QTreeWidgetItem(
                    group,
                    [self.tr("Could not list the models: {reason}").format(reason=provider.error)],
                )
                failed.setFlags(Qt.ItemFlag.ItemIsEnabled)
                failed.setFirstColumnSpanned(True)
                failed.setToolTip(0, provider.error)
                if provider.default_model and not provider.offers(provider.default_model):
                    self._model_item(
                        group,
                        ModelChoice(provider.provider_id, provider.default_model),
                        None,
                        named=False,
                    )
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        self._apply_filter(self.filter.text())

    # ------------------------------------------------------------------ filtering and keys
    def _groups(self) -> list[QTreeWidgetItem]:
        found = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [group for group in found if group is not None]

    def _choice_items(self) -> Iterable[tuple[QTreeWidgetItem, QTreeWidgetItem]]:
        """(group, item) of every row that picks a model."""
        for group in self._groups():
            for child_index in range(group.childCount()):
                item = group.child(child_index)
                if item is not None and item.data(0, CHOICE_ROLE) is not None:
                    yield group, item

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        if self._typed_item is not None:
            holder = self._typed_item.parent()
            if holder is not None:
                holder.removeChild(self._typed_item)
            self._typed_item = None
        first_shown: QTreeWidgetItem | None = None
        shown_groups: set[int] = set()
        for group, item in self._choice_items():
            haystack = f"{item.text(0)} {item.text(1)} {group.text(0)}".lower()
            hidden = not all(word in haystack for word in words)
            item.setHidden(hidden)
            if not hidden:
                shown_groups.add(id(group))
                first_shown = first_shown or item
        typed = text.strip()
        if first_shown is None and typed and self._current is not None:
            first_shown = self._typed_model_item(typed)
            if first_shown is not None and first_shown.parent() is not None:
                shown_groups.add(id(first_shown.parent()))
        for group in self._groups():
            group.setHidden(bool(words) and id(group) not in shown_groups)
        # Unfiltered, the chat's own model is highlighted; filtered, the best match.
        current = (None if words else self._current_item()) or first_shown
        if current is not None:
            self.tree.setCurrentItem(current)

    def _typed_model_item(self, typed: str) -> QTreeWidgetItem | None:
        """Nothing listed matches: offer the typed id from the chat's current provider."""
        assert self._current is not None
        provider_id = self._current.provider_id
        label = self._label_of(provider_id)
        group = next((g for g in self._groups() if g.text(0) == label), None)
        if group is None:
            return None
        item = QTreeWidgetItem(
            group,
            [self.tr("Use “{model}” from {provider}").format(model=typed, provider=label)],
        )
        item.setData(0, CHOICE_ROLE, ModelChoice(provider_id, typed))
        self._typed_item = item
        return item

    def _current_item(self) -> QTreeWidgetItem | None:
        return next(
            (
                item
                for _group, item in self._choice_items()
                if item.data(0, CHOICE_ROLE) == self._current and not item.isHidden()
            ),
            None,
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up, Down and Enter in the filter field move in and pick from the list; letters typed
        in the list go on in the filter field."""
        # Not at the top: PySide builds QEvent and its enums on import, which the window's
        # first paint would pay.
        from PySide6.QtCore import QEvent  # noqa: PLC0415 - after the first paint
        from PySide6.QtGui import QKeyEvent  # noqa: PLC0415 - after the first paint

        if event.type() != QEvent.Type.KeyPress:
            return super().eventFilter(watched, event)
        assert isinstance(event, QKeyEvent)
        key = event.key()
        if watched is self.filter:
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self._step(-1 if key == Qt.Key.Key_Up else 1)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                current = self.tree.currentItem()
                if current is not None and current.data(0, CHOICE_ROLE) is not None:
                    self._activated(current)
                else:  # nothing to pick yet: the lists are still coming
                    self._pick_when_listed = True
                return True
        elif watched is self.tree and typed_text(event):
            self.filter.setFocus()
            self.filter.insert(event.text())
            return True
        return super().eventFilter(watched, event)

    def _step(self, step: int) -> None:
        shown = [item for _group, item in self._choice_items() if not item.isHidden()]
        if not shown:
            return
        current = self.tree.currentItem()
        position = shown.index(current) if current in shown else -step
        self.tree.setCurrentItem(shown[max(0, min(len(shown) - 1, position + step))])

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        choice = item.data(0, CHOICE_ROLE)
        if isinstance(choice, ModelChoice):
            self._pick_when_listed = False
            self.hide()
            self.picked.emit(choice)

    def _follow_current(self) -> None:
        choice = self._selected()
        self.pin_button.setEnabled(
            choice is not None and self._typed_item is not self.tree.currentItem()
        )
        self.pin_button.setText(self.tr("Unpin") if choice in self._pinned else self.tr("Pin"))

    def _selected(self) -> ModelChoice | None:
        item = self.tree.currentItem()
        choice = item.data(0, CHOICE_ROLE) if item is not None else None
        return choice if isinstance(choice, ModelChoice) else None

    def _toggle_pin(self) -> None:
        choice = self._selected()
        if choice is not None:
            self.pin_toggled.emit(choice, choice not in self._pinned)


class ModelPicker(QToolButton):
    """The button in the composer's row; its popup (`popup`, built when first needed: the
    window's first paint counts widgets) lists the models."""

    opened = Signal()  # the popup is about to show: time to ask for fresh lists
    picked = Signal(object)  # ModelChoice
    pin_toggled = Signal(object, bool)  # ModelChoice, pinned
    refresh_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("modelPicker")
        self.setAccessibleName(self.tr("Model"))
        self.setToolTip(self.tr("Model for this chat"))
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.setMaximumWidth(BUTTON_MAX_WIDTH)
        self.setText(self.tr("Model"))
        self.choice: ModelChoice | None = None
        self.provider_label = ""
        self.clicked.connect(self.open_popup)

    @cached_property
    def popup(self) -> ModelPickerPopup:
        popup = ModelPickerPopup(self)
        popup.picked.connect(self.picked)
        popup.pin_toggled.connect(self.pin_toggled)
        popup.refresh_requested.connect(self.refresh_requested)
        return popup

    def show_choice(self, choice: ModelChoice | None, provider_label: str) -> None:
        """Show `choice` (of the provider called `provider_label`) as the chat's model."""
        self.choice, self.provider_label = choice, provider_label
        if choice is None:  # known once the provider lists its models
            self.setText(self.tr("Model"))
            return
        full = self.tr("{model} · {provider}").format(model=choice.model, provider=provider_label)
        # Cut at the end: the start of an id says which model it is.
        room = BUTTON_MAX_WIDTH - 2 * self.fontMetrics().horizontalAdvance("  ")
        self.setText(self.fontMetrics().elidedText(full, Qt.TextElideMode.ElideRight, room))
        self.setToolTip(self.tr("Model for this chat: {model}").format(model=full))

    def open_popup(self) -> None:
        self.opened.emit()
        popup = self.popup
        popup.filter.clear()
        show_above(popup, self)
        popup.filter.setFocus()
