"""The chat column's controls, connected to the chat shown: the message box sends (to its model
or to several) and stops, the agent bar picks the chat's agent and model, a failed answer is
retried, an approval prompt's decision reaches the chat, and the keyboard goes back to the
message box."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.chat_column import ChatColumn
    from agent_desktop.window.sending import ChatSending


def connect_chat_controls(
    column: ChatColumn,
    agent_bar: AgentBar,
    sending: ChatSending,
    *,
    shown: Callable[[], Conversation],
    edit_instructions: Callable[[], None],
    refresh_agent_ui: Callable[[], None],
    spawn: Spawn,
) -> None:
    """`shown()` is the chat on screen (one is shown once the application has loaded, before
    any control can be used); `edit_instructions` opens the chat's own instructions;
    `refresh_agent_ui` describes an agent just picked (its plugins' actions and footers)."""
    composer, chat_view = column.composer, column.chat_view
    column.instructions_badge.clicked.connect(edit_instructions)
    chat_view.approval_decided.connect(
        lambda call_key, decision: shown().decide(call_key, decision)
    )
    chat_view.approval_released_keyboard.connect(composer.take_focus)
    chat_view.text_typed.connect(composer.continue_typing)
    composer.model_without_images = agent_bar.model_without_images
    column.retry_requested.connect(lambda: spawn(shown().retry(agent_bar.request_overrides())))

    def switch_agent(agent_id: str) -> None:
        shown().switch_agent(agent_id)
        refresh_agent_ui()

    agent_bar.agent_changed.connect(switch_agent)
    agent_bar.problem.connect(agent_bar.state_label.setText)
    agent_bar.model_picked.connect(lambda choice: spawn(shown().choose_model(choice)))
    agent_bar.models_wanted.connect(lambda refresh: spawn(agent_bar.list_models(refresh=refresh)))
    composer.send_requested.connect(
        lambda text, attachments: spawn(sending.send(text, attachments))
    )
    composer.stop_requested.connect(sending.stop)
    column.ask_several.send_requested.connect(lambda models: spawn(sending.ask_several(models)))
