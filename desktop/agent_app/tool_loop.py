"""The tool loop: provider turn → previews → approval → tool execution → next turn.

`ToolLoopRunner.run` is what `AgentApplication.send_request` returns: an async iterator of event
dicts (`request_started` first, `request_completed` or `request_cancelled` last). The work runs in
its own task, so `cancel` can stop it wherever it is — inside the provider stream, waiting for an
approval, or inside a tool — while the caller keeps receiving events until the end.

Every finished assistant and tool message is committed to the store as it finishes; the streaming
partial is checkpointed as a draft about once a second. A detached run (a `RequestTarget`, the
spec's `app.send_request(core, session, config, overrides)` shape) runs the same loop on a
session it only holds in memory: nothing is stored, and the caller keeps what it gets.

Partials are forwarded as the core yields them: every partial of every chunk, each dict as-is,
except for the tool calls the model is still writing (`STREAMING_TOOL_CALLS`): a call of a tool
whose definition names an MCP App view gets `tool_call_preparing` events instead (its row and view
show early, and the view reads the arguments so far, parsed leniently); other calls show nothing
until the turn ends, and a partial that said nothing else is not forwarded.
The runner is built with the services it uses: `Agents` sets each request up (core, resolved
config, layered context), `Configuration` gives the settings and the approval policy, `Sessions`
stores the chat, `ToolServers` say whether they are ready, `PluginHost` who wrote a tool.

Tools get the application's layered context plus ``session`` (``session.to_dict()`` of the
conversation so far), and the provider turn's `response_finalize` actions get the same layer 2.

The session is never left half-written: a stopped answer is kept and marked `stopped`, and every
tool call the model made gets a result message (a denial, an error, a timeout or a stop) so the
next turn is well-formed.

Each call's events (`tool_call`, `tool_approval_required`, `tool_started`, `tool_partial`,
`tool_result`) and its approval request carry `call_key`: the index of the assistant message that
made the call in the whole session and the call's position in its `tool_calls`. The ids the model
gave its calls are kept as sent (the provider gets each one back with its result), but they are no
key: many servers repeat `call_0` in every turn, some even within one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import aclosing, suppress
from copy import deepcopy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agent_app.approval import ApprovalPolicy, Verdict
from agent_app.assets import inline_parts_for_provider
from agent_app.config import CONFIG_OVERRIDES_KEY, session_overrides
from agent_app.instructions import with_instructions
from agent_app.model_choice import ANSWERED_BY_KEY, ModelChoice, answered_by
from agent_app.off_loop import OffLoop
from agent_app.partial_json import partial_arguments
from agent_app.secrets import redact
from agent_app.store import draft_keeps_anything
from agent_app.text_pieces import one_line
from agent_app.tool_tasks import LEFT_RUNNING, RUNNING_TASK, TASK_KEY, RunningTask
from agent_app.tool_trust import ToolFacts, definition_fingerprint, facts_for_call
from agent_app.turn_outcome import (
    LAST_ERROR_KEY,
    QUIT,
    STOPPED,
    failure_record,
    is_empty_answer,
)
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import Message, Session
from agent_core.collector import resting_for
from agent_core.content import STREAMING_TOOL_CALLS, repair_surrogates
from agent_core.types import copy_data

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from agent_app.agents import Agents
    from agent_app.app_views import AppViews
    from agent_app.configuration import Configuration
    from agent_app.plugin_host import PluginHost
    from agent_app.projects import Projects
    from agent_app.sessions import Sessions
    from agent_app.tool_servers import ToolServers

# The stock tool (OpenHands `FinishTool`, the think/finish plugin) that ends the agent's work.
FINISH_TOOL_NAME = "finish"
SERVERS_READY_AGAIN = QT_TRANSLATE_NOOP("Errors", "Every tool server is ready now.")
DRAFT_INTERVAL_SECONDS = 1.0
PREVIEW_ARGUMENT_CHARS = 100
# How many events may wait for a slow consumer before the loop pauses (backpressure).
EVENT_QUEUE_SIZE = 256

CallKey = tuple[int, int]  # (the assistant message's index in the session, the call's position)


def generic_preview(tool_name: str, arguments: Any) -> str:
    """`name(key=value, ...)` on one line, for tools that give no preview of their own."""
    if isinstance(arguments, dict):
        shown = ", ".join(
            f"{key}={json.dumps(value, ensure_ascii=False, default=repr)}"
            for key, value in arguments.items()
        )
    else:
        shown = str(arguments)
    shown = " ".join(shown.split())
    if len(shown) > PREVIEW_ARGUMENT_CHARS:
        shown = shown[: PREVIEW_ARGUMENT_CHARS - 1] + "…"
    return f"{tool_name}({shown})"


def with_single_line(message: dict[str, Any]) -> dict[str, Any]:
    """The tool message with `display["single_line"]` filled in when the tool gave none."""
    metadata = dict(message.get("metadata") or {})
    display = dict(metadata.get("display") or {})
    if display.get("single_line"):
        return message
    text = display.get("content", message.get("content"))
    display.setdefault("type", "text")
    display.setdefault("content", text)
    display["single_line"] = one_line(text if isinstance(text, str) else json.dumps(text))
    return {**message, "metadata": {**metadata, "display": display}}


def parse_arguments(tool_call: dict[str, Any]) -> Any:
    """The call's arguments as a dict, or the raw string when it is not a JSON object."""
    raw = (tool_call.get("function") or {}).get("arguments")
    if isinstance(raw, dict):
        return raw
    if not isinstance(raw, str):
        return raw
    try:
        parsed = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        return raw
    return parsed if isinstance(parsed, dict) else raw


def with_arguments(tool_call: dict[str, Any], arguments: dict[str, Any]) -> dict[str, Any]:
    """A copy of `tool_call` (the core's `function` shape) carrying `arguments` instead."""
    function = {**(tool_call.get("function") or {}), "arguments": json.dumps(arguments)}
    return {**tool_call, "function": function}


def json_safe(value: Any) -> Any:
    """`value` as plain JSON data (dicts, lists, str, numbers, bools, None); anything JSON
    cannot hold is replaced by its repr, and text that cannot be written as UTF-8 (a lone
    surrogate from a plugin) is repaired. Walked, not encoded and decoded: a 5 MB answer's
    text is looked at once instead of being copied three times, each a pass that holds the
    interpreter (and so the window) for tens of milliseconds."""
    if isinstance(value, str):
        return repair_surrogates(value if type(value) is str else str.__str__(value))
    if value is None or type(value) in (bool, int, float):
        return value
    if isinstance(value, dict):
        return {_json_key(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    if isinstance(value, bool | int | float):  # subclasses (an IntEnum) as JSON writes them
        return json.loads(json.dumps(value))
    return repair_surrogates(repr(value))


def _json_key(key: Any) -> str:
    """A dict key as JSON writes it (JSON keys are strings)."""
    if isinstance(key, str):
        return repair_surrogates(key if type(key) is str else str.__str__(key))
    if key is None or isinstance(key, bool | int | float):
        return json.dumps(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def error_dict(exc: BaseException) -> dict[str, Any]:
    """The pinned `{type, message, plugin, hook}` shape for any exception, secrets redacted."""
    to_dict = getattr(exc, "to_dict", None)
    if callable(to_dict):
        details = dict(to_dict())
    else:
        text = str(exc) or type(exc).__name__
        details = {"type": type(exc).__name__, "message": text, "plugin": None, "hook": None}
    details["message"] = redact(str(details.get("message") or ""))
    for key in ("type", "plugin", "hook"):
        details.setdefault(key, None)
    return details


def call_signature(tool_name: str, arguments: Any) -> str:
    """The same text for two calls of one tool with equal arguments (key order aside)."""
    return json.dumps([tool_name, json_safe(arguments)], sort_keys=True)


DURATION_KEY = "duration_seconds"  # a tool result's metadata: how long the tool ran


def tool_message(
    tool_call_id: str, tool_name: str, content: str, *, is_error: bool, **metadata: Any
) -> dict[str, Any]:
    """A tool result message made by the loop itself (denial, timeout, stop)."""
    return {
        "role": "tool",
        "content": content,
        "metadata": {
            "tool_call_id": tool_call_id,
            "name": tool_name,
            "display": {"type": "text", "content": content, "single_line": one_line(content)},
            "is_error": is_error,
            **metadata,
        },
    }


@dataclass(frozen=True)
class RequestTarget:
    """The core and (unresolved) base config a detached run uses instead of the session's agent."""

    core: Any
    base_config: dict[str, Any]


class _MemoryOnly:
    """The store of a detached run: messages live only in the run's session."""

    def save_session(self, session: Session) -> None:
        pass

    def append_message(
        self,
        session_id: str,
        message: dict[str, Any],
        *,
        answers_task_of: Any = None,
        clear_draft: bool = False,
    ) -> None:
        pass

    def keep_tool_task(self, session_id: str, call_key: CallKey, note: dict[str, Any]) -> None:
        pass

    def save_draft(self, session_id: str, message: dict[str, Any]) -> None:
        pass

    def clear_draft(self, session_id: str) -> None:
        pass


@dataclass
class _ActiveRequest:
    session_id: str
    title: str = ""  # its chat's, for the list of running tasks
    task: asyncio.Task[None] | None = None
    core: Any = None
    tool_tokens: set[threading.Event] = field(default_factory=set)
    # Why it was cancelled (the user's Stop or the app quitting); None while it runs.
    stop_reason: str | None = None
    # The calls running as tasks on their servers (`TASK_KEY` of their results when the app
    # quits): the handle the tool gave, with the plugin that follows it.
    running_tasks: dict[CallKey, dict[str, Any]] = field(default_factory=dict)


class _Stopped(Exception):
    """The provider stream said it was cancelled."""


class ToolLoopRunner:
    """Runs requests for one application: `agents` sets each up (core, config, context),
    `configuration` gives the settings and the approval policy, `sessions` stores the chat as it
    goes, `tool_servers` say whether they are ready, `plugins` who wrote a tool, `app_views`
    which calls show an MCP App view and what views told the model (each request carries it)."""

    def __init__(
        self,
        agents: Agents,
        configuration: Configuration,
        sessions: Sessions,
        tool_servers: ToolServers,
        plugins: PluginHost,
        projects: Projects,
        app_views: AppViews,
    ) -> None:
        self.agents = agents
        self.configuration = configuration
        self.sessions = sessions
        self.tool_servers = tool_servers
        self.plugins = plugins
        self.projects = projects
        self.app_views = app_views
        self.approval: ApprovalPolicy = configuration.approvals
        self._active: dict[str, _ActiveRequest] = {}
        self.shown_notices: dict[str, str | None] = {}  # session id -> last tool-server notice
        # Where finished messages are committed: two trips a tool round (see off_loop.py). A
        # trip may wait in a tool's `prepare` hook (the previews' catalog): as many threads as
        # `asyncio.to_thread` had on a small machine and more, so a few slow hooks leave room.
        self.commits = OffLoop("tool-loop commits", max_threads=8)

    # ------------------------------------------------------------------ public face

    async def run(
        self,
        session: Session,
        overrides: dict[str, Any] | None = None,
        *,
        stream: bool = True,
        target: RequestTarget | None = None,
        model: ModelChoice | None = None,
    ) -> AsyncIterator[dict[str, Any]]:
        """Run the loop; `target` (core and base config chosen by the caller) makes it a
        detached run that stores nothing (see the module docstring). `model` makes it a
        detached run of the session's agent with that provider and model (one of several
        models asked the same question: the caller keeps each answer as a version)."""
        if model is not None:
            base_config, stored = self.agents.chat_config(session, model)
            core = self.agents.build_core(session.metadata.get("agent_id"))
            target = RequestTarget(core, base_config)
            overrides = {**stored, **(overrides or {})}
        request_id = uuid.uuid4().hex
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(EVENT_QUEUE_SIZE)
        busy = target is None and any(
            active.session_id == session.session_id for active in self._active.values()
        )
        request = _ActiveRequest(session.session_id, str(session.metadata.get("title") or ""))
        self._active[request_id] = request
        run = _RequestRun(self, request_id, session, overrides, stream, queue, request, target)
        run.session_busy = busy
        request.task = asyncio.create_task(run.execute(), name=f"agent request {request_id}")
        try:
            while True:
                event = await queue.get()
                if event is None:
                    break
                yield event
                queue.task_done()  # the consumer has handled it (see `_delivered`)
        finally:
            # The consumer stopped listening (or finished): never leave the work running, and
            # let it finish stopping without waiting for anyone to read its events.
            run.detached = True
            if not request.task.done():
                self.cancel(request_id)
                with suppress(asyncio.CancelledError):
                    await request.task
            self._active.pop(request_id, None)

    def cancel(self, request_id: str, reason: str = STOPPED) -> bool:
        """Stop a running request: the provider, any running tool, the loop. False if unknown.
        `reason` (`STOPPED` by the user, or `QUIT`) is kept with the partial answer."""
        request = self._active.get(request_id)
        if request is None or request.task is None or request.task.done():
            return False
        if request.stop_reason is not None:
            # Already stopping (quitting cancels the request, then its reader cancels it
            # again): a second cancel would cut short the storing of the partial answer and
            # of a result for each unfinished tool call. The first reason stays.
            return True
        request.stop_reason = reason
        if reason == QUIT:
            # Tasks the calls became outlive the app; they are followed again after a restart.
            self.tool_servers.leave_tasks_running()
        for token in request.tool_tokens:
            token.set()
        if request.core is not None:
            request.core.cancel_request(request_id)
        request.task.cancel()
        return True

    def running_tasks(self) -> list[RunningTask]:
        """The calls of the running requests that run as tasks on their servers."""
        return [
            RunningTask(request.session_id, request.title, {**task, "call_key": list(key)})
            for request in self._active.values()
            for key, task in request.running_tasks.items()
        ]

    @property
    def active_request_ids(self) -> list[str]:
        return list(self._active)

    def close(self) -> None:
        """End the commit threads (app exit, after `stop_all`)."""
        self.commits.close()

    async def stop_all(self) -> None:
        """Stop every running request and wait until each has finished stopping (app exit)."""
        tasks = [request.task for request in self._active.values() if request.task is not None]
        for request_id in list(self._active):
            self.cancel(request_id, QUIT)
        for task in tasks:
            with suppress(asyncio.CancelledError):
                await task


class _RequestRun:
    """One request from start to end (lives inside its own task)."""

    def __init__(
        self,
        runner: ToolLoopRunner,
        request_id: str,
        session: Session,
        overrides: dict[str, Any] | None,
        stream: bool,
        queue: asyncio.Queue[dict[str, Any] | None],
        request: _ActiveRequest,
        target: RequestTarget | None = None,
    ):
        self.runner = runner
        self.target = target
        # The agent's flat config the request runs with (the chat's, set each round).
        self.base_config: dict[str, Any] = {} if target is None else target.base_config
        self.store = runner.sessions.store if target is None else _MemoryOnly()
        self.approval = runner.approval
        self.request_id = request_id
        self.session = session
        self.session_id = session.session_id
        self.overrides = overrides
        self.stream = stream
        self.queue = queue
        self.request = request
        self.partial: dict[str, Any] | None = None
        # The calls this turn is still writing: the view each shows early (None: it has none),
        # and the arguments its view was last given.
        self.early_views: dict[str, dict[str, Any] | None] = {}
        self.early_inputs: dict[str, dict[str, Any] | None] = {}
        self.pending_tool_calls: list[tuple[CallKey, dict[str, Any]]] = []  # not yet answered
        self.turn_index = -1  # the index of the newest assistant message in the whole session
        self.detached = False  # set when no one reads the events any more
        self.session_busy = False  # another request is running in this session
        self.described_calls: list[dict[str, Any]] = []  # what each call of this turn reaches
        # The tool catalog this turn's calls were described from; the first call to run runs
        # from it too unless the user was asked or a tool ran since (`_run_tools`).
        self.round_catalog: Any = None
        self.shown_notices = runner.shown_notices
        self.named_plugins: set[tuple[Any, Any]] = set()  # (plugin, hook) told of this request
        self.failed_calls: set[str] = set()  # `call_signature`s of the calls that failed
        self.repeated_failure: str | None = None  # why the loop stops: a failure came again
        # The provider and model the turns go to, kept with each answer (its header names it).
        self.answered_by: ModelChoice | None = None
        # The last round's request config and what it was resolved from (the configuration,
        # the agent's config, the overrides): a round where none changed reuses it.
        self._resolved: tuple[Any, dict[str, Any], dict[str, Any], dict[str, Any]] | None = None
        # The session's metadata as last stored (each message is stored as it finishes).
        self.stored_metadata: dict[str, Any] | None = None
        # Whether a streaming checkpoint may be stored (one left from before this request too),
        # and the calls whose task notes were kept (`keep_tool_task`): what a commit clears.
        self.draft_may_be_stored = True
        self.task_notes_kept: set[CallKey] = set()
        # Each message of the session with its dict, as the tools were last given it.
        self._message_dicts: list[tuple[Message, dict[str, Any]]] = []
        # The application's layered context of this round (`_context`), built once at its
        # provider turn: the calls' previews and the calls get it with the conversation as it is
        # when each runs (`_tool_context`).
        self.round_context: dict[str, Any] = {}

    # ------------------------------------------------------------------ plumbing

    async def emit(self, event_type: str, **fields: Any) -> None:
        if self.detached:
            return
        event = {"type": event_type, "request_id": self.request_id, "session_id": self.session_id}
        event.update(fields)
        await self.queue.put(event)

    async def _delivered(self) -> None:
        """Wait until the consumer has handled every event emitted so far.

        The approval handler is called directly, beside the event stream: without this a UI
        could be asked about a tool call whose `assistant`/`tool_call` events it has not read yet.
        """
        if not self.detached:
            await self.queue.join()

    async def commit(
        self,
        message: dict[str, Any],
        *,
        clear_draft: bool = False,
        answers_task_of: CallKey | None = None,
    ) -> dict[str, Any]:
        """Persist one finished message at once and add it to the session (with `clear_draft`,
        the streaming checkpoint is cleared first; with `answers_task_of`, the task kept for
        that call, if any, is let go with it). The write runs on a worker thread: a 5 MB answer
        takes a while to encode and index for search."""
        if answers_task_of not in self.task_notes_kept:
            answers_task_of = None  # no note was kept for that call: nothing to let go
        stored = await self.runner.commits.run(
            self._store_message, message, clear_draft, answers_task_of
        )
        return self._committed(stored)

    async def commit_with_previews(
        self,
        message: dict[str, Any],
        core: Any,
        calls: list[dict[str, Any]],
        config: dict[str, Any],
        *,
        clear_draft: bool = False,
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """`commit` of an assistant message that calls tools, with their previews attached on
        the same trip off the loop (previews are tools' hooks, which may block); the stored
        message and the calls as the core described them.

        The catalog they are described from (built on that trip, with the context a call gets)
        is kept as `round_catalog`, for the call to run from: a round built one catalog for the
        previews and another to run the call, each calling every tool's `init`, `prepare` and
        `get_tool_schemas`, the second with three trips off the loop."""
        context = self._tool_context()

        def described_and_stored() -> tuple[dict[str, Any], list[dict[str, Any]], Any]:
            catalog = core.tool_catalog(config, context=context)
            found, described = _catalog_facts(core, calls, config, catalog)
            previewed = _with_previews(message, calls, found, described)
            return self._store_message(previewed, clear_draft), described, catalog

        stored, described, self.round_catalog = await self.runner.commits.run(described_and_stored)
        return self._committed(stored), described

    def _committed(self, message: dict[str, Any]) -> dict[str, Any]:
        """The stored `message` added to the session."""
        messages = [*self.session.messages, Message.from_dict(message)]
        self.session = Session(self.session_id, messages, dict(self.session.metadata))
        if message.get("role") == "assistant":
            offset = int(self.session.metadata.get("message_offset") or 0)
            self.turn_index = offset + len(messages) - 1
        return message

    def _store_message(
        self,
        message: dict[str, Any],
        clear_draft: bool,
        answers_task_of: CallKey | None = None,
    ) -> dict[str, Any]:
        """On a worker thread: made JSON-safe (a copy, megabytes for a giant answer) and stored."""
        metadata = message.get("metadata") or {}
        if (
            message.get("role") == "assistant"
            and self.answered_by
            and ANSWERED_BY_KEY not in metadata
        ):
            message = {
                **message,
                "metadata": {**metadata, ANSWERED_BY_KEY: self.answered_by.stored()},
            }
        stored: dict[str, Any] = json_safe(message)
        self.store.append_message(
            self.session_id, stored, answers_task_of=answers_task_of, clear_draft=clear_draft
        )
        if clear_draft:
            self.draft_may_be_stored = False
        return stored

    def _save_draft(self, partial: dict[str, Any]) -> None:
        self.draft_may_be_stored = True
        self.store.save_draft(self.session_id, json_safe(partial))

    # ------------------------------------------------------------------ the request

    async def execute(self) -> None:
        try:
            await self.emit("request_started")
            if self.session_busy:
                await self.emit(
                    "error",
                    error={
                        "type": "request_in_progress",
                        "message": QT_TRANSLATE_NOOP(
                            "Errors",
                            "The agent is still working in this conversation. Wait for it "
                            "to finish or stop it, then send again.",
                        ),
                        "plugin": None,
                        "hook": None,
                    },
                )
            else:
                await self._loop()
                if self.target is None:
                    await self._save_prepared()
            await self.emit("request_completed", session=self.session)
        except (asyncio.CancelledError, _Stopped):
            await self._stop()
            await self.emit("request_cancelled", session=self.session)
        except Exception as exc:  # noqa: BLE001 - reported as an event; the session stays as saved
            error = error_dict(exc)
            record = failure_record(error)
            self._remember_failure(record)
            try:
                self.store.save_session(self.session)
            except Exception as store_error:  # noqa: BLE001 - shown now; it just will not survive a restart
                log.warning("could not keep the failure with the chat: %s", store_error)
            await self.emit("error", error=error, failure=record)
            await self._settle_pending("This tool call was not run: the request failed.")
            await self.emit("request_completed", session=self.session)
        finally:
            if not self.detached:
                await self.queue.put(None)

    async def _tell_plugin_disabled(self, event: dict[str, Any]) -> None:
        """Pass on a plugin left out (named with its hook), once per request and hook."""
        named = (event.get("plugin"), event.get("hook"))
        if named in self.named_plugins:
            return
        self.named_plugins.add(named)
        await self.emit(
            "plugin_disabled",
            plugin=event.get("plugin"),
            hook=event.get("hook"),
            message=event.get("message"),
        )

    async def _save_prepared(self) -> None:
        """Save the finished conversation through `session_save_prepare` (e.g. auto-compaction).

        Every message is already stored; a failing save-prepare action is reported and the
        conversation stays as it is.
        """
        offset = int(self.session.metadata.get("message_offset") or 0)
        try:
            self.session, skipped = await self.runner.sessions.asave_session_reporting(
                self.session,
                expected_message_count=offset + len(self.session.messages),
                already_stored=self.session.metadata == self.stored_metadata,
            )
        except Exception as exc:  # noqa: BLE001 - reported; the messages are safe in the store already
            await self.emit("error", error=error_dict(exc))
            return
        for event in skipped:  # a plugin that failed or overran while saving, named
            await self._tell_plugin_disabled(event)

    async def _loop(self) -> None:
        agents, configuration = self.runner.agents, self.runner.configuration
        agent_id = self.session.metadata.get("agent_id")
        # The user's new message (and anything else not yet stored) is saved before the provider
        # runs, so nothing typed is lost whatever happens next. A failure shown under the last
        # turn is over once the chat asks again.
        if LAST_ERROR_KEY in self.session.metadata:
            metadata = {k: v for k, v in self.session.metadata.items() if k != LAST_ERROR_KEY}
            self.session = Session(self.session_id, self.session.messages, metadata)
        # On a worker thread: a long chat takes a while to encode, and the window keeps drawing.
        await asyncio.to_thread(self.store.save_session, self.session)
        self.stored_metadata = self.session.metadata
        core = agents.build_core(agent_id) if self.target is None else self.target.core
        self.request.core = core
        max_rounds = configuration.settings.max_tool_iterations
        rounds = 0
        await (
            configuration.aread_configured_secrets()
        )  # so the lookups below never wait on the keyring
        while True:
            # The chat's agent with the model picked for the chat (read each round: settings
            # applied meanwhile count), and its own overrides under this request's.
            if self.target is None:
                self.base_config, stored = agents.chat_config(self.session)
            else:
                stored, _refused = session_overrides(
                    self.session.metadata.get(CONFIG_OVERRIDES_KEY)
                )
            # A chat of a project works in its folder (the user's own record, not the chat's).
            project = self.runner.projects.request_overrides(self.session_id)
            overrides = {**stored, **(self.overrides or {}), **project}
            config = self._request_config(overrides)
            # Said before each turn goes out, which it does without waiting for the servers:
            # a server that was starting when the message was sent is often ready (its tool
            # run) by the next turn, and the chat's line then says so at once.
            notice = await self.runner.tool_servers.readiness_notice(config)
            # The same state is said once per conversation, not before every turn.
            said_before = self.shown_notices.get(self.session_id)
            if notice and said_before != notice:
                await self.emit("notice", text=notice)
            elif notice is None and said_before:
                # The notice follows the truth: what it said earlier is over now.
                await self.emit("notice", text=SERVERS_READY_AGAIN)
            self.shown_notices[self.session_id] = notice
            self.round_context = self._context(config)
            assistant = await self._provider_turn(core, config)
            if assistant is None:
                return
            tool_calls = (assistant.get("metadata") or {}).get("tool_calls") or []
            if not tool_calls:
                return
            finished = await self._run_tools(core, config, tool_calls, assistant)
            if finished:
                return
            if self.repeated_failure is not None:
                await self.emit(
                    "error",
                    error={
                        "type": "repeated_tool_failure",
                        "message": self.repeated_failure,
                        "plugin": None,
                        "hook": None,
                    },
                )
                return
            rounds += 1
            if rounds >= max_rounds:
                await self.emit(
                    "error",
                    error={
                        "type": "tool_iteration_limit",
                        "message": (
                            QT_TRANSLATE_NOOP(
                                "Errors",
                                "Stopped after {rounds} rounds of tool calls (the limit set "
                                "in Settings → Tools). Send a message to let the agent "
                                "continue.",
                            ).format(rounds=rounds)
                        ),
                        "plugin": None,
                        "hook": None,
                    },
                )
                return

    def _request_config(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """The request config of this round: the last round's when neither the configuration
        (applied settings, secrets) nor the agent's config nor the overrides changed since, as
        resolving copies the whole config (every tool round of a long loop did, for nothing)."""
        configuration = self.runner.configuration.config
        last = self._resolved
        if (
            last is not None
            and last[0] is configuration
            and last[1] == self.base_config
            and last[2] == overrides
        ):
            return last[3]
        config = self.runner.agents.resolve_request_config(self.base_config, overrides)
        self._resolved = (configuration, self.base_config, overrides, config)
        return config

    def _context(self, config: dict[str, Any]) -> dict[str, Any]:
        """The application's layered context for this run (action contexts get the session
        from the core, so it is not added here; see `_tool_context`)."""
        context: dict[str, Any] = self.runner.agents.build_context(
            self.session, config=config, base_config=self.base_config
        )
        return context

    def _tool_context(self) -> dict[str, Any]:
        """What a tool gets (for a preview or a call): the round's layered context and
        ``session``, the conversation so far. The layers depend only on the round's agent
        config and the application, so they are built once a round (a round built them three
        times); the conversation is read as it is now, so a call after the user was asked,
        or after another call's result, sees everything stored before it."""
        return {"session": self._session_dict(), **self.round_context}

    def _session_dict(self) -> dict[str, Any]:
        """`self.session.to_dict()`, each message's dict made once a request: a tool loop gave
        every call a new copy of the whole conversation, rounds times its length in all. The
        messages only grow while the request runs; a message replaced meanwhile is made anew."""
        messages = self.session.messages
        made = self._message_dicts
        kept = 0
        while kept < min(len(made), len(messages)) and made[kept][0] is messages[kept]:
            kept += 1
        del made[kept:]
        with resting_for(len(messages) - kept):  # the first call in a long chat copies it all
            made.extend((message, message.to_dict()) for message in messages[kept:])
        return {
            "session_id": self.session_id,
            "messages": [data for _message, data in made],
            "metadata": copy_data(self.session.metadata),
        }

    # ------------------------------------------------------------------ provider turn

    async def _provider_turn(self, core: Any, config: dict[str, Any]) -> dict[str, Any] | None:
        """Stream one provider turn; returns the last finished assistant message, or None."""
        self.answered_by = answered_by(config)
        messages = self.session.messages
        if any(message.multipart_content for message in messages):
            messages = inline_parts_for_provider(messages, self.runner.sessions.assets)
        messages = with_instructions(messages, self.session.metadata, config)
        messages = self.runner.app_views.contexts.applied(self.session_id, messages)
        provider_session = Session(self.session_id, messages, dict(self.session.metadata))
        self.partial = None
        self.early_views.clear()  # ids repeat across turns (`call_0`)
        self.early_inputs.clear()
        last_draft = 0.0
        finished: list[dict[str, Any]] = []

        async def show(message: Any) -> None:
            """Show partial `message`, the answer so far (and the calls it is writing)."""
            nonlocal last_draft
            message, writing = _without_streaming_calls(message)
            if writing:
                if self.stream:
                    await self._show_early_views(core, config, writing)
                if _adds_nothing(message, self.partial):
                    return  # only a call's arguments grew
            self.partial = message
            now = time.monotonic()
            if (
                now - last_draft >= DRAFT_INTERVAL_SECONDS
                and isinstance(message, dict)
                # A partial with no text yet (a turn that only calls tools) would be dropped
                # by a recovery: a checkpoint of it is a commit for nothing.
                and draft_keeps_anything(message)
            ):
                # A snapshot (the text itself is not copied), encoded on the worker.
                await asyncio.to_thread(self._save_draft, deepcopy(message))
                last_draft = now
            if self.stream:
                await self.emit("partial", message=self.partial)

        # A partial is the answer so far: of those ready at once, only the last one before
        # each other event is shown, so the core hands out no other (and makes none).
        stream = core.astream_request_batches(
            provider_session,
            config,
            request_id=self.request_id,
            context=self.round_context,
            latest_partial_only=True,
        )
        async with aclosing(stream) as batches:
            async for batch in batches:
                for event in batch:
                    kind = event.get("type")
                    if kind == "partial":
                        await show(event["message"])
                    elif kind == "final":
                        finished = list(event.get("messages") or [])
                    elif kind == "error":
                        record = failure_record(event["error"])
                        await self._keep_partial(
                            event.get("message"), incomplete=True, ended=record["ending"]
                        )
                        self._remember_failure(record)
                        await self.emit("error", error=event["error"], failure=record)
                        return None
                    elif kind == "cancelled":
                        raise _Stopped
                    elif kind == "plugin_disabled":
                        # A failing extension/feature was left out; the answer goes on without
                        # it.
                        await self._tell_plugin_disabled(event)
        self.partial = None
        if not any(message.get("role") == "assistant" for message in finished):
            finished.append({"role": "assistant", "content": "", "metadata": {}})
        assistant = None
        # The checkpoint goes with the first finished message (one commit, one trip off the
        # loop), when there may be one: a turn that only calls tools leaves none.
        clear_draft = self.draft_may_be_stored
        for message in finished:
            if is_empty_answer(message):  # shown as "The model returned nothing", with Retry
                message = {
                    **message,
                    "metadata": {**(message.get("metadata") or {}), "empty": True},
                }
            calls = (message.get("metadata") or {}).get("tool_calls") or []
            if message.get("role") == "assistant" and calls:
                message, self.described_calls = await self.commit_with_previews(
                    message, core, calls, config, clear_draft=clear_draft
                )
            else:
                message = await self.commit(message, clear_draft=clear_draft)
            clear_draft = False
            if message.get("role") == "assistant":
                assistant = message
                await self.emit("assistant", message=message)
        return assistant

    async def _show_early_views(
        self, core: Any, config: dict[str, Any], calls: list[dict[str, Any]]
    ) -> None:
        """Calls still being written whose tool names a view: their rows show it early, and
        the view gets the arguments so far whenever they read as more than before."""
        for call in calls:
            call_id, name = str(call.get("id") or ""), str(call.get("name") or "")
            if not call_id or not name:
                continue
            first = call_id not in self.early_views
            if first:
                described = await asyncio.to_thread(_describe_by_name, core, config, call_id, name)
                if not described.get("runnable"):
                    continue  # its server may still be starting: asked again with more input
                self.early_views[call_id] = self.runner.app_views.view_before_result(described)
            view = self.early_views[call_id]
            if view is None:
                continue
            arguments = partial_arguments(str(call.get("arguments") or ""))
            if not first and (arguments is None or arguments == self.early_inputs.get(call_id)):
                continue
            self.early_inputs[call_id] = arguments
            await self.emit(
                "tool_call_preparing",
                tool_call_id=call_id,
                tool_name=name,
                app_view={**view, "arguments": arguments, "input_partial": True},
            )

    def _remember_failure(self, record: dict[str, Any]) -> None:
        """Keep the failure with the chat (saved with the session when the request ends)."""
        metadata = {**self.session.metadata, LAST_ERROR_KEY: record}
        self.session = Session(self.session_id, self.session.messages, metadata)

    async def _keep_partial(self, partial: dict[str, Any] | None, **flags: Any) -> None:
        """Commit what was streamed so far (if anything) as an assistant message with `flags`."""
        await asyncio.to_thread(self.store.clear_draft, self.session_id)
        if not isinstance(partial, dict) or not (
            partial.get("content") or (partial.get("metadata") or {})
        ):
            return
        metadata = {**(partial.get("metadata") or {}), **flags}
        metadata.pop("tool_calls", None)  # calls that never ran must not reach the next turn
        message = {
            "role": "assistant",
            "content": partial.get("content") or "",
            "metadata": metadata,
        }
        message = await self.commit(message)
        await self.emit("assistant", message=message)

    # ------------------------------------------------------------------ tools

    async def _run_tools(
        self,
        core: Any,
        config: dict[str, Any],
        tool_calls: list[dict[str, Any]],
        assistant: dict[str, Any],
    ) -> bool:
        """Run the calls in order; True when a successful `finish` call ended the task."""
        finished = False
        described_calls = list(self.described_calls)
        # One per call, in call order (ids may repeat: they pair by position).
        previews = [
            preview.get("preview")
            for preview in assistant["metadata"].get("tool_call_previews", [])
        ]
        self.pending_tool_calls = [
            ((self.turn_index, position), call) for position, call in enumerate(tool_calls)
        ]
        while self.pending_tool_calls:
            call_key, call = self.pending_tool_calls[0]
            position = call_key[1]
            # Name, tool and arguments as execution reads them, whatever the call's wire format.
            described = (
                described_calls[position] if position < len(described_calls) else _unreadable(call)
            )
            call_id = str(described.get("tool_call_id") or "")
            name = str(described.get("tool_name") or "")
            arguments = described.get("arguments", parse_arguments(call))
            facts = self._facts(described, config) if described["runnable"] else None
            # A call that reaches no tool, or that its tool cannot take, is not run nor asked
            # about: its error is its result at once (the model reads what to change).
            refusal = (
                described["error_message"] if facts is None else described["arguments_problem"]
            )
            preview = previews[position] if position < len(previews) else None
            request = {
                "request_id": self.request_id,
                "session_id": self.session_id,
                "tool_call_id": call_id,
                "call_key": call_key,
                "tool_name": name,
                "arguments": arguments,
                "preview": preview or generic_preview(name, arguments),
                "annotations": facts.annotations if facts else {},
            }
            # A view its tool names shows in the row while the call waits and runs (a call
            # refused at once starts none; one shown while it was written hears it ended).
            view = (
                self.runner.app_views.view_before_result(described)
                if facts and refusal is None
                else None
            )
            await self.emit(
                "tool_call", **_call_fields(request), **({"app_view": view} if view else {})
            )
            if facts is None or refusal is not None:
                message = refusal
                if _error_type(message) == "unknown_tool":
                    message = await self._with_server_notice(message, config)
            else:
                verdict = self.approval.automatic_verdict(self.session_id, facts)
                if verdict is None:
                    request.update(self.approval.request_details(facts))
                    await self.emit("tool_approval_required", **_call_fields(request))
                    await self._delivered()
                    verdict = await self.approval.ask(request, facts)
                    # The user took their time: the tools are read anew to run the call, and
                    # the one it reaches then must be the one they approved (`authorize`).
                    self.round_catalog = None
                if verdict.allowed:
                    if verdict.arguments is not None:  # the user edited the call before allowing
                        call = with_arguments(call, verdict.arguments)
                        arguments = verdict.arguments
                    context = self._tool_context()
                    # Once only: a tool that ran may have changed the tools.
                    catalog, self.round_catalog = self.round_catalog, None
                    message = await self._execute(
                        core, config, call, call_key, context, facts, catalog
                    )
                else:
                    message = _denial(call_id, name, verdict)
            self.pending_tool_calls.pop(0)
            message = self._note_repeated_failure(message, name, arguments)
            message = await self.commit(with_single_line(message), answers_task_of=call_key)
            await self.emit("tool_result", message=message, call_key=call_key)
            finished = finished or (
                name == FINISH_TOOL_NAME and not message["metadata"]["is_error"]
            )
        return finished

    async def _with_server_notice(
        self, message: dict[str, Any], config: dict[str, Any]
    ) -> dict[str, Any]:
        """A call to a tool no plugin offers may be a tool of a server that is not ready (it
        failed, or still starts): the model is told which and why, not only that there is no
        such tool."""
        notice = await self.runner.tool_servers.readiness_notice(config)
        if not notice:
            return message
        text = f"{message.get('content') or ''}\n\n{notice}"
        metadata = dict(message.get("metadata") or {})
        metadata["display"] = {**(metadata.get("display") or {}), "content": text}
        return {**message, "content": text, "metadata": metadata}

    def _note_repeated_failure(
        self, message: dict[str, Any], name: str, arguments: Any
    ) -> dict[str, Any]:
        """A call failing again with the same arguments ends the loop after this round (a model
        repeating it would otherwise fill the chat up to the round limit); its result says
        so, for the model to read, and the loop's error says the same to the user."""
        if not message["metadata"].get("is_error"):
            return message
        signature = call_signature(name, arguments)
        if signature not in self.failed_calls:
            self.failed_calls.add(signature)
            return message
        sentence = (
            f"The tool {name!r} failed again with the same arguments, so the agent stopped "
            "instead of repeating it; change the request or send a message to try otherwise."
        )
        self.repeated_failure = sentence
        content = message.get("content")
        text = content if isinstance(content, str) else json.dumps(json_safe(content))
        return {**message, "content": f"{text}\n\n{sentence}"}

    def _facts(self, described: dict[str, Any], config: dict[str, Any]) -> ToolFacts:
        runner = self.runner
        servers = config.get("mcp_servers")
        return facts_for_call(
            described,
            plugin_instance=runner.plugins.instance(str(described.get("plugin_name") or "")),
            server_trust=dict(runner.configuration.settings.mcp_server_trust),
            server_names=list(servers) if isinstance(servers, dict) else [],
        )

    async def _execute(
        self,
        core: Any,
        config: dict[str, Any],
        call: dict[str, Any],
        call_key: CallKey,
        context: dict[str, Any],
        facts: ToolFacts,
        catalog: Any,
    ) -> dict[str, Any]:
        """Run the approved `call` (from `catalog` when it is still the round's, else from a
        catalog the core builds now); its result message."""
        call_id = str(call.get("id") or call.get("call_id") or "")
        name = facts.tool_name

        def authorize(described: dict[str, Any]) -> bool:
            # The tool that runs must be the one approved, unchanged since (no swap in between).
            descriptor = described.get("descriptor")
            return described.get("tool_name") == name and (
                definition_fingerprint(getattr(descriptor, "schema", None)) == facts.definition
            )

        timeout = self.runner.configuration.settings.tool_timeout_seconds
        token = threading.Event()
        self.request.tool_tokens.add(token)
        await self.emit("tool_started", tool_call_id=call_id, call_key=call_key, tool_name=name)
        started = time.monotonic()
        result: dict[str, Any] | None = None
        try:
            async with asyncio.timeout(timeout):
                stream = core.astream_tool_call(
                    call,
                    config,
                    context=context,
                    cancellation=token,
                    authorize=authorize,
                    catalog=catalog,
                )
                async with aclosing(stream) as events:
                    async for event in events:
                        task = _task_handle(event)
                        if task is not None:
                            task = {**task, "plugin": facts.plugin_name, "state": RUNNING_TASK}
                            self.request.running_tasks[call_key] = task
                            # Kept before anything else happens: a crash loses no task id.
                            note = _left_running(call_id, name, call_key, task)
                            await asyncio.to_thread(
                                self.store.keep_tool_task, self.session_id, call_key, note
                            )
                            self.task_notes_kept.add(call_key)
                            await self.emit(
                                "tool_partial",
                                tool_call_id=call_id,
                                call_key=call_key,
                                part={"task": task, "text": ""},
                            )
                        elif event.get("type") == "tool_partial":
                            if self.stream:
                                await self.emit(
                                    "tool_partial",
                                    tool_call_id=call_id,
                                    call_key=call_key,
                                    part=event.get("part"),
                                )
                        elif event.get("type") == "tool_result":
                            result = event["message"]
        except TimeoutError:
            token.set()  # tools running in threads see the token and stop
            return tool_message(
                call_id,
                name,
                f"The tool {name!r} did not finish within {timeout:g} seconds and was stopped. "
                "It may have done part of its work.",
                is_error=True,
                timed_out=True,
            )
        finally:
            self.request.tool_tokens.discard(token)
            if self.request.stop_reason != QUIT:
                self.request.running_tasks.pop(call_key, None)
        if result is None:
            return tool_message(
                call_id, name, f"The tool {name!r} ended without a result.", is_error=True
            )
        # Kept with the result, so the chat shows how long the call took after a reload too.
        metadata = {**(result.get("metadata") or {}), DURATION_KEY: time.monotonic() - started}
        return {**result, "metadata": metadata}

    # ------------------------------------------------------------------ stopping

    async def _stop(self) -> None:
        """Keep what was done when stopped: the partial answer (with why it stopped), and a
        result per call."""
        reason = self.request.stop_reason or STOPPED
        try:
            await self._keep_partial(self.partial, stopped=True, ended=reason)
        except Exception as exc:  # noqa: BLE001 - saving failed: say so, the cancel itself still completes
            await self.emit("error", error=error_dict(exc))
        who = "The app quit" if reason == QUIT else "The user stopped the request"
        await self._settle_pending(f"{who} before this tool call finished.", stopped=True)

    async def _settle_pending(self, text: str, **flags: Any) -> None:
        """Give every tool call still without a result one, so the history stays well-formed."""
        try:
            while self.pending_tool_calls:
                call_key, call = self.pending_tool_calls.pop(0)
                name = (call.get("function") or {}).get("name") or ""
                call_id = str(call.get("id") or call.get("call_id") or "")
                task = self.request.running_tasks.get(call_key)
                if task is None:
                    message = tool_message(call_id, name, text, is_error=True, **flags)
                else:
                    message = _left_running(call_id, name, call_key, task)
                message = await self.commit(message, answers_task_of=call_key)
                await self.emit("tool_result", message=message, call_key=call_key)
        except Exception as exc:  # noqa: BLE001 - the store itself failed; report it and finish the request
            await self.emit("error", error=error_dict(exc))


def _error_type(message: dict[str, Any]) -> str | None:
    error = (message.get("metadata") or {}).get("error")
    return error.get("type") if isinstance(error, dict) else None


def _left_running(
    call_id: str, name: str, call_key: CallKey, task: dict[str, Any]
) -> dict[str, Any]:
    """The result of a call whose task goes on on its server after the app ended (quit or
    crash): it says so and keeps the task's handle, so the next start follows it."""
    return tool_message(
        call_id,
        name,
        LEFT_RUNNING.format(server=task.get("server") or "its server"),
        is_error=True,
        stopped=True,
        **{TASK_KEY: {**task, "call_key": list(call_key)}},
    )


def _task_handle(event: dict[str, Any]) -> dict[str, Any] | None:
    """The task a tool call became, when this event is the part announcing it."""
    part = event.get("part") if event.get("type") == "tool_partial" else None
    task = part.get("task") if isinstance(part, dict) else None
    return task if isinstance(task, dict) else None


def _without_streaming_calls(
    message: dict[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A partial without the tool calls still being written, and those calls."""
    metadata = message.get("metadata") if isinstance(message, dict) else None
    if not isinstance(metadata, dict) or STREAMING_TOOL_CALLS not in metadata:
        return message, []
    rest = {key: value for key, value in metadata.items() if key != STREAMING_TOOL_CALLS}
    calls = metadata[STREAMING_TOOL_CALLS]
    return {**message, "metadata": rest}, calls if isinstance(calls, list) else []


def _adds_nothing(message: dict[str, Any], shown: dict[str, Any] | None) -> bool:
    """True when partial `message` shows nothing `shown` (the last one forwarded) did not: the
    same, or, before anything was shown, no text and no reasoning."""
    if shown is not None:
        return message == shown
    return not message.get("content") and not (message.get("metadata") or {}).get("reasoning")


def _describe_by_name(core: Any, config: dict[str, Any], call_id: str, name: str) -> dict[str, Any]:
    """What a call of tool `name` reaches (its arguments not known yet), as execution reads it."""
    call = {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}
    described: dict[str, Any] = core.describe_tool_calls([call], config)[0]
    return {**described, "arguments": {}}


def _catalog_facts(
    core: Any, calls: list[dict[str, Any]], config: dict[str, Any], catalog: Any
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The core's previews of `calls`, and what each call reaches (`describe_tool_calls`), as
    `catalog` has them."""
    facts: tuple[list[dict[str, Any]], list[dict[str, Any]]] = core.get_tool_call_facts(
        calls, config, catalog=catalog
    )
    return facts


def _unreadable(call: Any) -> dict[str, Any]:
    """A call the catalog did not describe (it changed meanwhile): it does not run."""
    call_id = str(call.get("id") or call.get("call_id") or "") if isinstance(call, dict) else ""
    return {
        "tool_call_id": call_id,
        "tool_name": "",
        "runnable": False,
        "error_message": tool_message(
            call_id, "", "Error: this tool call could not be read; it was not run.", is_error=True
        ),
    }


def _with_previews(
    message: dict[str, Any],
    calls: list[dict[str, Any]],
    found: list[dict[str, Any]],
    described: list[dict[str, Any]],
) -> dict[str, Any]:
    """The assistant message with `metadata["tool_call_previews"]`, one per call in call order,
    with the id and tool name as the core read them (whatever the call's wire format). The core's
    previews come one per call in call order too: they pair by position, as ids may repeat."""
    previews = []
    for index, call in enumerate(calls):
        facts = described[index] if index < len(described) else {}
        call_id = facts.get("tool_call_id") or call.get("id") or call.get("call_id")
        name = facts.get("tool_name") or (call.get("function") or {}).get("name") or "?"
        arguments = facts.get("arguments", parse_arguments(call))
        preview = (found[index].get("preview") if index < len(found) else None) or generic_preview(
            name, arguments
        )
        previews.append({"tool_call_id": call_id, "tool_name": name, "preview": preview})
    return {
        **message,
        "metadata": {**(message.get("metadata") or {}), "tool_call_previews": previews},
    }


def _call_fields(request: dict[str, Any]) -> dict[str, Any]:
    """The approval request without the ids every event carries anyway."""
    return {key: value for key, value in request.items() if key not in ("request_id", "session_id")}


def _denial(call_id: str, name: str, verdict: Verdict) -> dict[str, Any]:
    return tool_message(call_id, name, verdict.denial_text(), is_error=True, denied=True)
