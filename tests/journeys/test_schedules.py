"""A schedule runs in the real window with a fake clock: due every minute, it answers in a new
chat the user can open, the window says it finished; a sleep past three due times gives one
catch-up run, not three."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from agent_app.paths import resolve_paths
from agent_app.schedules import Schedule, ScheduleStore

ANSWER = "Three headlines, all quiet."
SCRIPTED = {
    "providers": {
        "scripted": {"provider": "scripted", "label": "Scripted", "script": [ANSWER]},
    },
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
START = datetime(2026, 3, 2, 8, 59, 30, tzinfo=UTC)


class FakeClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def answers(window) -> list[str]:
    return [
        str(item.text)
        for item in window.chat_model.items()
        if item.kind == "message" and item.role == "assistant"
    ]


def test_a_schedule_every_minute_runs_once_per_due_time_and_catches_up_once(journey):
    journey.write_config(SCRIPTED)
    store = ScheduleStore(resolve_paths(journey.data_dir).schedules_path)
    saved = store.save(
        Schedule(
            agent_id="default",
            title="Morning news",
            prompt="What is new?",
            recurrence="FREQ=MINUTELY",
            time_zone="Europe/Berlin",
        ),
        now=START,
    )
    assert saved.id is not None
    window = journey.start()
    runs = window.schedule_runs
    journey.wait_until(lambda: runs.runner is not None)
    clock = FakeClock(START + timedelta(seconds=40))
    runs.runner.clock = clock

    journey.run(runs.runner.tick())
    journey.wait_until(lambda: store.history(saved.id)[0].status == "done")

    [run] = store.history(saved.id)
    # No tray offscreen: the window's notice says it.
    journey.wait_until(lambda: "Scheduled run finished" in window.notice.label.text())
    assert "Morning news" in window.notice.label.text()
    journey.act(lambda: window.open_session(run.session_id))
    journey.wait_until(lambda: ANSWER in answers(window))

    # Asleep from 9:00:40 to 9:03:40: due 9:01, 9:02 and 9:03 passed; one run stands for them.
    clock.now += timedelta(minutes=3)
    journey.run(runs.runner.tick())
    journey.wait_until(lambda: len(store.history(saved.id)) == 2)
    journey.wait_until(lambda: store.history(saved.id)[0].status == "done")
    catch_up = store.history(saved.id)[0]
    assert catch_up.due_time == datetime(2026, 3, 2, 9, 3, tzinfo=UTC)
    assert catch_up.missed == 2
    journey.run(runs.runner.tick())
    assert len(store.history(saved.id)) == 2
