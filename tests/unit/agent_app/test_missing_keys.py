"""A provider key that is not stored (kept for one past session only): what the agent's plugins
declare is still listed, and entering the key again is announced to what uses the provider."""

from __future__ import annotations

import pytest

from agent_app.application import AgentApplication
from agent_app.config import ConfigError, ProviderConfig
from agent_app.settings_changes import SettingsChange
from agent_app.settings_events import SettingsChanged, sections_of_secrets
from compaction_feature import CompactionFeature
from openai_provider import OpenAICompatibleProvider

KEY_NAME = "providers.local.api_key"


@pytest.fixture
def app():
    application = AgentApplication(plugins=[OpenAICompatibleProvider, CompactionFeature])
    application.config.providers["local"] = ProviderConfig(
        provider="openai_compatible",
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key="${keyring:" + KEY_NAME + "}",
    )
    application.config.agents["default"].provider = "local"
    application.configuration.save_config()
    yield application
    application.close()


async def test_the_session_actions_are_listed_without_the_key(app):
    with pytest.raises(ConfigError, match="not stored"):  # a request would say so
        app.resolve_request_config(app.build_agent_config("default"))
    described = await app.plugin_queries.describe_agent("default")
    listed = {action["id"] for action in described.actions}
    assert {"compact_full", "compact_range", "undo_compaction"} <= listed
    shown = {
        element.get("action_id")
        for element in described.ui_schema
        if element.get("ui_type") == "session_action"
    }
    assert {"compact_full", "undo_compaction"} <= shown


def test_a_key_entered_again_under_the_same_reference_is_announced(app):
    heard: list[SettingsChanged] = []
    app.configuration.settings_events.subscribe(heard.append, ["providers"])
    entry = app.config.providers["local"].model_dump(exclude_none=True)
    result = app.configuration.apply_settings_change(
        SettingsChange(providers={"local": entry}, secrets={KEY_NAME: "sk-again-1234"})
    )
    assert result.ok
    # The config file is the same; the provider's effective key is not.
    assert [change.keys for change in heard] == [frozenset({"providers"})]
    assert app.resolve_request_config(app.build_agent_config("default"))["api_key"] == (
        "sk-again-1234"
    )


def test_secret_names_map_to_their_config_sections():
    names = [KEY_NAME, "mcp_servers.gh.env.GITHUB_TOKEN", "oauth.something"]
    assert sections_of_secrets(names) == frozenset({"providers", "mcp_servers"})
