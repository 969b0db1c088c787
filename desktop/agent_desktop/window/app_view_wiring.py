"""MCP App views in the window: one view helper for the window's chat view, the dialogs views'
requests raise, and the maker of each tool row's view.

The helper's idle time (how long it outlives the last visible view) is
``AGENT_DESKTOP_VIEW_IDLE_SECONDS`` when set (the tests use a short one), else a minute.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QWidget

from agent_desktop.app_views.controller import AppViewController
from agent_desktop.app_views.host import DEFAULT_IDLE_SECONDS, ViewHelper
from agent_desktop.app_views.prompts import WindowViewPrompts

if TYPE_CHECKING:
    from agent_app.app_views import AppViews
    from agent_desktop.conversation.chat_view import ChatView

IDLE_SECONDS_VARIABLE = "AGENT_DESKTOP_VIEW_IDLE_SECONDS"
DARK_BELOW_LIGHTNESS = 128


def idle_seconds() -> float:
    """The helper's idle time: the environment's when it is a positive number, else the default."""
    try:
        chosen = float(os.environ.get(IDLE_SECONDS_VARIABLE, ""))
    except ValueError:
        return DEFAULT_IDLE_SECONDS
    return chosen if chosen > 0 else DEFAULT_IDLE_SECONDS


def theme_of(widget: QWidget) -> str:
    lightness = widget.palette().base().color().lightness()
    return "dark" if lightness < DARK_BELOW_LIGHTNESS else "light"


def install_app_views(
    chat_view: ChatView,
    services: AppViews,
    dialog_parent: QWidget,
    send_text: Callable[[str], Awaitable[None]],
    session_id: Callable[[], str | None],
) -> tuple[ViewHelper, WindowViewPrompts]:
    """Give `chat_view` the views of its tool rows; the helper (started on the first view) and
    the prompts views' requests raise over `dialog_parent`."""
    helper = ViewHelper(idle_seconds(), chat_view)
    prompts = WindowViewPrompts(dialog_parent, send_text)

    def make(view: dict[str, Any]) -> AppViewController:
        context = {"theme": theme_of(chat_view), "locale": QLocale().bcp47Name()}
        return AppViewController(
            view, session_id() or "", helper, services, prompts, context, chat_view.viewport()
        )

    chat_view.set_app_view_maker(make)
    return helper, prompts
