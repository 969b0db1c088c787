"""Who a chat row speaks for: a compaction's summary is not shown as the user's message."""

from __future__ import annotations

import pytest

from agent_desktop.conversation.chat_delegate import author_label
from agent_desktop.conversation.chat_model import ChatItem

pytestmark = pytest.mark.gui


def item(role: str, metadata: dict) -> ChatItem:
    return ChatItem(
        kind="message", key="k", role=role, message={"role": role, "metadata": metadata}
    )


def test_a_summary_is_labelled_summary_and_the_users_own_words_you():
    assert author_label(item("user", {"summary_of": 4})) == "Summary"
    assert author_label(item("user", {})) == "You"
    assert author_label(item("assistant", {"summary_of": 4})) == "Assistant"
