"""What the user does to messages and instructions: open a search hit, edit (a new version from
there), fork, switch versions, regenerate, delete, copy the last code block, chat instructions.

The conversation does the work; saves that may call a model (save-prepare actions) and the
attachment copies of a fork run off the GUI thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_desktop.toolkit.lazy_qt import Qt

if TYPE_CHECKING:
    from agent_desktop.window.main_window import MainWindow


class MessageActions:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        window.chat_view.action_requested.connect(self.run)
        window.sidebar.message_selected.connect(self.open_message)
        window.composer.edit.edit_last_requested.connect(self.edit_last_message)

    def run(self, name: str, index: int) -> None:
        window = self.window
        conversation = window.conversation
        if conversation.busy:
            return
        if name == "edit":
            window.composer.set_text(conversation.begin_edit(index), focus=True)
            kept = ", ".join(f"“{file}”" for file in conversation.attachment_names(index))
            window.notice.show_notice(
                "Editing an earlier message: sending starts a new version of the chat from "
                "there; the current one stays (switch with ‹ › on the message)."
                + (f" Its attachments go with it: {kept}." if kept else ""),
                seconds=12 if kept else 8,
            )
        elif name == "fork":
            window.spawn(self.fork(index))
        elif name in ("previous_version", "next_version"):
            window.spawn(self._switch_version(index, -1 if name == "previous_version" else 1))
        elif name == "regenerate":
            window.spawn(conversation.regenerate(index, window.agent_bar.request_overrides()))
        elif name == "delete":
            window.spawn(conversation.delete(index))

    def open_message(self, session_id: str, message_index: int, matched: str = "") -> None:
        """Open a chat at one of its messages (a search result), scrolled to it; when `matched`
        lies beyond the shown part of a giant message, its whole text opens there."""
        self.window.spawn(self._reveal(session_id, message_index, matched))

    async def _reveal(self, session_id: str, message_index: int, matched: str) -> None:
        if not await self.window.aopen_session(session_id):
            return  # another chat was opened while this one was read
        conversation = self.window.conversation
        if message_index < conversation.index_offset:
            await conversation.load_full_history()
        self.window.chat_view.reveal_message(message_index, find=matched)

    async def fork(self, index: int) -> None:
        """A new chat holding this one's messages up to and including message `index`."""
        import asyncio

        from agent_app.assets import AssetError
        from agent_app.export import fork_session
        from agent_app.store import StoreError

        window = self.window
        source = window.session
        if source is None:
            return
        title = f"{source.metadata.get('title') or 'Chat'} (fork)"
        window.state_label.setText("Forking the chat…")
        try:  # attachments are copied for the fork: off the GUI thread
            fork = await asyncio.to_thread(
                fork_session, window.app.store, window.app.assets, source, index, title
            )
        except (AssetError, StoreError, OSError) as error:
            window.show_error(f"Could not fork the chat: {error}")
            return
        window.refresh_sessions()
        window.open_session(fork.session_id)
        window.state_label.setText(f"Forked into “{title}”.")

    async def _switch_version(self, index: int, step: int) -> None:
        await self.window.conversation.switch_version(index, step)
        self.window.refresh_sessions()  # the chat's preview is its newest message, now another

    def edit_last_message(self) -> None:
        """Up in the empty message box: edit the last message the user sent."""
        conversation = self.window.binding.conversation
        session = conversation.session if conversation is not None else None
        if conversation is None or session is None or conversation.busy:
            return
        for position in range(len(session.messages) - 1, -1, -1):
            if session.messages[position].role == "user":
                self.run("edit", conversation.index_offset + position)
                return

    def copy_last_code_block(self) -> None:
        if not self.window.chat_view.copy_last_code_block():
            self.window.state_label.setText("This chat has no code block to copy.")

    def edit_chat_instructions(self) -> None:
        from agent_app.instructions import chat_instructions
        from agent_desktop.window.instructions_dialog import InstructionsDialog

        window = self.window
        agent = window.app.config.agents.get(window.agent_id)
        agent_text = (agent.system_prompt or "") if agent is not None else ""
        current = chat_instructions(window.session.metadata if window.session else None)
        dialog = InstructionsDialog(window, current, agent_text)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self.set_chat_instructions)
        dialog.open()

    def set_chat_instructions(self, text: str) -> None:
        """Keep the chat's own instructions with it ("" gives the agent's back)."""
        from agent_app.instructions import CHAT_INSTRUCTIONS_KEY

        window = self.window
        window.spawn(window.conversation.set_metadata(CHAT_INSTRUCTIONS_KEY, text or None))
        window.state_label.setText(
            "This chat has its own instructions."
            if text
            else "This chat uses its agent's instructions."
        )
