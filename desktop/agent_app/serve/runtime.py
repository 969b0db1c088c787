"""The headless runtime: the application's chats driven over HTTP, their events kept in SQLite.

`HeadlessRuntime` holds one `AgentApplication` (the same application layer the window uses, with
no Qt) and the open chats (`agent_app.conversation.Conversations`). Everything a chat emits is
published to the durable `EventStore`: the tool loop's events (`request_started`, `partial`,
`assistant`, `tool_call`, `tool_approval_required`, `tool_started`, `tool_partial`,
`tool_result`, `error`, `request_completed`, ...) and the chat's own (`user_message`,
`approval_requested`, `approval_settled`, `state_changed`, `title_changed`, ...). Live objects
never leave the process: an event's `session` (a `Session`) is replaced by nothing; a client
reads the chat with `GET /sessions/{id}` when it needs it.

Tool approvals are asked through the events (`approval_requested`, with `runs_on: "server"`)
and answered with `decide`. Stopping the server lets running answers finish for up to
`drain_seconds` (their events wait in the store for the client), then stops them; a request a
server that died left without an end gets a `request_interrupted` event at the next start.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from agent_app.config import ConfigError
from agent_app.conversation import Conversation, ConversationBusy, Conversations
from agent_app.model_choice import ModelChoice, chat_model_choice
from agent_app.serve.event_store import EventStore
from agent_app.store import SessionNotFoundError
from agent_app.tool_loop import json_safe
from agent_app.ui_text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from agent_app.application import AgentApplication

log = logging.getLogger("agent_app.serve")

#: Events whose payload is a live object or only means something inside this process.
_INTERNAL_KEYS = ("session",)
#: Where a tool the server runs is said to run (the client's tool row shows it).
RUNS_ON_SERVER = "server"


class RuntimeInputError(ValueError):
    """A client asked for something that cannot be done; the message says what to send."""


class HeadlessRuntime:
    """One application's chats over HTTP: send, approve, cancel, act; every event stored."""

    def __init__(self, app: AgentApplication, events: EventStore) -> None:
        self.app = app
        self.events = events
        self.conversations = Conversations(app.sessions, app, app.plugin_queries)
        self._subscribed: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.new_events = asyncio.Event()
        """Set (and replaced) whenever an event is stored: long polls wait on it."""
        self.closing = False
        """The server is stopping: long polls answer at once."""

    async def start(self) -> list[str]:
        """Plugins' start-up work; requests a dead server left open are closed in the store."""
        self.app.set_approval_handler(self._ask_approval)
        for session_id, request_id in self.events.unfinished_requests():
            self.events.publish(
                {
                    "type": "request_interrupted",
                    "session_id": session_id,
                    "request_id": request_id,
                    "reason": "the server stopped before this answer finished",
                }
            )
        return await self.app.astart()

    async def stop(self, drain_seconds: float) -> None:
        """Let running answers finish for up to `drain_seconds`, then stop them and close."""
        running = [task for task in self._tasks if not task.done()]
        if running:
            log.info("Waiting up to %.0f s for %d running answers", drain_seconds, len(running))
            _done, pending = await asyncio.wait(running, timeout=drain_seconds)
            if pending:
                log.warning("%d answers did not finish in time; they are stopped", len(pending))
        await self.app.aclose()
        self.wake_waiters()

    # ------------------------------------------------------------------ events

    def publish(self, event: dict[str, Any]) -> dict[str, Any]:
        plain = {key: value for key, value in event.items() if key not in _INTERNAL_KEYS}
        stored = self.events.publish(json_safe(plain))
        self.wake_waiters()
        return stored

    def wake_waiters(self) -> None:
        waking, self.new_events = self.new_events, asyncio.Event()
        waking.set()

    def follow(self, conversation: Conversation) -> Conversation:
        if id(conversation) not in self._subscribed:
            self._subscribed.add(id(conversation))

            def publish(event: dict[str, Any]) -> None:
                if event.get("type") == "state_changed":
                    event = {
                        **event,
                        "busy": conversation.busy,
                        "awaiting_approval": conversation.awaiting_approval,
                    }
                self.publish(event)

            conversation.subscribe(publish)
        return conversation

    # ------------------------------------------------------------------ chats

    def create_session(self, agent_id: str | None = None, title: str = "") -> dict[str, Any]:
        conversation = self.follow(self.conversations.new(agent_id))
        conversation.ensure_session()
        if title.strip():
            conversation.rename(title.strip())
        return self.describe(conversation)

    async def conversation(self, session_id: str) -> Conversation:
        """The open chat of `session_id` (loaded when needed); `SessionNotFoundError` when
        there is none, or it was deleted (the store keeps deleted chats until the next start)."""
        exists = await asyncio.to_thread(self.app.sessions.store.session_exists, session_id)
        if not exists:
            raise SessionNotFoundError(
                QT_TRANSLATE_NOOP("Errors", "There is no chat with id {session_id}.").format(
                    session_id=repr(session_id)
                )
            )
        return self.follow(await self.conversations.aopen(session_id))

    def describe(self, conversation: Conversation) -> dict[str, Any]:
        session = conversation.ensure_session()
        return {
            "session_id": session.session_id,
            "title": conversation.title,
            "agent_id": conversation.agent_id,
            "busy": conversation.busy,
            "awaiting_approval": conversation.awaiting_approval,
        }

    # ------------------------------------------------------------------ models

    async def models(self, refresh: bool) -> dict[str, Any]:
        """Every provider configured on this server with its models (the client's picker)."""
        listed = await self.app.model_catalog.providers(refresh=refresh)
        return {"providers": [json_safe(dataclasses.asdict(provider)) for provider in listed]}

    async def chat_model(self, conversation: Conversation) -> dict[str, Any] | None:
        """The provider and model the chat's next request goes to here: its own pick, else
        its agent's (a provider without a configured model answers with the first it lists).
        None when the chat's agent has no provider that works."""
        try:
            base, overrides = self.app.agents.chat_config(conversation.ensure_session())
        except ConfigError as problem:
            log.info("No model for chat %s: %s", conversation.session_id, problem)
            return None
        provider_id = base.get("provider_id")
        if not isinstance(provider_id, str):
            return None
        model = overrides.get("model") or base.get("model")
        if not model:
            listed = await self.app.model_catalog.providers()
            found = next((p for p in listed if p.provider_id == provider_id), None)
            model = found.models[0].model_id if found and found.models else None
        label = str(base.get("provider_label") or provider_id)
        return {"provider": provider_id, "model": model, "label": label} if model else None

    async def choose_model(self, session_id: str, stored: Any) -> dict[str, Any]:
        """Use `stored` (``{"provider", "model"}``, or None for the agent's own) for the chat's
        requests from now on; the chat described with the model it now uses."""
        conversation = await self.conversation(session_id)
        choice: ModelChoice | None = None
        if stored is not None:
            choice = chat_model_choice(stored)
            if choice is None:
                raise RuntimeInputError(
                    'Send {"provider": <a provider id from GET /models>, "model": <model id>}, '
                    "or null for the model of the chat's agent."
                )
            if choice.provider_id not in self.app.configuration.config.providers:
                known = ", ".join(sorted(self.app.configuration.config.providers)) or "none"
                raise RuntimeInputError(
                    f"This server has no provider {choice.provider_id!r} (it has: {known}); "
                    "pick one that GET /models lists."
                )
        await conversation.choose_model(choice)
        return {**self.describe(conversation), "model": await self.chat_model(conversation)}

    async def send(
        self, session_id: str, text: str, asset_ids: list[str], overrides: dict[str, Any] | None
    ) -> str:
        """Start a request in the chat; returns the event id to read its events after."""
        conversation = await self.conversation(session_id)
        if conversation.busy:
            raise RuntimeInputError(
                "The agent is still working in this chat: wait for its request_completed "
                "event, or POST /sessions/{session_id}/cancel first."
            )
        attachments = [self._attachment(session_id, asset_id) for asset_id in asset_ids]
        since = self.events.latest_event_id()
        self._run(conversation.send(text, attachments, overrides), f"send {session_id}")
        return since

    def _attachment(self, session_id: str, asset_id: str) -> dict[str, Any]:
        record = self.app.sessions.assets.get(asset_id)
        if record.get("session_id") != session_id:
            raise RuntimeInputError(
                f"The upload {asset_id!r} belongs to another chat; upload the file to this one."
            )
        return record

    async def decide(
        self, session_id: str, call_key: tuple[int, int], decision: dict[str, Any]
    ) -> bool:
        """Answer the approval of call `call_key`; False when it is not waiting (any more)."""
        conversation = await self.conversation(session_id)
        waiting = any(
            tuple(item.get("call_key") or ()) == call_key
            for item in conversation.pending_approvals()
        )
        if waiting:
            conversation.decide(call_key, decision)
        return waiting

    async def cancel(self, session_id: str) -> bool:
        conversation = await self.conversation(session_id)
        running = conversation.busy
        conversation.stop()
        return running

    async def run_action(
        self, session_id: str, action_id: str, params: dict[str, Any], owner: str | None
    ) -> dict[str, Any]:
        conversation = await self.conversation(session_id)
        result: dict[str, Any] = json_safe(
            await conversation.run_action(action_id, params, owner=owner)
        )
        return result

    async def ui_schema(self, session_id: str) -> dict[str, Any]:
        conversation = await self.conversation(session_id)
        described = await self.app.plugin_queries.describe_agent(conversation.agent_id)
        return {
            "session_id": session_id,
            "agent_id": conversation.agent_id,
            "elements": json_safe(described.ui_schema),
            "actions": json_safe(described.actions),
        }

    async def delete_session(self, session_id: str) -> None:
        conversation = self.conversations.find(session_id)
        if conversation is not None:
            if conversation.busy or conversation.awaiting_approval:
                raise ConversationBusy(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "The agent is still working in this chat: POST "
                        "/sessions/{session_id}/cancel and wait for its "
                        "request_finished event before deleting it.",
                    )
                )
            self.conversations.release(conversation)
        await asyncio.to_thread(self.app.sessions.delete_session, session_id)
        await asyncio.to_thread(self.events.forget_session, session_id)

    # ------------------------------------------------------------------ approvals

    async def _ask_approval(self, request: dict[str, Any]) -> dict[str, Any]:
        session_id = str(request.get("session_id") or "")
        self.follow(await self.conversations.aopen(session_id))
        return await self.conversations.ask_approval({**request, "runs_on": RUNS_ON_SERVER})

    # ------------------------------------------------------------------ background work

    def _run(self, work: Any, name: str) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        with suppress(asyncio.CancelledError):
            error = task.exception()
            if error is not None:
                log.error("%s failed: %s", task.get_name(), error, exc_info=error)
