"""The plugins' session actions in the window: in the Session menu, the header's actions menu
and a message's context menu, their dialogs stepping aside while the chat waits for an
approval."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu, QWidget

from agent_desktop.forms.action_dialogs import SessionActionRunner, SessionActionsController
from agent_desktop.window.notice_bar import BUSY_TOPIC

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_desktop.conversation.chat_view import ChatView
    from agent_desktop.toolkit.window_support import ShowNotice


def install_session_actions(
    shown: Callable[[], Conversation],
    chat_view: ChatView,
    *,
    session_menu: QMenu,
    header_menu: QMenu,
    dialog_parent: QWidget,
    show_notice: ShowNotice,
) -> tuple[SessionActionRunner, SessionActionsController]:
    """Actions run on `shown()`, the chat on screen (on the messages selected in `chat_view`);
    returns the runner and the controller that lists them."""
    runner = SessionActionRunner(
        dialog_parent,
        conversation=shown,
        selected_range=chat_view.selected_message_range,
        show_status=lambda message: show_notice(message, seconds=8),
        show_busy=lambda message: show_notice(message, seconds=8, topic=BUSY_TOPIC),
    )
    controller = SessionActionsController(runner, menu=session_menu, toolbar=header_menu)
    chat_view.message_context_menu_requested.connect(controller.add_message_actions)
    return runner, controller
