"""The application config (`config.json`): providers, agents, plugin sources and MCP servers.

Secrets never live in the file: an API key is a reference such as
`${keyring:providers.openai.api_key}` or `${env:OPENAI_API_KEY}`, resolved only in memory by
`resolve_request_config`. A plaintext key found in the file is moved to the keyring and replaced
by a reference, with a notice.

`build_agent_config(config, agent_id)` flattens one agent into the dict every plugin receives:
the provider entry first, then the agent's own keys (model, system prompt, parameters, plugin
enablement and plugin config blocks) over it.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_app.paths import set_aside, write_atomically
from agent_app.secrets import SecretAccessError, SecretStore
from agent_app.settings import read_json_object

DEFAULT_AGENT_ID = "default"

_REFERENCE = re.compile(r"\$\{(env|keyring):([^}]*)\}")
_SECRET_KEY_NAME = re.compile(r"(?i)(api[_-]?key|token|secret|password|authorization)$")


class ConfigError(ValueError):
    """The config cannot give what was asked; the message says what to change."""


class UnknownAgentError(ConfigError, KeyError):
    """An agent id that is not in the config."""

    def __str__(self) -> str:
        return str(self.args[0])


class ProviderConfig(BaseModel):
    """One configured provider connection; extra keys pass through to the provider plugin."""

    model_config = ConfigDict(extra="allow")

    provider: str
    label: str | None = None
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    timeout: float | None = None
    request_options: dict[str, Any] = Field(default_factory=dict)


class AgentConfig(BaseModel):
    """One agent; extra keys are plugin config blocks (e.g. `compaction: {...}`)."""

    model_config = ConfigDict(extra="allow")

    label: str | None = None
    provider: str | None = None
    model: str | None = None
    system_prompt: str | None = None
    parameters: dict[str, Any] = Field(default_factory=dict)
    enabled_plugins: list[str] | None = None
    disabled_plugins: list[str] = Field(default_factory=list)
    force_enabled_plugins: list[str] = Field(default_factory=list)


class McpServerConfig(BaseModel):
    model_config = ConfigDict(extra="allow")

    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    url: str | None = None
    enabled: bool = True


def _default_agents() -> dict[str, AgentConfig]:
    return {DEFAULT_AGENT_ID: AgentConfig(label="Default")}


class AppConfig(BaseModel):
    model_config = ConfigDict(extra="allow")

    providers: dict[str, ProviderConfig] = Field(default_factory=dict)
    agents: dict[str, AgentConfig] = Field(default_factory=_default_agents)
    plugins: list[str] = Field(default_factory=list)
    mcp_servers: dict[str, McpServerConfig] = Field(default_factory=dict)

    def agent(self, agent_id: str | None) -> AgentConfig:
        """The agent `agent_id` (None means the default agent); UnknownAgentError if absent."""
        key = agent_id or DEFAULT_AGENT_ID
        if key in self.agents:
            return self.agents[key]
        known = ", ".join(sorted(self.agents)) or "none"
        raise UnknownAgentError(
            f"There is no agent {key!r} in the config (known agents: {known}). Pick another "
            "agent or add this one in Settings."
        )


def build_agent_config(config: AppConfig, agent_id: str | None = None) -> dict[str, Any]:
    """The flat config of one agent, with secret references still unresolved."""
    key = agent_id or DEFAULT_AGENT_ID
    agent = config.agent(key)
    flat: dict[str, Any] = {}
    if agent.provider is not None:
        provider = config.providers.get(agent.provider)
        if provider is None:
            raise ConfigError(
                f"Agent {key!r} uses the provider {agent.provider!r}, which is not configured. "
                "Add it under Settings → Providers or pick another provider for the agent."
            )
        flat.update(provider.model_dump(exclude_none=True, exclude={"label"}))
        flat["provider_id"] = agent.provider
    agent_values = agent.model_dump(exclude_none=True, exclude={"label", "provider", "parameters"})
    for name in ("disabled_plugins", "force_enabled_plugins"):
        if not agent_values.get(name):
            agent_values.pop(name, None)
    flat.update(agent_values)
    flat.update(copy.deepcopy(agent.parameters))
    if config.mcp_servers:
        # Disabled servers are passed too: the MCP plugin reports them as off in its status.
        flat["mcp_servers"] = {
            name: server.model_dump(exclude_none=True)
            for name, server in config.mcp_servers.items()
        }
    flat["agent_id"] = key
    return flat


def merge_config(base: dict[str, Any], overrides: dict[str, Any] | None) -> dict[str, Any]:
    """`base` with `overrides` laid over it; nested dicts merge key by key."""
    merged = copy.deepcopy(base)
    for key, value in (overrides or {}).items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = merge_config(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def resolve_request_config(
    base_config: dict[str, Any],
    overrides: dict[str, Any] | None = None,
    *,
    secrets: SecretStore | None = None,
) -> dict[str, Any]:
    """The effective request config: overrides merged in, `${env:…}`/`${keyring:…}` resolved.

    The result lives in memory only; it is never written anywhere.
    """
    resolved: dict[str, Any] = _resolve_references(
        merge_config(base_config, overrides), secrets, path=""
    )
    return resolved


def _resolve_references(value: Any, secrets: SecretStore | None, path: str) -> Any:
    if isinstance(value, dict):
        return {
            key: _resolve_references(item, secrets, f"{path}.{key}" if path else str(key))
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [
            _resolve_references(item, secrets, f"{path}[{index}]")
            for index, item in enumerate(value)
        ]
    if isinstance(value, str) and "${" in value:
        return _REFERENCE.sub(lambda match: _lookup(match, secrets, path), value)
    return value


def _lookup(match: re.Match[str], secrets: SecretStore | None, path: str) -> str:
    kind, name = match.group(1), match.group(2).strip()
    if kind == "env":
        if name not in os.environ:
            raise ConfigError(
                f"The setting {path!r} refers to the environment variable {name!r}, which is not "
                "set. Set it before starting the app, or store the key in Settings instead."
            )
        return os.environ[name]
    if secrets is None:
        raise ConfigError(f"The setting {path!r} refers to a keyring secret but no store is open.")
    try:
        secret = secrets.get(name)
    except SecretAccessError as error:
        raise ConfigError(f"The setting {path!r} could not be resolved: {error}") from None
    if secret is None:
        raise ConfigError(
            f"The setting {path!r} refers to the keyring secret {name!r}, which is not stored. "
            "Enter the key again in Settings → Providers."
        )
    return secret


def is_reference(value: str) -> bool:
    return _REFERENCE.fullmatch(value.strip()) is not None


def keyring_reference(name: str) -> str:
    return "${keyring:" + name + "}"


def move_plaintext_secrets(data: Any, secrets: SecretStore) -> list[str]:
    """Move every plaintext secret-like value in `data` (in place) to `secrets`.

    A value counts as a secret when its key looks like one (`api_key`, `token`, `secret`,
    `password`, `Authorization`) and it is not already a reference. Each is stored under its
    dotted path and replaced by `${keyring:<path>}`. Returns the dotted paths moved.
    """
    moved: list[str] = []
    for container, key, dotted_path in list(_plaintext_secrets(data)):
        secrets.set(dotted_path, container[key])
        container[key] = keyring_reference(dotted_path)
        moved.append(dotted_path)
    return moved


def _plaintext_secrets(data: Any, path: str = "") -> Iterator[tuple[dict[str, Any], str, str]]:
    """(container, key, dotted path) of every plaintext secret-like value in `data`."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            if (
                isinstance(value, str)
                and value
                and _SECRET_KEY_NAME.search(str(key))
                and not is_reference(value)
            ):
                yield data, key, child
            else:
                yield from _plaintext_secrets(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _plaintext_secrets(item, f"{path}[{index}]")


def references_keyring(config: AppConfig) -> bool:
    """Whether any value of `config` is a `${keyring:...}` reference."""
    return "${keyring:" in config.model_dump_json()


def load_config(path: Path, secrets: SecretStore) -> tuple[AppConfig, list[str]]:
    """Load the config, never failing; returns it and plain-words notices.

    Plaintext secrets are moved to the keyring and the file rewritten with references. Without a
    usable keyring the file is left as it is (so nothing is lost) and a notice says why.
    """
    loaded = read_json_object(path, "config")
    notices = list(loaded.problems)
    raw = loaded.data
    if raw:
        notices.extend(_move_secrets_out_of_file(raw, path, secrets))
    try:
        config = AppConfig.model_validate(raw)
    except ValidationError as error:
        details = "; ".join(
            f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}"
            for item in error.errors()
        )
        notices.append(
            f"The config file {path} has invalid entries ({details:.500}); the default config "
            f"is used. {set_aside(path, 'invalid')} Fix or remove those entries."
        )
        return AppConfig(), notices
    if DEFAULT_AGENT_ID not in config.agents:
        config.agents[DEFAULT_AGENT_ID] = AgentConfig(label="Default")
    return config, notices


def _move_secrets_out_of_file(raw: dict[str, Any], path: Path, secrets: SecretStore) -> list[str]:
    if next(_plaintext_secrets(raw), None) is None:
        return []  # nothing to move: the keyring is not even looked for
    if not secrets.available:
        candidate = copy.deepcopy(raw)
        moved = move_plaintext_secrets(candidate, secrets)
        if not moved:
            return []
        raw.clear()
        raw.update(candidate)
        return [
            f"{path} holds plaintext secrets ({', '.join(moved)}). They could not be moved to a "
            "keyring because none is available, so the file was left unchanged; they are used "
            "from memory for this run. Saving the config will remove them from the file."
        ]
    try:
        moved = move_plaintext_secrets(raw, secrets)
    except SecretAccessError as error:
        return [f"Plaintext secrets in {path} could not be moved to the keyring: {error}"]
    if not moved:
        return []
    try:
        write_atomically(path, _encode(raw))
    except OSError as error:
        return [
            f"Moved {len(moved)} plaintext secret(s) from {path} to the system keyring "
            f"({', '.join(moved)}), but the file could not be rewritten: {error.strerror}"
        ]
    return [
        f"Moved {len(moved)} plaintext secret(s) from {path} to the system keyring "
        f"({', '.join(moved)}); the file now holds references instead."
    ]


def save_config(config: AppConfig, path: Path, secrets: SecretStore) -> None:
    """Write the config atomically, moving any plaintext secret to `secrets` first.

    Moved secrets are replaced by their references in `config` too, so the object in memory
    matches the file.
    """
    data = config.model_dump(mode="json", exclude_none=True)
    if move_plaintext_secrets(data, secrets):
        cleaned = AppConfig.model_validate(data)
        for name in AppConfig.model_fields:
            setattr(config, name, getattr(cleaned, name))
    write_atomically(path, _encode(data))


def _encode(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
