"""The chat view: a virtualized list of painted rows, and everything the user does with them.

Why this design: a chat of 2,000 messages must paint its first screen in well under 150 ms and
stream thousands of chunks without stalling the loop. A widget (or QTextBrowser) per message costs
milliseconds and tens of kilobytes each, so opening such a session would take seconds; a web view
costs a second process and a gigabyte. Instead the view is a `QListView` whose rows are painted by
one delegate, in three modules that change for different reasons:

- `chat_layout`: where each part of a row goes, how tall it is, the documents it measures, and
  the idle-time pass that makes estimated heights exact without visible jumps.
- `chat_delegate`: painting a row where the layout put its parts.
- this module: the widget itself and the interaction (scrolling and paging, hover, clicks,
  keys, menus, the selectable text, approval prompts).

- The window opens a long session with its newest messages only. The model holds a window of
  whole messages (at most `MAX_ROWS` rows, since every relayout asks each row for its size):
  scrolling near the top pages older messages in (the scroll position moves by what was added,
  so nothing visible jumps) and lets rows at the far end go; scrolling back down does the
  reverse. A 50,000-message chat costs what a 600-row one does.
- Streaming `partial`s are coalesced by `ChatModel` into at most one repaint per frame.
- A giant message (megabytes, a 100,000-line code block) renders only its head, big heads are
  rendered on a worker thread, and "Show all" opens the whole text in a viewer filled
  progressively: see `message_body` for that design.
- Text selection and link clicks (code-block "Copy") come from one read-only `QTextBrowser`
  opened over the hovered message only (a persistent editor), not from a widget per message.
- The inline approval prompt is a real widget (keyboard reachable), positioned over its row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    QTimer,
    Signal,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QListView, QMenu, QWidget

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.conversation.chat_delegate import ChatDelegate, author_label
from agent_desktop.conversation.chat_layout import (
    HeightRefiner,
    PaintState,
    RowLayout,
    header_actions,
)
from agent_desktop.conversation.chat_model import ITEM_ROLE, CallKey, ChatItem, ChatModel
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.timers import SelfStoppingTimer

if TYPE_CHECKING:
    # Needed once the user acts on rows, not for the window's first paint, so they are imported
    # where they are used: PySide builds each Qt class on first use, and start-up time counts.
    from collections.abc import Callable, Sequence

    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent

    from agent_desktop.app_views.controller import AppViewController
    from agent_desktop.conversation.approval import ApprovalPrompt, PromptLayer
    from agent_desktop.conversation.selectable_text import SelectableText
    from agent_desktop.conversation.task_controls import TaskControls
    from agent_desktop.conversation.thumbnails import AssetReader

RENDER_POLL_MS = 30
# How long a message opened from a search result stays highlighted.
REVEAL_HIGHLIGHT_MS = 4000
# A header action's words in the message menu, where the header's symbols (‹ ›) read as nothing.
MENU_LABELS = {
    "regenerate": QT_TRANSLATE_NOOP("ChatView", "Regenerate"),
    "previous_version": QT_TRANSLATE_NOOP("ChatView", "Previous version"),
    "next_version": QT_TRANSLATE_NOOP("ChatView", "Next version"),
}


def _typed_text(event: QKeyEvent) -> bool:
    """Whether the key writes text (a letter, digit or sign; Shift allowed), not a command:
    Space stays out, it opens the current row."""
    commanding = (
        Qt.KeyboardModifier.ControlModifier
        | Qt.KeyboardModifier.AltModifier
        | Qt.KeyboardModifier.MetaModifier
    )
    text = event.text()
    return not (event.modifiers() & commanding) and text.isprintable() and bool(text.strip())


class ChatView(QListView):
    """Shows a ChatModel; emits what the user asks for, never talks to the application itself."""

    message_context_menu_requested = Signal(int, QMenu)
    action_requested = Signal(str, int)  # built-in action name, message index
    link_requested = Signal(str)  # a tool row's link (see `ChatItem.link`), from its menu
    approval_decided = Signal(object, dict)  # the call as `show_approval` got it, decision
    # Cancel in a running tool row whose call runs as a task: the call's key.
    task_cancel_requested = Signal(object)
    # A prompt that held the keyboard was answered: the keyboard goes back to writing.
    approval_released_keyboard = Signal()
    attachment_activated = Signal(dict)  # the multipartContent part of a sent attachment
    copied = Signal(str)  # what was copied, for feedback: "Code copied", "Message copied"
    # Text typed while the conversation has focus from a click, not keyboard navigation: it
    # belongs in the message box (the window moves it there).
    text_typed = Signal(str)

    def __init__(self, model: ChatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setAccessibleName(self.tr("Conversation"))
        self._paint = PaintState()
        self._prompts: dict[str, ApprovalPrompt] = {}
        self._prompt_layer: PromptLayer | None = None  # made with the first prompt
        self._paint.prompts = self._prompts
        # MCP App views of tool rows, made by the window's maker (none until it sets one).
        self._app_views: dict[str, AppViewController] = {}
        self._view_widgets: dict[str, QWidget] = {}
        self._paint.app_views = self._view_widgets
        # Progress and Cancel of running tool rows (see `task_controls`), by row key.
        self._task_controls: dict[str, TaskControls] = {}
        self._paint.task_controls = self._task_controls
        self._make_app_view: Callable[[dict[str, Any], str], AppViewController] | None = None
        self._stick_to_bottom = True
        self._adjusting = False
        self._view_size = QSize()
        # Every timer of the view stops if its slot raises: one report, not one per tick.
        self._pager = SelfStoppingTimer(self._page, 0, self, single_shot=True)
        self._render_poll = SelfStoppingTimer(self._collect_renders, RENDER_POLL_MS, self)
        self._viewers: list[QWidget] = []
        self._range_anchor: QPersistentModelIndex | None = None
        self._reveal_timer = SelfStoppingTimer(
            self._end_reveal, REVEAL_HIGHLIGHT_MS, self, single_shot=True
        )
        self._spinner = SelfStoppingTimer(self._tick_spinners, 80, self)
        self.chat_model = model
        self.setModel(model)
        self.selectionModel().currentChanged.connect(self._on_current_row_changed)
        self._delegate = ChatDelegate(model, self._paint, self)
        self._delegate.renders_pending.connect(self.watch_renders)
        self._delegate.anchor_activated.connect(self.activate_anchor)
        self._delegate.text_pressed.connect(self._text_pressed)
        self.setItemDelegate(self._delegate)
        self._refinement = HeightRefiner(self._delegate, model, self)
        self._refinement.rows_above_grew.connect(self._keep_visible_rows_in_place)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.verticalScrollBar().setSingleStep(24)
        # By key name, so the window's first paint needs no `Qt` enums (see lazy_qt).
        self.setProperty("horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setUniformItemSizes(False)
        self.setMouseTracking(True)
        self.setFrameShape(QListView.Shape.NoFrame)
        self.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)
        model.modelReset.connect(self._on_reset)
        model.history_available.connect(self._schedule_paging)
        model.rowsAboutToBeRemoved.connect(self._forget_rows)
        model.rowsInserted.connect(self._rows_with_views)
        model.dataChanged.connect(self._changed_rows_with_views)
        model.rowsInserted.connect(self._rows_with_task_controls)
        model.dataChanged.connect(self._changed_rows_with_task_controls)
        # Bound methods, not lambdas: Qt drops them with the view, which a model may outlive.
        model.rowsInserted.connect(self._spinner_check)
        model.dataChanged.connect(self._spinner_check)

    # ------------------------------------------------------------------ configuration
    def set_footer_elements(self, elements: list[dict[str, Any]]) -> None:
        self._delegate.footer_elements = list(elements)
        self._relayout()

    def header_tooltip(self, pos: QPoint) -> str | None:
        """What the header under `pos` (in the viewport) tells when pointed at, if anything
        (the delegate shows it as the header's tooltip)."""
        index = self.indexAt(pos)
        return self._delegate.header_details(index, self.visualRect(index), pos)

    def follow_language(self) -> None:
        """Lay the rows out anew when the language changes: their words, and so their widths,
        are another language's. Called once the window has painted (see
        `toolkit.event_reactions`: an override of `changeEvent` ran while it was built)."""
        from PySide6.QtCore import QEvent

        from agent_desktop.toolkit.event_reactions import EventReaction

        EventReaction(self, (QEvent.Type.LanguageChange,), self.theme_changed)

    def theme_changed(self, _palette: object = None) -> None:
        self._close_editor()
        self._delegate.forget()
        self._relayout()

    def _relayout(self) -> None:
        self._delegate.forget()
        # The layout repaints the viewport when it runs (QAbstractItemView.doItemsLayout); asking
        # for the viewport here would make PySide build every widget class it knows (see
        # updateGeometries), which the theme's first apply would do before the first paint.
        self.scheduleDelayedItemsLayout()
        self._refinement.start()

    def header_actions(self, item: ChatItem) -> list[tuple[str, str]]:
        return header_actions(item, self.chat_model)

    # ------------------------------------------------------------------ interaction state
    def keyboard_navigating(self) -> bool:
        return self._paint.keyboard_navigating and self.hasFocus()

    def hovered_action(self) -> str | None:
        return self._paint.hovered_action

    def editor_open(self) -> bool:
        editor = self._paint.editor_index
        return editor is not None and editor.isValid() and self.isPersistentEditorOpen(editor)

    # ------------------------------------------------------------------ scrolling
    def _on_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._stick_to_bottom:
            self._adjusting = True
            self.verticalScrollBar().setValue(maximum)
            self._adjusting = False

    def _on_scrolled(self, value: int) -> None:
        if not self._adjusting:
            self._stick_to_bottom = value >= self.verticalScrollBar().maximum() - 4
            self._schedule_paging()
        self._position_prompts()

    def _schedule_paging(self) -> None:
        self._refinement.start_in_its_own_frame(self._pager)

    def _page(self) -> None:
        """Near the top, page older messages in (and let the bottom go); near the bottom of a
        window that ends before the newest message, the reverse. One page per frame."""
        if self._refinement.laid_out_this_frame():
            self._schedule_paging()
            return
        model = self.chat_model
        bar = self.verticalScrollBar()
        reach = 2 * max(1, self.viewport().height())
        if bar.value() < reach and model.can_load_older():
            value = bar.value()
            added = model.load_older()
            model.let_go(model.rows_beyond_limit(at_bottom=True), at_bottom=True)
            self._stick_to_bottom = False
            if added:
                self.executeDelayedItemsLayout()  # one relayout for both changes
                # The former first row moved down by the height of what was added.
                added_height = self.visualRect(model.index(added)).top() + bar.value()
                self._adjusting = True
                bar.setValue(value + added_height)
                self._adjusting = False
            self._schedule_paging()
        elif bar.value() > bar.maximum() - reach and model.can_load_newer():
            model.load_newer()
            count = model.rows_beyond_limit(at_bottom=False)
            if count:
                self.executeDelayedItemsLayout()
                removed = (
                    self.visualRect(model.index(count)).top()
                    - self.visualRect(model.index(0)).top()
                )
                value = bar.value()
                model.let_go(count, at_bottom=False)
                self.executeDelayedItemsLayout()
                self._adjusting = True
                bar.setValue(value - removed)
                self._adjusting = False
            self._schedule_paging()

    def _forget_rows(self, _parent: QModelIndex, first: int, last: int) -> None:
        keys = [self.chat_model.item(row).key for row in range(first, last + 1)]
        self._delegate.forget_rows(keys)
        for key in keys:
            self._drop_app_view(key)
            self._drop_task_controls(key)

    # ------------------------------------------------------------------ MCP App views
    def set_app_view_maker(self, maker: Callable[[dict[str, Any], str], AppViewController]) -> None:
        """Who makes the view of a tool row whose tool or result names one (`ChatItem.app_view`,
        with the row's tool call id)."""
        self._make_app_view = maker
        self._rows_with_views(QModelIndex(), 0, self.chat_model.rowCount() - 1)

    def app_view(self, row_key: str) -> AppViewController | None:
        return self._app_views.get(row_key)

    def open_app_views(self) -> list[AppViewController]:
        return list(self._app_views.values())

    def _changed_rows_with_views(self, first: QModelIndex, last: QModelIndex, *_: object) -> None:
        self._rows_with_views(QModelIndex(), first.row(), last.row())

    def _rows_with_views(self, _parent: QModelIndex, first: int, last: int) -> None:
        maker = self._make_app_view
        if maker is None or first < 0:
            return
        made = False
        for row in range(first, min(last, self.chat_model.rowCount() - 1) + 1):
            item = self.chat_model.item(row)
            if item.app_view is None:
                continue
            if item.key in self._app_views:  # the row's call moved on: its view hears it
                self._app_views[item.key].follow(item.app_view)
                continue
            controller = maker(item.app_view, item.tool_call_id)
            controller.widget.setParent(self.viewport())
            controller.widget.height_changed.connect(
                lambda key=item.key: self._app_view_resized(key)
            )
            self._app_views[item.key] = controller
            self._view_widgets[item.key] = controller.widget
            controller.start()
            made = True
        if made:
            self._delegate.forget()
            self.scheduleDelayedItemsLayout()
            QTimer.singleShot(0, self._position_app_views)

    def _app_view_resized(self, row_key: str) -> None:
        row = self.chat_model.row_of_key(row_key)
        if row >= 0:
            self.chat_model.refresh(self.chat_model.item(row))
            self.executeDelayedItemsLayout()
        self._position_app_views()

    def _drop_app_view(self, row_key: str) -> None:
        controller = self._app_views.pop(row_key, None)
        self._view_widgets.pop(row_key, None)
        if controller is not None:
            controller.close()

    def _position_app_views(self) -> None:
        for row_key, controller in self._app_views.items():
            widget = controller.widget
            if widget.fullscreen:
                continue
            row = self.chat_model.row_of_key(row_key)
            if row < 0:
                widget.hide()
                continue
            rect = self.visualRect(self.chat_model.index(row))
            layout = self._delegate.layout(self.chat_model.item(row), rect)
            widget.setGeometry(layout.app_view)
            widget.setVisible(not layout.app_view.isEmpty())

    # ------------------------------------------------------------------ task controls
    def task_controls(self, row_key: str) -> TaskControls | None:
        """The progress bar and Cancel of a running tool row, if it has them now."""
        return self._task_controls.get(row_key)

    def _changed_rows_with_task_controls(
        self, first: QModelIndex, last: QModelIndex, *_: object
    ) -> None:
        self._rows_with_task_controls(QModelIndex(), first.row(), last.row())

    def _rows_with_task_controls(self, _parent: QModelIndex, first: int, last: int) -> None:
        """Give each running tool row with progress or a task its controls, update them, and
        drop those of rows that ended."""
        if first < 0:
            return
        from agent_desktop.conversation.task_controls import TaskControls

        changed = False
        for row in range(first, min(last, self.chat_model.rowCount() - 1) + 1):
            item = self.chat_model.item(row)
            wanted = (
                item.kind == "tool"
                and item.state == "running"
                and (item.task is not None or item.progress is not None)
            )
            controls = self._task_controls.get(item.key)
            if not wanted:
                changed = self._drop_task_controls(item.key) or changed
                continue
            if controls is None:
                controls = TaskControls(item.shown_name, self.viewport())
                controls.cancel_requested.connect(lambda key=item.key: self._cancel_task(key))
                self._task_controls[item.key] = controls
                changed = True
            cancellable = item.task is not None and item.call_key is not None
            controls.show_state(item.progress, cancellable=cancellable)
        if changed:
            self._delegate.forget()
            self.scheduleDelayedItemsLayout()
            QTimer.singleShot(0, self._position_task_controls)

    def _cancel_task(self, row_key: str) -> None:
        row = self.chat_model.row_of_key(row_key)
        item = self.chat_model.item(row) if row >= 0 else None
        if item is not None and item.task is not None and item.call_key is not None:
            self.task_cancel_requested.emit(item.call_key)

    def task_cancel_failed(self, call: CallKey) -> None:
        """The server could not be asked to cancel the call's task: Cancel works again."""
        item = self.chat_model.tool_item(call)
        controls = self._task_controls.get(item.key) if item is not None else None
        if controls is not None:
            controls.allow_cancel_again()

    def _drop_task_controls(self, row_key: str) -> bool:
        controls = self._task_controls.pop(row_key, None)
        if controls is None:
            return False
        if controls.isAncestorOf(QGuiApplication.focusObject()):  # type: ignore[arg-type]  # a widget when it is inside
            self.setFocus()  # its Cancel had the keyboard: it stays in the chat, on this row
        controls.hide()
        controls.deleteLater()
        return True

    def _position_task_controls(self) -> None:
        for row_key, controls in self._task_controls.items():
            row = self.chat_model.row_of_key(row_key)
            if row < 0:
                controls.hide()
                continue
            rect = self.visualRect(self.chat_model.index(row))
            layout = self._delegate.layout(self.chat_model.item(row), rect)
            controls.setGeometry(layout.task_controls)
            controls.setVisible(not layout.task_controls.isEmpty())

    def is_following(self) -> bool:
        return self._stick_to_bottom

    def reveal_message(self, message_index: int, find: str = "") -> bool:
        """Scroll message `message_index` into view (its top at the top, so a long message shows
        its beginning) and highlight it for a moment; when `find` is not in the shown head of a
        giant message, open its whole text at `find`. False when no row shows it."""
        row = self.chat_model.row_of_message(message_index)
        if row < 0 and self.chat_model.show_around(message_index):
            row = self.chat_model.row_of_message(message_index)
        if row < 0:
            return False
        index = self.chat_model.index(row)
        self._stick_to_bottom = False
        self._paint.revealed_key = self.chat_model.item(row).key
        self.executeDelayedItemsLayout()
        self.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtTop)
        self.setCurrentIndex(index)
        self._reveal_timer.start()
        self.viewport().update()
        item = self.chat_model.item(row)
        source = self._delegate.body_source(item)
        if find and source.elided and find.casefold() not in source.text.casefold():
            self.show_full_text(item, find=find)
        return True

    def watch_renders(self) -> None:
        """A message is being rendered on the worker thread: look for the result each frame."""
        if not self._render_poll.isActive():
            self._render_poll.start()

    def _collect_renders(self) -> None:
        if not self._delegate.collect_renders():
            self._render_poll.stop()
        self._refinement.start()
        self.viewport().update()

    def show_full_text(self, item: ChatItem, find: str = "") -> QWidget:
        """Open the whole text of a message in its own window (filled progressively), at the
        first `find` if given."""
        from agent_desktop.conversation.full_text_viewer import FullTextViewer

        label = author_label(item)
        title = (
            self.tr("{role} message {number}").format(role=label, number=item.message_index + 1)
            if item.message_index is not None
            else self.tr("{role} message").format(role=label)
        )
        viewer = FullTextViewer(title, item.text, self, find=find)
        self._viewers.append(viewer)
        viewer.destroyed.connect(lambda *_: self._viewers.remove(viewer))
        viewer.show()
        return viewer

    def _choose_range(self, index: QModelIndex, extend: bool) -> None:
        """A click starts a range of messages, Shift+click ends it (for actions over a range,
        like "Compact range"); the rows in it are painted as chosen."""
        from PySide6.QtCore import QItemSelection, QItemSelectionModel

        selection = self.selectionModel()
        anchor = self._range_anchor
        if not extend or anchor is None or not anchor.isValid():
            self._range_anchor = QPersistentModelIndex(index)
            selection.clearSelection()
            return
        top, bottom = sorted((anchor.row(), index.row()))
        chosen = QItemSelection(self.chat_model.index(top), self.chat_model.index(bottom))
        selection.select(chosen, QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def _text_pressed(self, item_key: str, shift: bool) -> None:
        """A click on a message's text chooses it as a click beside it does (ranges too)."""
        row = self.chat_model.row_of_key(item_key)
        if row < 0:
            return
        index = self.chat_model.index(row)
        self._choose_range(index, shift)
        self.setAutoScroll(False)  # as for a click beside the text: no jump away from it
        try:
            self.setCurrentIndex(index)
        finally:
            self.setAutoScroll(True)

    def selected_message_range(self) -> tuple[int, int] | None:
        """(first, last) message index of the rows chosen with Shift+click; None for fewer
        than two messages."""
        positions = [
            item.message_index
            for index in self.selectionModel().selectedIndexes()
            if (item := self.chat_model.item(index.row())).message_index is not None
        ]
        if len(set(positions)) < 2:
            return None
        return min(positions), max(positions)

    def revealed_key(self) -> str | None:
        return self._paint.revealed_key

    def _end_reveal(self) -> None:
        self._paint.revealed_key = None
        self.viewport().update()

    def _scroll_to_bottom_if_following(self) -> None:
        if self._stick_to_bottom:
            self.scrollToBottom()

    def follow_bottom(self) -> None:
        """Show the newest message and keep following (Ctrl+End)."""
        self.chat_model.show_newest()
        self._stick_to_bottom = True
        self.scrollToBottom()

    def _keep_visible_rows_in_place(self, shift: int) -> None:
        """Rows above the viewport grew by `shift` pixels: scroll by as much, so nothing visible
        jumps (unless the view follows the newest message)."""
        if not self._stick_to_bottom:
            self._adjusting = True
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift)
            self._adjusting = False

    def show_first_message(self) -> None:
        """Jump to the start of the conversation (Ctrl+Home), however long it is."""
        first = self.chat_model.first_message_index()
        if first is not None and self.chat_model.show_around(first):
            self._stick_to_bottom = False
            self.scrollToTop()

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        # A list view lays every row out again after any row's data changed, and the relayout
        # repaints the whole viewport. A row changed in place that is as tall as before (an
        # answer streaming past the head its row shows: only the size on its Show all line
        # grows) needs only its own repaint: Qt's item view does that, without the list's
        # relayout.
        if top_left == bottom_right and top_left.isValid():
            item = self.chat_model.item(top_left.row())
            if self._delegate.keeps_its_height(item, self.viewport().width()):
                QAbstractItemView.dataChanged(self, top_left, bottom_right, roles)
                return
        super().dataChanged(top_left, bottom_right, roles)

    def doItemsLayout(self) -> None:
        super().doItemsLayout()
        self._refinement.note_relayout()  # another relayout waits for these rows' paint

    def updateGeometries(self) -> None:
        # Qt calls this on every resize. Reacting here rather than in resizeEvent keeps
        # PySide from building its QEvent classes before the window's first paint.
        super().updateGeometries()
        # The view's own size, not viewport(): converting the viewport (a private Qt class)
        # to Python makes PySide build every widget class it knows.
        size = self.size()
        if size != self._view_size:
            width_changed = size.width() != self._view_size.width()
            self._view_size = size
            self._close_editor()
            if width_changed:
                self._refinement.start()
        self._position_prompts()
        self._position_app_views()
        self._position_task_controls()

    # ------------------------------------------------------------------ approval prompts
    def show_approval(
        self, call: CallKey | str, details: dict[str, Any] | None = None
    ) -> ApprovalPrompt | None:
        """Show the prompt in the row of `call` (see `ChatModel.tool_item`); it does not take the
        keyboard (see `ApprovalPrompt`)."""
        from agent_desktop.conversation.approval import ApprovalPrompt, PromptLayer

        item = self.chat_model.tool_item(call)
        if item is None:
            return None
        self._drop_prompt(item.key)
        if self._prompt_layer is None:
            self._prompt_layer = PromptLayer(self)
        prompt = ApprovalPrompt(item.shown_name, self._prompt_layer, details)
        prompt.decided.connect(lambda decision: self._on_prompt_decided(call, decision))
        prompt.resized.connect(lambda: self._prompt_resized(call))
        self._prompts[item.key] = prompt
        item.state = "awaiting_approval"
        item.expanded = True
        self.chat_model.refresh(item)
        self.executeDelayedItemsLayout()
        self._position_prompts()
        prompt.show()
        row = self.chat_model.row_of(item)
        self.scrollTo(self.chat_model.index(row), QAbstractItemView.ScrollHint.EnsureVisible)
        return prompt

    def _prompt_resized(self, call: CallKey | str) -> None:
        item = self.chat_model.tool_item(call)
        if item is not None:
            self.chat_model.refresh(item)  # the row takes the prompt's new height
            self.executeDelayedItemsLayout()
            self._position_prompts()

    def approval_prompt(self, call: CallKey | str) -> ApprovalPrompt | None:
        item = self.chat_model.tool_item(call)
        return self._prompts.get(item.key) if item is not None else None

    def _on_prompt_decided(self, call: CallKey | str, decision: dict[str, Any]) -> None:
        prompt = self.approval_prompt(call)
        held_keyboard = prompt is not None and prompt.held_keyboard
        self.dismiss_approval(call)
        item = self.chat_model.tool_item(call)
        if item is not None:
            item.state = "denied" if decision["decision"] == "deny" else "running"
            if decision["decision"] == "deny":
                item.single_line = decision.get("reason") or self.tr("denied by you")
            item.expanded = False
            self.chat_model.refresh(item)
        self.approval_decided.emit(call, decision)
        if held_keyboard:
            self.approval_released_keyboard.emit()

    def dismiss_approval(self, call: CallKey | str) -> None:
        item = self.chat_model.tool_item(call)
        if item is not None and self._drop_prompt(item.key):
            self.chat_model.refresh(item)

    def _drop_prompt(self, row_key: str) -> bool:
        prompt = self._prompts.pop(row_key, None)
        if prompt is None:
            return False
        prompt.hide()  # hidden, it is out of the layer's mask (see PromptLayer.follow)
        prompt.deleteLater()
        self._position_prompts()
        return True

    def _position_prompts(self) -> None:
        for row_key, prompt in self._prompts.items():
            row = self.chat_model.row_of_key(row_key)
            if row < 0:
                prompt.hide()
                continue
            item = self.chat_model.item(row)
            rect = self.visualRect(self.chat_model.index(row))
            layout = self._delegate.layout(item, rect)
            prompt.setGeometry(layout.prompt)
            prompt.setVisible(not layout.prompt.isEmpty())
        if self._prompt_layer is not None:
            self._prompt_layer.follow()

    # ------------------------------------------------------------------ spinner
    def _spinner_check(self, *_signal_arguments: object) -> None:
        running = self.chat_model.has_running_tools()
        if running and not self._spinner.isActive():
            self._spinner.start()
        elif not running:
            self._spinner.stop()

    def _tick_spinners(self) -> None:
        """Repaint the running tool rows that are on screen (only those rows are looked at)."""
        count = self.chat_model.rowCount()
        first = self.indexAt(QPoint(10, 0))
        last = self.indexAt(QPoint(10, self.viewport().height() - 1))
        start = first.row() if first.isValid() else 0
        end = last.row() if last.isValid() else count - 1
        for row in range(start, min(end, count - 1) + 1):
            item = self.chat_model.item(row)
            if item.kind == "tool" and item.state == "running":
                self.viewport().update(self.visualRect(self.chat_model.index(row)))
        self._spinner_check()

    # ------------------------------------------------------------------ mouse and keyboard
    def _hit(self, pos: QPoint) -> tuple[QModelIndex, str]:
        index = self.indexAt(pos)
        if not index.isValid():
            return index, ""
        item: ChatItem = index.data(ITEM_ROLE)
        layout = self._delegate.layout(item, self.visualRect(index))
        if item.kind == "tool":
            return index, "toggle_tool" if layout.header.contains(pos) else ""
        if layout.reasoning_toggle.contains(pos):
            return index, "toggle_reasoning"
        for number, chip in enumerate(layout.chip_rects):
            if chip.contains(pos):
                return index, f"chip:{number}"
        if index.row() == self._paint.hovered_row:
            for name, rect in layout.actions:
                if rect.contains(pos):
                    return index, f"action:{name}"
        if layout.show_all.contains(pos):
            return index, "show_all"
        if layout.body.contains(pos):
            return index, "body"
        return index, ""

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        pos = event.position().toPoint()
        index, hit = self._hit(pos)
        row = index.row() if index.isValid() else -1
        action = hit.removeprefix("action:") if hit.startswith("action:") else None
        if row != self._paint.hovered_row or action != self._paint.hovered_action:
            previous = self._paint.hovered_row
            self._paint.hovered_row, self._paint.hovered_action = row, action
            for changed in {previous, row}:
                if changed >= 0:
                    self.viewport().update(self.visualRect(self.chat_model.index(changed)))
            if row >= 0 and action is None:
                index, hit = self._hit(pos)
        self.viewport().setCursor(
            Qt.CursorShape.PointingHandCursor
            if hit.startswith(("action", "toggle", "chip", "show_all"))
            else Qt.CursorShape.ArrowCursor
        )
        if hit == "body" and self._paint.editor_row() != row:
            self._open_editor(index)

    def leaveEvent(self, event: QEvent) -> None:
        super().leaveEvent(event)
        if self._paint.hovered_row >= 0:
            self.viewport().update(self.visualRect(self.chat_model.index(self._paint.hovered_row)))
        self._paint.hovered_row, self._paint.hovered_action = -1, None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._paint.keyboard_navigating = False
        index, hit = self._hit(event.position().toPoint())
        # A click lands on something in sight: making its row current must not scroll (a row
        # taller than the view would jump to its top, away from the pointer).
        self.setAutoScroll(False)
        try:
            if index.isValid():
                shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                self._choose_range(index, shift)
                self.setCurrentIndex(index)
            if event.button() != Qt.MouseButton.LeftButton or not hit or hit == "body":
                super().mousePressEvent(event)
                return
            event.accept()
        finally:
            self.setAutoScroll(True)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        index, hit = self._hit(event.position().toPoint())
        if event.button() != Qt.MouseButton.LeftButton or not hit or hit == "body":
            super().mouseReleaseEvent(event)
            return
        event.accept()
        self._activate(index, hit, event.globalPosition().toPoint())

    def _activate(self, index: QModelIndex, hit: str, global_pos: QPoint) -> None:
        item: ChatItem = index.data(ITEM_ROLE)
        if hit == "toggle_tool":
            self.toggle_tool(item)
        elif hit == "toggle_reasoning":
            item.reasoning_expanded = not item.reasoning_expanded
            self.chat_model.refresh(item)
        elif hit.startswith("chip:"):
            self.attachment_activated.emit(item.attachments[int(hit.removeprefix("chip:"))])
        elif hit == "show_all":
            self.show_full_text(item)
        elif hit == "action:more":
            self.show_message_menu(index, global_pos)
        elif hit.startswith("action:") and item.message_index is not None:
            self.trigger_action(hit.removeprefix("action:"), item)

    def toggle_tool(self, item: ChatItem) -> None:
        item.expanded = not item.expanded
        self.chat_model.refresh(item)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Tab or Shift+Tab into the chat: the keyboard is here, so the current row (the
        newest, if none was) shows its focus frame at once, not only after an arrow key."""
        super().focusInEvent(event)
        if event.reason() in (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason):
            self._paint.keyboard_navigating = True
            rows = self.chat_model.rowCount()
            if not self.currentIndex().isValid() and rows:
                self.setCurrentIndex(self.chat_model.index(rows - 1))
            self.viewport().update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._paint.keyboard_navigating and _typed_text(event):
            # After a click the user is writing, not navigating: "compare" must not run Copy,
            # Edit and Retry through the letter shortcuts.
            self.text_typed.emit(event.text())
            return
        self._paint.keyboard_navigating = True
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier and event.key() in (
            Qt.Key.Key_Home,
            Qt.Key.Key_End,
        ):
            if event.key() == Qt.Key.Key_Home:
                self.show_first_message()
            else:
                self.follow_bottom()
            return
        index = self.currentIndex()
        if index.isValid() and self._message_key(index.data(ITEM_ROLE), event):
            return
        if index.isValid() and event.key() in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_Space,
        ):
            item: ChatItem = index.data(ITEM_ROLE)
            if item.kind == "tool":
                self.toggle_tool(item)
                return
            if item.reasoning:
                item.reasoning_expanded = not item.reasoning_expanded
                self.chat_model.refresh(item)
                return
        if index.isValid() and event.key() == Qt.Key.Key_Menu:
            self.show_message_menu(
                index, self.viewport().mapToGlobal(self.visualRect(index).topLeft())
            )
            return
        super().keyPressEvent(event)

    def _message_key(self, item: ChatItem, event: QKeyEvent) -> bool:
        """A message's actions from the keyboard: Left/Right pick one (shown as a focused
        button), Enter or Space runs it; C, E, R and Delete run Copy, Edit, Retry, Delete."""
        if item.kind != "message" or item.message_index is None or item.streaming:
            return False
        names = [name for name, _label in self.header_actions(item)]
        key = event.key()
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            current = (
                names.index(self._paint.hovered_action)
                if self._paint.hovered_action in names
                else -1
            )
            step = 1 if key == Qt.Key.Key_Right else -1
            start = -1 if current < 0 and step > 0 else current
            chosen = names[(start + step) % len(names)]
            self._paint.hovered_row, self._paint.hovered_action = self.currentIndex().row(), chosen
            self.viewport().update(self.visualRect(self.currentIndex()))
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and (
            self._paint.hovered_action in names
            and self._paint.hovered_row == self.currentIndex().row()
        ):
            self._activate(
                self.currentIndex(), f"action:{self._paint.hovered_action}", self._menu_at()
            )
            return True
        letters = {Qt.Key.Key_C: "copy", Qt.Key.Key_E: "edit", Qt.Key.Key_R: "regenerate"}
        name = "delete" if key == Qt.Key.Key_Delete else letters.get(Qt.Key(key))
        if name in names and not event.modifiers():
            self.trigger_action(str(name), item)
            return True
        return False

    def _menu_at(self) -> QPoint:
        return self.viewport().mapToGlobal(self.visualRect(self.currentIndex()).topLeft())

    def _on_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        """The keyboard moved to another row: its actions show, none picked yet."""
        if self._paint.keyboard_navigating and current.isValid():
            previous_row = self._paint.hovered_row
            self._paint.hovered_row, self._paint.hovered_action = current.row(), None
            for row in {previous_row, current.row()}:
                if row >= 0:
                    self.viewport().update(self.visualRect(self.chat_model.index(row)))

    def copy_last_code_block(self) -> bool:
        """Copy the newest code block of the chat; False when it has none."""
        for row in range(self.chat_model.rowCount() - 1, -1, -1):
            if self.chat_model.item(row).kind != "message":
                continue
            blocks = self.code_blocks_of(row)
            if blocks:
                self._copy(blocks[-1], self.tr("Code copied"))
                return True
        return False

    def contextMenuEvent(self, event: Any) -> None:
        index = self.indexAt(event.pos())
        if index.isValid():
            self.show_message_menu(index, event.globalPos())

    def build_message_menu(self, index: QModelIndex) -> QMenu | None:
        item: ChatItem = index.data(ITEM_ROLE)
        if item.message_index is None or item.kind == "notice":
            return None
        menu = QMenu(self)
        menu.setAccessibleName(self.tr("Message actions"))
        if item.kind == "message":
            versions = self.chat_model.version_info(item.message_index)
            for name, label in self.header_actions(item):
                if name in ("more", "versions"):
                    continue  # the header's count only informs; a menu lists what can be done
                action = menu.addAction(
                    self.tr(MENU_LABELS[name]) if name in MENU_LABELS else label
                )
                action.setObjectName(f"messageAction_{name}")
                if versions is not None and name in ("previous_version", "next_version"):
                    step = -1 if name == "previous_version" else 1
                    action.setEnabled(1 <= versions.number + step <= versions.total)
                action.triggered.connect(
                    lambda _=False, n=name, it=item: self.trigger_action(n, it)
                )
            fork = menu.addAction(self.tr("Fork chat from here"))
            fork.setObjectName("messageAction_fork")
            fork.setToolTip(self.tr("A new chat with the messages up to this one"))
            fork.triggered.connect(lambda _=False, it=item: self.trigger_action("fork", it))
            if self._delegate.body_source(item).elided:
                action = menu.addAction(self.tr("Show all text"))
                action.setObjectName("messageAction_show_all")
                action.triggered.connect(lambda _=False, it=item: self.show_full_text(it))
        view = self._app_views.get(item.key) if item.kind == "tool" else None
        if view is not None and not view.widget.fullscreen:
            action = menu.addAction(self.tr("Show the view full screen"))
            action.setObjectName("messageAction_view_fullscreen")
            action.triggered.connect(lambda _=False, v=view: v.widget.set_fullscreen(True))
        if item.kind == "tool" and item.link is not None:
            href, label = item.link
            action = menu.addAction(label)
            action.setObjectName("messageAction_link")
            action.triggered.connect(lambda _=False, h=href: self.link_requested.emit(h))
        self.message_context_menu_requested.emit(item.message_index, menu)
        return menu

    def show_message_menu(self, index: QModelIndex, global_pos: QPoint) -> None:
        menu = self.build_message_menu(index)
        if menu is not None and not menu.isEmpty():
            menu.aboutToHide.connect(menu.deleteLater)
            menu.popup(global_pos)

    def trigger_action(self, name: str, item: ChatItem) -> None:
        if item.message_index is None:
            return
        if name == "copy":
            self._copy(item.text, self.tr("Message copied"))
            return
        if name == "versions":
            return  # the count between ‹ and › only informs
        self.action_requested.emit(name, item.message_index)

    # ------------------------------------------------------------------ selectable text / anchors
    def _open_editor(self, index: QModelIndex) -> None:
        self._close_editor()
        item: ChatItem = index.data(ITEM_ROLE)
        if item.kind == "tool" or item.streaming:
            return
        self._paint.editor_index = QPersistentModelIndex(index)
        self.openPersistentEditor(index)

    def _close_editor(self) -> None:
        if self._paint.editor_index is not None:
            if self._paint.editor_index.isValid():
                self.closePersistentEditor(self._paint.editor_index)
            self._paint.editor_index = None

    def selectable_editor(self) -> SelectableText | None:
        if not self.editor_open():
            return None
        from agent_desktop.conversation.selectable_text import SelectableText

        assert self._paint.editor_index is not None  # editor_open() checked it
        widget = self.indexWidget(self._paint.editor_index)
        return widget if isinstance(widget, SelectableText) else None

    def open_selectable_text(self, row: int) -> SelectableText | None:
        self._open_editor(self.chat_model.index(row))
        return self.selectable_editor()

    def activate_anchor(self, item_key: str, href: str) -> None:
        item = next((it for it in self.chat_model.items() if it.key == item_key), None)
        if item is None:
            return
        from agent_app.projects import PROJECT_FILE_LINK
        from agent_desktop.conversation.markdown_render import COPY_SCHEME

        if href.startswith(COPY_SCHEME):
            width = self._delegate.layout(
                item, QRect(0, 0, self.viewport().width(), 0)
            ).body.width()
            blocks = self._delegate.cached_document(item, width).code_blocks
            number = int(href.removeprefix(COPY_SCHEME) or -1)
            if 0 <= number < len(blocks):
                self._copy(blocks[number], self.tr("Code copied"))
        elif href.startswith(("http://", "https://", "mailto:")):
            from PySide6.QtCore import QUrl
            from PySide6.QtGui import QDesktopServices

            QDesktopServices.openUrl(QUrl(href))
        elif href.startswith(PROJECT_FILE_LINK):  # a project file cited in an answer
            self.link_requested.emit(href)

    def set_attachment_reader(self, reader: AssetReader) -> None:
        """Where sent images' bytes come from, for their thumbnails (read off the GUI thread)."""
        from agent_desktop.conversation.thumbnails import ThumbnailCache

        if self._delegate.thumbnails is None:
            self._delegate.thumbnails = ThumbnailCache(self)
            self._delegate.thumbnails.ready.connect(self._thumbnail_ready)
        self._delegate.thumbnails.reader = reader

    def _thumbnail_ready(self, _asset_id: str) -> None:
        self.viewport().update()

    def _copy(self, text: str, confirmation: str) -> None:
        """Copy and say so where the user is looking (a tooltip at the pointer)."""
        from PySide6.QtGui import QCursor
        from PySide6.QtWidgets import QToolTip

        QGuiApplication.clipboard().setText(text)
        QToolTip.showText(QCursor.pos(), confirmation, self, QRect(), 1500)
        self.copied.emit(confirmation)

    def _on_reset(self) -> None:
        self._paint.editor_index = None
        for row_key in list(self._prompts):
            self._drop_prompt(row_key)
        for row_key in list(self._app_views):
            self._drop_app_view(row_key)
        for row_key in list(self._task_controls):
            self._drop_task_controls(row_key)
        self._rows_with_views(QModelIndex(), 0, self.chat_model.rowCount() - 1)
        self._rows_with_task_controls(QModelIndex(), 0, self.chat_model.rowCount() - 1)
        self._stick_to_bottom = True
        self._paint.revealed_key = None
        self._delegate.forget()
        QTimer.singleShot(0, self._scroll_to_bottom_if_following)

    def code_blocks_of(self, row: int) -> tuple[str, ...]:
        item = self.chat_model.item(row)
        width = self._delegate.layout(item, QRect(0, 0, self.viewport().width(), 0)).body.width()
        return self._delegate.cached_document(item, width).code_blocks

    def row_layout(self, row: int) -> RowLayout:
        index = self.chat_model.index(row)
        return self._delegate.layout(index.data(ITEM_ROLE), self.visualRect(index))
