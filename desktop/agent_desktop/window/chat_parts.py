"""The window's chats, assembled: the sidebar's list of this computer's chats, the agent servers'
sections under it, which chat is shown, what every open chat's events change, and the Session
menu's commands on a chat. Each part is built with the services and widgets it uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QBoxLayout, QWidget

from agent_app.remote.attachments import StagedAttachments
from agent_app.remote.connections import RemoteConnections
from agent_app.remote.local_server import SERVER_FOLDER
from agent_desktop.sidebar.session_actions import SidebarSessions
from agent_desktop.window.chat_commands import ChatCommands
from agent_desktop.window.chat_events import OpenChatEvents
from agent_desktop.window.chat_switching import ChatSwitching
from agent_desktop.window.remote_chats import RemoteChats

if TYPE_CHECKING:
    from agent_app.conversation import Conversations
    from agent_app.paths import AppPaths
    from agent_app.secrets import SecretStore
    from agent_app.sessions import Sessions
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.conversation_binding import ConversationBinding


class WindowChats:
    """The chats of `sessions` (open as `conversations`) and of the servers connected before
    (addresses under `paths`, tokens in `secrets`), shown through `binding`; the servers'
    sections are filled in the background.

    What the chats ask of the rest of the window: `refresh_agent_ui` describes the agent's
    plugin actions and footers, `answer_finished` is told of each finished answer,
    `approval_pending(waiting)` moves the action dialogs aside (or back), `show_actions` shows
    a server's session actions, `open_schedules(session_id)` the Schedules window."""

    def __init__(
        self,
        sessions: Sessions,
        conversations: Conversations,
        paths: AppPaths,
        secrets: SecretStore,
        *,
        sidebar: SessionSidebar,
        binding: ConversationBinding,
        agent_bar: AgentBar,
        dialog_parent: QWidget,
        refresh_agent_ui: Callable[[], None],
        focus_composer: Callable[[], None],
        answer_finished: Callable[[], None],
        approval_pending: Callable[[bool], None],
        show_actions: Callable[[list[Any], list[Any]], None],
        open_schedules: Callable[[str | None], None],
        show_notice: ShowNotice,
        show_error: Callable[[str], None],
        spawn: Spawn,
    ) -> None:
        self.sessions = SidebarSessions(  # this computer's chats in the sidebar
            sessions,
            sidebar,
            conversations,
            dialog_parent=dialog_parent,
            shown_session_id=lambda: self.switching.shown_session_id(),
            open_session=lambda session_id: self.switching.open(session_id),
            new_chat=lambda: self.switching.new_chat(),
            spawn=spawn,
            show_notice=show_notice,
            show_error=show_error,
        )
        self.remote_chats = RemoteChats(  # the agent servers' chats
            RemoteConnections(paths.config_dir, secrets),
            StagedAttachments(sessions),
            cast(QBoxLayout, sidebar.layout()),
            local_server_home=paths.data_dir / SERVER_FOLDER,
            app_config_dir=paths.config_dir,
            dialog_parent=dialog_parent,
            show_conversation=lambda conversation: self.switching.show(conversation),
            show_actions=show_actions,
            spawn=spawn,
            show_error=show_error,
        )
        self.events = OpenChatEvents(  # what open chats' events change
            conversations,
            sidebar,
            self.sessions,
            shown=lambda: binding.conversation,
            on_server=self.remote_chats.__contains__,
            approval_pending=approval_pending,
            agent_ui_stale=lambda: agent_bar.stale,
            refresh_agent_ui=refresh_agent_ui,
            answer_finished=answer_finished,
            spawn=spawn,
        )
        self.switching = ChatSwitching(  # which chat is shown
            sessions,
            conversations,
            binding,
            sidebar,
            agent_bar,
            watch=self.events.watch,
            on_server=self.remote_chats.__contains__,
            refresh_agent_ui=refresh_agent_ui,
            focus_composer=focus_composer,
            spawn=spawn,
        )
        self.remote_chats.restore()
        self.commands = ChatCommands(  # the Session menu's commands on a chat
            self.remote_chats,
            self.sessions,
            sidebar,
            shown_session_id=self.switching.shown_session_id,
            new_chat=self.switching.new_chat,
            open_schedules=open_schedules,
            show_notice=show_notice,
            spawn=spawn,
        )
