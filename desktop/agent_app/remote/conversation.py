"""A chat that lives on an agent server, with the face of a local `Conversation`.

The window shows a `RemoteConversation` exactly as it shows a local chat: it subscribes to the
same events (the server publishes its `Conversation`'s events, see `agent_app.serve.runtime`)
and reads `session`, `busy`, `pending_approvals()` and the rest. Sending, stopping and
approvals go to the server; its events come back through `RemoteAgentClient.follow_events`,
which resumes with ``since_id`` after a network cut or a server restart, so each is applied once.

Messages are placed by their `message_index`: an event about a message the session read at
opening already holds changes nothing, and one that comes after is appended.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from agent_app import DEFAULT_AGENT_ID
from agent_app.conversation import ConversationBusy
from agent_app.model_catalog import ModelInfo, ProviderModels
from agent_app.model_choice import ModelChoice, chat_model_choice
from agent_app.remote.attachments import StagedAttachments
from agent_app.remote.client import RemoteAgentClient, RemoteServerError
from agent_app.turn_outcome import LAST_ERROR_KEY, failure_record
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import Message, Session

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]


class NotOnServer(ConversationBusy):
    """Something a chat of this computer does that a chat on a server cannot (the window
    handles it as a busy chat: the message goes back to the box, the reason is shown)."""


class RemoteConversation:
    """One chat on the server `client` reaches; `server_label` names that server."""

    def __init__(
        self,
        client: RemoteAgentClient,
        session_id: str,
        server_label: str,
        attachments: StagedAttachments | None = None,
    ) -> None:
        self.client = client
        self.server_label = server_label
        self.attachments = attachments
        # The server's id of each file this chat uploaded -> its id in the local staging store,
        # so the user's message shows the pictures it sent.
        self._local_asset_of: dict[str, str] = {}
        self._session = Session(session_id, [], {})
        self.agent_id = DEFAULT_AGENT_ID
        self.editing_index: int | None = None
        self.action: Any = None  # actions run on the server: nothing runs here
        self.index_offset = 0
        self.preparing = False
        self._busy = False
        self._approvals: dict[tuple[int, int], dict[str, Any]] = {}
        self._listeners: list[Listener] = []
        self._following: asyncio.Task[None] | None = None
        self._requests: set[asyncio.Task[Any]] = set()  # held until done (the loop keeps weak refs)
        self.seen_event_ids: list[str] = []
        """Every event id applied, in order (each once: what a test checks)."""
        self._server_model: ModelChoice | None = None
        self.provider_labels: dict[str, str] = {}
        """How the server names its providers (provider id -> label), as last read."""

    # ------------------------------------------------------------------ reading
    @property
    def session(self) -> Session:
        return self._session

    @property
    def session_id(self) -> str:
        return self._session.session_id

    @property
    def title(self) -> str:
        return str(self._session.metadata.get("title") or "")

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def requesting(self) -> bool:
        return self._busy

    @property
    def awaiting_approval(self) -> bool:
        return bool(self._approvals)

    def pending_approvals(self) -> list[dict[str, Any]]:
        return list(self._approvals.values())

    def recent_assistant_messages(self, count: int) -> list[dict[str, Any]]:
        found = [m.to_dict() for m in self._session.messages if m.role == "assistant"]
        return found[-count:] if count else []

    def ensure_session(self) -> Session:
        return self._session

    # ------------------------------------------------------------------ listening
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _publish(self, event: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            listener(event)

    # ------------------------------------------------------------------ following the server
    async def open(self) -> None:
        """Read the chat as the server holds it, then follow its events from that moment."""
        since = await self.client.latest_event_id()
        found = await self.client.read_session(self.session_id)
        self._session = Session.from_dict(found["session"])
        self._busy = bool(found.get("busy"))
        self._note_model(found.get("model"))
        self._publish({"type": "history_reset", "session_id": self.session_id})
        self._following = asyncio.get_running_loop().create_task(
            self._follow(since), name=f"remote chat {self.session_id}"
        )

    async def _follow(self, since: str) -> None:
        try:
            async for event in self.client.follow_events(self.session_id, since):
                self.seen_event_ids.append(str(event["event_id"]))
                self._absorb(event)
                self._publish(event)
        except RemoteServerError as error:
            log.warning("Stopped following %s: %s", self.session_id, error)
            self._publish({"type": "notice", "session_id": self.session_id, "text": str(error)})

    def _absorb(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        # JSON has no tuples: a call's key comes as a list, and the window keys rows by tuple.
        if isinstance(event.get("call_key"), list):
            event["call_key"] = _key(event["call_key"])
        if isinstance(event.get("request"), dict) and "call_key" in event["request"]:
            event["request"] = {**event["request"], "call_key": _key(event["request"]["call_key"])}
        if kind == "user_message":
            event["message"] = self._with_local_assets(event["message"])
        if kind in ("user_message", "assistant", "tool_result"):
            self._place(Message.from_dict(event["message"]), event.get("message_index"))
        elif kind == "state_changed":
            self._busy = bool(event.get("busy"))
        elif kind == "title_changed":
            metadata = {**self._session.metadata, "title": event.get("title")}
            self._session = dataclasses.replace(self._session, metadata=metadata)
        elif kind == "approval_requested":
            # The tool runs on the server: the prompt names which one.
            request = {**event["request"], "runs_on": self.server_label}
            event["request"] = request
            self._approvals[_key(event["call_key"])] = request
        elif kind == "approval_settled":
            self._approvals.pop(_key(event["call_key"]), None)
        elif kind == "request_started":
            self._busy = True
            self._keep_failure(None)
        elif kind == "error":
            # Kept with the chat here as the server keeps it there: the chat shows the failure
            # (what went wrong, what to do) under the last turn, as a local chat's.
            failure = event.get("failure")
            self._keep_failure(
                failure if isinstance(failure, dict) else failure_record(event.get("error") or {})
            )

    def _keep_failure(self, record: dict[str, Any] | None) -> None:
        metadata = {k: v for k, v in self._session.metadata.items() if k != LAST_ERROR_KEY}
        if record is not None:
            metadata[LAST_ERROR_KEY] = record
        self._session = dataclasses.replace(self._session, metadata=metadata)

    def _with_local_assets(self, message: dict[str, Any]) -> dict[str, Any]:
        parts = message.get("multipartContent")
        if not isinstance(parts, list) or not self._local_asset_of:
            return message
        local = [
            _with_asset_id(part, self._local_asset_of.get(str(part.get("asset_id"))))
            if isinstance(part, dict)
            else part
            for part in parts
        ]
        return {**message, "multipartContent": local}

    def _place(self, message: Message, index: Any) -> None:
        messages = list(self._session.messages)
        if isinstance(index, int) and index < len(messages):
            return  # already read with the session
        self._session = dataclasses.replace(self._session, messages=[*messages, message])

    async def aclose(self) -> None:
        if self._following is not None:
            self._following.cancel()
            with suppress(asyncio.CancelledError):
                await self._following

    # ------------------------------------------------------------------ doing
    async def send(
        self,
        text: str,
        attachments: list[dict[str, Any]] | None = None,
        overrides: dict[str, Any] | None = None,
    ) -> None:
        """Upload the attachments (staged here) into the server's store and send the message;
        its events (the user's message first) follow."""
        asset_ids = [await self._upload(record) for record in attachments or []]
        self._busy = True
        try:
            await self.client.send(self.session_id, text, asset_ids, overrides)
        except RemoteServerError:
            self._busy = False
            raise

    async def _upload(self, record: dict[str, Any]) -> str:
        if self.attachments is None:
            raise RemoteServerError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "Attachments cannot be sent to the agent server {server_label} from here.",
                ).format(server_label=self.server_label)
            )
        staged, data = await asyncio.to_thread(self.attachments.read, str(record["asset_id"]))
        uploaded = await self.client.upload(
            self.session_id, str(staged["name"]), data, str(staged.get("mime") or "")
        )
        self._local_asset_of[str(uploaded["asset_id"])] = str(record["asset_id"])
        return str(uploaded["asset_id"])

    def stop(self, reason: str = "") -> None:
        self._spawn(self.client.cancel(self.session_id))

    def decide(self, call_key: Any, decision: dict[str, Any]) -> None:
        self._spawn(self.client.decide(self.session_id, list(call_key), decision))

    async def run_action(
        self,
        action_id: str,
        params: dict[str, Any] | None = None,
        *,
        owner: str | None = None,
        label: str = "",
    ) -> dict[str, Any]:
        """Run a session action on the server (its plugins, its copy of the chat), then show
        the chat as the action left it."""
        self._publish({"type": "action_started", "session_id": self.session_id, "label": label})
        try:
            result = await self.client.run_action(self.session_id, action_id, params or {}, owner)
            found = await self.client.read_session(self.session_id)
        except RemoteServerError as error:
            result = {
                "status": "error",
                "error": {"type": "RemoteServerError", "message": str(error)},
            }
        else:
            self._session = Session.from_dict(found["session"])
            self._publish({"type": "history_reset", "session_id": self.session_id})
        self._publish(
            {
                "type": "action_finished",
                "session_id": self.session_id,
                "label": label,
                "result": result,
            }
        )
        return result

    def cancel_action(self) -> None:
        """An action runs on the server to its end: there is nothing to cancel here."""

    @property
    def model_choice(self) -> ModelChoice | None:
        """The provider and model the server uses for this chat (its providers, not this
        computer's); None when the server has none that works."""
        return self._server_model

    async def choose_model(self, choice: ModelChoice | None) -> None:
        """Use `choice` (one of the server's providers, from `list_models`) for this chat's
        requests on the server; None: the model of its agent there."""
        try:
            model = await self.client.choose_model(
                self.session_id, choice.stored() if choice else None
            )
        except RemoteServerError as error:
            self._publish({"type": "notice", "session_id": self.session_id, "text": str(error)})
            return
        self._note_model(model)
        self._publish({"type": "metadata_changed", "session_id": self.session_id})

    async def list_models(self, *, refresh: bool = False) -> list[ProviderModels]:
        """The server's providers and their models (what the picker lists for this chat)."""
        listed = [_provider_models(entry) for entry in await self.client.models(refresh=refresh)]
        self.provider_labels.update((p.provider_id, p.label) for p in listed)
        return listed

    def _note_model(self, model: Any) -> None:
        self._server_model = chat_model_choice(model)
        if self._server_model is not None and isinstance(model.get("label"), str):
            self.provider_labels[self._server_model.provider_id] = model["label"]

    async def ask_several(self, *_arguments: Any) -> None:
        """Comparing models runs in chats of this computer (their providers are here)."""
        raise NotOnServer(
            f"Asking several models at once works in chats of this computer; this chat runs "
            f"on the agent server {self.server_label}."
        )

    async def load_full_history(self) -> None:
        """The whole chat is read at opening: nothing to page in."""

    def switch_agent(self, agent_id: str) -> None:
        """The server's chat keeps the server's agent."""

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._requests.add(task)
        task.add_done_callback(self._requests.discard)
        task.add_done_callback(_log_failure)


def _provider_models(entry: dict[str, Any]) -> ProviderModels:
    return ProviderModels(
        provider_id=str(entry["provider_id"]),
        label=str(entry.get("label") or entry["provider_id"]),
        default_model=entry.get("default_model"),
        models=tuple(
            ModelInfo(
                model_id=str(model["model_id"]),
                name=str(model.get("name") or model["model_id"]),
                capabilities=tuple(model.get("capabilities") or ()),
                context_length=model.get("context_length"),
                price_per_million=(
                    (float(price[0]), float(price[1]))
                    if isinstance(price := model.get("price_per_million"), list) and len(price) == 2
                    else None
                ),
            )
            for model in entry.get("models") or ()
        ),
        error=str(entry.get("error") or ""),
    )


def _with_asset_id(part: dict[str, Any], asset_id: str | None) -> dict[str, Any]:
    return part if asset_id is None else {**part, "asset_id": asset_id}


def _key(call_key: Any) -> tuple[int, int]:
    return int(call_key[0]), int(call_key[1])


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("A request to the agent server failed: %s", task.exception())
