"""AgentApplication: the one object the GUI talks to (no Qt).

It owns the folders, settings, config, secrets, the session database, the attachment store and
the plugins, builds the `AgentCore` every request runs on, and fires the session lifecycle
triggers: `session_create` when a session is created and `session_save_prepare` before a session
is saved (`response_finalize` is run by the core itself at the end of every provider turn).

Plugin classes are instantiated once per application and the same instances are registered with
the core, so long-lived tools (MCP connections) keep their state; `aclose()` shuts them down.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from agent_app import DEFAULT_AGENT_ID
from agent_app import config as config_module
from agent_app.adapters.agent_adapter import runtime_factory_for_app
from agent_app.approval import ApprovalHandler, ApprovalPolicy
from agent_app.assets import (
    AssetError,
    SessionAssetStore,
    inline_parts_for_provider,
    without_inlined_content,
)
from agent_app.config import (
    ConfigError,
    load_config,
    references_keyring,
    save_config,
)
from agent_app.export import ExportError, export_json, export_markdown, import_json
from agent_app.paths import AppPaths, resolve_paths
from agent_app.plugin_host import PluginHost, catalog_of, find_plugins
from agent_app.plugin_queries import PluginQueries
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
    SettingsChanged,
    SettingsEvents,
    changed_keys,
    sections_of_secrets,
)
from agent_app.store import SessionStore, StoreConflictError, StoreError
from agent_app.tool_loop import RequestTarget, ToolLoopRunner
from agent_app.tool_servers import ToolServers
from agent_app.turn_outcome import STOPPED
from agent_core import AgentCore, Session
from agent_core.action_cancel import ActionCancellation
from agent_core.hooks import PLUGIN_FAULTS

logger = logging.getLogger(__name__)

SESSION_CREATE = "session_create"
SESSION_SAVE_PREPARE = "session_save_prepare"
CONFIG_OVERRIDES_KEY = "config_overrides"
_CLOSE_METHODS = ("aclose", "close", "shutdown")
# Files in the asset folder without a record are removed at start-up once they are this old.
_LEFTOVER_AGE_SECONDS = 3600.0


class AgentApplication:
    """Sessions, assets, secrets, settings, config and plugins of one installation."""

    def __init__(self, paths: AppPaths | None = None, *, plugins: list[Any] | None = None) -> None:
        self.paths = paths or resolve_paths()
        self.notices: list[str] = []
        """Plain-words problems found while starting (bad settings file, no keyring, damaged
        database, plugins that failed to load), each saying what was set aside and where the
        original is kept; the GUI shows them once. Start-up never fails on them."""
        self.notices.extend(self.paths.ensure_exist())
        self.settings, problems = load_settings(self.paths.settings_path)
        self.notices.extend(problems)
        self.settings_events = SettingsEvents()
        """Applied settings changes; the window subscribes to the keys it shows."""
        self.secrets = SecretStore()
        self.config, problems = load_config(self.paths.config_path, self.secrets)
        self.notices.extend(problems)
        # Only a config that keeps keys in the keyring needs one now; otherwise the question
        # waits until a key is entered (the settings and first-run forms say it then).
        if references_keyring(self.config) and self.secrets.problem:
            self.notices.append(self.secrets.problem)
        self.store = SessionStore(self.paths.database_path)
        self.notices.extend(
            notice for notice in (self.store.problem, self.store.flagged_notice) if notice
        )
        self.assets = SessionAssetStore(
            self.store, self.paths.assets_dir, max_bytes=self.settings.max_attachment_bytes
        )
        self._remove_sessions_deleted_earlier()
        self._recover_interrupted_answers()
        catalog = (
            find_plugins(self.paths, self.settings, self.notices)
            if plugins is None
            else catalog_of(plugins)
        )
        self.plugins = PluginHost(catalog, self.secrets, self.notices)
        self.tool_servers = ToolServers(self.plugins, self, self.assets)
        self._closed = False
        # The loop requests run on; sync plugin code in worker threads reaches it through this.
        self._loop: asyncio.AbstractEventLoop | None = None
        self._learned_references: frozenset[str] | None = None
        self._change_in_progress = False

    # ------------------------------------------------------------------ start-up

    def _remove_sessions_deleted_earlier(self) -> None:
        """Sessions deleted in an earlier run can no longer be restored: remove them for good,
        with their attachments and anything an earlier crash left half-added."""
        if self.store.read_only:
            return
        try:
            self.assets.purge_deleted_sessions(deleted_before=time.time())
            self.assets.remove_unreferenced_blobs(older_than_seconds=_LEFTOVER_AGE_SECONDS)
        except (StoreError, AssetError, OSError) as error:  # tidying up can wait a start
            logger.warning("Removing deleted conversations failed: %s", error)

    def _recover_interrupted_answers(self) -> None:
        if self.store.read_only:
            return
        try:
            recovery = self.store.recover_drafts()
        except StoreError as error:
            self.notices.append(
                f"Answers cut off when the app last stopped could not be recovered: {error} "
                "They stay in the database for the next start."
            )
            return
        if recovery.recovered:
            self.notices.append(
                f"{len(recovery.recovered)} answer(s) were cut off when the app last stopped; "
                "what had arrived was kept and marked as incomplete."
            )
        if recovery.notice:
            self.notices.append(recovery.notice)

    # ------------------------------------------------------------------ settings and config

    def save_settings(self) -> None:
        save_settings(self.settings, self.paths.settings_path)
        self.assets.max_bytes = self.settings.max_attachment_bytes

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

    def save_config(self) -> list[str]:
        """Write the config; returns notices for secrets kept for this session only."""
        return save_config(self.config, self.paths.config_path, self.secrets)

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
            self.plugins.provider_config_schema,
            self.plugins.plugin_settings_declared(),
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
                self.paths.settings_path,
                self.paths.config_path,
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
        self.settings, self.config = new_settings, prepared.new_config
        self.assets.max_bytes = new_settings.max_attachment_bytes
        for tool in prepared.change.revoked_tools:
            self.revoke_tool_approval(tool)
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
        save_settings(merged, self.paths.settings_path)
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

    def build_agent_config(self, agent_id: str | None = None) -> dict[str, Any]:
        """The flat config of agent `agent_id` (default agent if None), references unresolved."""
        return config_module.build_agent_config(self.config, agent_id)

    def resolve_request_config(
        self,
        base_config: dict[str, Any],
        overrides: dict[str, Any] | None = None,
        unresolved: list[str] | None = None,
    ) -> dict[str, Any]:
        """The effective request config with secrets resolved in memory, plus the app's
        `session_asset_store` and `runtime_state_root`. A reference that cannot be resolved
        raises ConfigError, or with `unresolved` given is left out and explained there."""
        self.learn_configured_secrets()
        resolved = config_module.resolve_request_config(
            base_config, overrides, secrets=self.secrets, unresolved=unresolved
        )
        resolved.setdefault("runtime_state_root", str(self.paths.runtime_state_root))
        resolved["session_asset_store"] = self.assets
        return resolved

    # ------------------------------------------------------------------ core

    def build_core(self, agent_id: str | None = None) -> AgentCore:
        """The core with every loaded plugin registered (one per application, built lazily).

        Enablement is decided per request from the config, so one core serves every agent;
        `agent_id` is checked so an unknown agent is reported here.
        """
        if agent_id is not None:
            self.config.agent(agent_id)
        return self.plugins.core(self.settings.plugin_hook_time_limit_seconds)

    def update_agent(
        self, agent_id: str | None, session: Session
    ) -> tuple[AgentCore, dict[str, Any], Session]:
        """Switch `session` to agent `agent_id`: returns (core, base config, session).

        The returned session is not saved (plugins use this for temporary sessions); save it
        to make the switch stick.
        """
        key = agent_id or DEFAULT_AGENT_ID
        base_config = self.build_agent_config(key)
        core = self.build_core(key)
        switched = Session(
            session.session_id, session.messages, {**session.metadata, "agent_id": key}
        )
        return core, base_config, switched

    def build_context(
        self,
        session: Session,
        *,
        config: dict[str, Any],
        base_config: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The layer-2 (application) context for actions and tools.

        `base_config` defaults to the flat config of the session's agent (or `config` when
        that agent cannot be built). `extra` adds layer-3 keys; it cannot replace layer-2 keys.
        """
        if base_config is None:
            try:
                base_config = self.build_agent_config(session.metadata.get("agent_id"))
            except ConfigError:
                base_config = config
        owned = {
            "trigger_source": "application",
            "app": self,
            "application": self,
            "base_config": base_config,
            "session_asset_store": self.assets,
            "runtime_state_root": str(self.paths.runtime_state_root),
        }
        context = dict(extra or {})
        clashes = sorted(key for key in owned if key in context)
        if clashes:
            logger.warning("Ignoring context keys reserved by the application: %s", clashes)
        context.update(owned)
        return context

    def _session_config(
        self, session: Session, unresolved: list[str] | None = None
    ) -> tuple[AgentCore, dict[str, Any], dict[str, Any]]:
        """(core, resolved config, base config) for actions on `session`; see
        `resolve_request_config` for `unresolved`."""
        agent_id = session.metadata.get("agent_id")
        base_config = self.build_agent_config(agent_id)
        overrides, _refused = config_module.session_overrides(
            session.metadata.get(CONFIG_OVERRIDES_KEY)
        )
        config = self.resolve_request_config(base_config, overrides, unresolved)
        return self.build_core(agent_id), config, base_config

    # ------------------------------------------------------------------ sessions

    def create_session(self, agent_id: str | None = None) -> Session:
        """A new, saved, empty session of agent `agent_id`; `session_create` actions have run.

        Blocking (plugin code runs here): the window uses `store_new_session` and
        `arun_session_create` instead.
        """
        session = self.store_new_session(agent_id)
        created = self.run_session_lifecycle(session, SESSION_CREATE)
        if created != session:
            self.store.save_session(created)
        return created

    def store_new_session(self, agent_id: str | None = None) -> Session:
        """A new, saved, empty session of agent `agent_id`, before its `session_create` actions."""
        key = agent_id or DEFAULT_AGENT_ID
        self.config.agent(key)
        session = Session(uuid.uuid4().hex, [], {"title": "", "agent_id": key})
        self.store.create_session(session.session_id, title="", agent_id=key)
        return session

    async def arun_session_create(self, session: Session) -> tuple[Session, list[dict[str, Any]]]:
        """Run the `session_create` actions of a session from `store_new_session`, off the loop.

        Returns the session as the actions left it (saved) and a `plugin_disabled` event for
        each plugin that failed or overran the hook time limit there (named with its hook);
        the session is usable either way.
        """
        created, notices = await self.arun_session_lifecycle(session, SESSION_CREATE)
        if created != session:
            try:
                await asyncio.to_thread(self.store.save_session, created)
            except StoreError as error:  # the chat's next save stores it
                logger.warning("Saving what session_create actions changed failed: %s", error)
        return created, notices

    def load_session(self, session_id: str, *, limit: int | None = None) -> Session:
        return self.store.load_session(session_id, limit=limit)

    def save_session(
        self, session: Session, *, expected_message_count: int | None = None
    ) -> Session:
        """Run `session_save_prepare` actions, then save; returns the session as saved.

        `expected_message_count` guards against overwriting messages stored meanwhile (see
        `SessionStore.save_session`).
        """
        prepared = self.run_session_lifecycle(session, SESSION_SAVE_PREPARE)
        self.store.save_session(prepared, expected_message_count=expected_message_count)
        return prepared

    async def asave_session(
        self, session: Session, *, expected_message_count: int | None = None
    ) -> Session:
        """`save_session` for the event loop; see `asave_session_reporting`."""
        saved, _skipped = await self.asave_session_reporting(
            session, expected_message_count=expected_message_count
        )
        return saved

    async def asave_session_reporting(
        self, session: Session, *, expected_message_count: int | None = None
    ) -> tuple[Session, list[dict[str, Any]]]:
        """`save_session` for the event loop: (session as saved, `plugin_disabled` events).

        Save-prepare actions may call a model: their hooks run on the core's workers, each
        action within `settings.tool_timeout_seconds` (as long as a tool call). A plugin that
        fails or overruns there is skipped (logged, and named with its hook in the events);
        the session is saved either way.
        """
        prepared, skipped = await self.arun_session_lifecycle(
            session, SESSION_SAVE_PREPARE, action_time_limit=self.settings.tool_timeout_seconds
        )
        await asyncio.to_thread(
            functools.partial(
                self.store.save_session, prepared, expected_message_count=expected_message_count
            )
        )
        return prepared, skipped

    def list_sessions(
        self, query: str | None = None, limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        return self.store.list_sessions(query, limit, offset)

    def search_sessions(self, text: str) -> list[dict[str, Any]]:
        return self.store.search_sessions(text)

    async def asearch_sessions(self, text: str) -> list[dict[str, Any]]:
        """`search_sessions` on a worker thread (the store searches on its own connection)."""
        return await asyncio.get_running_loop().run_in_executor(
            None, self.store.search_sessions, text
        )

    def message_count(self, session_id: str) -> int:
        return self.store.message_count(session_id)

    def largest_message_bytes(self, session_id: str, *, newest: int | None = None) -> int:
        return self.store.largest_message_bytes(session_id, newest=newest)

    def rename_session(self, session_id: str, title: str) -> None:
        self.store.rename_session(session_id, title.strip())

    def delete_session(self, session_id: str) -> None:
        """Delete a session; `restore_session` undoes it until the app is restarted."""
        self.store.delete_session(session_id)
        if self.settings.last_session_id == session_id:
            self.settings.last_session_id = None

    def restore_session(self, session_id: str) -> None:
        self.store.restore_session(session_id)

    def export_session(self, session_id: str, format: str) -> str:
        """The session as "markdown" or "json" (attachments included in JSON)."""
        self.learn_configured_secrets()
        session = self.store.load_session(session_id)
        if format == "markdown":
            return export_markdown(session, self.assets)
        if format == "json":
            return export_json(session, self.assets)
        raise ExportError(f"Unknown export format {format!r}; use 'markdown' or 'json'.")

    def import_session(
        self,
        path: str | Path,
        notices: list[str] | None = None,
        already_present: list[str] | None = None,
    ) -> Session:
        """Import a JSON export as a new session (with its attachments); what the file asked
        for and did not get (its own settings) is said in `notices`. A chat already here
        unchanged is returned instead of copied, its id added to `already_present`."""
        self.learn_configured_secrets()
        return import_json(Path(path), self.store, self.assets, notices, already_present)

    # ------------------------------------------------------------------ actions and lifecycle

    def run_session_lifecycle(self, session: Session, trigger: str) -> Session:
        """Run the actions of enabled plugins triggered by `trigger`; returns the new session."""
        prepared = self._lifecycle_inputs(session, trigger)
        if prepared is None:
            return session
        core, config, inlined, context = prepared
        updated = core.execute_lifecycle_actions(inlined, config, trigger, context=context)
        return self._without_inlined_attachments(session, inlined, updated)

    async def arun_session_lifecycle(
        self, session: Session, trigger: str, *, action_time_limit: float | None = None
    ) -> tuple[Session, list[dict[str, Any]]]:
        """`run_session_lifecycle` for the event loop: the hooks run on the core's workers
        within the hook time limit (actions: `action_time_limit`, when given), and tools are
        prepared on this loop as for a request. Returns (new session, `plugin_disabled` events
        of plugins skipped on the way)."""
        self.remember_loop()
        # Resolving the config may read the keyring and inlining reads attachments.
        prepared = await asyncio.to_thread(self._lifecycle_inputs, session, trigger)
        if prepared is None:
            return session, []
        core, config, inlined, context = prepared
        updated, notices = await core.aexecute_lifecycle_actions(
            inlined, config, trigger, context=context, action_time_limit=action_time_limit
        )
        return self._without_inlined_attachments(session, inlined, updated), notices

    def _lifecycle_inputs(
        self, session: Session, trigger: str
    ) -> tuple[AgentCore, dict[str, Any], Session, dict[str, Any]] | None:
        """(core, config, session with attachments inlined, context) for lifecycle actions;
        None when the session's agent cannot be configured (unknown agent, missing key): the
        actions are skipped with a logged warning, lifecycle work never blocks the user."""
        try:
            core, config, base_config = self._session_config(session)
        except ConfigError as error:
            logger.warning(
                "Skipping %s actions for session %s: %s", trigger, session.session_id, error
            )
            return None
        inlined = self._with_inlined_attachments(session)
        context = self.build_context(inlined, config=config, base_config=base_config)
        return core, config, inlined, context

    def run_session_action(
        self,
        session: Session,
        action_id: str,
        params: dict[str, Any] | None = None,
        owner: str | None = None,
        cancellation: ActionCancellation | None = None,
    ) -> tuple[Session, dict[str, Any]]:
        """Run a session action on `session` without saving: (changed session, result dict).

        Blocking (actions may call a model): run it on a worker; `cancellation` cancels its model
        calls. Errors come back as `{"status": "error", "error": {...}}` with the session
        unchanged.

        A key that is not stored does not stop an action that needs none (Undo compaction);
        one that fails without it reports what is missing and how to fix it.
        """
        unresolved: list[str] = []
        try:
            core, config, base_config = self._session_config(session, unresolved)
        except ConfigError as error:
            return session, _config_error_result(str(error))
        inlined = self._with_inlined_attachments(session)
        context = self.build_context(inlined, config=config, base_config=base_config)
        updated, result = core.execute_session_action(
            inlined,
            config,
            action_id,
            params or {},
            owner=owner,
            context=context,
            cancellation=cancellation,
        )
        if unresolved and result.get("status") == "error":
            failure = result.get("error")
            reason = failure.get("message") if isinstance(failure, dict) else None
            return session, _config_error_result(
                " ".join(unresolved) + (f" (The action failed: {reason})" if reason else "")
            )
        return self._without_inlined_attachments(session, inlined, updated), result

    def _with_inlined_attachments(self, session: Session) -> Session:
        """Actions convert the whole history for the provider, which needs attachments' content
        (not just their asset ids) wherever they are in it."""
        if not any(message.multipart_content for message in session.messages):
            return session
        messages = inline_parts_for_provider(session.messages, self.assets)
        return Session(session.session_id, messages, dict(session.metadata))

    @staticmethod
    def _without_inlined_attachments(
        session: Session, inlined: Session, updated: Session
    ) -> Session:
        if updated == inlined:
            return session
        if inlined is session:
            return updated
        messages = without_inlined_content(updated.messages)
        return Session(updated.session_id, messages, updated.metadata)

    def execute_session_action(
        self,
        session_id: str,
        action_id: str,
        params: dict[str, Any] | None = None,
        owner: str | None = None,
    ) -> dict[str, Any]:
        """Run a session action on the stored session and save its result; returns the action's
        result dict with the updated `session` added."""
        session = self.store.load_session(session_id)
        updated, result = self.run_session_action(session, action_id, params, owner)
        if updated != session:
            try:
                updated = self.save_session(updated, expected_message_count=len(session.messages))
            except StoreConflictError as error:
                return {
                    "status": "error",
                    "error": {
                        "type": "session_changed",
                        "message": str(error),
                        "plugin": None,
                        "hook": None,
                    },
                    "session": self.store.load_session(session_id),
                }
        return {**result, "session": updated}

    async def aexecute_session_action(
        self,
        session_id: str,
        action_id: str,
        params: dict[str, Any] | None = None,
        owner: str | None = None,
    ) -> dict[str, Any]:
        """`execute_session_action` off the event loop (actions may call a model and block)."""
        self.remember_loop()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            None,
            functools.partial(self.execute_session_action, session_id, action_id, params, owner),
        )

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
        instance = self.plugins.instance(plugin_name)
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

    # ------------------------------------------------------------------ requests (tool loop)

    @functools.cached_property
    def plugin_queries(self) -> PluginQueries:
        """What the GUI asks plugins (UI schema, models, completions, ...), off its thread."""
        return PluginQueries(self)

    @functools.cached_property
    def tool_loop(self) -> ToolLoopRunner:
        return ToolLoopRunner(self, ApprovalPolicy(self))

    def send_request(self, *args: Any, stream: bool = True, **kwargs: Any) -> Any:
        """Run the tool loop; two call shapes.

        - ``send_request(session, overrides=None, *, stream=True)``: the conversation's own
          request (stored as it goes); returns an async iterator of events.
        - ``send_request(core, session, config, overrides=None, stream=...)``: the spec's
          layer-2 shape, used by features that switch agent (``app.update_agent``). The full tool
          loop runs on `core` with `config` (a base config, resolved here with `overrides`) over
          a copy of `session` that is never stored; the caller keeps what it needs from the
          events. ``stream=False`` returns the list of every event once the loop has finished
          (``request_completed``'s ``session`` holds the result); ``stream=True`` returns
          `SpecRequestEvents`, iterable with ``async for`` on the loop or ``for`` in a worker
          thread. Plugin code that runs in a worker thread (sync actions) blocks only itself.
        """
        if (args and isinstance(args[0], Session)) or (not args and "session" in kwargs):
            return self.tool_loop.run(*args, stream=stream, **kwargs)
        core, session, config, overrides = _spec_request_arguments(args, kwargs)
        events = SpecRequestEvents(
            self.tool_loop.run(
                session, overrides, stream=stream, target=RequestTarget(core, dict(config))
            ),
            self._loop,
        )
        return events if stream else list(events)

    def remember_loop(self) -> None:
        """Note the running loop as the one requests run on (called by the async entry points,
        so sync plugin code they start in worker threads can run requests there)."""
        self._loop = asyncio.get_running_loop()

    async def astart(self) -> list[str]:
        """Start-up work that needs the loop: agent-adapter plugins' `initialize(runtime)`.

        Each plugin is initialized once, now, with its own RuntimeAPI. Returns the problems in
        words (also added to `notices`); a plugin that failed is tried again before its tools
        are next offered.
        """
        self.remember_loop()
        return await self.plugins.start_adapters(runtime_factory_for_app(self))

    def cancel_request(self, request_id: str, reason: str = STOPPED) -> bool:
        """Stop a running request (provider and tools); False when it is not running.
        `reason`: `STOPPED` (the user) or `QUIT` (the app), kept with the partial answer."""
        return self.tool_loop.cancel(request_id, reason)

    def set_approval_handler(self, handler: ApprovalHandler | None) -> None:
        """Install the callback that asks the user about tool calls (None: deny, headless)."""
        self.tool_loop.approval.set_handler(handler)

    def revoke_tool_approval(self, tool_name: str) -> bool:
        """Take back "always allow" for `tool_name`; True when there was one."""
        return self.tool_loop.approval.revoke(tool_name)

    def revoke_tool_rule(self, rule_id: str) -> bool:
        """Take back an argument rule (see `ToolRule.rule_id`); True when there was one."""
        return self.tool_loop.approval.revoke_rule(rule_id)

    # ------------------------------------------------------------------ shutdown

    async def aclose(self) -> None:
        """Shut down plugin instances (MCP connections, ...), the core and the database."""
        if self._closed:
            return
        self._closed = True
        if "tool_loop" in self.__dict__:  # requests only run once the loop was built
            try:
                await asyncio.wait_for(self.tool_loop.stop_all(), self.close_deadline_seconds)
            except TimeoutError:
                logger.error("Running requests did not stop in time; quitting without them")
        await self.plugins.aclose(self.close_deadline_seconds)
        self._close_own_resources()

    close_deadline_seconds = 5.0
    """How long quitting waits for plugins to close (MCP connections, ...)."""

    def close(self) -> None:
        """Synchronous shutdown (no running event loop): runs `aclose` to completion."""
        if self._closed:
            return
        asyncio.run(self.aclose())

    def _close_own_resources(self) -> None:
        if "_keyring_reader" in self.__dict__:
            self._keyring_reader.shutdown(wait=False)  # a keyring that never answers stays behind
        self.store.close()


class SpecRequestEvents:
    """The events of a spec-shaped `send_request`: ``async for`` on the loop, ``for`` elsewhere.

    Iterated with ``for`` from a thread other than the loop's, each event is fetched from the
    loop the application runs on; with no such loop (a script, a test without a GUI) the
    request runs on a private `asyncio.SelectorEventLoop` in the calling thread. Iterating with
    ``for`` on the loop's own thread would freeze it, so that is refused with a clear error.
    """

    def __init__(
        self, events: AsyncIterator[dict[str, Any]], loop: asyncio.AbstractEventLoop | None
    ) -> None:
        self._events = events
        self._loop = loop

    def __aiter__(self) -> AsyncIterator[dict[str, Any]]:
        return self._events

    def __iter__(self) -> Iterator[dict[str, Any]]:
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None:
            raise RuntimeError(
                "app.send_request(core, session, config, ...) was iterated with a plain `for` "
                "(or stream=False) on the event loop's own thread, which would freeze the app. "
                "Call it from a sync hook (they run in worker threads) or use `async for`."
            )
        loop = self._loop
        if loop is not None and loop.is_running():
            yield from self._from_loop(loop)
        else:
            yield from self._on_private_loop()

    def _from_loop(self, loop: asyncio.AbstractEventLoop) -> Iterator[dict[str, Any]]:
        events = self._events

        async def next_event() -> dict[str, Any]:
            return await events.__anext__()

        while True:
            try:
                yield asyncio.run_coroutine_threadsafe(next_event(), loop).result()
            except StopAsyncIteration:
                return

    def _on_private_loop(self) -> Iterator[dict[str, Any]]:
        loop = asyncio.SelectorEventLoop()
        events = self._events
        try:
            while True:
                try:
                    yield loop.run_until_complete(events.__anext__())
                except StopAsyncIteration:
                    return
        finally:
            loop.run_until_complete(events.aclose())  # type: ignore[attr-defined]
            loop.close()


def _spec_request_arguments(
    args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[AgentCore, Session, dict[str, Any], dict[str, Any] | None]:
    """(core, session, config, overrides) of a spec-shaped call, or a TypeError saying why not."""
    names = ("core", "session", "config", "overrides")
    values = dict(zip(names, args, strict=False))
    for name in names:
        if name in kwargs:
            values[name] = kwargs.pop(name)
    if kwargs or len(args) > len(names):
        raise TypeError(
            "send_request takes (session, overrides=None, *, stream=True) or the spec's "
            "(core, session, config, overrides=None, stream=...); got unexpected arguments"
        )
    core, session, config = values.get("core"), values.get("session"), values.get("config")
    if not isinstance(core, AgentCore) or not isinstance(session, Session):
        raise TypeError(
            "send_request(core, session, config, overrides): expected an AgentCore and a "
            f"Session, got {type(core).__name__} and {type(session).__name__} (use "
            "app.update_agent(agent_id, session) to get both)"
        )
    if not isinstance(config, dict):
        raise TypeError(f"send_request: config must be a dict, not {type(config).__name__}")
    overrides = values.get("overrides")
    return core, session, config, overrides if isinstance(overrides, dict) else None


def _config_error_result(message: str) -> dict[str, Any]:
    """A session action's error result for settings that could not be used."""
    return {
        "status": "error",
        "error": {"type": "config_error", "message": message, "plugin": None, "hook": None},
    }


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
