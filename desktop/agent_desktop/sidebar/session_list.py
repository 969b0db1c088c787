"""The sessions sidebar: new chat, live search, and the session list (newest first).

It shows the dicts `list_sessions` / `search_sessions` return and emits what the user asks for;
the main window performs the application calls (searches on a worker thread). While a search is
typed, the list holds its results: one row per matching message (or title), with a snippet whose
matched words are highlighted. Down in the search field moves into the results, Up on the first
result moves back, Enter in the search field opens the first result.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    QTimer,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QKeySequence, QPainterPath, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyledItemDelegate,
    QVBoxLayout,
    QWidget,
)

from agent_app.text_pieces import word_start
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.lazy_qt import USER_ROLE, Qt
from agent_desktop.toolkit.theme import current_palette

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent, QPainter
    from PySide6.QtWidgets import QStyleOptionViewItem

SESSION_ROLE = USER_ROLE + 1
# The longest "(…)" at a title's end kept whole when the title is cut ("(fork)", "(2)").
TITLE_SUFFIX_MOST = 12
ATTENTION_ROLE = USER_ROLE + 2  # the chat waits for the user (a tool call to approve)
APPROVAL_BADGE = QT_TRANSLATE_NOOP("SessionSidebar", "Approval needed")
SEARCH_DEBOUNCE_MS = 150
FOLLOW_KEYS_MS = 120  # holding an arrow key skims past chats without opening each one
# Rows a listing moves or updates before the window paints: a hundred chats finishing together
# move ninety rows in one listing, 8-11 ms of GUI-thread time in one frame; the rest follows
# in the next frames.
ROW_CHANGES_PER_FRAME = 16
# The next part a frame later: at once, two parts and their repaint fell between two ticks of a
# 5 ms timer (a key waiting for its answer).
LISTING_PART_MS = 16
# Characters of a snippet kept before the word it is about when it must be shortened.
SNIPPET_LEAD_CHARACTERS = 14
# Where a search result matched, before its snippet: a chat matching in its title and in a
# message otherwise shows two rows that read the same.
MATCH_PLACES = {
    "user": QT_TRANSLATE_NOOP("SessionSidebar", "You"),
    "assistant": QT_TRANSLATE_NOOP("SessionSidebar", "Answer"),
    "tool": QT_TRANSLATE_NOOP("SessionSidebar", "Tool"),
    "system": QT_TRANSLATE_NOOP("SessionSidebar", "System"),
}
# Space between a result's place ("Answer:") and its snippet.
PLACE_GAP = 4


def match_place(result: dict[str, Any]) -> str:
    """ "Title", "You", "Answer", ...: where in the chat a search result matched, in the
    window's language (a role nobody names is shown as the store has it)."""
    if result.get("message_index") is None:
        return QCoreApplication.translate("SessionSidebar", "Title")
    role = str(result.get("role") or "")
    if role in MATCH_PLACES:
        return QCoreApplication.translate("SessionSidebar", MATCH_PLACES[role])
    return role.title() or QCoreApplication.translate("SessionSidebar", "Message")


def reads_right_to_left(text: str) -> bool:
    """Whether `text` is written right to left: its first letter of a script with a direction
    (Arabic, Hebrew: right to left; Latin, CJK: left to right) decides, as Unicode's FSI does."""
    for character in text:
        direction = unicodedata.bidirectional(character)
        if direction in ("R", "AL"):
            return True
        if direction == "L":
            return False
    return False


def place_and_snippet_boxes(
    result: dict[str, Any],
    rect: QRect,
    normal: QFont,
    bold: QFont,
    window_direction: Qt.LayoutDirection,
) -> tuple[str, QRect, list[tuple[str, bool, QRect]]]:
    """Where a search result's second line is drawn in `rect`: its place ("Answer:") at the
    line's start in the window's direction (the right in Arabic), then the snippet laid out in
    its own text's direction beside it, as an isolate: an English snippet in an Arabic window
    reads left to right, next to the Arabic label, and an Arabic one in an English window
    right to left. Returns the place, its box and the snippet's boxes (see `snippet_boxes`)."""
    place = QCoreApplication.translate("SessionSidebar", "{place}:").format(
        place=match_place(result)
    )
    width = QFontMetrics(normal).horizontalAdvance(place)
    window_right_to_left = window_direction == Qt.LayoutDirection.RightToLeft
    if window_right_to_left:
        place_box = QRect(rect.right() - width + 1, rect.top(), width, rect.height())
        area = rect.adjusted(0, 0, -(width + PLACE_GAP), 0)
    else:
        place_box = QRect(rect.left(), rect.top(), width, rect.height())
        area = rect.adjusted(width + PLACE_GAP, 0, 0, 0)
    text = str(result.get("snippet") or "")
    boxes = snippet_boxes(result, area, normal, bold, right_to_left=reads_right_to_left(text))
    if boxes:  # the snippet's block goes beside the place, whichever way the snippet runs
        left = min(box.left() for _, _, box in boxes)
        right = max(box.right() for _, _, box in boxes)
        shift = area.right() - right if window_right_to_left else area.left() - left
        boxes = [
            (shown, matched, box.adjusted(shift, 0, shift, 0)) for shown, matched, box in boxes
        ]
    return place, place_box, boxes


def relative_time(timestamp: Any) -> str:
    """'now', '5 min', '3 h', '2 d' or a date in the locale's short form, from epoch seconds
    or an ISO string."""
    seconds = _epoch(timestamp)
    if seconds is None:
        return ""
    age = max(0.0, time.time() - seconds)
    if age < 60:
        return QCoreApplication.translate("SessionSidebar", "now")
    if age < 3600:
        return SessionSidebar.tr("%n min", "", int(age // 60))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
    if age < 86400:
        return SessionSidebar.tr("%n h", "", int(age // 3600))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
    if age < 7 * 86400:
        return SessionSidebar.tr("%n d", "", int(age // 86400))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
    from PySide6.QtCore import QDateTime  # with the first older chat, not the first paint

    day = QDateTime.fromSecsSinceEpoch(int(seconds)).date()
    return QLocale().toString(day, QLocale.FormatType.ShortFormat)


def untitled_chat() -> str:
    """What a chat without a title is called."""
    return QCoreApplication.translate("SessionSidebar", "New chat")


def _epoch(value: Any) -> float | None:
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and value:
        from datetime import datetime

        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return None
    return None


class SessionDelegate(QStyledItemDelegate):
    """Draws a chat's row: title, time (or the approval badge) and preview. A row is drawn
    again whenever rows move (a hundred chats finishing together move them many times), so
    what does not change between paints is kept: the fonts derived from the row's font and
    the texts already cut to a width (cutting one costs as much as drawing it)."""

    ROW_HEIGHT = 54
    ELIDED_KEPT = 512  # cut texts kept: a few screens of rows in each width the list had

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._fonts: dict[str, tuple[QFont, str, QFont, str]] = {}
        self._elided: dict[tuple[str, str, int, bool], str] = {}

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        return QSize(option.rect.width(), self.ROW_HEIGHT)

    def _title_and_small_fonts(self, font: QFont) -> tuple[QFont, str, QFont, str]:
        """The title's and the small lines' fonts made from the row's `font`, with their keys."""
        key = font.key()
        fonts = self._fonts.get(key)
        if fonts is None:
            title_font = QFont(font)
            title_font.setWeight(QFont.Weight.DemiBold)
            small_font = QFont(font)
            small_font.setPointSizeF(max(7.0, small_font.pointSizeF() * 0.87))
            fonts = (title_font, title_font.key(), small_font, small_font.key())
            self._fonts[key] = fonts
        return fonts

    def _cut(
        self, text: str, metrics: QFontMetrics, font_key: str, width: int, *, title: bool
    ) -> str:
        """`text` elided at its end to `width` in the font of `font_key` (a `title` keeps its
        "(…)", see `elided_title`), as cut before if it was."""
        key = (text, font_key, width, title)
        cut = self._elided.get(key)
        if cut is None:
            if len(self._elided) >= self.ELIDED_KEPT:
                self._elided.clear()
            cut = self._elided[key] = (
                elided_title(text, metrics, width)
                if title
                else metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
            )
        return cut

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        # Imported here: QStyle is a costly class for PySide to build, and the window's first
        # paint (an empty list) does not need it.
        from PySide6.QtWidgets import QStyle

        session: dict[str, Any] = index.data(SESSION_ROLE) or {}
        palette = current_palette()
        rect: QRect = option.rect.adjusted(6, 2, -6, -2)
        state = option.state
        painter.save()
        painter.setRenderHint(painter.RenderHint.Antialiasing)
        if state & QStyle.StateFlag.State_Selected or state & QStyle.StateFlag.State_MouseOver:
            path = QPainterPath()
            path.addRoundedRect(rect, 8, 8)
            colour = QColor(
                palette.selection
                if state & QStyle.StateFlag.State_Selected
                else palette.tool_header_hover
            )
            painter.fillPath(path, colour)
        inner = rect.adjusted(10, 6, -10, -6)
        title_font, title_key, small_font, small_key = self._title_and_small_fonts(option.font)
        painter.setFont(small_font)
        small_metrics = painter.fontMetrics()
        waiting = bool(index.data(ATTENTION_ROLE))
        when = (
            QCoreApplication.translate("SessionSidebar", APPROVAL_BADGE)
            if waiting
            else relative_time(session.get("updated_at"))
        )
        when_width = small_metrics.horizontalAdvance(when) + 4
        painter.setPen(QColor(palette.warning if waiting else palette.muted))
        top_line = QRect(inner.left(), inner.top(), inner.width(), inner.height() // 2)
        painter.drawText(
            top_line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, when
        )
        bottom_line = QRect(
            inner.left(), inner.top() + inner.height() // 2, inner.width(), inner.height() // 2
        )
        if "snippet" in session:
            self._paint_snippet(painter, session, bottom_line, palette)
        else:
            second = str(session.get("preview") or "").replace("\n", " ")
            painter.drawText(
                bottom_line,
                Qt.AlignmentFlag.AlignVCenter,
                self._cut(second, small_metrics, small_key, inner.width(), title=False),
            )
        painter.setFont(title_font)
        painter.setPen(QColor(palette.error if session.get("flagged") else palette.text))
        title = str(session.get("title") or untitled_chat())
        # Beside the time (its alignment mirrors by itself, the title's place does not).
        title_rect = QStyle.visualRect(
            option.direction, top_line, top_line.adjusted(0, 0, -when_width - 6, 0)
        )
        painter.drawText(
            title_rect,
            Qt.AlignmentFlag.AlignVCenter,
            self._cut(title, painter.fontMetrics(), title_key, title_rect.width(), title=True),
        )
        painter.restore()

    @staticmethod
    def _paint_snippet(
        painter: QPainter, result: dict[str, Any], rect: QRect, palette: Any
    ) -> None:
        """The snippet on one line, matched words bold on a highlight (see
        `place_and_snippet_boxes`)."""
        normal = QFont(painter.font())
        bold = QFont(normal)
        bold.setBold(True)
        window_direction = painter.layoutDirection()
        place, place_box, boxes = place_and_snippet_boxes(
            result, rect, normal, bold, window_direction
        )
        painter.setPen(QColor(palette.muted))
        painter.drawText(place_box, Qt.AlignmentFlag.AlignVCenter, place)
        highlight = QColor(palette.accent)
        highlight.setAlpha(48)
        snippet = str(result.get("snippet") or "")
        painter.setLayoutDirection(
            Qt.LayoutDirection.RightToLeft
            if reads_right_to_left(snippet)
            else Qt.LayoutDirection.LeftToRight
        )
        for shown, matched, box in boxes:
            painter.setFont(bold if matched else normal)
            if matched:
                painter.fillRect(box.adjusted(-1, 3, 1, -3), highlight)
            painter.setPen(QColor(palette.text if matched else palette.muted))
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter, shown)
        painter.setLayoutDirection(window_direction)


def elided_title(title: str, metrics: QFontMetrics, width: int) -> str:
    """`title` cut to `width` at its end, but a trailing "(…)" such as "(fork)" is kept: it is
    what tells a fork from the chat it came from, and the two titles begin the same."""
    stem, bracket, suffix = title.rpartition(" (")
    if not bracket or not suffix.endswith(")") or len(suffix) > TITLE_SUFFIX_MOST:
        return metrics.elidedText(title, Qt.TextElideMode.ElideRight, width)
    if metrics.horizontalAdvance(title) <= width:
        return title
    kept = f" ({suffix}"
    room = max(0, width - metrics.horizontalAdvance(kept))
    return metrics.elidedText(stem, Qt.TextElideMode.ElideRight, room) + kept


def snippet_boxes(
    result: dict[str, Any],
    rect: QRect,
    normal: QFont,
    bold: QFont,
    *,
    right_to_left: bool = False,
) -> list[tuple[str, bool, QRect]]:
    """Where a search result's snippet is drawn in `rect`: (text, matched, box) per piece, the
    matched words in `bold`, the pieces following each other from the right when the snippet
    is written `right_to_left`. When the word the snippet is about (its `match`) would not fit,
    the snippet is shortened at the front, so that word is always in sight; what does not fit
    at the end is elided."""
    text = str(result.get("snippet") or "")
    highlights = [(int(start), int(end)) for start, end in result.get("highlights") or []]
    match = result.get("match") or (highlights[0] if highlights else None)
    metrics = {False: QFontMetrics(normal), True: QFontMetrics(bold)}
    if match and metrics[True].horizontalAdvance(text[: match[1]]) > rect.width() * 0.7:
        cut = max(0, match[0] - SNIPPET_LEAD_CHARACTERS)
        boundary = word_start(text, cut, match[0])
        cut = boundary if boundary >= 0 else cut
        text = "…" + text[cut:]
        highlights = [(start - cut + 1, end - cut + 1) for start, end in highlights if end > cut]
        highlights = [(max(start, 1), end) for start, end in highlights]
    segments: list[tuple[str, bool]] = []
    position = 0
    for start, end in highlights:
        segments += [(text[position:start], False), (text[start:end], True)]
        position = end
    segments.append((text[position:], False))
    boxes = []
    used = 0  # from the snippet's start: the left edge, or the right one right to left
    for segment, matched in segments:
        if not segment:
            continue
        room = rect.width() - used
        shown = segment
        advance = metrics[matched].horizontalAdvance(segment)
        if advance > room:
            shown = metrics[matched].elidedText(segment, Qt.TextElideMode.ElideRight, room)
            advance = metrics[matched].horizontalAdvance(shown)
        x = rect.right() + 1 - used - advance if right_to_left else rect.left() + used
        boxes.append((shown, matched, QRect(x, rect.top(), advance, rect.height())))
        used += advance
        if shown != segment or used >= rect.width():
            break
    return boxes


class SessionList(QListWidget):
    """The list of sessions or search results; Up on the first row moves back to the search."""

    left_at_top = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Up and self.currentRow() <= 0:
            self.left_at_top.emit()
            return
        super().keyPressEvent(event)


class SessionSidebar(QFrame):  # a frame paints its stylesheet background
    new_chat_requested = Signal()
    search_changed = Signal(str)
    session_selected = Signal(str)
    # A search result: session id, message index, the matched word (as the snippet shows it).
    message_selected = Signal(str, int, str)
    rename_requested = Signal(str, str)
    delete_requested = Signal(str)
    export_requested = Signal(str, str)  # session id, "markdown" | "json"
    listed = Signal()  # the chats shown changed (their titles, say)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sidebar")
        self.setAccessibleName(self.tr("Conversations"))
        self._attention: set[str] = set()
        self._listed: list[dict[str, Any]] = []  # what each row shows while chats are listed
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 12, 10, 10)
        layout.setSpacing(8)
        top = QHBoxLayout()
        self.new_button = QPushButton(self.tr("New chat"))
        self.new_button.setObjectName("newChatButton")
        self.new_button.setIcon(ui_icon("plus", "accent_text"))
        self.new_button.setToolTip(self.tr("New chat (Ctrl+N)"))
        self.new_button.setAccessibleName(self.tr("New chat"))
        self.new_button.clicked.connect(self.new_chat_requested)
        top.addWidget(self.new_button)
        layout.addLayout(top)
        self.search = QLineEdit()
        self.search.setObjectName("sessionSearch")
        self.search.setPlaceholderText(self.tr("Search chats  (Ctrl+K)"))
        self.search.setAccessibleName(self.tr("Search conversations"))
        self.search.setClearButtonEnabled(True)
        search_action = self.search.addAction(
            ui_icon("search"), QLineEdit.ActionPosition.LeadingPosition
        )
        search_action.setText(self.tr("Search"))
        search_action.triggered.connect(lambda: self.search_changed.emit(self.query()))
        layout.addWidget(self.search)
        self.list = SessionList()
        self.list.setObjectName("sessionList")
        self.list.setAccessibleName(self.tr("Conversation list"))
        self.list.setItemDelegate(SessionDelegate(self.list))
        # Every row is ROW_HEIGHT tall: the list lays out without asking each row its size.
        self.list.setUniformItemSizes(True)
        self.list.setMouseTracking(True)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.EditKeyPressed)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        # Enum properties set by key name need no `Qt` enums yet (see lazy_qt).
        self.list.setProperty("contextMenuPolicy", "CustomContextMenu")
        self.list.customContextMenuRequested.connect(self._show_menu)
        self.list.itemActivated.connect(self._on_activated)
        self.list.itemClicked.connect(self._on_activated)
        self.list.itemChanged.connect(self._on_item_changed)
        # Titles are elided in the row; a sideways scrollbar would only ever show their tails.
        self.list.setProperty("horizontalScrollBarPolicy", "ScrollBarAlwaysOff")
        # Moving through the list with the arrow keys opens each chat (debounced), so the
        # highlight is always the chat shown.
        self._follow = QTimer(self)
        self._follow.setSingleShot(True)
        self._follow.setInterval(FOLLOW_KEYS_MS)
        self._follow.timeout.connect(self._open_current)
        self.list.currentItemChanged.connect(self._on_current_changed)
        self._list_key("F2", self._rename_current)
        self._list_key("Delete", self._delete_current)
        down = QShortcut(QKeySequence("Down"), self.search)
        down.setProperty("context", "WidgetShortcut")
        down.activated.connect(self._enter_list)
        layout.addWidget(self.list, 1)
        self.search.returnPressed.connect(self._open_first_result)
        self.list.left_at_top.connect(self.focus_search)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(SEARCH_DEBOUNCE_MS)
        self._debounce.timeout.connect(lambda: self.search_changed.emit(self.search.text().strip()))
        self.search.textChanged.connect(lambda _text: self._debounce.start())
        self._filling = False
        self._showing_results = False
        self._marked: str | None = None  # the chat last highlighted as the one shown
        # What a listing still has to move or update, done in the next frame.
        self._listing_rest: list[dict[str, Any]] | None = None
        self._rest_of_listing = QTimer(self)
        self._rest_of_listing.setSingleShot(True)
        self._rest_of_listing.setInterval(LISTING_PART_MS)
        self._rest_of_listing.timeout.connect(self._show_rest_of_listing)

    def mark_current(self, session_id: str | None) -> None:
        """Highlight the chat shown (none for a new chat), without opening anything."""
        self._marked = session_id
        item = self.item_for(session_id) if session_id is not None else None
        current = self.list.currentItem()
        if current is not None and current.data(SESSION_ROLE).get("session_id") == session_id:
            item = current  # one of several search results of this chat: it stays current
        if item is current and (item is None or item.isSelected()):
            return
        self._filling = True
        try:
            if item is None:
                self.list.clearSelection()
                self.list.setCurrentRow(-1)
            else:
                self.list.setCurrentItem(item)
                item.setSelected(True)
        finally:
            self._filling = False

    def _list_key(self, key: str, handler: Any) -> None:
        shortcut = QShortcut(QKeySequence(key), self.list)
        shortcut.setProperty("context", "WidgetShortcut")
        shortcut.activated.connect(handler)

    def _current_id(self) -> str | None:
        item = self.list.currentItem()
        return str(item.data(SESSION_ROLE)["session_id"]) if item is not None else None

    def _rename_current(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def _delete_current(self) -> None:
        session_id = self._current_id()
        if session_id is not None:
            self.delete_requested.emit(session_id)

    def _enter_list(self) -> None:
        """Down from the search field: into the results, the first one highlighted."""
        if self.list.count() == 0:
            return
        self.list.setFocus(Qt.FocusReason.TabFocusReason)
        if self.list.currentRow() < 0:
            self.list.setCurrentRow(0)

    def _on_current_changed(self, current: QListWidgetItem | None, _previous: Any) -> None:
        if not self._filling and current is not None and self.list.hasFocus():
            self._follow.start()

    def _open_current(self) -> None:
        item = self.list.currentItem()
        if item is not None and self.list.hasFocus():
            self._on_activated(item, chosen=False)

    def query(self) -> str:
        return self.search.text().strip()

    def add_above_chats(self, widget: QWidget) -> None:
        """Put `widget` (the projects) between the New chat button and the search field."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(1, widget)

    def set_sessions(self, sessions: list[dict[str, Any]], current_id: str | None) -> None:
        """List `sessions` (newest first), `current_id` highlighted. Each chat keeps its row:
        a chat that moved (an answer finished, so it is newest now) has its row moved, a row
        already showing the same fields is left alone, and only changed rows are updated in
        place. With a hundred chats answering, one finishing moved every row below it down
        one, and re-showing all of them stalled the window. At most `ROW_CHANGES_PER_FRAME`
        rows already listed are moved or updated at once; the rest of the listing follows in
        the next frames, and `listed` is emitted once it is all shown."""
        self._listing_rest = None
        self._rest_of_listing.stop()
        changes = 0
        self._filling = True
        try:
            if self._showing_results:
                self.list.clear()
                self._showing_results = False
            self._drop_rows_not_in(sessions)
            listed = self._listed
            for row, session in enumerate(sessions):
                session_id = session["session_id"]
                if row < len(listed) and listed[row]["session_id"] != session_id:
                    if changes == ROW_CHANGES_PER_FRAME:
                        self._listing_rest = sessions
                        break
                    changes += self._move_row_here(session_id, row)
                if row >= len(listed) or listed[row]["session_id"] != session_id:
                    listed.insert(row, session)  # a chat not listed yet
                    item = QListWidgetItem()
                    self._show_session(item, session)
                    self.list.insertItem(row, item)
                elif listed[row] != session:
                    if changes == ROW_CHANGES_PER_FRAME:
                        self._listing_rest = sessions
                        break
                    changes += 1
                    listed[row] = session
                    self._show_session(self.list.item(row), session)
        finally:
            self._filling = False
        self.set_attention(self._attention)
        self.mark_current(current_id)
        if self._listing_rest is not None:
            self._rest_of_listing.start()
        else:
            self.listed.emit()

    def _show_rest_of_listing(self) -> None:
        """Go on with the listing `set_sessions` left for this frame; the chat highlighted is
        the one shown now (the user may have opened another one since)."""
        if self._listing_rest is not None:
            self.set_sessions(self._listing_rest, self._marked)

    def _drop_rows_not_in(self, sessions: list[dict[str, Any]]) -> None:
        """Remove the rows of chats `sessions` no longer lists (deleted, or pushed past the
        listing's limit)."""
        kept = {session["session_id"] for session in sessions}
        for row in reversed(range(len(self._listed))):
            if self._listed[row]["session_id"] not in kept:
                del self._listed[row]
                self.list.takeItem(row)

    def _move_row_here(self, session_id: str, row: int) -> bool:
        """Move the row of `session_id`, listed below `row`, up to `row`, keeping its item
        (and so its selection); nothing if it is not listed. Whether it moved."""
        listed = self._listed
        found = next(
            (at for at in range(row + 1, len(listed)) if listed[at]["session_id"] == session_id),
            None,
        )
        if found is None:
            return False
        self.list.model().moveRow(QModelIndex(), found, QModelIndex(), row)
        listed.insert(row, listed.pop(found))
        return True

    def show_session(self, session: dict[str, Any], current_id: str | None) -> None:
        """Show one chat (a listing's fields, see `set_sessions`) without listing them all: its
        row updated with the fields given, or a new row on top. Not while search results show.
        What a listing had left for the next frames is dropped: it does not list this chat
        yet (a new one), and the caller lists the chats again (`SidebarSessions.show_chat`)."""
        if self._showing_results:
            return
        self._listing_rest = None
        self._rest_of_listing.stop()
        self._filling = True
        try:
            row = self._row_of(str(session["session_id"]))
            if row is None:
                item = QListWidgetItem()
                self.list.insertItem(0, item)
                self._listed.insert(0, session)
            else:
                item = self.list.item(row)
                session = {**self._listed[row], **session}
                self._listed[row] = session
            self._show_session(item, session)
        finally:
            self._filling = False
        self.set_attention(self._attention)
        self.mark_current(current_id)
        self.listed.emit()

    @staticmethod
    def _show_session(item: QListWidgetItem, session: dict[str, Any]) -> None:
        title = str(session.get("title") or untitled_chat())
        item.setText(title)
        item.setData(SESSION_ROLE, session)
        item.setData(ATTENTION_ROLE, None)  # set by `set_attention`, from the chat's new data
        item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}: {session.get('preview') or ''}")
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        item.setToolTip(str(session.get("title") or ""))

    def _row_entries(self) -> list[dict[str, Any]]:
        """What each row shows: the chats as listed, or the search results. The chats are
        kept beside the list, as reading an item's data back from Qt converts it anew."""
        if not self._showing_results:
            return self._listed
        return [self.list.item(row).data(SESSION_ROLE) for row in range(self.list.count())]

    def _row_of(self, session_id: str) -> int | None:
        for row, entry in enumerate(self._row_entries()):
            if entry["session_id"] == session_id:
                return row
        return None

    def set_attention(self, session_ids: set[str]) -> None:
        """Mark the chats waiting for the user (a tool call to approve) with a badge."""
        self._attention = set(session_ids)
        for row, session in enumerate(self._row_entries()):
            item = self.list.item(row)
            waiting = session.get("session_id") in self._attention
            if bool(item.data(ATTENTION_ROLE)) == waiting:
                continue
            item.setData(ATTENTION_ROLE, waiting)
            title = str(session.get("title") or untitled_chat())
            detail = self.tr(APPROVAL_BADGE) if waiting else str(session.get("preview") or "")
            item.setData(Qt.ItemDataRole.AccessibleTextRole, f"{title}: {detail}")

    def set_results(self, results: list[dict[str, Any]]) -> None:
        """Show search results (see `SessionStore.search_sessions`) in place of the sessions."""
        self._listing_rest = None
        self._rest_of_listing.stop()
        self._filling = True
        self.list.clear()
        self._listed = []
        for result in results:
            title = str(result.get("title") or untitled_chat())
            item = QListWidgetItem(title)
            item.setData(SESSION_ROLE, result)
            item.setData(
                Qt.ItemDataRole.AccessibleTextRole,
                f"{title}, {match_place(result)}: {result.get('snippet')}",
            )
            item.setToolTip(str(result.get("snippet") or ""))
            self.list.addItem(item)
        if not results:
            nothing = self.tr("No matches")
            item = QListWidgetItem(nothing)
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setData(SESSION_ROLE, {"session_id": "", "title": nothing, "preview": ""})
            self.list.addItem(item)
        self._showing_results = True
        self._filling = False

    def showing_results(self) -> bool:
        return self._showing_results

    def _open_first_result(self) -> None:
        if self._showing_results and self.list.count():
            self._on_activated(self.list.item(0))

    def session_ids(self) -> list[str]:
        return [entry["session_id"] for entry in self._row_entries()]

    def message_count(self, session_id: str) -> int | None:
        row = self._row_of(session_id)
        count = self._row_entries()[row].get("message_count") if row is not None else None
        return int(count) if isinstance(count, int) else None

    def item_for(self, session_id: str) -> QListWidgetItem | None:
        row = self._row_of(session_id)
        return self.list.item(row) if row is not None else None

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def start_rename(self, session_id: str) -> None:
        item = self.item_for(session_id)
        if item is not None:
            self.list.editItem(item)

    def _on_activated(self, item: QListWidgetItem, chosen: bool = True) -> None:
        """Open what the item shows; a search result `chosen` (Enter, a click) rather than
        passed over with the arrow keys also names its matched word, to be shown."""
        entry = item.data(SESSION_ROLE)
        if not entry.get("session_id"):
            return
        if entry.get("message_index") is not None:
            snippet = str(entry.get("snippet") or "")
            start, end = entry.get("match") or (entry.get("highlights") or [(0, 0)])[0]
            matched = snippet[start:end] if chosen else ""
            self.message_selected.emit(entry["session_id"], int(entry["message_index"]), matched)
        else:
            self.session_selected.emit(entry["session_id"])

    def _on_item_changed(self, item: QListWidgetItem) -> None:
        if self._filling or self._showing_results:
            return
        session = item.data(SESSION_ROLE)
        title = item.text().strip()
        if title and title != session.get("title"):
            self.rename_requested.emit(session["session_id"], title)

    def _show_menu(self, pos: Any) -> None:
        item = self.list.itemAt(pos)
        if item is None or not item.data(SESSION_ROLE).get("session_id"):
            return
        session_id = item.data(SESSION_ROLE)["session_id"]
        menu = QMenu(self)
        menu.addAction(ui_icon("rename"), self.tr("Rename"), lambda: self.list.editItem(item))
        menu.addAction(
            ui_icon("export"),
            self.tr("Export as Markdown…"),
            lambda: self.export_requested.emit(session_id, "markdown"),
        )
        menu.addAction(
            ui_icon("export"),
            self.tr("Export as JSON…"),
            lambda: self.export_requested.emit(session_id, "json"),
        )
        menu.addSeparator()
        menu.addAction(
            ui_icon("delete"), self.tr("Delete"), lambda: self.delete_requested.emit(session_id)
        )
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.list.viewport().mapToGlobal(pos))
