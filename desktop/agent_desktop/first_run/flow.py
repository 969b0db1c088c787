"""The first-run pane's flow: look for local model servers, take a server or an API key, and say
when a provider is set up (`finished`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import cached_property
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from agent_desktop.first_run.choices import api_key_change, local_server_change, needs_setup
from agent_desktop.settings.saving import apply_settings_change
from agent_desktop.toolkit.window_support import INFORMING_NOTICE_SECONDS

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStackedWidget

    from agent_app.configuration import Configuration
    from agent_app.plugin_host import PluginHost
    from agent_app.settings_changes import ApplyResult
    from agent_desktop.first_run.welcome import WelcomePane
    from agent_desktop.toolkit.window_support import ShowNotice


class FirstRunFlow(QObject):
    finished = Signal()  # a provider is set up: the chat can take over

    def __init__(
        self,
        stack: QStackedWidget,
        notice: ShowNotice,
        spawn: Callable[[Coroutine[Any, Any, Any]], object],
        *,
        configuration: Configuration,
        plugins: PluginHost,
    ) -> None:
        super().__init__(stack)
        self.configuration = configuration
        self.plugins = plugins
        self.stack = stack
        self.notice = notice
        self.spawn = spawn

    @cached_property
    def welcome(self) -> WelcomePane:
        # Imported with the pane: a configured start never shows it.
        from agent_desktop.first_run.welcome import WelcomePane  # noqa: PLC0415 - the first-run pane loads only when shown

        pane = WelcomePane()
        pane.detect_requested.connect(self.detect_local_servers)
        pane.local_server_chosen.connect(self._on_local_server_chosen)
        pane.api_key_entered.connect(self._on_api_key_entered)
        self.stack.addWidget(pane)
        return pane

    def needed(self) -> bool:
        return needs_setup(self.configuration.config)

    def showing(self) -> bool:
        return "welcome" in self.__dict__ and self.stack.currentWidget() is self.welcome

    def show_pane(self) -> None:
        self.stack.setCurrentWidget(self.welcome)
        QTimer.singleShot(0, self.detect_local_servers)

    def detect_local_servers(self) -> None:
        self.welcome.set_detecting()
        self.spawn(self.find_local_servers())

    async def find_local_servers(self) -> None:
        # Where a key would be kept is said before one is typed; asking the keyring may block.
        loop = asyncio.get_running_loop()
        secrets = (
            self.configuration.secrets
        )  # the worker gets no Qt object to release (this flow is one)
        problem = await loop.run_in_executor(None, secrets.headline_at_a_glance)
        self.welcome.set_key_storage(problem)
        try:
            servers = await self.plugins.detect_local_servers()
        except (OSError, RuntimeError, ValueError) as error:
            self.welcome.set_servers(
                [], self.tr("Could not look for local servers: {error}").format(error=error)
            )
            return
        self.welcome.set_servers(list(servers))

    def _on_local_server_chosen(self, server: dict[str, Any]) -> None:
        self.welcome.set_saving(True)
        apply_settings_change(
            self.configuration,
            local_server_change(self.configuration.config, server),
            self,
            self._local_server_saved,
        )

    def _local_server_saved(self, result: ApplyResult) -> None:
        self.welcome.set_saving(False)
        if not result.ok:
            self.welcome.set_servers([], "; ".join(result.problems.values()))
            return
        self.finished.emit()

    def _on_api_key_entered(
        self, kind: int, key: str, base_url: str, model: str, session_only: bool
    ) -> None:
        change = api_key_change(
            self.configuration.config, kind, key, base_url, model, session_only=session_only
        )
        self.welcome.set_saving(True)
        apply_settings_change(self.configuration, change, self, self._api_key_saved)

    def _api_key_saved(self, result: ApplyResult) -> None:
        self.welcome.set_saving(False)
        if not result.ok:
            self.welcome.show_key_problem("; ".join(result.problems.values()))
            return
        self.finished.emit()
        if result.notices:
            self.notice("\n".join(result.notices), seconds=INFORMING_NOTICE_SECONDS)
