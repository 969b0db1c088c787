"""Every plugin kind the platform knows, used through the window (issue 34).

An agent-adapter tool plugin that declares its configuration gets a settings page; the key
typed there is kept in the keyring and reaches the plugin through `runtime.secrets`.
"""

from __future__ import annotations

import json
import shutil
import sys
import uuid
from pathlib import Path
from typing import Any

import pydantic
import pytest
from PySide6.QtCore import Qt

from agent_app.paths import resolve_paths
from agent_app.settings import Settings, save_settings
from tests.journeys.test_settings import closed, go_to, open_settings, send, type_into
from tests.support.package_index_server import IndexContents, moon_plugin, package_index
from tests.support.plugin_fixtures import (
    bare_plugin_repository,
    tide_wheel,
    write_plugin_folder,
    write_wheel,
)
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

SHOTS = shots_folder("plugin-kinds")

KEYED_PLUGIN = """
    from agent_adapter_contracts.runtime import RuntimeAPI
    from agent_adapter_contracts.tool_plugins import ToolPlugin
    from agent_adapter_contracts.types import ToolDefinition


    class KeyedPlugin(ToolPlugin):
        display_name = "Weather service"
        config_schema = {
            "api_key": {"type": "string", "description": "Your weather service key."},
            "region": {"type": "string", "default": "eu"},
        }

        @property
        def name(self) -> str:
            return "weather-service"

        @property
        def namespace(self) -> str:
            return "weather"

        @property
        def tools(self) -> list[ToolDefinition]:
            return [ToolDefinition(name="weather__whoami", description="Who am I to the service")]

        async def initialize(self, runtime: RuntimeAPI) -> None:
            self.api_key = await runtime.secrets.retrieve("weather", "api_key")
            self.region = runtime.config.get("region")

        async def execute(self, tool_name: str, args: dict) -> dict:
            return {"api_key_present": self.api_key == "wx-key-4321", "region": self.region}
"""


def save_shot(journey: Any, name: str, widget: Any = None) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name, widget)


def test_an_agent_adapter_plugins_key_entered_on_its_page_reaches_the_tool(
    journey, data_dir: Path, tmp_path: Path
) -> None:
    package = f"weather_{uuid.uuid4().hex[:8]}"
    folder = write_plugin_folder(
        tmp_path / "weather-service",
        {"entries": [f"{package}.KeyedPlugin"]},
        {f"{package}/__init__.py": KEYED_PLUGIN},
    )
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_folders=[str(folder)]), paths.settings_path)
    script = [
        {"content": "", "tool_calls": [{"name": "weather__whoami", "arguments": {}}]},
        "The service knows you.",
    ]
    journey.write_config(
        {
            "providers": {"local": {"provider": "scripted", "script": script}},
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")

    dialog = open_settings(journey)
    go_to(journey, dialog, "Weather service")  # its own page, from its declared configuration
    type_into(journey, "Api key", "wx-key-4321")
    save_shot(journey, "agent-adapter-settings-page.png", dialog)
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    assert "wx-key-4321" not in paths.config_path.read_text(encoding="utf-8")

    send(journey, "Does the weather service know me?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")
    journey.wait_until(
        lambda: any(item.text == "The service knows you." for item in window.chat_model.items()),
        timeout=20,
    )
    [tool_row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    # The key came from the keyring (the plugin started again with it); the declared default
    # region was in effect though nothing set it.
    assert json.loads(tool_row.output) == {"api_key_present": True, "region": "eu"}


NODE_EXAMPLE = Path(__file__).resolve().parents[1] / "compat" / "plugin_folders" / "node-weather"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_node_tool_plugin_streams_two_parts_and_a_result_into_its_row(
    journey, data_dir: Path, tmp_path: Path
) -> None:
    folder = shutil.copytree(NODE_EXAMPLE, tmp_path / "node-weather")
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_folders=[str(folder)]), paths.settings_path)
    script = [
        {"content": "", "tool_calls": [{"name": "forecast", "arguments": {"city": "Oslo"}}]},
        "Sunny in Oslo tomorrow.",
    ]
    journey.write_config(
        {
            "providers": {"local": {"provider": "scripted", "script": script}},
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    send(journey, "Weather in Oslo tomorrow?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)  # as every tool
    journey.click("Allow once")

    def row() -> Any:
        rows = [item for item in window.chat_model.items() if item.kind == "tool"]
        return rows[0] if rows else None

    journey.wait_until(lambda: "Looking up Oslo…" in (row().output if row() else ""), timeout=20)
    journey.wait_until(lambda: "Reading the sky…" in row().output, timeout=20)
    assert row().state == "running"  # both parts showed before the result
    save_shot(journey, "node-tool-streaming.png")
    journey.wait_until(
        lambda: any(item.text == "Sunny in Oslo tomorrow." for item in window.chat_model.items()),
        timeout=20,
    )
    assert json.loads(row().output) == {
        "city": "Oslo",
        "sky": "sunny",
        "units": "metric",
        "calls": 1,
    }
    save_shot(journey, "node-tool-result.png")


SCRIPTED_AGENT = {"agents": {"default": {"label": "Default", "provider": "local"}}}


def scripted(journey: Any, script: list[Any]) -> None:
    journey.write_config(
        {"providers": {"local": {"provider": "scripted", "script": script}}, **SCRIPTED_AGENT}
    )


def install_from_settings(journey: Any, text: str, shot: str = "") -> Any:
    """Settings → Plugins: type `text` into the field and press Install; returns the dialog
    once the outcome is said."""
    dialog = open_settings(journey)
    go_to(journey, dialog, "Plugins")
    outcome = dialog.plugins.installer.outcome
    if shot:
        save_shot(journey, f"{shot}-before.png", dialog)
    type_into(journey, "Plugin to install", text)
    journey.click("Install")
    journey.wait_until(lambda: outcome.isVisible() and not outcome.text().endswith("…"), 30)
    if shot:
        save_shot(journey, f"{shot}-after.png", dialog)
    return dialog


def answered_with(journey: Any, window: Any, text: str) -> None:
    journey.wait_until(
        lambda: any(item.text == text for item in window.chat_model.items()), timeout=20
    )


@pytest.fixture
def own_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


@pytest.mark.usefixtures("own_import_path")
def test_a_wheel_installed_from_settings_gets_its_page_and_its_key_reaches_the_tool(
    journey, tmp_path: Path
) -> None:
    wheel, _package = tide_wheel(tmp_path / "dist", requires=["pydantic>=2"])
    scripted(journey, [tool_turn_of("tide__next"), "High tide at 14:05."])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")

    dialog = install_from_settings(journey, str(wheel), shot="plugin-manager")
    assert dialog.plugins.installer.outcome.text().startswith("Installed tide-")
    assert "by Plugin Author: it adds tide-tables" in dialog.plugins.installer.outcome.text()
    journey.click("Cancel")  # the install is done; nothing else was changed
    journey.wait_until(lambda: closed(dialog))

    dialog = open_settings(journey)
    go_to(journey, dialog, "Tide tables")  # its page, from its declared configuration
    type_into(journey, "Api key", "tide-key-1")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    assert "tide-key-1" not in journey.app.paths.config_path.read_text(encoding="utf-8")

    send(journey, "When is high tide?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")
    answered_with(journey, window, "High tide at 14:05.")
    [row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert json.loads(row.output) == {"high_tide": "14:05", "api_key_present": True}


@pytest.mark.usefixtures("own_import_path")
def test_a_wheel_pinning_an_incompatible_pydantic_is_refused_and_the_app_still_starts(
    journey, tmp_path: Path
) -> None:
    wheel, _package = tide_wheel(tmp_path / "dist", requires=["pydantic<2"])
    scripted(journey, ["Hello."])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    dialog = install_from_settings(journey, str(wheel))
    said = dialog.plugins.installer.outcome.text()
    assert f"it needs pydantic<2, and the app runs pydantic {pydantic.VERSION}" in said
    save_shot(journey, "plugin-manager-refused.png", dialog)
    journey.click("Cancel")
    journey.wait_until(lambda: closed(dialog))

    window = journey.restart()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    assert journey.app.plugins.catalog.get("tide-tables") is None
    send(journey, "Still there?")
    answered_with(journey, window, "Hello.")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.usefixtures("own_import_path")
def test_a_git_source_added_in_settings_runs_from_the_cache_after_a_restart(
    journey, tmp_path: Path
) -> None:
    bare = bare_plugin_repository(tmp_path)
    scripted(journey, [tool_turn_of("greet"), "Greeted."])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    source = f"git+file://{bare}"
    dialog = install_from_settings(journey, source)
    assert dialog.plugins.installer.outcome.text() == (
        f"Added the plugin source {source}: it is saved when you press OK and loads at the "
        "next start."
    )
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))

    window = journey.restart()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    record = journey.app.plugins.catalog.get("sourced")
    assert record is not None
    assert record.ok, record.error
    assert ", cached in " in record.source
    send(journey, "Greet me")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")
    answered_with(journey, window, "Greeted.")
    [row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert row.output == "Result: hello from the helper"


def tool_turn_of(name: str) -> dict[str, Any]:
    return {"content": "", "tool_calls": [{"name": name, "arguments": {}}]}


def test_a_plugin_source_is_written_only_on_ok_and_a_folder_without_a_plugin_is_refused(
    journey, tmp_path: Path
) -> None:
    scripted(journey, ["Hello."])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    config_path = journey.app.paths.config_path
    config_before = config_path.read_text(encoding="utf-8")

    empty = tmp_path / "not-a-plugin"
    empty.mkdir()
    dialog = install_from_settings(journey, f"path:{empty}")
    said = dialog.plugins.installer.outcome.text()
    assert f"{empty} is not a plugin folder" in said
    assert "agent_plugin.json" in said

    folder = write_plugin_folder(tmp_path / "greeter", {"name": "greeter", "version": "1.0"})
    type_into(journey, "Plugin to install", f"path:{folder}")
    journey.click("Install")
    outcome = dialog.plugins.installer.outcome
    journey.wait_until(lambda: outcome.text().startswith("Added the plugin source"), 30)
    journey.click("Cancel")
    journey.wait_until(lambda: closed(dialog))
    assert config_path.read_text(encoding="utf-8") == config_before  # Cancel wrote nothing

    dialog = install_from_settings(journey, f"path:{folder}")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    assert json.loads(config_path.read_text(encoding="utf-8"))["plugins"] == [f"path:{folder}"]


def start_with_index(journey: Any, data_dir: Path, index_url: str, answer: str) -> Any:
    """Start the window with plugins installed by name from `index_url`, and a model that
    calls moon__phase, then answers `answer`."""
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_index_url=index_url), paths.settings_path)
    scripted(journey, [tool_turn_of("moon__phase"), answer])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    return window


@pytest.mark.usefixtures("own_import_path")
def test_a_plugin_installed_by_its_package_name_from_settings_runs(
    journey, data_dir: Path, tmp_path: Path
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    with package_index(contents) as index_url:
        window = start_with_index(journey, data_dir, index_url, "The moon is waxing.")

        dialog = install_from_settings(journey, plugin.name, shot="plugin-manager-by-name")
        assert dialog.plugins.installer.outcome.text() == (
            f"Installed {plugin.name} 0.4.0 by Plugin Author: it adds moon-tides. Its settings "
            "show the next time Settings opens."
        )
        actions = dialog.plugins.plugin_actions  # the plugin just installed is the one chosen
        journey.wait_until(lambda: "moon__phase — Today's moon" in actions.details.toPlainText())
        assert actions.current == "moon-tides"
        assert row_text(dialog, "Moon tides", 3) == "on"  # it runs from now on
        journey.click("Cancel")
        journey.wait_until(lambda: closed(dialog))
    send(journey, "What is the moon doing?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")
    answered_with(journey, window, "The moon is waxing.")
    [row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert json.loads(row.output) == {"phase": "waxing", "maths": "2.0"}  # its dependency too


def choose_plugin_row(journey: Any, dialog: Any, title: str) -> None:
    """Click the row of the plugin called `title` in Settings → Plugins and wait for its
    details."""
    tree = dialog.plugins.tree
    [item] = [
        tree.topLevelItem(row)
        for row in range(tree.topLevelItemCount())
        if tree.topLevelItem(row).text(0) == title
    ]
    journey.act(lambda: tree.scrollToItem(item))
    journey.act(
        lambda: journey.qtbot.mouseClick(
            tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center()
        )
    )
    assert dialog.plugins.plugin_actions.current == item.data(0, Qt.ItemDataRole.UserRole)
    details = dialog.plugins.plugin_actions.details
    journey.wait_until(lambda: not details.toPlainText().startswith("Reading what"), 30)


def row_text(dialog: Any, title: str, column: int) -> str | None:
    tree = dialog.plugins.tree
    for row in range(tree.topLevelItemCount()):
        if tree.topLevelItem(row).text(0) == title:
            return str(tree.topLevelItem(row).text(column))
    return None


def tool_row_output(journey: Any, window: Any, text: str) -> str:
    send(journey, text)
    journey.wait_until(
        lambda: any(item.kind == "tool" and item.output for item in window.chat_model.items()[-3:]),
        timeout=20,
    )
    return str([item for item in window.chat_model.items() if item.kind == "tool"][-1].output)


@pytest.mark.usefixtures("own_import_path")
def test_a_wheel_is_shown_before_installing_and_a_disabled_plugins_tool_is_gone(
    journey, tmp_path: Path
) -> None:
    wheel, package = tide_wheel(tmp_path / "dist")
    scripted(
        journey,
        [tool_turn_of("tide__next"), "Checked.", tool_turn_of("tide__next"), "Checked again."],
    )
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    dialog = open_settings(journey)
    go_to(journey, dialog, "Plugins")
    type_into(journey, "Plugin to install", str(wheel))
    journey.click("Details")
    details = dialog.plugins.plugin_actions.details
    journey.wait_until(lambda: "Tools it adds:" in details.toPlainText(), 30)
    shown = details.toPlainText()
    assert "Tide tables — agent-adapter tool plugin, version 1.2.0, by Plugin Author" in shown
    assert "tide__next — The next high tide" in shown
    assert "tide.api_key (secret, kept in the keyring)" in shown
    assert package not in sys.modules  # described by a probe process, not run here
    save_shot(journey, "plugin-details-before-install.png", dialog)
    journey.click("Install")
    outcome = dialog.plugins.installer.outcome
    journey.wait_until(lambda: outcome.text().startswith("Installed"), 30)

    choose_plugin_row(journey, dialog, "Tide tables")
    journey.click("Disable")
    assert row_text(dialog, "Tide tables", 3) == "off"
    assert dialog.plugins.plugin_actions.outcome.text() == (
        "Tide tables is turned off for every agent when you press OK: its tools are gone from "
        "the next request."
    )
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    said = tool_row_output(journey, window, "Tide?")
    assert "there is no tool named 'tide__next'" in said  # gone from the request
    assert not journey.has_widget("Allow once")

    dialog = open_settings(journey)
    go_to(journey, dialog, "Plugins")
    assert row_text(dialog, "Tide tables", 3) == "off"
    choose_plugin_row(journey, dialog, "Tide tables")
    journey.click("Enable")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    send(journey, "Tide now?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)  # offered again
    journey.click("Allow once")
    answered_with(journey, window, "Checked again.")


@pytest.mark.usefixtures("own_import_path")
def test_a_plugin_from_the_index_is_updated_and_then_removed_after_confirming(
    journey, data_dir: Path, tmp_path: Path
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    with package_index(contents) as index_url:
        window = start_with_index(journey, data_dir, index_url, "Gone.")
        dialog = install_from_settings(journey, plugin.name)
        assert dialog.plugins.installer.outcome.text().startswith("Installed")
        contents.add(
            write_wheel(
                tmp_path / "dist",
                plugin.name,
                "0.5.0",
                {f"{plugin.package}/__init__.py": "class MoonPlugin:\n    pass\n"},
                {"agent_adapter.tool_plugins": {"moon": f"{plugin.package}:MoonPlugin"}},
            )
        )
        choose_plugin_row(journey, dialog, "Moon tides")
        assert "moon__phase — Today's moon" in dialog.plugins.plugin_actions.details.toPlainText()
        save_shot(journey, "plugin-manager-chosen-plugin.png", dialog)
        journey.click("Update")
        said = dialog.plugins.plugin_actions.outcome
        journey.wait_until(lambda: said.text().startswith("Updated"), 30)
        assert said.text() == f"Updated {plugin.name} to 0.5.0: it runs from the next start."

    journey.click("Remove…")
    journey.wait_until(lambda: dialog.plugins.plugin_actions.confirmation is not None)
    question = dialog.plugins.plugin_actions.confirmation
    assert question.text() == "Remove Moon tides?"
    save_shot(journey, "plugin-remove-confirmation.png", question)
    journey.click("Remove")
    journey.wait_until(lambda: said.text().startswith("Removed"), 30)
    assert said.text() == f"Removed {plugin.name}: its tools are gone."
    assert row_text(dialog, "Moon tides", 0) is None
    assert not dialog.plugins.plugin_actions.switch_button.isEnabled()  # nothing chosen now
    journey.click("Cancel")
    journey.wait_until(lambda: closed(dialog))
    assert "there is no tool named 'moon__phase'" in tool_row_output(journey, window, "Moon?")
    assert not (journey.app.paths.data_dir / "plugin-env" / plugin.package).exists()


NODE_ACCOUNT = """
    // A Node tool plugin whose descriptor declares its settings: a secret key and a greeting.
    export function init({ config }) {
      return { value: null, state: { key: config.api_key ?? null, greeting: config.greeting } };
    }

    export function get_tool_schemas() {
      return [{ name: "account", description: "Who the service thinks you are" }];
    }

    export function execute_tool({ state }) {
      const hint = state.key ? state.key.slice(-4) : null;
      return { value: { signed_in: state.key !== null, key_hint: hint, greeting: state.greeting } };
    }
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_a_node_tool_plugins_declared_settings_page_hands_its_key_to_init(
    journey, data_dir: Path, tmp_path: Path
) -> None:
    folder = write_plugin_folder(
        tmp_path / "node-account",
        {
            "entries": ["account.mjs"],
            "version": "0.2.0",
            "config": {
                "api_key": {"type": "string", "secret": True, "description": "Your account key."},
                "greeting": {"type": "string", "default": "Hello", "description": "How it greets."},
            },
        },
        {"account.mjs": NODE_ACCOUNT},
        source_root="",
    )
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_folders=[str(folder)]), paths.settings_path)
    scripted(journey, [tool_turn_of("account"), "You are signed in."])
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")

    dialog = open_settings(journey)
    go_to(journey, dialog, "Account")  # its page, from its descriptor's declared settings
    assert journey.has_widget("Greeting")
    type_into(journey, "Api key", "acct-key-4321")
    save_shot(journey, "node-plugin-settings-page.png", dialog)
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    assert "acct-key-4321" not in paths.config_path.read_text(encoding="utf-8")

    send(journey, "Am I signed in?")
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")
    answered_with(journey, window, "You are signed in.")
    [row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    # The key came from the keyring at init({config}); the declared greeting was in effect.
    assert json.loads(row.output) == {"signed_in": True, "key_hint": "4321", "greeting": "Hello"}
