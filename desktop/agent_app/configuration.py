"""The settings service: what the user configured, and every change to it.

`Configuration` holds the settings (`Settings`: appearance, behaviour, remembered tool
decisions), the config (`AppConfig`: providers, agents, MCP servers) and the secret store their
`${keyring:…}` references point into. It applies a change all or nothing (`settings_changes`)
and announces it on `settings_events`; it resolves an agent's config with its secrets in memory
only, and tests a provider entry before it is saved. `approvals` is the tool approval policy,
whose remembered answers ("always allow", rules) live in these settings.

`AgentApplication.configuration` is the one instance; `Agents` builds requests from it, the
settings dialog and first-run pane apply their changes through it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from agent_app import config as config_module
from agent_app.approval import ApprovalPolicy
from agent_app.config import AppConfig, ConfigError, load_config, references_keyring, save_config
from agent_app.secrets import KeyringGlance, SecretStore, redact
from agent_app.settings import Settings, load_settings, save_settings
from agent_app.settings_changes import (
    ApplyResult,
    PreparedChange,
    SettingsChange,
    restore_secrets,
    store_secrets,
    validate_change,
    write_both,
)
from agent_app.settings_events import (
    SECRETS_KEY,
    SettingsChanged,
    SettingsEvents,
    changed_keys,
    section_of_secret,
    sections_of_secrets,
)
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core.hooks import PLUGIN_FAULTS

if TYPE_CHECKING:
    from agent_app.paths import AppPaths
    from agent_app.plugin_host import PluginHost

logger = logging.getLogger(__name__)


def load_configuration(
    paths: AppPaths, notices: list[str]
) -> tuple[Settings, AppConfig, SecretStore]:
    """The settings and config files as they are (tolerant: a bad file is set aside, defaults
    used, said in `notices`), and the secret store the config's references point into."""
    settings, problems = load_settings(paths.settings_path)
    notices.extend(problems)
    secrets = SecretStore()
    config, problems = load_config(paths.config_path, secrets)
    notices.extend(problems)
    # Only a config that keeps keys in the keyring needs one now; otherwise the question
    # waits until a key is entered (the settings and first-run forms say it then).
    if references_keyring(config) and secrets.problem:
        notices.append(secrets.problem)
    return settings, config, secrets


class Configuration:
    """Settings, config and secrets of one installation (from `load_configuration`), written
    back under `paths`; `plugins` are asked what their settings require."""

    def __init__(
        self,
        paths: AppPaths,
        plugins: PluginHost,
        settings: Settings,
        config: AppConfig,
        secrets: SecretStore,
    ) -> None:
        self._paths = paths
        self._plugins = plugins
        self.settings = settings
        self.config = config
        self.secrets = secrets
        self.settings_events = SettingsEvents()
        """Applied settings changes; the window subscribes to the keys it shows."""
        self.approvals = ApprovalPolicy(self)
        """Which tool calls run unasked, who asks the user about the others, and what they
        answered (remembered in `settings`)."""
        self._learned_references: frozenset[str] | None = None
        self._change_in_progress = False

    def save_settings(self) -> None:
        save_settings(self.settings, self._paths.settings_path)

    def update_settings(self, **values: Any) -> None:
        """Set and save a few settings made outside the Settings dialog (View → Dark, Bigger
        text…), and announce them like any applied change. A bad value raises ValidationError
        and changes nothing."""
        updated = self.settings.model_copy(deep=True)
        for name, value in values.items():
            setattr(updated, name, value)  # validate_assignment: a bad value raises
        before, after = self.settings.model_dump(), updated.model_dump()
        self.settings = updated
        self.save_settings()
        changed = frozenset(key for key in values if before.get(key) != after.get(key))
        if changed:
            self.settings_events.emit(SettingsChanged(changed))

    def keys_gone_notice(self) -> str | None:
        """One sentence naming the providers whose key the config takes from the keyring but the
        keyring no longer holds (kept for one session only, or removed outside the app), so
        the user hears it at start rather than when a message fails. Reads the keyring: call it
        off the GUI thread."""
        gone = [
            entry.label or provider_id
            for provider_id, entry in self.config.providers.items()
            if any(not self.secrets.has(name) for name in config_module.keyring_names(entry))
        ]
        if not gone:
            return None
        named = ", ".join(f"“{label}”" for label in gone)
        if len(gone) == 1:
            return QT_TRANSLATE_NOOP(
                "Errors",
                "The API key of {named} is no longer stored (a key kept for one session only is "
                "gone after a restart). Enter it again in Settings → Providers.",
            ).format(named=named)
        return QT_TRANSLATE_NOOP(
            "Errors",
            "The API keys of {named} are no longer stored (a key kept for one session only is "
            "gone after a restart). Enter them again in Settings → Providers.",
        ).format(named=named)

    def save_config(self) -> list[str]:
        """Write the config; returns notices for secrets kept for this session only."""
        return save_config(self.config, self._paths.config_path, self.secrets)

    def apply_settings_change(self, change: SettingsChange) -> ApplyResult:
        """Apply what the user changed, all or nothing, and wait for it (headless use: it
        blocks on the keyring and the disk; the GUI takes the three steps below itself, with
        the writing on a worker thread).

        Checks only what changed, the required values of providers some agent uses and of
        plugins an agent has on (`settings_changes.validate_change`), then
        writes secrets, settings and config; when writing fails, the secrets and both files are
        put back. Problems come back per field ("providers.<id>.<key>", "settings.<name>").
        """
        prepared = self.begin_settings_change(change)
        if isinstance(prepared, ApplyResult):
            return prepared
        return self.finish_settings_change(prepared, self.write_settings_change(prepared))

    def begin_settings_change(self, change: SettingsChange) -> PreparedChange | ApplyResult:
        """Check `change` (no waiting: memory only): what `write_settings_change` writes, or
        the problems (nothing changed). One change at a time: until the last one is finished
        another is refused."""
        if self._change_in_progress:
            return ApplyResult(
                problems={"": "Another change is still being saved; try again when it is done."}
            )
        new_settings, new_config, problems = validate_change(
            self.settings,
            self.config,
            change,
            self._plugins.provider_config_schema,
            self._plugins.plugin_settings_declared(),
        )
        if new_settings is None or new_config is None:
            return ApplyResult(problems=problems)
        self._change_in_progress = True
        return PreparedChange(
            change,
            self.settings.model_copy(deep=True),
            self._keep_decisions(new_settings, self.settings, change),
            new_config,
        )

    def write_settings_change(self, prepared: PreparedChange) -> ApplyResult:
        """Write secrets, settings and config of a begun change; on any thread (the keyring
        may take long: a locked one asks to be unlocked first). Touches no state but the
        keyring and the two files; if writing fails, they are put back as they were."""
        previous: dict[str, str | None] = {}
        try:
            notices = store_secrets(self.secrets, prepared.change, previous, prepared.new_config)
            notices += write_both(
                prepared.new_settings,
                prepared.new_config,
                self._paths.settings_path,
                self._paths.config_path,
                self.secrets,
            )
        # The disk, or a keyring backend failing in its own way: all or nothing still holds.
        except Exception as error:  # noqa: BLE001 - restored and reported in the result
            restore_secrets(self.secrets, previous)
            reason = f"{type(error).__name__}: {redact(str(error))}"
            return ApplyResult(
                problems={"": f"The settings could not be saved ({reason}); nothing was changed."}
            )
        return ApplyResult(notices=notices)

    def finish_settings_change(self, prepared: PreparedChange, written: ApplyResult) -> ApplyResult:
        """Take a written change into effect and announce it (`settings_events`); on the
        application's own thread (the GUI's), as listeners update widgets. Returns `written`."""
        self._change_in_progress = False
        if not written.ok:
            return written
        new_settings = self._with_changes_made_meanwhile(prepared)
        changed = changed_keys(
            self.settings, self.config, new_settings, prepared.new_config
        ) | sections_of_secrets(prepared.change.secrets)
        if any(section_of_secret(name) is None for name in prepared.change.secrets):
            changed |= {SECRETS_KEY}  # a plugin's own secret, under no config section
        self.settings, self.config = new_settings, prepared.new_config
        for tool in prepared.change.revoked_tools:
            self.approvals.revoke(tool)
        if changed or written.notices:
            self.settings_events.emit(SettingsChanged(changed, tuple(written.notices)))
        return written

    @staticmethod
    def _keep_decisions(new: Settings, current: Settings, change: SettingsChange) -> Settings:
        """`new` with the approvals and rules of `current`, minus those `change` revoked:
        decisions made while the dialog was open are kept."""
        new.tool_approvals = {
            tool: decision
            for tool, decision in current.tool_approvals.items()
            if tool not in change.revoked_tools
        }
        new.approved_tool_definitions = {
            tool: pin
            for tool, pin in current.approved_tool_definitions.items()
            if tool not in change.revoked_tools
        }
        new.tool_rules = [
            rule for rule in current.tool_rules if rule.rule_id not in change.revoked_rules
        ]
        return new

    def _with_changes_made_meanwhile(self, prepared: PreparedChange) -> Settings:
        """The change's settings, plus what others set while it was being written (an approval
        remembered, View → Dark during a first-run save), which the file then gets too."""
        before, now = prepared.settings_before.model_dump(), self.settings.model_dump()
        meanwhile = {
            key: value
            for key, value in now.items()
            if value != before.get(key) and key not in prepared.change.settings
        }
        if not meanwhile:
            return prepared.new_settings
        merged = Settings.model_validate({**prepared.new_settings.model_dump(), **meanwhile})
        merged = self._keep_decisions(merged, self.settings, prepared.change)
        save_settings(merged, self._paths.settings_path)
        return merged

    def keyring_glance(self) -> KeyringGlance:
        """What the settings forms show about the secrets the config refers to, looked up now:
        call it off the GUI thread (the keyring may wait until it is unlocked)."""
        return KeyringGlance(self.secrets, config_module.keyring_names(self.config))

    def learn_configured_secrets(self) -> None:
        """Make `redact` know every secret the config refers to (all providers, not only the one
        in use), so a server echoing any of them never gets it onto disk. Looked up again only
        when the config changed."""
        references = config_module.referenced_secrets(self.config)
        if references != self._learned_references:
            config_module.remember_referenced_secrets(self.config, self.secrets)
            self._learned_references = references

    async def aread_configured_secrets(self) -> None:
        """`learn_configured_secrets` off the loop's thread, before a request resolves its
        config on the loop. The first read of a keyring secret imports the keyring library,
        wakes its service over D-Bus and may wait while the user unlocks it; the window stays
        live meanwhile, and the request's own lookups then come from memory. On a thread of its
        own: it never queues behind plugin calls that fill the shared executor."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._keyring_reader, self.learn_configured_secrets)

    @functools.cached_property
    def _keyring_reader(self) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="keyring")

    def build_agent_config(
        self, agent_id: str | None = None, provider_id: str | None = None
    ) -> dict[str, Any]:
        """The flat config of agent `agent_id` (default agent if None), references unresolved;
        `provider_id`: a configured provider in place of the agent's (a chat's own choice)."""
        return config_module.build_agent_config(self.config, agent_id, provider_id)

    def resolve_request_config(
        self,
        base_config: dict[str, Any],
        overrides: dict[str, Any] | None = None,
        unresolved: list[str] | None = None,
    ) -> dict[str, Any]:
        """The effective request config with secrets resolved in memory, plus the
        `runtime_state_root`, `skills_dir`, `memory_path` and `project_index_path` (the session
        database: the project search index is kept in the app's store). A reference
        that cannot be resolved raises ConfigError, or with `unresolved` given is left out and
        explained there."""
        self.learn_configured_secrets()
        resolved = config_module.resolve_request_config(
            base_config, overrides, secrets=self.secrets, unresolved=unresolved
        )
        resolved.setdefault("runtime_state_root", str(self._paths.runtime_state_root))
        resolved.setdefault("skills_dir", str(self._paths.skills_dir))
        resolved.setdefault("memory_path", str(self._paths.memory_path))
        resolved.setdefault("project_index_path", str(self._paths.database_path))
        resolved.setdefault("project_index_legacy_path", str(self._paths.legacy_project_index_path))
        return resolved

    # ------------------------------------------------------------------ providers

    def resolve_unsaved(
        self, entry: dict[str, Any], typed_secrets: Mapping[str, str | None] | None = None
    ) -> dict[str, Any]:
        """`entry` (an entry being edited) with its `${env:…}`/`${keyring:…}` references
        resolved, keys typed but not stored yet (`typed_secrets`) included; ConfigError when one
        cannot be. For a test right now, in memory only."""
        return config_module.resolve_request_config(
            entry, None, secrets=_TypedSecrets(self.secrets, dict(typed_secrets or {}))
        )

    async def test_provider_connection(
        self, entry: dict[str, Any], typed_secrets: dict[str, str | None] | None = None
    ) -> dict[str, Any]:
        """Try a provider entry (possibly not saved yet) now: {"ok", "models", "error"}.

        `typed_secrets` are keys typed but not stored yet ({keyring name: value}); they are
        used for this test only. The plugin's `test_connection` runs in a worker thread; a
        plugin without one is asked for its models (which cannot tell a failure apart).
        """
        plugin_name = str(entry.get("provider") or "")
        instance = self._plugins.instance(plugin_name)
        if instance is None:
            return _failed(f"The provider plugin {plugin_name!r} is not loaded.")
        config = {key: value for key, value in entry.items() if key != "label"}
        loop = asyncio.get_running_loop()
        try:
            # In a worker: a `${keyring:…}` reference waits on the keyring.
            resolved = await loop.run_in_executor(None, self.resolve_unsaved, config, typed_secrets)
        except ConfigError as error:
            return _failed(str(error))
        test = getattr(instance, "test_connection", None)
        try:
            if test is None:
                models = await loop.run_in_executor(None, instance.get_models, resolved)
                return {"ok": True, "models": list(models or []), "error": ""}
            outcome = await loop.run_in_executor(None, test, resolved)
        except PLUGIN_FAULTS as error:  # the plugin's own failure, reported with its name and hook
            logger.warning("Plugin %r failed in test_connection: %s", plugin_name, error)
            return _failed(
                f"The plugin {plugin_name!r} failed in test_connection: "
                f"{type(error).__name__}: {redact(str(error))}"
            )
        if not isinstance(outcome, dict):
            return _failed(f"The plugin {plugin_name!r} answered the test with {outcome!r}.")
        return {
            "ok": bool(outcome.get("ok")),
            "models": list(outcome.get("models") or []),
            "error": redact(str(outcome.get("error") or "")),
        }

    def close(self) -> None:
        if "_keyring_reader" in self.__dict__:
            self._keyring_reader.shutdown(wait=False)  # a keyring that never answers stays behind


def _failed(reason: str) -> dict[str, Any]:
    return {"ok": False, "models": [], "error": reason}


class _TypedSecrets:
    """The secret store with keys typed in a form (not stored yet) laid over it."""

    def __init__(self, store: SecretStore, typed: dict[str, str | None]) -> None:
        self._store = store
        self._typed = typed

    def get(self, name: str) -> str | None:
        if name in self._typed:
            return self._typed[name]
        return self._store.get(name)
