"""The window's chats, assembled: the sidebar's list of this computer's chats, the agent servers'
sections under it, which chat is shown, what every open chat's events change, and the Session
menu's commands on a chat. Each part is built with the services and widgets it uses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, cast

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


class ChatParts(NamedTuple):
    sessions: SidebarSessions  # this computer's chats in the sidebar
    remote_chats: RemoteChats  # the agent servers' chats
    switching: ChatSwitching  # which chat is shown
    events: OpenChatEvents  # what open chats' events change
    commands: ChatCommands  # the Session menu's commands on a chat


class ChatCallbacks(NamedTuple):
    """What the chats ask of the rest of the window."""

    show_notice: ShowNotice
    show_error: Callable[[str], None]
    spawn: Spawn
    refresh_agent_ui: Callable[[], None]  # describe the agent's plugin actions and footers
    focus_composer: Callable[[], None]
    answer_finished: Callable[[], None]
    approval_pending: Callable[[bool], None]  # move the action dialogs aside (or back)
    show_actions: Callable[[list[object], list[object]], None]  # a server's session actions
    open_schedules: Callable[[str | None], None]


def build_chat_parts(
    sessions: Sessions,
    conversations: Conversations,
    paths: AppPaths,
    secrets: SecretStore,
    *,
    sidebar: SessionSidebar,
    binding: ConversationBinding,
    agent_bar: AgentBar,
    dialog_parent: QWidget,
    callbacks: ChatCallbacks,
) -> ChatParts:
    """The chats of `sessions` (open as `conversations`) and of the servers connected before
    (addresses under `paths`, tokens in `secrets`), shown through `binding`; the servers'
    sections are filled in the background."""
    spawn = callbacks.spawn
    switching: ChatSwitching  # the sidebar and the servers show chats through it
    listed = SidebarSessions(
        sessions,
        sidebar,
        conversations,
        dialog_parent=dialog_parent,
        shown_session_id=lambda: switching.shown_session_id(),
        open_session=lambda session_id: switching.open(session_id),
        new_chat=lambda: switching.new_chat(),
        spawn=spawn,
        show_notice=callbacks.show_notice,
        show_error=callbacks.show_error,
    )
    remote_chats = RemoteChats(
        RemoteConnections(paths.config_dir, secrets),
        StagedAttachments(sessions),
        cast(QBoxLayout, sidebar.layout()),
        local_server_home=paths.data_dir / SERVER_FOLDER,
        dialog_parent=dialog_parent,
        show_conversation=lambda conversation: switching.show(conversation),
        show_actions=callbacks.show_actions,
        spawn=spawn,
        show_error=callbacks.show_error,
    )
    events = OpenChatEvents(
        conversations,
        sidebar,
        listed,
        shown=lambda: binding.conversation,
        on_server=remote_chats.__contains__,
        approval_pending=callbacks.approval_pending,
        agent_ui_stale=lambda: agent_bar.stale,
        refresh_agent_ui=callbacks.refresh_agent_ui,
        answer_finished=callbacks.answer_finished,
        spawn=spawn,
    )
    switching = ChatSwitching(
        sessions,
        conversations,
        binding,
        sidebar,
        agent_bar,
        watch=events.watch,
        on_server=remote_chats.__contains__,
        refresh_agent_ui=callbacks.refresh_agent_ui,
        focus_composer=callbacks.focus_composer,
        spawn=spawn,
    )
    remote_chats.restore()
    commands = ChatCommands(
        remote_chats,
        listed,
        sidebar,
        shown_session_id=switching.shown_session_id,
        new_chat=switching.new_chat,
        open_schedules=callbacks.open_schedules,
        show_notice=callbacks.show_notice,
        spawn=spawn,
    )
    return ChatParts(listed, remote_chats, switching, events, commands)
