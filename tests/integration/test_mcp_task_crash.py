"""A crash while a tool call runs as a task on its server loses no task id.

The application layer runs in a process of its own (the real `AgentApplication`, the real MCP
plugin, the scripted model) and calls a tool that the loopback server turns into a task; once
the server is polled for it, the process is killed with SIGKILL: no Python code runs after,
nothing is written at quit. The next start (a new application on the same data folder) finds
the task with its chat, follows it to its end and stores its result in the call's place.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tests.support.mcp_http_server import serve_mcp_over_http
from tests.support.mcp_tasks import TasksOnTheServer

from agent_app.application import AgentApplication
from agent_app.conversation import Conversations
from agent_app.paths import resolve_paths
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]

# Sends "render a city" in a new chat of the app on the data folder given (its config names the
# server); the tool is allowed; prints the chat's id, then runs the request until it is killed.
DRIVER = """
import asyncio, sys
from pathlib import Path

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider
from tests.support.tool_loop_harness import ApprovalDesk, tool_turn, with_user_message


async def main(home):
    app = AgentApplication(resolve_paths(Path(home)), plugins=[ScriptedProvider, McpTools])
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_message(app.sessions.create_session(), "render a city")
    script = [tool_turn(("mcp__render__render", {"scene": "city"})), "It is rendered."]
    overrides = {"provider": "scripted", "script": script}
    await app.tool_servers.start(overrides)
    print(session.session_id, flush=True)
    async for _event in app.send_request(session, overrides):
        pass


asyncio.run(main(sys.argv[1]))
"""


def wait_for(condition: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def killed_while_its_task_runs(home: Path, tasks: TasksOnTheServer) -> tuple[str, str]:
    """Run the app on `home` until the server is polled for the task, then SIGKILL it; the
    chat's id and the task's."""
    errors = home.parent / "app-stderr.txt"  # a file: a pipe nobody reads could fill and block
    with errors.open("w", encoding="utf-8") as stderr:
        app_process = subprocess.Popen(
            [sys.executable, "-c", DRIVER, str(home)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    try:
        assert app_process.stdout is not None
        session_id = app_process.stdout.readline().strip()
        assert session_id, errors.read_text(encoding="utf-8")
        wait_for(
            lambda: len(tasks.polls) >= 2 or app_process.poll() is not None,
            60,
            "the server to be polled for the task",
        )
        assert app_process.poll() is None, f"the app ended: {errors.read_text(encoding='utf-8')}"
        (task_id,) = tasks.tasks
    finally:
        app_process.send_signal(signal.SIGKILL)
        app_process.wait(timeout=30)
    assert app_process.returncode == -signal.SIGKILL
    return session_id, task_id


async def test_a_task_running_when_the_app_is_killed_is_followed_again_at_the_next_start(
    tmp_path: Path,
):
    tasks = TasksOnTheServer(poll_interval_ms=100, polls_to_finish=100_000)
    home = tmp_path / "home"
    with serve_mcp_over_http(tasks=tasks) as server:
        servers = {
            "render": {
                "transport": "http",
                "url": server.url,
                "headers": {"Authorization": f"Bearer {server.token}"},
            }
        }
        paths = resolve_paths(home)
        paths.ensure_exist()
        paths.config_path.write_text(json.dumps({"mcp_servers": servers}), encoding="utf-8")
        session_id, task_id = await asyncio.to_thread(killed_while_its_task_runs, home, tasks)
        assert tasks.cancels == []

        app = AgentApplication(resolve_paths(home), plugins=[ScriptedProvider, McpTools])
        try:
            (running,) = app.tool_tasks.left_running()
            assert running.session_id == session_id
            assert running.task["task_id"] == task_id
            assert running.call_key is not None

            polls_before = len(tasks.polls)
            tasks.tasks[task_id].polls_left = 2  # the render finishes soon now
            chats = Conversations(app.sessions, app, app.plugin_queries)
            landed: list[str] = []
            await chats.follow_tool_tasks(app.tool_tasks, landed.append)
            assert landed == [session_id]  # told, so the chat list shows the new preview
            assert len(tasks.polls) > polls_before  # followed again at the server

            messages = app.sessions.load_session(session_id).messages
            assert [message.role for message in messages] == ["user", "assistant", "tool"]
            assert messages[-1].content == "rendered city"
            assert app.tool_tasks.left_running() == []
        finally:
            await app.aclose()
