"""The Session menu's commands on one chat, sent to where the chat lives: a chat of this computer
to the sidebar's chats, a chat on an agent server to its server (or, for what only this computer
can do, a notice saying so)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from agent_desktop.sidebar.session_actions import SidebarSessions
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn
    from agent_desktop.window.remote_chats import RemoteChats


class ChatCommands:
    """Rename, export, delete and schedule a chat, by its session id."""

    def __init__(
        self,
        remote_chats: RemoteChats,
        sessions: SidebarSessions,
        sidebar: SessionSidebar,
        *,
        shown_session_id: Callable[[], str | None],
        new_chat: Callable[[], None],
        open_schedules: Callable[[str | None], None],
        show_notice: ShowNotice,
        spawn: Spawn,
    ) -> None:
        self.remote_chats = remote_chats
        self.sessions = sessions
        self.sidebar = sidebar
        self.shown_session_id = shown_session_id
        self.new_chat = new_chat
        self.open_schedules = open_schedules
        self.show_notice = show_notice
        self.spawn = spawn

    def rename(self, session_id: str) -> None:
        if self.remote_chats.owns(session_id):
            self.remote_chats.ask_to_rename(session_id)
        else:
            self.sidebar.start_rename(session_id)

    def export(self, session_id: str, kind: str) -> None:
        if self.remote_chats.owns(session_id):
            self.show_notice(
                QCoreApplication.translate(
                    "ChatCommands",
                    "This chat is kept on its agent server; export works for chats of this "
                    "computer.",
                ),
                seconds=10,
            )
        else:
            self.sessions.export(session_id, kind)

    def delete(self, session_id: str) -> None:
        if self.remote_chats.owns(session_id):
            self.spawn(self._delete_remote(session_id))
        else:
            self.sessions.delete(session_id)

    async def _delete_remote(self, session_id: str) -> None:
        if await self.remote_chats.delete(session_id) and self.shown_session_id() == session_id:
            self.new_chat()

    def schedule(self, session_id: str) -> None:
        """The Schedules window with its editor on a schedule for this chat."""
        if self.remote_chats.owns(session_id):
            # This computer's schedules send into this computer's chats: a server's chat
            # would be looked for here, and the run fail.
            self.show_notice(
                QCoreApplication.translate(
                    "ChatCommands",
                    "This chat runs on an agent server, and schedules run chats of this "
                    "computer: use Schedules… to schedule a new chat here instead.",
                ),
                seconds=12,
            )
        else:
            self.open_schedules(session_id)
