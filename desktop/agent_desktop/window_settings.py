"""Settings opened from the window, and the window following what was applied: theme, tray,
quick entry shortcut, send key, agents and the plugins' UI (the first-run pane gives way once
a provider is set)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_desktop.first_run import needs_setup

if TYPE_CHECKING:
    from agent_desktop.main_window import MainWindow


def open_settings(window: MainWindow) -> None:
    from agent_desktop.settings_dialog import open_settings_dialog

    dialog = open_settings_dialog(window, window.app, window.agent_id)
    window.settings_dialog = dialog
    dialog.applied.connect(lambda: follow_settings(window))


def follow_settings(window: MainWindow) -> None:
    app = window.app
    notices = getattr(window.settings_dialog, "notices", None)
    if notices:
        window.notice.show_notice("\n".join(notices))
    if window.theme is not None:
        window.theme.set_preference(app.settings.theme)
    window.view_menu.sync_theme(app.settings.theme)
    window.install_tray()
    window.install_global_shortcut()
    window.composer.set_send_key(app.settings.send_key)
    if app.config.agents.get(window.agent_id) is None:
        window.agent_bar.agent_id = "default"
    window.agent_bar.fill()
    if window.stack.currentWidget() is not window.chat_page and not needs_setup(app):
        window.setup_done()
    else:
        window.refresh_agent_ui()
