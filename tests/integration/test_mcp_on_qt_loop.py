"""MCP sessions and the shell tool on the app's real loop: qasync's QEventLoop over Qt (where
subprocess transports, anyio task groups and the stdio transport must all work)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.support.qt_async import QtAsync, qt_async_harness

from mcp_tools import McpTools
from shell_tool import ShellTool

pytestmark = [pytest.mark.integration, pytest.mark.gui]

TEST_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_stdio_server"],
    "cwd": str(Path(__file__).resolve().parents[2]),
}


@pytest.fixture
def qt_loop(qapp: Any) -> Iterator[QtAsync]:
    yield from qt_async_harness(qapp)


def test_mcp_server_lives_and_stops_on_the_qt_loop(qt_loop: QtAsync):
    plugin = McpTools()
    state = plugin.init({"mcp_servers": {"t": TEST_SERVER}})

    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any], str]:
        items = [item async for item in plugin.stream_tool_async("mcp__t__count", {"to": 2}, state)]
        crashed = await plugin.execute_tool_async("mcp__t__crash", {}, state)
        echoed = await plugin.execute_tool_async("mcp__t__echo", {"text": "again"}, state)
        await plugin.aclose()
        return items, crashed, echoed["result"]

    items, crashed, echoed = qt_loop.run(scenario(), timeout=30)
    parts = [item["part"] for item in items[:-1]]
    assert [part["text"] for part in parts] == ["step 1 (50%)\n", "step 2 (100%)\n"]
    assert [part["progress"]["value"] for part in parts] == [1.0, 2.0]
    assert "Exit code: 3." in crashed["error"]
    assert echoed == "again"
    assert plugin.server_status()[0]["state"] == "stopped"


def test_shell_streams_on_the_qt_loop(qt_loop: QtAsync, tmp_path: Path):
    plugin = ShellTool()
    state = plugin.init({"workspace_dir": str(tmp_path)})

    async def scenario() -> list[dict[str, Any]]:
        command = "echo a; sleep 0.1; echo b"
        return [
            item async for item in plugin.stream_tool_async("shell", {"command": command}, state)
        ]

    items = qt_loop.run(scenario())
    assert "".join(item["part"] for item in items[:-1]) == "a\nb\n"
    assert items[-1]["success"] is True
