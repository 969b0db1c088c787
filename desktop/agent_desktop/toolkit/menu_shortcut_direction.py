"""Menu shortcuts read left to right in a right-to-left window.

A menu draws each action's shortcut text ("Ctrl++") itself, laid out in the window's
direction: in Arabic the bidi algorithm moves the neutral "+" and "-" to the other side and
the menu showed "++Ctrl". Every right-to-left desktop shows key combinations left to right,
so the style wraps the drawn shortcut text in left-to-right marks; the shortcut itself (the
action's key sequence) is untouched and keeps working.
"""

from __future__ import annotations

from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionMenuItem,
    QWidget,
)

from agent_desktop.toolkit.lazy_qt import Qt

LEFT_TO_RIGHT_MARK = "\u200e"


def left_to_right_shortcut(menu_item_text: str) -> str:
    """`menu_item_text` as a menu item holds it ("label\\tshortcut") with the shortcut
    between left-to-right marks: around a key combination they make its "+" and "-" read
    left to right."""
    label, tab, shortcut = menu_item_text.partition("\t")
    if not shortcut:
        return menu_item_text
    return f"{label}{tab}{LEFT_TO_RIGHT_MARK}{shortcut}{LEFT_TO_RIGHT_MARK}"


class LeftToRightShortcutStyle(QProxyStyle):
    """The application's style, except that a menu item's shortcut text in a right-to-left
    layout is drawn left to right."""

    def drawControl(
        self,
        element: QStyle.ControlElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if (
            element == QStyle.ControlElement.CE_MenuItem
            and isinstance(option, QStyleOptionMenuItem)
            and option.direction == Qt.LayoutDirection.RightToLeft
            and "\t" in option.text
        ):
            option = QStyleOptionMenuItem(option)
            option.text = left_to_right_shortcut(option.text)
        super().drawControl(element, option, painter, widget)


def keep_menu_shortcuts_left_to_right(qt_app: QApplication) -> None:
    """Give `qt_app` the style drawing menu shortcuts left to right (once; a style set
    anew re-polishes every widget)."""
    if not isinstance(qt_app.property("menuShortcutStyle"), LeftToRightShortcutStyle):
        style = LeftToRightShortcutStyle()
        qt_app.setStyle(style)
        # The application holds the style; the property keeps Python's wrapper alive with it.
        qt_app.setProperty("menuShortcutStyle", style)
