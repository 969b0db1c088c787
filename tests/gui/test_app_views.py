"""MCP App views' pieces that need no helper: the policy a view's page is held to, the
framing of the helper's messages, and when Chromium's sandbox may run."""

from __future__ import annotations

import os
from typing import Any

import pytest

from agent_desktop.app_views.policy import content_security_policy, refusal
from agent_desktop.app_views.sandbox import (
    IN_FLATPAK,
    NO_USER_NAMESPACES,
    RUNS_AS_ROOT,
    sandbox_off_because,
)
from agent_desktop.app_views.wire import Decoder, WireError, encode


def test_without_a_declaration_a_view_reaches_nothing_on_the_network():
    policy = content_security_policy(None)
    assert "default-src 'none'" in policy
    assert "connect-src 'none'" in policy
    assert "frame-src 'none'" in policy
    assert refusal("https://cdn.example.com/app.js", None) is not None
    assert refusal("data:image/png;base64,AAAA", None) is None


def test_declared_origins_are_allowed_by_kind_and_nothing_else():
    csp = {
        "connectDomains": ["https://api.example.com"],
        "resourceDomains": ["https://*.cdn.example.com"],
    }
    policy = content_security_policy(csp)
    assert "connect-src https://api.example.com" in policy
    assert "script-src 'unsafe-inline' https://*.cdn.example.com" in policy
    assert refusal("https://api.example.com/v1/data", csp) is None
    assert refusal("https://eu.cdn.example.com/app.js", csp) is None
    assert refusal("https://api.example.com:8443/", csp) is not None  # another port
    assert refusal("http://api.example.com/", csp) is not None  # another scheme
    assert refusal("https://evil.example.net/", csp) == (
        "its server did not declare that origin in the view's _meta.ui.csp"
    )
    assert refusal("file:///etc/passwd", csp) == "file: addresses are never open to views"


def test_an_origin_cannot_smuggle_a_directive_into_the_policy():
    policy = content_security_policy({"connectDomains": ["https://a.example; script-src *"]})
    assert "script-src *" not in policy
    assert "connect-src 'none'" in policy


def test_messages_arrive_whole_however_the_bytes_are_cut():
    data = encode({"op": "frame", "png": "x" * 10_000}) + encode({"op": "pong"})
    decoder = Decoder()
    received = [
        message
        for start in range(0, len(data), 777)
        for message in decoder.feed(data[start : start + 777])
    ]
    assert [message["op"] for message in received] == ["frame", "pong"]
    with pytest.raises(WireError, match="over the limit"):
        Decoder().feed(b"\xff\xff\xff\xff")


def test_without_the_web_engine_a_view_says_why_and_no_helper_starts(qapp, monkeypatch):
    from agent_desktop.app_views import host

    monkeypatch.setattr(host.importlib.util, "find_spec", lambda name: None)
    helper = host.ViewHelper(1.0)
    told: list[str] = []
    helper.helper_ended.connect(told.append)
    helper.open("v", {"html": "<p>hi</p>"}, 100, 100, "#ffffff")
    assert not helper.running
    assert told == [host.no_web_engine()]
    assert "install the Flatpak" in told[0]
    assert "uv run agent-desktop" in told[0]


def proc_sys(tmp_path: Any, **switches: str) -> Any:
    """A stand-in for /proc/sys with the user-namespace switches given (others absent)."""
    for name, value in switches.items():
        path = tmp_path / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{value}\n")
    return tmp_path


def test_chromiums_sandbox_is_off_only_for_root_or_without_user_namespaces(tmp_path):
    allowed = proc_sys(tmp_path / "a", user__max_user_namespaces="15000")
    not_flatpak = tmp_path / "no-flatpak-info"
    assert sandbox_off_because(1000, allowed, not_flatpak) is None
    assert sandbox_off_because(0, allowed, not_flatpak) == RUNS_AS_ROOT
    flatpak_info = tmp_path / "flatpak-info"
    flatpak_info.write_text("[Application]\nname=io.github.agent_desktop.AgentDesktop\n")
    assert sandbox_off_because(1000, allowed, flatpak_info) == IN_FLATPAK
    restricted = proc_sys(
        tmp_path / "r",
        user__max_user_namespaces="15000",
        kernel__apparmor_restrict_unprivileged_userns="1",
    )
    assert sandbox_off_because(1000, restricted) == NO_USER_NAMESPACES
    debian_off = proc_sys(tmp_path / "d", kernel__unprivileged_userns_clone="0")
    assert sandbox_off_because(1000, debian_off) == NO_USER_NAMESPACES
    none_allowed = proc_sys(tmp_path / "n", user__max_user_namespaces="0")
    assert sandbox_off_because(1000, none_allowed) == NO_USER_NAMESPACES


def test_for_a_normal_user_the_helper_turns_a_sandbox_switch_of_the_shell_back_on(monkeypatch):
    from agent_desktop.app_views import sandbox

    monkeypatch.setattr(sandbox, "user_namespaces_allowed", lambda proc_sys=None: True)
    monkeypatch.setattr(sandbox.os, "geteuid", lambda: 1000)
    monkeypatch.setenv(sandbox.DISABLE_VARIABLE, "1")
    assert sandbox.helper_sandbox() is None
    assert sandbox.DISABLE_VARIABLE not in os.environ

    monkeypatch.setattr(sandbox.os, "geteuid", lambda: 0)
    assert sandbox.helper_sandbox() == RUNS_AS_ROOT
    assert os.environ[sandbox.DISABLE_VARIABLE] == "1"


VIEW_BEFORE_RESULT = {
    "server": "apps",
    "tool": "show_counter",
    "resource_uri": "ui://counter/view.html",
    "arguments": {},
    "tool_definition": {"name": "show_counter", "inputSchema": {"type": "object"}},
}


def row_after(result_metadata: dict[str, Any], content: str) -> Any:
    """The tool row of a call whose tool names a view, after a result with `result_metadata`."""
    from agent_desktop.conversation.chat_model import ChatModel

    model = ChatModel()
    call = {"id": "c1", "type": "function", "function": {"name": "mcp__apps__show_counter"}}
    assistant = {"role": "assistant", "content": "", "metadata": {"tool_calls": [call]}}
    model.apply_event({"type": "assistant", "message": assistant, "message_index": 1})
    model.apply_event(
        {
            "type": "tool_call",
            "tool_call_id": "c1",
            "call_key": [1, 0],
            "tool_name": "mcp__apps__show_counter",
            "arguments": {},
            "app_view": VIEW_BEFORE_RESULT,
        }
    )
    (row,) = [item for item in model.items() if item.kind == "tool"]
    assert row.app_view == VIEW_BEFORE_RESULT  # shown while the call waits
    result = {
        "role": "tool",
        "content": content,
        "metadata": {"tool_call_id": "c1", "name": "mcp__apps__show_counter", **result_metadata},
    }
    model.apply_event(
        {"type": "tool_result", "message": result, "call_key": [1, 0], "message_index": 2}
    )
    return row


@pytest.mark.parametrize(
    ("metadata", "reason"),
    [
        ({"denied": True, "is_error": True}, "denied by the user"),
        ({"stopped": True, "is_error": True}, "stopped by the user"),
        ({"timed_out": True, "is_error": True}, "timeout"),
        ({"is_error": True}, "Error: the server went away"),
    ],
)
def test_a_call_ending_without_its_views_result_tells_the_view_why(qapp, metadata, reason):
    row = row_after(metadata, "Error: the server went away\nmore")
    assert row.app_view == {**VIEW_BEFORE_RESULT, "cancelled": reason}


def test_a_result_that_names_the_view_replaces_the_view_made_before_it(qapp):
    shown = {**VIEW_BEFORE_RESULT, "result": {"content": [{"type": "text", "text": "0"}]}}
    row = row_after({"display": {"content": "0", "app_view": shown}}, "0")
    assert row.app_view == shown


def preparing(call_id: str, arguments: Any) -> dict[str, Any]:
    view = {**VIEW_BEFORE_RESULT, "arguments": arguments, "input_partial": True}
    return {
        "type": "tool_call_preparing",
        "tool_call_id": call_id,
        "tool_name": "mcp__apps__show_counter",
        "app_view": view,
    }


def test_a_row_shown_while_its_call_is_written_is_the_calls_row_once_the_answer_is_done(qapp):
    from agent_desktop.conversation.chat_model import ChatModel

    model = ChatModel()
    model.apply_event({"type": "partial", "message": {"role": "assistant", "content": "Let"}})
    model.apply_event(preparing("c1", None))
    model.apply_event(preparing("c1", {"n": 1}))
    # More of the answer's text streams: it stays above the call's row.
    model.apply_event({"type": "partial", "message": {"role": "assistant", "content": "Let me"}})
    model.flush()
    streamed, early = model.items()
    assert (streamed.streaming, streamed.text) == (True, "Let me")
    assert (early.state, early.app_view["arguments"]) == ("preparing", {"n": 1})

    calls = [
        {"id": "c0", "type": "function", "function": {"name": "other", "arguments": "{}"}},
        {"id": "c1", "type": "function", "function": {"name": "show", "arguments": '{"n": 12}'}},
        {"id": "c2", "type": "function", "function": {"name": "other", "arguments": "{}"}},
    ]
    answer = {"role": "assistant", "content": "Let me", "metadata": {"tool_calls": calls}}
    model.apply_event({"type": "assistant", "message": answer, "message_index": 1})
    rows = model.items()
    # One row per call, in the message's order; the early row is c1's, with its key and view.
    assert [(row.kind, row.tool_call_id) for row in rows] == [
        ("message", ""),
        ("tool", "c0"),
        ("tool", "c1"),
        ("tool", "c2"),
    ]
    assert rows[2] is early
    assert (early.call_key, early.state) == ((1, 1), "pending")
    assert early.app_view["input_partial"]  # the whole input comes with the call's event


def test_an_answer_that_ends_before_its_call_is_whole_stops_the_early_row_and_tells_its_view(qapp):
    from agent_desktop.conversation.chat_model import ChatModel

    model = ChatModel()
    model.apply_event(preparing("c1", {"n": 1}))
    model.apply_event({"type": "error", "error": {"message": "cut"}, "failure": {"ending": "x"}})
    (row,) = model.items()
    assert (row.state, row.app_view["cancelled"]) == ("error", "stopped")
    # A later answer with a call of the same id makes a row of its own.
    call = {"id": "c1", "type": "function", "function": {"name": "show", "arguments": "{}"}}
    answer = {"role": "assistant", "content": "", "metadata": {"tool_calls": [call]}}
    model.apply_event({"type": "assistant", "message": answer, "message_index": 1})
    assert len([item for item in model.items() if item.kind == "tool"]) == 2


def test_a_notice_wider_than_the_row_wraps_and_reads_whole(qapp):
    """The walk saw the sandbox notice cut to "…" mid-sentence: the row grows to show it all."""
    from PySide6.QtGui import QColor, QImage

    from agent_desktop.app_views import host
    from agent_desktop.app_views.view_widget import (
        DEFAULT_VIEW_HEIGHT,
        NOTICE_LINE_HEIGHT,
        AppViewWidget,
    )

    widget = AppViewWidget("v", host.ViewHelper(1.0), "Get Time")
    widget.resize(200, DEFAULT_VIEW_HEIGHT)
    widget._on_sandbox_off(RUNS_AS_ROOT)
    notice = widget.notices[0]
    assert widget.fontMetrics().horizontalAdvance(notice) > 2 * 200  # needs three lines or more
    notice_height = widget.sizeHint().height() - DEFAULT_VIEW_HEIGHT
    assert notice_height >= 3 * widget.fontMetrics().lineSpacing()
    widget.resize(200, widget.sizeHint().height())
    picture = QImage(widget.size(), QImage.Format.Format_ARGB32)
    widget.render(picture)
    notice_red = QColor("#c0392b").rgb()
    rows_with_text = {
        y
        for y in range(DEFAULT_VIEW_HEIGHT, picture.height())
        for x in range(picture.width())
        if picture.pixel(x, y) == notice_red
    }
    assert rows_with_text
    assert max(rows_with_text) > DEFAULT_VIEW_HEIGHT + 2 * NOTICE_LINE_HEIGHT
