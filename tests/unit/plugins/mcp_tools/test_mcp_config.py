"""MCP settings: the config shape, `mcpServers` import, tool naming and schemas (no servers)."""

from __future__ import annotations

import json
from importlib.metadata import entry_points

import mcp_types
import pytest

from mcp_tools import McpConfigError, McpTools, exposed_tool_name, preview_import
from mcp_tools.plugin import tool_schema


def test_entry_point_names_the_plugin_class():
    (entry,) = [e for e in entry_points(group="agent_core.plugins") if e.name == "mcp_tools"]
    assert entry.load() is McpTools


def test_import_claude_desktop_cursor_and_cline_files():
    text = json.dumps(
        {
            "mcpServers": {
                "time": {"command": "uvx", "args": ["mcp-server-time"], "env": {"TZ": "UTC"}},
                "remote": {
                    "type": "streamable-http",
                    "url": "https://example.test/mcp",
                    "headers": {"Authorization": "Bearer x"},
                },
                "off": {"command": "node", "args": ["server.js"], "disabled": True},
                "cline": {"command": "npx", "args": ["-y", "x"], "autoApprove": ["a"]},
            }
        }
    )
    preview = preview_import(text)
    assert preview["source"] == "mcpServers"
    assert preview["skipped"] == {}
    assert preview["servers"] == {
        "time": {
            "enabled": True,
            "command": "uvx",
            "args": ["mcp-server-time"],
            "env": {"TZ": "UTC"},
        },
        "remote": {
            "enabled": True,
            "transport": "http",
            "url": "https://example.test/mcp",
            "headers": {"Authorization": "Bearer x"},
        },
        "off": {"enabled": False, "command": "node", "args": ["server.js"]},
        "cline": {"enabled": True, "command": "npx", "args": ["-y", "x"]},
    }


def test_import_vs_code_files_are_servers_not_a_server_named_servers():
    preview = preview_import('{"servers": {"a": {"type": "stdio", "command": "a-server"}}}')
    assert preview["source"] == "servers"
    assert preview["servers"] == {"a": {"enabled": True, "command": "a-server", "args": []}}
    settings_json = '{"mcp": {"servers": {"h": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}}'
    nested = preview_import(settings_json)
    assert nested["source"] == "mcp.servers"
    assert nested["servers"]["h"]["transport"] == "http"


def test_import_goose_extensions():
    text = json.dumps(
        {
            "extensions": {
                "fetch": {
                    "type": "stdio",
                    "cmd": "uvx",
                    "args": ["mcp-server-fetch"],
                    "envs": {"A": "1"},
                    "enabled": False,
                },
                "web": {"type": "streamable_http", "uri": "https://example.test/mcp"},
                "developer": {"type": "builtin", "enabled": True},
            }
        }
    )
    preview = preview_import(text)
    assert preview["servers"]["fetch"] == {
        "enabled": False,
        "command": "uvx",
        "args": ["mcp-server-fetch"],
        "env": {"A": "1"},
    }
    assert preview["servers"]["web"]["url"] == "https://example.test/mcp"
    assert preview["skipped"] == {
        "developer": "MCP server 'developer' is built into Goose; there is nothing to start."
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON (line 1, column 2"),
        ("[]", "Expected a JSON object"),
        ('{"other": {}}', "No server list found"),
    ],
)
def test_import_rejects_bad_documents_clearly(text: str, message: str):
    with pytest.raises(McpConfigError, match=message.replace("(", r"\(")):
        preview_import(text)


def test_import_preview_names_every_server_it_would_skip_and_why():
    text = json.dumps(
        {
            "mcpServers": {
                "good": {"command": "ok"},
                "nocmd": {"args": ["x"]},
                "old": {"type": "sse", "url": "http://h/sse"},
                "badurl": {"type": "http", "url": "ftp://h"},
            }
        }
    )
    preview = preview_import(text)
    assert list(preview["servers"]) == ["good"]
    skipped = preview["skipped"]
    assert skipped["nocmd"] == "MCP server 'nocmd': a stdio server needs a 'command' to run."
    assert skipped["old"].startswith("MCP server 'old' uses the old SSE transport")
    assert "an HTTP server needs a 'url' starting with http://" in skipped["badurl"]
    assert McpTools().preview_import("[]") == {
        "error": 'Expected a JSON object like {"mcpServers": {"name": {...}}}.'
    }


def test_tool_name_prefixes_are_unique_and_stable():
    dotted, underscored = exposed_tool_name("my.server", "t"), exposed_tool_name("my_server", "t")
    assert underscored == "mcp__my_server__t"
    assert dotted.startswith("mcp__my_server_")
    assert dotted != underscored
    assert dotted == exposed_tool_name("my.server", "t")  # the same across runs
    assert exposed_tool_name("a__b", "c") != exposed_tool_name("a", "b__c")


def test_exposed_names_are_safe_and_bounded():
    assert exposed_tool_name("time", "get_current_time") == "mcp__time__get_current_time"
    assert exposed_tool_name("git hub.com", "repo.search").startswith("mcp__git_hub_com_")
    long_name = exposed_tool_name("server", "x" * 100)
    assert len(long_name) == 64
    assert long_name != exposed_tool_name("server", "x" * 99)


def test_schema_copies_annotations_and_input_schema():
    tool = mcp_types.Tool(
        name="get_current_time",
        description="Get the time.",
        input_schema={"type": "object", "properties": {"timezone": {"type": "string"}}},
        annotations=mcp_types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
    )
    schema = tool_schema("time", tool)
    assert schema["function"]["name"] == "mcp__time__get_current_time"
    assert schema["function"]["parameters"]["properties"] == {"timezone": {"type": "string"}}
    assert schema["annotations"] == {"readOnlyHint": True, "openWorldHint": False}
    assert schema["mcp"] == {"server": "time", "tool": "get_current_time"}


def test_a_bad_server_entry_is_reported_and_the_others_are_kept():
    plugin = McpTools()
    state = plugin.init(
        {
            "mcp_servers": {
                "time": {"command": "x"},
                "off": {"command": "y", "enabled": False},
                "broken": {"transport": "stdio"},
            }
        }
    )
    assert set(state["servers"]) == {"time", "off"}
    status = {s["name"]: s for s in plugin.server_status()}
    assert [status[name]["state"] for name in ("time", "off", "broken")] == [
        "stopped",
        "stopped",
        "invalid",
    ]
    assert (
        status["broken"]["error"] == "MCP server 'broken': a stdio server needs a 'command' to run."
    )
    assert plugin.get_tool_schemas(state) == []  # nothing started yet, nothing known
    # Fixed later: the entry is valid again and leaves the invalid list.
    plugin.init({"mcp_servers": {"broken": {"command": "z"}}})
    assert {s["name"]: s["state"] for s in plugin.server_status()}["broken"] == "stopped"
    with pytest.raises(McpConfigError, match="'mcp_servers' must be an object"):
        plugin.init({"mcp_servers": ["time"]})


def test_preview_before_tools_are_known_uses_the_name_prefix():
    plugin = McpTools()
    state = plugin.init({"mcp_servers": {"time": {"command": "x"}}})
    preview = plugin.format_tool_call_preview(
        "mcp__time__convert_time", {"source_timezone": "UTC", "time": "10:00"}, state
    )
    assert preview == 'time › convert_time(source_timezone="UTC", time="10:00")'
    assert plugin.format_tool_call_preview("other_tool", {}, state) == ""


def test_display_of_results_and_errors():
    plugin = McpTools()
    ok = {"success": True, "server": "time", "tool": "get_current_time", "result": '{\n "a": 1\n}'}
    display = plugin.to_display_format(plugin.format_tool_result(ok, {}), ok, {})
    assert display["single_line"] == 'time › get_current_time → { "a": 1 }'
    failed = {
        "success": False,
        "server": "t",
        "tool": "x",
        "error": "MCP server 't' exited.\nExit code: 1.",
    }
    assert plugin.format_tool_result(failed, {}).startswith("Error: MCP server 't' exited.")
    assert (
        plugin.to_display_format("", failed, {})["single_line"]
        == "t › x failed: MCP server 't' exited."
    )


def test_an_http_server_keeps_its_pre_registered_oauth_client_and_a_wrong_one_is_named():
    from mcp_tools.config import normalize_server

    settings = normalize_server(
        "gh",
        {
            "url": "https://mcp.example.test/mcp",
            "oauth_client_id": " Iv1.abc ",
            "oauth_client_secret": "",
        },
    )
    assert (settings["oauth_client_id"], settings["oauth_client_secret"]) == ("Iv1.abc", None)
    with pytest.raises(McpConfigError, match="MCP server 'gh': 'oauth_client_id' must be text"):
        normalize_server("gh", {"url": "https://mcp.example.test/mcp", "oauth_client_id": 7})


def test_a_client_metadata_document_url_must_be_https_with_a_path():
    from mcp_tools.config import normalize_server

    document = "https://example.test/agent-desktop/client.json"
    url = "https://mcp.example.test/mcp"
    settings = normalize_server("gh", {"url": url, "oauth_client_metadata_url": f" {document} "})
    assert settings["oauth_client_metadata_url"] == document
    assert normalize_server("gh", {"url": url})["oauth_client_metadata_url"] is None
    for wrong in ("http://example.test/client.json", "https://example.test/", "client.json"):
        with pytest.raises(
            McpConfigError,
            match=r"MCP server 'gh': 'oauth_client_metadata_url' must be the https:// address",
        ):
            normalize_server("gh", {"url": url, "oauth_client_metadata_url": wrong})
