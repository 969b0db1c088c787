"""A tool call whose arguments its tool cannot take (the model calls `remember` with "fact" where
the tool requires "text") is refused before anyone is asked: no approval prompt, its row says
what is wrong, in the window's language, and the model's next request carries the error as the
call's tool result, in English. A call of a tool with a view keeps the view it showed while the
model wrote it (its arguments lacked things then too), and the view hears the call was refused.

Real window as the entry point builds it, fresh data dir, a loopback server speaking the OpenAI
wire format, the first-party memory plugin's `remember` tool and an MCP App server's
`show_note`."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from agent_desktop.toolkit.lazy_qt import Qt
from tests.journeys.test_languages import speak
from tests.journeys.test_mcp import app_config, send, server_state, tool_rows
from tests.journeys.test_mcp_apps import APP_SERVER
from tests.journeys.test_mcp_apps_partial_input import slowly_written_call
from tests.journeys.test_skills import shown_rows
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream, openai_text, openai_tool_call
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("tool-arguments")
WRONG = {"fact": "The user likes tea"}
RIGHT = {"text": "The user likes tea"}


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


def remember_call(arguments: dict[str, Any], call_id: str) -> dict[str, Any]:
    return openai_stream(
        [{"tool_calls": [{"index": 0, **openai_tool_call("remember", arguments, call_id)}]}],
        finish="tool_calls",
    )


def remember_rows(window: Any) -> list[Any]:
    return [item for item in window.chat_model.items() if item.tool_name == "remember"]


def ask_and_watch_for_approval(journey: Any, server: WireServer, text: str, posts: int) -> bool:
    """Send `text` and wait for the answer after `posts` requests; True when an approval
    prompt ("Allow once") showed at any moment meanwhile."""
    window = journey.window
    box = window.composer.edit
    journey.type_text(text, box)
    journey.press(Qt.Key.Key_Return, widget=box)
    prompted = False

    def answered() -> bool:
        nonlocal prompted
        prompted = prompted or journey.has_widget("Allow once")
        return len(server.posts) == posts and not window.busy()

    journey.wait_until(answered, timeout=30)
    return prompted


def test_a_call_lacking_a_required_argument_is_refused_without_asking(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(remember_call(WRONG, "call_wrong"), openai_text("Sorry, I could not keep it."))
    window = journey.start()

    prompted = ask_and_watch_for_approval(journey, server, "Remember that I like tea", 2)

    assert not prompted
    assert window.conversation.pending_approvals() == []
    # The row says the call failed, and why, in its collapsed line and its whole output.
    (row,) = remember_rows(window)
    assert row.state == "error"
    assert "Tool remember: The required argument 'text' is missing. (error)" in shown_rows(window)
    assert "The tool does not take an argument 'fact'." in row.output
    assert "Send the call again with the arguments the tool takes: 'text', 'scope'." in row.output
    # The model's next request carries the error as the call's tool result.
    told = server.posts[1].body["messages"][-1]
    assert told["role"] == "tool"
    assert told["tool_call_id"] == "call_wrong"
    assert told["content"].startswith(
        "Error: the call to tool 'remember' was not run: its arguments do not fit the tool's "
        "parameters.\nThe required argument 'text' is missing.\n"
    )
    # Nothing was remembered.
    kept = journey.data_dir / "data" / "memory.sqlite3"
    if kept.exists():
        with sqlite3.connect(kept) as database:
            assert database.execute("SELECT COUNT(*) FROM memories").fetchone() == (0,)
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "refused-call-row.png")


def test_the_corrected_call_is_asked_about_as_before(journey, server):
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(
        remember_call(WRONG, "call_wrong"),
        remember_call(RIGHT, "call_right"),
        openai_text("I will keep that in mind."),
    )
    window = journey.start()
    box = window.composer.edit
    journey.type_text("Remember that I like tea", box)
    journey.press(Qt.Key.Key_Return, widget=box)

    # Only the call that can run asks the user.
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=30)
    assert len(server.posts) == 2
    assert [request["arguments"] for request in window.conversation.pending_approvals()] == [RIGHT]
    journey.click("Allow once")
    journey.wait_until(lambda: len(server.posts) == 3 and not window.busy(), timeout=30)
    assert [row.state for row in remember_rows(window)] == ["error", "success"]


def test_the_refused_calls_row_is_in_the_window_language(journey, server, monkeypatch):
    speak(monkeypatch, "ja_JP.UTF-8")
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(remember_call(WRONG, "call_wrong"), openai_text("すみません。"))
    window = journey.start()

    assert not ask_and_watch_for_approval(journey, server, "Remember that I like tea", 2)

    (row,) = remember_rows(window)
    assert row.summary == "必須の引数「text」がありません。"
    assert row.output.splitlines() == [
        "エラー: ツール「remember」の呼び出しは実行されませんでした。"
        "引数がツールのパラメーターに合いません。",
        "必須の引数「text」がありません。",
        "このツールは引数「fact」を受け付けません。",
        "ツールが受け付ける引数でもう一度呼び出してください: 'text', 'scope'",
    ]
    # The model reads English whatever the window's language.
    assert (
        "The required argument 'text' is missing."
        in server.posts[1].body["messages"][-1]["content"]
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "refused-call-row-ja.png")


def test_a_view_shown_while_the_call_was_written_stays_and_hears_it_was_refused(journey, caplog):
    caplog.set_level(logging.INFO, logger="agent_app.app_views")  # what the view logs
    title_only = {"title": "Groceries for the weekend, and a few things for Sunday's lunch"}
    with serving_models("gpt-4o-mini") as provider:
        provider.enqueue(
            slowly_written_call("mcp__apps__show_note", title_only), "openai_text_stream"
        )
        journey.write_config(app_config(provider, {"apps": APP_SERVER}))
        window = journey.start()
        journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
        send(journey, "write me a shopping note")

        # While the model writes the call (no "body" yet, nor at the end) its row shows the view.
        journey.wait_until(
            lambda: [row.state for row in tool_rows(window)] == ["preparing"], timeout=30
        )
        assert window.chat_view.app_view(tool_rows(window)[0].key) is not None
        prompted = False

        def answered() -> bool:
            nonlocal prompted
            prompted = prompted or journey.has_widget("Allow once")
            return len(provider.posts) == 2 and not window.busy()

        journey.wait_until(answered, timeout=60)

    assert not prompted
    (row,) = tool_rows(window)  # the row shown while the call was written is the call's row
    assert row.state == "error"
    assert row.summary == "The required argument 'body' is missing."
    assert window.chat_view.app_view(row.key) is not None
    journey.wait_until(
        lambda: any(
            "heard ui/notifications/tool-cancelled" in record.getMessage()
            for record in caplog.records
        ),
        timeout=30,
    )
    told = provider.posts[1].body["messages"][-1]
    assert told["role"] == "tool"
    assert "Error: the call to tool 'mcp__apps__show_note' was not run" in told["content"]
    assert "The required argument 'body' is missing." in told["content"]
