"""One view in one tool row: reads its page, opens it in the helper, runs its bridge, and
answers what it asks through the window's prompts.

`AppViewRows` makes them for a chat: the chat view asks it for the widget of each tool row whose
result names a view, and drops it when the row goes (another chat opened, the chat closed).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from agent_app.app_views import AppViewBridge, AppViewRefused
from agent_desktop.app_views.view_widget import AppViewWidget

if TYPE_CHECKING:
    from agent_app.app_views import AppViews
    from agent_desktop.app_views.host import ViewHelper
    from agent_desktop.app_views.prompts import WindowViewPrompts

logger = logging.getLogger(__name__)


class AppViewController(QObject):
    """Ties a view's widget, its page in the helper and its bridge."""

    def __init__(
        self,
        view: dict[str, Any],
        session_id: str,
        helper: ViewHelper,
        services: AppViews,
        prompts: WindowViewPrompts,
        context: dict[str, Any],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self.view_id = uuid.uuid4().hex
        self.server = str(view.get("server") or "")
        self._session_id = session_id
        self._helper = helper
        self._services = services
        self._prompts = prompts
        self._tasks: set[asyncio.Task[None]] = set()
        self.model_context = ""  # the view's latest ui/update-model-context text
        self.widget = AppViewWidget(
            self.view_id, helper, f"{self.server} › {view.get('tool')}", parent
        )
        self.bridge = AppViewBridge(
            view,
            self,
            self._call_tool,
            lambda uri: services.read_resource(view, uri),
            lambda message: helper.post(self.view_id, message),
            context,
        )
        helper.message.connect(self._on_message)
        # Esc or the window manager can leave full screen too: the view hears it either way.
        self.widget.fullscreen_changed.connect(
            lambda on: self.bridge.change_context(displayMode="fullscreen" if on else "inline")
        )

    def start(self) -> None:
        self._run(self._open())

    def _run(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _open(self) -> None:
        try:
            page = await self._services.read_page(self.view)
        except Exception as exc:  # noqa: BLE001 - the row names why its view cannot show; the chat goes on
            self.widget.add_notice(self.tr("The view could not be read: {why}").format(why=exc))
            return
        background = self.widget.palette().base().color().name()
        self._helper.open(
            self.view_id,
            page,
            max(1, self.widget.width()),
            self.widget.sizeHint().height(),
            background,
        )

    def _on_message(self, view_id: str, message: dict[str, Any]) -> None:
        if view_id == self.view_id:
            self._run(self.bridge.receive(message))

    async def _call_tool(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        try:
            return await self._services.call_tool(
                self._session_id, self.view, tool, arguments, self._prompts.approve_tool
            )
        except AppViewRefused as refused:
            self.widget.add_notice(
                self.tr("Refused the view's call to {tool}: {why}").format(tool=tool, why=refused)
            )
            raise

    # ------------------------------------------------------------------ ViewHost
    async def confirm_link(self, url: str) -> bool:
        return await self._prompts.open_link(self.server, url)

    async def send_message(self, text: str) -> bool:
        return await self._prompts.send_message(self.server, text)

    def update_model_context(self, text: str) -> None:
        self.model_context = text

    def set_display_mode(self, mode: str) -> str:
        self.widget.set_fullscreen(mode == "fullscreen")
        return "fullscreen" if self.widget.fullscreen else "inline"

    def set_height(self, height: int) -> None:
        self.widget.set_view_height(height)

    def set_theme(self, theme: str) -> None:
        self.bridge.change_context(theme=theme)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._helper.message.disconnect(self._on_message)
        self._helper.close(self.view_id)
        self.widget.set_fullscreen(False)
        self.widget.hide()
        self.widget.deleteLater()
        self.deleteLater()
