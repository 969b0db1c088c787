"""Links from tool rows to what the app holds elsewhere: `memory:<id>` (a `remember` call's row)
opens Settings → Memory with that item selected."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from agent_desktop.settings.dialog import SettingsDialog

MEMORY_LINK = "memory:"
MEMORY_PAGE = "memory"
MEMORY_FIELD = "memory.items"


def _tr(text: str) -> str:
    return QCoreApplication.translate("LinkedItems", text)


class LinkedItems:
    def __init__(
        self,
        open_settings: Callable[[Callable[[SettingsDialog], None]], None],
        spawn: Callable[[Coroutine[Any, Any, Any]], Any],
        notice: Callable[[str], None],
    ) -> None:
        self.open_settings = open_settings
        self.spawn = spawn
        self.notice = notice

    def open(self, href: str) -> None:
        number = href.removeprefix(MEMORY_LINK)
        if not href.startswith(MEMORY_LINK) or not number.isdigit():
            self.notice(
                _tr("This row links to {href}, which the app cannot open.").format(href=href)
            )
            return
        self.open_settings(lambda dialog: self.spawn(self._show_memory(dialog, int(number))))

    async def _show_memory(self, dialog: SettingsDialog, item_id: int) -> None:
        if dialog.loading_task is not None:
            try:
                await dialog.loading_task
            except asyncio.CancelledError:
                return  # the dialog was closed before its pages were ready
        page = dialog.plugin_pages.get(MEMORY_PAGE)
        if page is None or page.form is None:
            self.notice(_tr("Settings has no Memory page: the memory plugin is turned off."))
            return
        dialog.show_page(page)
        select = getattr(page.form.fields.get(MEMORY_FIELD), "select", None)
        if select is None or not select(item_id):
            self.notice(_tr("That remembered item was deleted."))
