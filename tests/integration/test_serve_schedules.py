"""`agent-desktop serve` runs schedules with no window: a due schedule answers in a chat of the
server, its events reach clients, and its history in the data folder says done."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.support.serve_process import ServeProcess

from agent_app.schedules import Schedule, ScheduleStore

pytestmark = pytest.mark.integration

ANSWER = "Scheduled answer from the server."


def test_the_server_runs_a_due_schedule_and_its_chat_holds_the_answer(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path)
    config = json.loads(server.paths.config_path.read_text(encoding="utf-8"))
    config["providers"]["scripted"]["script"] = [ANSWER]
    server.paths.config_path.write_text(json.dumps(config), encoding="utf-8")
    store = ScheduleStore(server.paths.schedules_path)
    # Made 65 s ago, every minute: one due time passed within the last minute, on time.
    saved = store.save(
        Schedule(
            agent_id="default",
            prompt="What is new?",
            recurrence="FREQ=MINUTELY",
            time_zone="Europe/Berlin",
        ),
        now=datetime.now(UTC) - timedelta(seconds=65),
    )
    assert saved.id is not None
    server.start()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            history = store.history(saved.id)
            if history and history[-1].status == "done":
                break
            time.sleep(0.2)
        run = store.history(saved.id)[-1]
        assert run.status == "done", run
        assert run.session_id is not None
        client = server.client()
        stored = client.get(f"/sessions/{run.session_id}").json()["session"]["messages"]
        assert [m["content"] for m in stored] == ["What is new?", ANSWER]
        events = client.get("/events", params={"since_id": "0", "session_id": run.session_id})
        assert "assistant" in [event["type"] for event in events.json()["events"]]
    finally:
        server.stop()
    due = [r.due_time for r in store.history(saved.id)]
    assert len(due) == len(set(due))
