"""The plugin manager's view of a plugin before it runs, and what it does after: describe (in
a probe process), disable for every agent, update from where it came from, remove. Real wheels,
a real loopback package index, real probe processes and the real tool loop."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from tests.support.package_index_server import IndexContents, moon_plugin, package_index
from tests.support.plugin_fixtures import tide_wheel, write_wheel
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.plugin_installs import InstallRefused
from agent_app.settings import Settings, save_settings
from agent_app.settings_changes import SettingsChange

NODE_EXAMPLE = Path(__file__).resolve().parents[1] / "compat" / "plugin_folders" / "node-weather"


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


def scripted_config(paths, script: list) -> None:
    paths.ensure_exist()
    paths.config_path.write_text(
        json.dumps(
            {
                "providers": {"local": {"provider": "scripted", "script": script}},
                "agents": {"default": {"provider": "local"}},
            }
        )
    )


def test_a_wheel_is_described_before_it_is_installed_without_running_it_here(
    tmp_path: Path,
) -> None:
    wheel, package = tide_wheel(tmp_path / "dist")
    app = AgentApplication(resolve_paths(tmp_path / "home"))
    try:
        described = app.plugin_manager.describe(str(wheel))
    finally:
        app.close()
    assert package not in sys.modules  # its code ran in the probe only
    assert (described.name, described.version, described.author) == (
        package.replace("_", "-"),
        "1.2.0",
        "Plugin Author",
    )
    assert described.problems == []
    [plugin] = described.plugins
    assert plugin["name"] == "tide-tables"
    assert plugin["flavour"] == "agent-adapter tool"
    assert plugin["tools"] == [{"name": "tide__next", "description": "The next high tide"}]
    [setting] = plugin["settings"]
    assert setting["key"] == "tide.api_key"
    assert setting["secret"] is True


def test_a_plugin_that_ends_the_process_when_imported_is_described_as_a_failure(
    tmp_path: Path,
) -> None:
    wheel = write_wheel(
        tmp_path / "dist",
        "exits-at-import",
        "0.1",
        {"exits_at_import/__init__.py": "import os\nos._exit(3)\n"},
        {"agent_core.plugins": {"exits": "exits_at_import:Plugin"}},
    )
    app = AgentApplication(resolve_paths(tmp_path / "home"))
    try:
        with pytest.raises(InstallRefused, match="what the plugin is could not be read"):
            app.plugin_manager.describe(str(wheel))
        assert app.plugins.loaded_names()  # the app goes on
    finally:
        app.close()


def test_a_package_on_the_index_is_described_with_what_it_needs(tmp_path: Path) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    paths = resolve_paths(tmp_path / "home")
    with package_index(contents) as index_url:
        paths.ensure_exist()
        save_settings(Settings(plugin_index_url=index_url), paths.settings_path)
        app = AgentApplication(paths)
        try:
            described = app.plugin_manager.describe(plugin.name)
        finally:
            app.close()
    assert described.problems == []  # its dependency comes with it
    [moon] = described.plugins
    assert moon["error"] is None
    assert moon["tools"] == [{"name": "moon__phase", "description": "Today's moon"}]
    assert app.plugin_manager.environment.installed() == {}  # described, not installed


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_node_tool_plugin_folder_is_described_with_its_tools_and_settings(
    tmp_path: Path,
) -> None:
    folder = shutil.copytree(NODE_EXAMPLE, tmp_path / "node-weather")
    app = AgentApplication(resolve_paths(tmp_path / "home"))
    try:
        described = app.plugin_manager.describe(f"path:{folder}")
    finally:
        app.close()
    [weather] = described.plugins
    assert weather["flavour"] == "Node tool"
    assert [tool["name"] for tool in weather["tools"]] == ["forecast"]


async def test_a_plugin_disabled_for_every_agent_offers_no_tools_from_the_next_request(
    tmp_path: Path,
) -> None:
    wheel, _package = tide_wheel(tmp_path / "dist")
    paths = resolve_paths(tmp_path / "home")
    scripted_config(paths, ["Fine."])
    app = AgentApplication(paths)
    try:
        app.plugin_manager.install_wheel(wheel)
        app.set_approval_handler(ApprovalDesk("allow_once"))
        session = with_user_message(app.sessions.create_session(), "tide?")
        events = await collect(app, session, [tool_turn(("tide__next", {})), "At 14:05."])
        assert of_type(events, "tool_result")
        result = app.configuration.apply_settings_change(
            SettingsChange(disabled_plugins=["tide-tables"])
        )
        assert result.ok, result.problems
        core = app.agents.build_core()
        config = app.agents.build_agent_config()
        tools = [schema["function"]["name"] for schema in core.get_tool_schemas(config)]
        assert "tide__next" not in tools
        assert json.loads(paths.config_path.read_text())["disabled_plugins"] == ["tide-tables"]
        app.configuration.apply_settings_change(SettingsChange(disabled_plugins=[]))
        config = app.agents.build_agent_config()
        tools = [schema["function"]["name"] for schema in core.get_tool_schemas(config)]
        assert "tide__next" in tools
        assert "disabled_plugins" not in json.loads(paths.config_path.read_text())
    finally:
        await app.aclose()


async def test_update_fetches_the_newest_version_and_remove_takes_the_tools_away_at_once(
    tmp_path: Path,
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    paths = resolve_paths(tmp_path / "home")
    scripted_config(paths, ["Fine."])
    with package_index(contents) as index_url:
        save_settings(Settings(plugin_index_url=index_url), paths.settings_path)
        app = AgentApplication(paths)
        try:
            app.plugin_manager.install_package(plugin.name)
            with pytest.raises(InstallRefused, match="part of the app"):
                app.plugin_manager.update("file-tools")
            newer = write_wheel(
                tmp_path / "dist",
                plugin.name,
                "0.5.0",
                {f"{plugin.package}/__init__.py": "class MoonPlugin:\n    pass\n"},
                {"agent_adapter.tool_plugins": {"moon": f"{plugin.package}:MoonPlugin"}},
            )
            contents.add(newer)
            assert app.plugin_manager.update("moon-tides").version == "0.5.0"
            entry = app.plugin_manager.environment.entry(plugin.name)
            assert entry is not None
            assert entry["version"] == "0.5.0"

            assert app.plugin_manager.remove("moon-tides") == plugin.name
            assert app.plugins.catalog.get("moon-tides") is None
            core = app.agents.build_core()
            tools = core.get_tool_schemas(app.agents.build_agent_config())
            assert "moon__phase" not in [schema["function"]["name"] for schema in tools]
        finally:
            await app.aclose()


def test_update_of_a_wheel_file_that_is_gone_says_so(tmp_path: Path) -> None:
    wheel, _package = tide_wheel(tmp_path / "dist")
    app = AgentApplication(resolve_paths(tmp_path / "home"))
    try:
        app.plugin_manager.install_wheel(wheel)
        os.remove(wheel)
        with pytest.raises(InstallRefused, match="a wheel file that is no longer there"):
            app.plugin_manager.update("tide-tables")
    finally:
        app.close()
