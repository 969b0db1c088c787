"""Settings opened from the window, and the window following applied changes.

The window subscribes to the application's settings events (`app.settings_events`), each part
to the keys it shows: the theme, text size and sidebar, the tray, the quick entry shortcut, the
send key, and the agents and providers (the agent bar; the first-run pane gives way once a
provider is set). The settings dialog knows none of this: it hands the change to the
application, which saves it and tells its listeners.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agent_desktop.first_run.choices import needs_setup

if TYPE_CHECKING:  # on the first-paint path: no dataclasses module before the window shows
    from agent_app.settings_events import SettingsChanged
    from agent_desktop.window.main_window import MainWindow


def open_settings(window: MainWindow) -> None:
    """Open Settings (once: a second request while the keyring is looked at is dropped)."""
    from agent_desktop.settings.dialog import SettingsDialog, open_settings_dialog

    if window.settings_opening:
        return
    window.settings_opening = True
    window.settings_dialog = None

    def opened(dialog: SettingsDialog) -> None:
        window.settings_opening = False
        window.settings_dialog = dialog

    open_settings_dialog(window, window.app, window.agent_id, opened)


def install_tray(window: MainWindow) -> None:
    """The tray icon, as the settings say (announcing finished answers the user cannot see)."""
    from agent_desktop.window.tray import install_tray as tray_as_set

    had_tray = window.tray is not None
    window.tray = tray_as_set(window, window.tray, window.app.settings.tray_icon, window.new_chat)
    if window.tray is not None and not had_tray:
        window.request_finished.connect(
            lambda: (
                window.tray is not None and window.tray.announce_answer(window.title_label.text())
            )
        )


def install_global_shortcut(window: MainWindow) -> None:
    """The quick entry key combination, as the settings say."""
    from agent_desktop.system.global_shortcut import install_global_shortcut as shortcut_as_set

    window.global_shortcut = shortcut_as_set(
        window, window.global_shortcut, window.app.settings.quick_entry_shortcut
    )


def follow_settings(window: MainWindow) -> Callable[[], None]:
    """Install what the settings ask for (tray, quick entry) and subscribe `window` to the
    settings it shows; returns what unsubscribes it all."""
    app = window.app
    install_tray(window)
    install_global_shortcut(window)
    events = app.settings_events

    def look(_change: SettingsChanged) -> None:
        if window.theme is not None:
            window.theme.set_preference(app.settings.theme)
        window.view_menu.attach(app)  # ticks the theme, applies text size and sidebar

    def agents(_change: SettingsChanged) -> None:
        if app.config.agents.get(window.agent_id) is None:
            window.agent_bar.agent_id = "default"
        window.agent_bar.fill()
        if window.stack.currentWidget() is not window.chat_page and not needs_setup(app):
            window.setup_done()
        else:
            window.refresh_agent_ui()

    def start_tool_servers(_change: SettingsChanged) -> None:
        # Servers just added or changed start now (a login one needs is asked for at once).
        window.spawn(app.start_tool_servers(), ends_with_window=False)

    def notices(change: SettingsChanged) -> None:
        if change.notices:
            window.notice.show_notice("\n".join(change.notices))

    unsubscribes = [
        events.subscribe(look, ("theme", "text_scale_percent", "sidebar_visible")),
        events.subscribe(lambda _change: install_tray(window), ("tray_icon",)),
        events.subscribe(
            lambda _change: install_global_shortcut(window), ("quick_entry_shortcut",)
        ),
        events.subscribe(
            lambda _change: window.composer.set_send_key(app.settings.send_key), ("send_key",)
        ),
        events.subscribe(agents, ("agents", "providers", "developer_mode")),
        events.subscribe(start_tool_servers, ("mcp_servers",)),
        events.subscribe(notices),
    ]

    def unsubscribe() -> None:
        for stop in unsubscribes:
            stop()

    return unsubscribe
