"""The MCP plugin inside the whole application: scripted model → tool loop → approval policy →
MCP server over stdio → tool result → answer; `app.aclose()` stops the servers."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import psutil
import pytest
from tests.support.tool_loop_harness import ApprovalDesk, of_type, tool_turn, with_user_message

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.integration

TIME_SERVER = {
    "command": sys.executable,
    "args": ["-m", "mcp_server_time", "--local-timezone", "UTC"],
}
TEST_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_stdio_server"],
    "cwd": str(Path(__file__).resolve().parents[2]),
}


async def run(
    app: AgentApplication, text: str, script: list[Any], servers: dict[str, Any]
) -> list[dict[str, Any]]:
    session = with_user_message(app.sessions.create_session(), text)
    overrides = {"provider": "scripted", "script": script, "mcp_servers": servers}
    await app.tool_servers.start(overrides)  # what start-up does in the background
    return [event async for event in app.send_request(session, overrides)]


async def test_read_only_mcp_tool_of_a_trusted_server_runs_unasked_and_stops_at_exit(
    tmp_path: Path,
):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    try:
        script = [
            tool_turn(("mcp__time__get_current_time", {"timezone": "Asia/Tokyo"})),
            "It is evening in Tokyo.",
        ]
        # Untrusted (the default): the server's read-only hint is not obeyed, headless denies.
        events = await run(app, "What time is it in Tokyo?", script, {"time": TIME_SERVER})
        (tool_result,) = of_type(events, "tool_result")
        assert "no approval handler" in tool_result["message"]["content"]

        app.settings.mcp_server_trust = {"time": "trust_read_only"}
        events = await run(app, "What time is it in Tokyo?", script, {"time": TIME_SERVER})
        (tool_call,) = of_type(events, "tool_call")
        assert tool_call["annotations"]["readOnlyHint"] is True
        assert tool_call["preview"] == 'time › get_current_time(timezone="Asia/Tokyo")'
        assert not of_type(events, "tool_approval_required")  # read-only: nobody is asked
        (tool_result,) = of_type(events, "tool_result")
        message = tool_result["message"]
        assert message["metadata"]["is_error"] is False
        assert '"timezone": "Asia/Tokyo"' in message["content"]
        assert message["metadata"]["display"]["single_line"].startswith(
            "time › get_current_time → "
        )
        assert events[-1]["type"] == "request_completed"
        plugin = app.plugins.instance("mcp_tools")
        assert isinstance(plugin, McpTools)
        assert plugin.server_status()[0]["state"] == "running"
        pid = plugin._connections["time"].watch.pid
    finally:
        await app.aclose()
    assert plugin.server_status()[0]["state"] == "stopped"
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


async def test_headless_app_denies_an_mcp_tool_without_hints(tmp_path: Path):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    try:
        script = [tool_turn(("mcp__t__crash", {})), "Fine, I will not."]
        events = await run(app, "crash it", script, {"t": TEST_SERVER})
        (tool_call,) = of_type(events, "tool_call")
        assert tool_call["annotations"] == {}  # no hints: it may change things, so ask
        (tool_result,) = of_type(events, "tool_result")
        assert tool_result["message"]["metadata"]["is_error"] is True
        plugin = app.plugins.instance("mcp_tools")
        (status,) = plugin.server_status()
        assert status["state"] == "running"  # the crash tool never ran
        assert status["exit_code"] is None
    finally:
        await app.aclose()


async def test_a_server_claiming_read_only_and_destructive_is_asked_about_and_pinned(
    tmp_path: Path,
):
    """`tidy_home` says readOnlyHint and destructiveHint and "deletes the home folder": even with
    the server trusted, the dangerous hint wins; the prompt learns it is destructive and whose
    claim it is; an "always allow" stops applying once the server changes the tool."""
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    app.settings.mcp_server_trust = {"t": "trust_read_only"}
    desk = ApprovalDesk("allow_always")
    app.set_approval_handler(desk)
    try:
        script = [tool_turn(("mcp__t__tidy_home", {})), "Tidied."]
        events = await run(app, "my disk is full", script, {"t": TEST_SERVER})
        (request,) = desk.requests
        assert request["tool_name"] == "mcp__t__tidy_home"
        assert request["destructive"] is True
        assert request["mcp_server"] == "t"
        assert request["annotations"]["destructiveHint"] is True
        (result,) = of_type(events, "tool_result")
        assert result["message"]["content"].endswith("nothing was deleted (test server)")

        await run(app, "again", script, {"t": TEST_SERVER})
        assert len(desk.requests) == 1  # always allowed, same definition: not asked

        # The server changes the tool after approval: the approval no longer applies.
        changed = {**TEST_SERVER, "env": {"MCP_TEST_TIDY_DESCRIPTION": "Now also emails it"}}
        await run(app, "and again", script, {"t": changed})
        assert len(desk.requests) == 2
        assert desk.requests[-1]["changed_since_approval"] is True
    finally:
        await app.aclose()


async def test_the_chat_hears_which_servers_are_not_ready_unless_the_agent_skips_them(
    tmp_path: Path,
):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    hung = {"command": sys.executable, "args": ["-c", "import time; time.sleep(30)"]}
    try:
        session = with_user_message(app.sessions.create_session(), "hi")
        overrides = {"provider": "scripted", "script": ["hello"], "mcp_servers": {"hung": hung}}
        events = [event async for event in app.send_request(session, overrides)]
        (notice,) = of_type(events, "notice")
        assert notice["text"].startswith("0 of 1 tool servers ready — 'hung' is still starting")
        assert events[-1]["type"] == "request_completed"

        other = with_user_message(app.sessions.create_session(), "hi")
        skipping = {**overrides, "disabled_plugins": ["mcp_tools"]}
        events = [event async for event in app.send_request(other, skipping)]
        assert of_type(events, "notice") == []
    finally:
        await app.aclose()


async def test_a_call_to_a_tool_of_a_failed_server_tells_the_model_why(tmp_path: Path):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    failing = {
        "command": sys.executable,
        "args": ["-c", "import sys; sys.exit('fatal: GITHUB_TOKEN is not set')"],
    }
    try:
        script = [tool_turn(("mcp__raw__search", {"q": "x"})), "sorry"]
        events = await run(app, "search", script, {"raw": failing})
        (result,) = of_type(events, "tool_result")
        content = result["message"]["content"]
        assert content.startswith("Error: there is no tool named 'mcp__raw__search'.")
        assert "0 of 1 tool servers ready — 'raw' failed: " in content
        assert "(stderr: fatal: GITHUB_TOKEN is not set)" in content
    finally:
        await app.aclose()


async def test_the_notice_follows_a_server_that_came_back(tmp_path: Path):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    failing = {"command": sys.executable, "args": ["-c", "import sys; sys.exit('not yet')"]}
    try:
        session = with_user_message(app.sessions.create_session(), "hi")
        down = {"provider": "scripted", "script": ["hello"], "mcp_servers": {"raw": failing}}
        await app.tool_servers.start(down)
        events = [event async for event in app.send_request(session, down)]
        (notice,) = of_type(events, "notice")
        assert notice["text"].startswith("0 of 1 tool servers ready — 'raw' failed: ")

        back = {**down, "mcp_servers": {"raw": TEST_SERVER}}  # the server works again
        await app.tool_servers.start(back)
        session = with_user_message(events[-1]["session"], "and now?")
        events = [event async for event in app.send_request(session, back)]
        assert [event["text"] for event in of_type(events, "notice")] == [
            "Every tool server is ready now."
        ]
        session = with_user_message(events[-1]["session"], "again")
        events = [event async for event in app.send_request(session, back)]
        assert of_type(events, "notice") == []  # said once
    finally:
        await app.aclose()


async def test_the_notice_says_ready_once_a_slow_server_started_and_its_tool_ran(tmp_path: Path):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, McpTools])
    app.settings.mcp_server_trust = {"slow": "trust_read_only"}  # echo runs unasked
    # The test server, started only after a second, as a server that installs itself would be.
    slow_start = (
        "import runpy, time; time.sleep(1); "
        "runpy.run_module('tests.support.mcp_stdio_server', run_name='__main__')"
    )
    slow = {**TEST_SERVER, "args": ["-c", slow_start]}
    # The model takes its time to answer; the server is ready before it calls the tool.
    script = [{**tool_turn(("mcp__slow__echo", {"text": "city"})), "delay": 6.0}, "Rendered."]
    overrides = {"provider": "scripted", "script": script, "mcp_servers": {"slow": slow}}
    try:
        starting = asyncio.ensure_future(app.tool_servers.start(overrides))
        session = with_user_message(app.sessions.create_session(), "render a city")
        events = [event async for event in app.send_request(session, overrides)]
        await starting
        (tool_result,) = of_type(events, "tool_result")
        assert "city" in tool_result["message"]["content"]
        notices = [event["text"] for event in of_type(events, "notice")]
        assert notices[0].startswith("0 of 1 tool servers ready — 'slow' is still starting")
        assert notices[1:] == ["Every tool server is ready now."]  # before the answer, not later
    finally:
        await app.aclose()
