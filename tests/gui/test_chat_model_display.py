"""The chat shows a finished answer in the provider's display form (`to_display_format`)."""

from __future__ import annotations

import pytest
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel

pytestmark = pytest.mark.gui


def test_an_answer_shows_the_providers_display_form(qapp):
    model = ChatModel()
    shown = {"role": "assistant", "content": "HELLO"}
    session = Session(
        "s",
        [
            Message("user", "hi"),
            Message("assistant", "Hello", {"display": shown}),
            Message("assistant", "plain"),
        ],
        {},
    )

    model.show(ShownMessages(session))

    assert [item.text for item in model.items()] == ["hi", "HELLO", "plain"]
