"""What every open chat's events change outside the chat view (a chat need not be shown to go on
working): the sidebar's approval badges, the chat list's names and order, the plugins' actions
and footers, and the memory an answer's streaming took."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_app.conversation import Conversation, Conversations
    from agent_desktop.sidebar.session_actions import SidebarSessions
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import Spawn


class OpenChatEvents:
    """Follows the events of each chat `watch` is given, for as long as the chat lives.

    `shown()` is the chat on screen, `on_server(chat)` tells a chat kept on an agent server
    (listed in its server's section), `approval_pending(waiting)` moves the shown chat's action
    dialogs aside for its approval prompt, `agent_ui_stale()` tells that the agent's actions and
    footers could not be described (`refresh_agent_ui` describes them again), and
    `answer_finished()` is told of each finished answer."""

    def __init__(
        self,
        conversations: Conversations,
        sidebar: SessionSidebar,
        sessions: SidebarSessions,
        *,
        shown: Callable[[], Conversation | None],
        on_server: Callable[[Conversation], bool],
        approval_pending: Callable[[bool], None],
        agent_ui_stale: Callable[[], bool],
        refresh_agent_ui: Callable[[], None],
        answer_finished: Callable[[], None],
        spawn: Spawn,
    ) -> None:
        self.conversations = conversations
        self.sidebar = sidebar
        self.sessions = sessions
        self.shown = shown
        self.on_server = on_server
        self.approval_pending = approval_pending
        self.agent_ui_stale = agent_ui_stale
        self.refresh_agent_ui = refresh_agent_ui
        self.answer_finished = answer_finished
        self.spawn = spawn
        self._watched: set[Conversation] = set()

    def watch(self, conversation: Conversation) -> None:
        """Follow `conversation` from now on (once, however often it is shown)."""
        if conversation not in self._watched:
            self._watched.add(conversation)
            conversation.subscribe(partial(self._on_event, conversation))

    def _on_event(self, conversation: Conversation, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind in ("approval_requested", "approval_settled"):
            self.sidebar.set_attention(self.conversations.waiting_for_approval())
            if conversation is self.shown():
                self.approval_pending(conversation.awaiting_approval)
        elif kind in ("session_created", "title_changed") and conversation.session_id:
            if self.on_server(conversation):
                return  # listed in its server's section, not among this computer's chats
            # The sidebar shows a new chat's name at once (from the chat: many chats started
            # together list the chats once, off the GUI thread).
            self.sessions.show_chat(conversation.session_id, conversation.title)
        elif kind == "action_finished":
            self.sessions.refresh()  # the preview an action left, at once
        elif kind == "assistant" and self.agent_ui_stale():
            self.refresh_agent_ui()  # the agent answers again: its actions and footers come back
        elif kind == "request_finished":
            # Answers finish by themselves, many at once: the list follows them in one refresh.
            self.sessions.follow_chats()
            self._release_freed_memory()
            self.answer_finished()
            if conversation is not self.shown():
                self.conversations.release(conversation)

    def _release_freed_memory(self) -> None:
        """After an answer: what streaming it took (a 5 MB answer: tens of MB of copies, freed
        now) goes back to the system, on a worker. Loaded with the first answer: an idle window
        needs neither. Only once no other chat is answering: the last one to finish hands back
        what all of them freed. A trim takes 40-90 ms on a fragmented heap and locks the heap
        the window allocates from meanwhile; with a hundred chats answering, one after each
        answer kept it locked for seconds."""
        if any(chat.requesting for chat in self.conversations):
            return
        import asyncio  # noqa: PLC0415 - see above

        from agent_desktop.system.heap import release_freed_memory  # noqa: PLC0415 - see above

        self.spawn(asyncio.to_thread(release_freed_memory))
