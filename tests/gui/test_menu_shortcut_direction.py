"""Menu shortcuts read left to right in an Arabic window ("Ctrl++", not "++Ctrl"), and still
work: the real View menu drawn right to left, the text it hands the style painted as Qt paints
it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QMainWindow, QProxyStyle, QStyle, QWidget

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.window.view_menu import ViewMenu, ViewTargets

pytestmark = pytest.mark.gui

# Painted plainly right to left, these read "++Ctrl" and "-Ctrl" (a key after the last "+"
# that is a letter or digit keeps its place: "Ctrl+0" is not scrambled, and must stay so).
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


def right_to_left_view_menu(qtbot: Any) -> tuple[QMainWindow, ViewMenu]:
    window = QMainWindow()
    qtbot.add_widget(window)
    window.setCentralWidget(QWidget())
    window.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    targets = ViewTargets(window, [], QWidget(window), None, lambda: None)
    return window, ViewMenu(targets)


def test_the_view_menu_right_to_left_draws_each_shortcut_reading_left_to_right(
    qtbot: Any,
) -> None:
    _window, view = right_to_left_view_menu(qtbot)
    recorder = MenuTextRecorder()
    view.menu.setStyle(recorder)
    view.menu.grab()  # paints every item

    shown = [
        action.shortcut().toString()
        for action in view.menu.actions()
        if not action.shortcut().isEmpty()
    ]
    drawn = [text.partition("\t")[2] for text in recorder.drawn]
    assert set(shown) >= SCRAMBLED_RIGHT_TO_LEFT
    assert len(drawn) == len(shown)
    right_to_left = Qt.LayoutDirection.RightToLeft
    left_to_right = Qt.LayoutDirection.LeftToRight
    for keys in SCRAMBLED_RIGHT_TO_LEFT:  # the comparison below can tell scrambled keys
        assert painted(keys, right_to_left) != painted(keys, left_to_right)
    for keys, text in zip(shown, drawn, strict=True):
        assert painted(text, right_to_left) == painted(keys, left_to_right), keys


def test_bigger_text_still_triggers_by_its_keys_right_to_left(qtbot: Any) -> None:
    window, view = right_to_left_view_menu(qtbot)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    with qtbot.waitSignal(view.bigger.triggered, timeout=2000):
        qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    with qtbot.waitSignal(view.smaller.triggered, timeout=2000):
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
