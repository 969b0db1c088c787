"""What the user service starts, as a real process: `agent-desktop schedules run` on a data
folder runs a due schedule once, answers in a chat of that folder, refuses a tool no one
allowed in advance (the history says it needed you), and stops on SIGTERM. Processes claiming
the same due time at once start it once between them. (No systemd user session here: the unit
is tested in tests/unit/agent_app/test_schedule_service.py, the process it starts here.)"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.support.serve_process import ROOT

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.schedule_service import NOBODY_TO_ASK, scheduler_command
from agent_app.schedules import Schedule, ScheduleStore

pytestmark = pytest.mark.integration

ANSWER = "Scheduled while the app was closed."
CLAIM = """
import sys
from datetime import datetime
from agent_app.schedules import ScheduleStore
store = ScheduleStore(__import__("pathlib").Path(sys.argv[1]))
sys.stdin.readline()  # every process waits here until all are started
print(len(store.claim_due_runs(datetime.fromisoformat(sys.argv[2]))))
"""


def _every_minute(prompt: str) -> Schedule:
    return Schedule(
        agent_id="default", prompt=prompt, recurrence="FREQ=MINUTELY", time_zone="Europe/Berlin"
    )


def test_the_scheduler_process_runs_a_due_schedule_once_and_stops_on_sigterm(
    tmp_path: Path,
) -> None:
    paths = resolve_paths(tmp_path)
    paths.config_path.parent.mkdir(parents=True, exist_ok=True)
    marker = tmp_path / "should-not-exist"
    shell = {"name": "shell", "arguments": {"command": f"touch {marker}"}}
    script = [{"tool_calls": [shell]}, ANSWER]
    config = {
        "providers": {"scripted": {"provider": "scripted", "script": script}},
        "agents": {"default": {"provider": "scripted"}},
    }
    paths.config_path.write_text(json.dumps(config), encoding="utf-8")
    store = ScheduleStore(paths.schedules_path)
    # Made 65 s ago, every minute: a due time passed within the last minute, on time.
    saved = store.save(_every_minute("Make a file"), now=datetime.now(UTC) - timedelta(seconds=65))
    assert saved.id is not None
    process = subprocess.Popen(
        scheduler_command(tmp_path), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 90
        while [r.status for r in store.history(saved.id)] != ["done"]:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "the schedule did not run"
            time.sleep(0.3)
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(60)
    assert code == 0
    log = (paths.log_dir / "schedules.log").read_text(encoding="utf-8")
    assert "Running the schedules of" in log
    assert "needs_you" in log  # the history said it needed the user before it ended
    assert not marker.exists()  # nobody allowed the tool: it did not run
    [run] = store.history(saved.id)  # once
    app = AgentApplication(paths)
    try:
        messages = app.sessions.load_session(str(run.session_id)).messages
    finally:
        asyncio.run(app.aclose())
    assert [m.role for m in messages] == ["user", "assistant", "tool", "assistant"]
    assert NOBODY_TO_ASK in str(messages[2].content)
    assert messages[-1].content == ANSWER


def test_processes_claiming_the_same_due_time_at_once_start_it_once(tmp_path: Path) -> None:
    path = tmp_path / "schedules.sqlite3"
    store = ScheduleStore(path)
    made = datetime(2026, 3, 2, 8, 59, 30, tzinfo=UTC)
    store.save(_every_minute("Once"), now=made)
    now = (made + timedelta(seconds=40)).isoformat()
    claimers = [
        subprocess.Popen(
            [sys.executable, "-c", CLAIM, str(path), now],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(6)
    ]
    time.sleep(1.5)  # all imported and waiting
    for claimer in claimers:
        assert claimer.stdin is not None
        claimer.stdin.write("go\n")
        claimer.stdin.flush()
    claimed = [int(claimer.communicate(timeout=60)[0]) for claimer in claimers]
    assert sorted(claimed) == [0, 0, 0, 0, 0, 1]
    assert len(store.history(1)) == 1
