"""Opening a stored chat in the window: a long one paints its newest messages first (the older
ones are paged in right after); one holding a giant message is read on a worker thread and shown
when read, so decoding megabytes never freezes the window (typing goes on meanwhile)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

if TYPE_CHECKING:
    from agent_app.conversation import Conversation, Conversations
    from agent_app.sessions import Sessions
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.agent_bar import AgentBar

# Messages loaded for the first paint of a long session; the rest follow a moment later.
HISTORY_PAGE = 150
# A chat holding a message this big (stored bytes) is read on a worker thread when opened.
LARGE_MESSAGE_BYTES = 256_000


class ChatOpener:
    """Opens the chats `sessions` stores as `conversations` and hands each to
    `show_conversation`, with its agent picked in `agent_bar` (whose plugin UI `refresh_agent_ui`
    describes)."""

    def __init__(
        self,
        sessions: Sessions,
        conversations: Conversations,
        *,
        sidebar: SessionSidebar,
        agent_bar: AgentBar,
        shown_session_id: Callable[[], str | None],
        show_conversation: Callable[[Conversation], None],
        refresh_agent_ui: Callable[[], None],
        spawn: Spawn,
    ) -> None:
        self.sessions = sessions
        self.conversations = conversations
        self.sidebar = sidebar
        self.agent_bar = agent_bar
        self.shown_session_id = shown_session_id
        self.show_conversation = show_conversation
        self.refresh_agent_ui = refresh_agent_ui
        self.spawn = spawn
        self.opening: str | None = None  # the chat asked for last (shown when it is read)

    def open(self, session_id: str) -> Coroutine[Any, Any, None] | None:
        """Shows the chat now, or returns the coroutine reading it in the background."""
        conversations = self.conversations
        self.opening = session_id
        if self.shown_session_id() == session_id:
            return None
        total = self.sidebar.message_count(session_id)
        if total is None:
            total = self.sessions.message_count(session_id)
        page = HISTORY_PAGE if total > HISTORY_PAGE else None
        if (
            conversations.find(session_id) is None
            and self.sessions.largest_message_bytes(session_id, newest=page) > LARGE_MESSAGE_BYTES
        ):
            return self._show_when_read(session_id, page)
        self._show_opened(conversations.open(session_id, page=page))
        return None

    async def _show_when_read(self, session_id: str, page: int | None) -> None:
        import asyncio

        from agent_desktop.conversation.chat_model import as_dict, shown_text
        from agent_desktop.conversation.message_body import prepare_body_sources
        from agent_desktop.system.heap import release_freed_memory

        conversations = self.conversations
        conversation = await conversations.aopen(session_id, page=page)
        if conversation.session is not None:
            texts = [shown_text(as_dict(message)) for message in conversation.session.messages]
            await asyncio.to_thread(prepare_body_sources, texts)
        # Reading it took copies of the text (SQLite's, the decoder's) that are free now.
        await asyncio.to_thread(release_freed_memory)
        if self.opening != session_id:  # another chat was opened meanwhile
            conversations.release(conversation)
            return
        self._show_opened(conversation)

    def _show_opened(self, conversation: Conversation) -> None:
        if self.agent_bar.select(conversation.agent_id):
            self.refresh_agent_ui()
        self.show_conversation(conversation)
        if conversation.index_offset:
            QTimer.singleShot(0, lambda: self.spawn(conversation.load_full_history()))
