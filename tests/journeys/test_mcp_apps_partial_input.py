"""MCP Apps journey: while the model writes a call of a tool that has a view, the call's row and
its view show at once ("preparing…"), and the view hears the arguments as they grow
(``ui/notifications/tool-input-partial``); then the whole input, the approval and the result
follow in that same row."""

from __future__ import annotations

import copy
import json
import logging
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.journeys.test_mcp import answer_when_asked, app_config, send, server_state, tool_rows
from tests.journeys.test_mcp_apps import APP_SERVER, shown
from tests.support.wire_servers import WireServer, load_recording, serving_models

pytestmark = pytest.mark.gui

NOTE = {"title": "Groceries for the weekend", "body": "milk, eggs, bread, apples, coffee, rice"}
# Seconds between the stream's chunks: the view helper starts, and the view initializes,
# while the model is still writing (a real model writes long arguments over seconds too).
CHUNK_DELAY = 0.3
HEARD = "heard ui/notifications/tool-input"


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with serving_models("gpt-4o-mini") as running:
        yield running


def slowly_written_call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI stream in which the model writes one call of `name`, its arguments a few
    characters a chunk (the shape of a real recording)."""
    recording = copy.deepcopy(load_recording("openai_tool_call_stream"))
    first, fragment, *_rest, finish, usage, done = recording["events"]
    (call,) = first["data"]["choices"][0]["delta"]["tool_calls"]
    call["function"] = {"name": name, "arguments": ""}
    call["id"] = f"call_{uuid.uuid4().hex[:8]}"
    text = json.dumps(arguments)
    pieces = []
    for start in range(0, len(text), 4):
        piece = copy.deepcopy(fragment)
        piece["data"]["choices"][0]["delta"]["tool_calls"][0]["function"]["arguments"] = text[
            start : start + 4
        ]
        pieces.append(piece)
    recording["events"] = [first, *pieces, finish, usage, done]
    recording["delay"] = CHUNK_DELAY
    return recording


def inputs_heard(caplog: pytest.LogCaptureFixture) -> list[tuple[str, dict[str, Any]]]:
    """What the test view logged of the input it heard, in order: (method, arguments)."""
    heard = []
    for record in caplog.records:
        message = record.getMessage()
        if HEARD not in message:
            continue
        method, params = message.split("heard ", 1)[1].split(" ", 1)
        heard.append((method, json.loads(params)["arguments"]))
    return heard


def test_a_view_hears_the_arguments_as_the_model_writes_them_in_one_row(journey, provider, caplog):
    caplog.set_level(logging.INFO, logger="agent_app.app_views")  # what the view logs
    provider.enqueue(slowly_written_call("mcp__apps__show_note", NOTE), "openai_text_stream")
    journey.write_config(app_config(provider, {"apps": APP_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
    send(journey, "write me a shopping note")

    # The row shows while the model is still writing the call, with its view.
    journey.wait_until(
        lambda: [row.state for row in tool_rows(window)] == ["preparing"], timeout=30
    )
    assert window.chat_view.app_view(tool_rows(window)[0].key) is not None
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=60)
    answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=60)
    shown(journey)

    (row,) = tool_rows(window)  # one row: the call took over the row shown while it was written
    assert row.state == "success"
    heard = inputs_heard(caplog)
    methods = [method for method, _ in heard]
    assert methods.count("ui/notifications/tool-input") == 1, heard
    whole_at = methods.index("ui/notifications/tool-input")
    partials = [arguments for _, arguments in heard[:whole_at]]
    assert len(partials) >= 2, heard
    assert set(methods[:whole_at]) == {"ui/notifications/tool-input-partial"}
    assert heard[whole_at][1] == NOTE
    # Each partial is what the model had written by then: a part of the note that grows.
    read_so_far = [len(json.dumps(partial)) for partial in partials]
    assert read_so_far == sorted(read_so_far)
    for partial in partials:
        for key, value in partial.items():
            assert NOTE[key].startswith(value), (key, value)
    assert [
        record.getMessage()
        for record in caplog.records
        if "heard ui/notifications/tool-result" in record.getMessage()
    ]


def test_a_call_of_a_tool_without_a_view_shows_nothing_while_it_is_written(journey, provider):
    provider.enqueue(
        slowly_written_call("mcp__apps__client_extensions", NOTE), "openai_text_stream"
    )
    journey.write_config(app_config(provider, {"apps": APP_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
    send(journey, "which extensions do you offer")
    journey.wait_until(lambda: len(provider.posts) == 1, timeout=30)
    # The model writes the call for seconds: the chat shows no row for it, nor an empty answer.
    seen_while_written = set()
    deadline = time.monotonic() + 16 * CHUNK_DELAY  # the stream has more chunks than that
    while time.monotonic() < deadline and not tool_rows(window):
        journey.settle(0.1)
        seen_while_written |= {item.kind for item in window.chat_model.items()}
    assert seen_while_written == {"message"}  # the user's message only
    assert [item.role for item in window.chat_model.items()] == ["user"]
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=60)
    answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=60)
    assert len(tool_rows(window)) == 1
