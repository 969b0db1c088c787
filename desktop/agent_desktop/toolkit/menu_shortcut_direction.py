"""Menu shortcuts read left to right in a right-to-left window.

A menu draws each action's shortcut text ("Ctrl++") itself, laid out in the window's
direction: in Arabic the bidi algorithm moved the neutral "+", "-" and "," to the other side
and the menu showed "++Ctrl". Every right-to-left desktop shows key combinations left to
right, so these menus hand the style their shortcut text between left-to-right marks. The
fix sits in the menu, not in a proxy style: the application's stylesheet styles menu items,
and Qt's stylesheet style then draws them itself without asking the style beneath. Only the
drawn text changes; the action's key sequence is untouched and keeps working.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QMenuBar

if TYPE_CHECKING:
    # Handed in when a menu opens, never before the window's first paint: PySide builds a class
    # and its enums when a module imports it.
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QStyleOptionMenuItem

LEFT_TO_RIGHT_MARK = "\u200e"


def left_to_right_shortcut(menu_item_text: str) -> str:
    """`menu_item_text` as a menu item holds it ("label\\tshortcut") with the shortcut
    between left-to-right marks: around a key combination they make its "+" and "-" read
    left to right."""
    label, tab, shortcut = menu_item_text.partition("\t")
    if not shortcut:
        return menu_item_text
    return f"{label}{tab}{LEFT_TO_RIGHT_MARK}{shortcut}{LEFT_TO_RIGHT_MARK}"


class LeftToRightShortcutMenu(QMenu):
    """A menu whose items' shortcut texts read left to right in a right-to-left layout."""

    def initStyleOption(self, option: QStyleOptionMenuItem, action: QAction) -> None:
        super().initStyleOption(option, action)
        if self.isRightToLeft():
            option.text = left_to_right_shortcut(option.text)


def add_menu(menu_bar: QMenuBar, title: str) -> QMenu:
    """A menu titled `title` added to `menu_bar` (as `QMenuBar.addMenu` would), whose
    shortcuts read left to right in a right-to-left window."""
    menu = LeftToRightShortcutMenu(title, menu_bar)
    menu_bar.addMenu(menu)
    return menu
