"""Config: pydantic models, flat agent configs, references resolved only in memory."""

from __future__ import annotations

import json

import keyring
import pytest
from keyring.backends import fail
from tests.support.refusing_keyring import RefusingKeyring

from agent_app.config import (
    AgentConfig,
    AppConfig,
    ConfigError,
    McpServerConfig,
    ProviderConfig,
    UnknownAgentError,
    build_agent_config,
    load_config,
    references_keyring,
    remember_referenced_secrets,
    resolve_request_config,
    save_config,
    session_overrides,
)
from agent_app.secrets import REDACTED, SecretStore, redact


def sample_config() -> AppConfig:
    return AppConfig(
        providers={
            "local": ProviderConfig(
                provider="openai_compatible",
                base_url="http://127.0.0.1:11434/v1",
                model="llama3",
                api_key="${env:LOCAL_KEY}",
                request_options={"think": True},
            ),
            "claude": ProviderConfig(provider="anthropic", api_key="${keyring:claude}"),
        },
        agents={
            "default": AgentConfig(provider="local", system_prompt="Be brief."),
            "writer": AgentConfig.model_validate(
                {
                    "provider": "claude",
                    "model": "claude-sonnet",
                    "parameters": {"temperature": 0.2},
                    "disabled_plugins": ["shell"],
                    "compaction": {"enabled": True, "agent_id": "default"},
                }
            ),
        },
    )


def test_default_config_has_a_default_agent():
    config = AppConfig()
    assert "default" in config.agents
    assert build_agent_config(config) == {"agent_id": "default"}


def test_agent_config_is_flat_with_agent_over_provider():
    flat = build_agent_config(sample_config(), "writer")
    assert flat == {
        "provider": "anthropic",
        "provider_id": "claude",
        "api_key": "${keyring:claude}",
        "request_options": {},
        "model": "claude-sonnet",
        "temperature": 0.2,
        "disabled_plugins": ["shell"],
        "compaction": {"enabled": True, "agent_id": "default"},
        "agent_id": "writer",
    }


def test_unknown_agent_id_names_the_known_ones():
    with pytest.raises(UnknownAgentError, match=r"no agent 'ghost'.*default, writer"):
        build_agent_config(sample_config(), "ghost")


def test_agent_with_unconfigured_provider_is_explained():
    config = AppConfig(agents={"default": AgentConfig(provider="nowhere")})
    with pytest.raises(ConfigError, match="provider 'nowhere', which is not configured"):
        build_agent_config(config)


def test_references_resolve_in_memory_and_overrides_merge(monkeypatch):
    monkeypatch.setenv("LOCAL_KEY", "env-secret-value")
    secrets = SecretStore()
    base = build_agent_config(sample_config(), "default")
    resolved = resolve_request_config(
        base, {"request_options": {"num_ctx": 8192}, "model": "qwen"}, secrets=secrets
    )
    assert resolved["api_key"] == "env-secret-value"
    assert resolved["request_options"] == {"think": True, "num_ctx": 8192}
    assert resolved["model"] == "qwen"
    assert base["api_key"] == "${env:LOCAL_KEY}"
    assert base["request_options"] == {"think": True}


def test_keyring_reference_resolves_and_missing_ones_are_explained(monkeypatch):
    secrets = SecretStore()
    base = build_agent_config(sample_config(), "writer")
    with pytest.raises(ConfigError, match="keyring secret 'claude', which is not stored"):
        resolve_request_config(base, secrets=secrets)
    secrets.set("claude", "sk-ant-xyz-1234567890")
    assert resolve_request_config(base, secrets=secrets)["api_key"] == "sk-ant-xyz-1234567890"
    monkeypatch.delenv("LOCAL_KEY", raising=False)
    with pytest.raises(
        ConfigError,
        match="The API key refers to the environment variable LOCAL_KEY, which is not set",
    ):
        resolve_request_config(build_agent_config(sample_config()), secrets=secrets)


def test_references_inside_longer_strings_and_lists(monkeypatch):
    monkeypatch.setenv("TOKEN", "t0k3n")
    resolved = resolve_request_config(
        {"headers": ["Bearer ${env:TOKEN}", "x"], "plain": "${notareference}"}, secrets=None
    )
    assert resolved == {"headers": ["Bearer t0k3n", "x"], "plain": "${notareference}"}


def test_plaintext_keys_move_to_the_keyring_with_a_notice(tmp_path, memory_keyring):
    path = tmp_path / "config.json"
    path.write_text(
        json.dumps(
            {
                "providers": {"openai": {"provider": "openai", "api_key": "sk-plain-123456789"}},
                "mcp_servers": {
                    "gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "ghp_abc123"}},
                    "web": {"url": "https://x/mcp", "headers": {"Authorization": "Bearer abc9"}},
                },
            }
        )
    )
    config, notices = load_config(path, SecretStore())
    assert config.providers["openai"].api_key == "${keyring:providers.openai.api_key}"
    assert config.mcp_servers["gh"].env["GITHUB_TOKEN"] == (
        "${keyring:mcp_servers.gh.env.GITHUB_TOKEN}"
    )
    assert memory_keyring.secrets[("agent-desktop", "providers.openai.api_key")] == (
        "sk-plain-123456789"
    )
    text = path.read_text()
    assert "sk-plain" not in text
    assert "ghp_abc123" not in text
    assert len(notices) == 1
    assert config.mcp_servers["web"].headers["Authorization"] == (
        "${keyring:mcp_servers.web.headers.Authorization}"
    )
    assert "Bearer abc9" not in text
    assert "were moved to the system keyring" in notices[0]
    moved = notices[0].split("keyring (", 1)[1].split(")", 1)[0].split(", ")
    assert len(moved) == 3
    assert "providers.openai.api_key" in moved
    assert "sk-plain" not in notices[0]


def test_without_keyring_the_file_is_left_alone_but_the_key_works(tmp_path):
    keyring.set_keyring(fail.Keyring())
    path = tmp_path / "config.json"
    original = json.dumps({"providers": {"p": {"provider": "openai", "api_key": "sk-abcdef12345"}}})
    path.write_text(original)
    secrets = SecretStore()
    config, notices = load_config(path, secrets)
    assert path.read_text() == original
    assert "none is available" in notices[0]
    flat = {"api_key": config.providers["p"].api_key}
    assert resolve_request_config(flat, secrets=secrets)["api_key"] == "sk-abcdef12345"


def test_save_never_writes_a_plaintext_secret(tmp_path, memory_keyring):
    path = tmp_path / "config.json"
    config = AppConfig(providers={"p": ProviderConfig(provider="openai", api_key="sk-typed-in-99")})
    save_config(config, path, SecretStore())
    assert "sk-typed-in-99" not in path.read_text()
    assert config.providers["p"].api_key == "${keyring:providers.p.api_key}"
    reloaded, notices = load_config(path, SecretStore())
    assert notices == []
    assert reloaded == config


def test_without_a_keyring_a_secret_the_user_wrote_in_the_file_survives_a_save(tmp_path):
    # Seen walking the app: with no keyring, saving an API key in Settings replaced an MCP
    # server's hand-written Authorization header by a reference to a secret kept for that
    # session only; after a restart the server asked to sign in again.
    keyring.set_keyring(fail.Keyring())
    path = tmp_path / "config.json"
    header = "Bearer hand-written-token-4242"
    path.write_text(
        json.dumps(
            {
                "mcp_servers": {
                    "render": {
                        "url": "http://127.0.0.1:9/mcp",
                        "headers": {"Authorization": header},
                    }
                }
            }
        )
    )
    secrets = SecretStore()
    config, _notices = load_config(path, secrets)
    config.providers["p"] = ProviderConfig(provider="openai", api_key="sk-typed-now-5555")

    notices = save_config(config, path, secrets)

    written = json.loads(path.read_text())
    assert written["mcp_servers"]["render"]["headers"]["Authorization"] == header
    assert "sk-typed-now-5555" not in path.read_text()  # a new secret is never written in clear
    assert written["providers"]["p"]["api_key"] == "${keyring:providers.p.api_key}"
    assert any(
        "mcp_servers.render.headers.Authorization" in n and "as you wrote" in n for n in notices
    )
    assert any("providers.p.api_key" in n and "this session only" in n for n in notices)
    # The next start reads it again (into memory, the file left as it is).
    after_restart = SecretStore()
    load_config(path, after_restart)
    assert after_restart.get("mcp_servers.render.headers.Authorization") == header


def test_an_mcp_oauth_client_secret_is_never_written_in_clear(tmp_path, memory_keyring):
    path = tmp_path / "config.json"
    server = McpServerConfig(
        url="https://mcp.example.test/mcp",
        oauth_client_id="Iv1.owner-gave-this",
        oauth_client_secret="client-secret-typed-in-77",
    )
    config = AppConfig(mcp_servers={"gh": server})
    save_config(config, path, SecretStore())
    written = json.loads(path.read_text())["mcp_servers"]["gh"]
    assert written["oauth_client_id"] == "Iv1.owner-gave-this"
    assert written["oauth_client_secret"] == "${keyring:mcp_servers.gh.oauth_client_secret}"
    flat = build_agent_config(load_config(path, SecretStore())[0])
    resolved = resolve_request_config(flat, secrets=SecretStore())
    assert resolved["mcp_servers"]["gh"]["oauth_client_secret"] == "client-secret-typed-in-77"


def test_a_malformed_entry_is_set_aside_and_everything_else_survives_a_save(tmp_path):
    path = tmp_path / "config.json"
    broken = {"base_url": "http://x"}  # no `provider`: which plugin would serve it?
    path.write_text(
        json.dumps(
            {
                "providers": {"p": broken, "good": {"provider": "openai_compatible"}},
                "agents": {"default": {"provider": "good"}, "bad": {"parameters": "no"}},
                "mcp_servers": "not an object",
            }
        )
    )
    config, notices = load_config(path, SecretStore())
    assert list(config.providers) == ["good"]
    assert config.agents["default"].provider == "good"
    assert "bad" not in config.agents
    assert [entry.where for entry in config.set_aside] == [
        "providers.p",
        "agents.bad",
        "mcp_servers",
    ]
    assert "providers.p: provider: Field required" in notices[0]
    assert list(tmp_path.glob("config.json.invalid-*.bak"))
    # The user's other entries, and the set-aside ones as they were, survive the next save.
    config.providers["new"] = ProviderConfig(provider="anthropic")
    save_config(config, path, SecretStore())
    saved = json.loads(path.read_text())
    assert saved["providers"]["p"] == broken
    assert set(saved["providers"]) == {"p", "good", "new"}
    assert saved["agents"]["bad"] == {"parameters": "no"}
    assert saved["mcp_servers"] == "not an object"


def test_agent_level_connection_keys_move_to_the_agents_provider(tmp_path):
    path = tmp_path / "config.json"
    path.write_text(
        json.dumps(
            {
                "providers": {
                    "local": {"provider": "openai_compatible"},
                    "cloud": {"provider": "anthropic", "api_key": "${env:ANTHROPIC_API_KEY}"},
                },
                "agents": {
                    "default": {"provider": "local", "base_url": "http://127.0.0.1:1/v1"},
                    "writer": {"provider": "cloud", "api_key": "${env:SOMETHING_ELSE}"},
                },
            }
        )
    )
    config, notices = load_config(path, SecretStore())
    assert config.providers["local"].base_url == "http://127.0.0.1:1/v1"
    # The provider's own key wins; the agent's copy, which reached every provider, is gone.
    assert config.providers["cloud"].api_key == "${env:ANTHROPIC_API_KEY}"
    assert "api_key" not in build_agent_config(config, "default")
    assert build_agent_config(config, "writer")["api_key"] == "${env:ANTHROPIC_API_KEY}"
    assert any("moved to the provider 'local'" in notice for notice in notices)
    saved = json.loads(path.read_text())
    assert "base_url" not in saved["agents"]["default"]
    assert saved["providers"]["local"]["base_url"] == "http://127.0.0.1:1/v1"


def test_mcp_servers_reach_the_flat_config_with_their_enabled_flag():
    config = AppConfig(
        mcp_servers={
            "time": McpServerConfig(command="uvx", args=["mcp-server-time"]),
            "off": McpServerConfig(command="x", enabled=False),
        }
    )
    flat = build_agent_config(config)
    assert flat["mcp_servers"]["time"] == {
        "command": "uvx",
        "args": ["mcp-server-time"],
        "env": {},
        "headers": {},
        "enabled": True,
    }
    assert flat["mcp_servers"]["off"]["enabled"] is False


def test_a_keyring_refusing_access_is_explained_without_the_key():
    keyring.set_keyring(RefusingKeyring())
    secrets = SecretStore()
    with pytest.raises(ConfigError, match=r"The API key could not be read.*refused") as failure:
        resolve_request_config({"api_key": "${keyring:openai}"}, secrets=secrets)
    assert "Unlock the keyring" in str(failure.value)


def test_overrides_never_resolve_secret_references(monkeypatch):
    """Only the user's own config decides which secrets a request carries."""
    monkeypatch.setenv("LOCAL_KEY", "env-secret-value")
    monkeypatch.setenv("UNRELATED_SECRET", "other-secret-value")
    SecretStore().set("providers.local.api_key", "keyring-secret-value")
    base = build_agent_config(sample_config(), "default")
    resolved = resolve_request_config(
        base,
        {
            "headers": {"X-Leak": "${env:UNRELATED_SECRET}"},
            "model": "${keyring:providers.local.api_key}",
            "request_options": {"extra": ["${env:UNRELATED_SECRET}"]},
        },
        secrets=SecretStore(),
    )
    assert resolved["api_key"] == "env-secret-value"  # the user's own reference
    assert resolved["headers"] == {"X-Leak": "${env:UNRELATED_SECRET}"}
    assert resolved["model"] == "${keyring:providers.local.api_key}"
    assert resolved["request_options"]["extra"] == ["${env:UNRELATED_SECRET}"]
    # A resolved environment reference is a secret from then on.
    assert redact("value env-secret-value") == f"value {REDACTED}"


@pytest.mark.parametrize(
    ("stored", "kept", "refused"),
    [
        ({"model": "m", "temperature": 0.2}, {"model": "m", "temperature": 0.2}, []),
        ({"base_url": "https://x.example", "model": "m"}, {"model": "m"}, ["base_url"]),
        (
            {"api_key": "k", "provider": "p", "preset": "groq"},
            {},
            ["api_key", "preset", "provider"],
        ),
        ({"workspace_dir": "/", "mcp_servers": {}}, {}, ["mcp_servers", "workspace_dir"]),
        ({"force_enabled_plugins": ["shell"]}, {}, ["force_enabled_plugins"]),
        ({"model": "${env:HOME}"}, {}, ["model"]),
        ({"stop": ["${keyring:x}"]}, {}, ["stop"]),
        ({"request_options": {"headers": {}}}, {}, ["request_options"]),
        ("not a dict", {}, []),
        (None, {}, []),
    ],
)
def test_a_chats_stored_overrides_only_tune_the_model(stored, kept, refused):
    assert session_overrides(stored) == (kept, refused)


def test_only_credentials_resolved_from_the_environment_are_treated_as_secrets(monkeypatch):
    """A key read from the environment is redacted everywhere; a folder read from it is not
    (every path under /home/<user> would otherwise turn into [redacted])."""
    monkeypatch.setenv("TRUST_TEST_KEY", "env-api-key-7f3a9c")
    monkeypatch.setenv("TRUST_TEST_HOME", "/home/trust-test-user")
    monkeypatch.setenv("TRUST_TEST_HEADER", "header-value-9d2e4b")
    monkeypatch.setenv("TRUST_TEST_MCP", "mcp-env-token-5b1c8a")
    config = AppConfig(
        providers={"p": ProviderConfig(provider="x", api_key="${env:TRUST_TEST_KEY}")},
        agents={
            "default": AgentConfig(
                provider="p",
                workspace_dir="${env:TRUST_TEST_HOME}/work",
                request_options={"headers": {"X-Team": "${env:TRUST_TEST_HEADER}"}},
            )
        },
        mcp_servers={"gh": McpServerConfig(command="gh", env={"ANY": "${env:TRUST_TEST_MCP}"})},
    )
    remember_referenced_secrets(config, SecretStore())
    text = (
        "key env-api-key-7f3a9c header-value-9d2e4b mcp-env-token-5b1c8a in /home/trust-test-user"
    )
    assert redact(text) == f"key {REDACTED} {REDACTED} {REDACTED} in /home/trust-test-user"


def test_a_lenient_resolution_leaves_out_what_cannot_be_resolved_and_says_why(monkeypatch):
    monkeypatch.delenv("NO_SUCH_TOKEN", raising=False)
    base = {
        "api_key": "${keyring:providers.gone.api_key}",
        "model": "m",
        "headers": {"X-Team": "${env:NO_SUCH_TOKEN}", "X-Plain": "kept"},
        "args": ["--token=${env:NO_SUCH_TOKEN}", "--verbose"],
    }
    unresolved: list[str] = []
    resolved = resolve_request_config(base, secrets=SecretStore(), unresolved=unresolved)
    # Left out as if never set: never sent as the reference's text.
    assert resolved == {"model": "m", "headers": {"X-Plain": "kept"}, "args": ["--verbose"]}
    assert len(unresolved) == 3
    assert "keyring secret 'providers.gone.api_key', which is not stored" in unresolved[0]
    assert "'headers.X-Team'" in unresolved[1]
    with pytest.raises(ConfigError):  # without the list, still refused
        resolve_request_config(base, secrets=SecretStore())


def test_entries_holding_text_that_is_not_unicode_are_set_aside_and_written_back_as_read(
    tmp_path,
):
    path = tmp_path / "config.json"
    written = (
        '{"theme": "\\ud800", "agents": {"\\udc00": {"label": "Odd"}, "work": {"label": "Work"}}, '
        '"providers": {"p": {"provider": "openai_compatible", "label": "half \\ud83d"}}}'
    )
    path.write_text(written, encoding="utf-8")

    config, notices = load_config(path, SecretStore())

    assert sorted(config.agents) == ["default", "work"]
    assert config.providers == {}
    assert sorted(entry.where for entry in config.set_aside) == [
        "agents.\udc00",
        "providers.p",
        "theme",
    ]
    [notice] = notices
    assert "theme: it holds text that is not valid Unicode (a lone surrogate, U+D800)" in notice
    assert "agents.\\udc00:" in notice
    assert notice.encode("utf-8")  # shown and logged as it is
    assert not references_keyring(config)
    save_config(config, path, SecretStore())
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["theme"] == "\ud800"
    assert saved["agents"]["\udc00"] == {"label": "Odd"}
    assert saved["providers"]["p"]["label"] == "half \ud83d"
