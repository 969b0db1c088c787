"""Per-chat instructions: set in the chat, sent first to the model, kept with the chat."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QPlainTextEdit

from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

AGENT_PROMPT = "You are a careful assistant."


def send(journey, server, text: str) -> dict:
    count = len(server.posts)
    box = journey.window.composer.edit
    journey.type_text(text, box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: len(server.posts) == count + 1)
    journey.wait_until(lambda: not journey.window.busy())
    return server.posts[-1].body


def test_a_chats_instructions_replace_the_agents_and_survive_a_restart(journey):
    with WireServer() as server:
        path = journey.use_local_server(f"{server.url}/v1")
        config = json.loads(path.read_text())
        config["agents"]["default"]["system_prompt"] = AGENT_PROMPT
        path.write_text(json.dumps(config))
        server.enqueue(*(openai_text(f"answer {n}") for n in range(4)))
        window = journey.start()

        first = send(journey, server, "hello")
        assert first["messages"][0] == {"role": "system", "content": AGENT_PROMPT}

        journey.press(
            Qt.Key.Key_I,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
            widget=window,
        )
        editor = journey.find_widget("Instructions for this chat", QPlainTextEdit)
        assert AGENT_PROMPT in editor.placeholderText()
        journey.type_text("Answer in French.", editor)
        journey.click("Save")

        # The chat shows it has its own instructions (nothing said so before).
        badge = "This chat has its own instructions"
        journey.wait_until(lambda: journey.has_widget(badge), 10)
        second = send(journey, server, "and now?")
        assert second["messages"][0] == {"role": "system", "content": "Answer in French."}
        assert [m["role"] for m in second["messages"]].count("system") == 1

        window = journey.restart()
        window.sidebar.list.setCurrentRow(0)
        window.open_session(journey.app.sessions.list_sessions()[0]["session_id"])
        third = send(journey, server, "still French?")
        assert third["messages"][0]["content"] == "Answer in French."
        assert journey.has_widget(badge)

        journey.click("New chat")
        assert not journey.has_widget(badge)
        fourth = send(journey, server, "a new chat")
        assert fourth["messages"][0]["content"] == AGENT_PROMPT
