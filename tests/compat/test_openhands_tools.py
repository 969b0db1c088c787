"""openhands-tool-model.md and the SDK's custom-tool guide, run as written against Agent
Desktop's copy of the tool model: the tool's name from its class, the Responses-API conversion,
`visualize` as Rich Text, and the tool running through the application's tool loop."""

from __future__ import annotations

import importlib
import json
import uuid
from pathlib import Path

import pytest
from rich.text import Text

from agent_app.adapters.openhands import FinishTool, OpenHandsToolPlugin, ThinkTool
from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import discover_plugins
from agent_app.settings import Settings
from scripted_provider import ScriptedProvider
from tests.compat.openhands_tool import OUR_COPY_IMPORTS, write_grep_plugin_folder
from tests.support.tool_loop_harness import ApprovalDesk, script_overrides, tool_turn
from tests.support.tool_loop_harness import with_user_message as with_user_text


@pytest.fixture
def grep_plugin(tmp_path: Path):
    package = f"guide_grep_{uuid.uuid4().hex[:8]}"
    folder = write_grep_plugin_folder(tmp_path / "grep-plugin", OUR_COPY_IMPORTS, package)
    record = discover_plugins(resolve_paths(), Settings(plugin_folders=[str(folder)])).get(
        "GrepTool"
    )
    assert record is not None
    assert record.ok, record.error
    return record.plugin, importlib.import_module(f"{package}.grep_tool")


def test_the_guides_tool_is_named_from_its_class(grep_plugin):
    plugin, module = grep_plugin

    assert isinstance(plugin, OpenHandsToolPlugin)
    assert module.GrepTool.name == "grep"  # set from the class name, as the SDK does
    [tool] = plugin.tools.values()
    assert tool.name == "grep"
    assert [s["function"]["name"] for s in plugin.get_tool_schemas({})] == ["grep"]
    assert FinishTool.name == "finish"
    assert ThinkTool.name == "think"


def test_a_name_passed_to_the_constructor_names_that_instance(grep_plugin):
    _, module = grep_plugin

    renamed = module.GrepTool(name="search_code", description="d", action_type=module.GrepAction)

    assert renamed.name == "search_code"
    assert renamed.to_openai_tool()["function"]["name"] == "search_code"
    assert module.GrepTool.name == "grep"


def test_responses_api_conversion(grep_plugin):
    plugin, _module = grep_plugin
    [tool] = plugin.tools.values()

    converted = tool.to_responses_tool()

    assert converted["type"] == "function"
    assert converted["name"] == "grep"
    assert converted["description"].startswith("Fast content search tool.")
    assert converted["parameters"]["required"] == ["pattern"]
    assert set(converted["parameters"]["properties"]) == {"pattern", "path", "include"}
    assert converted["strict"] is False


def test_visualize_is_rich_text(grep_plugin):
    _, module = grep_plugin

    action = module.GrepAction(pattern="TODO", path="src")
    observation = module.GrepObservation(matches=["a.py:1:TODO"], files=["a.py"], count=1)

    assert isinstance(action.visualize, Text)
    assert action.visualize.plain == "pattern: TODO\npath: src\ninclude: None"
    assert isinstance(observation.visualize, Text)
    assert observation.visualize.plain.startswith("Found 1 matching lines.")


async def test_the_guides_tool_runs_through_the_tool_loop(make_app, grep_plugin, tmp_path):
    plugin, _ = grep_plugin
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.txt").write_text("hay\nneedle here\nhay\n", encoding="utf-8")
    app = make_app(ScriptedProvider, plugin)
    app.set_approval_handler(ApprovalDesk("allow_once"))
    session = with_user_text(app.sessions.create_session(), "find the needle")
    call = ("grep", {"pattern": "needle", "path": str(tmp_path / "docs")})

    events = [
        e async for e in app.send_request(session, script_overrides([tool_turn(call), "Found."]))
    ]

    [result] = [e["message"] for e in events if e["type"] == "tool_result"]
    assert result["metadata"]["is_error"] is False
    assert result["content"].startswith("Found 1 matching lines.")
    assert "needle here" in result["content"]
    assert json.dumps(result)  # stored as plain JSON
