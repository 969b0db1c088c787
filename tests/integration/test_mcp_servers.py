"""The MCP plugin against real servers: `mcp-server-time` from PyPI over stdio, our own server
over streamable HTTP on loopback, a test server that dies mid-call, and servers that never start.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from tests.support.mcp_http_server import serve_mcp_over_http

from mcp_tools import McpTools
from mcp_tools import connection as mcp_connection

pytestmark = pytest.mark.integration

REPO_ROOT = Path(__file__).resolve().parents[2]
TIME_SERVER = {
    "command": sys.executable,
    "args": ["-m", "mcp_server_time", "--local-timezone", "UTC"],
}
TEST_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_stdio_server"],
    "cwd": str(REPO_ROOT),
}


def failing_server(code: int, message: str) -> dict[str, Any]:
    script = f"import sys; print({message!r}, file=sys.stderr); sys.exit({code})"
    return {"command": sys.executable, "args": ["-c", script]}


@pytest.fixture
async def plugin() -> AsyncIterator[McpTools]:
    instance = McpTools()
    yield instance
    await instance.aclose()


def pid_of(plugin: McpTools, name: str) -> int:
    pid = plugin._connections[name].watch.pid
    assert pid is not None
    return pid


def is_gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


async def test_time_server_over_stdio_lists_calls_and_stops(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"time": TIME_SERVER}})
    prepared = await plugin.start_servers(state)
    assert prepared["servers"]["time"]["state"] == "running"
    json.dumps(prepared)  # prepared data must stay JSON-like

    schemas = {s["function"]["name"]: s for s in plugin.get_tool_schemas(state, prepared=prepared)}
    assert set(schemas) == {"mcp__time__get_current_time", "mcp__time__convert_time"}
    assert schemas["mcp__time__get_current_time"]["annotations"]["readOnlyHint"] is True
    assert plugin.get_tool_schemas(state) == list(schemas.values())  # cached for later requests

    arguments = {"timezone": "Europe/Paris"}
    assert plugin.format_tool_call_preview("mcp__time__get_current_time", arguments, state) == (
        'time › get_current_time(timezone="Europe/Paris")'
    )
    result = await plugin.execute_tool_async("mcp__time__get_current_time", arguments, state)
    assert result["success"] is True
    assert json.loads(result["result"])["timezone"] == "Europe/Paris"
    display = plugin.to_display_format(plugin.format_tool_result(result, state), result, state)
    assert display["single_line"].startswith(
        'time › get_current_time → { "timezone": "Europe/Paris"'
    )

    bad = await plugin.execute_tool_async(
        "mcp__time__get_current_time", {"timezone": "Mars/Base"}, state
    )
    assert bad["success"] is False
    assert "Mars/Base" in bad["error"]

    pid = pid_of(plugin, "time")
    (status,) = plugin.server_status()
    assert status["state"] == "running"
    assert status["tools"] == ["get_current_time", "convert_time"]
    await plugin.aclose()
    assert plugin.server_status()[0]["state"] == "stopped"
    assert is_gone(pid)


async def test_server_starts_lazily_on_first_call(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    assert plugin.server_status()[0]["state"] == "stopped"
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "hello"}, state)
    assert result == {**result, "success": True, "result": "hello", "server": "t", "tool": "echo"}
    assert plugin.server_status()[0]["state"] == "running"


async def test_server_dying_mid_call_is_a_clear_error_and_restarts_on_next_use(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    first_pid = pid_of(plugin, "t")

    result = await plugin.execute_tool_async("mcp__t__crash", {}, state)
    assert result["success"] is False
    assert result["error"].startswith("MCP server 't' stopped during the call to 'crash'.")
    assert "Exit code: 3." in result["error"]
    assert "fatal: the test server crashes on purpose" in result["error"]
    (status,) = plugin.server_status()
    assert status["state"] == "exited"
    assert status["exit_code"] == 3
    assert "crashes on purpose" in status["stderr_tail"]

    again = await plugin.execute_tool_async("mcp__t__echo", {"text": "back"}, state)
    assert again["success"] is True
    assert again["result"] == "back"
    assert pid_of(plugin, "t") != first_pid
    assert plugin.server_status()[0]["state"] == "running"


async def test_crash_between_calls_shows_in_status(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    psutil.Process(pid_of(plugin, "t")).kill()
    for _ in range(200):
        if plugin.server_status()[0]["state"] == "exited":
            break
        await asyncio.sleep(0.02)
    (status,) = plugin.server_status()
    assert status["state"] == "exited"
    assert status["exit_code"] == -9


async def test_cancelled_call_leaves_the_server_usable(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    call = asyncio.create_task(plugin.execute_tool_async("mcp__t__wait", {"seconds": 30}, state))
    await asyncio.sleep(0.3)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(call, 5)
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "still here"}, state)
    assert result["result"] == "still here"


async def test_server_that_will_not_start_reports_stderr_and_exit_code(
    plugin: McpTools, monkeypatch: pytest.MonkeyPatch
):
    # A back-off long enough that the second preparation below is inside it: the first one
    # also starts the other server, which took more than the real first back-off (one second)
    # on a loaded machine, and the broken server was then rightly started again.
    monkeypatch.setattr(mcp_connection, "_back_off_seconds", lambda failures: 60.0)
    state = plugin.init(
        {"mcp_servers": {"bad": failing_server(2, "boom: missing API key"), "t": TEST_SERVER}}
    )
    prepared = await plugin.start_servers(state)
    bad = prepared["servers"]["bad"]
    # Preparing again right away (every request does) does not respawn the broken server.
    failed_pid = pid_of(plugin, "bad")
    again = await plugin.start_servers(state)
    assert again["servers"]["bad"]["state"] == "failed"
    assert pid_of(plugin, "bad") == failed_pid
    assert bad["state"] == "failed"
    assert bad["tools"] == []
    assert bad["error"] == (
        "MCP server 'bad' exited before the MCP handshake finished.\n"
        "Exit code: 2.\n"
        "Last stderr lines:\nboom: missing API key"
    )
    assert prepared["servers"]["t"]["state"] == "running"  # the other server is unaffected
    assert [s["function"]["name"] for s in plugin.get_tool_schemas(state, prepared=prepared)] == [
        "mcp__t__echo",
        "mcp__t__crash",
        "mcp__t__count",
        "mcp__t__wait",
        "mcp__t__tidy_home",
    ]
    result = await plugin.execute_tool_async("mcp__bad__anything", {}, state)
    assert result["success"] is False
    assert "Exit code: 2." in result["error"]
    assert "boom: missing API key" in result["error"]
    status = {s["name"]: s for s in plugin.server_status()}["bad"]
    assert status["exit_code"] == 2
    assert status["stderr_tail"] == "boom: missing API key"


async def test_a_failed_server_started_again_keeps_saying_why_it_failed(plugin: McpTools):
    slow_to_fail = {
        "command": sys.executable,
        "args": [
            "-c",
            "import sys, time; print('boom: missing API key', file=sys.stderr, flush=True); "
            "time.sleep(1); sys.exit(2)",
        ],
    }
    state = plugin.init({"mcp_servers": {"bad": slow_to_fail}})
    await plugin.start_servers(state)
    await asyncio.sleep(1.1)  # past its back-off: the next preparation starts it again
    again = asyncio.ensure_future(plugin.start_servers(state))
    await wait_until(lambda: plugin.server_status()[0]["state"] == "starting")
    starting = plugin.server_status()[0]
    assert starting["error"] is None
    assert starting["last_failure"]["error"].startswith(
        "MCP server 'bad' exited before the MCP handshake finished."
    )
    assert starting["last_failure"]["stderr_tail"] == "boom: missing API key"
    await again
    assert plugin.server_status()[0]["last_failure"] is None  # failed again: its own error shows


async def test_missing_command_and_secret_redaction(plugin: McpTools):
    leaky = failing_server(1, "")
    leaky["args"] = [
        "-c",
        "import os, sys; print('token is', os.environ['API_TOKEN'], file=sys.stderr); sys.exit(1)",
    ]
    leaky["env"] = {"API_TOKEN": "s3cret-value-42"}
    state = plugin.init(
        {"mcp_servers": {"gone": {"command": "no-such-mcp-server-cmd"}, "leaky": leaky}}
    )
    prepared = await plugin.start_servers(state)
    assert prepared["servers"]["gone"]["error"] == (
        "MCP server 'gone' could not start: the command 'no-such-mcp-server-cmd' was not found."
    )
    assert "token is ***" in prepared["servers"]["leaky"]["error"]
    nowhere = await plugin.test_server({"name": "n", "command": sys.executable, "cwd": "/no/such"})
    assert (
        nowhere["error"]
        == "MCP server 'n' could not start: its working folder /no/such does not exist."
    )
    assert "s3cret-value-42" not in json.dumps(prepared)
    assert "s3cret-value-42" not in json.dumps(plugin.server_status())


async def test_startup_timeout(plugin: McpTools):
    hang = {
        "command": sys.executable,
        "args": ["-c", "import time; time.sleep(60)"],
        "startup_timeout": 0.5,
    }
    state = plugin.init({"mcp_servers": {"hang": hang}})
    prepared = await plugin.start_servers(state)
    assert prepared["servers"]["hang"]["error"].startswith(
        "MCP server 'hang' did not finish starting within 0.5 s."
    )
    assert is_gone(pid_of(plugin, "hang"))


async def test_own_server_over_streamable_http(plugin: McpTools):
    with serve_mcp_over_http() as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        prepared = await plugin.start_servers(state)
        schemas = {
            s["function"]["name"]: s for s in plugin.get_tool_schemas(state, prepared=prepared)
        }
        assert set(schemas) == {
            "mcp__calc__add",
            "mcp__calc__shout",
            "mcp__calc__fail",
            "mcp__calc__learn",
        }
        assert schemas["mcp__calc__add"]["annotations"] == {
            "title": "Add numbers",
            "readOnlyHint": True,
            "openWorldHint": False,
        }
        assert schemas["mcp__calc__shout"]["annotations"]["readOnlyHint"] is False
        assert schemas["mcp__calc__fail"]["annotations"] == {}

        result = await plugin.execute_tool_async("mcp__calc__add", '{"a": 2, "b": 3}', state)
        assert result["result"] == "5"
        failed = await plugin.execute_tool_async("mcp__calc__fail", {"reason": "test"}, state)
        assert failed["success"] is False
        assert "failed on purpose: test" in failed["error"]

        tested = await plugin.test_server("calc")
        assert tested["ok"] is True
        assert [tool["name"] for tool in tested["tools"]] == ["add", "shout", "fail", "learn"]
        assert tested["server_info"] == {"name": "loopback-test", "version": "1.0.0"}

        wrong_token = await plugin.test_server(
            {"transport": "http", "url": server.url, "headers": {"Authorization": "Bearer nope"}}
        )
        assert wrong_token["ok"] is False
        assert "401" in wrong_token["error"]
        assert "nope" not in wrong_token["error"]


async def test_http_server_going_away_and_coming_back(plugin: McpTools):
    with serve_mcp_over_http() as server:
        settings = {"url": server.url, "headers": {"Authorization": f"Bearer {server.token}"}}
        state = plugin.init({"mcp_servers": {"calc": settings}})
        first = await plugin.execute_tool_async("mcp__calc__add", {"a": 1, "b": 1}, state)
        assert first["result"] == "2"
    gone = await plugin.execute_tool_async("mcp__calc__add", {"a": 1, "b": 2}, state)
    assert gone["success"] is False
    assert gone["error"] == (
        f"MCP server 'calc' stopped during the call to 'add' (could not be reached at "
        f"{server.url}: All connection attempts failed)."
    )
    assert plugin.server_status()[0]["state"] == "failed"
    with serve_mcp_over_http(port=server.port):
        back = await plugin.execute_tool_async("mcp__calc__add", {"a": 2, "b": 2}, state)
        assert back["result"] == "4"
        assert plugin.server_status()[0]["state"] == "running"
        await plugin.aclose()  # end the session while its server still answers


async def test_http_server_that_is_down(plugin: McpTools):
    with serve_mcp_over_http() as server:
        url = server.url
    tested = await plugin.test_server({"name": "down", "url": url})
    assert tested["ok"] is False
    assert tested["error"].startswith(f"MCP server 'down' could not be reached at {url}")


async def test_test_connection_for_unknown_and_failing_servers(plugin: McpTools):
    assert (await plugin.test_server("nobody"))[
        "error"
    ] == "No MCP server named 'nobody' is configured."
    tested = await plugin.test_server({"name": "bad", **failing_server(5, "cannot open database")})
    assert tested["ok"] is False
    assert tested["exit_code"] == 5
    assert tested["stderr_tail"] == "cannot open database"
    assert (await plugin.test_server({"name": "x"}))["error"] == (
        "MCP server 'x': a stdio server needs a 'command' to run."
    )


async def test_changed_settings_restart_the_server(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    first_pid = pid_of(plugin, "t")
    state = plugin.init({"mcp_servers": {"t": {**TEST_SERVER, "env": {"MARKER": "2"}}}})
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "x"}, state)
    assert result["success"] is True
    assert pid_of(plugin, "t") != first_pid
    assert is_gone(first_pid)


async def test_disabled_servers_are_not_started_or_offered(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": {**TEST_SERVER, "enabled": False}}})
    prepared = await plugin.start_servers(state)
    assert prepared == {"servers": {}}
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "x"}, state)
    assert result["error"] == "No enabled MCP server offers 'mcp__t__echo'."


async def test_sync_hook_from_a_worker_thread_uses_the_owning_loop(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    result = await asyncio.to_thread(
        plugin.execute_tool, "mcp__t__echo", {"text": "threaded"}, state
    )
    assert result["result"] == "threaded"


def test_sync_use_without_any_loop_starts_and_stops_per_call():
    plugin = McpTools()
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    prepared = plugin.prepare(state["config"], state)
    names = [s["function"]["name"] for s in plugin.get_tool_schemas(state, prepared=prepared)]
    assert names == [
        "mcp__t__echo",
        "mcp__t__crash",
        "mcp__t__count",
        "mcp__t__wait",
        "mcp__t__tidy_home",
    ]
    pid = pid_of(plugin, "t")
    assert is_gone(pid)
    result = plugin.execute_tool("mcp__t__echo", {"text": "sync"}, state)
    assert result["result"] == "sync"
    assert is_gone(pid_of(plugin, "t"))


async def test_the_apps_warm_up_during_a_worker_threads_sync_call_leaves_the_server_running(
    plugin: McpTools,
):
    """At start-up a worker thread's sync call (a UI schema) may start the servers on a private
    loop, which stops them when the call ends. The app's warm-up, asked meanwhile, was handed to
    that loop and lost with it: the server stayed stopped until the first message (CI 38)."""
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    worker_call = asyncio.ensure_future(asyncio.to_thread(plugin.prepare, state["config"], state))
    for _ in range(500):  # until the worker's private loop holds the server
        if plugin.server_status()[0]["state"] == "starting":
            break
        await asyncio.sleep(0.01)
    assert plugin.server_status()[0]["state"] == "starting"
    prepared = await plugin.start_servers(state)
    await worker_call
    assert prepared["servers"]["t"]["state"] == "running"
    assert plugin.server_status()[0]["state"] == "running"
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "warm"}, state)
    assert result["result"] == "warm"


async def test_a_worker_threads_sync_call_after_the_handlers_are_set_uses_the_apps_loop(
    plugin: McpTools,
):
    """The app sets its handlers on its loop at start-up; a worker thread's sync call after that
    (the agent's UI schema) starts the server there, in the background, instead of starting it on
    a private loop, waiting for it, and stopping it again when the call ends."""
    plugin.set_elicitation_handler(None)
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    report = await asyncio.to_thread(plugin.prepare, state["config"], state)
    assert report["servers"]["t"]["state"] != "running"  # it did not wait for the start
    for _ in range(500):
        if plugin.server_status()[0]["state"] == "running":
            break
        await asyncio.sleep(0.02)
    assert plugin.server_status()[0]["state"] == "running"
    assert plugin.server_log("t").count("starting") == 1


async def test_sync_prepare_on_the_loop_thread_never_blocks_and_starts_in_background(
    plugin: McpTools,
):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    report = plugin.prepare(state["config"], state)  # what the tool loop's sync calls reach
    assert report == {"servers": {"t": {"state": "stopped", "error": None, "tools": []}}}
    for _ in range(500):
        if plugin.server_status()[0]["state"] == "running":
            break
        await asyncio.sleep(0.02)
    assert plugin.server_status()[0]["tools"] == ["echo", "crash", "count", "wait", "tidy_home"]
    assert next(s["function"]["name"] for s in plugin.get_tool_schemas(state)) == "mcp__t__echo"


async def test_progress_notifications_stream_as_parts(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    items = [item async for item in plugin.stream_tool_async("mcp__t__count", {"to": 3}, state)]
    # Each with its line for the row's output and the numbers for its bar.
    assert [item["part"]["text"] for item in items[:-1]] == [
        "step 1 (33%)\n",
        "step 2 (67%)\n",
        "step 3 (100%)\n",
    ]
    assert [item["part"]["progress"] for item in items[:-1]] == [
        {"value": step, "total": 3, "message": f"step {step}"} for step in (1, 2, 3)
    ]
    assert items[-1]["result"] == "counted to 3"


async def test_leaving_the_stream_stops_the_call(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    stream = plugin.stream_tool_async("mcp__t__wait", {"seconds": 30}, state)
    waiting = asyncio.ensure_future(anext(stream))
    await asyncio.sleep(0.3)
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    await stream.aclose()
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "free"}, state)
    assert result["result"] == "free"


HUNG = {"command": sys.executable, "args": ["-c", "import time; time.sleep(60)"]}


async def test_preparing_never_waits_for_a_server_and_the_notice_says_why(plugin: McpTools):
    config = {"mcp_servers": {"t": TEST_SERVER, "hung": HUNG, "bad": failing_server(4, "nope")}}
    state = plugin.init(config)
    loop = asyncio.get_running_loop()
    started = loop.time()
    prepared = await plugin.prepare_async(config, state)
    assert loop.time() - started < 0.5  # it reports what is ready now; starts go on behind
    assert {name: s["state"] for name, s in prepared["servers"].items()} == {
        "t": "stopped",
        "hung": "stopped",
        "bad": "stopped",
    }
    for _ in range(500):
        states = {s["name"]: s["state"] for s in plugin.server_status()}
        if states["t"] == "running" and states["bad"] == "failed":
            break
        await asyncio.sleep(0.02)
    assert states == {"t": "running", "hung": "starting", "bad": "failed"}
    prepared = await plugin.prepare_async(config, state)
    names = [s["function"]["name"] for s in plugin.get_tool_schemas(state, prepared=prepared)]
    assert names == [
        "mcp__t__echo",
        "mcp__t__crash",
        "mcp__t__count",
        "mcp__t__wait",
        "mcp__t__tidy_home",
    ]
    assert await plugin.readiness_notice(config) == (
        "1 of 3 tool servers ready — 'hung' is still starting; 'bad' failed: exited before the "
        "MCP handshake finished (stderr: nope). Their logs: the Tools button beside the model "
        "picker, or Settings → MCP servers."
    )


async def test_a_stdio_server_that_dies_is_restarted_with_back_off(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})
    await plugin.start_servers(state)
    first = pid_of(plugin, "t")
    psutil.Process(first).kill()
    for _ in range(500):  # the first restart comes after one second
        status = plugin.server_status()[0]
        if status["state"] == "running" and pid_of(plugin, "t") != first:
            break
        await asyncio.sleep(0.02)
    assert plugin.server_status()[0]["state"] == "running"
    assert plugin._connections["t"].failures == 1
    assert plugin._connections["t"].back_off_seconds() == 1.0
    result = await plugin.execute_tool_async("mcp__t__echo", {"text": "again"}, state)
    assert result["result"] == "again"


NEVER_STARTS = {
    "command": sys.executable,
    "args": ["-c", "import time; time.sleep(120)"],  # never answers `initialize`
    "startup_timeout": 90,
}


async def wait_until(condition: Any, seconds: float = 30.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


async def test_closing_ends_a_start_that_would_wait_for_its_whole_start_up_time(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"never": NEVER_STARTS}})
    call = asyncio.ensure_future(plugin.execute_tool_async("mcp__never__anything", {}, state))
    await wait_until(lambda: plugin._connections["never"].watch.pid is not None)
    pid = pid_of(plugin, "never")

    await asyncio.wait_for(plugin.aclose(), 10)  # not the server's 90 s start-up time

    assert (await asyncio.wait_for(call, 5))["error"] == "MCP server 'never' stopped."
    assert is_gone(pid)


async def test_closing_releases_a_worker_thread_waiting_on_a_server_that_never_starts(
    plugin: McpTools,
):
    """A sync hook on a worker thread runs on the owning loop and waits for it; after closing,
    no thread is left waiting in the plugin (the app's quit used to hide one with os._exit)."""
    state = plugin.init({"mcp_servers": {"never": NEVER_STARTS}})
    await plugin.start_servers(plugin.init({"mcp_servers": {}}))  # owned by this loop
    worker = asyncio.ensure_future(
        asyncio.to_thread(plugin.execute_tool, "mcp__never__anything", {}, state)
    )
    await wait_until(
        lambda: "never" in plugin._connections and plugin._connections["never"].watch.pid
    )
    pid = pid_of(plugin, "never")

    await asyncio.wait_for(plugin.aclose(), 10)

    result = await asyncio.wait_for(worker, 5)
    assert result["success"] is False
    assert result["error"] in (
        "MCP server 'never' stopped.",
        "The MCP tools were closed (the app is quitting); the call did not run to its end.",
    )
    assert is_gone(pid)


def test_a_sync_call_after_closing_is_refused_instead_of_waiting_for_a_stopped_loop():
    plugin = McpTools()
    state = plugin.init({"mcp_servers": {"never": NEVER_STARTS}})
    loop = asyncio.new_event_loop()
    results: list[dict[str, Any]] = []
    try:
        loop.run_until_complete(plugin.start_servers(plugin.init({"mcp_servers": {}})))
        loop.run_until_complete(plugin.aclose())
        # The loop is not running and will not run again (as after the app's quit).
        caller = threading.Thread(
            target=lambda: results.append(plugin.execute_tool("mcp__never__anything", {}, state)),
            daemon=True,  # on a regression it would wait for ever
        )
        caller.start()
        caller.join(10)
    finally:
        loop.close()
    assert results, "the call still waits for a loop that stopped"
    assert results[0]["error"] == (
        "The MCP tools were closed (the app is quitting); the call did not run to its end."
    )
