"""One view in one tool row: reads its page, opens it in the helper, runs its bridge, and
answers what it asks through the window's prompts.

The window's `WindowAppViews` makes them: the chat view asks it for the view of each tool row
whose tool or result names one, tells it when the row's call ends (`follow`), and closes it when
the row goes (another chat opened, the chat closed): the view is asked to tear down first
(``ui/resource-teardown``), for at most `TEARDOWN_SECONDS`.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

from agent_app.app_views import AppViewBridge, AppViewRefused
from agent_desktop.app_views.view_widget import AppViewWidget

if TYPE_CHECKING:
    from agent_app.app_views import AppViews
    from agent_desktop.app_views.host import ViewHelper
    from agent_desktop.app_views.prompts import WindowViewPrompts

logger = logging.getLogger(__name__)

# How long a closing view may take to clean up before its page is closed all the same.
TEARDOWN_SECONDS = 0.5


class AppViewController(QObject):
    """Ties a view's widget, its page in the helper and its bridge."""

    def __init__(
        self,
        view: dict[str, Any],
        tool_call_id: str,
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
        self.tool_call_id = tool_call_id
        self._session_id = session_id
        self._helper = helper
        self._services = services
        self._prompts = prompts
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False
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
        self.follow(view)  # a row made again after its call was cancelled says so at once
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
        if view_id != self.view_id:
            return
        if self._closing and "method" in message and "id" in message:
            return  # a view tearing down may answer and tell, but asks nothing more of anyone
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

    def update_model_context(self, content: Any, structured: Any) -> None:
        self._services.contexts.update(
            self._session_id,
            self.tool_call_id,
            f"{self.server} › {self.view.get('tool')}",
            content,
            structured,
        )

    def set_display_mode(self, mode: str) -> str:
        self.widget.set_fullscreen(mode == "fullscreen")
        return "fullscreen" if self.widget.fullscreen else "inline"

    def set_height(self, height: int) -> None:
        self.widget.set_view_height(height)

    # ------------------------------------------------------------------ the row's call and window
    def follow(self, view: dict[str, Any]) -> None:
        """The row's call moved on (`view` as the row now has it): the view gets more of its
        input while the model writes it, the whole input, the result, or word that the call
        was cancelled (denied, stopped, failed without a result)."""
        cancelled = view.get("cancelled")
        if isinstance(cancelled, str):
            self.bridge.cancel(cancelled)
        elif "result" in view:
            self.view = view
            self.bridge.show_result(view)
        else:
            self.view = view
            self.bridge.show_input(view)

    def set_host_context(self, background: str, **changes: Any) -> None:
        """The window's look or language changed (theme, locale): the view hears what did."""
        self.bridge.change_context(**changes)
        self._helper.set_background(self.view_id, background)

    def close(self) -> None:
        """Leave the row at once; the page is closed once the view has torn down (or the
        deadline passed)."""
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        self.widget.set_fullscreen(False)
        self.widget.hide()
        self.widget.deleteLater()
        if self.bridge.initialized and self._helper.running:
            self._run(self._tear_down())
        else:
            self._end()

    async def _tear_down(self) -> None:
        try:
            async with asyncio.timeout(TEARDOWN_SECONDS):
                await self.bridge.teardown()
        except TimeoutError:
            logger.info("the view of %s did not tear down in %g s", self.server, TEARDOWN_SECONDS)
        finally:
            self._end()

    def _end(self) -> None:
        if not shiboken6.isValid(self):
            return  # the window went meanwhile, and its helper and views with it
        self._helper.message.disconnect(self._on_message)
        self._helper.close(self.view_id)
        self.deleteLater()


class HostContextWatch(QObject):
    """Calls `changed` when `watched` gets a new palette (the theme was switched in Settings or
    by the system) or a new language."""

    EVENTS = (QEvent.Type.PaletteChange, QEvent.Type.LanguageChange, QEvent.Type.LocaleChange)

    def __init__(self, watched: QObject, changed: Callable[[], None]) -> None:
        super().__init__(watched)
        self._changed = changed
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in self.EVENTS:
            self._changed()
        return False
