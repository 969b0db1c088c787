"""MCP Apps journeys: a tool of a real MCP server returns an interactive view; it shows in the
tool row (rendered by the view helper process), reacts to clicks, asks before it runs a tool or
sends a message, survives a restart, and every attack a view tries is refused and named."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from PySide6.QtCore import QPoint, Qt

from tests.journeys.test_mcp import (
    answer_when_asked,
    app_config,
    send,
    server_state,
    tool_call_recording,
    tool_rows,
)
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

REPO_ROOT = Path(__file__).resolve().parents[2]
APP_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_app_server"],
    "cwd": str(REPO_ROOT),
}
# Where the counter view (tests/support/mcp_app_server.py) draws its two buttons.
INCREMENT_AT = QPoint(90, 100)
SEND_AT = QPoint(265, 100)


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with serving_models("gpt-4o-mini") as running:
        yield running


@pytest.fixture(autouse=True)
def short_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_DESKTOP_VIEW_IDLE_SECONDS", "0.5")


def views(window: Any) -> list[Any]:
    return [
        window.chat_view.app_view(item.key)
        for item in tool_rows(window)
        if window.chat_view.app_view(item.key) is not None
    ]


def shown(journey: Any, count: int = 1) -> list[Any]:
    """The window's views once `count` of them show a frame of their page."""
    window = journey.window
    try:
        journey.wait_until(
            lambda: (
                len(views(window)) >= count
                and all(not view.widget.frame_image.isNull() for view in views(window))
            ),
            timeout=60,
        )
    except TimeoutError:
        shown_now = [(view.widget.notices, view.widget.stopped_because) for view in views(window)]
        raise AssertionError(f"no frame from the views: {shown_now}") from None
    return views(window)


def page_layouts(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The sizes ("600x320") the test view said its page was laid out at, in order."""
    return [
        record.getMessage().rsplit(" ", 1)[-1]
        for record in caplog.records
        if ": laid out " in record.getMessage()
    ]


def click_view(journey: Any, caplog: pytest.LogCaptureFixture, view: Any, at: QPoint) -> None:
    """Click `at` in the view once its page is laid out at the size the row gives it: the
    helper resizes the page, and Chromium lays it out, while the app goes on (a click before
    that lands where the button was at the old size)."""

    def wanted() -> str:  # asked each time: the row resizes the page as the view tells its size
        size = view.widget.page_size
        return f"{size.width()}x{size.height()}"

    try:
        journey.wait_until(lambda: page_layouts(caplog)[-1:] == [wanted()], timeout=30)
    except TimeoutError:
        laid_out = page_layouts(caplog)
        raise AssertionError(f"the page is not laid out at {wanted()}: {laid_out}") from None
    journey.act(lambda: journey.qtbot.mouseClick(view.widget, Qt.MouseButton.LeftButton, pos=at))


def counter_value(journey: Any) -> str:
    plugin = journey.app.plugins.instance("mcp_tools")
    result = journey.run(plugin.call_tool_for_app("apps", "show_counter", {}))
    return str(result["content"][0]["text"])


def test_a_view_shows_in_its_row_asks_before_it_acts_and_comes_back_after_a_restart(
    journey, provider, caplog
):
    caplog.set_level(logging.INFO, logger="agent_app.app_views")  # what the view logs
    provider.enqueue(tool_call_recording("mcp__apps__show_counter", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {"apps": APP_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
    send(journey, "show me the counter")
    # The call asks (its tool is not read-only). Its row, and now its view, show before the
    # question does: waiting for either and then answering only if asked raced the dialog.
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=30)
    answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=60)
    (view,) = shown(journey)
    assert tool_rows(window)[0].state == "success"
    helper = window.app_views.helper
    assert helper.running
    # The web engine is the helper's alone.
    assert not [name for name in sys.modules if name.startswith("PySide6.QtWebEngine")]
    row = window.chat_view.row_layout(window.chat_model.row_of_key(tool_rows(window)[0].key))
    assert view.widget.geometry() == row.app_view  # inline, in the tool row

    # Full screen (as the view asks with ui/request-display-mode), and Esc back into the row.
    journey.act(lambda: view.set_display_mode("fullscreen"))
    screen = view.widget.screen().geometry()
    journey.wait_until(lambda: view.widget.isWindow() and view.widget.size() == screen.size())
    journey.press(Qt.Key.Key_Escape, widget=view.widget)
    journey.wait_until(lambda: not view.widget.isWindow())
    assert view.widget.parentWidget() is window.chat_view.viewport()
    assert view.bridge.context["displayMode"] == "inline"

    # A click on the view's button: its tool call asks like any other, then runs.
    click_view(journey, caplog, view, INCREMENT_AT)
    journey.wait_until(
        lambda: journey.has_widget("Allow a tool call?") or window.app_views.prompts.last_dialog,
        timeout=30,
    )
    assert "increment" in window.app_views.prompts.last_dialog.text()
    journey.click("Allow once")
    for _ in range(30):  # the view's call runs after the dialog closed
        if counter_value(journey) == "The counter is at 1.":
            break
        journey.settle(0.5)
    assert counter_value(journey) == "The counter is at 1."

    # "Send message" reaches the chat as the user's, after the user said yes.
    provider.enqueue("openai_text_stream")
    click_view(journey, caplog, view, SEND_AT)
    journey.wait_until(lambda: window.app_views.prompts.last_dialog is not None, timeout=30)
    assert "Hello from the view" in window.app_views.prompts.last_dialog.text()
    journey.click("Send as my message")
    journey.wait_until(
        lambda: any(
            item.role == "user" and item.text == "Hello from the view"
            for item in window.chat_model.items()
        ),
        timeout=30,
    )
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=30)
    sent = provider.posts[-1].body["messages"]
    assert sent[-1]["content"] == "Hello from the view"
    # What the view told the model after the increment (ui/update-model-context) rides in its
    # call's result, named as the view's text; the chat's messages are unchanged.
    (result,) = [message for message in sent if message["role"] == "tool"]
    assert result["content"].startswith("The counter is at 0.\n\n[The interactive view of")
    assert "The counter view shows: counter is 1" in result["content"]
    assert [message["role"] for message in sent] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
    ]

    # A new chat closes the view; with none visible, the helper ends.
    pid = helper.pid
    journey.act(window.new_chat)
    journey.wait_until(lambda: not helper.running, timeout=30)
    journey.wait_until(lambda: not psutil.pid_exists(pid), timeout=30)

    # Restart and reopen the chat: the view is made again from the stored result.
    journey.restart()
    window = journey.window
    journey.act(lambda: window.open_session(journey.app.sessions.list_sessions()[0]["session_id"]))
    (again,) = shown(journey)
    assert again.view["resource_uri"] == "ui://counter/view.html"


# What each attack view tries (tests/support/mcp_app_server.py) and how the row names its refusal.
ATTACKS = {
    "fetch": "Blocked: Refused to connect to 'http://127.0.0.1:9/steal'",
    "file": "Blocked: Refused to connect to 'file:///etc/passwd'",
    "link": "Blocked: Blocked opening 'https://example.com/' in a new window",
    "model_tool": "Refused the view's call to model_secret: The view may not call 'model_secret'",
    "flood": "Blocked: more than 100 messages in a second",
}


def test_each_attack_of_a_view_is_refused_and_named_and_a_hung_view_is_stopped(journey, provider):
    kinds = list(ATTACKS)
    provider.enqueue(
        *[tool_call_recording("mcp__apps__attack", {"kind": kind}) for kind in kinds],
        "openai_text_stream",
    )
    journey.write_config(app_config(provider, {"apps": APP_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
    send(journey, "show me the attacks")
    answer_calls(journey, window, len(kinds))
    for kind, named in ATTACKS.items():
        # Looked up each time: the chat's rows (and their views) are made again when the
        # finished answer is adopted.
        try:
            journey.wait_until(
                lambda kind=kind, named=named: any(
                    notice.startswith(named)
                    for notice in views_by_kind(window)[kind].widget.notices
                ),
                timeout=30,
            )
        except TimeoutError:
            widget = views_by_kind(window)[kind].widget
            raise AssertionError(f"{kind}: {widget.notices} {widget.stopped_because}") from None

    # A view that spins forever is stopped and says so; the chat goes on.
    provider.enqueue(
        tool_call_recording("mcp__apps__attack", {"kind": "hang"}), "openai_text_stream"
    )
    send(journey, "and now hang")
    answer_calls(journey, window, len(kinds) + 1)
    journey.wait_until(
        lambda: views_by_kind(window)["hang"].widget.stopped_because is not None, timeout=30
    )
    assert "stopped answering for 8 s" in views_by_kind(window)["hang"].widget.stopped_because
    provider.enqueue("openai_text_stream")
    send(journey, "still there?")
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=30)
    assert window.chat_model.items()[-1].text == "Hello, world!"


def answer_calls(journey: Any, window: Any, count: int) -> None:
    """Allow each of the model's calls until `count` tool rows have run, then the answer."""
    for seen in range(1, count + 1):
        journey.wait_until(
            lambda seen=seen: (
                len(tool_rows(window)) >= seen
                and (journey.has_widget("Allow once") or tool_rows(window)[-1].state == "success")
            ),
            timeout=30,
        )
        answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=30)


def views_by_kind(window: Any) -> dict[str, Any]:
    found = [window.chat_view.app_view(row.key) for row in tool_rows(window)]
    return {view.view["arguments"]["kind"]: view for view in found if view is not None}
