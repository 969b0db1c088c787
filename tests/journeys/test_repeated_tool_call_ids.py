"""Two turns whose tool calls carry the same id (`call_1`), as many local servers send them and
as the OpenAI provider names streamed calls that came without one: each call keeps its own row, in
order, while the chat runs and after it is opened again; the approval prompt sits on the call it is
about; the server gets each result back after its own call, under the id it gave."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton

from agent_desktop.conversation.approval import ApprovalPrompt
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream, openai_text, openai_tool_call
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("13")
THOUGHT = "The user wants the shell next."
COMMAND = "echo from-the-second-call"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


def calls_turn(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A streamed turn calling `name` with id `call_1`."""
    call = {"index": 0, **openai_tool_call(name, arguments, call_id="call_1")}
    return openai_stream([{"tool_calls": [call]}], finish="tool_calls")


def send(journey: Any, text: str) -> None:
    journey.click(journey.window.composer.edit)
    journey.type_text(text)
    journey.press(Qt.Key.Key_Return)


def shown_rows(window: Any) -> list[str]:
    """Every row as a screen reader reads it (a tool row: "Tool <name>: <summary> (<state>)")."""
    model = window.chat_model
    return [
        str(model.data(model.index(row), Qt.ItemDataRole.DisplayRole))
        for row in range(model.rowCount())
    ]


def tool_rows(window: Any) -> list[str]:
    return [row for row in shown_rows(window) if row.startswith("Tool ")]


def assert_both_calls_shown(window: Any) -> None:
    rows = shown_rows(window)
    think, shell = tool_rows(window)
    assert think == f"Tool think: Thought: {THOUGHT} (success)"
    assert shell.startswith("Tool shell: ")
    assert "from-the-second-call" in shell
    assert shell.endswith("(success)")
    # In order: each call under the question that led to it, above the answer after it.
    assert [row.split(":")[0] for row in rows] == [
        "user",
        "Tool think",
        "assistant",
        "user",
        "Tool shell",
        "assistant",
    ]


def test_two_turns_calling_with_the_same_id_keep_two_rows(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(
        calls_turn("think", {"thought": THOUGHT}),
        openai_text("I have thought about it."),
        calls_turn("shell", {"command": COMMAND}),
        openai_text("The shell answered."),
    )
    window = journey.start()
    send(journey, "Think first")
    journey.wait_until(lambda: len(server.posts) == 2 and not window.busy(), timeout=30)
    assert tool_rows(window) == [f"Tool think: Thought: {THOUGHT} (success)"]

    send(journey, "Now run the shell")
    allow = journey.wait_until(lambda: journey.has_widget("Allow once", QPushButton), timeout=30)
    assert allow
    # The prompt is on the new call's row (the shell), not on the earlier call of that id.
    model, view = window.chat_model, window.chat_view
    think_row, shell_row = (model.row_of(item) for item in model.items() if item.kind == "tool")
    assert model.item(think_row).state == "success"
    assert model.item(shell_row).state == "awaiting_approval"
    prompt = journey.find_button("Allow once").parentWidget()
    while prompt is not None and not isinstance(prompt, ApprovalPrompt):
        prompt = prompt.parentWidget()
    assert prompt is not None
    journey.settle(0.3)
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert view.visualRect(model.index(shell_row)).contains(prompt.geometry())
    assert not view.visualRect(model.index(think_row)).intersects(prompt.geometry())
    journey.screenshot(SHOTS / "repeated-call-id-approval.png")
    journey.click("Allow once")
    journey.wait_until(lambda: len(server.posts) == 4 and not window.busy(), timeout=30)
    assert_both_calls_shown(window)
    journey.screenshot(SHOTS / "repeated-call-id-two-rows.png")

    # The server got every result after its own call, under the id it gave.
    sent = server.posts[3].body["messages"]
    calls_and_results = [
        (
            message["role"],
            message.get("tool_call_id") or [call["id"] for call in message.get("tool_calls") or []],
            message.get("tool_calls", [{}])[0].get("function", {}).get("name")
            or str(message.get("content")),
        )
        for message in sent
        if message["role"] == "tool" or message.get("tool_calls")
    ]
    assert [entry[:2] for entry in calls_and_results] == [
        ("assistant", ["call_1"]),
        ("tool", "call_1"),
        ("assistant", ["call_1"]),
        ("tool", "call_1"),
    ]
    assert calls_and_results[0][2] == "think"
    assert calls_and_results[1][2] == "Thought logged."  # what the think tool answers
    assert calls_and_results[2][2] == "shell"
    assert "from-the-second-call" in calls_and_results[3][2]
    assert json.loads(sent[-2]["tool_calls"][0]["function"]["arguments"]) == {"command": COMMAND}

    # Opened again: another chat and back, then the app started again on the same data.
    session_id = window.session.session_id
    journey.click("New chat")
    assert tool_rows(window) == []
    window.open_session(session_id)
    journey.wait_until(lambda: len(tool_rows(window)) == 2, timeout=10)
    assert_both_calls_shown(window)

    window = journey.restart()
    window.open_session(session_id)
    journey.wait_until(lambda: len(tool_rows(window)) == 2, timeout=10)
    assert_both_calls_shown(window)
    journey.screenshot(SHOTS / "repeated-call-id-reopened.png")
