"""The MCP Tasks extension (``io.modelcontextprotocol/tasks``, SEP-2663) on the client side.

Declared on every request, so a server may answer a tool call with a task handle
(``resultType: "task"``, the task's fields flat in the result) instead of the result. The SDK
hands such an answer to `follow_task`, which polls ``tasks/get`` at the server's
``pollIntervalMs`` until the task ends and returns what the call would have returned: the
``result`` of a completed task, the ``error`` of a failed one as the call's error, a cancelled
one as a tool error. Each new ``statusMessage`` reaches the call's progress callback (the row
shows it like a progress notification). A call given up on (the user stopped it, the app quit)
sends ``tasks/cancel`` before it ends, except when the app quits: then the task is left running
on the server, the call is told its id first (`reporting_progress_to`'s `started`), and the app
keeps the id with the chat and follows the task again (`follow`) after it starts anew; `cancel`
sends ``tasks/cancel`` for such a task.

Read this way where the extension's text leaves room: a missing ``pollIntervalMs`` polls every
second and a tiny one is raised to a tenth of a second (the text says SHOULD honor it, without
bounds); of ``input_required``'s requests only ``elicitation/create`` is answered (through the
app's elicitation form, as a server's direct question is, then ``tasks/update``), once per key
(the text makes keys unique over a task's life, so a key still listed on the next poll is not
asked again); a task asking anything else (sampling, roots, both deprecated in 2026-07-28) is
cancelled and the call says why; ``notifications/tasks`` (which a client asks for with
``subscriptions/listen``'s ``taskIds``) is not listened to: polling is the default the text sets,
and it says a client need not do both. A task's ``ttlMs`` is the backstop the text allows: once
``createdAt`` plus ``ttlMs`` (as the server last gave them) has passed and the task has not
ended, it is reported as expired and no longer polled. The client cannot ask for a TTL: the
``task`` parameter that carried one in 2025-11-25 is gone, and servers ignore it.

Imported when a server starts (the SDK with it), never when the plugin loads.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Literal

import mcp_types
from mcp.client.extension import ClaimContext, ClientExtension, ResultClaim
from mcp.client.session import ClientSession
from mcp.shared.dispatcher import ProgressFnT
from mcp.shared.exceptions import MCPError
from pydantic import ConfigDict, Field, TypeAdapter

logger = logging.getLogger(__name__)

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
DEFAULT_POLL_SECONDS = 1.0
MIN_POLL_SECONDS = 0.1
TERMINAL = ("completed", "failed", "cancelled")
CANCELLED_BY_USER = "cancelled_by_user"
"""The `_meta` key this app sets on the result of a task the user cancelled."""

# The progress callback of the tool call under way in this asyncio task: the SDK hands a task's
# resolver no more than the session and the tool's name.
_call_progress: ContextVar[ProgressFnT | None] = ContextVar("mcp_task_progress", default=None)
# Told the id of the task the tool call under way became, so the app can keep it with the chat.
_call_started: ContextVar[Callable[[str], None] | None] = ContextVar(
    "mcp_task_started", default=None
)


@contextmanager
def reporting_progress_to(
    progress: ProgressFnT | None, started: Callable[[str], None] | None = None
) -> Iterator[None]:
    """A task that a tool call inside the block turns into tells `progress` its status, and
    `started` its id as soon as the server created it."""
    progress_token = _call_progress.set(progress)
    started_token = _call_started.set(started)
    try:
        yield
    finally:
        _call_started.reset(started_token)
        _call_progress.reset(progress_token)


class CreateTaskResult(mcp_types.Result):
    """A task handle in place of a tool's result (``Result & Task``, flat)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    result_type: Literal["task"] = Field(alias="resultType")
    task_id: str = Field(alias="taskId")
    status: str
    status_message: str | None = Field(default=None, alias="statusMessage")
    poll_interval_ms: int | None = Field(default=None, alias="pollIntervalMs")


class GetTaskResult(mcp_types.Result):
    """The answer to ``tasks/get``: the task, with its result, error or input requests."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)
    task_id: str = Field(alias="taskId")
    status: str
    status_message: str | None = Field(default=None, alias="statusMessage")
    poll_interval_ms: int | None = Field(default=None, alias="pollIntervalMs")
    created_at: str | None = Field(default=None, alias="createdAt")
    ttl_ms: int | None = Field(default=None, alias="ttlMs")
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    input_requests: dict[str, dict[str, Any]] = Field(default_factory=dict, alias="inputRequests")


# Answers a server's question (``elicitation/create`` params) the way a direct one is answered.
AnswerElicitation = Callable[[mcp_types.ElicitRequestParams], Awaitable[mcp_types.ElicitResult]]
_elicitation_params: TypeAdapter[mcp_types.ElicitRequestParams] = TypeAdapter(
    mcp_types.ElicitRequestParams
)


class TaskRequest(mcp_types.Request[dict[str, Any], str]):
    """``tasks/get``, ``tasks/update`` or ``tasks/cancel``; over HTTP its ``Mcp-Name`` header is
    the task's id (the text's MUST: intermediaries route a task's requests by it)."""

    name_param: ClassVar[str | None] = "taskId"
    method: str
    params: dict[str, Any]


def _expiry(task: GetTaskResult) -> datetime | None:
    """When the task's TTL runs out (``createdAt`` + ``ttlMs``), or None: unlimited, or a
    ``createdAt`` that is not an ISO 8601 time with its zone."""
    if task.ttl_ms is None or not task.created_at:
        return None
    try:
        created = datetime.fromisoformat(task.created_at)
    except ValueError:
        return None
    if created.tzinfo is None:
        return None
    return created + timedelta(milliseconds=task.ttl_ms)


def _poll_seconds(interval_ms: int | None) -> float:
    if interval_ms is None:
        return DEFAULT_POLL_SECONDS
    return max(MIN_POLL_SECONDS, interval_ms / 1000)


class TasksExtension(ClientExtension):
    """Follows the tasks a server answers tool calls with; `log` tells the server's log and
    `answer` asks the user a task's question."""

    identifier = TASKS_EXTENSION

    def __init__(
        self,
        log: Callable[[str, str], None],
        answer: AnswerElicitation,
        leave_running: Callable[[], bool],
    ) -> None:
        self._log = log
        self._answer = answer
        self._leave_running = leave_running  # True once the app quits: tasks outlive it
        self._cancelled_by_user: set[str] = set()  # ids of tasks the user asked to cancel

    def claims(self) -> Sequence[ResultClaim[Any]]:
        return (ResultClaim(result_type="task", model=CreateTaskResult, resolve=self.follow_task),)

    async def _send(
        self, session: ClientSession, method: str, task_id: str, **params: Any
    ) -> GetTaskResult | None:
        request = TaskRequest(method=method, params={"taskId": task_id, **params})
        if method == "tasks/get":
            return await session.send_request(request, GetTaskResult)
        await session.send_request(request, mcp_types.EmptyResult)
        return None

    async def follow_task(
        self, created: CreateTaskResult, context: ClaimContext
    ) -> mcp_types.CallToolResult:
        task_id = created.task_id
        self._log("task", f"{context.tool_name} runs as task {task_id} ({created.status})")
        started = _call_started.get()
        if started is not None:
            started(task_id)
        return await self.follow(
            context.session,
            task_id,
            progress=_call_progress.get(),
            first_message=created.status_message,
            interval_ms=created.poll_interval_ms,
        )

    async def follow(
        self,
        session: ClientSession,
        task_id: str,
        *,
        progress: ProgressFnT | None,
        first_message: str | None = None,
        interval_ms: int | None = None,
        watching: bool = False,
    ) -> mcp_types.CallToolResult:
        """Poll the task to its end (a call's own task, or one the app follows again after a
        restart: `watching`, never cancelled when the following stops) and return what the
        call would have returned."""
        interval = interval_ms
        told: list[str] = []
        answered: set[str] = set()  # input request keys, unique over the task's life

        async def tell(message: str | None) -> None:
            if message and (not told or told[-1] != message):
                told.append(message)
                if progress is not None:
                    await progress(len(told), None, message)

        try:
            await tell(first_message)
            while True:
                await asyncio.sleep(_poll_seconds(interval))
                task = await self._send(session, "tasks/get", task_id)
                assert task is not None
                interval = task.poll_interval_ms or interval
                if task.status_message:
                    self._log("task", f"{task_id} {task.status}: {task.status_message}")
                await tell(task.status_message)
                if task.status == "input_required":
                    refused = await self._give_input(session, task, answered)
                    if refused is not None:
                        await self._send(session, "tasks/cancel", task_id)
                        return _tool_error(
                            f"The task {task_id} asked for {refused}, which this app cannot "
                            "give a task; it was cancelled."
                        )
                if task.status in TERMINAL:
                    return self._outcome(task)
                expiry = _expiry(task)
                if expiry is not None and datetime.now(UTC) > expiry:
                    self._log("task", f"{task_id}: its TTL passed at {expiry.isoformat()}")
                    ran_out = f"{expiry.astimezone(UTC):%Y-%m-%d %H:%M:%S} UTC"
                    return _tool_error(
                        f"Expired: the task {task_id} had not finished when the time its server "
                        f"keeps it ran out ({ran_out}, ttlMs {task.ttl_ms}); the app stopped "
                        "following it."
                    )
        except asyncio.CancelledError:
            if watching or self._leave_running():
                self._log("task", f"{task_id}: left running on the server (no longer followed)")
            else:
                # The call was given up on: the server may stop the work (cooperative).
                await asyncio.shield(self._cancel_quietly(session, task_id))
            raise

    async def cancel(self, session: ClientSession, task_id: str, *, by_user: bool = False) -> None:
        """Ask the server to cancel a task (one the app follows again after a restart);
        `by_user`: the user asked, so its call ends as cancelled by them, not as a failure."""
        await self._send(session, "tasks/cancel", task_id)
        if by_user:
            self._cancelled_by_user.add(task_id)
        self._log("task", f"{task_id}: asked the server to cancel it")

    async def _give_input(
        self, session: ClientSession, task: GetTaskResult, answered: set[str]
    ) -> str | None:
        """Answer the task's new questions with one ``tasks/update``; what it asked that this
        app cannot answer (the method), or None."""
        responses: dict[str, dict[str, Any]] = {}
        for key, request in task.input_requests.items():
            if key in answered:
                continue
            method = request.get("method")
            if method != "elicitation/create":
                return str(method)
            params = _elicitation_params.validate_python(request.get("params") or {})
            self._log("task", f"{task.task_id} asks the user: {params.message}")
            result = await self._answer(params)
            responses[key] = result.model_dump(by_alias=True, mode="json", exclude_none=True)
            answered.add(key)
        if responses:
            await self._send(session, "tasks/update", task.task_id, inputResponses=responses)
        return None

    async def _cancel_quietly(self, session: ClientSession, task_id: str) -> None:
        try:
            await self.cancel(session, task_id)
        except Exception as exc:  # noqa: BLE001 - the call ends anyway; the log says the cancel failed
            self._log("task", f"{task_id}: could not ask the server to cancel it: {exc}")

    def _outcome(self, task: GetTaskResult) -> mcp_types.CallToolResult:
        self._log("task", f"{task.task_id} ended: {task.status}")
        if task.status == "completed":
            return mcp_types.CallToolResult.model_validate(task.result or {})
        if task.status == "failed":
            error = task.error or {}
            raise MCPError(
                int(error.get("code", mcp_types.INTERNAL_ERROR)),
                str(error.get("message") or f"the task {task.task_id} failed"),
            )
        if task.task_id in self._cancelled_by_user:
            self._cancelled_by_user.discard(task.task_id)
            return cancelled_by_user(
                f"Cancelled by you: the task {task.task_id} stopped before it finished."
            )
        return _tool_error(
            f"The server cancelled the task {task.task_id}"
            + (f": {task.status_message}" if task.status_message else ".")
        )


def cancelled_by_user(text: str) -> mcp_types.CallToolResult:
    """The result of a call whose task the user cancelled: an error for the model (the work
    was not done), marked so its row says the user cancelled it."""
    return mcp_types.CallToolResult.model_validate(
        {
            "content": [{"type": "text", "text": text}],
            "isError": True,
            "_meta": {CANCELLED_BY_USER: True},
        }
    )


def was_cancelled_by_user(result: mcp_types.CallToolResult) -> bool:
    return bool((result.meta or {}).get(CANCELLED_BY_USER))


def _tool_error(text: str) -> mcp_types.CallToolResult:
    return mcp_types.CallToolResult(
        content=[mcp_types.TextContent(type="text", text=text)], is_error=True
    )
