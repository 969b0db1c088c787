"""Agent-adapter and OpenHands-style tools inside the real tool loop, found by real discovery."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from tests.support.agent_adapter_plugins import NotesPlugin
from tests.support.plugin_fixtures import write_plugin_folder
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin, secret_name
from agent_app.adapters.openhands import FinishTool, OpenHandsToolPlugin, ThinkTool
from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.settings import Settings, save_settings
from agent_app.settings_changes import SettingsChange
from scripted_provider import ScriptedProvider


async def test_both_tool_models_run_in_the_loop_with_the_approval_policy(tmp_path: Path) -> None:
    notes = NotesPlugin()
    app = AgentApplication(
        resolve_paths(tmp_path / "home"),
        plugins=[
            ScriptedProvider,
            AgentAdapterToolPlugin(notes),
            OpenHandsToolPlugin([*ThinkTool.create(), *FinishTool.create()], name="openhands"),
        ],
    )
    app.secrets.set(secret_name("notes", "token"), "notes-token-value")
    desk = ApprovalDesk("allow_once")
    app.set_approval_handler(desk)
    script = [
        tool_turn(("think", {"thought": "I should write it down"})),
        tool_turn(("notes__add", {"text": "buy bread"})),
        tool_turn(("notes__list", {})),
        tool_turn(("finish", {"message": "Bread is on the list."})),
        "never played: finish ended the task",
    ]
    try:
        events = await collect(
            app, with_user_message(app.sessions.create_session(), "remember"), script
        )
    finally:
        await app.aclose()

    results = {
        e["message"]["metadata"]["name"]: e["message"] for e in of_type(events, "tool_result")
    }
    # Adapter tools are third parties: their read-only hints are shown, not obeyed; every call
    # passes the same approval.
    assert [request["tool_name"] for request in desk.requests] == [
        "think",
        "notes__add",
        "notes__list",
        "finish",
    ]
    assert results["think"]["content"] == "Your thought has been logged."
    assert json.loads(results["notes__add"]["content"]) == {"added": "buy bread", "count": 1}
    assert json.loads(results["notes__list"]["content"]) == {"notes": ["buy bread"]}
    assert results["notes__list"]["metadata"]["display"]["single_line"].startswith("notes__list →")
    assert results["finish"]["content"] == "Bread is on the list."
    assert [event["type"] for event in events[-2:]] == ["tool_result", "request_completed"]
    assert not any(message["metadata"]["is_error"] for message in results.values())
    # The runtime came from the application: its keyring-backed secrets and state folder.
    assert notes.token == "notes-token-value"
    state_file = app.paths.runtime_state_root / "agent_adapter" / "notes-plugin.json"
    assert json.loads(state_file.read_text()) == {"notes": ["buy bread"]}
    assert notes.shutdown_calls == 1  # aclose() shut the plugin down


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


async def test_a_plugin_folder_from_settings_is_discovered_and_used(tmp_path: Path) -> None:
    package = f"folder_tools_{uuid.uuid4().hex[:8]}"
    folder = write_plugin_folder(
        tmp_path / "my-tools",
        {"entries": [f"{package}.Stamp"]},
        {
            f"{package}/__init__.py": """
                class Stamp:
                    name = "stamp"
                    def get_tool_schemas(self, state, *, prepared=None):
                        return [{
                            "type": "function",
                            "function": {"name": "stamp", "parameters": {"type": "object"}},
                            "annotations": {"readOnlyHint": True},
                        }]
                    def execute_tool(self, tool_name, payload, state, **kwargs):
                        return {"success": True, "result": "stamped"}
            """,
        },
    )
    paths = resolve_paths(tmp_path / "home")
    save_settings(
        Settings(plugin_folders=[str(folder)], tool_approvals={"stamp": "always"}),
        paths.settings_path,
    )
    app = AgentApplication(paths)  # plugins=None: real discovery
    try:
        record = app.plugins.catalog.get("stamp")
        assert record is not None
        assert record.ok
        assert record.source == f"folder {folder}"

        session = with_user_message(app.sessions.create_session(), "stamp it")
        events = await collect(app, session, [tool_turn(("stamp", {})), "Stamped."])
    finally:
        await app.aclose()

    [result] = of_type(events, "tool_result")
    assert result["message"]["content"] == "Result: stamped"


KEYED = """
    class KeyedPlugin:
        config_schema = {
            "api_key": {"type": "string"},
            "region": {"type": "string", "default": "eu"},
        }
        name = "weather-service"
        namespace = "weather"
        tools = [{"name": "weather__whoami", "description": "Who am I"}]
        starts = 0

        async def initialize(self, runtime):
            KeyedPlugin.starts += 1
            self.api_key = await runtime.secrets.retrieve("weather", "api_key")
            self.region = runtime.config.get("region")

        async def execute(self, tool_name, args):
            return {"api_key_present": self.api_key is not None, "region": self.region,
                    "starts": KeyedPlugin.starts}

        async def shutdown(self):
            pass
"""


async def test_an_agent_adapter_plugins_declared_settings_and_key_reach_it(tmp_path: Path) -> None:
    """Its page writes the default agent's `weather` block and the keyring; the plugin starts
    again with them at its next use, and its declared default is in effect from the start."""
    package = f"keyed_{uuid.uuid4().hex[:8]}"
    folder = write_plugin_folder(
        tmp_path / "keyed",
        {"entries": [f"{package}.KeyedPlugin"]},
        {f"{package}/__init__.py": KEYED},
    )
    paths = resolve_paths(tmp_path / "home")
    save_settings(
        Settings(plugin_folders=[str(folder)], tool_approvals={"weather__whoami": "always"}),
        paths.settings_path,
    )
    app = AgentApplication(paths)
    try:
        await app.astart()
        schema = {entry["key"]: entry for entry in app.agents.build_core().get_config_schema()}
        assert schema["weather.api_key"]["secret_name"] == secret_name("weather", "api_key")
        assert schema["weather.region"]["default"] == "eu"

        async def whoami() -> dict[str, Any]:
            session = with_user_message(app.sessions.create_session(), "who am I?")
            events = await collect(app, session, [tool_turn(("weather__whoami", {})), "Done."])
            [result] = of_type(events, "tool_result")
            return dict(json.loads(result["message"]["content"]))

        assert await whoami() == {"api_key_present": False, "region": "eu", "starts": 1}
        reference = "${keyring:" + secret_name("weather", "api_key") + "}"
        default_agent = app.config.agents["default"].model_dump(exclude_none=True)
        change = SettingsChange(
            agents={"default": {**default_agent, "weather": {"api_key": reference}}},
            secrets={secret_name("weather", "api_key"): "wx-key-4321"},
        )
        assert app.configuration.apply_settings_change(change).ok
        assert await whoami() == {"api_key_present": True, "region": "eu", "starts": 2}
        assert await whoami() == {"api_key_present": True, "region": "eu", "starts": 2}
        assert "wx-key-4321" not in paths.config_path.read_text(encoding="utf-8")
    finally:
        await app.aclose()
