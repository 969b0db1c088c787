"""The chat model keeps no session of its own: it reads the conversation's one live copy."""

from __future__ import annotations

import dataclasses

import pytest
from tests.support.message_source import ShownMessages

from agent_app.branches import start_new_version
from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel

pytestmark = pytest.mark.gui


def test_the_rows_follow_the_live_session_without_a_copy_of_it(qapp):
    session = Session("s", [Message("user", "hi"), Message("assistant", "Hello")], {})
    source = ShownMessages(session)
    model = ChatModel()
    model.show(source)
    assert not hasattr(model, "session")

    # The conversation answers: it appends the answer, then passes the event on.
    answer = Message("assistant", "Again")
    source.session = dataclasses.replace(
        session, messages=[*session.messages, Message("user", "more"), answer]
    )
    model.add_user_message(Message("user", "more"), 2)
    model.apply_event({"type": "assistant", "message": answer.to_dict(), "message_index": 3})
    assert [item.message_index for item in model.items()] == [0, 1, 2, 3]
    assert model.window() == (0, 4)

    # The save filled details in: the rows take them from the source, not from the event.
    saved = dataclasses.replace(
        source.session,
        messages=[*source.session.messages[:3], Message("assistant", "Again", {"usage": 7})],
    )
    source.session = saved
    model.apply_event({"type": "request_completed", "session": {"ignored": True}})
    assert model.items()[-1].message["metadata"] == {"usage": 7}

    # Versions are read from the live session as it is now.
    assert model.version_info(1) is None
    source.session = start_new_version(saved, 1)
    info = model.version_info(1)
    assert info is not None
    assert info.total == 2


def test_a_source_holding_other_messages_than_the_rows_is_shown_again(qapp):
    source = ShownMessages(Session("s", [Message("user", "hi"), Message("assistant", "a")], {}))
    model = ChatModel()
    model.show(source)
    # A save-prepare action (auto-compaction) changed the messages as the request was saved.
    source.session = Session("s", [Message("assistant", "summary")], {})
    model.apply_event({"type": "request_completed", "session": {}})
    assert [item.text for item in model.items()] == ["summary"]
