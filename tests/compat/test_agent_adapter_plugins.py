"""agent-adapter-tool-plugins.md, run as written: the "Interface" example imported from a plugin
folder with no edit, `initialize(runtime)` once at start-up with `tools` read after it, the
namespace as a convention, and the runtime's HTTP client and the plugin's own config."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin, secret_name
from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import discover_plugins
from agent_app.settings import Settings
from scripted_provider import ScriptedProvider
from tests.compat.spec_plugins import StartupBuiltToolsPlugin
from tests.support.tool_loop_harness import ApprovalDesk, script_overrides, tool_turn
from tests.support.tool_loop_harness import with_user_message as with_user_text

EXAMPLE_FOLDER = Path(__file__).parent / "plugin_folders" / "my-tool-plugin"


def tool_results(events) -> list[str]:
    return [e["message"]["content"] for e in events if e["type"] == "tool_result"]


@pytest.fixture
def example_plugin(tmp_path: Path):
    """The spec's example, found in a plugin folder (a copy, so imports write nothing here)."""
    folder = shutil.copytree(EXAMPLE_FOLDER, tmp_path / "my-tool-plugin")
    catalog = discover_plugins(resolve_paths(), Settings(plugin_folders=[str(folder)]))
    record = catalog.get("my-tool-plugin")
    assert record is not None
    assert record.ok, record.error
    return record.plugin


async def test_the_spec_example_runs_unchanged(make_app, example_plugin, memory_keyring):
    app = make_app(ScriptedProvider, example_plugin)
    app.secrets.set(secret_name("mytool", "api_key"), "kb-key-123")

    assert await app.astart() == []

    wrapped = example_plugin.wrapped
    assert type(wrapped).__module__ == "my_tool_plugin"
    assert wrapped.api_key == "kb-key-123"  # initialize ran, with the keyring-backed secrets
    schemas = app.agents.build_core().get_tool_schemas(app.build_agent_config())
    assert [s["function"]["name"] for s in schemas] == ["mytool__search"]
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_text(app.sessions.create_session(), "search the knowledge base")
    script = [tool_turn(("mytool__search", {"query": "pricing"})), "Found it."]

    events = [e async for e in app.send_request(session, script_overrides(script))]

    [result] = tool_results(events)
    assert json.loads(result) == {"results": ["Ellipsis"]}  # `[...]`, as the example returns


@pytest.fixture
def status_server() -> Iterator[str]:
    """A loopback HTTP server answering GET /status."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"all systems go" if self.path == "/status" else b"?"
            self.send_response(200 if self.path == "/status" else 404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/status"
    server.shutdown()
    server.server_close()


async def test_initialize_once_at_startup_then_tools_http_and_config(
    make_app, status_server, monkeypatch
):
    monkeypatch.setenv("STATUS_TOKEN", "from-env")
    plugin = StartupBuiltToolsPlugin()
    app = make_app(ScriptedProvider, AgentAdapterToolPlugin(plugin))
    # The plugin's own config block, as agent-adapter.yaml's `tool_plugins` gives it.
    tool_plugins = [
        {"id": "status-board", "config": {"status_url": status_server, "token": "${STATUS_TOKEN}"}}
    ]
    app.configuration.config = app.config.model_copy(update={"tool_plugins": tool_plugins})
    core = app.agents.build_core()
    assert core.get_tool_schemas(app.build_agent_config()) == []  # not started: no tools yet

    assert await app.astart() == []

    assert plugin.initialize_calls == 1
    names = [s["function"]["name"] for s in core.get_tool_schemas(app.build_agent_config())]
    assert names == ["status__fetch", "ping"]  # built in initialize; `ping` has no namespace
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_text(app.sessions.create_session(), "check the status")
    script = [tool_turn(("status__fetch", {}), ("ping", {})), "All good."]

    events = [e async for e in app.send_request(session, script_overrides(script))]

    fetched, pinged = (json.loads(text) for text in tool_results(events))
    assert fetched == {"status": 200, "body": "all systems go", "token_ok": True}
    assert pinged == {"pong": True}
    assert plugin.initialize_calls == 1  # once at start-up, not again per request or call


async def test_a_plugin_that_fails_to_start_is_named(make_app):
    class Locked(StartupBuiltToolsPlugin):
        async def initialize(self, runtime):
            raise PermissionError("the status token is missing; add it in Settings")

    app = make_app(ScriptedProvider, AgentAdapterToolPlugin(Locked()))

    problems = await app.astart()

    assert problems == [
        "The plugin 'status-board' did not start: tool plugin 'status-board' failed to "
        "initialize: PermissionError: the status token is missing; add it in Settings"
    ]
    assert problems[0] in app.notices
