"""A layout that places widgets left to right and wraps to a new line when the width runs out.

Qt has none built in (its documentation ships one as an example). Rows of buttons that must stay
readable in a narrow window use it: each widget keeps its size hint, never squeezed or clipped.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

from agent_desktop.toolkit.lazy_qt import Qt


class FlowLayout(QLayout):
    def __init__(
        self, parent: QWidget | None = None, spacing: int = 6, *, centered: bool = False
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._centered = centered
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """One line of everything: the width the layout would like."""
        width = sum(item.sizeHint().width() for item in self._items)
        width += self.spacing() * max(0, len(self._items) - 1)
        height = max((item.sizeHint().height() for item in self._items), default=0)
        margins = self.contentsMargins()
        return QSize(
            width + margins.left() + margins.right(), height + margins.top() + margins.bottom()
        )

    def minimumSize(self) -> QSize:
        """The widest single item: narrower than that, something would be cut off."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize()).expandedTo(item.sizeHint())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, move: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        used = 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if lines[-1] and used + hint.width() > area.width():
                lines.append([])
                used = 0
            lines[-1].append((item, hint))
            used += hint.width() + self.spacing()
        if not lines[0]:
            return margins.top() + margins.bottom()
        y = area.y()
        for line in lines:
            if not line:
                continue
            width = sum(hint.width() for _item, hint in line) + self.spacing() * (len(line) - 1)
            x = area.x() + (max(0, area.width() - width) // 2 if self._centered else 0)
            height = max(hint.height() for _item, hint in line)
            for item, hint in line:
                if move:
                    item.setGeometry(QRect(QPoint(x, y), hint))
                x += hint.width() + self.spacing()
            y += height + self.spacing()
        return max(0, y - self.spacing()) - rect.y() + margins.bottom()
