"""The window's menus and the session header's buttons (File, Session, View)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QToolButton

from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.menu_shortcut_direction import add_menu
from agent_desktop.toolkit.shortcuts import APPROVAL_SHORTCUT


class MenuCommands(NamedTuple):
    """What the menus' entries do (a NamedTuple: dataclasses stay out of the first paint).
    The session commands act on the chat shown, whose id `shown_session_id` gives."""

    new_chat: Callable[[], None]
    import_chats: Callable[[], None]
    export_all_data: Callable[[], None]
    import_all_data: Callable[[], None]
    connect_server: Callable[[], object]
    go_to_approval: Callable[[], object]
    open_settings: Callable[[], None]
    quit: Callable[[], object]
    shown_session_id: Callable[[], str | None]
    rename: Callable[[str], None]
    export: Callable[[str, str], None]  # session id, "markdown" or "json"
    delete: Callable[[str], None]
    edit_instructions: Callable[[], None]
    schedule_chat: Callable[[str], None]
    open_schedules: Callable[[], None]


class WindowMenus:
    """Builds the File and Session menus in `window`'s menu bar and the session header's
    buttons in `toolbar`; enables the session commands when a chat is shown."""

    def __init__(self, window: QMainWindow, toolbar: QToolBar, commands: MenuCommands) -> None:
        self.commands = commands
        self.session_commands: list[QAction | QToolButton] = []
        self._build_file_menu(window)
        self._build_session_menu(window, toolbar)
        self.enable_session_commands(False)

    def _build_file_menu(self, window: QMainWindow) -> None:
        commands = self.commands
        file_menu = add_menu(window.menuBar(), QCoreApplication.translate("WindowMenus", "&File"))
        self.new_chat_action = QAction(
            ui_icon("plus"), QCoreApplication.translate("WindowMenus", "&New chat"), window
        )
        # setShortcuts, not setShortcut: resolving setShortcut's overloads makes PySide build
        # its `Qt` enums, which the first paint does without (see lazy_qt).
        self.new_chat_action.setShortcuts([QKeySequence("Ctrl+N")])
        self.new_chat_action.triggered.connect(commands.new_chat)
        file_menu.addAction(self.new_chat_action)
        self.import_action = QAction(
            QCoreApplication.translate("WindowMenus", "&Import chat…"), window
        )
        self.import_action.setToolTip(
            QCoreApplication.translate("WindowMenus", "Import chats exported as JSON")
        )
        self.import_action.triggered.connect(commands.import_chats)
        file_menu.addAction(self.import_action)
        file_menu.addSeparator()
        self.export_data_action = QAction(
            QCoreApplication.translate("WindowMenus", "&Export all my data…"), window
        )
        self.export_data_action.setToolTip(
            QCoreApplication.translate(
                "WindowMenus", "Every chat, memory, project, skill and setting in one file"
            )
        )
        self.export_data_action.triggered.connect(commands.export_all_data)
        file_menu.addAction(self.export_data_action)
        self.import_data_action = QAction(
            QCoreApplication.translate("WindowMenus", "Import &data…"), window
        )
        self.import_data_action.triggered.connect(commands.import_all_data)
        file_menu.addAction(self.import_data_action)
        file_menu.addSeparator()
        self.connect_server_action = QAction(
            QCoreApplication.translate("WindowMenus", "Connect to an agent server…"), window
        )
        self.connect_server_action.triggered.connect(commands.connect_server)
        file_menu.addAction(self.connect_server_action)
        self.approval_action = QAction(
            QCoreApplication.translate("WindowMenus", "Go to &approval"), window
        )
        self.approval_action.setShortcuts([QKeySequence(APPROVAL_SHORTCUT)])
        self.approval_action.triggered.connect(commands.go_to_approval)
        window.addAction(self.approval_action)  # window-wide: it is in no menu
        self.settings_action = QAction(
            ui_icon("settings"), QCoreApplication.translate("WindowMenus", "&Settings…"), window
        )
        self.settings_action.setShortcuts([QKeySequence("Ctrl+,")])
        self.settings_action.triggered.connect(commands.open_settings)
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        self.quit_action = file_menu.addAction(QCoreApplication.translate("WindowMenus", "&Quit"))
        self.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(commands.quit)

    def quit_from_every_window(self) -> None:
        """Ctrl+Q quits from the app's other windows too (an action's progress, a message's
        full text), not only from the main one. Called after the first paint: the shortcut
        context is one of the `Qt` enums the first paint does without."""
        from PySide6.QtCore import Qt

        self.quit_action.setShortcutContext(Qt.ShortcutContext.ApplicationShortcut)

    def _for_shown(self, handler: Callable[[str], None]) -> None:
        """Run a session command on the chat shown (the commands are disabled without one)."""
        session_id = self.commands.shown_session_id()
        if session_id is not None:
            handler(session_id)

    def _build_session_menu(self, window: QMainWindow, toolbar: QToolBar) -> None:
        commands = self.commands
        self.session_menu = add_menu(
            window.menuBar(), QCoreApplication.translate("WindowMenus", "&Session")
        )
        self.session_menu.setAccessibleName(
            QCoreApplication.translate("WindowMenus", "Session menu")
        )
        export_actions: list[QAction] = []
        for icon, text, tooltip, handler in (
            (
                "rename",
                QCoreApplication.translate("WindowMenus", "&Rename…"),
                QCoreApplication.translate("WindowMenus", "Rename"),
                commands.rename,
            ),
            (
                "export",
                QCoreApplication.translate("WindowMenus", "Export as &Markdown…"),
                QCoreApplication.translate("WindowMenus", "Export as Markdown"),
                lambda sid: commands.export(sid, "markdown"),
            ),
            (
                "export",
                QCoreApplication.translate("WindowMenus", "Export as &JSON…"),
                QCoreApplication.translate("WindowMenus", "Export as JSON"),
                lambda sid: commands.export(sid, "json"),
            ),
            (
                "delete",
                QCoreApplication.translate("WindowMenus", "&Delete"),
                QCoreApplication.translate("WindowMenus", "Delete"),
                commands.delete,
            ),
        ):
            action = QAction(ui_icon(icon), text, window)
            action.setToolTip(tooltip)
            action.triggered.connect(partial(self._for_shown, handler))
            self.session_commands.append(action)
            self.session_menu.addAction(action)
            if icon == "export":
                export_actions.append(action)
            else:
                toolbar.addAction(action)
        self.instructions_action = QAction(
            QCoreApplication.translate("WindowMenus", "Chat &instructions…"), window
        )
        self.instructions_action.setShortcuts([QKeySequence("Ctrl+Shift+I")])
        self.instructions_action.setToolTip(
            QCoreApplication.translate("WindowMenus", "What this chat tells the model first")
        )
        self.instructions_action.triggered.connect(commands.edit_instructions)
        self.session_menu.addAction(self.instructions_action)
        schedule_action = QAction(
            QCoreApplication.translate("WindowMenus", "Sc&hedule this chat…"), window
        )
        schedule_action.triggered.connect(partial(self._for_shown, commands.schedule_chat))
        self.session_commands.append(schedule_action)
        self.session_menu.addAction(schedule_action)
        schedules_action = QAction(QCoreApplication.translate("WindowMenus", "Schedu&les…"), window)
        schedules_action.triggered.connect(commands.open_schedules)
        self.session_menu.addAction(schedules_action)
        # One Export button with both formats, between Rename and Delete.
        export_button = QToolButton()
        export_button.setIcon(ui_icon("export"))
        export_button.setToolTip(QCoreApplication.translate("WindowMenus", "Export this chat"))
        export_button.setAccessibleName(
            QCoreApplication.translate("WindowMenus", "Export this chat")
        )
        export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        export_menu = QMenu(export_button)
        for action in export_actions:
            export_menu.addAction(action)
        export_button.setMenu(export_menu)
        self.session_commands.append(export_button)
        toolbar.insertWidget(toolbar.actions()[-1], export_button)
        for action in toolbar.actions():
            widget = toolbar.widgetForAction(action)
            if widget is not None and action.text():
                widget.setAccessibleName(action.text().replace("&", "").rstrip("…"))

    def enable_session_commands(self, enabled: bool) -> None:
        for command in self.session_commands:
            command.setEnabled(enabled)
