"""Where each part of a chat row goes and how tall the row is: the sizing half of the chat's
delegate, the documents it measures, and the idle-time pass that makes estimated heights exact.

Why this is its own module: Qt asks one delegate both for a row's size and for its painting, but
the two change for different reasons. Heights decide what every relayout costs and whether the
view jumps while a chat opens or streams; painting decides what a row looks like. Keeping the
sizing here (and the painting in `chat_delegate`, the interaction in `chat_view`) lets each be
read and changed without the other two.

- Each row's Markdown is rendered to a `QTextDocument` lazily, the first time it is laid out, and
  kept in a small LRU cache (`DOCUMENT_CACHE_SIZE`), so memory stays flat however long the chat.
  The cache is keyed by the row's text version, so a finished answer reuses what was streamed.
- Row heights: rows never laid out get a cheap estimate from their text length. An idle-time
  pass (`HeightRefiner`) lays rows out in small slices, nearest to the viewport first, and hands
  the exact heights to Qt in batches (each hand-over is one relayout of every row, so they are
  rationed); the view moves its scroll position by whatever changed above the viewport, so
  nothing visible jumps.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeGuard

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QStyledItemDelegate, QWidget

from agent_app.model_choice import ANSWERED_BY_KEY, ModelChoice, chat_model_choice
from agent_app.turn_outcome import ENDING_LABELS, STOPPED
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.conversation.chat_model import ChatItem, ChatModel
from agent_desktop.conversation.message_body import (
    BACKGROUND_RENDER_CHARACTERS,
    BackgroundRenderer,
    BodySource,
    body_source,
    describe_size,
)
from agent_desktop.conversation.ui_templates import render_element
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.theme import HIGH_CONTRAST, Palette, current_palette
from agent_desktop.toolkit.timers import SelfStoppingTimer

if TYPE_CHECKING:
    # Needed once rows are laid out, not for the window's first paint, so they are imported
    # where they are used: PySide builds each Qt class on first use, and start-up time counts.
    from PySide6.QtCore import QModelIndex
    from PySide6.QtGui import QTextDocument
    from PySide6.QtWidgets import QStyleOptionViewItem

    from agent_desktop.conversation.figures import FigureDrawer, FigureStyle

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
# At most one relayout of every row a frame: work that lays every row out (handing heights
# over, paging older messages in) waits, after a relayout, until the rows are painted, or this
# long where nothing is painted (a hidden view). Scrolling a page a frame through a long
# chat, each frame found heights twice (the rows just above, the rows painted) and paged in:
# three relayouts of 600 rows in one frame, the longest frames.
UNPAINTED_RELAYOUT_WAIT_MS = 250
SHOW_ALL_HEIGHT = 24


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
        "app_view",
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
        "task_controls",
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
        self.app_view = QRect()
        self.output = QRect()
        self.prompt = QRect()
        self.task_controls = QRect()
        self.actions: list[tuple[str, QRect]] = []
        self.footer_text = ""
        self.show_all = QRect()
        self.show_all_text = ""

    def mirror(self, bounds: QRect) -> None:
        """Flip every part left for right within `bounds` (the row): a right-to-left window
        (Arabic) starts each row at the right, so what is laid out from the left edge (chips,
        the header's actions from the right edge) changes sides, and clicks find them there."""
        for name in ("frame", "body", "header", "reasoning_toggle", "reasoning", "chips"):
            setattr(self, name, mirrored(getattr(self, name), bounds))
        for name in ("footer", "arguments", "app_view", "output", "prompt", "show_all"):
            setattr(self, name, mirrored(getattr(self, name), bounds))
        self.chip_rects = [mirrored(rect, bounds) for rect in self.chip_rects]
        self.actions = [(name, mirrored(rect, bounds)) for name, rect in self.actions]


def mirrored(rect: QRect, bounds: QRect) -> QRect:
    """`rect` flipped left for right within `bounds` (what QStyle.visualRect does for RTL)."""
    if rect.isNull():
        return rect
    return QRect(
        bounds.left() + bounds.right() - rect.right(), rect.top(), rect.width(), rect.height()
    )


class CachedDocument:
    __slots__ = (
        "code_blocks",
        "document",
        "drawing_figures",
        "rich",
        "source",
        "theme",
        "version",
        "width",
    )

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
        # Shows the source of a formula or diagram being drawn: made again once drawn.
        self.drawing_figures = False


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
        self.app_views: Mapping[str, QWidget] = {}  # a tool row's key → its MCP App view
        # A running tool row's key → its progress bar and Cancel (`task_controls`).
        self.task_controls: Mapping[str, QWidget] = {}

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
        # ‹ 2/3 ›: the other versions of the chat from this message on (whose model each one
        # is, the header says).
        count = f"{versions.number}/{versions.total}"
        actions += [("previous_version", "‹"), ("versions", count), ("next_version", "›")]
    actions.append(("copy", QCoreApplication.translate("ChatLayout", "Copy")))
    if item.role == "user":
        actions.append(("edit", QCoreApplication.translate("ChatLayout", "Edit")))
    if item.role == "assistant":
        actions.append(("regenerate", QCoreApplication.translate("ChatLayout", "Retry")))
    actions += [("delete", QCoreApplication.translate("ChatLayout", "Delete")), ("more", "⋯")]
    return actions


class RowLayouter(QStyledItemDelegate):
    """The sizing half of the chat's delegate: lays rows out from the model's items and the
    view's `PaintState` (approval prompts take room), keeps their documents and heights, and
    says through signals what it needs. It knows the view only as a Qt item view (its font and
    width). `ChatDelegate` adds the painting."""

    renders_pending = Signal()  # a message is being rendered on the worker thread
    heights_pending = Signal()  # rows turned out taller or shorter than Qt was told
    # A row was painted (the view's rows since its last relayout are on screen). Not the
    # view's paintEvent: overriding it converts each paint event to Python, the first too.
    row_painted = Signal()

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
        self._figures: FigureDrawer | None = None  # made with the first message body
        self.footer_elements: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ geometry
    def column(self, row_rect: QRect) -> QRect:
        width = min(MAX_COLUMN_WIDTH, max(200, row_rect.width() - 2 * SIDE_MARGIN))
        left = row_rect.left() + (row_rect.width() - width) // 2
        return QRect(left, row_rect.top(), width, row_rect.height())

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # type: ignore[override]
        # Called for every row on each relayout: the common path is two lookups. The item is
        # taken from the model's list, not through Qt's data() (twice as slow a call).
        item = self._model.item(index.row())
        width = self._widget.viewport().width()
        reported = self._reported.get(item.key)
        if reported is not None and reported[0] == item.version and reported[1] == width:
            return reported[2]
        exact = self._heights.get(item.key)
        if exact is not None and exact[0] == item.version and exact[1] == width:
            height = exact[2]
        elif (
            item.kind == "tool"
            or item.streaming
            or index.row() == self._model.rowCount() - 1
            or item.key in self._documents
        ):
            # A streaming answer and the last row (the message just sent; where a chat opens)
            # are painted at once: an estimate would be corrected right after their first
            # paint, by a second relayout and repaint of every row.
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

    def keeps_its_height(self, item: ChatItem, width: int) -> bool:
        """Whether the row of `item`, changed since Qt was told its size, is as tall at `width`
        as Qt was told (laid out for real to tell); then that size stands for the row as it is
        now."""
        reported = self._reported.get(item.key)
        if reported is None or reported[1] != width:
            return False
        if self.exact_height(item, width) != reported[2].height():
            return False
        self._reported[item.key] = (item.version, width, reported[2])
        return True

    def has_exact_height(self, item: ChatItem, width: int) -> bool:
        cached = self._heights.get(item.key)
        return cached is not None and cached[0] == item.version and cached[1] == width

    def layout(self, item: ChatItem, rect: QRect) -> RowLayout:
        layout = (
            self._tool_layout(item, rect)
            if item.kind == "tool"
            else self._message_layout(item, rect)
        )
        if self.right_to_left():
            layout.mirror(rect)
        return layout

    def right_to_left(self) -> bool:
        """Whether rows are laid out from the right (the window's language is written so)."""
        return self._widget.layoutDirection() == Qt.LayoutDirection.RightToLeft

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
            layout.show_all_text = self.tr("Show all  ({size})").format(size=describe_size(source))
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
        controls = self._state.task_controls.get(item.key)
        if controls is not None:
            layout.task_controls = QRect(
                column.left() + 1, y, column.width() - 2, controls.sizeHint().height()
            )
            y = layout.task_controls.bottom() + 1
        if item.expanded:
            document = self.document(item, inner_width - 16, part="arguments")
            height = math.ceil(document.size().height()) + 8
            layout.arguments = QRect(inner_left, y + LINE_TOGGLE_HEIGHT, inner_width, height)
            y = layout.arguments.bottom() + 1
            if item.output or item.state in ("success", "error", "cancelled"):
                document = self.document(item, inner_width - 16, part="output")
                height = math.ceil(document.size().height()) + 8
                layout.output = QRect(inner_left, y + LINE_TOGGLE_HEIGHT, inner_width, height)
                y = layout.output.bottom() + 1
            y += 8
        prompt = self._state.prompts.get(item.key) if item.kind == "tool" else None
        prompt_height = 0
        if prompt is not None:
            # Its buttons wrap onto another line in a narrow chat: as tall as its width needs
            # (its one-line size hint let the wrapped buttons cover the reason field).
            width = column.width() - 2
            prompt_height = max(prompt.sizeHint().height(), prompt.heightForWidth(width))
        if prompt_height:
            layout.prompt = QRect(column.left() + 1, y, column.width() - 2, prompt_height)
            y += prompt_height
        # An MCP App view shows while its call waits, and may be tall: below the question.
        view = self._state.app_views.get(item.key)
        if view is not None:
            layout.app_view = QRect(
                column.left() + 1, y, column.width() - 2, view.sizeHint().height()
            )
            y = layout.app_view.bottom() + 1
        layout.frame = QRect(column.left(), top, column.width(), y - top)
        layout.height = y - rect.top() + 3
        return layout

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
                    self.tr("… %n earlier characters not shown …", "", omitted)
                    + "\n"
                    + text[-MAX_TOOL_OUTPUT_CHARS:]
                )
            document.setPlainText(text or self.tr("(no output)"))
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
        from agent_desktop.conversation.figures import FigureDrawer, compose_html
        from agent_desktop.conversation.markdown_render import document_stylesheet, render_markdown

        if self._figures is None:
            self._figures = FigureDrawer()
        source = self.body_source(item)
        text = source.text
        keep_line_breaks = item.role == "user"
        rendered: Any = None
        rich = True
        cached = self._documents.get(key)
        if len(text) > BACKGROUND_RENDER_CHARACTERS:
            ready = self._rendered.get(key)
            if ready is not None and ready[0] == text and ready[1] == palette.name:
                rendered = ready[2]
                rich = rendered is not None
            else:
                rich = False
                self._renderer.request(key, text, palette, keep_line_breaks)
                self.renders_pending.emit()
                if _renders_text_so_far(cached, text, palette.name):
                    # Text added to (a streaming answer): the rendering of the text so far
                    # stays until the new one arrives. Plain text between two renderings made
                    # every paragraph gap jump, frame after frame, while an answer streamed.
                    return self._reused(key, cached, width)
        if (
            cached is not None
            and cached.source == text
            and cached.rich == rich
            and cached.theme == palette.name
        ):
            return self._reused(key, cached, width)
        document = self._new_document()
        code_blocks: tuple[str, ...] = ()
        drawing_figures = False
        if rich:
            if rendered is None:
                rendered = render_markdown(text, palette, keep_line_breaks=keep_line_breaks)
            document.setDefaultStyleSheet(document_stylesheet(palette))
            html, drawing_figures = compose_html(
                rendered.html,
                rendered.figures,
                self._figures,
                self._figure_style(palette),
                document,
            )
            document.setHtml(html)
            if drawing_figures:
                self.renders_pending.emit()
            code_blocks = rendered.code_blocks
            if source.full_code_block is not None and code_blocks:
                code_blocks = (*code_blocks[:-1], source.full_code_block)
        else:
            document.setPlainText(text)
        document.setTextWidth(width)
        cached = CachedDocument(item.text_version, width, palette.name, document, code_blocks)
        cached.source, cached.rich = text, rich
        cached.drawing_figures = drawing_figures
        self._keep(key, cached)
        return cached

    def _figure_style(self, palette: Palette) -> FigureStyle:
        from PySide6.QtGui import QFontInfo

        from agent_desktop.conversation.figures import FigureStyle

        return FigureStyle(
            theme=palette.name,
            dark=palette.dark,
            contrast=palette is HIGH_CONTRAST,
            colour=palette.text,
            background=palette.code_background,
            pixel_size=QFontInfo(self._widget.font()).pixelSize(),
            scale=self._widget.devicePixelRatioF(),
        )

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
        if self._figures is not None and self._figures.take_done():
            # Rows showing a figure's source while it was drawn are made again with the drawing.
            for key, cached in list(self._documents.items()):
                if cached.drawing_figures:
                    del self._documents[key]
                    self._heights.pop(key, None)
        return self._renderer.busy() or (self._figures is not None and self._figures.busy())

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
        # The header names the model (the server's name for it in its tooltip): a footer
        # piece that only repeats the server's name is left out.
        model_name = server_model_name(item)
        pieces = [piece for part in parts if part for piece in part.split(" · ")]
        return " · ".join(piece for piece in pieces if piece != model_name)

    def _note_height(self, item: ChatItem, width: int, height: int) -> None:
        """A painted row's height."""
        self.row_painted.emit()
        self._store_exact(item, width, height)
        if item.key in self._pending:
            self.heights_pending.emit()


class HeightRefiner(QObject):
    """Makes estimated row heights exact while the loop is idle: lays rows out in small slices,
    nearest to the viewport first (upward, since a chat opens at its end), and hands the heights
    to Qt in batches. `rows_above_grew` says by how much the rows above the viewport grew at a
    hand-over, so the view can keep what is visible in place."""

    rows_above_grew = Signal(int)

    def __init__(self, layouter: RowLayouter, model: ChatModel, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._layouter = layouter
        self._model = model
        self._view = view
        self._refiner = SelfStoppingTimer(self._refine_heights, 0, self)
        self._height_update = SelfStoppingTimer(self._hand_over_heights, 0, self, single_shot=True)
        self._last_height_update = 0.0
        self._last_relayout = 0.0
        self._laid_out_since_paint = False
        # Timers whose slot lays every row out, waiting for the rows laid out to be painted.
        self._waiting_for_paint: list[QTimer] = []
        layouter.heights_pending.connect(self.schedule_height_update)
        layouter.row_painted.connect(self.note_painted)
        # The work follows the rows: new rows (another chat, older messages paged in) are laid
        # out; once the model is emptied (the chat shown was deleted) there is nothing to do.
        model.modelReset.connect(self._follow_rows)
        model.rowsInserted.connect(self._follow_rows)
        model.rowsRemoved.connect(self._stop_when_empty)

    def schedule_height_update(self) -> None:
        self.start_in_its_own_frame(self._height_update)

    def start_in_its_own_frame(self, timer: QTimer) -> None:
        """Start `timer`, whose slot lays every row out, at the next turn of the loop; if the
        rows were laid out since they were last painted, once they are (see
        UNPAINTED_RELAYOUT_WAIT_MS)."""
        if timer.isActive() and timer in self._waiting_for_paint:
            return
        if not timer.isActive():
            wait_ms = self._unpainted_wait_ms()
            timer.start(wait_ms)
            if wait_ms:
                self._waiting_for_paint.append(timer)

    def note_relayout(self) -> None:
        """The view laid every row out (the view calls this from its `doItemsLayout`)."""
        self._last_relayout = time.monotonic()
        self._laid_out_since_paint = True

    def note_painted(self) -> None:
        """The view painted a row: what waited for the rows to be painted may run."""
        self._laid_out_since_paint = False
        for timer in self._waiting_for_paint:
            timer.start(0)
        self._waiting_for_paint.clear()

    def _unpainted_wait_ms(self) -> int:
        if not self._laid_out_since_paint:
            return 0
        since_ms = (time.monotonic() - self._last_relayout) * 1000
        return max(0, math.ceil(UNPAINTED_RELAYOUT_WAIT_MS - since_ms))

    def laid_out_this_frame(self) -> bool:
        """Whether the rows were laid out since they were last painted (then a slot started
        by `start_in_its_own_frame` starts itself again: another that was waiting with it
        may have run first)."""
        return self._unpainted_wait_ms() > 0

    def _hand_over_heights(self) -> None:
        if self.laid_out_this_frame():
            self.schedule_height_update()
        else:
            self.apply_row_heights()

    def apply_row_heights(self) -> None:
        """Give Qt the exact heights found since the last relayout, in one relayout, and say by
        how much the rows above the viewport changed."""
        if not self._layouter.has_pending_heights():
            return
        self._height_update.stop()
        view = self._view
        top = view.indexAt(QPoint(10, 1))
        above = top.row() if top.isValid() else 0
        if top.isValid() and view.visualRect(top).top() < 0:
            above += 1  # the partly hidden top row keeps its visible part in place too
        deltas = self._layouter.take_pending_heights()
        shift = sum(deltas.get(self._model.item(row).key, 0) for row in range(above))
        view.scheduleDelayedItemsLayout()
        view.executeDelayedItemsLayout()
        self._last_height_update = time.monotonic()
        if shift:
            self.rows_above_grew.emit(shift)

    def start(self) -> None:
        """Lay the rows out again (their width, theme or footer changed)."""
        if self._model.rowCount() and not self._refiner.isActive():
            self._refiner.start()

    def _follow_rows(self, *_signal_arguments: object) -> None:
        self.start()
        self._stop_when_empty()

    def _stop_when_empty(self, *_signal_arguments: object) -> None:
        if not self._model.rowCount():
            self._refiner.stop()
            self._height_update.stop()

    def _refine_heights(self, budget_ms: float = 6.0) -> None:
        """Lay rows out in small idle slices, nearest to the viewport first (upward, since a
        chat opens at its end), and hand the heights to Qt in batches."""
        count = self._model.rowCount()
        width = self._view.viewport().width()
        top = self._view.indexAt(QPoint(10, 1))
        top_row = top.row() if top.isValid() else max(0, count - 1)
        deadline = time.perf_counter() + budget_ms / 1000
        layouter = self._layouter
        nearest = count
        for row in (*range(top_row - 1, -1, -1), *range(top_row, count)):
            item = self._model.item(row)
            if layouter.has_exact_height(item, width):
                continue
            layouter.exact_height(item, width)
            nearest = min(nearest, abs(row - top_row))
            if time.perf_counter() > deadline:
                break
        else:
            self._refiner.stop()
        soon_visible = nearest <= REFINE_NEAR_ROWS
        overdue = time.monotonic() - self._last_height_update > REFINE_BATCH_SECONDS
        if not self._refiner.isActive() or soon_visible or overdue:
            self._hand_over_heights()


def server_model_name(item: ChatItem) -> str | None:
    """The server's own name for the model that wrote an assistant row, if it gave one."""
    if item.role != "assistant" or not item.message:
        return None
    model_name = (item.message.get("metadata") or {}).get("model")
    return str(model_name) if model_name else None


def picked_model(item: ChatItem) -> ModelChoice | None:
    """The configured provider and model an assistant row's request went to, if known (answers
    written before the app kept it have only the server's name)."""
    if item.role != "assistant" or not item.message:
        return None
    return chat_model_choice((item.message.get("metadata") or {}).get(ANSWERED_BY_KEY))


def header_model_label(item: ChatItem, provider_label: Callable[[str], str]) -> str | None:
    """The one model label of an assistant row's header: the model picked and its provider
    ("claude-sonnet · Claude", the picker's words), else the server's name for it."""
    picked = picked_model(item)
    if picked is not None:
        return f"{picked.model} · {provider_label(picked.provider_id)}"
    return server_model_name(item)


def header_model_details(item: ChatItem) -> str | None:
    """The server's own name for the model, when it differs from the one the header names."""
    picked, server_name = picked_model(item), server_model_name(item)
    if picked is None or server_name is None or server_name == picked.model:
        return None
    return QCoreApplication.translate(
        "ChatLayout", "The server named the model that answered “{server_model}”."
    ).format(server_model=server_name)


def _ending_label(item: ChatItem) -> str:
    """How a cut-short answer ended: stopped by you, timed out, connection cut or failed."""
    metadata = (item.message or {}).get("metadata") or {}
    ended = metadata.get("ended")
    if ended in ENDING_LABELS:
        label = ENDING_LABELS[ended]
    else:
        incomplete = QT_TRANSLATE_NOOP("TurnOutcome", "incomplete")
        label = ENDING_LABELS[STOPPED] if metadata.get("stopped") else incomplete
    return QCoreApplication.translate("TurnOutcome", label)


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
            cursor.insertText(
                QCoreApplication.translate("ChatLayout", "[{kind}: could not be shown]").format(
                    kind=image.get("mime", "image")
                )
            )
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


def _renders_text_so_far(
    shown: CachedDocument | None, text: str, theme: str
) -> TypeGuard[CachedDocument]:
    """Whether `shown` is the Markdown rendering, in `theme`, of a start of `text`."""
    return (
        shown is not None
        and shown.rich
        and shown.theme == theme
        and shown.source is not None
        and text.startswith(shown.source)
    )
