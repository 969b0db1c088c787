"""The sidebar's projects: each project with its chats under it, and a new chat in one.

Shown only once there is a project (a folder dropped on the window makes one). The rows are
drawn as the chat list's are (`ProjectDelegate`: the same rounded highlight on hover and
selection, the theme's colours): a project's row has a chevron (click it, or Left/Right, to
collapse or expand), a folder icon, its name and how many chats it has (its folder and model in
the tooltip); its chats are listed under it by title. The chat shown is the selected row
(`mark_current`). Over the project row under the pointer (or the selected one) a "+" button
starts a new chat in it; the same is in the project's context menu (also Shift+F10 / the Menu
key), with its instructions, pinning a file and which model its new chats use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QTransform
from PySide6.QtWidgets import (
    QLabel,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.theme import current_palette

PROJECT_ROLE = Qt.ItemDataRole.UserRole
CHAT_ROLE = Qt.ItemDataRole.UserRole + 1
COUNT_ROLE = Qt.ItemDataRole.UserRole + 2  # a project row: how many chats it lists
MAX_TREE_HEIGHT = 260
PROJECT_ROW_HEIGHT = 34
CHAT_ROW_HEIGHT = 30
ICON_SIZE = 16
CHAT_INDENT = 30  # a chat's title starts under its project's name
BUTTON_ROOM = 30  # the width the "+" button takes at a project row's end


class ProjectDelegate(QStyledItemDelegate):
    """Paints project and chat rows in the chat list's style (see `SessionDelegate`)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree
        self.button_row: QPersistentModelIndex | None = None  # the row the "+" is over

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        chat = index.data(CHAT_ROLE)
        return QSize(option.rect.width(), CHAT_ROW_HEIGHT if chat else PROJECT_ROW_HEIGHT)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        palette = current_palette()
        rect: QRect = option.rect.adjusted(2, 1, -2, -1)
        state = option.state
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        selected = bool(state & QStyle.StateFlag.State_Selected)
        if selected or state & QStyle.StateFlag.State_MouseOver:
            path = QPainterPath()
            path.addRoundedRect(rect, 8, 8)
            painter.fillPath(
                path, QColor(palette.selection if selected else palette.tool_header_hover)
            )
        inner = rect.adjusted(8, 0, -8, 0)
        if index.data(CHAT_ROLE):
            self._paint_chat(painter, option, index, inner, palette)
        else:
            self._paint_project(painter, option, index, inner, palette)
        painter.restore()

    def _icon_rect(self, option: QStyleOptionViewItem, inner: QRect, left: int) -> QRect:
        square = QRect(left, 0, ICON_SIZE, ICON_SIZE)
        square.moveCenter(QPoint(left + ICON_SIZE // 2, inner.center().y()))
        return QStyle.visualRect(option.direction, inner, square)

    def _paint_project(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        inner: QRect,
        palette: Any,
    ) -> None:
        expanded = self.tree.isExpanded(self.tree.model().index(index.row(), 0, index.parent()))
        chevron = ui_icon("expanded" if expanded else "collapsed")
        place = self._icon_rect(option, inner, inner.left())
        if not expanded and option.direction == Qt.LayoutDirection.RightToLeft:
            pixmap = chevron.pixmap(place.size()).transformed(QTransform().scale(-1, 1))
            painter.drawPixmap(place, pixmap)  # it points the way the text reads
        else:
            chevron.paint(painter, place)
        folder = ui_icon("folder", "text" if palette.dark else "accent")
        folder.paint(painter, self._icon_rect(option, inner, inner.left() + ICON_SIZE + 4))
        text_left = inner.left() + 2 * ICON_SIZE + 12
        end = inner.right()
        if self.button_row is not None and self.button_row == QPersistentModelIndex(index):
            end -= BUTTON_ROOM  # the "+" button sits there
        small = QFont(option.font)
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.87))
        painter.setFont(small)
        count = int(index.data(COUNT_ROLE) or 0)
        count_text = str(count) if count else ""
        count_width = painter.fontMetrics().horizontalAdvance(count_text) + 6 if count else 0
        count_rect = QRect(end - count_width, inner.top(), count_width, inner.height())
        painter.setPen(QColor(palette.muted))
        painter.drawText(
            QStyle.visualRect(option.direction, inner, count_rect),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            count_text,
        )
        name_font = QFont(option.font)
        name_font.setWeight(QFont.Weight.DemiBold)
        painter.setFont(name_font)
        painter.setPen(QColor(palette.text))
        name_rect = QRect(text_left, inner.top(), end - count_width - text_left, inner.height())
        painter.drawText(
            QStyle.visualRect(option.direction, inner, name_rect),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeading,
            painter.fontMetrics().elidedText(
                str(index.data(Qt.ItemDataRole.DisplayRole) or ""),
                Qt.TextElideMode.ElideRight,
                name_rect.width(),
            ),
        )

    def _paint_chat(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        inner: QRect,
        palette: Any,
    ) -> None:
        ui_icon("chat").paint(
            painter, self._icon_rect(option, inner, inner.left() + CHAT_INDENT - ICON_SIZE - 6)
        )
        painter.setFont(option.font)
        painter.setPen(QColor(palette.text))
        title_rect = QRect(
            inner.left() + CHAT_INDENT, inner.top(), inner.width() - CHAT_INDENT, inner.height()
        )
        painter.drawText(
            QStyle.visualRect(option.direction, inner, title_rect),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeading,
            painter.fontMetrics().elidedText(
                str(index.data(Qt.ItemDataRole.DisplayRole) or ""),
                Qt.TextElideMode.ElideRight,
                title_rect.width(),
            ),
        )


class ProjectsPanel(QWidget):
    new_chat_requested = Signal(str)  # project id
    chat_chosen = Signal(str)  # session id
    instructions_requested = Signal(str)  # project id
    pin_requested = Signal(str)  # project id
    model_requested = Signal(str, bool)  # project id; True: the model shown, False: none

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Projects"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        title = QLabel(self.tr("Projects"))
        title.setObjectName("sidebarSectionTitle")
        layout.addWidget(title)
        self.tree = QTreeWidget()
        self.tree.setObjectName("projectTree")
        self.tree.setHeaderHidden(True)
        self.tree.setAccessibleName(self.tr("Projects and their chats"))
        self.tree.setRootIsDecorated(False)  # the delegate draws each project's chevron
        self.tree.setIndentation(0)
        self.tree.setExpandsOnDoubleClick(False)  # a click on a project's row toggles it
        self.tree.setMouseTracking(True)
        self.tree.viewport().setAttribute(Qt.WidgetAttribute.WA_Hover)  # rows light up
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.delegate = ProjectDelegate(self.tree)
        self.tree.setItemDelegate(self.delegate)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemExpanded.connect(lambda _item: self._fit_height())
        self.tree.itemCollapsed.connect(lambda _item: self._fit_height())
        self.tree.entered.connect(self._hovered)
        self.tree.currentItemChanged.connect(lambda *_: self._place_button())
        self.tree.viewport().installEventFilter(self)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._show_menu)
        layout.addWidget(self.tree)
        self.new_button = QToolButton(self.tree.viewport())
        self.new_button.setObjectName("projectNewChatButton")
        self.new_button.setAutoRaise(True)
        self.new_button.setIcon(ui_icon("plus"))
        self.new_button.setAccessibleName(self.tr("New chat in project"))
        self.new_button.clicked.connect(self._new_chat)
        self.new_button.hide()
        self._hovered_project: QTreeWidgetItem | None = None
        self._current_chat: str | None = None
        self._names: dict[str, str] = {}
        self._models: dict[str, str | None] = {}  # project id → its model, if it has one
        self.hide()

    def show_projects(self, projects: Sequence[Any], titles: Mapping[str, str]) -> None:
        """List `projects` (with `project_id`, `name`, `folder`, `chat_ids`, `model_choice()`),
        each chat by its title in `titles` (an untitled one is "New chat"); a chat not in
        `titles` (deleted) is left out. A project folded stays folded."""
        folded = {
            str(row.data(0, PROJECT_ROLE)) for row in self._project_rows() if not row.isExpanded()
        }
        chosen = self.selected_project()
        self._hovered_project = None
        self.tree.clear()
        self._names = {project.project_id: project.name for project in projects}
        self._models = {}
        for project in projects:
            model = project.model_choice()
            self._models[project.project_id] = model.model if model else None
            row = QTreeWidgetItem([project.name])
            chat_ids = [session_id for session_id in project.chat_ids if session_id in titles]
            row.setData(0, PROJECT_ROLE, project.project_id)
            row.setData(0, COUNT_ROLE, len(chat_ids))
            row.setToolTip(0, self._tooltip(project.folder, len(chat_ids), model))
            for session_id in chat_ids:
                title = titles[session_id] or self.tr("New chat")
                chat = QTreeWidgetItem([title])
                chat.setData(0, PROJECT_ROLE, project.project_id)
                chat.setData(0, CHAT_ROLE, session_id)
                chat.setToolTip(0, title)
                row.addChild(chat)
            self.tree.addTopLevelItem(row)
            row.setExpanded(project.project_id not in folded)
        self.setVisible(bool(projects))
        self.mark_current(self._current_chat, project_id=chosen)
        self._fit_height()

    def _tooltip(self, folder: str, chats: int, model: Any) -> str:
        lines = [
            folder,
            self.tr("%n chat(s)", "", chats),
        ]
        if model is not None:
            lines.append(self.tr("New chats use {model}").format(model=model.model))
        return "\n".join(lines)

    def _project_rows(self) -> list[QTreeWidgetItem]:
        rows = (self.tree.topLevelItem(n) for n in range(self.tree.topLevelItemCount()))
        return [row for row in rows if row is not None]

    def mark_current(
        self, session_id: str | None, project_id: str | None = None, *, reveal: bool = True
    ) -> None:
        """Select the row of the chat shown (`session_id`), unfolding its project (`reveal`);
        when it is no project's chat, the row of `project_id` (the project chosen before the
        list was redrawn), else none. A project is unfolded only for a chat newly shown: the
        same chat marked again (its title changed, the list redrawn) leaves it folded."""
        reveal = reveal and session_id != self._current_chat
        self._current_chat = session_id
        rows = self._project_rows()
        chats = [chat for row in rows for n in range(row.childCount()) if (chat := row.child(n))]
        target = next(
            (chat for chat in chats if session_id and chat.data(0, CHAT_ROLE) == session_id),
            None,
        ) or next(
            (row for row in rows if project_id and row.data(0, PROJECT_ROLE) == project_id), None
        )
        if target is None:
            self.tree.clearSelection()
            self.tree.setCurrentIndex(QModelIndex())
        else:
            parent = target.parent()
            if parent is not None and not parent.isExpanded():
                if reveal:
                    parent.setExpanded(True)
                else:  # folded away: its project's row stands for it
                    target = parent
            self.tree.setCurrentItem(target)
        self._place_button()

    def _fit_height(self) -> None:
        """As tall as its rows shown (a few projects take little room), up to
        MAX_TREE_HEIGHT."""
        height = 0
        for row in self._project_rows():
            height += PROJECT_ROW_HEIGHT
            if row.isExpanded():
                height += CHAT_ROW_HEIGHT * row.childCount()
        self.tree.setFixedHeight(min(height + 2 * self.tree.frameWidth() + 4, MAX_TREE_HEIGHT))

    def selected_project(self) -> str | None:
        item = self.tree.currentItem()
        return str(item.data(0, PROJECT_ROLE)) if item is not None else None

    # ------------------------------------------------------------------ the "+" button
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.LayoutDirectionChange:
            # The rows are drawn mirrored at once; the "+" is a widget placed by hand, so it moves
            # to the row's other end here (else it covers the chevron after a switch to Arabic).
            self._place_button()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Leave:
            self._hovered_project = None
            self._place_button()
        return False

    def _hovered(self, index: QModelIndex) -> None:
        item = self.tree.itemFromIndex(index)
        self._hovered_project = item.parent() or item if item is not None else None
        self._place_button()

    def _place_button(self) -> None:
        """The "+" over the project row under the pointer, else over the selected project's."""
        current = self.tree.currentItem()
        row = self._hovered_project or (current.parent() or current if current else None)
        previous = self.delegate.button_row
        if row is None:
            self.delegate.button_row = None
            self.new_button.hide()
        else:
            index = self.tree.indexFromItem(row)
            self.delegate.button_row = QPersistentModelIndex(index)
            place = self.tree.visualRect(index)
            side = PROJECT_ROW_HEIGHT - 8
            self.new_button.setFixedSize(side, side)
            button = QRect(place.right() - side - 6, place.top() + 4, side, side)
            self.new_button.setGeometry(QStyle.visualRect(self.layoutDirection(), place, button))
            name = self._names.get(str(row.data(0, PROJECT_ROLE)), "")
            self.new_button.setToolTip(self.tr("New chat in {name}").format(name=name))
            self.new_button.setProperty("project_id", row.data(0, PROJECT_ROLE))
            self.new_button.show()
        if previous != self.delegate.button_row:
            self.tree.viewport().update()

    def _new_chat(self) -> None:
        project_id = self.new_button.property("project_id")
        if project_id:
            self.new_chat_requested.emit(str(project_id))

    # ------------------------------------------------------------------ rows and menu
    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        if item.data(0, CHAT_ROLE):
            self.chat_chosen.emit(str(item.data(0, CHAT_ROLE)))
        else:
            # Folding is all a click on a project does: the chat shown stays the one selected.
            item.setExpanded(not item.isExpanded())
            self.mark_current(self._current_chat, reveal=False)

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        session_id = item.data(0, CHAT_ROLE)
        if session_id:
            self.chat_chosen.emit(str(session_id))

    def project_menu(self, project_id: str) -> QMenu:
        """What can be done with a project: a new chat, its instructions, pinning a file, the
        model its new chats use."""
        menu = QMenu(self)
        menu.setAccessibleName(self.tr("Project actions"))
        menu.addAction(ui_icon("plus"), self.tr("New chat in project")).triggered.connect(
            lambda: self.new_chat_requested.emit(project_id)
        )
        menu.addSeparator()
        menu.addAction(self.tr("Instructions…")).triggered.connect(
            lambda: self.instructions_requested.emit(project_id)
        )
        menu.addAction(self.tr("Pin a file…")).triggered.connect(
            lambda: self.pin_requested.emit(project_id)
        )
        menu.addSeparator()
        menu.addAction(self.tr("Use the model shown for its new chats")).triggered.connect(
            lambda: self.model_requested.emit(project_id, True)
        )
        model = self._models.get(project_id)
        if model:
            menu.addAction(
                self.tr("Stop using {model} for its new chats").format(model=model)
            ).triggered.connect(lambda: self.model_requested.emit(project_id, False))
        return menu

    def _show_menu(self, position: QPoint) -> None:
        item = self.tree.itemAt(position)
        if item is None:
            return
        menu = self.project_menu(str(item.data(0, PROJECT_ROLE)))
        menu.aboutToHide.connect(menu.deleteLater)
        # The row clicked is selected while its menu is open; then the chat shown is again.
        menu.aboutToHide.connect(lambda: self.mark_current(self._current_chat, reveal=False))
        menu.popup(self.tree.viewport().mapToGlobal(position))
