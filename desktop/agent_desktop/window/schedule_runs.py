"""The data folder's schedules, run on the app's loop while the app runs: window shown, hidden in
the tray or minimised (the loop keeps turning). Each finished run, and each run that waits for an
approval, is announced (the tray's message where there is a tray, else the window's notice).

The window's own `Conversations` sends the prompts, so a scheduled answer streams into its chat
when that chat is open and approvals are asked where the user answers them anyway.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from agent_app.schedules import ChatRuns, Schedule, ScheduledRun, ScheduleRunner, ScheduleStore

if TYPE_CHECKING:
    from agent_app.conversation import Conversations

# Told (heading, text) when a run is worth telling about.
Announce = Callable[[str, str], None]


def run_notice(schedule: Schedule, run: ScheduledRun) -> tuple[str, str] | None:
    """The heading and text that tell the user about `run`, or None when nothing is to be said."""
    name = schedule.title or schedule.prompt
    if run.status == "done":
        heading = QCoreApplication.translate("ScheduleRuns", "Scheduled run finished")
        return heading, name
    if run.status == "needs_you":
        heading = QCoreApplication.translate("ScheduleRuns", "A scheduled run needs you")
        text = QCoreApplication.translate(
            "ScheduleRuns", "{name}: a tool waits for your approval in its chat."
        )
        return heading, text.format(name=name)
    if run.status == "failed":
        heading = QCoreApplication.translate("ScheduleRuns", "A scheduled run failed")
        return heading, f"{name}: {run.error}"
    return None


class ScheduleRuns:
    """Runs the schedules kept at `path` through `conversations` until cancelled."""

    def __init__(self, path: Path, conversations: Conversations, announce: Announce) -> None:
        self.path = path
        self._conversations = conversations
        self._announce = announce
        self.runner: ScheduleRunner | None = None

    async def run(self) -> None:
        store = await asyncio.to_thread(ScheduleStore, self.path)
        self.runner = ScheduleRunner(store, ChatRuns(self._conversations), on_change=self._tell)
        try:
            await self.runner.run_forever()
        finally:
            self.runner.stop()

    def _tell(self, schedule: Schedule, run: ScheduledRun) -> None:
        notice = run_notice(schedule, run)
        if notice is not None:
            self._announce(*notice)
