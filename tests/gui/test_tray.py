"""The tray icon's menu and its announcement of a finished answer."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow

from agent_desktop.window.tray import TrayIcon

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot):
    main = QMainWindow()
    qtbot.add_widget(main)
    main.show()
    qtbot.wait_exposed(main)
    return main


def test_the_menu_hides_and_shows_the_window_and_starts_a_chat(window, qtbot):
    started = []
    tray = TrayIcon(window, lambda: started.append(True))
    labels = [action.text() for action in tray.menu.actions() if action.text()]
    assert labels == ["Hide window", "New chat", "Quit"]

    tray.toggle_window()
    assert not window.isVisible()
    tray.menu.aboutToShow.emit()
    assert tray.toggle_action.text() == "Show window"

    tray.menu.actions()[1].trigger()  # New chat
    assert window.isVisible()
    assert started == [True]


# The offscreen platform has no tray; showing the icon anyway makes Qt say so once.
@pytest.mark.qt_log_ignore("systemTrayWindowChanged")
def test_an_answer_is_announced_only_when_the_window_is_out_of_sight(window):
    tray = TrayIcon(window, lambda: None)
    tray.set_shown(True)

    window.activateWindow()
    if window.isActiveWindow():
        assert tray.announce_answer("Chat") is False
    window.hide()
    assert tray.announce_answer("Packaging the app") is True
    tray.set_shown(False)
    assert tray.announce_answer("Packaging the app") is False
