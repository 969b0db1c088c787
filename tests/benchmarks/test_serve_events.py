"""Event throughput and resume latency of `agent-desktop serve` over loopback (printed).

A real server process and a real HTTP client. Throughput: a scripted answer of many small
chunks, its events published to the SQLite store and read back by the client page after page
(``since_id`` + ``request_id``, long polls), timed per 1,000 chunks of the answer from the send to
the client holding the request's last event. Per chunk, not per event: the server publishes a
partial (the answer so far) for what was ready at once, not one per chunk, so a count of events
published would reward publishing more of them. Resume latency: the server is stopped after an
answer and started again; the time from the first successful request to the new process to the
client holding every event it missed (one ``since_id`` read).

Run with ``uv run pytest tests/benchmarks/test_serve_events.py --benchmark-enable -s``.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.benchmarks.budgets import BudgetReport
from tests.support.serve_process import ServeProcess

pytestmark = pytest.mark.integration

CHUNKS = 2000
THROUGHPUT_TARGET = 500.0  # chunks of the answer per second the client must get at least
RESUME_TARGET_MS = 500.0


def _read_all(client: httpx.Client, since_id: str) -> list[dict[str, Any]]:
    """Every event after `since_id` up to the end of the request that follows."""
    events: list[dict[str, Any]] = []
    while True:
        page = client.get("/events", params={"since_id": since_id, "wait": 5}).json()
        events.extend(page["events"])
        since_id = page["next_since_id"]
        if any(event["type"] == "request_completed" for event in page["events"]):
            return events


def test_event_throughput_and_resume_latency_over_loopback(
    tmp_path: Path, budget_report: BudgetReport
) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        session_id = str(client.post("/sessions", json={}).json()["session_id"])
        turn = {"content": "abcd" * CHUNKS, "chunk_size": 4}
        started_at = time.perf_counter()
        since_id = client.post(
            f"/sessions/{session_id}/send", json={"message": "go", "overrides": {"script": [turn]}}
        ).json()["since_id"]
        read = _read_all(client, since_id)
        elapsed = time.perf_counter() - started_at
        published = int(read[-1]["event_id"]) - int(since_id)
        throughput = published / elapsed
        print(
            f"\nserve: {published} events published and read over loopback in {elapsed:.2f} s "
            f"= {throughput:.0f} events/s ({len(read)} delivered after compaction)"
        )
        last_seen = client.get("/events").json()["latest_event_id"]
        server.stop()

        # Events the client has not seen yet: a second answer while it is away, then a restart.
        server.start()
        client = server.client()
        since_missed = client.get("/events").json()["latest_event_id"]
        client.post(
            f"/sessions/{session_id}/send",
            json={"message": "again", "overrides": {"script": [turn]}},
        )
        _read_all(client, since_missed)
        server.stop()
        server.start()
        client = server.client()
        resumes = []
        for _ in range(5):
            began = time.perf_counter()
            page = client.get("/events", params={"since_id": last_seen}).json()
            resumes.append((time.perf_counter() - began) * 1000)
            assert page["events"], "the events missed while away were not returned"
        resume_ms = statistics.median(resumes)
        print(
            f"serve: resuming after a restart with since_id returned {len(page['events'])} "
            f"missed events in {resume_ms:.1f} ms (median of 5; min {min(resumes):.1f} ms)"
        )
        budget_report.record("serve resume after restart", resumes, None, RESUME_TARGET_MS)
        budget_report.record(
            "serve: an answer to the client (ms per 1000 chunks)",
            1000 * 1000 * elapsed / CHUNKS,
            None,
            1000 * 1000 / THROUGHPUT_TARGET,
        )
    finally:
        server.stop()
