"""Opening the Schedules window (Session → Schedules… and "Schedule this chat…") over the
schedules the window's `ScheduleRuns` runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from agent_desktop.toolkit.lazy_qt import Qt

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.model_catalog import ModelCatalog
    from agent_app.paths import AppPaths
    from agent_app.schedules import ScheduleRunner
    from agent_desktop.toolkit.window_support import Spawn


class SchedulesOpener:
    """Opens the Schedules window once `runner()` (the window's schedule runner) has started."""

    def __init__(
        self,
        runner: Callable[[], ScheduleRunner | None],
        configuration: Configuration,
        model_catalog: ModelCatalog,
        paths: AppPaths,
        *,
        dialog_parent: QWidget,
        open_chat: Callable[[str], None],
        chat_title: Callable[[], str],
        spawn: Spawn,
    ) -> None:
        self.runner = runner
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

        runner = self.runner()
        if runner is None:  # the schedules are still being read
            return
        agents = [
            (agent_id, agent.label or agent_id)
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
