"""Which chat the window shows: a new chat, a stored one (opened by `ChatOpener`, which never
freezes the window on a long or giant chat) or one on an agent server; the chat left is released
when nothing keeps it open."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from agent_desktop.window.chat_opening import ChatOpener

if TYPE_CHECKING:
    from agent_app.conversation import Conversation, Conversations
    from agent_app.sessions import Sessions
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.conversation_binding import ConversationBinding


class ChatSwitching:
    """Shows chats of `conversations` (stored by `sessions`) through `binding`, with the agent
    bar's agent for a new chat.

    `watch(chat)` follows a chat's events once it has been shown, `on_server(chat)` tells a chat
    kept on an agent server (whose actions are the server's: `refresh_agent_ui` brings this
    computer's back), `focus_composer` puts the keyboard in the message box."""

    def __init__(
        self,
        sessions: Sessions,
        conversations: Conversations,
        binding: ConversationBinding,
        sidebar: SessionSidebar,
        agent_bar: AgentBar,
        *,
        watch: Callable[[Conversation], None],
        on_server: Callable[[Conversation], bool],
        refresh_agent_ui: Callable[[], None],
        focus_composer: Callable[[], None],
        spawn: Spawn,
    ) -> None:
        self.conversations = conversations
        self.binding = binding
        self.sidebar = sidebar
        self.agent_bar = agent_bar
        self.watch = watch
        self.on_server = on_server
        self.refresh_agent_ui = refresh_agent_ui
        self.focus_composer = focus_composer
        self.spawn = spawn
        self.opener = ChatOpener(
            sessions,
            conversations,
            sidebar=sidebar,
            agent_bar=agent_bar,
            shown_session_id=self.shown_session_id,
            show_conversation=self.show,
            refresh_agent_ui=refresh_agent_ui,
            spawn=spawn,
        )

    def shown_session_id(self) -> str | None:
        conversation = self.binding.conversation
        assert conversation is not None  # one is shown from attach() on
        return conversation.session_id

    def show(self, conversation: Conversation) -> None:
        previous = self.binding.conversation
        self.watch(conversation)
        self.binding.show(conversation)
        if previous is not None and self.on_server(previous) and not self.on_server(conversation):
            self.refresh_agent_ui()  # the server's actions go, this computer's come back
        if previous is not None and previous is not conversation:
            self.conversations.release(previous)

    def new_chat(self) -> None:
        self.opener.opening = None
        self.show(self.conversations.new(self.agent_bar.agent_id))
        self.sidebar.list.clearSelection()
        self.focus_composer()

    def new_conversation(self) -> Conversation:
        """A new chat, shown (for a part that starts one and goes on with it)."""
        self.new_chat()
        conversation = self.binding.conversation
        assert conversation is not None  # just shown
        return conversation

    def open(self, session_id: str) -> None:
        """Show a stored chat (see chat_opening: long and giant ones never freeze the window)."""
        opening = self.opener.open(session_id)
        if opening is not None:
            self.spawn(opening)

    async def aopen(self, session_id: str) -> bool:
        """`open`, done when the chat is shown; False when another was opened first."""
        opening = self.opener.open(session_id)
        if opening is not None:
            await opening
        conversation = self.binding.conversation
        return conversation is not None and conversation.session_id == session_id
