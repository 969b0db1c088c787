"""View menu (theme, text size, sidebar) and Help → About, as a user reaches them."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.toolkit.theme import current_palette

pytestmark = pytest.mark.gui


def menu_action(window: Any, menu_title: str, *path: str) -> QAction:
    """The action reached by opening `menu_title` in the menu bar and following `path`."""
    menu = next(
        action.menu()
        for action in window.menuBar().actions()
        if action.text().replace("&", "") == menu_title
    )
    for step, label in enumerate(path):
        action = next(a for a in menu.actions() if a.text().replace("&", "") == label)
        if step == len(path) - 1:
            return action
        menu = action.menu()
    raise LookupError(path)


def test_theme_from_the_view_menu_is_applied_and_kept_after_a_restart(journey):
    window = journey.start()
    assert current_palette().name == "light"  # offscreen platforms report a light scheme

    menu_action(window, "View", "Theme", "Dark").trigger()
    journey.settle(0.05)

    assert current_palette().name == "dark"
    window = journey.restart()
    assert current_palette().name == "dark"
    assert menu_action(window, "View", "Theme", "Dark").isChecked()
    assert journey.app.settings.theme == "dark"


def test_text_size_keys_scale_the_chat_and_the_choice_survives_a_restart(journey):
    window = journey.start()
    before = window.chat_view.font().pointSizeF()

    journey.press(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier, widget=window)
    journey.press(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier, widget=window)

    bigger = window.chat_view.font().pointSizeF()
    assert bigger == pytest.approx(before * 1.2)
    assert window.composer.edit.font().pointSizeF() == pytest.approx(bigger)
    window = journey.restart()
    assert window.chat_view.font().pointSizeF() == pytest.approx(bigger)

    journey.press(Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier, widget=window)
    assert window.chat_view.font().pointSizeF() == pytest.approx(before)
    assert not menu_action(window, "View", "Actual size").isEnabled()


def test_the_sidebar_can_be_hidden_and_stays_hidden(journey):
    window = journey.start()
    assert journey.has_widget("New chat")

    menu_action(window, "View", "Show sidebar").trigger()
    journey.settle(0.05)
    assert not journey.has_widget("New chat")

    journey.restart()
    assert not journey.has_widget("New chat")


def test_about_names_the_version_and_the_folders_this_installation_uses(journey, data_dir):
    window = journey.start()

    menu_action(window, "Help", "About Agent Desktop").trigger()
    journey.settle(0.05)

    about = journey.find_widget("About Agent Desktop")
    labels = [label.text() for label in about.findChildren(QLabel)]
    assert any(text.startswith("Version ") for text in labels)
    data_label = journey.find_widget("Data folder", QLabel)
    log_label = journey.find_widget("Log folder", QLabel)
    assert data_label.text() == str(journey.app.paths.data_dir)
    assert str(data_dir) in data_label.text()
    assert str(data_dir) in log_label.text()
    assert journey.has_widget("Open log folder")
