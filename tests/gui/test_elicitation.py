"""Elicitation dialogs: a form from the server's JSON schema, and a link shown by its host."""

from __future__ import annotations

import asyncio

import pytest
from PySide6.QtWidgets import QWidget

from agent_desktop.forms.elicitation import ElicitationLinkDialog, ask_user, schema_elements

pytestmark = pytest.mark.gui


def test_schema_becomes_form_elements():
    schema = {
        "type": "object",
        "properties": {
            "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}]},
            "count": {"type": "integer", "minimum": 1},
        },
        "required": ["count"],
    }
    size, count = schema_elements(schema)
    assert size["options"] == [{"value": "s", "label": "Small"}]
    assert size["required"] is False
    assert count == {"type": "integer", "minimum": 1, "key": "count", "required": True}


def test_a_link_shows_its_host_and_decline_is_an_answer(qtbot, qt_loop):
    parent = QWidget()
    qtbot.add_widget(parent)
    request = {
        "server": "billing",
        "mode": "url",
        "message": "Confirm the payment on our site.",
        "url": "https://pay.example.test/confirm?id=7",
    }

    async def scenario():
        answer = asyncio.ensure_future(ask_user(request, parent))
        await asyncio.sleep(0.1)
        (dialog,) = parent.findChildren(ElicitationLinkDialog)
        assert dialog.open_button.text() == "Open pay.example.test"
        dialog.decline_button.click()
        return await answer

    assert qt_loop.run(scenario()) == {"action": "decline"}
    local_file = {**request, "url": "file:///etc/passwd"}
    assert qt_loop.run(ask_user(local_file, parent)) == {"action": "decline"}
