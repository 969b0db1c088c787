"""Schedules: a prompt sent to an agent when a recurrence says so, whether or not anyone watches.

A `Schedule` names the agent (and optionally a model), the prompt, where the answer goes (an
existing chat, or a new chat each run) and when: an RFC 5545 recurrence rule (parsed by
`dateutil.rrule`) read in an IANA time zone, so "every weekday at 9:00" stays at 9:00 local time
across daylight-saving changes.

`ScheduleStore` keeps schedules and their run history in SQLite in the data folder. A run is
claimed by inserting its row: the (schedule, due time) pair is unique, so two processes looking at
the same moment (the window and `agent-desktop serve`) start it once between them.

`ScheduleRunner` asks the store, on each tick of an injectable clock, which runs are due. However
many due times passed while the computer slept, a schedule gets at most one run per tick: the
newest due time, run late ("run once on return") or recorded as skipped, as the user chose.

A scheduled run has no one to ask: it uses only approvals given in advance (rules, "always");
any other tool call waits in its chat like any approval, and the run's history says it needs you.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from agent_app.model_choice import ModelChoice

if TYPE_CHECKING:
    from agent_app.conversation import Conversation, Conversations

log = logging.getLogger("agent_app.schedules")

MissedRuns = Literal["run_once", "skip"]
MISSED_RUN_ONCE: MissedRuns = "run_once"
MISSED_SKIP: MissedRuns = "skip"

RunStatus = Literal["running", "needs_you", "done", "failed", "skipped"]

#: A due time found this long after it passed was missed (the computer slept or was off),
#: rather than only noticed on the next tick.
ON_TIME_GRACE = timedelta(minutes=2)
#: How often the app and the server look for due runs.
TICK_SECONDS = 20.0

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class ScheduleError(ValueError):
    """A schedule that cannot be kept; the message says which field and what to write."""


@dataclass(frozen=True)
class Schedule:
    """What to send, to whom, where, and when."""

    agent_id: str
    prompt: str
    recurrence: str
    """An RRULE, e.g. ``FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0``."""
    time_zone: str
    """The IANA zone the rule's hours are read in, e.g. ``Europe/Berlin``."""
    title: str = ""
    model: ModelChoice | None = None
    """None: the agent's (or the chat's) own model."""
    session_id: str | None = None
    """The chat every run answers in; None: a new chat each run."""
    missed: MissedRuns = MISSED_RUN_ONCE
    enabled: bool = True
    id: int | None = None
    not_before: datetime | None = None
    """No due time before this counts (set when created, edited or enabled: no catch-up for
    the time a schedule did not exist or was off)."""


@dataclass(frozen=True)
class ScheduledRun:
    """One due time of a schedule and what became of it."""

    id: int
    schedule_id: int
    due_time: datetime
    missed: int
    """How many earlier due times this run stands for (they passed while no one looked)."""
    status: RunStatus
    started: datetime | None = None
    finished: datetime | None = None
    session_id: str | None = None
    error: str | None = None


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ScheduleError(
            f"The time zone {name!r} is not known; use an IANA name such as 'Europe/Berlin'."
        ) from exc


def due_times(schedule: Schedule, after: datetime, until: datetime) -> list[datetime]:
    """The schedule's due times in (`after`, `until`], in UTC, read in its own time zone."""
    # dateutil (and its six) load with the first schedule: an app without one, as on a first
    # run, keeps the megabyte.
    from dateutil.rrule import rrulestr  # noqa: PLC0415 - see above

    local = zone(schedule.time_zone)
    anchor = (schedule.not_before or after).astimezone(local).replace(second=0, microsecond=0)
    try:
        rule = rrulestr(schedule.recurrence, dtstart=anchor)
    except (ValueError, TypeError) as exc:
        raise ScheduleError(
            f"The recurrence {schedule.recurrence!r} cannot be read ({exc}); write an RRULE "
            "such as 'FREQ=DAILY;BYHOUR=9;BYMINUTE=0'."
        ) from exc
    found = rule.between(after.astimezone(local), until.astimezone(local), inc=True)
    return [when.astimezone(UTC) for when in found if when > after]


def check(schedule: Schedule) -> None:
    """Raise `ScheduleError` naming the field a schedule cannot be kept with."""
    if not schedule.prompt.strip():
        raise ScheduleError("The schedule has no prompt; write what the agent should be asked.")
    if not schedule.agent_id:
        raise ScheduleError("The schedule has no agent; pick the agent that answers.")
    if schedule.missed not in (MISSED_RUN_ONCE, MISSED_SKIP):
        raise ScheduleError(f"Missed runs must be {MISSED_RUN_ONCE!r} or {MISSED_SKIP!r}.")
    start = utc_now()
    due_times(schedule, start, start + timedelta(days=1))


_SCHEMA = """
CREATE TABLE IF NOT EXISTS schedules (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    provider_id TEXT,
    model TEXT,
    prompt TEXT NOT NULL,
    recurrence TEXT NOT NULL,
    time_zone TEXT NOT NULL,
    session_id TEXT,
    missed TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    not_before TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    schedule_id INTEGER NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
    due_time TEXT NOT NULL,
    missed INTEGER NOT NULL,
    status TEXT NOT NULL,
    started TEXT,
    finished TEXT,
    session_id TEXT,
    error TEXT,
    UNIQUE (schedule_id, due_time)
);
"""


def _text(moment: datetime | None) -> str | None:
    # ISO in UTC with a fixed width: text order is time order, and equal moments are equal text.
    return None if moment is None else moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _moment(text: str | None) -> datetime | None:
    return (
        None
        if text is None
        else datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    )


class ScheduleStore:
    """Schedules and their runs in one SQLite file, safe to share between processes.

    Every call opens its own short connection (callable from any thread, never held open
    across an await)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10, isolation_level=None)) as db:
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA foreign_keys=ON")
            yield db

    # ------------------------------------------------------------------ schedules
    def save(self, schedule: Schedule, now: datetime | None = None) -> Schedule:
        """Add or replace `schedule` (checked first); due times before now do not count."""
        check(schedule)
        saved = replace(schedule, not_before=now or utc_now())
        model = saved.model
        values = (
            saved.title,
            saved.agent_id,
            model.provider_id if model else None,
            model.model if model else None,
            saved.prompt,
            saved.recurrence,
            saved.time_zone,
            saved.session_id,
            saved.missed,
            int(saved.enabled),
            _text(saved.not_before),
        )
        with self._connect() as db:
            if saved.id is None:
                cursor = db.execute(
                    "INSERT INTO schedules (title, agent_id, provider_id, model, prompt,"
                    " recurrence, time_zone, session_id, missed, enabled, not_before)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    values,
                )
                return replace(saved, id=cursor.lastrowid)
            db.execute(
                "UPDATE schedules SET title=?, agent_id=?, provider_id=?, model=?, prompt=?,"
                " recurrence=?, time_zone=?, session_id=?, missed=?, enabled=?, not_before=?"
                " WHERE id=?",
                (*values, saved.id),
            )
            return saved

    def schedules(self) -> list[Schedule]:
        with self._connect() as db:
            rows = db.execute("SELECT * FROM schedules ORDER BY id").fetchall()
        return [self._schedule(row) for row in rows]

    def schedule(self, schedule_id: int) -> Schedule | None:
        with self._connect() as db:
            row = db.execute("SELECT * FROM schedules WHERE id=?", (schedule_id,)).fetchone()
        return None if row is None else self._schedule(row)

    def delete(self, schedule_id: int) -> None:
        """Remove the schedule and its history."""
        with self._connect() as db:
            db.execute("DELETE FROM schedules WHERE id=?", (schedule_id,))

    @staticmethod
    def _schedule(row: sqlite3.Row) -> Schedule:
        provider_id, model = row["provider_id"], row["model"]
        return Schedule(
            id=row["id"],
            title=row["title"],
            agent_id=row["agent_id"],
            model=ModelChoice(provider_id, model) if provider_id and model else None,
            prompt=row["prompt"],
            recurrence=row["recurrence"],
            time_zone=row["time_zone"],
            session_id=row["session_id"],
            missed=row["missed"],
            enabled=bool(row["enabled"]),
            not_before=_moment(row["not_before"]),
        )

    # ------------------------------------------------------------------ runs
    def claim_due_runs(self, now: datetime) -> list[ScheduledRun]:
        """Claim, for each enabled schedule, its newest due time not yet claimed (by anyone):
        the runs this caller must start. A missed one is started late or recorded as
        skipped, as the schedule says; older missed ones are counted in it, never run."""
        claimed: list[ScheduledRun] = []
        for schedule in self.schedules():
            if not schedule.enabled or schedule.id is None:
                continue
            run = self._claim(schedule, now)
            if run is not None and run.status == "running":
                claimed.append(run)
        return claimed

    def _claim(self, schedule: Schedule, now: datetime) -> ScheduledRun | None:
        assert schedule.id is not None
        assert schedule.not_before is not None
        with self._connect() as db:
            last = db.execute(
                "SELECT MAX(due_time) FROM runs WHERE schedule_id=?", (schedule.id,)
            ).fetchone()[0]
        since = max(schedule.not_before, _moment(last) or schedule.not_before)
        due = due_times(schedule, since, now)
        if not due:
            return None
        newest = due[-1]
        late = now - newest > ON_TIME_GRACE
        status: RunStatus = "skipped" if late and schedule.missed == MISSED_SKIP else "running"
        with self._connect() as db:
            # The unique (schedule, due time) pair makes this the claim: another process that
            # inserted it first wins, and this one starts nothing.
            cursor = db.execute(
                "INSERT OR IGNORE INTO runs (schedule_id, due_time, missed, status, started)"
                " VALUES (?, ?, ?, ?, ?)",
                (schedule.id, _text(newest), len(due) - 1, status, _text(now)),
            )
            if cursor.rowcount != 1:
                return None
            row = db.execute("SELECT * FROM runs WHERE id=?", (cursor.lastrowid,)).fetchone()
        return self._run(row)

    def update_run(
        self,
        run_id: int,
        status: RunStatus,
        *,
        session_id: str | None = None,
        error: str | None = None,
        finished: datetime | None = None,
    ) -> ScheduledRun:
        with self._connect() as db:
            db.execute(
                "UPDATE runs SET status=?, session_id=COALESCE(?, session_id),"
                " error=COALESCE(?, error), finished=COALESCE(?, finished) WHERE id=?",
                (status, session_id, error, _text(finished), run_id),
            )
            row = db.execute("SELECT * FROM runs WHERE id=?", (run_id,)).fetchone()
        return self._run(row)

    def history(self, schedule_id: int) -> list[ScheduledRun]:
        """The schedule's runs, newest first."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT * FROM runs WHERE schedule_id=? ORDER BY due_time DESC", (schedule_id,)
            ).fetchall()
        return [self._run(row) for row in rows]

    @staticmethod
    def _run(row: sqlite3.Row) -> ScheduledRun:
        due = _moment(row["due_time"])
        assert due is not None
        return ScheduledRun(
            id=row["id"],
            schedule_id=row["schedule_id"],
            due_time=due,
            missed=row["missed"],
            status=row["status"],
            started=_moment(row["started"]),
            finished=_moment(row["finished"]),
            session_id=row["session_id"],
            error=row["error"],
        )


class RunReport:
    """What a run's executor tells the runner while the run goes on."""

    def __init__(self, runner: ScheduleRunner, run: ScheduledRun) -> None:
        self._runner = runner
        self.run = run
        self.waited = False

    def needs_you(self, session_id: str | None) -> None:
        """A tool call waits for an approval no one gave in advance (said once per run)."""
        if not self.waited:
            self.waited = True
            self._runner.start(self._runner.record(self.run, "needs_you", session_id=session_id))


#: Sends a schedule's prompt; returns the chat it answered in, raises if the answer failed.
RunExecutor = Callable[[Schedule, RunReport], Awaitable[str | None]]
#: Told when a run finished, failed or needs the user (the tray's notification).
RunListener = Callable[[Schedule, ScheduledRun], None]


class ScheduleRunner:
    """Starts due runs, each once, on each `tick` (or every `TICK_SECONDS` in `run_forever`)."""

    def __init__(
        self,
        store: ScheduleStore,
        execute: RunExecutor,
        *,
        clock: Clock = utc_now,
        on_change: RunListener | None = None,
    ) -> None:
        self.store = store
        self._execute = execute
        self.clock = clock
        self._on_change = on_change
        self._running: set[asyncio.Task[None]] = set()

    async def tick(self) -> list[ScheduledRun]:
        """Claim the runs due now and start them; the claimed runs."""
        claimed = await asyncio.to_thread(self.store.claim_due_runs, self.clock())
        for run in claimed:
            schedule = await asyncio.to_thread(self.store.schedule, run.schedule_id)
            if schedule is None:  # deleted between the claim and now
                continue
            self.start(self._perform(schedule, run))
        return claimed

    def start(self, work: Awaitable[None]) -> None:
        """Run `work` on the loop, kept until it ends (`until_idle` waits for it)."""

        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def until_idle(self) -> None:
        """Wait for the runs started so far."""
        while self._running:
            await asyncio.wait(set(self._running))

    async def run_forever(self, interval: float = TICK_SECONDS) -> None:
        """Tick until cancelled; a failing tick is logged and the next one tried."""
        while True:
            try:
                await self.tick()
            except (sqlite3.Error, ScheduleError):
                log.exception("Looking for due schedules failed; trying again in %.0f s", interval)
            await asyncio.sleep(interval)

    def stop(self) -> None:
        for task in list(self._running):
            task.cancel()

    async def record(self, run: ScheduledRun, status: RunStatus, **fields: Any) -> None:
        """Write the run's new status (off the loop's thread) and tell the listener."""
        updated = await asyncio.to_thread(self.store.update_run, run.id, status, **fields)
        schedule = await asyncio.to_thread(self.store.schedule, run.schedule_id)
        if self._on_change is not None and schedule is not None:
            self._on_change(schedule, updated)

    async def _perform(self, schedule: Schedule, run: ScheduledRun) -> None:
        report = RunReport(self, run)
        try:
            session_id = await self._execute(schedule, report)
        except asyncio.CancelledError:
            await self.record(run, "failed", error="stopped as the app quit", finished=self.clock())
            raise
        except Exception as exc:  # noqa: BLE001 - any failure of the run goes into its history
            log.warning("Scheduled run %s of %r failed: %s", run.id, schedule.title, exc)
            error = str(exc) or type(exc).__name__
            await self.record(run, "failed", error=error, finished=self.clock())
            return
        await self.record(run, "done", session_id=session_id, finished=self.clock())


class ScheduledRunFailed(RuntimeError):
    """The agent's answer ended in an error (its message is the run's error)."""


class ChatRuns:
    """Sends a schedule's prompt in a chat of `conversations` (the window's or the server's, so
    the answer shows where the user looks and approvals reach the usual handler)."""

    def __init__(
        self,
        conversations: Conversations,
        follow: Callable[[Conversation], Conversation] = lambda conversation: conversation,
    ) -> None:
        self._conversations = conversations
        self._follow = follow

    async def __call__(self, schedule: Schedule, report: RunReport) -> str | None:
        if schedule.session_id is not None:
            conversation = self._conversations.find(schedule.session_id)
            if conversation is None:
                conversation = await self._conversations.aopen(schedule.session_id)
        else:
            conversation = self._conversations.new(schedule.agent_id)
        conversation = self._follow(conversation)
        errors: list[str] = []

        def listen(event: dict[str, Any]) -> None:
            kind = event.get("type")
            if kind == "approval_requested":
                report.needs_you(conversation.session_id)
            elif kind == "error":
                details = event.get("error")
                errors.append(str(details.get("message")) if isinstance(details, dict) else "")

        unsubscribe = conversation.subscribe(listen)
        try:
            await conversation.until_idle()  # the user's own request in that chat goes first
            if schedule.model is not None and conversation.model_choice != schedule.model:
                # The schedule names its model: the chat answers with it (and keeps it, as a
                # pick in the model picker would; the picker shows it).
                await conversation.choose_model(schedule.model)
            await conversation.send(schedule.prompt)
        finally:
            unsubscribe()
        if errors:
            raise ScheduledRunFailed(errors[-1] or "the answer ended in an error")
        return conversation.session_id
