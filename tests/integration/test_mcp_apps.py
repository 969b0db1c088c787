"""The MCP Apps host side of the MCP client (``io.modelcontextprotocol/ui``): the capability it
advertises, tool visibility, a result's view and reading it, against the official example
server from npm (`@modelcontextprotocol/server-basic-vanillajs`) and a Python server of views
(`tests/support/mcp_app_server.py`)."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import pytest
from tests.support.npm_servers import installed_npm_package

from mcp_tools import McpTools
from mcp_tools.apps import APP_MIME_TYPE, UI_EXTENSION
from mcp_tools.connection import McpServerError

pytestmark = pytest.mark.integration

BASIC_SERVERS = {
    "@modelcontextprotocol/server-basic-vanillajs": "2.0.3",
    "@modelcontextprotocol/server-basic-preact": "2.0.3",
}
APP_SERVER = {"command": sys.executable, "args": ["-m", "tests.support.mcp_app_server"]}


@pytest.fixture(scope="module")
def basic_servers(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[str, Any]]:
    prefix = installed_npm_package(request, tmp_path_factory, BASIC_SERVERS)
    return {
        name.rsplit("-", 1)[-1]: {
            "command": "node",
            "args": [str(prefix / "node_modules" / name / "dist" / "index.js"), "--stdio"],
            "startup_timeout": 60,
        }
        for name in BASIC_SERVERS
    }


@pytest.fixture
async def plugin() -> AsyncIterator[McpTools]:
    instance = McpTools()
    yield instance
    await instance.aclose()


async def test_the_example_servers_tool_result_names_its_view_and_the_view_reads(
    plugin: McpTools, basic_servers
):
    state = plugin.init({"mcp_servers": basic_servers})
    report = await plugin.start_servers(state)
    assert {server["state"] for server in report["servers"].values()} == {"running"}, report

    for server in basic_servers:
        result = await plugin.execute_tool_async(f"mcp__{server}__get-time", {}, state)
        view = result["app_view"]
        assert view["server"] == server
        assert view["resource_uri"] == "ui://get-time/mcp-app.html"
        assert view["tool_definition"]["name"] == "get-time"
        # The result as the view receives it (ui/notifications/tool-result), and the text
        # fallback the model reads.
        (block,) = view["result"]["content"]
        assert block["text"] == result["result"]
        assert datetime.fromisoformat(result["result"]).year >= 2026  # the server's time
        display = plugin.to_display_format(result["result"], result, state)
        assert display["app_view"] == view

        page = await plugin.read_app_view(server, view["resource_uri"])
        assert page["html"].lstrip().lower().startswith("<!doctype html>")


async def test_visibility_hides_app_only_tools_from_the_model_and_model_only_from_views(
    plugin: McpTools,
):
    state = plugin.init({"mcp_servers": {"apps": APP_SERVER}})
    await plugin.start_servers(state)
    offered = {schema["function"]["name"] for schema in plugin.get_tool_schemas(state)}
    assert "mcp__apps__increment" not in offered  # visibility ["app"]
    assert {"mcp__apps__show_counter", "mcp__apps__model_secret"} <= offered
    (status,) = plugin.server_status()
    assert "only its server's app view" in status["hidden_tools"]["increment"]
    # The model cannot reach the app-only tool even by naming it.
    refused = await plugin.execute_tool_async("mcp__apps__increment", {}, state)
    assert not refused["success"]

    called = await plugin.call_tool_for_app("apps", "increment", {})
    assert called["content"][0]["text"] == "counter is 1"
    assert (await plugin.call_tool_for_app("apps", "show_counter", {}))["content"]
    with pytest.raises(McpServerError, match=r"may not call 'model_secret'.*lacks 'app'"):
        await plugin.call_tool_for_app("apps", "model_secret", {})
    with pytest.raises(McpServerError, match="has no tool named 'nothing'"):
        await plugin.call_tool_for_app("apps", "nothing", {})


async def test_a_views_security_settings_and_a_result_level_view(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"apps": APP_SERVER}})
    await plugin.start_servers(state)
    shown = await plugin.execute_tool_async("mcp__apps__show_counter", {}, state)
    page = await plugin.read_app_view("apps", shown["app_view"]["resource_uri"])
    assert page["csp"] == {"connectDomains": ["http://127.0.0.1:9"]}
    assert page["prefersBorder"] is True
    assert "Counter view" in page["html"]

    attack = await plugin.execute_tool_async("mcp__apps__attack", {"kind": "fetch"}, state)
    assert attack["app_view"]["resource_uri"] == "ui://attack/fetch.html"
    assert "csp" not in await plugin.read_app_view("apps", "ui://attack/fetch.html")

    plain = await plugin.execute_tool_async("mcp__apps__model_secret", {}, state)
    assert "app_view" not in plain
    with pytest.raises(McpServerError, match=r"not as an MCP App view \(text/html;profile"):
        await plugin.read_app_view("apps", "ui://plain/not-a-view.txt")
    with pytest.raises(McpServerError, match="views are ui:// resources"):
        await plugin.read_app_view("apps", "https://example.com/view.html")


async def test_the_client_advertises_the_ui_extension(plugin: McpTools):
    state = plugin.init({"mcp_servers": {"apps": APP_SERVER}})
    await plugin.start_servers(state)
    told = await plugin.execute_tool_async("mcp__apps__client_extensions", {}, state)
    assert json.loads(told["result"])[UI_EXTENSION] == {"mimeTypes": [APP_MIME_TYPE]}
