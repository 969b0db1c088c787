"""What follows the chat shown, around the chat view: the session commands (enabled once the chat
is stored), the chat list's highlight, the header's badges and plugin actions, the agent bar's
model and the status bar's answer facts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_app.remote.conversation import RemoteConversation
    from agent_desktop.forms.action_dialogs import SessionActionsController
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.chat_column import ChatColumn
    from agent_desktop.window.menus import WindowMenus


class ShownChatHeader:
    """Brings everything around `shown()`, the chat on screen, up to date with it (`follow`),
    and with its agent's plugins (`refresh_agent_ui`, not while `setting_up()`: the first-run
    pane shows and there is no agent to describe yet)."""

    def __init__(
        self,
        shown: Callable[[], Conversation | None],
        *,
        menus: WindowMenus,
        sidebar: SessionSidebar,
        column: ChatColumn,
        actions: SessionActionsController,
        agent_bar: AgentBar,
        server_chat_of: Callable[[Conversation], RemoteConversation | None],
        setting_up: Callable[[], bool],
        spawn: Spawn,
    ) -> None:
        self.shown = shown
        self.menus = menus
        self.sidebar = sidebar
        self.column = column
        self.actions = actions
        self.agent_bar = agent_bar
        self.server_chat_of = server_chat_of
        self.setting_up = setting_up
        self.spawn = spawn

    def refresh_agent_ui(self) -> None:
        if not self.setting_up():
            self.spawn(self.describe_agent())

    async def describe_agent(self) -> None:
        """The agent's plugin actions and footers, asked of its plugins, then shown."""
        await self.agent_bar.refresh(self.actions)
        self.follow()

    def follow(self) -> None:
        """The shown chat changed, or its messages, title or state did."""
        conversation = self.shown()
        session = conversation.session if conversation is not None else None
        self.menus.enable_session_commands(session is not None)
        # The highlight in the list is always the chat shown, however it came to be shown.
        self.sidebar.mark_current(session.session_id if session is not None else None)
        self.actions.follow_session(session.metadata if session else {})
        if session is not None:  # a new chat has none yet; agent_core loads with a chat
            from agent_app.instructions import chat_instructions  # noqa: PLC0415 - see above

            own_instructions = bool(chat_instructions(session.metadata))
        else:
            own_instructions = False
        self.column.instructions_badge_action.setVisible(own_instructions)
        # The plugins' session actions sit in one header menu, shown when there are any.
        self.column.plugin_actions_action.setVisible(bool(self.actions.session_actions))
        # A chat on a server: the picker lists the server's models.
        server_chat = self.server_chat_of(conversation) if conversation is not None else None
        self.agent_bar.show_chat_model(
            conversation.model_choice if conversation else None, server_chat
        )
        self.agent_bar.update_status_bar(
            conversation.recent_assistant_messages if conversation else lambda _count: []
        )
