"""The MCP host against the reference server from npm, `@modelcontextprotocol/server-everything`
(Node, stdio): images, structured content, resource links, embedded resources, prompts,
resources, elicitation and task-only tools, as a third-party server sends them.

The server is installed with npm into pytest's cache folder on first use (about 10 s, then
reused; without the cache plugin, `-p no:cacheprovider`, into the run's temporary folder each
run); the test is skipped only when npm itself is missing.
"""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.support.mcp_http_server import _free_port
from tests.support.npm_servers import installed_npm_package

from mcp_tools import McpTools

pytestmark = pytest.mark.integration

PACKAGE = "@modelcontextprotocol/server-everything"
VERSION = "2026.8.31"  # pinned: the assertions below name its tools and prompts


@pytest.fixture(scope="module")
def everything(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    prefix = installed_npm_package(request, tmp_path_factory, {PACKAGE: VERSION})
    entry = prefix / "node_modules" / PACKAGE / "dist" / "index.js"
    return {"command": "node", "args": [str(entry), "stdio"], "startup_timeout": 60}


@pytest.fixture
async def plugin() -> AsyncIterator[McpTools]:
    instance = McpTools()
    yield instance
    await instance.aclose()


async def test_rich_results_from_the_reference_server(plugin: McpTools, everything):
    state = plugin.init({"mcp_servers": {"everything": everything}})
    report = await plugin.start_servers(state)
    assert report["servers"]["everything"]["state"] == "running", report
    names = {s["function"]["name"] for s in plugin.get_tool_schemas(state)}
    assert {"mcp__everything__get-tiny-image", "mcp__everything__echo"} <= names
    (status,) = plugin.server_status()
    assert "simulate-research-query" in status["hidden_tools"]  # task-only: hidden, with why
    assert not any("simulate-research-query" in name for name in names)

    image = await plugin.execute_tool_async("mcp__everything__get-tiny-image", {}, state)
    (picture,) = image["images"]
    assert picture["mime"] == "image/png"
    assert base64.b64decode(picture["data"]).startswith(b"\x89PNG")
    assert "[image: image/png, " in image["result"]

    weather = await plugin.execute_tool_async(
        "mcp__everything__get-structured-content", {"location": "New York"}, state
    )
    assert set(weather["structured_content"]) == {"temperature", "conditions", "humidity"}

    links = await plugin.execute_tool_async(
        "mcp__everything__get-resource-links", {"count": 2}, state
    )
    assert links["result"].count("[resource link: ") == 2
    embedded = await plugin.execute_tool_async(
        "mcp__everything__get-resource-reference", {"resourceType": "Text", "resourceId": 1}, state
    )
    assert "[resource <demo://resource/dynamic/text/1>]" in embedded["result"]


async def test_prompts_resources_and_elicitation_of_the_reference_server(plugin, everything):
    asked: list[dict[str, Any]] = []

    async def decline(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request)
        return {"action": "decline"}

    plugin.set_elicitation_handler(decline)
    state = plugin.init({"mcp_servers": {"everything": everything}})
    await plugin.start_servers(state)

    prompts = {prompt["name"]: prompt for prompt in plugin.prompt_commands()}
    assert {"simple-prompt", "args-prompt"} <= set(prompts)
    required = [a["name"] for a in prompts["args-prompt"]["arguments"] if a["required"]]
    assert required == ["city"]
    text = await plugin.get_prompt("everything", "args-prompt", {"city": "Oslo"})
    assert "Oslo" in text

    resources = {item["name"]: item for item in plugin.resource_list()}
    data, mime = await plugin.read_resource("everything", resources["features.md"]["uri"])
    assert mime == "text/markdown"
    assert data.startswith(b"#")

    result = await plugin.execute_tool_async(
        "mcp__everything__trigger-elicitation-request", {}, state
    )
    (request,) = asked
    assert request["mode"] == "form"
    assert request["server"] == "everything"
    assert request["schema"]["properties"]
    assert "decline" in result["result"].lower()


@contextmanager
def everything_over_http(everything: dict[str, Any], port: int) -> Iterator[str]:
    """The reference server's streamable HTTP mode on `port`; its URL once it answers."""
    server = subprocess.Popen(
        [everything["command"], everything["args"][0], "streamableHttp"],
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("server-everything did not listen on its HTTP port")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.terminate()
        server.wait(timeout=10)


async def test_the_reference_server_restarted_over_http_works_on_the_next_call(
    plugin: McpTools, everything
):
    """It answers a forgotten session with HTTP 400 (not the protocol's 404): a new session
    is started all the same, and the call goes through."""
    port = _free_port()
    with everything_over_http(everything, port) as url:
        state = plugin.init({"mcp_servers": {"e": {"transport": "http", "url": url}}})
        await plugin.start_servers(state)
        first = await plugin.execute_tool_async("mcp__e__echo", {"message": "one"}, state)
        assert first["result"] == "Echo: one"
    with everything_over_http(everything, port):
        again = await plugin.execute_tool_async("mcp__e__echo", {"message": "two"}, state)
    assert again["success"] is True, again
    assert again["result"] == "Echo: two"
    assert "reconnect: the server no longer knows the session (HTTP 400" in plugin.server_log("e")


def test_the_reference_server_is_set_up_without_pytests_cache_plugin():
    """`-p no:cacheprovider` (read-only checkouts, some CI runners) still installs the server."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            __file__,
            "--setup-only",
            "-p",
            "no:cacheprovider",
            "-q",
            "-k",
            "test_rich_results_from_the_reference_server",
        ],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=400,
    )
    assert result.returncode in (0, 5), result.stdout[-3000:] + result.stderr[-2000:]
    assert "SETUP    M everything" in result.stdout, result.stdout[-3000:]
    assert "error" not in result.stdout.splitlines()[-1], result.stdout[-3000:]
