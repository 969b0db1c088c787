"""The tool servers in the window: the Tools button (servers, their tasks), the dialogs a server
asks for (MCP elicitation, a sign-in), Cancel on a running task's row and the MCP App views in
the chat's rows."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from agent_desktop.forms.elicitation import ask_in_window
from agent_desktop.tool_servers.row_tasks import cancel_tasks_from_rows
from agent_desktop.tool_servers.sign_in import confirm_and_open_login
from agent_desktop.tool_servers.status_button import install_tool_servers_button
from agent_desktop.window.app_view_wiring import WindowAppViews

if TYPE_CHECKING:
    from agent_app.app_views import AppViews
    from agent_app.tool_servers import ToolServers
    from agent_app.tool_tasks import ToolTasks
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.conversation.chat_view import ChatView
    from agent_desktop.tool_servers.status_button import ToolServersButton
    from agent_desktop.toolkit.window_support import Spawn


def wire_tools(
    tool_servers: ToolServers,
    tool_tasks: ToolTasks,
    app_views: AppViews,
    *,
    keyring_name: Callable[[], str],
    chat_view: ChatView,
    composer: Composer,
    dialog_parent: QWidget,
    shown_session_id: Callable[[], str | None],
    open_chat: Callable[[str], None],
    send_from_view: Callable[[str], Awaitable[None]],
    say: Callable[[str], None],
    tell: Callable[[str], None],
    spawn: Spawn,
) -> tuple[ToolServersButton, WindowAppViews]:
    """Connects the window's widgets to the tool servers; returns the Tools button and the
    MCP App views. `keyring_name()` names where a sign-in's token is kept, `say` writes the
    state line, `tell` a passing status message."""
    tool_servers.set_elicitation_handler(partial(ask_in_window, dialog_parent, say))
    tool_servers.set_sign_in_handler(
        partial(confirm_and_open_login, dialog_parent, say, keyring_name)
    )
    button = install_tool_servers_button(
        tool_servers, composer, spawn, tool_tasks=tool_tasks, open_chat=open_chat
    )
    button.all_ready.connect(chat_view.chat_model.drop_server_readiness)
    cancel_tasks_from_rows(chat_view, tool_tasks, shown_session_id, spawn, tell)
    views = WindowAppViews(chat_view, app_views, dialog_parent, send_from_view, shown_session_id)
    return button, views
