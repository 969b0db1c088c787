"""The MCP host against servers that misbehave or return more than text: a handshake-era HTTP
server that restarts mid-session, a hand-written stdio server (images, structured content,
200k characters, a tool list that changes, log messages with a secret), and commands that live
in a version manager's folder."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import os
import stat
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from tests.support import mcp_tasks
from tests.support.mcp_http_server import _free_port, serve_mcp_over_http
from tests.support.mcp_legacy_server import HUGE_CHARS, PNG_2X2
from tests.support.mcp_tasks import TasksOnTheServer

from mcp_tools import McpTools
from mcp_tools.command_path import resolve_command

pytestmark = pytest.mark.integration

REPO_ROOT = Path(__file__).resolve().parents[2]
LEGACY = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_legacy_server"],
    "cwd": str(REPO_ROOT),
    "env": {"SERVER_TOKEN": "tok-9f8e7d6c5b4a"},
    "max_output_chars": 5000,
}


@pytest.fixture
async def plugin() -> AsyncIterator[McpTools]:
    instance = McpTools()
    yield instance
    await instance.aclose()


async def offered_soon(plugin: McpTools, state: dict, name: str) -> bool:
    """Whether tool `name` is offered to the model within 5 s (a list change arrives async)."""
    for _ in range(250):
        if name in [schema["function"]["name"] for schema in plugin.get_tool_schemas(state)]:
            return True
        await asyncio.sleep(0.02)
    return False


async def test_a_restarted_http_server_gets_a_new_session_on_the_next_call(plugin: McpTools):
    port = _free_port()
    with serve_mcp_over_http(port=port, handshake_era=True) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        await plugin.start_servers(state)
        first = await plugin.execute_tool_async("mcp__calc__add", {"a": 1, "b": 2}, state)
        assert first["result"] == "3"
    with serve_mcp_over_http(port=port, handshake_era=True):  # same address, sessions forgotten
        again = await plugin.execute_tool_async("mcp__calc__add", {"a": 2, "b": 3}, state)
    assert again["success"] is True, again
    assert again["result"] == "5"
    log = plugin.server_log("calc")
    assert "reconnect: the server no longer knows the session (HTTP 404 Not Found)" in log
    assert plugin.server_status()[0]["state"] == "running"


@pytest.mark.parametrize("handshake_era", [False, True], ids=["2026-07-28", "handshake-era"])
async def test_a_tool_added_at_runtime_over_http_is_offered_next(
    plugin: McpTools, handshake_era: bool
):
    """2026-07-28: the change comes on the `subscriptions/listen` stream the client opens;
    handshake-era: as a notification on the session's GET stream."""
    with serve_mcp_over_http(handshake_era=handshake_era) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        await plugin.start_servers(state)
        names = [s["function"]["name"] for s in plugin.get_tool_schemas(state)]
        assert "mcp__calc__fresh" not in names
        learned = await plugin.execute_tool_async("mcp__calc__learn", {}, state)
        assert learned["result"] == "added the tool 'fresh'"
        assert await offered_soon(plugin, state, "mcp__calc__fresh")
        fresh = await plugin.execute_tool_async("mcp__calc__fresh", {}, state)
        assert fresh["result"] == "fresh works"
        assert "tools: the tool list changed; added fresh" in plugin.server_log("calc")


@pytest.mark.parametrize("away_seconds", [0.0, 2.5], ids=["back-at-once", "away-a-while"])
async def test_a_restarted_http_server_is_listened_to_again_and_its_new_tool_offered(
    plugin: McpTools, away_seconds: float
):
    """A 2026-07-28 server's `subscriptions/listen` stream breaks when it restarts: the client
    opens it again (reconnecting, with back-off, while the server is away) and lists again what
    it may have missed, so a tool the restarted server adds is offered with nobody's help."""
    port = _free_port()
    with serve_mcp_over_http(port=port) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        await plugin.start_servers(state)
        assert await listening(plugin, "calc", times=1)
    await asyncio.sleep(away_seconds)  # reconnecting fails meanwhile: the back-off doubles
    with serve_mcp_over_http(port=port):
        assert await listening(plugin, "calc", times=2), plugin.server_log("calc")
        learned = await plugin.execute_tool_async("mcp__calc__learn", {}, state)
        assert learned["result"] == "added the tool 'fresh'"
        assert await offered_soon(plugin, state, "mcp__calc__fresh")
        assert "changes: the stream of list changes broke" in plugin.server_log("calc")


async def listening(plugin: McpTools, name: str, *, times: int) -> bool:
    """Whether the server's list changes were listened to `times` times within 10 s."""
    for _ in range(500):
        if plugin.server_log(name).count("listening for changes") >= times:
            return True
        await asyncio.sleep(0.02)
    return False


# `telling_add` logs so that its answer comes on a stream; logging is deprecated in 2026-07-28.
@pytest.mark.filterwarnings("ignore:The logging capability is deprecated")
async def test_a_call_whose_response_stream_breaks_is_sent_again_with_a_new_id(
    plugin: McpTools,
):
    """The stream carrying a call's answer breaks before the answer (the tool ran): the client
    sends the request once more, with a new JSON-RPC id, and the user gets the answer."""
    with serve_mcp_over_http(break_one_response=True) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        added = await plugin.execute_tool_async("mcp__calc__telling_add", {"a": 2, "b": 3}, state)
        assert added.get("result") == "5", added.get("error")
        first, again = server.call_ids
        assert first != again
        log = plugin.server_log("calc")
        assert "reissue: the answer to tools/call was lost to a broken response stream" in log
        assert plugin.server_status()[0]["state"] == "running"


async def test_a_tool_the_server_runs_as_a_task_is_polled_to_its_result(plugin: McpTools):
    """The Tasks extension: the app declares it, the server answers the call with a task, the
    app polls `tasks/get` at the server's `pollIntervalMs` and the model gets the result."""
    tasks = TasksOnTheServer(poll_interval_ms=300, polls_to_finish=3)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        items = [
            item
            async for item in plugin.stream_tool_async(
                "mcp__calc__render", {"scene": "cube"}, state
            )
        ]
    announced, *parts, rendered = items
    assert rendered.get("result") == "rendered cube", rendered.get("error")
    # The task's handle first (the app keeps it with the chat), then its status messages, as
    # the row shows progress.
    (task_id,) = tasks.tasks
    handle = {"server": "calc", "tool": "render", "task_id": task_id}
    assert announced == {"part": {"task": handle, "text": ""}}
    assert [part["part"]["text"] for part in parts] == [
        "queued (1)\n",
        "2 polls to go (2)\n",
        "1 polls to go (3)\n",
    ]
    # A task says no total: its row's bar is busy, with the status message beside it.
    assert [part["part"]["progress"]["total"] for part in parts] == [None] * 3
    assert parts[-1]["part"]["progress"]["message"] == "1 polls to go"
    assert tasks.plain_calls == 0
    assert [polled for polled, _ in tasks.polls] == [task_id] * 3
    # Each tasks/get names its task in the Mcp-Name header, for the routers on the way.
    assert tasks.routing_names == [task_id] * 3
    gaps = [later - earlier for (_, earlier), (_, later) in itertools.pairwise(tasks.polls)]
    assert all(gap >= 0.28 for gap in gaps), gaps
    log = plugin.server_log("calc")
    assert f"task: render runs as task {task_id} (working)" in log
    assert f"task: {task_id} working: 2 polls to go" in log
    assert f"task: {task_id} ended: completed" in log


QUESTION = {
    "method": "elicitation/create",
    "params": {
        "mode": "form",
        "message": "Render in 4K?",
        "requestedSchema": {"type": "object", "properties": {"uhd": {"type": "boolean"}}},
    },
}


@pytest.mark.parametrize(
    "question",
    [QUESTION, {"method": "sampling/createMessage", "params": {}}],
    ids=["form", "other"],
)
async def test_a_task_that_needs_input_asks_the_user_through_the_elicitation_form(
    plugin: McpTools, question: dict
):
    """`input_required`: the task's form question goes to the app's elicitation handler (the
    window's forms engine) and the answer back with `tasks/update`; a question of another kind
    cancels the task with a reason."""
    asked: list[dict] = []

    async def user(request: dict) -> dict:
        asked.append(request)
        return {"action": "accept", "content": {"uhd": True}}

    plugin.set_elicitation_handler(user)
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=2, question=question)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        rendered = await plugin.execute_tool_async("mcp__calc__render", {"scene": "sky"}, state)
    (task_id,) = tasks.tasks
    if question is QUESTION:
        assert rendered.get("result") == "rendered sky", rendered.get("error")
        assert [(a["mode"], a["message"], a["server"]) for a in asked] == [
            ("form", "Render in 4K?", "calc")
        ]
        assert tasks.answers == [{"question-1": {"action": "accept", "content": {"uhd": True}}}]
        assert tasks.cancels == []
    else:
        assert asked == []
        assert tasks.cancels == [task_id]
        assert (
            f"The task {task_id} asked for sampling/createMessage, which this app"
            in (rendered["error"])
        )


async def test_a_task_given_up_on_is_cancelled_at_the_server(plugin: McpTools):
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=1000)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        call = asyncio.ensure_future(
            plugin.execute_tool_async("mcp__calc__render", {"scene": "city"}, state)
        )
        for _ in range(250):
            if len(tasks.polls) >= 2:
                break
            await asyncio.sleep(0.02)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        for _ in range(250):
            if tasks.cancels:
                break
            await asyncio.sleep(0.02)
        assert tasks.cancels == list(tasks.tasks)
        assert next(iter(tasks.tasks.values())).status == "cancelled"


async def test_a_task_left_running_at_quit_is_followed_to_its_result_after_a_restart(
    plugin: McpTools,
):
    """Quitting leaves the task running on the server (no tasks/cancel); a new run of the plugin
    follows it by the handle the call gave to its result, or cancels it at the server."""
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=1000)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        config = {"mcp_servers": {"calc": settings}}
        handles = []
        for scene in ("city", "forest"):
            stream = plugin.stream_tool_async(
                "mcp__calc__render", {"scene": scene}, plugin.init(config)
            )
            first = await anext(stream)
            handles.append(first["part"]["task"])
            await asyncio.sleep(0.3)  # polled a few times
            plugin.leave_tasks_running()  # the app quits
            await stream.aclose()
        await plugin.aclose()
        assert tasks.cancels == []
        assert [handle["task_id"] for handle in handles] == list(tasks.tasks)

        again = McpTools()  # the next start of the app
        try:
            again.init(config)
            city, forest = handles
            tasks.tasks[city["task_id"]].polls_left = 2  # it finishes soon now
            heard: list[dict] = []
            outcome = await again.follow_task(city, heard.append)
            assert outcome["content"] == "rendered city"
            assert outcome["is_error"] is False
            assert outcome["display"]["single_line"] == "calc › render → rendered city"
            assert heard == [
                {
                    "text": "1 polls to go (1)\n",
                    "progress": {"value": 1, "total": None, "message": "1 polls to go"},
                }
            ]

            await again.cancel_task(forest)
            assert tasks.cancels == [forest["task_id"]]
            cancelled = await again.follow_task(forest)
            assert cancelled["is_error"] is True
            said = f"Cancelled by you: the task {forest['task_id']} stopped"
            assert said in cancelled["content"]
            assert cancelled["display"]["ended"] == "cancelled_by_user"
        finally:
            await again.aclose()


async def test_a_task_is_followed_on_the_apps_loop_even_while_a_sync_call_holds_the_servers(
    plugin: McpTools,
):
    """At start-up a worker thread's sync call may hold the servers on a private loop that stops
    them when it ends; a task followed meanwhile waits for it instead of being cut off there."""
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=5)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        worker_call = asyncio.ensure_future(
            asyncio.to_thread(plugin.execute_tool, "mcp__calc__render", {"scene": "sea"}, state)
        )
        for _ in range(500):  # until the worker's call runs as a task on its private loop
            if tasks.polls:
                break
            await asyncio.sleep(0.02)
        (sea,) = tasks.tasks
        now = tasks.tasks[sea].created_at
        left = mcp_tasks.TestTask("t-left", now, {"content": [{"type": "text", "text": "done"}]}, 8)
        tasks.tasks[left.task_id] = left
        following = asyncio.ensure_future(
            plugin.follow_task({"server": "calc", "tool": "render", "task_id": "t-left"})
        )
        assert (await worker_call)["result"] == "rendered sea"
        outcome = await asyncio.wait_for(following, 30)
    assert outcome["content"] == "done", outcome["content"]


# The app's start-up in a fresh process (the SDK not imported yet): the servers start, loading
# the SDK on a worker thread, while a task an earlier run left running is followed.
FOLLOW_AT_START_UP = """
import asyncio, json, sys
from mcp_tools import McpTools


async def main(settings):
    plugin = McpTools()
    state = plugin.init({"mcp_servers": {"calc": settings}})
    starting = asyncio.ensure_future(plugin.start_servers(state))
    await asyncio.sleep(0.05)  # the worker thread is importing the SDK (about half a second)
    handle = {"server": "calc", "tool": "render", "task_id": "t-left"}
    outcome = await plugin.follow_task(handle)
    await starting
    await plugin.aclose()
    print(json.dumps(outcome["content"]))


asyncio.run(main(json.loads(sys.argv[1])))
"""


def test_a_task_followed_while_the_servers_start_finds_the_sdk_loaded(tmp_path: Path):
    """Following a task imported the SDK on the loop while the servers' start imported it on a
    worker thread: the two met a half-imported module and the task was never followed."""
    tasks = TasksOnTheServer(poll_interval_ms=100)
    created = "2026-01-01T00:00:00+00:00"
    done = {"content": [{"type": "text", "text": "done"}]}
    tasks.tasks["t-left"] = mcp_tasks.TestTask("t-left", created, done, 2)
    tasks.ttl_ms = None
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        followed = subprocess.run(
            [sys.executable, "-c", FOLLOW_AT_START_UP, json.dumps(settings)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert followed.returncode == 0, followed.stderr[-3000:]
    assert json.loads(followed.stdout.strip().splitlines()[-1]) == "done"


async def test_a_task_the_server_forgot_is_reported_by_name(plugin: McpTools):
    tasks = TasksOnTheServer()
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        plugin.init({"mcp_servers": {"calc": settings}})
        outcome = await plugin.follow_task({"server": "calc", "tool": "render", "task_id": "t-1"})
    assert outcome["is_error"] is True
    assert "MCP server 'calc' no longer knows the task t-1" in outcome["content"]


async def test_a_task_past_its_ttl_is_reported_expired_and_no_longer_polled(plugin: McpTools):
    """The TTL as the text's backstop: the task still works when `createdAt` + `ttlMs` has
    passed, so the call ends saying it expired instead of polling it for ever."""
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=100_000, ttl_ms=400)
    with serve_mcp_over_http(tasks=tasks) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        state = plugin.init({"mcp_servers": {"calc": settings}})
        call = plugin.stream_tool_async("mcp__calc__render", {"scene": "sea"}, state)
        items = await asyncio.wait_for(_all(call), timeout=20)
        polls = len(tasks.polls)
        await asyncio.sleep(0.5)
        assert len(tasks.polls) == polls  # no longer followed
    (task_id,) = tasks.tasks
    ended = items[-1]
    assert ended["success"] is False
    assert ended["error"].startswith(f"Expired: the task {task_id} had not finished")
    assert "ttlMs 400" in ended["error"]
    assert tasks.cancels == []  # expired is not cancelled: the server may still finish it
    assert f"task: {task_id}: its TTL passed at" in plugin.server_log("calc")


async def _all(stream: Any) -> list[Any]:
    return [item async for item in stream]


async def test_rich_results_tool_list_changes_and_the_log(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"legacy": LEGACY}})
    await plugin.start_servers(state)

    picture = await plugin.execute_tool_async("mcp__legacy__picture", {}, state)
    assert picture["result"] == (
        "A 2×2 test picture.\n"
        f"[image: image/png, {len(PNG_2X2)} bytes, shown to the user]\n"
        "[resource link: test.png <file:///pictures/test.png>, image/png]"
    )
    display = plugin.to_display_format(picture["result"], picture, state)
    (image,) = display["images"]
    assert image["mime"] == "image/png"
    assert base64.b64decode(image["data"]) == PNG_2X2

    weather = await plugin.execute_tool_async("mcp__legacy__weather", {"city": "Oslo"}, state)
    assert weather["structured_content"] == {"city": "Oslo", "celsius": 21.5, "sky": "clear"}
    shown = plugin.to_display_format(weather["result"], weather, state)["content"]
    assert shown.endswith(
        'Structured content:\n{\n  "city": "Oslo",\n  "celsius": 21.5,\n  "sky": "clear"\n}'
    )

    huge = await plugin.execute_tool_async("mcp__legacy__huge", {}, state)
    assert huge["result"].startswith("x" * 5000 + "\n\n[Output truncated: the tool returned ")
    assert f"{HUGE_CHARS:,} characters; the first 5,000 are shown." in huge["result"]
    assert len(huge["result"]) < 5300

    names = [s["function"]["name"] for s in plugin.get_tool_schemas(state)]
    assert "mcp__legacy__extra" not in names
    assert "mcp__legacy__render" not in names  # task-only: the model would call it in vain
    (status,) = plugin.server_status()
    assert status["hidden_tools"] == {
        "render": "it can only run as an MCP task (taskSupport: required), which this app "
        "cannot run yet"
    }
    grown = await plugin.execute_tool_async("mcp__legacy__grow", {}, state)
    assert grown["result"] == "added the tool 'extra'"
    assert await offered_soon(plugin, state, "mcp__legacy__extra")
    extra = await plugin.execute_tool_async("mcp__legacy__extra", {}, state)
    assert extra["result"] == "extra works"

    await plugin.execute_tool_async("mcp__legacy__leak", {}, state)
    log = plugin.server_log("legacy")
    assert "stderr: legacy test server ready" in log
    assert "tools: the tool list changed; added extra" in log
    assert "server warning: using token *** for the upstream API" in log
    assert "tok-9f8e7d6c5b4a" not in log


def _executable(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def test_commands_from_version_managers_are_found(tmp_path: Path):
    home = tmp_path / "home"
    for version in ("v18.19.0", "v20.11.1", "v9.0.0"):
        _executable(home / f".nvm/versions/node/{version}/bin/fake-npx", "#!/bin/sh\n")
    _executable(home / ".local/bin/fake-uvx", "#!/bin/sh\n")
    env = {"PATH": "/usr/bin:/bin"}
    command, extra = resolve_command("fake-npx", env, home)
    newest = home / ".nvm/versions/node/v20.11.1/bin"
    assert command == str(newest / "fake-npx")
    assert extra == {"PATH": f"{newest}{os.pathsep}/usr/bin:/bin"}
    assert resolve_command("fake-uvx", env, home)[0] == str(home / ".local/bin/fake-uvx")
    assert resolve_command("sh", env, home) == ("sh", {})  # on PATH: left alone
    assert resolve_command("not-anywhere", env, home) == ("not-anywhere", {})


async def test_a_server_started_through_a_version_manager_path(plugin: McpTools, tmp_path):
    home = tmp_path / "home"
    wrapper = home / ".local/bin/legacy-mcp"
    _executable(wrapper, f"#!/bin/sh\nexec {sys.executable} -m tests.support.mcp_legacy_server\n")
    settings = {"command": "legacy-mcp", "cwd": str(REPO_ROOT)}
    os.environ["HOME"], saved = str(home), os.environ.get("HOME")
    try:
        state = plugin.init({"mcp_servers": {"wrapped": settings}})
        report = await plugin.start_servers(state)
    finally:
        if saved is not None:
            os.environ["HOME"] = saved
    assert report["servers"]["wrapped"]["state"] == "running", report
    assert f"'legacy-mcp' is not on PATH; using {wrapper}" in plugin.server_log("wrapped")
