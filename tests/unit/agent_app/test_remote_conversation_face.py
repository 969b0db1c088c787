"""What a chat on a server answers where a local chat would use this computer's providers."""

from __future__ import annotations

from typing import Any

import pytest

from agent_app.conversation import ConversationBusy
from agent_app.remote.client import RemoteAgentClient
from agent_app.remote.conversation import RemoteConversation


async def test_picking_a_model_for_a_server_chat_says_the_server_picks() -> None:
    client = RemoteAgentClient("http://127.0.0.1:9", "t" * 40)
    chat = RemoteConversation(client, "abc", "build-box:8765")
    shown: list[dict[str, Any]] = []
    chat.subscribe(shown.append)
    assert chat.model_choice is None
    await chat.choose_model(object())
    assert shown[0]["type"] == "notice"
    assert "build-box:8765" in shown[0]["text"]
    with pytest.raises(ConversationBusy, match="chats of this computer"):
        await chat.ask_several("text", [], [], {})
    await client.aclose()
