"""What a chat on a server answers where a local chat would use this computer's providers."""

from __future__ import annotations

from typing import Any

import pytest

from agent_app.conversation import ConversationBusy
from agent_app.model_choice import ModelChoice
from agent_app.remote.client import RemoteAgentClient
from agent_app.remote.conversation import RemoteConversation


async def test_a_server_chat_that_cannot_reach_its_server_says_so_when_a_model_is_picked() -> None:
    client = RemoteAgentClient("http://127.0.0.1:9", "t" * 40)
    chat = RemoteConversation(client, "abc", "build-box:8765")
    shown: list[dict[str, Any]] = []
    chat.subscribe(shown.append)
    assert chat.model_choice is None  # nothing read from the server yet
    await chat.choose_model(ModelChoice("lab", "lab-large"))
    assert shown[0]["type"] == "notice"
    assert "127.0.0.1:9 cannot be reached" in shown[0]["text"]
    assert chat.model_choice is None
    with pytest.raises(ConversationBusy, match="chats of this computer"):
        await chat.ask_several("text", [], [], {})
    await client.aclose()
