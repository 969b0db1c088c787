"""Tool calls that became tasks on their servers (MCP Tasks), across chats and restarts.

A tool plugin announces the task a call became with a part ``{"task": handle}`` (the handle:
what the plugin needs to find it again, e.g. ``{"server", "tool", "task_id"}``). While the
request runs, the tool loop holds the handle (`ToolLoopRunner.running_tasks`), and the store
keeps it from the moment it arrives (`SessionStore.keep_tool_task`: a crash loses no task id).
When the app quits during the call, the tool plugins leave such tasks running on their servers,
and the call's result message says so and keeps the handle in its metadata (`TASK_KEY`, state
`running`): the task id is stored with the chat. After a crash the next start stores that
message itself (`SessionStore.recover_tool_tasks`). On the next start
`Conversations.follow_tool_tasks` follows each such task to its end and writes its outcome over
that message, so the result is shown in its row and is what the model reads when the chat goes
on.

`ToolTasks` is the service: the tasks running now (this run's and those left by an earlier one),
following one to its outcome, and cancelling one at its server.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_app.store import SessionStore
    from agent_app.tool_servers import ToolServers

logger = logging.getLogger(__name__)

TASK_KEY = "task"
"""Metadata of a tool result message that stands for a task (its handle, plugin, state)."""
RUNNING_TASK = "running"
LEFT_RUNNING = (
    "The app stopped while this tool ran as a task on {server}. The task goes on there; its "
    "result replaces this text when the app starts again."
)


@dataclass(frozen=True)
class RunningTask:
    """One task running on a tool server, and the chat whose tool call it is."""

    session_id: str
    title: str
    task: dict[str, Any]
    message_index: int | None = None
    """The stored result message that stands for it (None: its call runs in this run)."""

    @property
    def call_key(self) -> tuple[int, int] | None:
        key = self.task.get("call_key")
        return (
            (int(key[0]), int(key[1])) if isinstance(key, list | tuple) and len(key) == 2 else None
        )

    @property
    def label(self) -> str:
        """What a person reads, as the tool's row names it: the title the server gave the tool,
        else the tool with its server (`render · render`)."""
        title = self.task.get("title")
        if isinstance(title, str) and title.strip():
            return title.strip()
        return f"{self.task.get('tool') or '?'} · {self.task.get('server') or '?'}"


class ToolTasks:
    """The tasks of tool calls: `store` holds those left running by an earlier run,
    `tool_servers` follows and cancels them, `live` lists this run's."""

    def __init__(
        self,
        store: SessionStore,
        tool_servers: ToolServers,
        live: Callable[[], list[RunningTask]],
    ) -> None:
        self._store = store
        self._tool_servers = tool_servers
        self._live = live
        # Tasks the user cancelled: their calls end a moment later (the next poll of the
        # server), but they are no longer running for the user from the moment they asked.
        self._cancelled: set[tuple[str, str]] = set()

    def left_running(self) -> list[RunningTask]:
        """Tasks an earlier run left running, as stored with their chats (blocking: SQL)."""
        return [
            RunningTask(row["session_id"], row["title"], row["task"], row["message_index"])
            for row in self._store.running_tool_tasks()
        ]

    async def running(self) -> list[RunningTask]:
        """Every task running now, but those the user cancelled: this run's calls, then those
        left by an earlier run."""
        tasks = self._live() + await asyncio.to_thread(self.left_running)
        return [task for task in tasks if _identity(task) not in self._cancelled]

    async def outcome(
        self, running: RunningTask, on_progress: Callable[[dict[str, Any]], None]
    ) -> dict[str, Any]:
        """The task followed to its end: ``{"content", "display", "is_error"}``."""
        try:
            return await self._tool_servers.follow_task(running.task, on_progress)
        except KeyError as error:  # the plugin that ran it is not loaded any more
            text = f"The result of this task cannot be fetched: {error.args[0]}."
            return {"content": text, "display": {"type": "text", "content": text}, "is_error": True}

    async def cancel(self, running: RunningTask) -> None:
        """Ask the task's server to cancel it; the call (or its follower) then ends with the
        server's word that it was cancelled."""
        await self._tool_servers.cancel_task(running.task)
        self._cancelled.add(_identity(running))

    async def cancel_call(self, session_id: str, call_key: tuple[int, int]) -> RunningTask | None:
        """Cancel the task that the tool call `call_key` of the chat became (this run's call or
        one an earlier run left running); the task, or None when it runs no more."""
        for running in await self.running():
            if running.session_id == session_id and running.call_key == call_key:
                await self.cancel(running)
                return running
        return None

    def result_message(self, running: RunningTask, outcome: dict[str, Any]) -> dict[str, Any]:
        """The tool result message of a finished task left by an earlier run, made from the
        stored one that said it was still running (blocking: SQL)."""
        index = _stored_index(running)
        (placeholder,) = self._store.load_messages(running.session_id, index, index + 1)
        return landed_message(placeholder.to_dict(), outcome)

    def save_result(self, running: RunningTask, message: dict[str, Any]) -> None:
        """Write the task's result message over the one that said it was still running
        (blocking: SQL)."""
        self._store.replace_message(running.session_id, _stored_index(running), message)


def _identity(running: RunningTask) -> tuple[str, str]:
    """A task's server and id: one task, whether this run's call or a stored one."""
    return str(running.task.get("server")), str(running.task.get("task_id"))


def _stored_index(running: RunningTask) -> int:
    if running.message_index is None:
        raise ValueError(f"The task {running.label} runs in this run; nothing of it is stored.")
    return running.message_index


def landed_message(placeholder: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    """The tool result message of a finished task, in place of `placeholder` (the message that
    said it was still running): same call id and name, the task marked ended."""
    metadata = dict(placeholder.get("metadata") or {})
    metadata.pop("stopped", None)
    metadata.pop("ended", None)
    task = dict(metadata.get(TASK_KEY) or {})
    task["state"] = "failed" if outcome.get("is_error") else "completed"
    display = outcome.get("display")
    metadata.update(
        {
            TASK_KEY: task,
            "display": display if isinstance(display, dict) else {"type": "text"},
            "is_error": bool(outcome.get("is_error")),
        }
    )
    return {"role": "tool", "content": outcome.get("content", ""), "metadata": metadata}
