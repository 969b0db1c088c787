"""A plugin written exactly as the spec documents it, used through the window.

The agent-adapter "Interface" example (agent-adapter-tool-plugins.md), unchanged, sits in a plugin
folder with its agent_plugin.json; the user has that folder in their settings. The app starts it
once (`initialize`) and the model's call to `mytool__search` is approved in the window and runs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from agent_app.paths import resolve_paths
from agent_app.settings import Settings, save_settings
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

EXAMPLE_FOLDER = (
    Path(__file__).resolve().parents[1] / "compat" / "plugin_folders" / "my-tool-plugin"
)
SHOTS = shots_folder("19")
SCRIPT = [
    {"content": "", "tool_calls": [{"name": "mytool__search", "arguments": {"query": "pricing"}}]},
    "The knowledge base has an entry on pricing.",
]


def save_shot(journey, name: str) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name)


def test_the_spec_tool_plugin_from_a_folder_works_through_the_window(journey, data_dir, tmp_path):
    folder = shutil.copytree(EXAMPLE_FOLDER, tmp_path / "my-tool-plugin")
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_folders=[str(folder)]), paths.settings_path)
    journey.write_config(
        {
            "providers": {"local": {"provider": "scripted", "script": SCRIPT}},
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    adapter = journey.app.plugins.instance("my-tool-plugin")
    assert adapter is not None, journey.app.notices
    # Started once at start-up, in the background: the plugin's tools are listed after that.
    journey.wait_until(lambda: adapter.registry.list_plugins()[0]["initialized"])
    assert [tool.name for tool in adapter.registry.to_tool_definitions()] == ["mytool__search"]

    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text("What do we know about pricing?", composer)
    journey.press(Qt.Key.Key_Return, widget=composer)
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    save_shot(journey, "approval.png")
    journey.click("Allow once")

    def answered() -> bool:
        return any(
            item.text == "The knowledge base has an entry on pricing."
            for item in window.chat_model.items()
        )

    journey.wait_until(answered, timeout=20)
    save_shot(journey, "answered.png")
    [tool_row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert json.loads(tool_row.output) == {"results": ["Ellipsis"]}
    stored = journey.app.sessions.load_session(window.session.session_id).messages
    assert [message.role for message in stored] == ["user", "assistant", "tool", "assistant"]


SUMMARY_FOLDER = EXAMPLE_FOLDER.parent / "summarize-feature"


def test_a_spec_feature_switches_agent_and_runs_the_tool_loop_from_the_header(
    journey, data_dir, tmp_path
):
    """feature-plugins.md's `app.send_request(core, session, config, {}, stream=False)`,
    triggered from the window's session action button, runs the summarizer agent's tool loop."""
    folder = shutil.copytree(SUMMARY_FOLDER, tmp_path / "summarize-feature")
    paths = resolve_paths(data_dir)
    paths.ensure_exist()
    save_settings(Settings(plugin_folders=[str(folder)]), paths.settings_path)
    summarizer_script = [
        {"content": "", "tool_calls": [{"name": "think", "arguments": {"thought": "Be short."}}]},
        {"content": "", "tool_calls": [{"name": "stamp", "arguments": {}}]},
        "Pricing is per seat.",
    ]
    journey.write_config(
        {
            "providers": {"local": {"provider": "scripted"}},
            "agents": {
                "default": {
                    "label": "Default",
                    "provider": "local",
                    "summarization": {"agent_id": "summarizer"},
                    "parameters": {"script": ["Seats cost 10 each; teams get a discount."]},
                },
                "summarizer": {
                    "label": "Summarizer",
                    "provider": "local",
                    "parameters": {"script": summarizer_script},
                },
            },
        }
    )
    window = journey.start()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text("How is pricing done?", composer)
    journey.press(Qt.Key.Key_Return, widget=composer)
    journey.wait_until(
        lambda: any("Seats cost 10" in item.text for item in window.chat_model.items()),
        timeout=20,
    )
    # The answer shows before its turn has ended; an action started meanwhile is refused.
    journey.wait_until(lambda: window.state_label.text() == "Ready")

    # From the header's Actions menu, where the plugins' session actions are.
    [summarize] = [
        action
        for action in window.column.plugin_actions_menu.actions()
        if action.text() == "Summarize with agent"
    ]
    journey.act(summarize.trigger)
    # The summarizer's `stamp` call needs the user's yes: the prompt is usable during the action.
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=30)
    save_shot(journey, "approval-during-action.png")
    journey.click("Allow once")

    journey.wait_until(
        lambda: (
            [item.text for item in window.chat_model.items()] == ["Summary: Pricing is per seat."]
        ),
        timeout=30,
    )
    save_shot(journey, "summarized.png")
    stored = journey.app.sessions.load_session(window.session.session_id).messages
    assert [message.content for message in stored] == ["Summary: Pricing is per seat."]
