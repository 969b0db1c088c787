"""Tool rows and approval prompts name a tool the way a person reads it, not its wire name."""

from __future__ import annotations

import pytest
from tests.support.message_source import ShownMessages

from agent_core import Message, Session
from agent_desktop.conversation.chat_model import ChatModel, readable_tool_name
from agent_desktop.conversation.chat_view import ChatView

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(
    ("name", "annotations", "shown"),
    [
        ("mcp__everything__get-tiny-image", {}, "get-tiny-image · everything"),
        ("mcp__calc__add", {"title": "Add numbers"}, "Add numbers"),
        ("mcp__calc__add", {"title": "  "}, "add · calc"),
        ("read_file", {"title": "Read file"}, "read_file"),  # the app's own tools: as called
        ("mcp__broken", {}, "mcp__broken"),
    ],
)
def test_a_tool_is_named_by_its_title_or_its_own_name_and_server(name, annotations, shown):
    assert readable_tool_name(name, annotations) == shown


def test_the_row_and_its_approval_prompt_show_the_title(qtbot):
    model = ChatModel()
    model.show(ShownMessages(Session("s1", [Message("user", "show me a picture")])))
    view = ChatView(model)
    qtbot.add_widget(view)
    view.resize(700, 400)
    view.show()
    view.chat_model.apply_event(
        {
            "type": "tool_call",
            "call_key": (0, 0),
            "tool_call_id": "call_1",
            "tool_name": "mcp__everything__get-tiny-image",
            "annotations": {"title": "Get a tiny image"},
            "preview": "everything › get-tiny-image()",
        }
    )
    row = view.chat_model.items()[-1]
    assert row.shown_name == "Get a tiny image"
    prompt = view.show_approval((0, 0))
    assert prompt is not None
    assert prompt.accessibleName() == "Approve tool Get a tiny image"
