"""The sessions service: every stored chat, its attachments, and what plugins do to it.

`Sessions` holds the session database (`SessionStore`, SQLite) and the attachment store
(`SessionAssetStore`), and is the one place a chat is created, loaded, saved, listed, searched,
renamed, deleted and restored, exported and imported. It fires the spec's session lifecycle
triggers: `session_create` when a session is created and `session_save_prepare` before a session
is saved (`response_finalize` is run by the core itself at the end of every provider turn), and
runs plugins' session actions. Both run on the core `Agents` sets up, with the attachments'
content inlined for the provider and taken out again before anything is stored.

`AgentApplication.sessions` is the one instance; the conversations, the tool loop (which saves
as a request goes) and the sidebar use it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_app import DEFAULT_AGENT_ID
from agent_app.assets import (
    AssetError,
    SessionAssetStore,
    inline_parts_for_provider,
    without_inlined_content,
)
from agent_app.config import ConfigError
from agent_app.export import ExportError, export_json, export_markdown, import_json
from agent_app.store import SessionStore, StoreConflictError, StoreError
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import AgentCore, Session

if TYPE_CHECKING:
    from collections.abc import Sequence

    from agent_app.agents import Agents
    from agent_app.configuration import Configuration
    from agent_app.paths import AppPaths
    from agent_core.action_cancel import ActionCancellation

logger = logging.getLogger(__name__)

SESSION_CREATE = "session_create"
SESSION_SAVE_PREPARE = "session_save_prepare"
# Files in the asset folder without a record are removed at start-up once they are this old.
_LEFTOVER_AGE_SECONDS = 3600.0


def open_session_store(
    paths: AppPaths, max_attachment_bytes: int, notices: list[str]
) -> tuple[SessionStore, SessionAssetStore]:
    """The session database and attachment store under `paths`, tidied for this start:
    sessions deleted in an earlier run are removed for good and answers cut off when the app
    last stopped are recovered. Problems go to `notices` in words; opening never fails."""
    store = SessionStore(paths.database_path)
    notices.extend(notice for notice in (store.problem, store.flagged_notice) if notice)
    assets = SessionAssetStore(store, paths.assets_dir, max_bytes=max_attachment_bytes)
    _remove_sessions_deleted_earlier(store, assets)
    _recover_tool_tasks(store)
    _recover_interrupted_answers(store, notices)
    return store, assets


def _recover_tool_tasks(store: SessionStore) -> None:
    """Tool calls a crash cut off while they ran as tasks on their servers get the note that
    the task runs on as their result, so they are followed again like those of a quit."""
    if store.read_only:
        return
    try:
        recovered = store.recover_tool_tasks()
    except StoreError as error:  # kept in the database: the next start tries again
        logger.warning("Tasks running when the app last stopped could not be recovered: %s", error)
        return
    if recovered:
        logger.info("%d tool task(s) were running when the app last stopped", recovered)


def _remove_sessions_deleted_earlier(store: SessionStore, assets: SessionAssetStore) -> None:
    """Sessions deleted in an earlier run can no longer be restored: remove them for good,
    with their attachments and anything an earlier crash left half-added."""
    if store.read_only:
        return
    try:
        assets.purge_deleted_sessions(deleted_before=time.time())
        assets.remove_unreferenced_blobs(older_than_seconds=_LEFTOVER_AGE_SECONDS)
    except (StoreError, AssetError, OSError) as error:  # tidying up can wait a start
        logger.warning("Removing deleted conversations failed: %s", error)


def _recover_interrupted_answers(store: SessionStore, notices: list[str]) -> None:
    if store.read_only:
        return
    try:
        recovery = store.recover_drafts()
    except StoreError as error:
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Answers cut off when the app last stopped could not be recovered: {error} They "
                "stay in the database for the next start.",
            ).format(error=error)
        )
        return
    if recovery.recovered:
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Answers were cut off when the app last stopped: {count}. What had arrived was "
                "kept and marked as incomplete.",
            ).format(count=len(recovery.recovered))
        )
    if recovery.notice:
        notices.append(recovery.notice)


class Sessions:
    """The chats of one installation: `store` and `assets`, with the session actions and
    lifecycle triggers plugins run on them (set up by `agents`; `configuration` gives the
    settings they follow and the secrets an export must not contain)."""

    def __init__(
        self,
        store: SessionStore,
        assets: SessionAssetStore,
        agents: Agents,
        configuration: Configuration,
    ) -> None:
        self.store = store
        self.assets = assets
        self._agents = agents
        self._configuration = configuration

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
        self._configuration.config.agent(key)
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
        self,
        session: Session,
        *,
        expected_message_count: int | None = None,
        already_stored: bool = False,
    ) -> tuple[Session, list[dict[str, Any]]]:
        """`save_session` for the event loop: (session as saved, `plugin_disabled` events).

        Save-prepare actions may call a model: their hooks run on the core's workers, each
        action within `settings.tool_timeout_seconds` (as long as a tool call). A plugin that
        fails or overruns there is skipped (logged, and named with its hook in the events);
        the session is saved either way. With `already_stored` (the caller stored every message
        and the metadata of `session` as they are), it is written only when an action changed
        it: writing it unchanged encoded every message again to find that none differed.
        """
        prepared, skipped = await self.arun_session_lifecycle(
            session,
            SESSION_SAVE_PREPARE,
            action_time_limit=self._configuration.settings.tool_timeout_seconds,
        )
        if already_stored and prepared is session:
            return prepared, skipped
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

    def titles_of(self, session_ids: Sequence[str]) -> dict[str, str]:
        """The titles of those of `session_ids` that exist and are not deleted."""
        return self.store.titles_of(session_ids)

    def largest_message_bytes(self, session_id: str, *, newest: int | None = None) -> int:
        return self.store.largest_message_bytes(session_id, newest=newest)

    def rename_session(self, session_id: str, title: str) -> None:
        self.store.rename_session(session_id, title.strip())

    def delete_session(self, session_id: str) -> None:
        """Delete a session; `restore_session` undoes it until the app is restarted."""
        self.store.delete_session(session_id)
        if self._configuration.settings.last_session_id == session_id:
            self._configuration.settings.last_session_id = None

    def restore_session(self, session_id: str) -> None:
        self.store.restore_session(session_id)

    def export_session(self, session_id: str, format: str) -> str:
        """The session as "markdown" or "json" (attachments included in JSON)."""
        self._configuration.learn_configured_secrets()
        session = self.store.load_session(session_id)
        if format == "markdown":
            return export_markdown(session, self.assets)
        if format == "json":
            return export_json(session, self.assets)
        raise ExportError(
            QT_TRANSLATE_NOOP(
                "Errors", "Unknown export format {format}; use 'markdown' or 'json'."
            ).format(format=repr(format))
        )

    def import_session(
        self,
        path: str | Path,
        notices: list[str] | None = None,
        already_present: list[str] | None = None,
    ) -> Session:
        """Import a JSON export as a new session (with its attachments); what the file asked
        for and did not get (its own settings) is said in `notices`. A chat already here
        unchanged is returned instead of copied, its id added to `already_present`."""
        self._configuration.learn_configured_secrets()
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
        self._agents.remember_loop()
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
            core, config, base_config = self._agents.session_config(session)
        except ConfigError as error:
            logger.warning(
                "Skipping %s actions for session %s: %s", trigger, session.session_id, error
            )
            return None
        inlined = self._with_inlined_attachments(session)
        context = self._agents.build_context(inlined, config=config, base_config=base_config)
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
            core, config, base_config = self._agents.session_config(session, unresolved)
        except ConfigError as error:
            return session, _config_error_result(str(error))
        inlined = self._with_inlined_attachments(session)
        context = self._agents.build_context(inlined, config=config, base_config=base_config)
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
        self._agents.remember_loop()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            None,
            functools.partial(self.execute_session_action, session_id, action_id, params, owner),
        )

    def close(self) -> None:
        self.store.close()


def _config_error_result(message: str) -> dict[str, Any]:
    """A session action's error result for settings that could not be used."""
    return {
        "status": "error",
        "error": {"type": "config_error", "message": message, "plugin": None, "hook": None},
    }
