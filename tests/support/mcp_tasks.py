"""A server side of the MCP Tasks extension (``io.modelcontextprotocol/tasks``) for the tests,
on the SDK's server extension hooks; no published server implements it yet.

The tool `render` becomes a task when the request declares the extension (the text: "never
return a task to a client that did not declare support"); otherwise it runs as a plain call.
Its task is `working` for `polls_to_finish` polls of ``tasks/get`` (with a status message),
then `completed` with the tool's result; with a `question` (an input request), its first poll
finds it `input_required` until ``tasks/update`` answers. ``tasks/cancel`` marks it
`cancelled`. The test reads what the client did: the polls (with their times), the answers,
the cancels.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.extension import Extension, MethodBinding
from mcp_types import CLIENT_CAPABILITIES_META_KEY, CallToolRequestParams, RequestParams

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
TASK_TOOL = "render"


class TaskIdParams(RequestParams):
    taskId: str  # the wire name (its params are not aliased)


class UpdateParams(TaskIdParams):
    inputResponses: dict[str, dict[str, Any]]  # the wire name


@dataclass
class TestTask:
    task_id: str
    created_at: str
    result: dict[str, Any]
    polls_left: int
    status: str = "working"
    asked: bool = False


@dataclass
class TasksOnTheServer(Extension):
    """The extension, and what the client asked of it."""

    identifier = TASKS_EXTENSION
    poll_interval_ms: int = 200
    polls_to_finish: int = 3
    ttl_ms: int | None = 60_000
    tasks: dict[str, TestTask] = field(default_factory=dict)
    polls: list[tuple[str, float]] = field(default_factory=list)  # (task id, monotonic time)
    routing_names: list[str | None] = field(default_factory=list)  # each poll's Mcp-Name header
    cancels: list[str] = field(default_factory=list)
    plain_calls: int = 0
    question: dict[str, Any] | None = None  # {"method", "params"}: asked on the first poll
    answers: list[dict[str, dict[str, Any]]] = field(default_factory=list)

    def methods(self) -> list[MethodBinding]:
        return [
            MethodBinding("tasks/get", TaskIdParams, self._get),
            MethodBinding("tasks/cancel", TaskIdParams, self._cancel),
            MethodBinding("tasks/update", UpdateParams, self._update),
        ]

    async def intercept_tool_call(
        self,
        params: CallToolRequestParams,
        ctx: ServerRequestContext[Any, Any],
        call_next: CallNext,
    ) -> HandlerResult:
        if params.name != TASK_TOOL:
            return await call_next(ctx)
        meta = (ctx.params or {}).get("_meta") or {}
        declared = (meta.get(CLIENT_CAPABILITIES_META_KEY) or {}).get("extensions") or {}
        if TASKS_EXTENSION not in declared:
            self.plain_calls += 1
            return await call_next(ctx)
        result = await call_next(ctx)  # the work, done now; the task reveals it over polls
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        now = datetime.now(UTC).isoformat()
        task = TestTask(str(uuid.uuid4()), now, dumped, self.polls_to_finish)
        self.tasks[task.task_id] = task
        return {"resultType": "task", **self._fields(task), "statusMessage": "queued"}

    def _fields(self, task: TestTask) -> dict[str, Any]:
        return {
            "taskId": task.task_id,
            "status": task.status,
            "createdAt": task.created_at,
            "lastUpdatedAt": datetime.now(UTC).isoformat(),
            "ttlMs": self.ttl_ms,
            "pollIntervalMs": self.poll_interval_ms,
        }

    async def _get(
        self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams
    ) -> dict[str, Any]:
        task = self.tasks[params.taskId]
        self.polls.append((task.task_id, time.monotonic()))
        headers = getattr(ctx.request, "headers", None)  # the HTTP request (None over stdio)
        self.routing_names.append(headers.get("mcp-name") if headers is not None else None)
        if self.question is not None and not task.asked:
            task.asked = True
            task.status = "input_required"
        if task.status == "input_required":
            return {**self._fields(task), "inputRequests": {"question-1": self.question}}
        if task.status == "working":
            task.polls_left -= 1
            if task.polls_left <= 0:
                task.status = "completed"
        answer = self._fields(task)
        if task.status == "completed":
            answer["result"] = task.result
        elif task.status == "working":
            answer["statusMessage"] = f"{task.polls_left} polls to go"
        return answer

    async def _update(
        self, ctx: ServerRequestContext[Any, Any], params: UpdateParams
    ) -> dict[str, Any]:
        self.answers.append(params.inputResponses)
        task = self.tasks[params.taskId]
        if task.status == "input_required":
            task.status = "working"
        return {}

    async def _cancel(
        self, ctx: ServerRequestContext[Any, Any], params: TaskIdParams
    ) -> dict[str, Any]:
        self.cancels.append(params.taskId)
        task = self.tasks.get(params.taskId)
        if task is not None and task.status == "working":
            task.status = "cancelled"
        return {}
