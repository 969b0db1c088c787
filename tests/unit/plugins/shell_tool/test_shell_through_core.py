"""The shell tool as the application's tool loop runs it: through `AgentCore.astream_tool_call`."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import psutil

from agent_core import AgentCore
from scripted_provider import ScriptedProvider
from shell_tool import ShellTool


def make_core() -> AgentCore:
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_tool(ShellTool)
    return core


def shell_call(command: str) -> dict:
    arguments = json.dumps({"command": command})
    return {"id": "c1", "type": "function", "function": {"name": "shell", "arguments": arguments}}


async def test_parts_stream_as_tool_partial_events_then_the_result(tmp_path: Path):
    core = make_core()
    config = {"provider": "scripted", "workspace_dir": str(tmp_path)}
    (descriptor,) = core.get_tool_descriptors(config)
    assert descriptor.metadata["annotations"]["readOnlyHint"] is False
    command = "echo one; while [ ! -f go ]; do sleep 0.02; done; echo two"
    stream = core.astream_tool_call(shell_call(command), config)
    first = await anext(stream)
    assert first == {"type": "tool_partial", "tool_call_id": "c1", "part": "one\n"}
    (tmp_path / "go").touch()
    rest = [event async for event in stream]
    assert [event["type"] for event in rest] == ["tool_partial", "tool_result"]
    message = rest[-1]["message"]
    assert message["metadata"]["is_error"] is False
    assert message["content"].startswith("one\ntwo\n[Exit code 0.")
    assert message["metadata"]["display"]["single_line"] == command


async def test_failing_command_is_an_error_result(tmp_path: Path):
    core = make_core()
    config = {"provider": "scripted", "workspace_dir": str(tmp_path)}
    (message,) = await core.aexecute_tool_calls([shell_call("ls /nonexistent-dir")], config)
    assert message["metadata"]["is_error"] is True
    assert "No such file or directory" in message["content"]
    assert message["metadata"]["display"]["single_line"] == "ls /nonexistent-dir (exit 2)"


async def test_cancelling_the_loop_task_and_token_leaves_no_process(tmp_path: Path):
    core = make_core()
    config = {"provider": "scripted", "workspace_dir": str(tmp_path)}
    token = threading.Event()
    child: list[int] = []

    async def consume() -> None:
        stream = core.astream_tool_call(
            shell_call("sleep 60 & echo $!; wait"), config, cancellation=token
        )
        async for event in stream:
            if event["type"] == "tool_partial":
                child.append(int(event["part"]))

    task = asyncio.create_task(consume())
    while not child:
        await asyncio.sleep(0.01)
    token.set()  # what the tool loop does on Stop, together with cancelling the task
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    for _ in range(100):
        if not psutil.pid_exists(child[0]) or psutil.Process(child[0]).status() == "zombie":
            break
        await asyncio.sleep(0.02)
    assert not psutil.pid_exists(child[0]) or psutil.Process(child[0]).status() == "zombie"
