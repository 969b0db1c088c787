"""How often the model list is asked of a server (a stranger's walk counted 80 `GET /v1/models`
for 17 answers): once for the picker, once for the requests, however many answers, chat
switches and openings of the picker follow, even when the server is slow to list."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from tests.support import server_behaviours as behave
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

#: A list that takes a while to arrive, as from a local server busy answering.
SLOW_MODEL_LIST = {
    "raw_chunks": [json.dumps({"object": "list", "data": [{"id": "local-model"}]}), ""],
    "delay": 1.5,
    "content_type": "application/json",
}


def test_answers_chat_switches_and_the_picker_ask_the_server_for_its_models_twice(journey):
    with WireServer() as server:
        server.models = SLOW_MODEL_LIST
        server.behave(lambda _body: behave.openai_text("Hello, world!"))
        journey.use_local_server(f"{server.url}/v1")
        window = journey.start()
        chats = []
        for number in range(3):
            journey.type_text(f"Question {number}", window.composer.edit)
            journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
            journey.wait_until(
                lambda asked=number + 1: len(server.posts) == asked and not window.busy(), 20
            )
            chats.append(window.session.session_id)
            journey.click("New chat")
        for chat in chats:
            window.open_session(chat)
            journey.settle(0.3)
        journey.click(journey.find_widget("Model"))
        popup = window.model_picker.popup
        journey.wait_until(lambda: popup.isVisible() and popup.tree.topLevelItemCount() >= 1, 20)
        journey.settle(1)
        listings = [r for r in server.requests if r.method == "GET" and r.path.endswith("/models")]
        # The picker's listing (its own, so it can say why a server failed) and the requests'.
        assert len(listings) == 2
        assert len(server.posts) == 3
