"""A change to the settings and config, applied atomically: validate, write, or roll back.

The settings dialog collects what the user changed into a `SettingsChange`; the settings service
(`Configuration`, the application's `configuration`) applies it with `apply_settings_change`
and answers with an `ApplyResult`: per-field problems (nothing was changed), or the notices worth
telling (a key kept for this session only). The GUI applies it in three steps
(`begin_settings_change`, `write_settings_change` on a worker thread: the keyring and the disk
may keep it waiting, `finish_settings_change` back on its own thread).

Only what the user changed is checked, a provider's required values only when some agent
uses it, and a plugin's required settings only for the agents that have it on: an untouched page
of an unused plugin can never block saving the theme.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from agent_app.config import (
    ENV_REFERENCE,
    AgentConfig,
    AppConfig,
    ConfigError,
    McpServerConfig,
    ProviderConfig,
    build_agent_config,
    key_in_words,
    save_config,
)
from agent_app.paths import write_atomically
from agent_app.secrets import SESSION, SecretAccessError, SecretStore
from agent_app.settings import Settings, save_settings
from agent_app.ui_text import QT_TRANSLATE_NOOP

logger = logging.getLogger(__name__)

_SECTIONS: dict[str, type[BaseModel]] = {
    "providers": ProviderConfig,
    "agents": AgentConfig,
    "mcp_servers": McpServerConfig,
}


@dataclass
class SettingsChange:
    """What the user changed. Entries are whole (their new data); None removes one."""

    settings: dict[str, Any] = field(default_factory=dict)
    providers: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    agents: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    mcp_servers: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    #: {secret name: new value, or None to delete}
    secrets: dict[str, str | None] = field(default_factory=dict)
    #: Secret names the user chose to keep for this session only.
    session_only_secrets: set[str] = field(default_factory=set)
    revoked_tools: set[str] = field(default_factory=set)
    #: `ToolRule.rule_id`s of argument rules the user revoked.
    revoked_rules: set[str] = field(default_factory=set)
    #: The config's whole new `plugins` list (plugin sources), or None to keep it.
    plugin_sources: list[str] | None = None
    #: The config's whole new `disabled_plugins` list (off for every agent), or None to keep it.
    disabled_plugins: list[str] | None = None

    def is_empty(self) -> bool:
        return (
            self.plugin_sources is None
            and self.disabled_plugins is None
            and not (
                self.settings
                or self.providers
                or self.agents
                or self.mcp_servers
                or self.secrets
                or self.revoked_tools
                or self.revoked_rules
            )
        )


@dataclass
class ApplyResult:
    """`problems`: {field path: message} (e.g. "providers.work.api_key"); empty when applied."""

    problems: dict[str, str] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class PreparedChange:
    """A change that passed its checks, on its way to disk: the settings it was checked
    against, and the settings and config it makes."""

    change: SettingsChange
    settings_before: Settings
    new_settings: Settings
    new_config: AppConfig


#: (provider plugin name) -> that plugin's `get_config_schema()` dict, or None when not loaded.
SchemaLookup = Callable[[str], Mapping[str, Any] | None]


@dataclass(frozen=True)
class PluginSettings:
    """What a plugin other than a provider declares about its settings, which an agent keeps
    under dotted keys (`compaction.enabled` is the agent's `compaction: {enabled: …}`)."""

    name: str
    title: str
    #: Its `get_config_schema()`: {dotted key: {type, required, default, …}}.
    schema: Mapping[str, Any]
    on_by_default: bool = True


#: JSON-schema type -> (Python types, what the user is told to enter).
_SCHEMA_TYPES: dict[str, tuple[tuple[type, ...], str]] = {
    "string": ((str,), "text"),
    "integer": ((int,), "a whole number"),
    "number": ((int, float), "a number"),
    "boolean": ((bool,), "on or off"),
    "object": ((dict,), "a JSON object"),
    "array": ((list,), "a list"),
}


def validate_change(
    settings: Settings,
    config: AppConfig,
    change: SettingsChange,
    schema_of: SchemaLookup,
    plugins: Sequence[PluginSettings] = (),
) -> tuple[Settings | None, AppConfig | None, dict[str, str]]:
    """The new settings and config, or the problems that keep them from being applied."""
    problems: dict[str, str] = {}
    new_settings: Settings | None = None
    try:
        new_settings = Settings.model_validate({**settings.model_dump(), **change.settings})
    except ValidationError as error:
        problems.update(_field_problems("settings", error))
    new_config = config.model_copy(deep=True)
    if change.plugin_sources is not None:
        new_config.plugins = list(change.plugin_sources)
    if change.disabled_plugins is not None:
        new_config.disabled_plugins = sorted(set(change.disabled_plugins)) or None
    for section, model in _SECTIONS.items():
        entries: dict[str, Any] = getattr(new_config, section)
        for entry_id, data in getattr(change, section).items():
            if data is None:
                entries.pop(entry_id, None)
                continue
            try:
                entries[entry_id] = model.model_validate(data)
            except ValidationError as error:
                problems.update(_field_problems(f"{section}.{entry_id}", error))
    # An entry the user re-created under a set-aside id replaces the set-aside one.
    new_config._set_aside = [
        entry
        for entry in new_config.set_aside
        if entry.entry_id is None or entry.entry_id not in getattr(change, entry.section, {})
    ]
    if problems:
        return None, None, problems
    problems.update(_used_provider_problems(new_config, change, schema_of))
    problems.update(_plugin_settings_problems(config, new_config, change, plugins))
    if problems:
        return None, None, problems
    return new_settings, new_config, {}


def _used_provider_problems(
    config: AppConfig, change: SettingsChange, schema_of: SchemaLookup
) -> dict[str, str]:
    """Missing required values of providers that some agent uses, for changed entries only."""
    problems: dict[str, str] = {}
    for agent_id, agent in config.agents.items():
        touched = agent_id in change.agents or agent.provider in change.providers
        if not touched or agent.provider is None:
            continue
        if agent.provider not in config.providers:
            problems[f"agents.{agent_id}.provider"] = (
                f"The provider {agent.provider!r} does not exist any more; pick another one."
            )
            continue
        try:
            flat = build_agent_config(config, agent_id)
        except ConfigError as error:
            problems[f"agents.{agent_id}.provider"] = str(error)
            continue
        plugin = config.providers[agent.provider].provider
        for key, entry in (schema_of(plugin) or {}).items():
            required = isinstance(entry, Mapping) and entry.get("required") is True
            if required and flat.get(key) in (None, ""):
                label = agent.label or agent_id
                problems[f"providers.{agent.provider}.{key}"] = (
                    f"Needed: the agent “{label}” talks through this provider. Fill it in, or "
                    "pick another provider for that agent."
                )
    return problems


def _plugin_settings_problems(
    old: AppConfig, new: AppConfig, change: SettingsChange, plugins: Sequence[PluginSettings]
) -> dict[str, str]:
    """A plugin's required settings, for every agent that has the plugin on (whether or not its
    page was opened: an empty one would fail that agent's requests); the type of every value the
    user changed, for any agent. A plugin no agent has on never blocks with an empty field.

    Problems are keyed where the value lives: `agents.<agent id>.<dotted key>`.
    """
    problems: dict[str, str] = {}
    for agent_id, agent in new.agents.items():
        values = agent.model_dump(exclude_none=True)
        before_agent = old.agents.get(agent_id)
        before = before_agent.model_dump(exclude_none=True) if before_agent is not None else {}
        changed = agent_id in change.agents
        for plugin in plugins:
            uses = agent.uses_plugin(plugin.name, on_by_default=plugin.on_by_default)
            for key, entry in plugin.schema.items():
                if not isinstance(entry, Mapping):
                    continue
                value = get_path(values, key)
                problem = None
                if changed and value is not None and value != get_path(before, key):
                    problem = _type_problem(entry, value)
                if problem is None and uses and _is_missing(entry, value):
                    problem = (
                        f"Needed: the plugin “{plugin.title}” is on for the agent "
                        f"“{agent.label or agent_id}”. Fill it in, or turn the plugin off for "
                        "that agent on the Agents page."
                    )
                if problem is not None:
                    problems[f"agents.{agent_id}.{key}"] = problem
    return problems


def _is_missing(entry: Mapping[str, Any], value: Any) -> bool:
    required = entry.get("required") is True and entry.get("default") is None
    return required and value in (None, "", [], {})


def _type_problem(entry: Mapping[str, Any], value: Any) -> str | None:
    expected = _SCHEMA_TYPES.get(str(entry.get("type")))
    if expected is None:
        return None
    types, words = expected
    # JSON has no separate booleans and numbers in Python: True is an int, 1 is not a bool.
    wrong_bool = isinstance(value, bool) and bool not in types
    if wrong_bool or not isinstance(value, types):
        return f"Enter {words} here."
    allowed = entry.get("enum")
    if isinstance(allowed, list) and allowed and value not in allowed:
        return f"Choose one of: {', '.join(str(option) for option in allowed)}."
    return None


def get_path(data: Mapping[str, Any], dotted: str) -> Any:
    """`data["a"]["b"]` for "a.b"; None when any step is missing."""
    current: Any = data
    for part in dotted.split("."):
        if not isinstance(current, Mapping) or part not in current:
            return None
        current = current[part]
    return current


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    """Set `data["a"]["b"]` for "a.b", making the blocks on the way."""
    parts = dotted.split(".")
    current = data
    for part in parts[:-1]:
        if not isinstance(current.get(part), dict):
            current[part] = {}
        current = current[part]
    current[parts[-1]] = value


def delete_path(data: dict[str, Any], dotted: str) -> None:
    """Remove a dotted key and any parent block it leaves empty."""
    parts = dotted.split(".")
    chain: list[dict[str, Any]] = [data]
    for part in parts[:-1]:
        child = chain[-1].get(part)
        if not isinstance(child, dict):
            return
        chain.append(child)
    chain[-1].pop(parts[-1], None)
    for depth in range(len(parts) - 1, 0, -1):
        if not chain[depth]:
            chain[depth - 1].pop(parts[depth - 1], None)


def _field_problems(prefix: str, error: ValidationError) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        # A validator's own sentence, without pydantic's "Value error, " in front of it.
        raised = (item.get("ctx") or {}).get("error") if item["type"] == "value_error" else None
        message = str(raised) if raised is not None else str(item["msg"])
        found[f"{prefix}.{where}" if where else prefix] = message[:1].upper() + message[1:]
    return found


def store_secrets(
    secrets: SecretStore,
    change: SettingsChange,
    previous: dict[str, str | None],
    config: AppConfig,
) -> list[str]:
    """Write the secrets of `change`, noting each one's value before in `previous` (for a
    rollback, also when a keyring backend fails half-way); returns the notices, which name
    each entry by its label in `config` (the configuration being saved).

    Nothing here refuses the change: a key the keyring cannot take is kept for this session,
    and one it will not delete stays there unused; the notices say which.
    """
    session_kept: list[str] = []
    reasons: set[str] = set()
    notices: list[str] = []
    for name, value in change.secrets.items():
        try:
            previous[name] = secrets.get(name)
        except SecretAccessError:
            previous[name] = None
        if value is None:
            try:
                secrets.delete(name)
            except SecretAccessError as error:
                notices.append(
                    QT_TRANSLATE_NOOP(
                        "Errors", "{error} It is no longer used; remove it there when you can."
                    ).format(error=error)
                )
            continue
        placement, reason = secrets.store(
            name, value, session_only=name in change.session_only_secrets
        )
        if placement == SESSION:
            session_kept.append(name)
            reasons.add(reason)
    if session_kept:
        names = ", ".join(_secret_title(name, change, config) for name in session_kept)
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Kept for this session only, not stored: {names} ({reasons}). After a restart "
                "enter them again, or reference an environment variable with {reference}.",
            ).format(
                names=names,
                reasons="; ".join(sorted(reason.rstrip(".") for reason in reasons)),
                reference=ENV_REFERENCE,
            )
        )
    return notices


def _secret_title(name: str, change: SettingsChange, config: AppConfig) -> str:
    """`providers.work.api_key` as "the API key of “Work”" (the id when no label is known)."""
    section, _, rest = name.partition(".")
    entry_id, _, key = rest.partition(".")
    if not key or section not in _SECTIONS:
        return name
    entry = getattr(change, section, {}).get(entry_id)
    # Only the key changed: the entry is not in the change, the configuration has its label.
    label = entry.get("label") if isinstance(entry, dict) else None
    if label is None:
        label = getattr(getattr(config, section).get(entry_id), "label", None)
    title = label or entry_id
    kind, _, name = key.partition(".")
    if name and kind == "env":
        return QT_TRANSLATE_NOOP("Errors", "the environment variable {name} of “{title}”").format(
            name=name, title=title
        )
    if name and kind == "headers":
        return QT_TRANSLATE_NOOP("Errors", "the header {name} of “{title}”").format(
            name=name, title=title
        )
    if key == "api_key":
        return QT_TRANSLATE_NOOP("Errors", "the API key of “{title}”").format(title=title)
    return f"the {key_in_words(key)} of “{title}”"


def restore_secrets(secrets: SecretStore, previous: Mapping[str, str | None]) -> None:
    """Put secrets back as they were before a change that could not be saved."""
    for name, value in previous.items():
        try:
            if value is not None:
                secrets.store(name, value)
            else:
                secrets.delete(name)
        # A keyring backend may fail in its own ways; the user already sees why saving failed.
        except Exception as error:  # noqa: BLE001 - logged; the save's own failure is shown
            logger.warning("Could not take back the secret %r: %s", name, error)


def write_both(
    settings: Settings,
    config: AppConfig,
    settings_path: Path,
    config_path: Path,
    secrets: SecretStore,
) -> list[str]:
    """Write settings and config; when the second write fails the first file is put back."""
    old_settings_bytes = settings_path.read_bytes() if settings_path.exists() else None
    save_settings(settings, settings_path)
    try:
        return save_config(config, config_path, secrets)
    except (OSError, ValueError):
        if old_settings_bytes is None:
            settings_path.unlink(missing_ok=True)
        else:
            write_atomically(settings_path, old_settings_bytes)
        raise
