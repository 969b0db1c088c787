"""Sending what the message box holds to the chat shown (to its model, or to several models at
once) and stopping its answer; what could not be sent is said, and a message no chat could hold
goes back into the box."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from agent_desktop.window.notice_bar import BUSY_TOPIC

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_app.model_choice import ModelChoice
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn


class ChatSending:
    """Sends into `shown()`, the chat on screen, with the agent bar's `request_overrides()`.

    Built with the window's first paint (the conversation and the errors it raises load with
    the application, so they are imported when first sent)."""

    def __init__(
        self,
        shown: Callable[[], Conversation | None],
        composer: Composer,
        request_overrides: Callable[[], dict[str, Any]],
        *,
        say: Callable[[str], None],
        show_notice: ShowNotice,
        show_error: Callable[[str], None],
        spawn: Spawn,
    ) -> None:
        self.shown = shown
        self.composer = composer
        self.request_overrides = request_overrides
        self.say = say
        self.show_notice = show_notice
        self.show_error = show_error
        self.spawn = spawn

    def _conversation(self) -> Conversation:
        conversation = self.shown()
        assert conversation is not None  # one is shown from attach() on
        return conversation

    async def send(self, text: str, attachments: list[dict[str, Any]] | None = None) -> None:
        from agent_app.conversation import ConversationBusy  # noqa: PLC0415 - see the class
        from agent_app.remote.client import RemoteServerError  # noqa: PLC0415 - see the class
        from agent_app.store import StoreError  # noqa: PLC0415 - see the class

        try:
            await self._conversation().send(text, attachments, self.request_overrides())
        except ConversationBusy as error:
            self.show_notice(str(error), seconds=15, topic=BUSY_TOPIC)
        except RemoteServerError as error:  # a chat on an agent server that is away
            self.show_error(str(error))
        except StoreError as error:
            # The history cannot be written (a damaged database, another program's, a read-only
            # disk): said in its own words; a message no chat could hold goes back to the box.
            if self._conversation().session is None:
                self.composer.set_text(text, focus=True)
            self.show_error(str(error))

    async def ask_several(self, models: list[ModelChoice]) -> None:
        """Send the message box's message to each of `models` at once (answers side by side)."""
        from agent_app.conversation import ConversationBusy  # noqa: PLC0415 - see the class

        taken = self.composer.take_message()
        if taken is None:
            self.show_notice(
                QCoreApplication.translate(
                    "ChatSending", "Type the message for the models first, then choose them."
                ),
                seconds=8,
            )
            return
        text, attachments = taken
        try:
            await self._conversation().ask_several(
                text, attachments, models, self.request_overrides()
            )
        except ConversationBusy as error:
            self.composer.set_text(text, focus=True)
            self.show_notice(str(error), seconds=15, topic=BUSY_TOPIC)

    async def send_from_view(self, text: str) -> None:
        """A view's message (the user confirmed it): sent like a typed one, without waiting."""
        self.spawn(self.send(text))

    def stop(self) -> None:
        """Stop the shown chat's answer, when it is answering."""
        conversation = self._conversation()
        if conversation.busy:
            self.say(QCoreApplication.translate("ChatSending", "Stopping…"))
            conversation.stop()

    def busy(self) -> bool:
        conversation = self.shown()
        return conversation is not None and conversation.busy
