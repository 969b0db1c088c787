"""The chat view: a virtualized list of painted rows.

Why this design: a chat of 2,000 messages must paint its first screen in well under 150 ms and
stream thousands of chunks without stalling the loop. A widget (or QTextBrowser) per message costs
milliseconds and tens of kilobytes each, so opening such a session would take seconds; a web view
costs a second process and a gigabyte. Instead:

- `QListView` with per-pixel scrolling asks only the rows it shows to paint (`ChatDelegate`).
- Each row's Markdown is rendered to a `QTextDocument` lazily, the first time it is painted, and
  kept in a small LRU cache (`DOCUMENT_CACHE_SIZE`), so memory stays flat however long the chat.
  The cache is keyed by the row's text version, so a finished answer reuses what was streamed.
- Row heights: rows never laid out get a cheap estimate from their text length. An idle-time
  pass lays rows out in small slices, nearest to the viewport first, and hands the exact heights
  to Qt in batches (each hand-over is one relayout of every row, so they are rationed); the
  scroll position moves by whatever changed above the viewport, so nothing visible jumps.
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

import math
import time
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    QSize,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QGuiApplication,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QAbstractItemView, QListView, QMenu, QStyledItemDelegate, QWidget

from agent_app.turn_outcome import ENDING_LABELS, STOPPED
from agent_desktop.conversation.chat_model import ITEM_ROLE, CallKey, ChatItem, ChatModel
from agent_desktop.conversation.message_body import (
    BACKGROUND_RENDER_CHARACTERS,
    BackgroundRenderer,
    BodySource,
    body_source,
    describe_size,
)
from agent_desktop.conversation.ui_templates import render_element
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.theme import Palette, current_palette

if TYPE_CHECKING:
    # Needed once rows paint, not for the window's first paint, so they are imported where
    # they are used: PySide builds each Qt class on first use, and start-up time counts.
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPixmap, QTextDocument
    from PySide6.QtWidgets import QStyleOptionViewItem

    from agent_desktop.conversation.approval import ApprovalPrompt
    from agent_desktop.conversation.selectable_text import SelectableText
    from agent_desktop.conversation.thumbnails import AssetReader, ThumbnailCache

DOCUMENT_CACHE_SIZE = 240
MAX_COLUMN_WIDTH = 860
SIDE_MARGIN = 20
ROW_GAP = 18
HEADER_HEIGHT = 22
BUBBLE_PADDING = 12
TOOL_HEADER_HEIGHT = 34
LINE_TOGGLE_HEIGHT = 22
FOOTER_HEIGHT = 20
CHIP_HEIGHT = 26
IMAGE_CHIP_HEIGHT = 60  # a 48-pixel thumbnail with its padding
CHIP_GAP = 6
THUMBNAIL_SPACE = 56  # left part of an image chip: the thumbnail and a gap
ICON_SPACE = 22  # left part of a file chip: the icon and a gap
MAX_CHIP_WIDTH = 260
MAX_TOOL_OUTPUT_CHARS = 200_000
# Background layout: rows this close to the viewport are handed to Qt at once, others in
# batches at most this often (each hand-over is one relayout of every row).
REFINE_NEAR_ROWS = 6
REFINE_BATCH_SECONDS = 0.25
SHOW_ALL_HEIGHT = 24
RENDER_POLL_MS = 30
# How long a message opened from a search result stays highlighted.
REVEAL_HIGHLIGHT_MS = 4000
ROLE_LABELS = {
    "user": "You",
    "assistant": "Assistant",
    "system": "System",
    "notice": "Error",
    "tool_servers": "Tool servers",  # which MCP servers are not ready (informational)
}
STATE_LABELS = {
    "pending": "waiting",
    "awaiting_approval": "needs approval",
    "running": "running",
    "success": "done",
    "error": "failed",
    "denied": "denied",
}


VERSION_ACTIONS = frozenset({"previous_version", "versions", "next_version"})


def chips_height(item: ChatItem) -> int:
    """Images get room for a thumbnail; a row of files only for a line of text."""
    has_image = any(part.get("type") == "image" for part in item.attachments)
    return IMAGE_CHIP_HEIGHT if has_image else CHIP_HEIGHT


def attachment_name(part: dict[str, Any]) -> str:
    return str(part.get("name") or part.get("asset_id") or "attachment")


class RowLayout:
    """Where each part of a row goes, relative to the row's top-left corner."""

    # Plain slotted classes (here and below) rather than dataclasses: defining a dataclass
    # costs about a millisecond at start-up, and these are built on every paint.
    __slots__ = (
        "actions",
        "arguments",
        "body",
        "chip_rects",
        "chips",
        "footer",
        "footer_text",
        "frame",
        "header",
        "height",
        "output",
        "prompt",
        "reasoning",
        "reasoning_toggle",
        "show_all",
        "show_all_text",
    )

    def __init__(self, height: int, header: QRect | None = None) -> None:
        self.height = height
        self.frame = QRect()
        self.body = QRect()
        self.header = header if header is not None else QRect()
        self.reasoning_toggle = QRect()
        self.reasoning = QRect()
        self.chips = QRect()
        self.chip_rects: list[QRect] = []
        self.footer = QRect()
        self.arguments = QRect()
        self.output = QRect()
        self.prompt = QRect()
        self.actions: list[tuple[str, QRect]] = []
        self.footer_text = ""
        self.show_all = QRect()
        self.show_all_text = ""


class CachedDocument:
    __slots__ = ("code_blocks", "document", "rich", "source", "theme", "version", "width")

    def __init__(
        self,
        version: int,
        width: int,
        theme: str,
        document: QTextDocument,
        code_blocks: tuple[str, ...] = (),
    ) -> None:
        self.version = version
        self.width = width
        self.theme = theme
        self.document = document
        self.code_blocks = code_blocks
        # Message bodies are matched by the text they were made from (a streaming giant's head
        # stops changing) and by whether they are the Markdown rendering or the plain stand-in.
        self.source: str | None = None
        self.rich = True


class PaintState:
    """What the view's interaction adds to the picture: the row (and header action) pointed at
    or picked with the keys, the row whose text is open for selection, the row just revealed,
    and the approval prompts that take room in tool rows. The view keeps it; the delegate only
    reads it when painting."""

    def __init__(self) -> None:
        self.hovered_row = -1
        self.hovered_action: str | None = None
        self.keyboard_navigating = False
        self.editor_index: QPersistentModelIndex | None = None
        self.revealed_key: str | None = None
        self.prompts: Mapping[str, QWidget] = {}  # a tool row's key → its approval prompt

    def editor_row(self) -> int:
        editor = self.editor_index
        return editor.row() if editor is not None and editor.isValid() else -1


def header_actions(item: ChatItem, model: ChatModel) -> list[tuple[str, str]]:
    """(name, label) of the actions in a message's header, in their order."""
    actions = []
    versions = (
        model.version_info(item.message_index)
        if item.message_index is not None and item.role in ("user", "assistant")
        else None
    )
    if versions is not None:
        # ‹ 2/3 ›: the other versions of the chat from this message on.
        actions += [
            ("previous_version", "‹"),
            ("versions", f"{versions.number}/{versions.total}"),
            ("next_version", "›"),
        ]
    actions.append(("copy", "Copy"))
    if item.role == "user":
        actions.append(("edit", "Edit"))
    if item.role == "assistant":
        actions.append(("regenerate", "Retry"))
    actions += [("delete", "Delete"), ("more", "⋯")]
    return actions


class ChatDelegate(QStyledItemDelegate):
    """Lays out and paints rows from the model's items and the view's `PaintState`; says what
    it needs through signals. It knows the view only as a Qt item view (its font and width)."""

    renders_pending = Signal()  # a message is being rendered on the worker thread
    heights_pending = Signal()  # rows turned out taller or shorter than Qt was told
    anchor_activated = Signal(str, str)  # row key, href (a link or a code block's Copy)
    text_pressed = Signal(str, bool)  # row key, Shift held: a click on a message's text

    def __init__(self, model: ChatModel, state: PaintState, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._model = model
        self._state = state
        self._widget = view
        self._documents: OrderedDict[str, CachedDocument] = OrderedDict()
        # Exact heights (row key → version, width, height) and the sizes Qt was given; the
        # two differ for rows laid out since the last relayout (`_pending`).
        self._heights: dict[str, tuple[int, int, int]] = {}
        self._reported: dict[str, tuple[int, int, QSize]] = {}
        self._pending: set[str] = set()
        self._font_metrics: tuple[QFont, QFontMetrics] | None = None
        self._sources: dict[str, BodySource] = {}
        self._renderer = BackgroundRenderer()
        # Row key → (source text, theme, RenderedMarkdown or None) from the worker thread.
        self._rendered: OrderedDict[str, tuple[str, str, Any]] = OrderedDict()
        self.footer_elements: list[dict[str, Any]] = []
        self.thumbnails: ThumbnailCache | None = None  # set with the view's attachment reader

    # ------------------------------------------------------------------ geometry
    def column(self, row_rect: QRect) -> QRect:
        width = min(MAX_COLUMN_WIDTH, max(200, row_rect.width() - 2 * SIDE_MARGIN))
        left = row_rect.left() + (row_rect.width() - width) // 2
        return QRect(left, row_rect.top(), width, row_rect.height())

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # type: ignore[override]
        # Called for every row on each relayout: the common path is two lookups.
        item: ChatItem = index.data(ITEM_ROLE)
        width = self._widget.viewport().width()
        reported = self._reported.get(item.key)
        if reported is not None and reported[0] == item.version and reported[1] == width:
            return reported[2]
        exact = self._heights.get(item.key)
        if exact is not None and exact[0] == item.version and exact[1] == width:
            height = exact[2]
        elif item.kind == "tool" or item.key in self._documents:
            height = self.exact_height(item, width)
        else:
            height = self.estimate(item, width)
        size = QSize(width, height)
        self._reported[item.key] = (item.version, width, size)
        self._pending.discard(item.key)
        return size

    def _store_exact(self, item: ChatItem, width: int, height: int) -> None:
        """Remember a laid-out height; if Qt was told another one, it is pending."""
        self._heights[item.key] = (item.version, width, height)
        reported = self._reported.get(item.key)
        if (
            reported is not None
            and reported[0] == item.version
            and reported[1] == width
            and reported[2].height() != height
        ):
            self._pending.add(item.key)

    def has_pending_heights(self) -> bool:
        return bool(self._pending)

    def take_pending_heights(self) -> dict[str, int]:
        """The height changes Qt has not been told about (key → delta); they become reported."""
        deltas: dict[str, int] = {}
        for key in self._pending:
            exact, reported = self._heights.get(key), self._reported.get(key)
            if exact is None or reported is None or exact[:2] != reported[:2]:
                continue
            deltas[key] = exact[2] - reported[2].height()
            self._reported[key] = (exact[0], exact[1], QSize(exact[1], exact[2]))
        self._pending.clear()
        return deltas

    def estimate(self, item: ChatItem, width: int) -> int:
        """A cheap height guess from the text length, for rows never laid out."""
        metrics = self._metrics()
        inner = self.column(QRect(0, 0, width, 0)).width() - 2 * BUBBLE_PADDING
        per_line = max(20, inner // max(1, metrics.averageCharWidth()))
        source = self.body_source(item)
        text = source.text
        lines = text.count("\n") + 1 + len(text) // per_line
        fences = text.count("```") // 2
        height = HEADER_HEIGHT + lines * metrics.lineSpacing() + fences * 40 + 2 * BUBBLE_PADDING
        if source.elided:
            height += SHOW_ALL_HEIGHT
        if item.reasoning:
            height += LINE_TOGGLE_HEIGHT
        if item.attachments:
            height += chips_height(item) + CHIP_GAP
        return height + ROW_GAP + (FOOTER_HEIGHT if self.footer_elements else 0)

    def _metrics(self) -> QFontMetrics:
        font = self._widget.font()
        if self._font_metrics is None or self._font_metrics[0] != font:
            self._font_metrics = (QFont(font), QFontMetrics(font))
        return self._font_metrics[1]

    def exact_height(self, item: ChatItem, width: int) -> int:
        """Lay the row out for real (creating its document) and remember the height."""
        height = self.layout(item, QRect(0, 0, width, 0)).height
        self._store_exact(item, width, height)
        return height

    def has_exact_height(self, item: ChatItem, width: int) -> bool:
        cached = self._heights.get(item.key)
        return cached is not None and cached[0] == item.version and cached[1] == width

    def layout(self, item: ChatItem, rect: QRect) -> RowLayout:
        if item.kind == "tool":
            return self._tool_layout(item, rect)
        return self._message_layout(item, rect)

    def _message_layout(self, item: ChatItem, rect: QRect) -> RowLayout:
        column = self.column(rect)
        small = QFontMetrics(self._small_font())
        top = rect.top() + ROW_GAP // 2
        frame_left, frame_width = column.left(), column.width()
        bubble = item.role == "user" or item.kind == "notice"
        header = QRect(frame_left, top, frame_width, HEADER_HEIGHT)
        y = top + HEADER_HEIGHT
        inner_left = frame_left + (BUBBLE_PADDING if bubble else 0)
        inner_width = frame_width - (2 * BUBBLE_PADDING if bubble else 0)
        frame_top = y
        if bubble:
            y += BUBBLE_PADDING
        layout = RowLayout(height=0, header=header)
        if item.attachments:
            layout.chips = QRect(inner_left, y, inner_width, chips_height(item))
            layout.chip_rects = self._chip_rects(item, layout.chips)
            y += layout.chips.height() + CHIP_GAP
        if item.reasoning:
            layout.reasoning_toggle = QRect(inner_left, y, inner_width, LINE_TOGGLE_HEIGHT)
            y += LINE_TOGGLE_HEIGHT
            if item.reasoning_expanded:
                document = self.document(item, inner_width, part="reasoning")
                height = math.ceil(document.size().height())
                layout.reasoning = QRect(inner_left, y, inner_width, height)
                y += height + 4
        document = self.document(item, inner_width)
        body_height = math.ceil(document.size().height()) if item.text or item.streaming else 0
        layout.body = QRect(inner_left, y, inner_width, max(body_height, 0))
        y += body_height
        source = self.body_source(item)
        if source.elided:
            layout.show_all = QRect(inner_left, y, inner_width, SHOW_ALL_HEIGHT)
            layout.show_all_text = f"Show all  ({describe_size(source)})"
            y += SHOW_ALL_HEIGHT
        if bubble:
            y += BUBBLE_PADDING - 4
        layout.frame = QRect(frame_left, frame_top, frame_width, y - frame_top)
        footer = self.footer_text(item)
        if footer:
            layout.footer = QRect(inner_left, y + 2, inner_width, FOOTER_HEIGHT)
            layout.footer_text = footer
            y += FOOTER_HEIGHT
        if item.kind == "message" and item.message_index is not None and not item.streaming:
            x = header.right()
            for name, label in reversed(header_actions(item, self._model)):
                width = small.horizontalAdvance(label) + 12
                x -= width
                layout.actions.insert(0, (name, QRect(x, header.top(), width, HEADER_HEIGHT - 2)))
        layout.height = y - rect.top() + ROW_GAP // 2
        return layout

    def _tool_layout(self, item: ChatItem, rect: QRect) -> RowLayout:
        column = self.column(rect)
        top = rect.top() + 3
        layout = RowLayout(height=0)
        layout.header = QRect(column.left(), top, column.width(), TOOL_HEADER_HEIGHT)
        y = top + TOOL_HEADER_HEIGHT
        inner_left = column.left() + 12
        inner_width = column.width() - 24
        if item.expanded:
            document = self.document(item, inner_width - 16, part="arguments")
            height = math.ceil(document.size().height()) + 8
            layout.arguments = QRect(inner_left, y + LINE_TOGGLE_HEIGHT, inner_width, height)
            y = layout.arguments.bottom() + 1
            if item.output or item.state in ("success", "error"):
                document = self.document(item, inner_width - 16, part="output")
                height = math.ceil(document.size().height()) + 8
                layout.output = QRect(inner_left, y + LINE_TOGGLE_HEIGHT, inner_width, height)
                y = layout.output.bottom() + 1
            y += 8
        prompt = self._state.prompts.get(item.key) if item.kind == "tool" else None
        prompt_height = prompt.sizeHint().height() if prompt is not None else 0
        if prompt_height:
            layout.prompt = QRect(column.left() + 1, y, column.width() - 2, prompt_height)
            y += prompt_height
        layout.frame = QRect(column.left(), top, column.width(), y - top)
        layout.height = y - rect.top() + 3
        return layout

    # ------------------------------------------------------------------ documents
    def _small_font(self) -> QFont:
        font = QFont(self._widget.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.87))
        return font

    def _monospace_font(self) -> QFont:
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.TypeWriter)
        font.setPointSizeF(max(7.0, self._widget.font().pointSizeF() * 0.93))
        return font

    def document(self, item: ChatItem, width: int, part: str = "body") -> QTextDocument:
        return self.cached_document(item, width, part).document

    def body_source(self, item: ChatItem) -> BodySource:
        """What the row renders of the message text (its head, for a giant message)."""
        cached = self._sources.get(item.key)
        text = item.text or ("…" if item.streaming else "")
        if cached is not None and cached.text_version == item.text_version:
            # The same text (a finished answer keeps its streamed version), perhaps another
            # copy of it: the source points at the row's own, not a second 5 MB one.
            cached.whole = text
            return cached
        source = body_source(text, item.text_version, previous=cached)
        self._sources[item.key] = source
        return source

    def cached_document(self, item: ChatItem, width: int, part: str = "body") -> CachedDocument:
        palette = current_palette()
        key = item.key if part == "body" else f"{item.key}:{part}"
        if part == "body" and item.kind == "message" and item.role != "tool":
            return self._body_document(item, key, width, palette)
        version = item.text_version if part in ("body", "reasoning") else item.version
        cached = self._documents.get(key)
        if cached is not None and cached.version == version and cached.theme == palette.name:
            return self._reused(key, cached, width)
        from PySide6.QtGui import QTextOption

        document = self._new_document()
        code_blocks: tuple[str, ...] = ()
        if part == "body":
            document.setPlainText(item.text)
        elif part == "reasoning":
            document.setDefaultFont(self._small_font())
            document.setPlainText(item.reasoning)
        else:
            document.setDefaultFont(self._monospace_font())
            option = QTextOption()
            option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
            document.setDefaultTextOption(option)
            text = item.pretty_arguments() if part == "arguments" else item.output
            if len(text) > MAX_TOOL_OUTPUT_CHARS:
                omitted = len(text) - MAX_TOOL_OUTPUT_CHARS
                text = (
                    f"… {omitted:,} earlier characters not shown …\n"
                    + text[-MAX_TOOL_OUTPUT_CHARS:]
                )
            document.setPlainText(text or "(no output)")
            if part == "output" and item.images:
                _add_images(document, item.images, width)
        document.setTextWidth(width)
        cached = CachedDocument(version, width, palette.name, document, code_blocks)
        self._keep(key, cached)
        return cached

    def _keep(self, key: str, cached: CachedDocument) -> None:
        self._documents[key] = cached
        while len(self._documents) > DOCUMENT_CACHE_SIZE:
            self._documents.popitem(last=False)

    def _reused(self, key: str, cached: CachedDocument, width: int) -> CachedDocument:
        """A cached document, most recently used now, laid out for `width`."""
        self._documents.move_to_end(key)
        if cached.width != width:
            cached.document.setTextWidth(width)
            cached.width = width
        return cached

    def _new_document(self) -> QTextDocument:
        from PySide6.QtGui import QTextDocument

        document = QTextDocument()
        document.setDocumentMargin(0)
        document.setDefaultFont(self._widget.font())
        return document

    def _body_document(
        self, item: ChatItem, key: str, width: int, palette: Palette
    ) -> CachedDocument:
        """The message's Markdown as a document. A head longer than BACKGROUND_RENDER_CHARACTERS
        is plain text until the worker thread's rendering of it arrives (see message_body)."""
        from agent_desktop.conversation.markdown_render import document_stylesheet, render_markdown

        source = self.body_source(item)
        text = source.text
        keep_line_breaks = item.role == "user"
        rendered: Any = None
        rich = True
        if len(text) > BACKGROUND_RENDER_CHARACTERS:
            ready = self._rendered.get(key)
            if ready is not None and ready[0] == text and ready[1] == palette.name:
                rendered = ready[2]
                rich = rendered is not None
            else:
                rich = False
                self._renderer.request(key, text, palette, keep_line_breaks)
                self.renders_pending.emit()
        cached = self._documents.get(key)
        if (
            cached is not None
            and cached.source == text
            and cached.rich == rich
            and cached.theme == palette.name
        ):
            return self._reused(key, cached, width)
        document = self._new_document()
        code_blocks: tuple[str, ...] = ()
        if rich:
            if rendered is None:
                rendered = render_markdown(text, palette, keep_line_breaks=keep_line_breaks)
            document.setDefaultStyleSheet(document_stylesheet(palette))
            document.setHtml(rendered.html)
            code_blocks = rendered.code_blocks
            if source.full_code_block is not None and code_blocks:
                code_blocks = (*code_blocks[:-1], source.full_code_block)
        else:
            document.setPlainText(text)
        document.setTextWidth(width)
        cached = CachedDocument(item.text_version, width, palette.name, document, code_blocks)
        cached.source, cached.rich = text, rich
        self._keep(key, cached)
        return cached

    def collect_renders(self) -> bool:
        """Take the worker's finished renders; their rows get laid out again. True while
        renders are still running."""
        palette = current_palette()
        for key, text, theme, rendered in self._renderer.take_done(palette):
            self._rendered[key] = (text, theme, rendered)
            self._rendered.move_to_end(key)
            while len(self._rendered) > DOCUMENT_CACHE_SIZE:
                self._rendered.popitem(last=False)
            self._heights.pop(key, None)
        return self._renderer.busy()

    def forget_rows(self, keys: list[str]) -> None:
        """Rows let go by the model: their cached layouts and documents go too."""
        for key in keys:
            for cache in (self._heights, self._reported, self._sources, self._rendered):
                cache.pop(key, None)
            self._pending.discard(key)
            for part in ("", ":reasoning", ":arguments", ":output"):
                self._documents.pop(key + part, None)

    def forget(self) -> None:
        self._documents.clear()
        self._sources.clear()
        self._rendered.clear()
        self._renderer.forget()
        self._heights.clear()
        self._reported.clear()
        self._pending.clear()

    def footer_text(self, item: ChatItem) -> str:
        parts = [render_element(element, item.message) for element in self.footer_elements]
        if item.kind == "message" and item.role == "assistant" and item.stopped:
            parts.insert(0, _ending_label(item))
        # The header already names the model; a footer piece that only repeats it is left out.
        model_name = _header_model_name(item)
        pieces = [piece for part in parts if part for piece in part.split(" · ")]
        return " · ".join(piece for piece in pieces if piece != model_name)

    # ------------------------------------------------------------------ painting
    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # type: ignore[override]
        item: ChatItem = index.data(ITEM_ROLE)
        started = time.perf_counter()
        rect = option.rect
        layout = self.layout(item, rect)
        self._note_height(item, rect.width(), layout.height)
        palette = current_palette()
        painter.save()
        painter.setRenderHint(painter.RenderHint.Antialiasing)
        if item.key == self._state.revealed_key:
            highlight = QColor(palette.accent)
            highlight.setAlpha(36)
            painter.setPen(QPen(QColor(palette.accent), 1.5))
            painter.setBrush(highlight)
            painter.drawRoundedRect(
                QRectF(layout.frame.united(layout.header)).adjusted(-8, -4, 8, 4), 10, 10
            )
        from PySide6.QtWidgets import QStyle  # a costly class to build; not before first paint

        if option.state & QStyle.StateFlag.State_Selected:  # in a range chosen with Shift+click
            chosen = QColor(palette.selection)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(chosen)
            painter.drawRoundedRect(
                QRectF(layout.frame.united(layout.header)).adjusted(-8, -4, 8, 4), 10, 10
            )
        # The keyboard is on this row (Qt marks the current row of a focused view).
        keyboard = self._state.keyboard_navigating and bool(
            option.state & QStyle.StateFlag.State_HasFocus
        )
        if item.kind == "tool":
            self._paint_tool(painter, item, layout, palette, index)
        else:
            self._paint_message(painter, item, layout, palette, index, keyboard)
        if keyboard:
            painter.setPen(QPen(QColor(palette.accent), 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(
                QRectF(layout.frame.united(layout.header)).adjusted(-3, -3, 3, 3), 6, 6
            )
        painter.restore()
        if item.streaming:
            model = index.model()
            if isinstance(model, ChatModel):
                model.report_render_cost((time.perf_counter() - started) * 1000)

    def _note_height(self, item: ChatItem, width: int, height: int) -> None:
        self._store_exact(item, width, height)
        if item.key in self._pending:
            self.heights_pending.emit()

    def _paint_header(
        self,
        painter: QPainter,
        item: ChatItem,
        layout: RowLayout,
        palette: Palette,
        index: QModelIndex,
        keyboard: bool,
    ) -> None:
        font = self._small_font()
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(
            QColor(palette.muted if item.kind != "notice" else _notice_colour(item, palette))
        )
        label = ROLE_LABELS.get(item.role, item.role.title())
        model_name = _header_model_name(item)
        if model_name:
            label = f"{label}  ·  {model_name}"
        if item.streaming:
            label += "  ·  writing…"
        painter.drawText(
            layout.header.adjusted(0, 0, 0, -4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            label,
        )
        hovered = self._state.hovered_row == index.row()
        if layout.actions:
            painter.setFont(self._small_font())
            for name, action_rect in layout.actions:
                # ‹ n/N › always shows (other versions exist); the rest when pointed at.
                if not hovered and name not in VERSION_ACTIONS:
                    continue
                hot = hovered and self._state.hovered_action == name
                if hot and keyboard:
                    # The keyboard's pick is a focused button, not only a colour.
                    painter.setPen(QPen(QColor(palette.accent), 1.5))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRoundedRect(QRectF(action_rect).adjusted(1, 1, -1, -1), 5, 5)
                painter.setPen(QColor(palette.accent if hot else palette.muted))
                text = dict(header_actions(item, self._model)).get(name, name)
                painter.drawText(action_rect, Qt.AlignmentFlag.AlignCenter, text)

    def _paint_message(
        self,
        painter: QPainter,
        item: ChatItem,
        layout: RowLayout,
        palette: Palette,
        index: QModelIndex,
        keyboard: bool,
    ) -> None:
        self._paint_header(painter, item, layout, palette, index, keyboard)
        if item.kind == "notice":
            colour = _notice_colour(item, palette)
            painter.setPen(QPen(QColor(colour), 1))
            background = QColor(colour)
            background.setAlpha(24)
            painter.setBrush(background)
            painter.drawRoundedRect(QRectF(layout.frame), 10, 10)
        elif item.role == "user":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(palette.user_bubble))
            painter.drawRoundedRect(QRectF(layout.frame), 10, 10)
        if not layout.chips.isEmpty():
            self._paint_chips(painter, item, layout.chip_rects)
        if not layout.reasoning_toggle.isEmpty():
            painter.setFont(self._small_font())
            painter.setPen(QColor(palette.muted))
            arrow = "▾" if item.reasoning_expanded else "▸"
            words = len(item.reasoning.split())
            painter.drawText(
                layout.reasoning_toggle,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                f"{arrow}  Reasoning ({words} words)",
            )
            if not layout.reasoning.isEmpty():
                painter.setPen(QPen(QColor(palette.border), 2))
                painter.drawLine(
                    layout.reasoning.topLeft() + QPoint(-6, 0),
                    layout.reasoning.bottomLeft() + QPoint(-6, 0),
                )
                self._draw_document(
                    painter,
                    self.document(item, layout.reasoning.width(), "reasoning"),
                    layout.reasoning,
                    palette.muted,
                )
        if self._state.editor_row() != index.row():  # else the open editor shows the text
            self._draw_document(
                painter, self.document(item, layout.body.width()), layout.body, palette.text
            )
        if layout.show_all_text:
            font = self._small_font()
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor(palette.accent))
            painter.drawText(
                layout.show_all,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                layout.show_all_text,
            )
        if layout.footer_text:
            painter.setFont(self._small_font())
            painter.setPen(QColor(palette.muted))
            painter.drawText(
                layout.footer,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                layout.footer_text,
            )

    def thumbnail(self, part: dict[str, Any]) -> QPixmap | None:
        """The part's thumbnail if made; otherwise None (and it is being made)."""
        asset_id = part.get("asset_id")
        if self.thumbnails is None or not isinstance(asset_id, str):
            return None
        return self.thumbnails.pixmap(asset_id)

    def _chip_rects(self, item: ChatItem, area: QRect) -> list[QRect]:
        """One rectangle per attachment that fits on the line (the rest are not drawn)."""
        metrics = QFontMetrics(self._small_font())
        rects: list[QRect] = []
        x = area.left()
        for part in item.attachments:
            image = part.get("type") == "image"
            text_width = metrics.horizontalAdvance(attachment_name(part))
            # Padding 6 before the thumbnail or icon, 8 after the name, and the border.
            lead = THUMBNAIL_SPACE if image else ICON_SPACE
            width = min(text_width + lead + 16, MAX_CHIP_WIDTH)
            width = min(width, area.right() - x)
            if width < 60:
                break
            rects.append(QRect(x, area.top(), width, area.height()))
            x += width + CHIP_GAP
        return rects

    def _paint_chips(self, painter: QPainter, item: ChatItem, rects: list[QRect]) -> None:
        """Attachments as chips: a thumbnail for images, a file icon otherwise, and the name."""
        from agent_desktop.toolkit.icons import ui_icon

        palette = current_palette()
        painter.setFont(self._small_font())
        metrics = painter.fontMetrics()
        for part, chip in zip(item.attachments, rects, strict=False):
            image = part.get("type") == "image"
            painter.setPen(QPen(QColor(palette.border), 1))
            painter.setBrush(QColor(palette.surface))
            painter.drawRoundedRect(QRectF(chip), 6, 6)
            left = chip.left() + 6
            pixmap = self.thumbnail(part) if image else None
            if pixmap is not None:
                size = pixmap.size().scaled(
                    THUMBNAIL_SPACE - 8, chip.height() - 12, Qt.AspectRatioMode.KeepAspectRatio
                )
                target = QRect(left, chip.top() + (chip.height() - size.height()) // 2, 0, 0)
                target.setSize(size)
                painter.drawPixmap(target, pixmap)
                left += THUMBNAIL_SPACE
            else:
                icon = ui_icon("image" if image else "file")
                icon.paint(painter, QRect(left, chip.center().y() - 8, 16, 16))
                left += THUMBNAIL_SPACE if image else ICON_SPACE
            painter.setPen(QColor(palette.text))
            text_rect = QRect(left, chip.top(), chip.right() - 8 - left, chip.height())
            painter.drawText(
                text_rect,
                Qt.AlignmentFlag.AlignVCenter,
                metrics.elidedText(
                    attachment_name(part), Qt.TextElideMode.ElideMiddle, text_rect.width()
                ),
            )

    def _draw_document(
        self, painter: QPainter, document: QTextDocument, rect: QRect, color: str
    ) -> None:
        from PySide6.QtGui import QAbstractTextDocumentLayout

        painter.save()
        painter.translate(rect.topLeft())
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(context.palette.ColorRole.Text, QColor(color))
        clip = painter.clipBoundingRect()
        if not clip.isEmpty():
            context.clip = clip
        document.documentLayout().draw(painter, context)
        painter.restore()

    def _paint_tool(
        self,
        painter: QPainter,
        item: ChatItem,
        layout: RowLayout,
        palette: Palette,
        index: QModelIndex,
    ) -> None:
        hovered = self._state.hovered_row == index.row()
        painter.setPen(QPen(QColor(palette.border), 1))
        painter.setBrush(QColor(palette.tool_background))
        painter.drawRoundedRect(QRectF(layout.frame).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        if hovered:
            path = QPainterPath()
            path.addRoundedRect(QRectF(layout.header).adjusted(1, 1, -1, -1), 8, 8)
            painter.fillPath(path, QColor(palette.tool_header_hover))
        header = layout.header
        painter.setFont(self._small_font())
        painter.setPen(QColor(palette.muted))
        chevron = QRect(header.left() + 8, header.top(), 14, header.height())
        painter.drawText(chevron, Qt.AlignmentFlag.AlignCenter, "▾" if item.expanded else "▸")
        self._paint_status_icon(
            painter, item, QRect(header.left() + 26, header.center().y() - 7, 14, 14), palette
        )
        name_font = self._monospace_font()
        name_font.setBold(True)
        painter.setFont(name_font)
        painter.setPen(QColor(palette.text))
        name_width = min(
            painter.fontMetrics().horizontalAdvance(item.tool_name) + 6, header.width() // 3
        )
        name_rect = QRect(header.left() + 48, header.top(), name_width, header.height())
        painter.drawText(
            name_rect,
            Qt.AlignmentFlag.AlignVCenter,
            painter.fontMetrics().elidedText(
                item.tool_name, Qt.TextElideMode.ElideRight, name_width
            ),
        )
        painter.setFont(self._small_font())
        state_text = STATE_LABELS.get(item.state, item.state)
        if item.started_at and item.finished_at:
            state_text = f"{state_text} · {item.finished_at - item.started_at:.1f} s"
        state_width = painter.fontMetrics().horizontalAdvance(state_text) + 12
        state_rect = QRect(
            header.right() - state_width - 4, header.top(), state_width, header.height()
        )
        state_colour = {
            "success": palette.success,
            "error": palette.error,
            "denied": palette.error,
            "awaiting_approval": palette.warning,
        }
        painter.setPen(QColor(state_colour.get(item.state, palette.muted)))
        painter.drawText(
            state_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, state_text
        )
        summary_left = name_rect.right() + 12
        summary_rect = QRect(
            summary_left,
            header.top(),
            max(0, state_rect.left() - summary_left - 8),
            header.height(),
        )
        painter.setPen(QColor(palette.muted))
        summary = " ".join(item.summary.split())
        painter.drawText(
            summary_rect,
            Qt.AlignmentFlag.AlignVCenter,
            painter.fontMetrics().elidedText(
                summary, Qt.TextElideMode.ElideRight, summary_rect.width()
            ),
        )
        if item.expanded:
            for title, rect, part in (
                ("Arguments", layout.arguments, "arguments"),
                ("Output", layout.output, "output"),
            ):
                if rect.isEmpty():
                    continue
                painter.setFont(self._small_font())
                painter.setPen(QColor(palette.muted))
                painter.drawText(
                    QRect(
                        rect.left(),
                        rect.top() - LINE_TOGGLE_HEIGHT,
                        rect.width(),
                        LINE_TOGGLE_HEIGHT,
                    ),
                    Qt.AlignmentFlag.AlignVCenter,
                    title,
                )
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(palette.code_background))
                painter.drawRoundedRect(QRectF(rect), 6, 6)
                colour = (
                    palette.error if part == "output" and item.state == "error" else palette.text
                )
                self._draw_document(
                    painter,
                    self.document(item, rect.width() - 16, part),
                    rect.adjusted(8, 4, -8, -4),
                    colour,
                )

    def _paint_status_icon(
        self, painter: QPainter, item: ChatItem, rect: QRect, palette: Palette
    ) -> None:
        painter.save()
        if item.state in ("running", "pending"):
            painter.setPen(
                QPen(QColor(palette.accent), 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            painter.setBrush(Qt.BrushStyle.NoBrush)
            angle = int((time.monotonic() * 360) % 360) * 16 if item.state == "running" else 0
            painter.drawArc(QRectF(rect).adjusted(1, 1, -1, -1), -angle, 270 * 16)
        elif item.state == "success":
            painter.setPen(
                QPen(QColor(palette.success), 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            painter.drawPolyline(
                [
                    QPoint(rect.left() + 2, rect.center().y()),
                    QPoint(rect.left() + 6, rect.bottom() - 2),
                    QPoint(rect.right() - 1, rect.top() + 3),
                ]
            )
        elif item.state in ("error", "denied"):
            painter.setPen(
                QPen(QColor(palette.error), 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            )
            inner = rect.adjusted(3, 3, -3, -3)
            painter.drawLine(inner.topLeft(), inner.bottomRight())
            painter.drawLine(inner.topRight(), inner.bottomLeft())
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(palette.warning))
            painter.drawEllipse(rect.adjusted(2, 2, -2, -2))
        painter.restore()

    # ------------------------------------------------------------------ selectable text editor
    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        item: ChatItem = index.data(ITEM_ROLE)
        layout = self.layout(item, option.rect)
        from agent_desktop.conversation.selectable_text import SelectableText

        cached = self.cached_document(item, layout.body.width())
        editor = SelectableText(parent)
        editor.setDocument(cached.document.clone(editor))
        editor.anchor_activated.connect(
            lambda href, key=item.key: self.anchor_activated.emit(key, href)
        )
        editor.pressed.connect(lambda shift, key=item.key: self.text_pressed.emit(key, shift))
        return editor

    def updateEditorGeometry(
        self,
        editor: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        item: ChatItem = index.data(ITEM_ROLE)
        editor.setGeometry(self.layout(item, option.rect).body)

    def setEditorData(self, editor: QWidget, index: QModelIndex) -> None:  # type: ignore[override]
        """The editor is read-only and built complete in createEditor."""

    def setModelData(self, editor: QWidget, model: Any, index: QModelIndex) -> None:  # type: ignore[override]
        """Nothing is ever written back: the editor only offers selection."""


class ChatView(QListView):
    """Shows a ChatModel; emits what the user asks for, never talks to the application itself."""

    message_context_menu_requested = Signal(int, QMenu)
    action_requested = Signal(str, int)  # built-in action name, message index
    approval_decided = Signal(object, dict)  # the call as `show_approval` got it, decision
    attachment_activated = Signal(dict)  # the multipartContent part of a sent attachment
    copied = Signal(str)  # what was copied, for feedback: "Code copied", "Message copied"

    def __init__(self, model: ChatModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setAccessibleName("Conversation")
        self._paint = PaintState()
        self._prompts: dict[str, ApprovalPrompt] = {}
        self._paint.prompts = self._prompts
        self._stick_to_bottom = True
        self._adjusting = False
        self._view_size = QSize()
        self._refiner = QTimer(self)
        self._refiner.setInterval(0)
        self._refiner.timeout.connect(self._refine_heights)
        self._height_update = QTimer(self)
        self._height_update.setSingleShot(True)
        self._height_update.setInterval(0)
        self._height_update.timeout.connect(self.apply_row_heights)
        self._last_height_update = 0.0
        self._pager = QTimer(self)
        self._pager.setSingleShot(True)
        self._pager.setInterval(0)
        self._pager.timeout.connect(self._page)
        self._render_poll = QTimer(self)
        self._render_poll.setInterval(RENDER_POLL_MS)
        self._render_poll.timeout.connect(self._collect_renders)
        self._viewers: list[QWidget] = []
        self._range_anchor: QPersistentModelIndex | None = None
        self._reveal_timer = QTimer(self)
        self._reveal_timer.setSingleShot(True)
        self._reveal_timer.setInterval(REVEAL_HIGHLIGHT_MS)
        self._reveal_timer.timeout.connect(self._end_reveal)
        self._spinner = QTimer(self)
        self._spinner.setInterval(80)
        self._spinner.timeout.connect(self._tick_spinners)
        self.chat_model = model
        self.setModel(model)
        self.selectionModel().currentChanged.connect(self._on_current_row_changed)
        self._delegate = ChatDelegate(model, self._paint, self)
        self._delegate.renders_pending.connect(self.watch_renders)
        self._delegate.heights_pending.connect(self.schedule_height_update)
        self._delegate.anchor_activated.connect(self.activate_anchor)
        self._delegate.text_pressed.connect(self._text_pressed)
        self.setItemDelegate(self._delegate)
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
        # Bound methods, not lambdas: Qt drops them with the view, which a model may outlive.
        model.rowsInserted.connect(self._spinner_check)
        model.rowsInserted.connect(self._start_refining)
        model.dataChanged.connect(self._spinner_check)

    # ------------------------------------------------------------------ configuration
    def set_footer_elements(self, elements: list[dict[str, Any]]) -> None:
        self._delegate.footer_elements = list(elements)
        self._relayout()

    def theme_changed(self, _palette: object = None) -> None:
        self._close_editor()
        self._delegate.forget()
        self._relayout()

    def _relayout(self) -> None:
        self._delegate.forget()
        self.scheduleDelayedItemsLayout()
        self.viewport().update()
        self._start_refining()

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
        if not self._pager.isActive():
            self._pager.start()

    def _page(self) -> None:
        """Near the top, page older messages in (and let the bottom go); near the bottom of a
        window that ends before the newest message, the reverse. One page per turn."""
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
        self._delegate.forget_rows(
            [self.chat_model.item(row).key for row in range(first, last + 1)]
        )

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
        self._start_refining()
        self.viewport().update()

    def show_full_text(self, item: ChatItem, find: str = "") -> QWidget:
        """Open the whole text of a message in its own window (filled progressively), at the
        first `find` if given."""
        from agent_desktop.conversation.full_text_viewer import FullTextViewer

        label = ROLE_LABELS.get(item.role, item.role.title())
        number = f" {item.message_index + 1}" if item.message_index is not None else ""
        viewer = FullTextViewer(f"{label} message{number}", item.text, self, find=find)
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

    def show_first_message(self) -> None:
        """Jump to the start of the conversation (Ctrl+Home), however long it is."""
        first = self.chat_model.first_message_index()
        if first is not None and self.chat_model.show_around(first):
            self._stick_to_bottom = False
            self.scrollToTop()

    def schedule_height_update(self) -> None:
        if not self._height_update.isActive():
            self._height_update.start()

    def apply_row_heights(self) -> None:
        """Give Qt the exact heights found since the last relayout, in one relayout, and move
        the scroll position by what changed above the viewport so nothing visible jumps."""
        if not self._delegate.has_pending_heights():
            return
        self._height_update.stop()
        top = self.indexAt(QPoint(10, 1))
        above = top.row() if top.isValid() else 0
        if top.isValid() and self.visualRect(top).top() < 0:
            above += 1  # the partly hidden top row keeps its visible part in place too
        deltas = self._delegate.take_pending_heights()
        shift = sum(deltas.get(self.chat_model.item(row).key, 0) for row in range(above))
        self.scheduleDelayedItemsLayout()
        self.executeDelayedItemsLayout()
        self._last_height_update = time.monotonic()
        if shift and not self._stick_to_bottom:
            self._adjusting = True
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift)
            self._adjusting = False

    def _start_refining(self, *_signal_arguments: object) -> None:
        if self.chat_model.rowCount() and not self._refiner.isActive():
            self._refiner.start()

    def _refine_heights(self, budget_ms: float = 6.0) -> None:
        """Lay rows out in small idle slices, nearest to the viewport first (upward, since a
        chat opens at its end), and hand the heights to Qt in batches."""
        count = self.chat_model.rowCount()
        width = self.viewport().width()
        top = self.indexAt(QPoint(10, 1))
        top_row = top.row() if top.isValid() else count - 1
        deadline = time.perf_counter() + budget_ms / 1000
        delegate = self._delegate
        nearest = count
        for row in (*range(top_row - 1, -1, -1), *range(top_row, count)):
            item = self.chat_model.item(row)
            if delegate.has_exact_height(item, width):
                continue
            delegate.exact_height(item, width)
            nearest = min(nearest, abs(row - top_row))
            if time.perf_counter() > deadline:
                break
        else:
            self._refiner.stop()
        soon_visible = nearest <= REFINE_NEAR_ROWS
        overdue = time.monotonic() - self._last_height_update > REFINE_BATCH_SECONDS
        if not self._refiner.isActive() or soon_visible or overdue:
            self.apply_row_heights()

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
                self._start_refining()
        self._position_prompts()

    # ------------------------------------------------------------------ approval prompts
    def show_approval(
        self, call: CallKey | str, details: dict[str, Any] | None = None
    ) -> ApprovalPrompt | None:
        """Show the prompt in the row of `call` (see `ChatModel.tool_item`); it does not take the
        keyboard (see `ApprovalPrompt`)."""
        from agent_desktop.conversation.approval import ApprovalPrompt

        item = self.chat_model.tool_item(call)
        if item is None:
            return None
        self._drop_prompt(item.key)
        prompt = ApprovalPrompt(item.tool_name, self.viewport(), details)
        prompt.decided.connect(lambda decision: self._on_prompt_decided(call, decision))
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

    def approval_prompt(self, call: CallKey | str) -> ApprovalPrompt | None:
        item = self.chat_model.tool_item(call)
        return self._prompts.get(item.key) if item is not None else None

    def _on_prompt_decided(self, call: CallKey | str, decision: dict[str, Any]) -> None:
        self.dismiss_approval(call)
        item = self.chat_model.tool_item(call)
        if item is not None:
            item.state = "denied" if decision["decision"] == "deny" else "running"
            if decision["decision"] == "deny":
                item.single_line = decision.get("reason") or "denied by you"
            item.expanded = False
            self.chat_model.refresh(item)
        self.approval_decided.emit(call, decision)

    def dismiss_approval(self, call: CallKey | str) -> None:
        item = self.chat_model.tool_item(call)
        if item is not None and self._drop_prompt(item.key):
            self.chat_model.refresh(item)

    def _drop_prompt(self, row_key: str) -> bool:
        prompt = self._prompts.pop(row_key, None)
        if prompt is None:
            return False
        prompt.hide()
        prompt.deleteLater()
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

    def keyPressEvent(self, event: QKeyEvent) -> None:
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
                self._copy(blocks[-1], "Code copied")
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
        menu.setAccessibleName("Message actions")
        if item.kind == "message":
            for name, label in self.header_actions(item):
                if name == "more":
                    continue
                action = menu.addAction(label if name != "regenerate" else "Regenerate")
                action.setObjectName(f"messageAction_{name}")
                action.triggered.connect(
                    lambda _=False, n=name, it=item: self.trigger_action(n, it)
                )
            fork = menu.addAction("Fork chat from here")
            fork.setObjectName("messageAction_fork")
            fork.setToolTip("A new chat with the messages up to this one")
            fork.triggered.connect(lambda _=False, it=item: self.trigger_action("fork", it))
            if self._delegate.body_source(item).elided:
                action = menu.addAction("Show all text")
                action.setObjectName("messageAction_show_all")
                action.triggered.connect(lambda _=False, it=item: self.show_full_text(it))
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
            self._copy(item.text, "Message copied")
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
        from agent_desktop.conversation.markdown_render import COPY_SCHEME

        if href.startswith(COPY_SCHEME):
            width = self._delegate.layout(
                item, QRect(0, 0, self.viewport().width(), 0)
            ).body.width()
            blocks = self._delegate.cached_document(item, width).code_blocks
            number = int(href.removeprefix(COPY_SCHEME) or -1)
            if 0 <= number < len(blocks):
                self._copy(blocks[number], "Code copied")
        elif href.startswith(("http://", "https://", "mailto:")):
            from PySide6.QtCore import QUrl
            from PySide6.QtGui import QDesktopServices

            QDesktopServices.openUrl(QUrl(href))

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
        self._stick_to_bottom = True
        self._paint.revealed_key = None
        self._delegate.forget()
        QTimer.singleShot(0, self._scroll_to_bottom_if_following)
        self._start_refining()

    def code_blocks_of(self, row: int) -> tuple[str, ...]:
        item = self.chat_model.item(row)
        width = self._delegate.layout(item, QRect(0, 0, self.viewport().width(), 0)).body.width()
        return self._delegate.cached_document(item, width).code_blocks

    def row_layout(self, row: int) -> RowLayout:
        index = self.chat_model.index(row)
        return self._delegate.layout(index.data(ITEM_ROLE), self.visualRect(index))


def _header_model_name(item: ChatItem) -> str | None:
    """The model an assistant row's header names (from the message's metadata), if any."""
    if item.role != "assistant" or not item.message:
        return None
    model_name = (item.message.get("metadata") or {}).get("model")
    return str(model_name) if model_name else None


def _ending_label(item: ChatItem) -> str:
    """How a cut-short answer ended: stopped by you, timed out, connection cut or failed."""
    metadata = (item.message or {}).get("metadata") or {}
    ended = metadata.get("ended")
    if ended in ENDING_LABELS:
        return ENDING_LABELS[ended]
    return ENDING_LABELS[STOPPED] if metadata.get("stopped") else "incomplete"


def _notice_colour(item: ChatItem, palette: Palette) -> str:
    return palette.error if item.role == "notice" else palette.accent


def _add_images(document: QTextDocument, images: list[dict[str, str]], width: int) -> None:
    """A tool result's pictures below its text, at most the row's width (and 480 px) wide."""
    import base64
    import binascii

    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QImage, QTextCursor, QTextDocument, QTextImageFormat

    cursor = QTextCursor(document)
    cursor.movePosition(QTextCursor.MoveOperation.End)
    for number, image in enumerate(images):
        picture = QImage()
        try:
            picture.loadFromData(base64.b64decode(image.get("data", ""), validate=True))
        except (binascii.Error, ValueError):
            picture = QImage()
        cursor.insertBlock()
        if picture.isNull():
            cursor.insertText(f"[{image.get('mime', 'image')}: could not be shown]")
            continue
        name = f"tool-image:{number}"
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), picture)
        shown = QTextImageFormat()
        shown.setName(name)
        scale = min(1.0, min(width, 480) / max(1, picture.width()))
        if picture.width() < 64:  # tiny pictures (icons, test patterns) drawn large enough to see
            scale = 64 / max(1, picture.width())
        shown.setWidth(picture.width() * scale)
        shown.setHeight(picture.height() * scale)
        cursor.insertImage(shown)
