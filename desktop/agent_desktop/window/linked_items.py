"""Links from tool rows and answers to what the app holds elsewhere: `memory:<id>` (a `remember`
call's row) opens Settings → Memory with that item selected; `file://…` (a project search's best
hit) and `project-file://…` (a file the answer cites from a project search) open the file in the
desktop's app for it, only when it lies in one of the user's project folders (a link is a
plugin's or the model's word: it never opens anything else)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices

from agent_app.projects import PROJECT_FILE_LINK

if TYPE_CHECKING:
    from agent_desktop.settings.dialog import SettingsDialog

MEMORY_LINK = "memory:"
MEMORY_PAGE = "memory"
MEMORY_FIELD = "memory.items"


class LinkedItems:
    def __init__(
        self,
        open_settings: Callable[[Callable[[SettingsDialog], None]], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
        notice: Callable[[str], None],
        project_folders: Callable[[], list[str]],
    ) -> None:
        self.open_settings = open_settings
        self.project_folders = project_folders
        self.spawn = spawn
        self.notice = notice

    def open(self, href: str) -> None:
        if href.startswith(PROJECT_FILE_LINK):  # cited in an answer: the same file: URL
            href = "file:" + href.removeprefix(PROJECT_FILE_LINK)
        if href.startswith("file:"):
            self.open_project_file(href)
            return
        number = href.removeprefix(MEMORY_LINK)
        if not href.startswith(MEMORY_LINK) or not number.isdigit():
            self.notice(
                QCoreApplication.translate(
                    "LinkedItems", "This row links to {href}, which the app cannot open."
                ).format(href=href)
            )
            return
        self.open_settings(lambda dialog: self.spawn(self._show_memory(dialog, int(number))))

    def project_file(self, href: str) -> Path | None:
        """The file `href` names when it lies in a project folder, else None."""
        path = Path(QUrl(href).toLocalFile())
        try:
            resolved = path.resolve()
        except OSError:
            return None
        inside = any(resolved.is_relative_to(Path(f).resolve()) for f in self.project_folders())
        return resolved if inside and resolved.is_file() else None

    def open_project_file(self, href: str) -> None:
        path = self.project_file(href)
        if path is None:
            self.notice(
                QCoreApplication.translate(
                    "LinkedItems", "Only a file of one of your projects opens from a chat."
                )
            )
        elif not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            self.notice(
                QCoreApplication.translate("LinkedItems", "No app here opens {name}.").format(
                    name=path.name
                )
            )

    async def _show_memory(self, dialog: SettingsDialog, item_id: int) -> None:
        if dialog.loading_task is not None:
            try:
                await dialog.loading_task
            except asyncio.CancelledError:
                return  # the dialog was closed before its pages were ready
        page = dialog.plugin_pages.get(MEMORY_PAGE)
        if page is None or page.form is None:
            self.notice(
                QCoreApplication.translate(
                    "LinkedItems", "Settings has no Memory page: the memory plugin is turned off."
                )
            )
            return
        dialog.show_page(page)
        select = getattr(page.form.fields.get(MEMORY_FIELD), "select", None)
        if select is None or not select(item_id):
            self.notice(
                QCoreApplication.translate("LinkedItems", "That remembered item was deleted.")
            )
