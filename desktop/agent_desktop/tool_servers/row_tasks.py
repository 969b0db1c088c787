"""Cancel from a running tool row: the row's Cancel (see `conversation.task_controls`) asks the
server to cancel the task its call became (`tasks/cancel`), whether the call runs in this run
or is one an earlier run left running and the row re-attached to. The row then ends as
"cancelled by you" when the call (or its follower) hears that the task stopped.

It is handed the chat view, the `ToolTasks` service, which chat is shown, how to run a
coroutine on the window's loop and where to say what went wrong."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from agent_app.tool_tasks import ToolTasks
    from agent_desktop.conversation.chat_view import ChatView
    from agent_desktop.toolkit.window_support import Spawn


def cancel_tasks_from_rows(
    chat_view: ChatView,
    tool_tasks: ToolTasks,
    shown_session: Callable[[], str | None],
    spawn: Spawn,
    tell: Callable[[str], None],
) -> None:
    """Connect the rows' Cancel of `chat_view` (the chat `shown_session`) to `tool_tasks`;
    `tell` shows a sentence when the server could not be asked."""

    async def cancel(call_key: tuple[int, int], session_id: str) -> None:
        try:
            running = await tool_tasks.cancel_call(session_id, call_key)
        except Exception as error:  # noqa: BLE001 - told to the user: the server refused or is gone
            chat_view.task_cancel_failed(call_key)
            tell(
                QCoreApplication.translate(
                    "RowTasks", "Could not ask the server to cancel the task: {error}"
                ).format(error=error)
            )
            return
        if running is None:  # it ended meanwhile: its result is on its way to the row
            return
        tell(
            QCoreApplication.translate(
                "RowTasks", "Asked the server to cancel {task}; its row shows how it ended."
            ).format(task=running.label)
        )

    def requested(call_key: tuple[int, int]) -> None:
        session_id = shown_session()
        if session_id:
            spawn(cancel(call_key, session_id))

    chat_view.task_cancel_requested.connect(requested)
