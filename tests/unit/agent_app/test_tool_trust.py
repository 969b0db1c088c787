"""Whose word a tool's hints are, and argument rules: the adversarial cases (issue 12)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.tool_trust import (
    ToolFacts,
    ToolRule,
    facts_for_call,
    mcp_server_of,
    suggest_rule,
)
from agent_core import ToolDescriptor
from file_tools import FileTools
from mcp_tools import McpTools
from scripted_provider import ScriptedProvider
from shell_tool import ShellTool
from web_fetch_tool import WebFetchTool


def described(tool_name: str, annotations: dict[str, Any], plugin: str = "p") -> dict[str, Any]:
    schema = {"type": "function", "function": {"name": tool_name}, "annotations": annotations}
    return {
        "tool_call_id": "c1",
        "tool_name": tool_name,
        "runnable": True,
        "plugin_name": plugin,
        "descriptor": ToolDescriptor(plugin, tool_name, schema, {"annotations": annotations}),
        "arguments": {},
    }


READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}


class ThirdPartyTools:
    """Stands for any plugin we did not write."""


@pytest.mark.parametrize(
    ("instance", "tool_name", "trust", "runs_unasked"),
    [
        (FileTools(), "read_file", {}, True),  # ours, read-only, local
        (WebFetchTool(), "web_fetch", {}, False),  # ours, read-only but reaches the network
        (ShellTool(), "shell!", {}, False),  # ours, says it is destructive
        (ThirdPartyTools(), "read_file", {}, False),  # same name, someone else's word
        (ThirdPartyTools(), "mcp__files__read", {"files": "trust_read_only"}, False),  # spoof
        (McpTools(), "mcp__files__read", {}, False),  # an MCP server not trusted
        (McpTools(), "mcp__files__read", {"files": "trust_read_only"}, True),
        (McpTools(), "mcp__files__read", {"files": "ask"}, False),
        (McpTools(), "mcp__other__read", {"files": "trust_read_only"}, False),
        (None, "read_file", {}, False),  # plugin gone: no one vouches
    ],
)
def test_whose_read_only_hint_is_obeyed(instance, tool_name, trust, runs_unasked):
    hints = {
        "web_fetch": {**READ_ONLY, "openWorldHint": True},
        "shell!": {"readOnlyHint": False, "destructiveHint": True},
    }.get(tool_name, READ_ONLY)
    facts = facts_for_call(
        described(tool_name, hints),
        plugin_instance=instance,
        server_trust=trust,
        server_names=["files", "other"],
    )
    assert facts.runs_unasked() is runs_unasked


def test_mcp_server_names_are_matched_exactly_and_longest_first():
    assert mcp_server_of("mcp__files__read", ["files", "files__read"]) == "files"
    assert mcp_server_of("mcp__files__read__x", ["files", "files__read"]) == "files__read"
    assert mcp_server_of("mcp__my.server__x", ["my.server"]) is None  # names are made safe
    assert mcp_server_of("mcp__my_server__x", ["my.server"]) == "my.server"
    assert mcp_server_of("files__read", ["files"]) is None
    assert mcp_server_of("mcp__filesx__read", ["files"]) is None


def test_the_mcp_plugin_names_the_server_so_similar_names_do_not_collide():
    import mcp_types

    from mcp_tools.plugin import tool_schema

    for server in ("my.server", "my_server"):
        schema = tool_schema(server, mcp_types.Tool(name="x", input_schema={"type": "object"}))
        name = schema["function"]["name"]
        entry = {
            **described(name, {}, "mcp_tools"),
            "descriptor": ToolDescriptor("mcp_tools", name, schema, {"annotations": {}}),
        }
        facts = facts_for_call(
            entry,
            plugin_instance=McpTools(),
            server_trust={},
            server_names=["my.server", "my_server"],
        )
        assert facts.mcp_server == server


def test_suggested_rules_are_narrow_and_never_cover_chained_commands():
    def rule(arguments: Any) -> tuple[str, str] | None:
        found = suggest_rule(ToolFacts("t", arguments=arguments))
        return (found.kind, found.value) if found else None

    assert rule({"command": "git status -s"}) == ("command_prefix", "git status")
    assert rule({"command": "ls -la"}) == ("command_prefix", "ls")
    assert rule({"command": "python ./x.py"}) == ("command_prefix", "python")
    assert rule({"command": "ls; rm -rf ~"}) is None
    assert rule({"command": "echo 'unbalanced"}) is None
    assert rule({"url": "https://docs.python.org/3/"}) == ("url_domain", "docs.python.org")
    assert rule({"path": "docs/guide.md"}) == ("path_under", "docs")
    assert rule({"path": "notes.txt"}) == ("path_under", ".")
    assert rule({"path": "../outside.txt"}) is None
    assert rule("raw text") is None
    # Seen walking the app: "Always allow paths under “.”" never said which folder "." is.
    assert ToolRule(tool="t", kind="path_under", value=".").describe() == (
        "files in the agent's workspace folder"
    )
    assert ToolRule(tool="t", kind="path_under", value="docs").describe() == "paths under “docs”"
    assert ToolRule(tool="t", kind="path_under", value=".").matches({"path": "/etc/passwd"}) is (
        False
    )


# ---------------------------------------------------------------------------- web fetch


@pytest.fixture
def page_server() -> Iterator[tuple[str, list[str]]]:
    hits: list[str] = []

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            hits.append(self.path)
            body = b"<html><body><h1>Release notes</h1></body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", hits
    finally:
        server.shutdown()
        server.server_close()


async def test_web_fetch_asks_like_any_side_effect_or_follows_a_domain_rule(
    tmp_path: Path, page_server: tuple[str, list[str]]
) -> None:
    url, hits = page_server
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, WebFetchTool]
    )
    try:
        script = [tool_turn(("web_fetch", {"url": f"{url}/notes"})), "Read it."]
        events = await collect(
            app, with_user_message(app.sessions.create_session(), "news?"), script
        )
        (result,) = of_type(events, "tool_result")
        assert "no approval handler" in result["message"]["content"]  # headless: denied
        assert hits == []

        desk = ApprovalDesk("allow_rule")
        app.set_approval_handler(desk)
        events = await collect(
            app, with_user_message(app.sessions.create_session(), "news?"), script
        )
        (request,) = desk.requests
        assert request["open_world"] is True
        assert request["suggested_rule"]["value"] == "127.0.0.1"
        assert hits == ["/notes"]
        [rule] = app.settings.tool_rules
        assert (rule.tool, rule.kind, rule.value) == ("web_fetch", "url_domain", "127.0.0.1")

        app.set_approval_handler(None)  # headless again: the rule alone lets it run
        events = await collect(
            app, with_user_message(app.sessions.create_session(), "news?"), script
        )
        assert hits == ["/notes", "/notes"]
        other = [tool_turn(("web_fetch", {"url": "http://localhost:9/x"})), "No."]
        events = await collect(
            app, with_user_message(app.sessions.create_session(), "news?"), other
        )
        (result,) = of_type(events, "tool_result")
        assert "no approval handler" in result["message"]["content"]
    finally:
        await app.aclose()
