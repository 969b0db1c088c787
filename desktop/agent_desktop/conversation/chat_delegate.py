"""The painting half of the chat's delegate: draws each row where `chat_layout` put its parts,
and opens the read-only text editor over the row the pointer is on.

Why this is its own module: painting changes with the look (themes, hover, the keyboard's pick,
tool states) while sizing changes with the text; keeping painting here and sizing in
`chat_layout` means a new look never risks the heights that keep the view from jumping.
`QListView` with per-pixel scrolling asks only the rows it shows to paint, so a paint is cheap
whatever the length of the chat.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QRectF,
    Signal,
)
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QAbstractItemView, QWidget

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.conversation.chat_layout import (
    ICON_SPACE,
    LINE_TOGGLE_HEIGHT,
    THUMBNAIL_SPACE,
    PaintState,
    RowLayout,
    RowLayouter,
    attachment_name,
    header_actions,
    header_model_details,
    header_model_label,
    mirrored,
)
from agent_desktop.conversation.chat_model import ITEM_ROLE, ChatItem, ChatModel
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.theme import Palette, current_palette

if TYPE_CHECKING:
    # Needed once rows paint, not for the window's first paint, so they are imported where
    # they are used: PySide builds each Qt class on first use, and start-up time counts.
    from PySide6.QtCore import QModelIndex
    from PySide6.QtGui import QHelpEvent, QPainter, QPixmap, QTextDocument
    from PySide6.QtWidgets import QStyleOptionViewItem

    from agent_desktop.conversation.thumbnails import ThumbnailCache

#: The rows' headers and tool states, translated where drawn.
ROLE_LABELS = {
    "user": QT_TRANSLATE_NOOP("ChatDelegate", "You"),
    "assistant": QT_TRANSLATE_NOOP("ChatDelegate", "Assistant"),
    "system": QT_TRANSLATE_NOOP("ChatDelegate", "System"),
    "notice": QT_TRANSLATE_NOOP("ChatDelegate", "Error"),
    "tool_servers": QT_TRANSLATE_NOOP(
        "ChatDelegate", "Tool servers"
    ),  # which MCP servers are not ready (informational)
}
# A message standing for earlier ones (a compaction's summary) says so in its metadata; it
# goes to the model as the user's words but was not written by the user.
SUMMARY_OF_KEY = "summary_of"


def author_label(item: ChatItem) -> str:
    """Who a row speaks for: "You", "Assistant", … or "Summary" for a compaction's summary,
    in the window's language."""
    if item.role == "user" and (item.message.get("metadata") or {}).get(SUMMARY_OF_KEY):
        return QCoreApplication.translate("ChatDelegate", "Summary")
    label = ROLE_LABELS.get(item.role)
    return QCoreApplication.translate("ChatDelegate", label) if label else item.role.title()


STATE_LABELS = {
    "preparing": QT_TRANSLATE_NOOP("ChatDelegate", "preparing…"),
    "pending": QT_TRANSLATE_NOOP("ChatDelegate", "waiting"),
    "awaiting_approval": QT_TRANSLATE_NOOP("ChatDelegate", "needs approval"),
    "running": QT_TRANSLATE_NOOP("ChatDelegate", "running"),
    "success": QT_TRANSLATE_NOOP("ChatDelegate", "done"),
    "error": QT_TRANSLATE_NOOP("ChatDelegate", "failed"),
    "denied": QT_TRANSLATE_NOOP("ChatDelegate", "denied"),
    "cancelled": QT_TRANSLATE_NOOP("ChatDelegate", "cancelled by you"),
}


VERSION_ACTIONS = frozenset({"previous_version", "versions", "next_version"})


class ChatDelegate(RowLayouter):
    """Paints rows from the model's items and the view's `PaintState`; says what it needs
    through signals. It knows the view only as a Qt item view (its font and width)."""

    anchor_activated = Signal(str, str)  # row key, href (a link or a code block's Copy)
    text_pressed = Signal(str, bool)  # row key, Shift held: a click on a message's text

    def __init__(self, model: ChatModel, state: PaintState, view: QAbstractItemView) -> None:
        super().__init__(model, state, view)
        self.thumbnails: ThumbnailCache | None = None  # set with the view's attachment reader

    # ------------------------------------------------------------------ tooltips
    def helpEvent(
        self,
        event: QHelpEvent,
        view: QAbstractItemView,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> bool:
        """Pointed at, an answer's header says the server's own name for its model when that
        differs from the model it names (a proxy answering as "local-model"). Qt asks the
        delegate only for tooltips and "What's This": an override of the view's
        `viewportEvent` was handed every event of the window's first paint."""
        from PySide6.QtCore import QEvent
        from PySide6.QtWidgets import QToolTip

        if event.type() == QEvent.Type.ToolTip:
            details = self.header_details(index, option.rect, event.pos())
            if details:
                QToolTip.showText(event.globalPos(), details, view.viewport())
                return True
        return super().helpEvent(event, view, option, index)

    def header_details(
        self, index: QModelIndex | QPersistentModelIndex, rect: QRect, pos: QPoint
    ) -> str | None:
        """What the header of the row at `index` (drawn in `rect`) tells when `pos` points at
        it, if anything."""
        if not index.isValid():
            return None
        item: ChatItem = index.data(ITEM_ROLE)
        if not self.layout(item, rect).header.contains(pos):
            return None
        return header_model_details(item)

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
        # Text aligned left starts at the leading edge when the painter knows the direction
        # the rows were laid out in (`layout` mirrors them for right-to-left).
        painter.setLayoutDirection(self._widget.layoutDirection())
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
        painter.drawText(
            layout.header.adjusted(0, 0, 0, -4),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.header_label(item),
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

    def header_label(self, item: ChatItem) -> str:
        """Who wrote the row, with which model (one label), and whether it is still writing."""
        label = author_label(item)
        model_name = header_model_label(item, self._model.provider_label)
        if model_name:
            label = f"{label}  ·  {model_name}"
        if item.streaming:
            label += "  ·  " + self.tr("writing…")
        return label

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
            arrow = "▾" if item.reasoning_expanded else self._closed_arrow()
            words = len(item.reasoning.split())
            painter.drawText(
                layout.reasoning_toggle,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                f"{arrow}  " + self.tr("Reasoning (%n words)", "", words),
            )
            if not layout.reasoning.isEmpty():
                # A bar along the reasoning's leading edge, as a quotation is marked.
                painter.setPen(QPen(QColor(palette.border), 2))
                if self.right_to_left():
                    edge, outside = layout.reasoning.topRight(), QPoint(6, 0)
                else:
                    edge, outside = layout.reasoning.topLeft(), QPoint(-6, 0)
                painter.drawLine(
                    edge + outside, edge + outside + QPoint(0, layout.reasoning.height() - 1)
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
            # Laid out from the chip's left edge, then flipped inside it for right-to-left.
            left = chip.left() + 6
            pixmap = self.thumbnail(part) if image else None
            if pixmap is not None:
                size = pixmap.size().scaled(
                    THUMBNAIL_SPACE - 8, chip.height() - 12, Qt.AspectRatioMode.KeepAspectRatio
                )
                target = QRect(left, chip.top() + (chip.height() - size.height()) // 2, 0, 0)
                target.setSize(size)
                painter.drawPixmap(self._visual(target, chip), pixmap)
                left += THUMBNAIL_SPACE
            else:
                icon = ui_icon("image" if image else "file")
                icon.paint(painter, self._visual(QRect(left, chip.center().y() - 8, 16, 16), chip))
                left += THUMBNAIL_SPACE if image else ICON_SPACE
            painter.setPen(QColor(palette.text))
            text_rect = self._visual(
                QRect(left, chip.top(), chip.right() - 8 - left, chip.height()), chip
            )
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

        # Only the lines in sight are drawn. Qt skips the lines outside the context's clip; an
        # item view's painter has none, so every line of a paragraph was drawn each frame, those
        # scrolled out of the viewport too: a streaming giant answer's head is one paragraph of
        # 4,000 characters, most of a paint's time.
        shown = (
            painter.clipBoundingRect()
            if painter.hasClipping()
            else QRectF(self._widget.viewport().rect())
        ).intersected(QRectF(rect))
        if shown.isEmpty():
            return
        painter.save()
        painter.translate(rect.topLeft())
        context = QAbstractTextDocumentLayout.PaintContext()
        context.palette.setColor(context.palette.ColorRole.Text, QColor(color))
        context.clip = shown.translated(-rect.left(), -rect.top())
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
        # The header's parts are placed from its left edge, then flipped for right-to-left
        # (`_visual`): chevron, state and name at the leading edge, the state at the trailing.
        chevron = QRect(header.left() + 8, header.top(), 14, header.height())
        painter.drawText(
            self._visual(chevron, header),
            Qt.AlignmentFlag.AlignCenter,
            "▾" if item.expanded else self._closed_arrow(),
        )
        status = QRect(header.left() + 26, header.center().y() - 7, 14, 14)
        self._paint_status_icon(painter, item, self._visual(status, header), palette)
        name_font = self._monospace_font()
        name_font.setBold(True)
        painter.setFont(name_font)
        painter.setPen(QColor(palette.text))
        name_width = min(
            painter.fontMetrics().horizontalAdvance(item.shown_name) + 6, header.width() // 3
        )
        name_rect = QRect(header.left() + 48, header.top(), name_width, header.height())
        painter.drawText(
            self._visual(name_rect, header),
            Qt.AlignmentFlag.AlignVCenter | written_direction(item.shown_name),
            painter.fontMetrics().elidedText(
                item.shown_name, Qt.TextElideMode.ElideRight, name_width
            ),
        )
        painter.setFont(self._small_font())
        state_text = (
            QCoreApplication.translate("ChatDelegate", STATE_LABELS[item.state])
            if item.state in STATE_LABELS
            else item.state
        )
        if item.seconds is not None:
            state_text = self.with_duration(state_text, item.seconds)
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
            self._visual(state_rect, header),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
            state_text,
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
            self._visual(summary_rect, header),
            Qt.AlignmentFlag.AlignVCenter | written_direction(summary),
            painter.fontMetrics().elidedText(
                summary, Qt.TextElideMode.ElideRight, summary_rect.width()
            ),
        )
        if item.expanded:
            for title, rect, part in (
                (self.tr("Arguments"), layout.arguments, "arguments"),
                (self.tr("Output"), layout.output, "output"),
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

    def with_duration(self, state_text: str, seconds: float) -> str:
        """How long a call took, e.g. "done · 1.2 s"; under 0.05 s reads "< 0.1 s", not "0.0 s"."""
        if seconds < 0.05:  # would read "0.0 s"
            shown = QLocale().toString(0.1, "f", 1)
            return self.tr("{state} · < {seconds} s").format(state=state_text, seconds=shown)
        shown = QLocale().toString(seconds, "f", 1)
        return self.tr("{state} · {seconds} s").format(state=state_text, seconds=shown)

    def _visual(self, rect: QRect, bounds: QRect) -> QRect:
        """`rect`, placed from the left of `bounds`, where a right-to-left window shows it."""
        return mirrored(rect, bounds) if self.right_to_left() else rect

    def _closed_arrow(self) -> str:
        """A folded part's arrow points the way its text runs."""
        return "◂" if self.right_to_left() else "▸"

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
        elif item.state in ("error", "denied", "cancelled"):
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


def written_direction(text: str) -> Qt.TextFlag:
    """The direction `text` is written in, by its first letter that has one, as a drawText
    flag: a command (`$ echo hello`) in an Arabic window reads left to right, its `$` first,
    and an Arabic summary right to left in an English one. Without a letter: the window's."""
    for character in text:
        kind = unicodedata.bidirectional(character)
        if kind == "L":
            return Qt.TextFlag.TextForceLeftToRight
        if kind in ("R", "AL"):
            return Qt.TextFlag.TextForceRightToLeft
    return Qt.TextFlag(0)


def _notice_colour(item: ChatItem, palette: Palette) -> str:
    return palette.error if item.role == "notice" else palette.accent
