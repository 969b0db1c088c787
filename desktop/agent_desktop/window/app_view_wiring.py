"""MCP App views in the window: one view helper for the window's chat view, the dialogs views'
requests raise, and the maker of each tool row's view.

Nothing of the feature loads until the first view is made (a window without views keeps its
idle memory): the helper host, the row widget and the dialogs are imported then. The helper's
idle time (how long it outlives the last visible view) is ``AGENT_DESKTOP_VIEW_IDLE_SECONDS``
when set (the tests use a short one), else a minute.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from agent_app.app_views import AppViews
    from agent_desktop.app_views.controller import AppViewController, HostContextWatch
    from agent_desktop.app_views.host import ViewHelper
    from agent_desktop.app_views.prompts import WindowViewPrompts
    from agent_desktop.conversation.chat_view import ChatView

IDLE_SECONDS_VARIABLE = "AGENT_DESKTOP_VIEW_IDLE_SECONDS"
DEFAULT_IDLE_SECONDS = 60.0
DARK_BELOW_LIGHTNESS = 128


def idle_seconds() -> float:
    """The helper's idle time: the environment's when it is a positive number, else the default."""
    try:
        chosen = float(os.environ.get(IDLE_SECONDS_VARIABLE, ""))
    except ValueError:
        return DEFAULT_IDLE_SECONDS
    return chosen if chosen > 0 else DEFAULT_IDLE_SECONDS


class WindowAppViews:
    """The window's views: the helper and the prompts, made with the first view. From then on
    the open views hear when the window's theme or language changes
    (``ui/notifications/host-context-changed``)."""

    def __init__(
        self,
        chat_view: ChatView,
        services: AppViews,
        dialog_parent: QWidget,
        send_text: Callable[[str], Awaitable[None]],
        session_id: Callable[[], str | None],
    ) -> None:
        self._chat_view = chat_view
        self._services = services
        self._dialog_parent = dialog_parent
        self._send_text = send_text
        self._session_id = session_id
        self.helper: ViewHelper | None = None
        self.prompts: WindowViewPrompts | None = None
        self._context_watch: HostContextWatch | None = None
        chat_view.set_app_view_maker(self.make)

    def host_context(self) -> dict[str, Any]:
        """What views are told of the window: its theme (from the chat's colours) and locale."""
        from PySide6.QtCore import QLocale  # noqa: PLC0415 - the feature loads with its first view

        lightness = self._chat_view.palette().base().color().lightness()
        return {
            "theme": "dark" if lightness < DARK_BELOW_LIGHTNESS else "light",
            "locale": QLocale().bcp47Name(),
        }

    def make(self, view: dict[str, Any], tool_call_id: str) -> AppViewController:
        """The controller (and row widget) of one tool row's view."""
        from agent_desktop.app_views.controller import (  # noqa: PLC0415 - the feature loads with its first view
            AppViewController,
            HostContextWatch,
        )
        from agent_desktop.app_views.host import ViewHelper  # noqa: PLC0415 - the feature loads with its first view
        from agent_desktop.app_views.prompts import WindowViewPrompts  # noqa: PLC0415 - the feature loads with its first view

        if self.helper is None or self.prompts is None:
            self.helper = ViewHelper(idle_seconds(), self._chat_view)
            self.prompts = WindowViewPrompts(self._dialog_parent, self._send_text)
            self._context_watch = HostContextWatch(self._chat_view, self._tell_views)
        return AppViewController(
            view,
            tool_call_id,
            self._session_id() or "",
            self.helper,
            self._services,
            self.prompts,
            self.host_context(),
            self._chat_view.viewport(),
        )

    def _tell_views(self) -> None:
        context = self.host_context()
        background = self._chat_view.palette().base().color().name()
        for controller in self._chat_view.open_app_views():
            controller.set_host_context(background, **context)

    def stop(self) -> None:
        if self.helper is not None:
            self.helper.stop()
