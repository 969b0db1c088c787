"""What the window's central area shows: the first-run pane (`FirstRunFlow`) while the app is not
set up, then the chat column, opening the chat the user had open last."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QStackedWidget, QWidget

from agent_desktop.first_run.flow import FirstRunFlow

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.plugin_host import PluginHost
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn


class SetupOrChat:
    """Switches `stack` between the first-run pane and `chat_page`, as `configuration` says.

    `listed()` is the stored chats' ids; `fill_agents` and `refresh_agent_ui` describe the
    agents once setup is done."""

    def __init__(
        self,
        stack: QStackedWidget,
        chat_page: QWidget,
        configuration: Configuration,
        plugins: PluginHost,
        *,
        listed: Callable[[], list[str]],
        open_session: Callable[[str], None],
        fill_agents: Callable[[], None],
        refresh_agent_ui: Callable[[], None],
        focus_composer: Callable[[], None],
        show_notice: ShowNotice,
        spawn: Spawn,
    ) -> None:
        self.stack = stack
        self.chat_page = chat_page
        self.configuration = configuration
        self.listed = listed
        self.open_session = open_session
        self.fill_agents = fill_agents
        self.refresh_agent_ui = refresh_agent_ui
        self.focus_composer = focus_composer
        self.first_run = FirstRunFlow(
            stack, show_notice, spawn, configuration=configuration, plugins=plugins
        )
        self.first_run.finished.connect(self.setup_done)

    def showing_chat(self) -> bool:
        """The chat is shown, not the first-run pane."""
        return self.stack.currentWidget() is self.chat_page

    def show_at_start(self) -> None:
        if self.first_run.needed():
            self.first_run.show_pane()
            return
        self.stack.setCurrentWidget(self.chat_page)
        last = self.configuration.settings.last_session_id
        if last and last in self.listed():
            self.open_session(last)
        self.focus_composer()  # what a returning user types at once goes into the message box

    def setup_done(self) -> None:
        self.fill_agents()
        self.stack.setCurrentWidget(self.chat_page)
        self.refresh_agent_ui()
        self.focus_composer()
