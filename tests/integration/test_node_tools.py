"""Node tool plugins run out of process by a real Node host, speaking the NDJSON protocol.

The example plugin (`tests/compat/plugin_folders/node-weather`) and a faulty one written here
run under `node`: discovery finds them in plugin folders, the tool loop offers and calls them
with the one approval decision, their parts stream before the result, their stderr goes to their
log, and a host that dies or overruns its time limit is started again at the next call.
"""

from __future__ import annotations

import json
import shutil
import textwrap
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

from agent_app.adapters.node_tools import NodeToolPlugin
from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.settings import Settings, save_settings

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed"),
]

EXAMPLE = Path(__file__).resolve().parents[1] / "compat" / "plugin_folders" / "node-weather"

FAULTY = """
    export function get_tool_schemas() {
      return [{ name: "misbehave", parameters: { type: "object" } }];
    }
    export async function execute_tool({ arguments: args }) {
      console.error(`misbehaving: ${args.how}`);
      if (args.how === "exit") process.exit(3);
      if (args.how === "hang") await new Promise(() => {});
      if (args.how === "raise") throw new RangeError("the gauge is off the scale");
      return { value: "fine", state: { pid: process.pid } };
    }
"""


def app_with(tmp_path: Path, *folders: Path) -> AgentApplication:
    paths = resolve_paths(tmp_path / "home")
    save_settings(Settings(plugin_folders=[str(folder) for folder in folders]), paths.settings_path)
    return AgentApplication(paths)


def faulty_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "faulty"
    folder.mkdir()
    (folder / "agent_plugin.json").write_text('{"entries": ["misbehave.mjs"]}')
    (folder / "misbehave.mjs").write_text(textwrap.dedent(FAULTY))
    return folder


async def test_the_example_streams_two_parts_then_its_result_after_approval(
    tmp_path: Path,
) -> None:
    folder = shutil.copytree(EXAMPLE, tmp_path / "node-weather")
    app = app_with(tmp_path, folder)
    desk = ApprovalDesk("allow_once")
    app.set_approval_handler(desk)
    record = app.plugins.catalog.get("weather")
    assert record is not None
    assert record.ok, record.error
    assert (record.kind, record.version) == ("tool", "1.0.0")
    script = [tool_turn(("forecast", {"city": "Oslo"})), tool_turn(("forecast", {"city": "Rome"}))]
    try:
        session = with_user_message(app.sessions.create_session(), "weather?")
        events = await collect(app, session, [*script, "Sunny twice."])
    finally:
        await app.aclose()

    assert [request["tool_name"] for request in desk.requests] == ["forecast", "forecast"]
    parts = [event["part"] for event in of_type(events, "tool_partial")]
    assert parts == [
        {"text": "Looking up Oslo…"},
        {"text": "Reading the sky…"},
        {"text": "Looking up Rome…"},
        {"text": "Reading the sky…"},
    ]
    first, second = (json.loads(e["message"]["content"]) for e in of_type(events, "tool_result"))
    assert first == {"city": "Oslo", "sky": "sunny", "units": "metric", "calls": 1}
    assert second["calls"] == 2  # the state the first call returned was handed to the second
    order = [e["type"] for e in events if e["type"] in ("tool_partial", "tool_result")]
    assert order == ["tool_partial", "tool_partial", "tool_result"] * 2
    log = app.paths.log_dir / "plugins" / "weather.log"
    assert "weather plugin starting (units: metric)" in log.read_text()


async def test_the_plugin_gets_only_its_own_settings_block(tmp_path: Path) -> None:
    plugin = NodeToolPlugin(
        "weather", EXAMPLE / "weather.mjs", log_dir=tmp_path, node=str(shutil.which("node"))
    )
    config = {"api_key": "sk-provider-secret", "weather": {"units": "imperial"}}
    state = plugin.init(config)
    assert state == {"config": {"units": "imperial"}}
    try:
        prepared = await plugin.prepare_async(config, state)
        [schema] = plugin.get_tool_schemas(state, prepared=prepared)
        assert schema["function"]["description"] == "Tomorrow's weather in a city (imperial units)"
        result = await plugin.execute_tool_async("forecast", {"city": "Oslo"}, state)
    finally:
        await plugin.aclose()
    assert result["result"]["units"] == "imperial"
    assert "sk-provider-secret" not in (tmp_path / "plugins" / "weather.log").read_text()


async def test_errors_exits_and_overruns_are_reported_and_the_host_comes_back(
    tmp_path: Path,
) -> None:
    plugin = NodeToolPlugin(
        "misbehave",
        faulty_folder(tmp_path) / "misbehave.mjs",
        log_dir=tmp_path,
        node=str(shutil.which("node")),
        call_time_limit_seconds=2.0,
    )
    state = plugin.init({})

    async def call(how: str) -> dict[str, Any]:
        return await plugin.execute_tool_async("misbehave", {"how": how}, state)

    try:
        raised = await call("raise")
        assert raised == {
            "success": False,
            "tool": "misbehave",
            "error": "RangeError: the gauge is off the scale",
        }
        assert (await call("fine"))["success"] is True
        first_pid = plugin._state["pid"]
        exited = await call("exit")
        assert exited["success"] is False
        assert "ended (exit code 3) before answering" in exited["error"]
        assert (await call("fine"))["success"] is True  # started again
        assert plugin.host.generation == 2
        assert plugin._state["pid"] != first_pid
        hung = await call("hang")
        assert "did not answer within 2 seconds" in hung["error"]
        assert (await call("fine"))["success"] is True
        assert plugin.host.generation == 3
    finally:
        await plugin.aclose()
    log = (tmp_path / "plugins" / "misbehave.log").read_text()
    assert "misbehaving: exit" in log
    assert "misbehaving: hang" in log


def test_a_node_plugin_without_its_module_or_node_is_left_out_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "missing"
    missing.mkdir()
    (missing / "agent_plugin.json").write_text('{"entries": ["gone.mjs"]}')
    app = app_with(tmp_path, missing)
    try:
        record = app.plugins.catalog.get("gone")
        assert record is not None
        assert not record.ok
        assert record.error == f"the Node module 'gone.mjs' does not exist in {missing}"
    finally:
        app.close()
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))
    app = app_with(tmp_path / "second", shutil.copytree(EXAMPLE, tmp_path / "node-weather"))
    try:
        record = app.plugins.catalog.get("weather")
        assert record is not None
        assert not record.ok
        assert "no `node` program was found; install Node.js" in str(record.error)
    finally:
        app.close()


def test_the_settings_a_descriptor_declares_are_the_plugins_and_in_effect_from_the_start(
    tmp_path: Path,
) -> None:
    app = app_with(tmp_path, shutil.copytree(EXAMPLE, tmp_path / "node-weather"))
    try:
        schema = {entry["key"]: entry for entry in app.agents.build_core().get_config_schema()}
        assert schema["weather.units"]["options"] == ["metric", "imperial"]
        resolved = app.agents.resolve_request_config(app.agents.build_agent_config())
        assert resolved["weather"] == {"units": "metric"}  # its default, though never saved
    finally:
        app.close()


def test_a_descriptor_config_that_is_not_settings_is_refused_saying_why(tmp_path: Path) -> None:
    folder = faulty_folder(tmp_path)
    (folder / "agent_plugin.json").write_text(
        '{"entries": ["misbehave.mjs"], "config": {"units": "metric"}}'
    )
    app = app_with(tmp_path, folder)
    try:
        record = app.plugins.catalog.get("misbehave")
        assert record is not None
        assert record.error is not None
        assert 'the "config" of its agent_plugin.json must be an object of settings' in record.error
    finally:
        app.close()
