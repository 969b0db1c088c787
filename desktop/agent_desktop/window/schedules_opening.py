"""The window's schedules: run while the app runs (`ScheduleRuns`), a run announced by the tray
or else the window's notice, and the Schedules window (Session → Schedules… and "Schedule this
chat…") opened over them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from agent_desktop.toolkit.agent_names import agent_name
from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.window.schedule_runs import ScheduleRuns

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.conversation import Conversations
    from agent_app.model_catalog import ModelCatalog
    from agent_app.paths import AppPaths
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn
    from agent_desktop.window.tray import TrayIcon


class WindowSchedules:
    """The schedules under `paths`, run through `conversations` (`runs`, started by the entry
    point); `tray()` announces a run when there is a tray."""

    def __init__(
        self,
        conversations: Conversations,
        configuration: Configuration,
        model_catalog: ModelCatalog,
        paths: AppPaths,
        *,
        dialog_parent: QWidget,
        open_chat: Callable[[str], None],
        chat_title: Callable[[], str],
        tray: Callable[[], TrayIcon | None],
        show_notice: ShowNotice,
        spawn: Spawn,
    ) -> None:
        self.runs = ScheduleRuns(paths.schedules_path, conversations, self._announce)
        self.tray = tray
        self.show_notice = show_notice
        self.configuration = configuration
        self.model_catalog = model_catalog
        self.paths = paths
        self.dialog_parent = dialog_parent
        self.open_chat = open_chat
        self.chat_title = chat_title
        self.spawn = spawn

    def open(self, session_id: str | None = None) -> None:
        """The Schedules window; with `session_id`, its editor opens on a schedule for that chat
        (titled as the chat shown)."""
        # The dialog and the service bring dateutil along: loaded when first opened.
        from agent_app.schedule_service import (  # noqa: PLC0415 - see above
            ScheduleService,
            data_home_of,
        )
        from agent_desktop.schedules.schedules_dialog import (  # noqa: PLC0415 - see above
            SchedulesDialog,
        )

        runner = self.runs.runner
        if runner is None:  # the schedules are still being read
            return
        agents = [
            (agent_id, agent_name(agent_id, agent.label))
            for agent_id, agent in self.configuration.config.agents.items()
        ]
        dialog = SchedulesDialog(
            self.dialog_parent,
            runner.store,
            agents=agents,
            list_models=self.model_catalog.providers,
            spawn=self.spawn,
            open_chat=self.open_chat,
            service=ScheduleService(data_home_of(self.paths), Path.home()),
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        self.spawn(dialog.refresh())
        self.spawn(dialog.show_service())
        if session_id is not None:
            dialog.add(session_id, self.chat_title())

    def _announce(self, heading: str, text: str) -> None:
        tray = self.tray()
        if tray is None or not tray.announce(heading, text):
            self.show_notice(f"{heading} — {text}", seconds=12)
