"""The system tray icon: show or hide the window, start a chat, quit; announce finished answers.

Only where the platform has a tray (`QSystemTrayIcon.isSystemTrayAvailable()`); elsewhere the
app behaves as before. A finished answer is announced only when the user cannot see it: the
window hidden, minimised or in the background.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu, QSystemTrayIcon, QWidget

from agent_desktop.toolkit.icons import app_icon


class TrayIcon:
    def __init__(self, window: QWidget, new_chat: Callable[[], None]) -> None:
        self.window = window
        self.new_chat = new_chat
        self.icon = QSystemTrayIcon(app_icon(), window)
        self.icon.setToolTip("Agent Desktop")
        self.menu = QMenu(window)
        self.toggle_action = QAction(
            QCoreApplication.translate("TrayIcon", "Hide window"), self.menu
        )
        self.toggle_action.triggered.connect(self.toggle_window)
        self.menu.addAction(self.toggle_action)
        new_chat_action = QAction(QCoreApplication.translate("TrayIcon", "New chat"), self.menu)
        new_chat_action.triggered.connect(self.start_chat)
        self.menu.addAction(new_chat_action)
        self.menu.addSeparator()
        quit_action = QAction(QCoreApplication.translate("TrayIcon", "Quit"), self.menu)
        quit_action.triggered.connect(window.close)
        self.menu.addAction(quit_action)
        self.menu.aboutToShow.connect(self._name_toggle)
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._on_activated)

    @staticmethod
    def available() -> bool:
        return QSystemTrayIcon.isSystemTrayAvailable()

    def set_shown(self, shown: bool) -> None:
        self.icon.setVisible(shown)

    def window_in_view(self) -> bool:
        return (
            self.window.isVisible()
            and not self.window.isMinimized()
            and self.window.isActiveWindow()
        )

    def _name_toggle(self) -> None:
        visible = self.window.isVisible() and not self.window.isMinimized()
        self.toggle_action.setText(
            QCoreApplication.translate("TrayIcon", "Hide window")
            if visible
            else QCoreApplication.translate("TrayIcon", "Show window")
        )

    def toggle_window(self) -> None:
        if self.window.isVisible() and not self.window.isMinimized():
            self.window.hide()
        else:
            self.bring_forward()

    def bring_forward(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()

    def start_chat(self) -> None:
        self.bring_forward()
        self.new_chat()

    def _on_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self.toggle_window()

    def announce_answer(self, chat_title: str) -> bool:
        """Say an answer finished, if the user cannot see the window; True when announced."""
        if self.window_in_view():
            return False
        return self.announce(
            QCoreApplication.translate("TrayIcon", "Answer ready"),
            chat_title or QCoreApplication.translate("TrayIcon", "Your chat has a new answer."),
        )

    def announce(self, heading: str, text: str) -> bool:
        """Show `heading` and `text` as the tray's message; True when shown."""
        if not self.icon.isVisible():
            return False
        self.icon.showMessage(heading, text, QSystemTrayIcon.MessageIcon.Information, 5000)
        QApplication.alert(self.window)
        return True


def install_tray(
    window: QWidget, current: TrayIcon | None, shown: bool, new_chat: Callable[[], None]
) -> TrayIcon | None:
    """The tray icon, where the platform has a tray and the user wants one (`shown`)."""
    window.setWindowIcon(app_icon())
    if current is None and shown and TrayIcon.available():
        current = TrayIcon(window, new_chat)
    if current is not None:
        current.set_shown(shown)
    return current
