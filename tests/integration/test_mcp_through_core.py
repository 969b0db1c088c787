"""MCP tools through `AgentCore`: descriptors with annotations, previews, execution and
failures exactly as the application's tool loop sees them."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_core import AgentCore
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider

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
BROKEN = {"command": sys.executable, "args": ["-c", "import sys; sys.exit('no config file found')"]}


def call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


@pytest.fixture
async def core_and_plugin() -> AsyncIterator[tuple[AgentCore, McpTools]]:
    plugin = McpTools()
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_tool(plugin)
    # Servers start in the background and offer tools once ready; these tests call the tools
    # directly, as a model would once it saw them, so the servers are started first.
    await plugin.start_servers(plugin.init(CONFIG))
    yield core, plugin
    await plugin.aclose()


CONFIG = {"provider": "scripted", "mcp_servers": {"time": TIME_SERVER, "broken": BROKEN}}


async def test_time_server_tools_run_through_the_core(core_and_plugin):
    core, _ = core_and_plugin
    (message,) = await core.aexecute_tool_calls(
        [call("c1", "mcp__time__get_current_time", {"timezone": "Asia/Tokyo"})], CONFIG
    )
    assert message["role"] == "tool"
    assert message["metadata"]["tool_call_id"] == "c1"
    assert message["metadata"]["is_error"] is False
    assert json.loads(message["content"])["timezone"] == "Asia/Tokyo"
    assert message["metadata"]["display"]["single_line"].startswith("time › get_current_time → ")

    # The sync hooks the tool loop calls on the event-loop thread answer from what is known.
    descriptors = {d.tool_name: d for d in core.get_tool_descriptors(CONFIG)}
    assert descriptors["mcp__time__convert_time"].metadata["annotations"]["readOnlyHint"] is True
    (preview,) = core.get_tool_call_previews(
        [call("c2", "mcp__time__convert_time", {"time": "09:30"})], CONFIG
    )
    assert preview["preview"] == 'time › convert_time(time="09:30")'


async def _settled_status(plugin, name: str, timeout: float = 15.0) -> dict:
    """The servers' status once `name` is no longer starting (bounded by `timeout`)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        status = {s["name"]: s for s in plugin.server_status()}
        if status[name]["state"] != "starting" or asyncio.get_running_loop().time() > deadline:
            return status
        await asyncio.sleep(0.05)


async def test_broken_server_is_reported_and_the_core_carries_on(core_and_plugin):
    core, plugin = core_and_plugin
    unknown, working = await core.aexecute_tool_calls(
        [
            call("c1", "mcp__broken__anything", {}),
            call("c2", "mcp__time__get_current_time", {"timezone": "UTC"}),
        ],
        CONFIG,
    )
    # A server that never started offers no tools: the model hears which tools exist.
    assert unknown["metadata"]["is_error"] is True
    assert "mcp__time__get_current_time" in unknown["content"]
    assert working["metadata"]["is_error"] is False
    # Servers start in the background: the broken one may still be on its way to failing.
    status = await _settled_status(plugin, "broken")
    assert status["broken"]["state"] == "failed"
    assert status["broken"]["exit_code"] == 1
    assert status["broken"]["error"] == (
        "MCP server 'broken' exited before the MCP handshake finished.\n"
        "Exit code: 1.\n"
        "Last stderr lines:\nno config file found"
    )
    assert status["time"]["state"] == "running"


async def test_server_dying_mid_call_through_the_core_stream(core_and_plugin):
    core, plugin = core_and_plugin
    config = {"provider": "scripted", "mcp_servers": {"t": TEST_SERVER}}
    await plugin.start_servers(plugin.init(config))
    events = [
        event async for event in core.astream_tool_call(call("c1", "mcp__t__crash", {}), config)
    ]
    (result,) = events
    assert result["type"] == "tool_result"
    message = result["message"]
    assert message["metadata"]["is_error"] is True
    assert "Exit code: 3." in message["content"]
    assert message["metadata"]["display"]["single_line"] == (
        "t › crash failed: MCP server 't' stopped during the call to 'crash'."
    )
    (again,) = await core.aexecute_tool_calls([call("c2", "mcp__t__echo", {"text": "up"})], config)
    assert again["content"] == "up"


async def test_cancelling_the_tool_task_through_the_core(core_and_plugin):
    core, plugin = core_and_plugin
    config = {"provider": "scripted", "mcp_servers": {"t": TEST_SERVER}}
    await plugin.start_servers(plugin.init(config))

    async def consume() -> list[dict[str, Any]]:
        stream = core.astream_tool_call(call("c1", "mcp__t__wait", {"seconds": 30}), config)
        return [event async for event in stream]

    task = asyncio.create_task(consume())
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 5)
    (after,) = await core.aexecute_tool_calls([call("c2", "mcp__t__echo", {"text": "ok"})], config)
    assert after["content"] == "ok"
    assert plugin.server_status()[0]["state"] == "running"


async def test_progress_reaches_the_core_as_tool_partial_events(core_and_plugin):
    core, plugin = core_and_plugin
    config = {"provider": "scripted", "mcp_servers": {"t": TEST_SERVER}}
    await plugin.start_servers(plugin.init(config))
    events = [
        event
        async for event in core.astream_tool_call(call("c1", "mcp__t__count", {"to": 2}), config)
    ]
    assert [(event["type"], event.get("part")) for event in events[:-1]] == [
        (
            "tool_partial",
            {"text": "step 1 (50%)\n", "progress": {"value": 1, "total": 2, "message": "step 1"}},
        ),
        (
            "tool_partial",
            {"text": "step 2 (100%)\n", "progress": {"value": 2, "total": 2, "message": "step 2"}},
        ),
    ]
    assert events[-1]["message"]["content"] == "counted to 2"
