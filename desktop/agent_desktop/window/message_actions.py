"""What the user does to messages and instructions: open a search hit, edit (a new version from
there), fork, switch versions, regenerate, delete, copy the last code block, chat instructions.

The conversation does the work; saves that may call a model (save-prepare actions) and the
attachment copies of a fork run off the GUI thread."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from agent_desktop.toolkit.lazy_qt import Qt
from agent_desktop.window.notice_bar import EDITING_TOPIC

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from agent_app.configuration import Configuration
    from agent_app.conversation import Conversation
    from agent_app.sessions import Sessions
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.conversation.chat_view import ChatView
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn
    from agent_desktop.window.agent_bar import AgentBar


class MessageActions:
    """Acts on the messages of the chat `shown` (None before one is), as `chat_view` shows
    them, `sidebar` finds them and `composer` edits them; `say` writes the status line. Forks
    are stored in `sessions`; `configuration` holds the agents' own instructions."""

    def __init__(
        self,
        *,
        sessions: Sessions,
        configuration: Configuration,
        chat_view: ChatView,
        sidebar: SessionSidebar,
        composer: Composer,
        agent_bar: AgentBar,
        shown: Callable[[], Conversation | None],
        open_session: Callable[[str], None],
        aopen_session: Callable[[str], Awaitable[bool]],
        refresh_sessions: Callable[[], None],
        dialog_parent: QWidget,
        spawn: Spawn,
        say: Callable[[str], None],
        show_notice: ShowNotice,
        show_error: Callable[[str], None],
    ) -> None:
        self.sessions = sessions
        self.configuration = configuration
        self.chat_view = chat_view
        self.composer = composer
        self.agent_bar = agent_bar
        self.shown = shown
        self.open_session = open_session
        self.aopen_session = aopen_session
        self.refresh_sessions = refresh_sessions
        self.dialog_parent = dialog_parent
        self.spawn = spawn
        self.say = say
        self.show_notice = show_notice
        self.show_error = show_error
        chat_view.action_requested.connect(self.run)
        sidebar.message_selected.connect(self.open_message)
        composer.edit.edit_last_requested.connect(self.edit_last_message)

    def run(self, name: str, index: int) -> None:
        conversation = self.shown()
        if conversation is None or conversation.busy:
            return
        if name == "edit":
            self.composer.set_text(conversation.begin_edit(index), focus=True)
            kept = ", ".join(f"“{file}”" for file in conversation.attachment_names(index))
            notice = QCoreApplication.translate(
                "MessageActions",
                "Editing an earlier message: sending starts a new version of the chat from "
                "there; the current one stays (switch with ‹ › on the message).",
            )
            if kept:
                notice += " " + QCoreApplication.translate(
                    "MessageActions", "Its attachments go with it: {files}."
                ).format(files=kept)
            self.show_notice(
                notice,
                seconds=12 if kept else 8,
                topic=EDITING_TOPIC,
            )
        elif name == "fork":
            self.spawn(self.fork(index))
        elif name in ("previous_version", "next_version"):
            step = -1 if name == "previous_version" else 1
            self.spawn(self._switch_version(conversation, index, step))
        elif name == "regenerate":
            self.spawn(conversation.regenerate(index, self.agent_bar.request_overrides()))
        elif name == "delete":
            self.spawn(conversation.delete(index))

    def open_message(self, session_id: str, message_index: int, matched: str = "") -> None:
        """Open a chat at one of its messages (a search result), scrolled to it; when `matched`
        lies beyond the shown part of a giant message, its whole text opens there."""
        self.spawn(self._reveal(session_id, message_index, matched))

    async def _reveal(self, session_id: str, message_index: int, matched: str) -> None:
        if not await self.aopen_session(session_id):
            return  # another chat was opened while this one was read
        conversation = self.shown()
        assert conversation is not None  # the one just opened
        if message_index < conversation.index_offset:
            await conversation.load_full_history()
        self.chat_view.reveal_message(message_index, find=matched)

    async def fork(self, index: int) -> None:
        """A new chat holding this one's messages up to and including message `index`."""
        import asyncio

        from agent_app.assets import AssetError
        from agent_app.export import fork_session
        from agent_app.store import StoreError

        shown = self.shown()
        source = shown.session if shown is not None else None
        if source is None:
            return
        title = QCoreApplication.translate("MessageActions", "{title} (fork)").format(
            title=source.metadata.get("title")
            or QCoreApplication.translate("MessageActions", "Chat")
        )
        self.say(QCoreApplication.translate("MessageActions", "Forking the chat…"))
        try:  # attachments are copied for the fork: off the GUI thread
            fork = await asyncio.to_thread(
                fork_session,
                self.sessions.store,
                self.sessions.assets,
                source,
                index,
                title,
            )
        except (AssetError, StoreError, OSError) as error:
            self.show_error(
                QCoreApplication.translate(
                    "MessageActions", "Could not fork the chat: {error}"
                ).format(error=error)
            )
            return
        self.refresh_sessions()
        self.open_session(fork.session_id)
        self.say(
            QCoreApplication.translate("MessageActions", "Forked into “{title}”.").format(
                title=title
            )
        )

    async def _switch_version(self, conversation: Conversation, index: int, step: int) -> None:
        await conversation.switch_version(index, step)
        self.refresh_sessions()  # the chat's preview is its newest message, now another

    def edit_last_message(self) -> None:
        """Up in the empty message box: edit the last message the user sent."""
        conversation = self.shown()
        session = conversation.session if conversation is not None else None
        if conversation is None or session is None or conversation.busy:
            return
        for position in range(len(session.messages) - 1, -1, -1):
            if session.messages[position].role == "user":
                self.run("edit", conversation.index_offset + position)
                return

    def copy_last_code_block(self) -> None:
        if not self.chat_view.copy_last_code_block():
            self.say(
                QCoreApplication.translate("MessageActions", "This chat has no code block to copy.")
            )

    def edit_chat_instructions(self) -> None:
        from agent_app.instructions import chat_instructions
        from agent_desktop.window.instructions_dialog import InstructionsDialog

        agent = self.configuration.config.agents.get(self.agent_bar.agent_id)
        agent_text = (agent.system_prompt or "") if agent is not None else ""
        shown = self.shown()
        session = shown.session if shown is not None else None
        current = chat_instructions(session.metadata if session else None)
        dialog = InstructionsDialog(self.dialog_parent, current, agent_text)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self.set_chat_instructions)
        dialog.open()

    def set_chat_instructions(self, text: str) -> None:
        """Keep the chat's own instructions with it ("" gives the agent's back)."""
        from agent_app.instructions import CHAT_INSTRUCTIONS_KEY

        conversation = self.shown()
        assert conversation is not None  # the dialog was opened on it
        self.spawn(conversation.set_metadata(CHAT_INSTRUCTIONS_KEY, text or None))
        self.say(
            QCoreApplication.translate("MessageActions", "This chat has its own instructions.")
            if text
            else QCoreApplication.translate(
                "MessageActions", "This chat uses its agent's instructions."
            )
        )
