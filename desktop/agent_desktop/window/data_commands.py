"""File → Export all my data and File → Import data: the window's `DataTransfer`, built on
first use (neither it nor the archive format is needed to paint or attach the window), and what
an import leaves to do (the chat list redrawn, the settings it brought applied)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.paths import AppPaths
    from agent_app.projects import Projects
    from agent_app.sessions import Sessions
    from agent_app.settings_changes import ApplyResult, SettingsChange
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.data_transfer import DataTransfer


class DataCommands:
    """Exports and imports the data `sessions`, `projects` and `paths` hold; an import's
    settings go through `configuration` as the Settings dialog's do."""

    def __init__(
        self,
        sessions: Sessions,
        projects: Projects,
        paths: AppPaths,
        configuration: Configuration,
        *,
        dialog_parent: QWidget,
        refresh_chats: Callable[[], None],
        spawn: Spawn,
        tell: Callable[[str], None],
        show_error: Callable[[str], None],
    ) -> None:
        self.sessions = sessions
        self.projects = projects
        self.paths = paths
        self.configuration = configuration
        self.dialog_parent = dialog_parent
        self.refresh_chats = refresh_chats
        self.spawn = spawn
        self.tell = tell
        self.show_error = show_error
        self.transfer: DataTransfer | None = None  # built on first use

    def choose_export(self) -> None:
        self._built().choose_export()

    def choose_import(self) -> None:
        self._built().choose_import()

    def _built(self) -> DataTransfer:
        # On first use: the archive format and its dialogs are not needed before.
        from agent_desktop.window.data_transfer import (  # noqa: PLC0415 - see above
            DataTransfer,
            user_data_of,
        )

        if self.transfer is None:
            self.transfer = DataTransfer(
                self.dialog_parent,
                lambda: user_data_of(self.sessions, self.projects, self.paths),
                self.spawn,
                self.tell,
                self._imported,
            )
        return self.transfer

    def _imported(self, change: SettingsChange | None) -> None:
        # On an import: settings saving loads with the first import that brings settings.
        from agent_desktop.settings.saving import (  # noqa: PLC0415 - see above
            apply_settings_change,
        )

        self.refresh_chats()
        if change is not None and not change.is_empty():
            apply_settings_change(self.configuration, change, self.dialog_parent, self._said)

    def _said(self, result: ApplyResult) -> None:
        if result.problems:
            self.show_error("\n".join(result.problems.values()))
