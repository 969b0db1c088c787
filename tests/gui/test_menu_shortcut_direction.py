"""Menu shortcuts read left to right in an Arabic window ("Ctrl++", not "++Ctrl"), and still
work: a real QMenu drawn right to left by the application's style, the text it hands the
style painted as Qt paints it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QProxyStyle, QStyle, QWidget

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.menu_shortcut_direction import LeftToRightShortcutStyle
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations

pytestmark = pytest.mark.gui

SHORTCUTS = ["Ctrl++", "Ctrl+-", "Ctrl+Shift+A"]
# Painted plainly right to left, these read "++Ctrl" and "-+Ctrl" (a key after the last "+"
# that is a letter keeps its place: "Ctrl+Shift+A" is not scrambled, and must stay so).
SCRAMBLED_RIGHT_TO_LEFT = {"Ctrl++", "Ctrl+-"}


class MenuTextRecorder(QProxyStyle):
    """The default style, noting the text of each menu item it is asked to draw."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[str] = []

    def drawControl(
        self, element: QStyle.ControlElement, option: Any, painter: QPainter, widget: Any = None
    ) -> None:
        if element == QStyle.ControlElement.CE_MenuItem and "\t" in option.text:
            self.drawn.append(option.text)
        super().drawControl(element, option, painter, widget)


def painted(text: str, direction: Qt.LayoutDirection) -> QImage:
    """`text` painted as a menu paints its shortcut: in the layout's direction."""
    image = QImage(240, 40, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setLayoutDirection(direction)
    painter.setPen(QColor("black"))
    alignment = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignAbsolute
    painter.drawText(QRect(0, 0, 240, 40), alignment | Qt.AlignmentFlag.AlignVCenter, text)
    painter.end()
    return image


def right_to_left_menu(qtbot: Any) -> QMenu:
    menu = QMenu()
    qtbot.add_widget(menu)
    menu.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    for keys in SHORTCUTS:
        action = QAction("تكبير", menu)
        action.setShortcut(QKeySequence(keys))
        menu.addAction(action)
    return menu


def test_a_right_to_left_menu_draws_each_shortcut_reading_left_to_right(qtbot: Any) -> None:
    recorder = MenuTextRecorder()
    style = LeftToRightShortcutStyle(recorder)
    menu = right_to_left_menu(qtbot)
    menu.setStyle(style)
    menu.grab()  # paints every item

    shortcuts = [text.partition("\t")[2] for text in recorder.drawn]
    assert len(shortcuts) == len(SHORTCUTS)
    right_to_left = Qt.LayoutDirection.RightToLeft
    left_to_right = Qt.LayoutDirection.LeftToRight
    for keys in SCRAMBLED_RIGHT_TO_LEFT:  # the comparison below can tell scrambled keys
        assert painted(keys, right_to_left) != painted(keys, left_to_right)
    for keys, drawn in zip(SHORTCUTS, shortcuts, strict=True):
        assert painted(drawn, right_to_left) == painted(keys, left_to_right), drawn


def test_arabic_gives_the_application_the_style_and_a_shortcut_still_triggers(
    qapp: QApplication, qtbot: Any, tmp_path: Path
) -> None:
    translations = Translations(qapp, tmp_path / "cache")
    try:
        translations.use("ar")
        assert isinstance(QApplication.style(), LeftToRightShortcutStyle)

        window = QMainWindow()
        qtbot.add_widget(window)
        window.setCentralWidget(QWidget())
        bigger = QAction("تكبير", window)
        bigger.setShortcut(QKeySequence("Ctrl++"))
        window.menuBar().addMenu("عرض").addAction(bigger)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        with qtbot.waitSignal(bigger.triggered, timeout=2000):
            qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    finally:
        translations.use(SOURCE_LANGUAGE)
