"""The window-wide keyboard shortcuts (they work wherever the focus is in the window)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget


def install_window_keys(
    window: QWidget,
    *,
    focus_search: Callable[[], None],
    focus_composer: Callable[[], None],
    copy_last_code_block: Callable[[], None],
    stop: Callable[[], None],
) -> QShortcut:
    """Ctrl+K searches the chats, Ctrl+L goes to the message box, Ctrl+Shift+C copies the last
    code block; returns Esc's shortcut, which stops a running answer and is enabled only while
    there is one (otherwise Esc stays free for popups and fields)."""
    QShortcut(QKeySequence("Ctrl+K"), window, focus_search)
    QShortcut(QKeySequence("Ctrl+L"), window, focus_composer)
    QShortcut(QKeySequence("Ctrl+Shift+C"), window, copy_last_code_block)
    stop_shortcut = QShortcut(QKeySequence("Esc"), window, stop)
    stop_shortcut.setEnabled(False)
    return stop_shortcut
