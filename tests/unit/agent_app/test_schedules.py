"""Schedules with a fake clock over real SQLite and a real application (scripted provider):
DST-correct due times, each run started once even when several stores look at once, one
catch-up run (or none) after sleeping past several due times, approvals only given in advance."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tests.support.tool_loop_harness import tool_turn
from tests.unit.agent_app.test_conversation import make_app, scripted_app  # noqa: F401

from agent_app.conversation import Conversations
from agent_app.model_choice import ModelChoice
from agent_app.schedules import (
    MISSED_SKIP,
    ChatRuns,
    Schedule,
    ScheduledRun,
    ScheduleError,
    ScheduleRunner,
    ScheduleStore,
    due_times,
)

EVERY_MINUTE = "FREQ=MINUTELY;INTERVAL=1"
START = datetime(2026, 3, 2, 8, 59, 30, tzinfo=UTC)


class FakeClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def every_minute(**fields: Any) -> Schedule:
    defaults: dict[str, Any] = {
        "agent_id": "default",
        "prompt": "Summarise the news",
        "recurrence": EVERY_MINUTE,
        "time_zone": "Europe/Berlin",
    }
    return Schedule(**{**defaults, **fields})


def test_a_daily_time_stays_at_local_time_across_the_dst_change() -> None:
    schedule = Schedule(
        agent_id="default",
        prompt="p",
        recurrence="FREQ=DAILY;BYHOUR=9;BYMINUTE=0",
        time_zone="Europe/Berlin",
        not_before=datetime(2026, 3, 27, tzinfo=UTC),
    )
    found = due_times(
        schedule, datetime(2026, 3, 27, tzinfo=UTC), datetime(2026, 3, 31, tzinfo=UTC)
    )
    # Berlin moves from UTC+1 to UTC+2 on 29 March: 9:00 local is 08:00 UTC, then 07:00 UTC.
    assert [when.strftime("%d %H:%M") for when in found] == [
        "27 08:00",
        "28 08:00",
        "29 07:00",
        "30 07:00",
    ]


def test_weekdays_skip_the_weekend() -> None:
    schedule = Schedule(
        agent_id="default",
        prompt="p",
        recurrence="FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=9;BYMINUTE=0",
        time_zone="America/New_York",
        not_before=datetime(2026, 3, 6, tzinfo=UTC),
    )
    found = due_times(schedule, datetime(2026, 3, 6, tzinfo=UTC), datetime(2026, 3, 11, tzinfo=UTC))
    # New York changes on 8 March (a Sunday): 14:00 UTC on Friday, 13:00 UTC from Monday.
    assert [when.strftime("%a %H:%M") for when in found] == [
        "Fri 14:00",
        "Mon 13:00",
        "Tue 13:00",
    ]


def test_bad_input_is_refused_naming_the_field(tmp_path: Path) -> None:
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    with pytest.raises(ScheduleError, match="time zone 'Mars/Olympus'"):
        store.save(every_minute(time_zone="Mars/Olympus"))
    with pytest.raises(ScheduleError, match=r"recurrence .every tuesday.*RRULE"):
        store.save(every_minute(recurrence="every tuesday"))
    with pytest.raises(ScheduleError, match="no prompt"):
        store.save(every_minute(prompt="  "))
    assert store.schedules() == []


def test_a_due_run_is_claimed_once_and_the_next_minute_again(tmp_path: Path) -> None:
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None

    assert store.claim_due_runs(START + timedelta(seconds=20)) == []  # not due yet
    [run] = store.claim_due_runs(START + timedelta(seconds=40))
    assert run.due_time == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    assert run.missed == 0
    assert store.claim_due_runs(START + timedelta(seconds=50)) == []
    [following] = store.claim_due_runs(START + timedelta(seconds=95))
    assert following.due_time == datetime(2026, 3, 2, 9, 1, tzinfo=UTC)
    assert [r.id for r in store.history(saved.id)] == [following.id, run.id]
    # The store is durable: a second opening sees the same schedule and history.
    assert ScheduleStore(store.path).history(saved.id) == store.history(saved.id)


def test_stores_looking_at_the_same_moment_start_the_run_once(tmp_path: Path) -> None:
    path = tmp_path / "schedules.sqlite3"
    ScheduleStore(path).save(every_minute(), now=START)
    stores = [ScheduleStore(path) for _ in range(8)]
    barrier = threading.Barrier(len(stores))
    claimed: list[ScheduledRun] = []

    def look(store: ScheduleStore) -> None:
        barrier.wait()
        claimed.extend(store.claim_due_runs(START + timedelta(seconds=40)))

    threads = [threading.Thread(target=look, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(claimed) == 1


def test_sleeping_past_three_due_times_gives_one_catch_up_run(tmp_path: Path) -> None:
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None

    [run] = store.claim_due_runs(START + timedelta(minutes=3, seconds=40) + timedelta(minutes=5))
    # Due 9:00 … 9:08 passed asleep: one run, for the newest, standing for the eight before.
    assert run.due_time == datetime(2026, 3, 2, 9, 8, tzinfo=UTC)
    assert run.missed == 8
    assert run.status == "running"
    assert len(store.history(saved.id)) == 1


def test_with_skip_missed_runs_are_recorded_as_skipped_and_not_run(tmp_path: Path) -> None:
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    hourly = every_minute(recurrence="FREQ=HOURLY;BYMINUTE=0", missed=MISSED_SKIP)
    saved = store.save(hourly, now=START)
    assert saved.id is not None
    woke = datetime(2026, 3, 2, 12, 30, tzinfo=UTC)

    assert store.claim_due_runs(woke) == []
    [skipped] = store.history(saved.id)
    assert skipped.status == "skipped"
    assert skipped.due_time == datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    assert skipped.missed == 3
    # From then on it runs on time again.
    [run] = store.claim_due_runs(datetime(2026, 3, 2, 13, 0, 20, tzinfo=UTC))
    assert run.status == "running"


def test_a_disabled_schedule_does_not_run_nor_catch_up_when_enabled(tmp_path: Path) -> None:
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(enabled=False), now=START)
    assert store.claim_due_runs(START + timedelta(minutes=5)) == []
    later = START + timedelta(minutes=30)
    store.save(every_minute(id=saved.id), now=later)
    assert store.claim_due_runs(later + timedelta(seconds=5)) == []
    [run] = store.claim_due_runs(later + timedelta(seconds=35))
    assert run.missed == 0


async def test_a_run_answers_in_a_new_chat_and_the_history_says_done(make_app, tmp_path) -> None:  # noqa: F811
    app = make_app(["The news: all quiet."])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None
    clock = FakeClock(START)
    changes: list[str] = []
    runner = ScheduleRunner(
        store, ChatRuns(chats), clock=clock, on_change=lambda _s, run: changes.append(run.status)
    )

    assert await runner.tick() == []
    clock.advance(seconds=40)
    assert len(await runner.tick()) == 1
    await asyncio.wait_for(runner.until_idle(), 10)

    [run] = store.history(saved.id)
    assert run.status == "done"
    assert run.finished == clock.now
    assert run.session_id is not None
    stored = app.sessions.load_session(run.session_id)
    assert [m.content for m in stored.messages] == ["Summarise the news", "The news: all quiet."]
    assert changes == ["done"]


async def test_a_run_in_an_existing_chat_adds_to_it(make_app, tmp_path) -> None:  # noqa: F811
    app = make_app(["First answer.", "Scheduled answer."])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    chat = chats.new()
    await chat.send("Hello")
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(session_id=chat.session_id), now=START)
    assert saved.id is not None
    clock = FakeClock(START + timedelta(seconds=40))
    runner = ScheduleRunner(store, ChatRuns(chats), clock=clock)

    await runner.tick()
    await asyncio.wait_for(runner.until_idle(), 10)

    assert [str(m.content) for m in chat.session.messages] == [
        "Hello",
        "First answer.",
        "Summarise the news",
        "Scheduled answer.",
    ]
    assert store.history(saved.id)[0].session_id == chat.session_id


@pytest.mark.parametrize("in_existing_chat", [False, True])
async def test_a_run_answers_with_the_model_its_schedule_names(
    make_app,  # noqa: F811
    tmp_path: Path,
    in_existing_chat: bool,
) -> None:
    app = make_app(["First answer.", "Scheduled answer."])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    session_id = None
    if in_existing_chat:
        chat = chats.new()
        await chat.send("Hello")
        session_id = chat.session_id
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    night = ModelChoice("scripted", "night-model")
    saved = store.save(every_minute(model=night, session_id=session_id), now=START)
    assert saved.id is not None
    assert store.schedule(saved.id).model == night
    runner = ScheduleRunner(store, ChatRuns(chats), clock=FakeClock(START + timedelta(seconds=40)))

    await runner.tick()
    await asyncio.wait_for(runner.until_idle(), 10)

    [run] = store.history(saved.id)
    assert run.status == "done"
    answer = app.sessions.load_session(str(run.session_id)).messages[-1]
    assert answer.metadata.get("model") == "night-model", answer.to_dict()


async def test_a_tool_not_allowed_in_advance_waits_and_the_run_needs_you(
    make_app,  # noqa: F811
    tmp_path,
) -> None:
    app = make_app([tool_turn(("write_note", {"text": "x"})), "noted"])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    app.set_approval_handler(chats.ask_approval)
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None
    changes: list[str] = []
    runner = ScheduleRunner(
        store,
        ChatRuns(chats),
        clock=FakeClock(START + timedelta(seconds=40)),
        on_change=lambda _s, run: changes.append(run.status),
    )

    await runner.tick()
    for _ in range(500):
        if store.history(saved.id)[0].status == "needs_you":
            break
        await asyncio.sleep(0.01)
    [run] = store.history(saved.id)
    assert run.status == "needs_you"
    [chat] = [c for c in chats if c.session_id == run.session_id]
    [request] = chat.pending_approvals()
    chat.decide(request["call_key"], {"decision": "allow_once"})
    await asyncio.wait_for(runner.until_idle(), 10)

    assert store.history(saved.id)[0].status == "done"
    assert changes == ["needs_you", "done"]


async def test_a_tool_allowed_always_runs_unasked(make_app, tmp_path) -> None:  # noqa: F811
    app = make_app([tool_turn(("write_note", {"text": "x"})), "noted"])
    app.settings.tool_approvals = {"write_note": "always"}
    chats = Conversations(app.sessions, app, app.plugin_queries)
    app.set_approval_handler(chats.ask_approval)
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None
    runner = ScheduleRunner(store, ChatRuns(chats), clock=FakeClock(START + timedelta(seconds=40)))

    await runner.tick()
    await asyncio.wait_for(runner.until_idle(), 10)

    [run] = store.history(saved.id)
    assert run.status == "done"
    assert app.sessions.load_session(run.session_id).messages[-1].content == "noted"


async def test_a_failed_answer_is_recorded_with_its_error(make_app, tmp_path) -> None:  # noqa: F811
    app = make_app([{"error": "the provider is down"}])
    chats = Conversations(app.sessions, app, app.plugin_queries)
    store = ScheduleStore(tmp_path / "schedules.sqlite3")
    saved = store.save(every_minute(), now=START)
    assert saved.id is not None
    runner = ScheduleRunner(store, ChatRuns(chats), clock=FakeClock(START + timedelta(seconds=40)))

    await runner.tick()
    await asyncio.wait_for(runner.until_idle(), 10)

    [run] = store.history(saved.id)
    assert run.status == "failed"
    assert run.error
