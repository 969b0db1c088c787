"""Settings opened from the window, and the window following applied changes.

The window subscribes to the application's settings events
(`app.configuration.settings_events`), each part to the keys it shows: the language, the theme,
text size and sidebar, the tray, the quick entry shortcut, the send key, and the agents and
providers (the agent bar; the first-run pane gives way once a provider is set). The settings
dialog knows none of this: it hands the change to the application, which saves it and tells its
listeners.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from agent_desktop.first_run.choices import needs_setup
from agent_desktop.toolkit.window_support import INFORMING_NOTICE_SECONDS

if TYPE_CHECKING:  # on the first-paint path: no dataclasses module before the window shows
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QWidget

    from agent_app.application import AgentApplication
    from agent_app.settings_events import SettingsChanged
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.settings.dialog import SettingsDialog
    from agent_desktop.system.global_shortcut import GlobalShortcut
    from agent_desktop.toolkit.theme import ThemeManager
    from agent_desktop.toolkit.translations import Translations
    from agent_desktop.toolkit.window_support import ShowNotice
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.tray import TrayIcon
    from agent_desktop.window.view_menu import ViewMenu


class SettingsOpener:
    """Opens Settings over `parent` for the agent `agent_id` names (once: a second request
    while the keyring is looked at is dropped); `dialog` is the one open."""

    def __init__(self, parent: QWidget, app: AgentApplication, agent_id: Callable[[], str]) -> None:
        self.parent = parent
        self.app = app
        self.agent_id = agent_id
        self.dialog: SettingsDialog | None = None
        self.opening = False  # Settings asked for, the keyring being looked at
        self.then: Callable[[SettingsDialog], None] | None = None

    def open(self, then: Callable[[SettingsDialog], None] | None = None) -> None:
        """Open Settings; `then` gets the dialog once it is shown (its pages still loading)."""
        from agent_desktop.settings.dialog import open_settings_dialog

        if self.opening:
            return
        self.opening = True
        self.dialog = None
        self.then = then
        open_settings_dialog(self.parent, self.app, self.agent_id(), self._opened)

    def _opened(self, dialog: SettingsDialog) -> None:
        self.opening = False
        self.dialog = dialog
        if self.then is not None:
            self.then(dialog)


class DesktopIntegration:
    """The tray icon and the quick entry shortcut of `window`, each as the settings say.

    The tray starts new chats with `new_chat` and, when `answer_finished` fires while the user
    cannot see the window, announces the answer under `answer_title`; the shortcut runs
    `quick_entry`, and a combination it cannot take is said with `show_error`."""

    def __init__(
        self,
        window: QWidget,
        *,
        new_chat: Callable[[], None],
        quick_entry: Callable[[], None],
        show_error: Callable[[str], None],
        answer_finished: SignalInstance,
        answer_title: Callable[[], str],
    ) -> None:
        self.window = window
        self.new_chat = new_chat
        self.quick_entry = quick_entry
        self.show_error = show_error
        self.answer_finished = answer_finished
        self.answer_title = answer_title
        self.tray: TrayIcon | None = None
        self.global_shortcut: GlobalShortcut | None = None

    def show_tray(self, shown: bool) -> None:
        from agent_desktop.window.tray import install_tray

        had_tray = self.tray is not None
        self.tray = install_tray(self.window, self.tray, shown, self.new_chat)
        if self.tray is not None and not had_tray:
            self.answer_finished.connect(self._announce_answer)

    def _announce_answer(self) -> None:
        if self.tray is not None:
            self.tray.announce_answer(self.answer_title())

    def hold_shortcut(self, sequence: str) -> None:
        """Take `sequence` as the quick entry shortcut ("" takes none)."""
        from agent_desktop.system.global_shortcut import GlobalShortcut

        if self.global_shortcut is None:
            self.global_shortcut = GlobalShortcut(self.window)
            self.global_shortcut.activated.connect(self.quick_entry)
            self.global_shortcut.problem.connect(self.show_error)
        self.global_shortcut.set_sequence(sequence)

    def release(self) -> None:
        """The shortcut's keys go back to the other apps at once."""
        if self.global_shortcut is not None:
            self.global_shortcut.release()


def follow_settings(
    app: AgentApplication,
    *,
    theme: ThemeManager | None,
    translations: Translations | None,
    view_menu: ViewMenu,
    composer: Composer,
    agent_bar: AgentBar,
    desktop: DesktopIntegration,
    showing_chat: Callable[[], bool],
    setup_done: Callable[[], None],
    refresh_agent_ui: Callable[[], None],
    show_notice: ShowNotice,
    run_in_background: Callable[[Coroutine[Any, Any, Any]], object],
) -> Callable[[], None]:
    """Apply the settings (language, theme, text size and sidebar, tray, quick entry) and keep
    the parts handed here as the settings say; returns what unsubscribes them all.

    `showing_chat` tells whether the chat (not the first-run pane) is shown; `setup_done` gives
    the pane way to the chat. `run_in_background` runs work that outlives the window."""
    events = app.configuration.settings_events

    def look(_change: SettingsChanged | None = None) -> None:
        if theme is not None:
            theme.set_preference(app.settings.theme)
        view_menu.attach(app)  # ticks the theme, applies text size and sidebar

    def language(_change: SettingsChanged | None = None) -> None:
        if translations is not None:
            translations.use(app.settings.language)

    language()
    look()
    settings = app.settings
    desktop.show_tray(settings.tray_icon)
    desktop.hold_shortcut(settings.quick_entry_shortcut)

    def agents(_change: SettingsChanged) -> None:
        if app.config.agents.get(agent_bar.agent_id) is None:
            agent_bar.agent_id = "default"
        agent_bar.fill()
        if not showing_chat() and not needs_setup(app.config):
            setup_done()
        else:
            refresh_agent_ui()

    def start_tool_servers(_change: SettingsChanged) -> None:
        # Servers just added or changed start now (a login one needs is asked for at once).
        run_in_background(app.tool_servers.start())

    def notices(change: SettingsChanged) -> None:
        if change.notices:
            show_notice("\n".join(change.notices), seconds=INFORMING_NOTICE_SECONDS)

    unsubscribes = [
        events.subscribe(look, ("theme", "text_scale_percent", "sidebar_visible")),
        events.subscribe(language, ("language",)),
        events.subscribe(lambda _change: desktop.show_tray(app.settings.tray_icon), ("tray_icon",)),
        events.subscribe(
            lambda _change: desktop.hold_shortcut(app.settings.quick_entry_shortcut),
            ("quick_entry_shortcut",),
        ),
        events.subscribe(
            lambda _change: composer.set_send_key(app.settings.send_key), ("send_key",)
        ),
        events.subscribe(agents, ("agents", "providers", "developer_mode")),
        events.subscribe(start_tool_servers, ("mcp_servers",)),
        events.subscribe(notices),
    ]

    def unsubscribe() -> None:
        for stop in unsubscribes:
            stop()

    return unsubscribe
