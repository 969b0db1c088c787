"""One open chat, without Qt: the only live copy of its session and everything done to it.

A `Conversation` sends, edits, regenerates, deletes, stops, answers tool approvals, pages in long
histories and runs session actions (compaction, ...). Whoever shows it (the window, a test)
subscribes to its events and never keeps a second copy of the session:

- every event of the tool loop, passed on as it comes; `assistant` and `tool_result` events carry
  `message_index`, the message's position in the whole session;
- `user_message` (`message`, `message_index`): the user's message was added;
- `history_reset`: the messages changed in place (edit, regenerate, delete, an action); show
  `session` again, its first message being number `index_offset`;
- `history_prepended` (`count`): older messages were paged in above the ones shown;
- `messages_refreshed`: same messages, new details (metadata filled in by the save);
- `state_changed`: `busy`, `awaiting_approval` or `action` changed;
- `approval_requested` / `approval_settled` (`call_key`, see `agent_app.tool_loop`: which call of
  which message; the id the model gave a call may repeat);
- `session_created` (a new chat got its stored session); `title_changed` (`title`);
  `metadata_changed` (e.g. the chat's own instructions);
- `action_started` (`label`); `action_finished` (`result`, `label`);
- for a task an earlier run left running (see `agent_app.tool_tasks`): `tool_partial`
  (`call_key`, `part`: its progress) and, once it ended, `tool_result` (`message`,
  `call_key`, `message_index`) for the result that replaced the stored note.

`Conversations` keeps the open ones and routes the application's approval questions to the chat
they belong to, so a chat waiting for approval never holds up another. It also follows the tasks
an earlier run left running (`follow_tool_tasks`): each result lands in its chat, open or not.

Both are built with what they use: `Sessions` (create, load, save, rename), the platform's request
calls (`ports.Requests`: `send_request`, `cancel_request`, `update_agent`, which the application
answers) and `PluginQueries` (session actions, off the GUI thread).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_app import DEFAULT_AGENT_ID
from agent_app.branches import start_new_version, switch_version, version_info
from agent_app.config import ConfigError
from agent_app.model_choice import (
    ANSWERED_BY_KEY,
    CHAT_MODEL_KEY,
    MAX_COMPARED,
    MIN_COMPARED,
    ModelChoice,
    chat_model_choice,
)
from agent_app.store import StoreError
from agent_app.turn_outcome import STOPPED, failure_record
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import Message, Session
from agent_core.action_cancel import ActionCancellation
from agent_core.collector import collector_resting

if TYPE_CHECKING:
    from agent_app.plugin_queries import PluginQueries
    from agent_app.ports import Requests
    from agent_app.sessions import Sessions
    from agent_app.tool_loop import CallKey
    from agent_app.tool_tasks import RunningTask, ToolTasks

log = logging.getLogger(__name__)

Listener = Callable[[dict[str, Any]], None]
TITLE_CHARS = 60
OFFSET_KEY = "message_offset"
BUSY_MESSAGE = QT_TRANSLATE_NOOP(
    "Errors", "The agent is still working in this chat. Wait for it or stop it first."
)


class ConversationBusy(RuntimeError):
    """Something is already running in this chat (a request or an action)."""


@dataclass
class RunningAction:
    label: str
    task: asyncio.Future[tuple[Session, dict[str, Any]]]
    cancelled: asyncio.Event
    cancellation: ActionCancellation  # reaches the model calls the action makes


def title_from(text: str) -> str:
    """An untitled chat is named after its first message, cut to one line."""
    words = " ".join(text.split())
    return words if len(words) <= TITLE_CHARS else words[: TITLE_CHARS - 1].rstrip() + "…"


def attachment_part(record: dict[str, Any]) -> dict[str, Any]:
    """The message part for a stored attachment record."""
    return {
        "type": "image" if str(record.get("mime", "")).startswith("image/") else "file",
        "asset_id": record["asset_id"],
        "name": record.get("name"),
        "mime": record.get("mime"),
    }


class Conversation:
    """One chat: its session (possibly only the newest page of it), its request, its action."""

    def __init__(
        self,
        sessions: Sessions,
        requests: Requests,
        queries: PluginQueries,
        session: Session | None = None,
        agent_id: str | None = None,
    ) -> None:
        self._sessions = sessions
        self._requests = requests
        self._queries = queries
        self._session = session
        metadata = session.metadata if session is not None else {}
        self.agent_id: str = str(agent_id or metadata.get("agent_id") or DEFAULT_AGENT_ID)
        self.editing_index: int | None = None
        self.action: RunningAction | None = None
        self._listeners: list[Listener] = []
        self._request: asyncio.Task[None] | None = None
        self._request_id: str | None = None
        self._approvals: dict[CallKey, tuple[dict[str, Any], asyncio.Future[dict[str, Any]]]] = {}
        self._creating: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        # A model picked before the chat has a session: stored with it when it is created.
        self._pending_model: ModelChoice | None = None

    # ------------------------------------------------------------------ reading
    @property
    def session(self) -> Session | None:
        """The live session (None for a new chat not yet started)."""
        return self._session

    @property
    def session_id(self) -> str | None:
        return self._session.session_id if self._session is not None else None

    @property
    def title(self) -> str:
        return str((self._session.metadata if self._session else {}).get("title") or "")

    @property
    def index_offset(self) -> int:
        """How many older messages are not loaded yet (see `load_full_history`)."""
        return int((self._session.metadata if self._session else {}).get(OFFSET_KEY) or 0)

    @property
    def requesting(self) -> bool:
        return self._request is not None and not self._request.done()

    @property
    def busy(self) -> bool:
        """A request or an action is running: nothing else may change the messages now."""
        return self.requesting or self.action is not None

    @property
    def preparing(self) -> bool:
        """A new chat's `session_create` actions (plugin code) are still running."""
        return self._creating is not None

    @property
    def awaiting_approval(self) -> bool:
        return bool(self._approvals)

    def pending_approvals(self) -> list[dict[str, Any]]:
        """The approval questions waiting for the user, oldest first."""
        return [request for request, _future in self._approvals.values()]

    @property
    def model_choice(self) -> ModelChoice | None:
        """The provider and model picked for this chat (None: its agent's own)."""
        if self._session is None:
            return self._pending_model
        return chat_model_choice(self._session.metadata.get(CHAT_MODEL_KEY))

    async def choose_model(self, choice: ModelChoice | None) -> None:
        """Use `choice` for this chat's requests from now on (None: the agent's own model);
        kept with the chat. A chat not started yet keeps it until its first message."""
        if self._session is None:
            self._pending_model = choice
            self._emit("metadata_changed")
            return
        await self.set_metadata(CHAT_MODEL_KEY, choice.stored() if choice else None)

    def recent_assistant_messages(self, count: int) -> list[dict[str, Any]]:
        """The newest `count` answers of the chat, newest first."""
        found: list[dict[str, Any]] = []
        for message in reversed(self._session.messages if self._session else []):
            if len(found) == count:
                break
            if message.role == "assistant":
                found.append(message.to_dict())
        return found

    # ------------------------------------------------------------------ listening
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(event)` for every event; returns the function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _emit(self, kind: str, **fields: Any) -> None:
        self._publish({"type": kind, "session_id": self.session_id, **fields})

    def _publish(self, event: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            listener(event)

    # ------------------------------------------------------------------ the session
    def ensure_session(self) -> Session:
        """The session, stored on first use (at once: the chat shows in the list).

        Plugins' `session_create` actions then run in the background, on the core's workers
        within the hook time limit (plugin code may take long or hang); `aensure_session` waits
        for them. What the chat gets meanwhile (a title, the user's message) is kept.
        """
        if self._session is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no event loop (a script): nothing to keep live, they run here
                self._session = self._with_model(self._sessions.create_session(self.agent_id))
            else:
                session = self._with_model(self._sessions.store_new_session(self.agent_id))
                self._session = session
                self._creating = loop.create_task(
                    self._run_create_actions(session), name=f"session-create-{session.session_id}"
                )
            self._emit("session_created")
            self._emit("state_changed")
        return self._session

    def _with_model(self, created: Session) -> Session:
        """A new chat's session with the model picked before it existed (saved with its first
        message, which the tool loop stores before it runs)."""
        if self._pending_model is None:
            return created
        metadata = {**created.metadata, CHAT_MODEL_KEY: self._pending_model.stored()}
        return dataclasses.replace(created, metadata=metadata)

    async def aensure_session(self) -> Session:
        """The session once its `session_create` actions have run; callers share that run."""
        self.ensure_session()
        if self._creating is not None:
            await asyncio.shield(self._creating)
        assert self._session is not None
        return self._session

    async def _run_create_actions(self, session: Session) -> None:
        try:
            created, notices = await self._sessions.arun_session_create(session)
        finally:
            self._creating = None
            self._emit("state_changed")
        for notice in notices:  # a plugin that failed or overran there, named with its hook
            self._publish({**notice, "session_id": session.session_id})
        current = self._session
        if current is None or current.session_id != session.session_id or created == session:
            return
        # Keys the chat changed meanwhile win; messages it got meanwhile follow the actions'.
        changed = {
            key: value
            for key, value in current.metadata.items()
            if session.metadata.get(key) != value
        }
        added = current.messages[len(session.messages) :]
        merged = Session(
            session.session_id, [*created.messages, *added], {**created.metadata, **changed}
        )
        if created.messages != session.messages:
            self._replace(merged)
        else:
            self._session = merged
            self._emit("metadata_changed")

    async def load_full_history(self) -> None:
        """Page in the older messages of a chat opened with only its newest ones."""
        session = self._session
        if session is None or self.index_offset == 0:
            return
        # Decoding a long history makes hundreds of thousands of objects, and the cyclic
        # collector would walk them again and again (pauses while the window waits).
        with collector_resting():
            full = await asyncio.to_thread(self._sessions.load_session, session.session_id)
        if self._session is not session:
            return  # replaced meanwhile (an answer finished); it is complete already
        older = len(full.messages) - len(session.messages)
        self._session = full
        self._emit("history_prepended", count=older)

    def rename(self, title: str) -> None:
        session = self.ensure_session()
        self._sessions.rename_session(session.session_id, title)
        self._session = dataclasses.replace(session, metadata={**session.metadata, "title": title})
        self._emit("title_changed", title=title)

    def switch_agent(self, agent_id: str) -> None:
        self.agent_id = agent_id
        if self._session is not None:
            _core, _config, self._session = self._requests.update_agent(agent_id, self._session)

    def _replace(self, session: Session) -> None:
        self._session = session
        self._emit("history_reset")

    def _check_idle(self) -> None:
        if self.busy:
            raise ConversationBusy(BUSY_MESSAGE)

    # ------------------------------------------------------------------ sending
    async def send(
        self,
        text: str,
        attachments: list[dict[str, Any]] | None = None,
        overrides: dict[str, Any] | None = None,
    ) -> None:
        """Send the user's message (replacing the one being edited) and run the request.

        In a new chat the message shows at once; the request waits for the chat's
        `session_create` actions (the chat counts as busy meanwhile).
        """
        session = await self._begin_turn(text, attachments)
        await self._run(session, overrides)

    async def _begin_turn(self, text: str, attachments: list[dict[str, Any]] | None) -> Session:
        """Add the user's message (the chat is busy from now on); the session to answer."""
        self._check_idle()
        self._request = asyncio.current_task()
        self._emit("state_changed")
        added = False
        try:
            await self.load_full_history()
            self._add_user_message(text, attachments)
            added = True
            return await self.aensure_session()
        except BaseException:
            self._request = None
            self._emit("state_changed")
            if added:  # stopped while the new chat was prepared: the message stays, stored
                self._keep_unsent_message()
            raise

    async def ask_several(
        self,
        text: str,
        attachments: list[dict[str, Any]] | None,
        models: list[ModelChoice],
        overrides: dict[str, Any] | None = None,
    ) -> None:
        """Send the user's message to 2–4 models at once; their answers become versions of
        the one answer (the first shown), each labelled with its model (`ANSWERED_BY_KEY`).

        While they answer, each column's text comes as `comparison_partial` (`column`,
        `text`) and its end as `comparison_column_finished` (`column`, `error`: what failed,
        or ""); `comparison_started` (`models`) and `comparison_finished` frame them. Stop
        stops all; what each had written is kept, marked stopped.
        """
        if not MIN_COMPARED <= len(models) <= MAX_COMPARED:
            raise ValueError(
                f"Ask {MIN_COMPARED} to {MAX_COMPARED} models at once ({len(models)} were "
                "chosen): pick others in the list."
            )
        session = await self._begin_turn(text, attachments)
        answer_at = len(session.messages)
        self._emit("comparison_started", models=[model.stored() for model in models])
        try:
            # The user's message is stored before the models are asked (a detached run stores
            # nothing), so it survives whatever happens next.
            await asyncio.to_thread(self._sessions.store.save_session, session)
            columns = [_Column(column, model) for column, model in enumerate(models)]
            asked = [
                asyncio.ensure_future(self._ask_column(session, column, overrides))
                for column in columns
            ]
            try:
                await asyncio.wait(asked)
            finally:
                # Stopped: every model stops, and each has kept what it wrote before the
                # answers are put together (gather would return at the first one stopped).
                for task in asked:
                    task.cancel()
                await asyncio.wait(asked)
                answered = with_compared_answers(
                    session, answer_at, [column.answer() for column in columns]
                )
                self._replace(answered)
                saved = await asyncio.shield(self._sessions.asave_session(answered))
                self._adopt_if_unchanged(answered, saved)
            for task in asked:
                task.result()  # a model's failure is in its answer; anything raised is a bug
        finally:
            self._request = None
            self._emit("state_changed")
            self._emit("comparison_finished")
            self._emit("request_finished")

    async def _ask_column(
        self, session: Session, column: _Column, overrides: dict[str, Any] | None
    ) -> None:
        """One model's answer to `session` (a run that stores nothing), told as it streams."""
        events = self._requests.send_request(session, overrides, model=column.model)
        try:
            async for event in events:
                kind = event.get("type")
                if kind == "partial":
                    column.text = str((event.get("message") or {}).get("content") or "")
                    self._emit("comparison_partial", column=column.number, text=column.text)
                elif kind == "error":  # in the words the chat uses for a failed turn
                    column.error = failure_record(event.get("error") or {})["message"]
                elif kind in ("request_completed", "request_cancelled"):
                    column.messages = event["session"].messages[len(session.messages) :]
                    column.stopped = kind == "request_cancelled"
        except ConfigError as error:  # the provider is gone from the settings
            column.error = str(error)
        except asyncio.CancelledError:
            column.stopped = True
            raise
        finally:
            self._emit(
                "comparison_column_finished",
                column=column.number,
                error=column.error,
                text=column.text,
            )

    def _keep_unsent_message(self) -> None:
        """Store the chat with the message whose request was stopped before it went out, as a
        stopped request keeps its message (once the chat's creation has finished)."""

        async def store_when_created() -> None:
            session = await self.aensure_session()
            if self.busy:  # a request that started meanwhile stores it itself
                return
            try:
                await self._sessions.asave_session(session)
            except StoreError as error:  # the chat's next save stores it
                log.warning("Keeping a stopped message failed: %s", error)

        task = asyncio.get_running_loop().create_task(
            store_when_created(), name=f"keep-unsent-{self.session_id}"
        )
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _add_user_message(self, text: str, attachments: list[dict[str, Any]] | None) -> None:
        session = self.ensure_session()
        parts = [attachment_part(record) for record in attachments or []]
        editing, self.editing_index = self.editing_index, None
        if editing is not None:
            # An edited message keeps the attachments it had; the old one stays a version.
            parts = list(session.messages[editing].multipart_content or []) + parts
            session = start_new_version(session, editing)
            self._session = session
        messages = list(session.messages)
        if not session.metadata.get("title") and text.strip():
            self.rename(title_from(text))
            session = self.ensure_session()
        message = Message(role="user", content=text, multipart_content=parts or None)
        session = dataclasses.replace(session, messages=[*messages, message])
        if editing is not None:
            self._replace(session)
        else:
            self._session = session
            self._emit("user_message", message=message.to_dict(), message_index=len(messages))

    def begin_edit(self, index: int) -> str:
        """Start editing message `index`; returns its text for the composer."""
        self._check_idle()
        message = self._message(index)
        self.editing_index = index
        return message.content if isinstance(message.content, str) else ""

    def attachment_names(self, index: int) -> list[str]:
        """The names of the files attached to message `index` (an edit keeps them)."""
        parts = self._message(index).multipart_content or []
        return [str(part.get("name") or "file") for part in parts if part.get("asset_id")]

    def cancel_edit(self) -> None:
        self.editing_index = None

    async def regenerate(self, index: int, overrides: dict[str, Any] | None = None) -> None:
        """Drop answer `index` and everything after it, and ask again."""
        self._check_idle()
        await self.load_full_history()
        session = self.ensure_session()
        if not 0 <= index <= len(session.messages):
            raise IndexError(f"There is no message {index} in this chat.")
        if index < len(session.messages):
            # The answer and what followed stay as a version of the chat.
            session = start_new_version(session, index)
        self._replace(session)
        # The tool loop saves the shortened history before it runs.
        await self._run(session, overrides)

    async def retry(self, overrides: dict[str, Any] | None = None) -> None:
        """Send the last user message again; what answered it stays as a version."""
        self._check_idle()
        await self.load_full_history()
        messages = self._session.messages if self._session else []
        last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=None)
        if last_user is not None:
            await self.regenerate(self.index_offset + last_user + 1, overrides)

    async def switch_version(self, index: int, step: int) -> None:
        """Show the previous (-1) or next (+1) version of the chat from message `index` on.

        Shown at once; saved off the event loop (save-prepare actions may call a model)."""
        self._check_idle()
        session = self._session
        info = version_info(session, index) if session is not None else None
        if session is None or info is None or not 1 <= info.number + step <= info.total:
            return
        switched = switch_version(session, index, info.number + step)
        self._replace(switched)
        self._adopt_if_unchanged(switched, await self._sessions.asave_session(switched))

    async def set_metadata(self, key: str, value: Any) -> None:
        """Keep `value` with the chat under `key` (None removes it): in effect at once (the next
        request sees it), saved off the event loop."""
        session = await self.aensure_session()
        metadata = {k: v for k, v in session.metadata.items() if k != key}
        if value is not None:
            metadata[key] = value
        updated = dataclasses.replace(session, metadata=metadata)
        self._session = updated
        self._emit("metadata_changed")
        self._adopt_if_unchanged(updated, await self._sessions.asave_session(updated))

    def _adopt_if_unchanged(self, sent: Session, saved: Session) -> None:
        """Take the session as saved (save-prepare actions may have changed it), unless the chat
        moved on while it was being saved; then what it holds now is saved with its next turn."""
        if self._session is not sent:
            return
        if saved.messages == sent.messages:
            self._session = saved
        else:
            self._replace(saved)

    async def delete(self, index: int) -> None:
        """Delete message `index`, and the results of the tool calls it made."""
        self._check_idle()
        await self.load_full_history()
        self._message(index)
        session = self.ensure_session()
        dropped = {index, *results_of(session.messages, index)}
        kept = [other for position, other in enumerate(session.messages) if position not in dropped]
        saved = await self._sessions.asave_session(dataclasses.replace(session, messages=kept))
        self._replace(saved)

    def _message(self, index: int) -> Message:
        messages = self._session.messages if self._session else []
        position = index - self.index_offset
        if not 0 <= position < len(messages):
            raise IndexError(f"There is no message {index} in this chat.")
        return messages[position]

    async def _run(self, session: Session, overrides: dict[str, Any] | None) -> None:
        self._request = asyncio.current_task()
        self._emit("state_changed")
        try:
            async for event in self._requests.send_request(session, overrides or None):
                self._absorb(event)
                self._publish(event)
        finally:
            self._request = None
            self._request_id = None
            self._emit("state_changed")
            self._emit("request_finished")

    def _absorb(self, event: dict[str, Any]) -> None:
        """Keep the live session in step with what the tool loop committed."""
        kind = event.get("type")
        if kind == "partial":
            return
        if kind == "request_started":
            self._request_id = event.get("request_id")
        elif kind in ("assistant", "tool_result") and self._session is not None:
            message = Message.from_dict(event["message"])
            messages = [*self._session.messages, message]
            self._session = dataclasses.replace(self._session, messages=messages)
            event["message_index"] = self.index_offset + len(messages) - 1
        elif kind in ("request_completed", "request_cancelled") and event.get("session"):
            self._adopt_saved(event["session"])

    def _adopt_saved(self, saved: Session) -> None:
        """The session as the request saved it: same messages (metadata filled in), or, when a
        save-prepare action changed them (auto-compaction), new ones to show."""
        known = self._session.messages if self._session else []
        same = [m.role for m in known] == [m.role for m in saved.messages]
        self._session = saved
        self._emit("messages_refreshed" if same else "history_reset")

    def stop(self, reason: str = STOPPED) -> None:
        """Stop what runs: the request (partial answer kept, with `reason`: the user's
        `STOPPED` or `QUIT`) or the action (its result dropped)."""
        if self.action is not None:
            self.cancel_action()
        if self._request_id is not None:
            self._requests.cancel_request(self._request_id, reason)
        elif self._request is not None and not self._request.done():
            self._request.cancel()

    # ------------------------------------------------------------------ tasks left running
    def tell_task_progress(self, running: RunningTask, part: dict[str, Any]) -> None:
        """A task an earlier run left running said how far it is (a part of its call's stream:
        ``{"text", "progress"}``, shown in its row)."""
        if running.call_key is not None:
            self._emit("tool_partial", call_key=running.call_key, part=part)

    async def until_idle(self) -> None:
        """Wait until nothing runs in the chat (a request's save would write over a message
        changed meanwhile)."""
        while self.busy:
            request = self._request
            if request is not None and not request.done():
                await asyncio.wait({request})
            else:
                await asyncio.sleep(0.1)  # an action runs; it has no task to wait for

    def take_task_result(self, running: RunningTask, message: dict[str, Any]) -> None:
        """The finished task's result message in place of the one that said it was running
        (the caller stores it), so the next request sends the model the result."""
        index = running.message_index
        session = self._session
        position = (index if index is not None else -1) - self.index_offset
        if session is None or not 0 <= position < len(session.messages):
            return  # not paged in: read from the store when it is
        messages = list(session.messages)
        messages[position] = Message.from_dict(message)
        self._session = dataclasses.replace(session, messages=messages)
        self._emit("tool_result", message=message, call_key=running.call_key, message_index=index)

    # ------------------------------------------------------------------ approvals
    async def ask_approval(self, request: dict[str, Any]) -> dict[str, Any]:
        """Wait for the user's decision on a tool call of this chat (see `decide`)."""
        call_key: CallKey = request["call_key"]
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._approvals[call_key] = (request, future)
        self._emit("approval_requested", call_key=call_key, request=request)
        self._emit("state_changed")
        try:
            return await future
        finally:
            self._approvals.pop(call_key, None)
            self._emit("approval_settled", call_key=call_key)
            self._emit("state_changed")

    def decide(self, call_key: CallKey, decision: dict[str, Any]) -> None:
        """The user's decision on the call `call_key` (the request's, see `ask_approval`)."""
        pending = self._approvals.get(call_key)
        if pending is not None and not pending[1].done():
            pending[1].set_result(decision)

    # ------------------------------------------------------------------ session actions
    async def run_action(
        self,
        action_id: str,
        params: dict[str, Any] | None = None,
        *,
        owner: str | None = None,
        label: str = "",
    ) -> dict[str, Any]:
        """Run a plugin's session action on the whole history and save what it changed.

        The work runs on the core's workers; `cancel_action` frees the chat at once and the
        result, whenever it comes, is dropped.
        """
        self._check_idle()
        label = label or action_id
        await self.load_full_history()
        session = await self.aensure_session()
        queries = self._queries
        cancellation = ActionCancellation()
        task = asyncio.ensure_future(
            queries.run_session_action(session, action_id, params, owner, cancellation)
        )
        running = RunningAction(label, task, asyncio.Event(), cancellation)
        self.action = running
        self._emit("action_started", label=label)
        self._emit("state_changed")
        try:
            result = await self._action_result(running, session)
        finally:
            self.action = None
            self._emit("state_changed")
        self._emit("action_finished", label=label, result=result)
        return result

    async def _action_result(self, running: RunningAction, session: Session) -> dict[str, Any]:
        cancelled: asyncio.Future[Any] = asyncio.ensure_future(running.cancelled.wait())
        try:
            await asyncio.wait((running.task, cancelled), return_when=asyncio.FIRST_COMPLETED)
        finally:
            cancelled.cancel()
        if not running.task.done():
            # Its model calls were cancelled; plugin code itself cannot be interrupted: the chat
            # is free now, and whatever the action still produces is dropped (logged if it fails).
            running.task.add_done_callback(_log_late_failure)
            return {
                "status": "cancelled",
                "message": QT_TRANSLATE_NOOP("Errors", "“{label}” was cancelled.").format(
                    label=running.label
                ),
            }
        try:
            updated, result = running.task.result()
        except Exception as error:  # noqa: BLE001 - plugin code: reported with what failed, the chat lives
            return {
                "status": "error",
                "error": {"type": type(error).__name__, "message": str(error)},
            }
        if updated != session and not isinstance(result.get("error"), dict):
            offset = int(session.metadata.get(OFFSET_KEY) or 0)
            updated = await self._sessions.asave_session(
                updated, expected_message_count=offset + len(session.messages)
            )
            self._replace(updated)
        return dict(result)

    def cancel_action(self) -> None:
        """Cancel the running action's model calls and stop waiting for it; what it still
        produces is never applied."""
        if self.action is not None:
            self.action.cancellation.cancel()
            self.action.cancelled.set()


@dataclass
class _Column:
    """One of the models asked at once, and what it answered so far."""

    number: int
    model: ModelChoice
    text: str = ""
    error: str = ""
    stopped: bool = False
    messages: list[Message] = dataclasses.field(default_factory=list)

    def answer(self) -> list[Message]:
        """Its answer's messages, each labelled with its model; a failure, or a stop before
        anything finished, is an answer saying so (with what had arrived)."""
        messages = list(self.messages)
        if not any(message.role == "assistant" for message in messages):
            ended = STOPPED if self.stopped and not self.error else "failed"
            content = self.text
            if self.error:
                content = f"{self.text}\n\n{self.error}".strip()
            messages.append(Message("assistant", content, {"incomplete": True, "ended": ended}))
        label = self.model.stored()
        return [
            dataclasses.replace(
                message, metadata={**(message.metadata or {}), ANSWERED_BY_KEY: label}
            )
            for message in messages
        ]


def with_compared_answers(session: Session, at: int, answers: list[list[Message]]) -> Session:
    """`session` cut at message `at`, each of `answers` kept as a version of what follows,
    the first one shown."""
    answered = dataclasses.replace(session, messages=[*session.messages[:at], *answers[0]])
    for answer in answers[1:]:
        answered = start_new_version(answered, at)
        answered = dataclasses.replace(answered, messages=[*answered.messages, *answer])
    return switch_version(answered, at, 1)


def results_of(messages: list[Message], index: int) -> list[int]:
    """The positions of the tool results answering the calls of message `index`: the tool
    messages right after it, each taking the first call still open with its id (ids may repeat
    from turn to turn, even within one, so an id alone does not say which call it answers)."""
    open_ids = [
        call.get("id") or call.get("call_id")
        for call in (messages[index].metadata or {}).get("tool_calls") or []
    ]
    found = []
    for position in range(index + 1, len(messages)):
        message = messages[position]
        call_id = (message.metadata or {}).get("tool_call_id")
        if message.role != "tool" or call_id not in open_ids:
            break
        open_ids.remove(call_id)
        found.append(position)
    return found


def _log_late_failure(task: asyncio.Future[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("A cancelled action failed in the background: %s", task.exception())


class Conversations:
    """The open chats of one application, by session id; routes approval questions."""

    def __init__(self, sessions: Sessions, requests: Requests, queries: PluginQueries) -> None:
        self._sessions = sessions
        self._requests = requests
        self._queries = queries
        self._open: list[Conversation] = []

    def __iter__(self) -> Iterator[Conversation]:
        return iter(list(self._open))

    def new(self, agent_id: str | None = None) -> Conversation:
        conversation = self._chat(None, agent_id)
        self._open.append(conversation)
        return conversation

    def _chat(self, session: Session | None, agent_id: str | None = None) -> Conversation:
        return Conversation(self._sessions, self._requests, self._queries, session, agent_id)

    def find(self, session_id: str) -> Conversation | None:
        return next((c for c in self._open if c.session_id == session_id), None)

    def open(self, session_id: str, *, page: int | None = None) -> Conversation:
        """The chat of `session_id`: the one already open, else loaded (its newest `page`)."""
        found = self.find(session_id)
        if found is not None:
            return found
        return self._add(self._chat(self._sessions.load_session(session_id, limit=page)))

    async def aopen(self, session_id: str, *, page: int | None = None) -> Conversation:
        """`open`, reading the chat on a worker thread (one holding megabytes of text)."""
        found = self.find(session_id)
        if found is not None:
            return found
        session = await asyncio.to_thread(self._sessions.load_session, session_id, limit=page)
        return self.find(session_id) or self._add(self._chat(session))

    def _add(self, conversation: Conversation) -> Conversation:
        self._open.append(conversation)
        return conversation

    def release(self, conversation: Conversation) -> None:
        """Forget a chat no one shows, unless it still works (it finishes in the background)."""
        if not conversation.busy and not conversation.awaiting_approval:
            with suppress(ValueError):
                self._open.remove(conversation)

    async def ask_approval(self, request: dict[str, Any]) -> dict[str, Any]:
        """The application's approval handler: the chat the tool call belongs to asks."""
        session_id = str(request.get("session_id") or "")
        conversation = self.find(session_id)
        if conversation is None:
            conversation = self._chat(self._sessions.load_session(session_id))
            self._open.append(conversation)
        return await conversation.ask_approval(request)

    def waiting_for_approval(self) -> set[str]:
        return {c.session_id for c in self._open if c.awaiting_approval and c.session_id}

    def stop_all(self, reason: str = STOPPED) -> None:
        for conversation in self._open:
            conversation.stop(reason)

    async def follow_tool_tasks(
        self, tasks: ToolTasks, landed: Callable[[str], None] | None = None
    ) -> None:
        """Follow every task an earlier run left running to its end; each result lands in its
        chat (open or not) as it comes, and a chat open meanwhile shows the task's progress;
        `landed` hears the chat's session id once a result is stored (its preview changed)."""
        left = await asyncio.to_thread(tasks.left_running)
        if left:
            log.info("Following %d tool task(s) an earlier run left running", len(left))
        await asyncio.gather(*(self._follow(tasks, running, landed) for running in left))

    async def _follow(
        self, tasks: ToolTasks, running: RunningTask, landed: Callable[[str], None] | None
    ) -> None:
        def progress(part: dict[str, Any]) -> None:
            conversation = self.find(running.session_id)
            if conversation is not None:
                conversation.tell_task_progress(running, part)

        outcome = await tasks.outcome(running, progress)
        try:
            message = await asyncio.to_thread(tasks.result_message, running, outcome)
            conversation = self.find(running.session_id)
            if conversation is not None:
                await conversation.until_idle()
                conversation.take_task_result(running, message)
            await asyncio.to_thread(tasks.save_result, running, message)
        except StoreError as error:  # the chat was deleted meanwhile, or the disk refused
            log.warning("The result of the task %s was not stored: %s", running.label, error)
            return
        if landed is not None:
            landed(running.session_id)
