"""The application config (`config.json`): providers, agents, plugin sources and MCP servers.

Secrets never live in the file: an API key is a reference such as
`${keyring:providers.openai.api_key}` or `${env:OPENAI_API_KEY}`, resolved only in memory by
`resolve_request_config`. A plaintext key found in the file is moved to the keyring and replaced
by a reference, with a notice.

`build_agent_config(config, agent_id)` flattens one agent into the dict every plugin receives:
the provider entry first, then the agent's own keys (model, system prompt, parameters, plugin
enablement and plugin config blocks) over it. A provider's connection (`api_key`, `base_url`,
`preset`) belongs to its provider entry only; older files that kept them on an agent are moved.

Loading is tolerant entry by entry: a malformed provider, agent or MCP server is set aside (kept
in memory exactly as it was read, reported, and written back unchanged on every save), so one bad
entry never costs the user the others.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from agent_app import DEFAULT_AGENT_ID, DEFAULT_AGENT_LABEL
from agent_app.paths import set_aside as keep_a_copy
from agent_app.paths import write_atomically
from agent_app.secrets import SESSION, SecretAccessError, SecretStore, remember_secret_value
from agent_app.settings import read_json_object
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_app.untrusted_json import not_unicode, shown
from agent_core.secret_names import is_secret_name

_REFERENCE = re.compile(r"\$\{(env|keyring):([^}]*)\}")
#: Keys that say where a provider connects and with which credential: they belong to the provider
#: entry, never to an agent (where they would reach every provider the agent is switched to).
PROVIDER_CONNECTION_KEYS = ("api_key", "base_url", "preset")
#: Keys of a provider entry an agent cannot set for itself (its parameters may set the rest).
PROVIDER_ENTRY_KEYS = frozenset(
    {"provider", "label", "model", "request_options", *PROVIDER_CONNECTION_KEYS}
)


class SecretSource(Protocol):
    """Where `${keyring:…}` references are looked up (a `SecretStore`, or one with typed keys)."""

    def get(self, name: str) -> str | None: ...


class ConfigError(ValueError):
    """The config cannot give what was asked; the message says what to change."""


class UnknownAgentError(ConfigError, KeyError):
    """An agent id that is not in the config."""

    def __str__(self) -> str:
        return str(self.args[0])


#: Pages of the Settings dialog that show entries of these models (schema extra `section`).
PROVIDER = "Provider"
AGENT = "Agent"
MCP_SERVER = "MCP server"


def _shown(section: str, **extra: Any) -> dict[str, Any]:
    """Schema extras that put a field on the `section` form of the Settings dialog, with
    presentation hints: `widget` (the field kind to draw), `placeholder`, `advanced`."""
    return {"section": section, **extra}


class ProviderConfig(BaseModel):
    """One configured provider connection; extra keys pass through to the provider plugin.

    The Settings form of an entry is these fields, with the provider plugin's own elements
    (its presets, parameters, wording) drawn in their place where it declares them.
    """

    model_config = ConfigDict(extra="allow")

    provider: str = Field(title="Provider plugin")
    label: str | None = Field(
        default=None,
        title="Name",
        description="How this connection is listed (agents, the model picker).",
        json_schema_extra=_shown(PROVIDER, placeholder="e.g. Work OpenAI"),
    )
    base_url: str | None = Field(
        default=None,
        title="Server address",
        json_schema_extra=_shown(PROVIDER, placeholder="http://localhost:11434/v1"),
    )
    model: str | None = Field(
        default=None,
        title="Default model",
        json_schema_extra=_shown(PROVIDER, widget="model"),
    )
    api_key: str | None = Field(
        default=None,
        title="API key",
        description="Stored in the system keyring; ${env:VARIABLE} reads it from the environment.",
        json_schema_extra=_shown(PROVIDER, widget="secret"),
    )
    timeout: float | None = Field(
        default=None,
        gt=0,
        title="Timeout (seconds)",
        description="How long to wait for the server before giving up.",
        json_schema_extra=_shown(PROVIDER),
    )
    request_options: dict[str, Any] = Field(
        default_factory=dict,
        title="Extra request fields (JSON)",
        description="Advanced: fields the provider does not offer above, added to every "
        'request as they are, e.g. {"think": true}.',
        json_schema_extra=_shown(PROVIDER, advanced=True),
    )

    @field_validator("base_url")
    @classmethod
    def _a_server_address(cls, url: str | None) -> str | None:
        return check_server_address(url)


def check_server_address(url: str | None) -> str | None:
    """An http(s) address with a host, or empty, or a `${env:…}` reference resolved later:
    "htp:/bad url" was saved and only failed as "could not be reached" when a chat was sent."""
    if not url or not url.strip() or "${" in url:
        return url
    address = url.strip()
    parts = urlsplit(address)
    has_space = any(character.isspace() for character in address)
    if parts.scheme not in ("http", "https") or not parts.hostname or has_space:
        raise ValueError(
            "not a server address: give one like http://localhost:1234/v1 "
            "(http:// or https://, then the host)"
        )
    return address


class AgentConfig(BaseModel):
    """One agent; extra keys are plugin config blocks (e.g. `compaction: {...}`)."""

    model_config = ConfigDict(extra="allow")

    label: str | None = Field(
        default=None,
        title=QT_TRANSLATE_NOOP("Settings", "Name"),
        json_schema_extra=_shown(AGENT, placeholder=QT_TRANSLATE_NOOP("Settings", "e.g. Writer")),
    )
    provider: str | None = Field(
        default=None,
        title=QT_TRANSLATE_NOOP("Settings", "Provider"),
        description=QT_TRANSLATE_NOOP(
            "Settings", "The connection this agent talks through (Providers page)."
        ),
        json_schema_extra=_shown(AGENT, widget="select"),
    )
    model: str | None = Field(
        default=None,
        title=QT_TRANSLATE_NOOP("Settings", "Default model"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            "Empty: the provider's own default model. “Test connection” on the Providers page "
            "lists what the server offers.",
        ),
        json_schema_extra=_shown(AGENT, widget="model"),
    )
    system_prompt: str | None = Field(
        default=None,
        title=QT_TRANSLATE_NOOP("Settings", "System prompt"),
        json_schema_extra=_shown(
            AGENT,
            widget="textarea",
            placeholder=QT_TRANSLATE_NOOP("Settings", "You are a helpful assistant…"),
        ),
    )
    parameters: dict[str, Any] = Field(
        default_factory=dict,
        title=QT_TRANSLATE_NOOP("Settings", "Other parameters (JSON)"),
        description=QT_TRANSLATE_NOOP(
            "Settings",
            'Advanced: request settings the provider does not declare, e.g. {"seed": 7}.',
        ),
        json_schema_extra=_shown(AGENT, advanced=True),
    )
    enabled_plugins: list[str] | None = None
    disabled_plugins: list[str] = Field(default_factory=list)
    force_enabled_plugins: list[str] = Field(default_factory=list)

    def uses_plugin(self, name: str, *, on_by_default: bool) -> bool:
        """Whether plugin `name` is on for this agent by its lists (the core's order: forced,
        then disabled, then opted in for plugins that are off by default)."""
        if name in self.force_enabled_plugins:
            return True
        if name in self.disabled_plugins:
            return False
        return on_by_default or name in (self.enabled_plugins or [])


class McpServerConfig(BaseModel):
    """One MCP server: a command to start (stdio) or a URL (HTTP). Extra keys (transport, cwd,
    time limits…) pass through to the MCP plugin."""

    model_config = ConfigDict(extra="allow")

    enabled: bool = Field(default=True, title="Enabled", json_schema_extra=_shown(MCP_SERVER))
    command: str | None = Field(
        default=None,
        title="Command",
        description="The program that starts the server.",
        json_schema_extra=_shown(MCP_SERVER, placeholder="uvx"),
    )
    args: list[str] = Field(
        default_factory=list,
        title="Arguments",
        description="Separated by spaces; quote an argument that contains spaces.",
        json_schema_extra=_shown(
            MCP_SERVER, widget="words", placeholder="mcp-server-time --local-timezone UTC"
        ),
    )
    env: dict[str, str] = Field(
        default_factory=dict,
        title="Environment",
        description="Variables the server starts with. Tick Secret for a token or password: "
        "its value goes to the system keyring, not to the config file.",
        json_schema_extra=_shown(MCP_SERVER),
    )
    url: str | None = Field(
        default=None,
        title="URL",
        description="For HTTP servers; leave Command empty.",
        json_schema_extra=_shown(MCP_SERVER, placeholder="http://localhost:8000/mcp"),
    )
    headers: dict[str, str] = Field(
        default_factory=dict,
        title="HTTP headers",
        description="Sent to an HTTP server with every request (e.g. Authorization); tick "
        "Secret for credentials.",
        json_schema_extra=_shown(MCP_SERVER),
    )
    oauth_client_id: str | None = Field(
        default=None,
        title="OAuth client ID",
        description="Only for an HTTP server that signs in with OAuth but does not let apps "
        "register themselves: the client ID its owner gave you (its redirect URL is "
        "http://127.0.0.1/oauth/callback, any port). Empty: the app registers itself.",
        json_schema_extra=_shown(MCP_SERVER),
    )
    oauth_client_secret: str | None = Field(
        default=None,
        title="OAuth client secret",
        description="Only if the server's owner gave one with the client ID. Stored in the "
        "system keyring, not in the config file.",
        json_schema_extra=_shown(MCP_SERVER, widget="secret"),
    )
    oauth_client_metadata_url: str | None = Field(
        default=None,
        title="OAuth client metadata URL",
        description="Optional: the https:// address of a client ID metadata document you "
        "publish for this app. Authorization servers that support such documents take it as "
        "the client ID instead of a registration; others are registered with as before.",
        json_schema_extra=_shown(MCP_SERVER, placeholder="https://example.com/client.json"),
    )


def _default_agents() -> dict[str, AgentConfig]:
    return {DEFAULT_AGENT_ID: AgentConfig(label=DEFAULT_AGENT_LABEL)}


@dataclass(frozen=True)
class SetAsideEntry:
    """A config entry that could not be read: kept as read, shown, and written back on save."""

    section: str
    entry_id: str | None  # None: the whole section (or top-level key) was unusable
    raw: Any
    reason: str

    @property
    def where(self) -> str:
        return f"{self.section}.{self.entry_id}" if self.entry_id is not None else self.section


class AppConfig(BaseModel):
    model_config = ConfigDict(extra="allow")

    providers: dict[str, ProviderConfig] = Field(default_factory=dict)
    agents: dict[str, AgentConfig] = Field(default_factory=_default_agents)
    plugins: list[str] = Field(default_factory=list)
    # Plugins turned off for every agent (Settings → Plugins → Disable): in each agent's
    # `disabled_plugins`, and taken out of its `enabled_plugins` and `force_enabled_plugins`.
    disabled_plugins: list[str] | None = None
    mcp_servers: dict[str, McpServerConfig] = Field(default_factory=dict)
    _set_aside: list[SetAsideEntry] = PrivateAttr(default_factory=list)

    @property
    def set_aside(self) -> list[SetAsideEntry]:
        """Entries that could not be read; they survive every save unchanged."""
        return self._set_aside

    def agent(self, agent_id: str | None) -> AgentConfig:
        """The agent `agent_id` (None means the default agent); UnknownAgentError if absent."""
        key = agent_id or DEFAULT_AGENT_ID
        if key in self.agents:
            return self.agents[key]
        known = ", ".join(sorted(self.agents)) or "none"
        raise UnknownAgentError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "There is no agent {key} in the config (known agents: "
                "{known}). Pick another agent or add this one in Settings.",
            ).format(key=repr(key), known=known)
        )


#: How a setting reads a value from the environment, the same in every language (a value of
#: the marked sentences, not part of their text: its braces are not a field of theirs).
ENV_REFERENCE = "${env:VARIABLE}"

#: Keys `build_agent_config` adds to the flat config besides the provider's and agent's own.
FLAT_CONFIG_KEYS = ("provider_id", "provider_label", "mcp_servers", "agent_id")


def build_agent_config(
    config: AppConfig, agent_id: str | None = None, provider_id: str | None = None
) -> dict[str, Any]:
    """The flat config of one agent, with secret references still unresolved.

    `provider_id` (a chat's own choice) puts that configured provider in place of the agent's:
    its connection, its key and its default model (the agent's model belongs to its own
    provider and is not carried over to another).
    """
    key = agent_id or DEFAULT_AGENT_ID
    agent = config.agent(key)
    flat: dict[str, Any] = {}
    chosen = provider_id if provider_id not in (None, agent.provider) else None
    if chosen is not None and chosen not in config.providers:
        raise ConfigError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "This chat uses the provider {provider}, which is no longer configured. Pick "
                "another model for the chat in the model picker, or add the provider again under "
                "Settings → Providers.",
            ).format(provider=repr(chosen))
        )
    connection = chosen or agent.provider
    if connection is not None:
        provider = config.providers.get(connection)
        if provider is None:
            raise ConfigError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "Agent {agent} uses the provider {provider}, which is not configured. Add it "
                    "under Settings → Providers or pick another provider for the agent.",
                ).format(agent=repr(key), provider=repr(connection))
            )
        flat.update(provider.model_dump(exclude_none=True, exclude={"label"}))
        flat["provider_id"] = connection
        if provider.label:  # providers name the server this way in their messages
            flat["provider_label"] = provider.label
    excluded = {"label", "provider", "parameters", *(("model",) if chosen else ())}
    agent_values = agent.model_dump(exclude_none=True, exclude=excluded)
    for name in ("disabled_plugins", "force_enabled_plugins"):
        if not agent_values.get(name):
            agent_values.pop(name, None)
    flat.update(agent_values)
    flat.update(copy.deepcopy(agent.parameters))
    if config.disabled_plugins:
        off = set(config.disabled_plugins)
        flat["disabled_plugins"] = sorted({*(flat.get("disabled_plugins") or []), *off})
        for name in ("enabled_plugins", "force_enabled_plugins"):
            if isinstance(flat.get(name), list):
                flat[name] = [plugin for plugin in flat[name] if plugin not in off]
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
    secrets: SecretSource | None = None,
    unresolved: list[str] | None = None,
) -> dict[str, Any]:
    """The effective request config: `${env:…}`/`${keyring:…}` in the user's config resolved,
    then `overrides` laid over it as they are.

    References are resolved only where the user wrote them: an override that says
    `${env:HOME}` stays that text, so no override can pull a secret into a request. The result
    lives in memory only; it is never written anywhere.

    A reference that cannot be resolved (a key not stored, a variable not set) raises
    ConfigError; when `unresolved` is a list, the setting is left out instead (as if the user
    had not set it) and the reason appended there — for questions that need no secret, such as
    which UI elements and actions the agent's plugins declare.
    """
    resolved: dict[str, Any] = _resolve_references(base_config, secrets, "", unresolved)
    return merge_config(resolved, overrides)


CONFIG_OVERRIDES_KEY = "config_overrides"
"""The session metadata key of a chat's own request overrides (see `session_overrides`)."""

# What a chat's stored `config_overrides` may change: how the model answers, never where the
# request goes, which key it carries, which plugins run or what tools may touch.
SESSION_OVERRIDE_KEYS = frozenset(
    {
        "model",
        "temperature",
        "top_p",
        "top_k",
        "max_tokens",
        "max_output_tokens",
        "reasoning_effort",
        "seed",
        "stop",
        "presence_penalty",
        "frequency_penalty",
        # The memory plugin's per-chat switch (`memory.enabled`): what the model is reminded of.
        "memory",
    }
)


def session_overrides(stored: Any) -> tuple[dict[str, Any], list[str]]:
    """The usable part of a chat's stored overrides, and the keys refused."""
    if not isinstance(stored, dict):
        return {}, []
    kept = {
        key: value
        for key, value in stored.items()
        if key in SESSION_OVERRIDE_KEYS and not _holds_reference(value)
    }
    return kept, sorted(str(key) for key in stored if key not in kept)


def _holds_reference(value: Any) -> bool:
    return "${" in json.dumps(value, default=str)


# What an unresolvable reference leaves in a lenient resolution: the setting is dropped.
_LEFT_OUT = object()


def _resolve_references(
    value: Any, secrets: SecretSource | None, path: str, unresolved: list[str] | None
) -> Any:
    if isinstance(value, dict):
        items = (
            (
                key,
                _resolve_references(
                    item, secrets, f"{path}.{key}" if path else str(key), unresolved
                ),
            )
            for key, item in value.items()
        )
        return {key: item for key, item in items if item is not _LEFT_OUT}
    if isinstance(value, list):
        items = (
            _resolve_references(item, secrets, f"{path}[{index}]", unresolved)
            for index, item in enumerate(value)
        )
        return [item for item in items if item is not _LEFT_OUT]
    if isinstance(value, str) and "${" in value:
        try:
            return _REFERENCE.sub(lambda match: _lookup(match, secrets, path), value)
        except ConfigError as error:
            if unresolved is None:
                raise
            unresolved.append(str(error))
            return _LEFT_OUT
    return value


def _lookup(match: re.Match[str], secrets: SecretSource | None, path: str) -> str:
    kind, name = match.group(1), match.group(2).strip()
    setting = _setting_words(path)
    if kind == "env":
        if name not in os.environ:
            raise ConfigError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "{setting} refers to the environment variable {name}, which is not set. Set "
                    "it before starting the app, or store the key in Settings instead.",
                ).format(setting=setting, name=name)
            )
        if holds_secret(path):  # e.g. not `workspace_dir: ${env:HOME}/work`: a path is no secret
            remember_secret_value(os.environ[name])
        return os.environ[name]
    if secrets is None:
        raise ConfigError(
            QT_TRANSLATE_NOOP(
                "Errors", "{setting} refers to a keyring secret; none is open."
            ).format(setting=setting)
        )
    try:
        secret = secrets.get(name)
    except SecretAccessError as error:
        raise ConfigError(
            QT_TRANSLATE_NOOP("Errors", "{setting} could not be read: {error}").format(
                setting=setting, error=error
            )
        ) from None
    if secret is None:
        raise ConfigError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{setting} refers to the keyring secret {name}, which is not stored (a key kept "
                "for one session only is gone after a restart). Enter the key again in Settings "
                "→ Providers, or use {reference} to read it from the environment.",
            ).format(setting=setting, name=repr(name), reference=ENV_REFERENCE)
        )
    return secret


def key_in_words(key: str) -> str:
    """A credential's key as a user reads it: `api_key` -> "API key"."""
    return key.replace("_", " ").replace("api", "API")


def _setting_words(path: str) -> str:
    """How an error names the setting at dotted `path`: "The API key" for `api_key`."""
    key = path.rsplit(".", 1)[-1]
    if key == "api_key":
        return QT_TRANSLATE_NOOP("Errors", "The API key")
    if is_secret_name(key):
        return f"The {key_in_words(key)}"
    return QT_TRANSLATE_NOOP("Errors", "The setting {path}").format(path=repr(path))


def referenced_secrets(config: AppConfig) -> frozenset[str]:
    """Every `${env:…}` / `${keyring:…}` reference in `config`, as written."""
    return frozenset(match.group(0) for match in _REFERENCE.finditer(config.model_dump_json()))


def keyring_names(config: BaseModel) -> frozenset[str]:
    """The names of the `${keyring:…}` secrets `config` (or a part of it) refers to."""
    return frozenset(
        match.group(2)
        for match in _REFERENCE.finditer(config.model_dump_json())
        if match.group(1) == "keyring"
    )


def holds_secret(path: str) -> bool:
    """Whether a value at dotted `path` is a credential: a key named like one, or anything in a
    `headers` block or an MCP server's `env` block."""
    parts = [part.split("[")[0] for part in path.split(".") if part]
    return bool(parts) and (
        is_secret_name(parts[-1])
        or any(part.lower().endswith("headers") for part in parts)
        or (len(parts) >= 3 and parts[0] == "mcp_servers" and parts[2] == "env")
    )


def remember_referenced_secrets(config: AppConfig, secrets: SecretStore) -> None:
    """Look up every secret the config refers to, so `redact` knows their values even before
    any request ran (an export in a fresh run). References that cannot be resolved are skipped:
    there is no value to hide then."""
    for text, path in _strings_with_paths(config.model_dump()):
        for match in _REFERENCE.finditer(text):
            try:
                _lookup(match, secrets, path)
            except ConfigError:
                continue


def _strings_with_paths(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _strings_with_paths(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings_with_paths(item, f"{path}[{index}]")
    elif isinstance(value, str) and "${" in value:
        yield value, path


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


def store_plaintext_secrets(
    data: Any, secrets: SecretStore, as_written: Mapping[str, str] | None = None
) -> list[str]:
    """Like `move_plaintext_secrets`, but never refuses: a secret the keyring cannot take is
    kept for this session, unless the config file holds it as the user wrote it (`as_written`:
    value by dotted path): that one stays in the file, since a reference to a secret kept for
    this session only would lose it at the next start. Returns plain-words notices for both
    (empty when all went to the keyring)."""
    as_written = as_written or {}
    session_only: list[str] = []
    left_as_written: list[str] = []
    reasons: set[str] = set()
    for container, key, dotted_path in list(_secret_slots(data)):
        value = container[key]
        written = as_written.get(dotted_path)
        if is_reference(value):
            # Read from the file at start with no keyring to move it to: write it back.
            if (
                value == keyring_reference(dotted_path)
                and written is not None
                and secrets.session_only(dotted_path)
                and secrets.get(dotted_path) == written
            ):
                container[key] = written
                left_as_written.append(dotted_path)
            continue
        placement, reason = secrets.store(dotted_path, value)
        if placement == SESSION:
            reasons.add(reason)
            if value == written:
                left_as_written.append(dotted_path)
                continue
            session_only.append(dotted_path)
        container[key] = keyring_reference(dotted_path)
    notices = []
    if session_only:
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Kept for this session only, not stored: {names} ({reasons}). They must be "
                "entered again after a restart, or referenced as {reference}.",
            ).format(
                names=", ".join(session_only),
                reasons="; ".join(sorted(reasons)),
                reference=ENV_REFERENCE,
            )
        )
    if left_as_written:
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Left in the config file as you wrote them, since no keyring can take them: "
                "{names}. Unlock or install a keyring to move them there, or reference them as "
                "{reference}.",
            ).format(names=", ".join(left_as_written), reference=ENV_REFERENCE)
        )
    return notices


def secrets_as_written(path: Path) -> dict[str, str]:
    """The plaintext secrets the config file at `path` holds now, by dotted path."""
    try:
        written = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # none yet, or unreadable: nothing of the user's to keep
        return {}
    return {
        dotted_path: container[key] for container, key, dotted_path in _plaintext_secrets(written)
    }


def _plaintext_secrets(data: Any) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(container, key, dotted path) of every plaintext secret-like value in `data`."""
    return (
        (container, key, dotted_path)
        for container, key, dotted_path in _secret_slots(data)
        if not is_reference(container[key])
    )


def _secret_slots(data: Any, path: str = "") -> Iterator[tuple[dict[str, Any], str, str]]:
    """(container, key, dotted path) of every secret-like value in `data`, plaintext or a
    reference."""
    if isinstance(data, dict):
        for key, value in data.items():
            child = f"{path}.{key}" if path else str(key)
            if isinstance(value, str) and value and is_secret_name(str(key)):
                yield data, key, child
            else:
                yield from _secret_slots(value, child)
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _secret_slots(item, f"{path}[{index}]")


def references_keyring(config: AppConfig) -> bool:
    """Whether any value of `config` is a `${keyring:...}` reference."""
    return "${keyring:" in config.model_dump_json()


def load_config(path: Path, secrets: SecretStore) -> tuple[AppConfig, list[str]]:
    """Load the config, never failing; returns it and plain-words notices.

    Plaintext secrets are moved to the keyring and the file rewritten with references. Without a
    usable keyring the file is left as it is (so nothing is lost) and a notice says why.
    Malformed entries are set aside (see the module docstring); agent-level provider connection
    keys are moved to the agent's provider entry.
    """
    loaded = read_json_object(path, "config")
    notices = list(loaded.problems)
    raw = loaded.data
    if raw:
        notices.extend(_move_secrets_out_of_file(raw, path, secrets))
    config, unreadable = _validate_tolerantly(raw)
    if unreadable:
        details = "; ".join(f"{shown(entry.where)}: {entry.reason}" for entry in unreadable)
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Some entries of {path} could not be read and were set aside ({details}). "
                "Everything else is used; the set-aside entries stay in the file unchanged. "
                "{copy} Fix or remove them there.",
            ).format(path=path, details=details[:500], copy=keep_a_copy(path, "invalid"))
        )
    if DEFAULT_AGENT_ID not in config.agents:
        config.agents[DEFAULT_AGENT_ID] = AgentConfig(label=DEFAULT_AGENT_LABEL)
    moved = move_agent_connection_keys(config)
    if moved:
        notices.append(" ".join(moved))
        keep_a_copy(path, "pre-migration")
        try:
            notices.extend(save_config(config, path, secrets))
        except OSError as error:  # the app always starts: the moved keys are used from memory
            notices.append(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The config file could not be rewritten ({error}); the change is used for "
                    "this run and saved with the next change in Settings.",
                ).format(error=error)
            )
    return config, notices


def _validate_tolerantly(raw: dict[str, Any]) -> tuple[AppConfig, list[SetAsideEntry]]:
    data = dict(raw)
    set_aside: list[SetAsideEntry] = []
    models: dict[str, type[BaseModel]] = {
        "providers": ProviderConfig,
        "agents": AgentConfig,
        "mcp_servers": McpServerConfig,
    }
    for section, model in models.items():
        if section not in data:
            continue
        entries = data[section]
        if not isinstance(entries, dict):
            set_aside.append(
                SetAsideEntry(section, None, data.pop(section), "must be an object of entries")
            )
            continue
        good: dict[str, BaseModel] = {}
        for entry_id, entry in entries.items():
            unusable = not_unicode({entry_id: entry})
            if unusable is None:
                try:
                    good[str(entry_id)] = model.model_validate(entry)
                    continue
                except ValidationError as error:
                    unusable = _details(error)
            set_aside.append(SetAsideEntry(section, str(entry_id), copy.deepcopy(entry), unusable))
        data[section] = good
    for key in [key for key in data if key not in models]:
        unusable = not_unicode({key: data[key]})
        if unusable is not None:
            set_aside.append(SetAsideEntry(key, None, data.pop(key), unusable))
    while True:
        try:
            config = AppConfig.model_validate(data)
            break
        except ValidationError as error:
            key = str(error.errors()[0]["loc"][0])
            set_aside.append(SetAsideEntry(key, None, data.pop(key), _details(error)))
    config._set_aside = set_aside
    return config, set_aside


def _details(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'value'}: {item['msg']}"
        for item in error.errors()
    )


def move_agent_connection_keys(config: AppConfig) -> list[str]:
    """Move `api_key`/`base_url`/`preset` kept on an agent to the agent's provider entry.

    Such keys were written by older versions' per-plugin pages; on the agent they reached every
    provider the agent used. A value the provider entry already has wins (the agent's copy is
    dropped). Returns plain-words notices of what moved.
    """
    notices: list[str] = []
    for agent_id, agent in config.agents.items():
        extra = agent.__pydantic_extra__ or {}
        keys = [key for key in PROVIDER_CONNECTION_KEYS if key in extra]
        if not keys:
            continue
        provider = config.providers.get(agent.provider or "")
        moved, dropped = [], []
        for key in keys:
            value = extra.pop(key)
            if provider is not None and getattr(provider, key, None) in (None, ""):
                setattr(provider, key, value)
                moved.append(key)
            else:
                dropped.append(key)
        if moved:
            notices.append(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The agent {agent} kept {keys} of its provider; they were moved to the "
                    "provider {provider}, where they belong.",
                ).format(agent=repr(agent_id), keys=", ".join(moved), provider=repr(agent.provider))
            )
        if dropped:
            notices.append(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The agent {agent} kept {keys} for a provider; they were removed (its "
                    "provider entry has its own). Check Settings → Providers.",
                ).format(agent=repr(agent_id), keys=", ".join(dropped))
            )
    return notices


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
            QT_TRANSLATE_NOOP(
                "Errors",
                "{path} holds plaintext secrets ({names}). They could not be moved to a keyring "
                "because none is available, so the file was left unchanged; they are used from "
                "memory for this run. They stay in the file until a keyring can take them.",
            ).format(path=path, names=", ".join(moved))
        ]
    try:
        moved = move_plaintext_secrets(raw, secrets)
    except SecretAccessError as error:
        return [
            QT_TRANSLATE_NOOP(
                "Errors", "Plaintext secrets in {path} could not be moved to the keyring: {error}"
            ).format(path=path, error=error)
        ]
    if not moved:
        return []
    try:
        write_atomically(path, _encode(raw))
    except OSError as error:
        return [
            QT_TRANSLATE_NOOP(
                "Errors",
                "Plaintext secrets from {path} were moved to the system keyring ({names}), but "
                "the file could not be rewritten: {error}",
            ).format(path=path, names=", ".join(moved), error=error.strerror)
        ]
    return [
        QT_TRANSLATE_NOOP(
            "Errors",
            "Plaintext secrets from {path} were moved to the system keyring ({names}); the "
            "file now holds references instead.",
        ).format(path=path, names=", ".join(moved))
    ]


def save_config(config: AppConfig, path: Path, secrets: SecretStore) -> list[str]:
    """Write the config atomically, storing any plaintext secret in `secrets` first (one the
    file holds as the user wrote it stays there when no keyring can take it).

    Stored secrets are replaced by their references in `config` too, so the object in memory
    matches the file. Set-aside entries are written back as they were read. Returns notices for
    secrets that could only be kept for this session.
    """
    data = config.model_dump(mode="json", exclude_none=True)
    notices = store_plaintext_secrets(data, secrets, secrets_as_written(path))
    if data != config.model_dump(mode="json", exclude_none=True):
        cleaned = AppConfig.model_validate(data)
        for name in AppConfig.model_fields:
            setattr(config, name, getattr(cleaned, name))
    for entry in config.set_aside:
        if entry.entry_id is None:
            # A whole unreadable section stays as it was until the user adds entries there
            # (its copy is in the backup file made when it was set aside).
            if not data.get(entry.section):
                data[entry.section] = entry.raw
        elif isinstance(data.setdefault(entry.section, {}), dict):
            data[entry.section].setdefault(entry.entry_id, entry.raw)
    write_atomically(path, _encode(data))
    return notices


def _encode(data: dict[str, Any]) -> bytes:
    try:
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # an entry set aside as read holds a lone surrogate: escaped
        return (json.dumps(data, indent=2) + "\n").encode("utf-8")
