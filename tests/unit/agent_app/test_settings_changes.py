"""Configuration.apply_settings_change: only what changed is checked, all or nothing."""

from __future__ import annotations

import json

import keyring
import pytest
from tests.support.keyring_backend import MemoryKeyring
from tests.support.refusing_keyring import RefusingKeyring

from agent_app.application import AgentApplication
from agent_app.config import ProviderConfig
from agent_app.secrets import KEYRING, SESSION, SecretStore
from agent_app.settings_changes import ApplyResult, SettingsChange
from anthropic_provider import AnthropicProvider
from openai_provider import OpenAICompatibleProvider


@pytest.fixture
def app():
    application = AgentApplication(plugins=[OpenAICompatibleProvider, AnthropicProvider])
    application.config.providers["local"] = ProviderConfig(
        provider="openai_compatible", base_url="http://127.0.0.1:9/v1", model="m"
    )
    application.config.providers["claude"] = ProviderConfig(provider="anthropic")
    application.config.agents["default"].provider = "local"
    application.configuration.save_config()
    yield application
    application.close()


def saved_config(app) -> dict:
    return json.loads(app.paths.config_path.read_text(encoding="utf-8"))


def test_an_unused_provider_missing_its_required_key_never_blocks_the_theme(app):
    # "claude" has no api_key (Anthropic requires one) but no agent uses it.
    result = app.configuration.apply_settings_change(SettingsChange(settings={"theme": "dark"}))
    assert result.ok, result.problems
    assert app.settings.theme == "dark"
    assert json.loads(app.paths.settings_path.read_text())["theme"] == "dark"


def test_a_used_provider_missing_a_required_value_is_reported_on_its_field(app):
    agent = app.config.agents["default"].model_dump(exclude_none=True)
    change = SettingsChange(agents={"default": {**agent, "provider": "claude"}})
    before = app.paths.config_path.read_bytes()
    result = app.configuration.apply_settings_change(change)
    assert list(result.problems) == ["providers.claude.api_key"]
    assert "Default" in result.problems["providers.claude.api_key"]
    assert app.paths.config_path.read_bytes() == before
    assert app.config.agents["default"].provider == "local"


def test_bad_values_come_back_per_field_and_nothing_is_written(app):
    before = app.paths.config_path.read_bytes()
    result = app.configuration.apply_settings_change(
        SettingsChange(
            settings={"max_tool_iterations": 0},
            providers={"local": {"provider": "openai_compatible", "timeout": "soon"}},
            secrets={"providers.local.api_key": "sk-never-stored-123"},
        )
    )
    assert set(result.problems) == {"settings.max_tool_iterations", "providers.local.timeout"}
    assert app.paths.config_path.read_bytes() == before
    assert app.secrets.get("providers.local.api_key") is None


def test_a_server_address_that_is_no_address_is_refused_on_its_field(app):
    """ "htp:/bad url" was saved and failed only as "could not be reached" in a chat."""
    before = app.paths.config_path.read_bytes()
    for bad in ("htp:/bad url", "localhost:1234/v1", "http://", "http://my host/v1"):
        change = SettingsChange(
            providers={"local": {"provider": "openai_compatible", "base_url": bad}}
        )
        result = app.configuration.apply_settings_change(change)
        assert list(result.problems) == ["providers.local.base_url"], bad
        assert result.problems["providers.local.base_url"].startswith("Not a server address: ")
    assert app.paths.config_path.read_bytes() == before
    for good in (
        "https://api.example.com/v1",
        " http://127.0.0.1:1234/v1 ",
        "${env:LOCAL_URL}",
        "",
    ):
        change = SettingsChange(
            providers={"local": {"provider": "openai_compatible", "base_url": good, "model": "m"}}
        )
        assert app.configuration.apply_settings_change(change).ok, good
    assert app.config.providers["local"].base_url == ""


@pytest.mark.parametrize(
    ("label", "named"),
    [("", "“local”"), ("Work server", "“Work server”")],
    ids=["by its id when it has no name", "by its name"],
)
def test_a_key_kept_for_the_session_is_named_in_words_when_only_the_key_changed(app, label, named):
    app.config.providers["local"].label = label
    change = SettingsChange(
        secrets={"providers.local.api_key": "sk-session-only-123"},
        session_only_secrets={"providers.local.api_key"},
    )
    result = app.configuration.apply_settings_change(change)
    assert result.ok, result.problems
    (notice,) = result.notices
    assert notice.startswith(f"Kept for this session only, not stored: the API key of {named} (")
    assert "providers.local.api_key" not in notice


def test_a_failed_write_rolls_back_secrets_and_the_settings_file(app):
    app.configuration.save_settings()
    settings_before = app.paths.settings_path.read_bytes()
    # A folder where the config file should be: the config write fails after the settings one.
    app.paths.config_path.unlink()
    app.paths.config_path.mkdir()
    result = app.configuration.apply_settings_change(
        SettingsChange(
            settings={"theme": "light"}, secrets={"providers.local.api_key": "sk-abc-1234"}
        )
    )
    assert "could not be saved" in result.problems[""]
    assert app.paths.settings_path.read_bytes() == settings_before
    assert app.settings.theme == "system"
    assert app.secrets.get("providers.local.api_key") is None


def test_a_change_takes_effect_and_is_announced_only_when_finished(app, memory_keyring):
    heard = []
    app.configuration.settings_events.subscribe(heard.append)
    prepared = app.configuration.begin_settings_change(
        SettingsChange(
            settings={"theme": "dark"}, secrets={"providers.local.api_key": "sk-1234567"}
        )
    )
    assert not isinstance(prepared, ApplyResult)
    # One change at a time: a second one waits until this one is finished.
    refused = app.configuration.begin_settings_change(SettingsChange(settings={"theme": "light"}))
    assert isinstance(refused, ApplyResult)
    assert "still being saved" in refused.problems[""]
    # Written (on whatever thread runs it): on disk and in the keyring, not yet in effect.
    written = app.configuration.write_settings_change(prepared)
    assert written.ok
    assert json.loads(app.paths.settings_path.read_text())["theme"] == "dark"
    assert memory_keyring.secrets[("agent-desktop", "providers.local.api_key")] == "sk-1234567"
    assert app.settings.theme == "system"
    assert heard == []
    assert app.configuration.finish_settings_change(prepared, written).ok
    assert app.settings.theme == "dark"
    # The provider's key changed too (same reference, new value): its users are told.
    assert [change.keys for change in heard] == [frozenset({"theme", "providers"})]
    assert app.configuration.apply_settings_change(SettingsChange(settings={"theme": "light"})).ok


def test_settings_changed_while_a_change_was_written_are_kept(app):
    prepared = app.configuration.begin_settings_change(SettingsChange(settings={"theme": "dark"}))
    assert not isinstance(prepared, ApplyResult)
    written = app.configuration.write_settings_change(prepared)
    # Meanwhile, on the GUI thread: View → Bigger text, and an approval remembered.
    app.configuration.update_settings(text_scale_percent=120)
    app.settings.tool_approvals["shell"] = "always"
    assert app.configuration.finish_settings_change(prepared, written).ok
    assert (app.settings.theme, app.settings.text_scale_percent) == ("dark", 120)
    assert app.settings.tool_approvals == {"shell": "always"}
    on_disk = json.loads(app.paths.settings_path.read_text())
    assert (on_disk["theme"], on_disk["text_scale_percent"]) == ("dark", 120)
    assert on_disk["tool_approvals"] == {"shell": "always"}


class KeyringThatBreaks(MemoryKeyring):
    """A keyring backend failing in its own way (not a KeyringError) on its second write."""

    def set_password(self, service, username, password):
        if self.secrets:
            raise RuntimeError("D-Bus connection lost")
        super().set_password(service, username, password)


def test_a_keyring_backend_failing_half_way_leaves_nothing_changed(app):
    backend = KeyringThatBreaks()
    keyring.set_keyring(backend)
    app.configuration.secrets = SecretStore()
    before = app.paths.config_path.read_bytes()
    prepared = app.configuration.begin_settings_change(
        SettingsChange(
            settings={"theme": "dark"},
            secrets={"providers.local.api_key": "sk-first-1234", "providers.claude.api_key": "x"},
        )
    )
    written = app.configuration.write_settings_change(prepared)
    assert "D-Bus connection lost" in written.problems[""]
    assert "nothing was changed" in written.problems[""]
    assert backend.secrets == {}
    assert app.paths.config_path.read_bytes() == before
    assert not app.configuration.finish_settings_change(prepared, written).ok
    assert app.settings.theme == "system"
    # The next change is not refused as "still being saved".
    assert app.configuration.apply_settings_change(SettingsChange(settings={"theme": "dark"})).ok


def test_removing_an_entry_and_revoking_a_tool(app):
    app.settings.tool_approvals = {"shell": "always", "write_file": "always"}
    result = app.configuration.apply_settings_change(
        SettingsChange(providers={"claude": None}, revoked_tools={"shell"})
    )
    assert result.ok
    assert "claude" not in saved_config(app)["providers"]
    assert app.settings.tool_approvals == {"write_file": "always"}


def test_a_locked_keyring_keeps_the_key_for_the_session_and_says_so(app):
    keyring.set_keyring(RefusingKeyring())
    app.configuration.secrets = SecretStore()
    assert app.secrets.available  # the probe passes; storing is what fails
    change = SettingsChange(
        providers={
            "local": {
                "provider": "openai_compatible",
                "base_url": "http://127.0.0.1:9/v1",
                "model": "m",
                "api_key": "${keyring:providers.local.api_key}",
            }
        },
        secrets={"providers.local.api_key": "sk-session-only-42"},
    )
    result = app.configuration.apply_settings_change(change)
    assert result.ok
    assert "session only" in result.notices[0]
    assert "KeyringLocked" in result.notices[0]
    assert "sk-session-only-42" not in " ".join(result.notices)
    assert app.secrets.session_only("providers.local.api_key")
    resolved = app.resolve_request_config(app.build_agent_config("default"))
    assert resolved["api_key"] == "sk-session-only-42"
    assert "sk-session-only-42" not in app.paths.config_path.read_text()


def test_store_says_where_a_secret_went(memory_keyring):
    store = SecretStore()
    assert store.store("a", "value-one") == (KEYRING, "")
    assert memory_keyring.secrets
    placement, reason = store.store("b", "value-two", session_only=True)
    assert (placement, reason) == (SESSION, "you chose this session only")
    assert store.get("b") == "value-two"
    assert store.session_only("b")
    assert not store.session_only("a")


def test_mcp_env_and_header_secrets_go_to_the_keyring(app, memory_keyring):
    server = {
        "url": "http://127.0.0.1:9/mcp",
        "env": {"GITHUB_TOKEN": "ghp-secret-value-0001", "LOG_LEVEL": "debug"},
        "headers": {"Authorization": "Bearer mcp-secret-value-0002"},
    }
    result = app.configuration.apply_settings_change(SettingsChange(mcp_servers={"gh": server}))
    assert result.ok
    assert result.notices == []  # a keyring took them: nothing kept for the session only
    text = app.paths.config_path.read_text()
    assert "secret-value" not in text
    saved_server = json.loads(text)["mcp_servers"]["gh"]
    assert saved_server["env"]["LOG_LEVEL"] == "debug"
    assert saved_server["env"]["GITHUB_TOKEN"] == "${keyring:mcp_servers.gh.env.GITHUB_TOKEN}"
    assert saved_server["headers"]["Authorization"].startswith("${keyring:")
    assert "ghp-secret-value-0001" in memory_keyring.secrets.values()


def test_a_keyring_that_will_not_delete_never_blocks_removing_a_provider(app):
    app.config.providers["claude"].api_key = "${keyring:providers.claude.api_key}"
    app.configuration.save_config()
    keyring.set_keyring(RefusingKeyring())
    app.configuration.secrets = SecretStore()
    result = app.configuration.apply_settings_change(
        SettingsChange(providers={"claude": None}, secrets={"providers.claude.api_key": None})
    )
    assert result.ok
    assert "refused to delete" in result.notices[0]
    assert "claude" not in saved_config(app)["providers"]


def test_a_session_only_mcp_value_is_named_as_the_user_knows_it(app):
    keyring.set_keyring(RefusingKeyring())
    app.configuration.secrets = SecretStore()
    change = SettingsChange(
        mcp_servers={
            "github": {
                "command": "github-mcp-server",
                "env": {"GITHUB_TOKEN": "${keyring:mcp_servers.github.env.GITHUB_TOKEN}"},
            }
        },
        secrets={"mcp_servers.github.env.GITHUB_TOKEN": "ghp-session-1"},
    )
    result = app.configuration.apply_settings_change(change)
    assert result.ok
    assert "the environment variable GITHUB_TOKEN of “github”" in result.notices[0]


class GreeterFeature:
    """A feature plugin (no Qt) with one required setting and one typed setting."""

    name = "greeter"
    version = "1.0.0"

    def get_config_schema(self):
        return {
            "greeter.greeting": {"type": "string", "required": True, "description": "Said first."},
            "greeter.count": {"type": "integer", "default": 1, "description": "How often."},
        }

    def init(self, config, state):
        return state


@pytest.fixture
def greeter_app():
    """Two agents; the greeter plugin is on for both by default and has no greeting yet."""
    application = AgentApplication(plugins=[OpenAICompatibleProvider, GreeterFeature])
    application.config.providers["local"] = ProviderConfig(
        provider="openai_compatible", base_url="http://127.0.0.1:9/v1", model="m"
    )
    application.config.agents["default"].provider = "local"
    application.config.agents["writer"] = application.config.agents["default"].model_copy(
        update={"label": "Writer"}
    )
    application.configuration.save_config()
    yield application
    application.close()


def agent_with(app, agent_id: str, **values) -> dict:
    return {**app.config.agents[agent_id].model_dump(exclude_none=True), **values}


def test_an_enabled_plugin_missing_a_required_value_is_named_per_agent_and_field(greeter_app):
    app = greeter_app
    before = app.paths.config_path.read_bytes()
    # Only the writer's greeting is filled in; the default agent, untouched, still has it on.
    change = SettingsChange(
        settings={"theme": "dark"},
        agents={"writer": agent_with(app, "writer", greeter={"greeting": "Hi"})},
    )
    result = app.configuration.apply_settings_change(change)
    assert list(result.problems) == ["agents.default.greeter.greeting"]
    message = result.problems["agents.default.greeter.greeting"]
    assert "the plugin “Greeter” is on for the agent “Default”" in message
    assert "turn the plugin off" in message
    assert app.paths.config_path.read_bytes() == before
    assert app.settings.theme != "dark"


def test_a_plugin_turned_off_for_every_agent_never_blocks_with_an_empty_required_value(
    greeter_app,
):
    app = greeter_app
    change = SettingsChange(
        settings={"theme": "dark"},
        agents={
            agent_id: agent_with(app, agent_id, disabled_plugins=["greeter"])
            for agent_id in ("default", "writer")
        },
    )
    result = app.configuration.apply_settings_change(change)
    assert result.ok, result.problems
    assert app.settings.theme == "dark"
    saved = saved_config(app)["agents"]
    assert saved["default"]["disabled_plugins"] == ["greeter"]
    assert "greeter" not in saved["default"]


def test_unchanged_values_of_an_unused_plugin_are_never_checked(greeter_app):
    app = greeter_app
    # Off for both agents, with a value of the wrong type already on disk and no greeting.
    for agent_id in ("default", "writer"):
        app.config.agents[agent_id] = type(app.config.agents[agent_id]).model_validate(
            agent_with(app, agent_id, disabled_plugins=["greeter"], greeter={"count": "often"})
        )
    app.configuration.save_config()
    assert app.configuration.apply_settings_change(SettingsChange(settings={"theme": "dark"})).ok
    # Another field of the unused plugin changed: saved, the old bad value is not looked at…
    notes = agent_with(app, "default", greeter={"count": "often", "note": "x"})
    result = app.configuration.apply_settings_change(SettingsChange(agents={"default": notes}))
    assert result.ok, result.problems
    assert saved_config(app)["agents"]["default"]["greeter"]["note"] == "x"
    # …but a value the user changes is checked against the declared type, plugin on or off.
    wrong = agent_with(app, "default", greeter={"count": "twice"})
    result = app.configuration.apply_settings_change(SettingsChange(agents={"default": wrong}))
    assert result.problems == {"agents.default.greeter.count": "Enter a whole number here."}
