"""The headless runtime's events, kept in SQLite so a client's cursor survives a restart.

The platform's event model (`/api/events/`): every event is a JSON object stamped with a
monotonically increasing **string** `event_id`; `GET /events` reads them with `since_id`,
`session_id` and `request_id`. A read with `session_id` and no `since_id` starts from the
session's cursor (`cursor_event_id`, the last event a session read handed out) instead of
replaying the whole history, and moves the cursor on. A read with none of the three is a
bootstrap: no events, only `latest_event_id`.

Reads other than a bootstrap are lightly compacted: a `partial` carries the whole answer so far,
so one followed in the same page by a newer `partial` or by the finished `assistant` message of
its request says nothing new; a `tool_partial` is a piece of output whose `tool_result` (in the
same page) holds all of it. Those are dropped; every other event is returned as stored.

Ids come from SQLite's AUTOINCREMENT: never reused, even after the newest rows are deleted, so
an id a client holds always means the same event.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

#: Most events one read returns; a client pages on with the last `event_id` it got.
PAGE_LIMIT = 1000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    event_id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT,
    request_id TEXT,
    body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_session ON events (session_id, event_id);
CREATE INDEX IF NOT EXISTS events_by_request ON events (request_id, event_id);
CREATE TABLE IF NOT EXISTS session_cursors (
    session_id TEXT PRIMARY KEY,
    cursor_event_id INTEGER NOT NULL
);
"""

TERMINAL_EVENT_TYPES = frozenset({"request_completed", "request_cancelled", "request_interrupted"})


class EventIdError(ValueError):
    """An `event_id` a client sent is not one of ours (ids are decimal strings)."""


def parse_event_id(value: str | None) -> int | None:
    """The number inside an event id string; None for None. Raises `EventIdError`."""
    if value is None:
        return None
    if not value.isdigit() or len(value) > 18:
        raise EventIdError(f"since_id {value[:40]!r} is not an event id: use an event_id you got")
    return int(value)


class EventStore:
    """Durable, append-only events with per-session cursors. Thread-safe (one connection
    behind a lock; writes are small)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute("PRAGMA synchronous=NORMAL")
        self._connection.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def publish(self, event: dict[str, Any]) -> dict[str, Any]:
        """Store `event` (JSON-serialisable) and return it with its new string `event_id`."""
        body = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            cursor = self._connection.execute(
                "INSERT INTO events (session_id, request_id, body) VALUES (?, ?, ?)",
                (event.get("session_id"), event.get("request_id"), body),
            )
        return {**event, "event_id": str(cursor.lastrowid)}

    def latest_event_id(self) -> str:
        """The newest event's id ("0" before the first event)."""
        with self._lock:
            row = self._connection.execute("SELECT seq FROM sqlite_sequence WHERE name='events'")
            found = row.fetchone()
        return str(found[0] if found else 0)

    def read(
        self,
        *,
        since_id: str | None = None,
        session_id: str | None = None,
        request_id: str | None = None,
        limit: int = PAGE_LIMIT,
    ) -> dict[str, Any]:
        """What `GET /events` answers for these filters (see the module docstring):
        ``{"events": [...], "latest_event_id": str}`` plus ``cursor_event_id`` for a session
        read that started from the session's cursor."""
        since = parse_event_id(since_id)
        if since is None and session_id is None and request_id is None:
            return {"events": [], "latest_event_id": self.latest_event_id()}
        from_cursor = since is None and session_id is not None
        if from_cursor:
            since = self.cursor(session_id or "")
        clauses = ["event_id > ?"]
        values: list[Any] = [since or 0]
        if session_id is not None:
            clauses.append("session_id = ?")
            values.append(session_id)
        if request_id is not None:
            clauses.append("request_id = ?")
            values.append(request_id)
        query = (
            f"SELECT event_id, body FROM events WHERE {' AND '.join(clauses)} "
            "ORDER BY event_id LIMIT ?"
        )
        with self._lock:
            rows = self._connection.execute(query, (*values, max(1, min(limit, PAGE_LIMIT))))
            events = [{**json.loads(body), "event_id": str(event_id)} for event_id, body in rows]
        answer: dict[str, Any] = {"events": compacted(events)}
        if session_id is not None and events:
            self._advance_cursor(session_id, int(events[-1]["event_id"]))
        if from_cursor:
            answer["cursor_event_id"] = str(self.cursor(session_id or ""))
        # The last id looked at, even when compaction dropped that event: a client continues
        # from `next_since_id` and never reads a dropped partial again.
        answer["next_since_id"] = events[-1]["event_id"] if events else str(since or 0)
        answer["latest_event_id"] = self.latest_event_id()
        return answer

    def cursor(self, session_id: str) -> int:
        with self._lock:
            row = self._connection.execute(
                "SELECT cursor_event_id FROM session_cursors WHERE session_id = ?", (session_id,)
            ).fetchone()
        return int(row[0]) if row else 0

    def _advance_cursor(self, session_id: str, event_id: int) -> None:
        with self._lock:
            self._connection.execute(
                "INSERT INTO session_cursors (session_id, cursor_event_id) VALUES (?, ?) "
                "ON CONFLICT(session_id) DO UPDATE SET cursor_event_id = "
                "MAX(cursor_event_id, excluded.cursor_event_id)",
                (session_id, event_id),
            )

    def unfinished_requests(self) -> list[tuple[str, str]]:
        """(session id, request id) of every request that started and never ended: a server
        that died mid-answer left them."""
        terminal = ",".join("?" * len(TERMINAL_EVENT_TYPES))
        query = (
            "SELECT DISTINCT started.session_id, started.request_id FROM events AS started "
            "WHERE json_extract(started.body, '$.type') = 'request_started' AND NOT EXISTS ("
            "SELECT 1 FROM events AS ended WHERE ended.request_id = started.request_id "
            f"AND json_extract(ended.body, '$.type') IN ({terminal}))"
        )
        with self._lock:
            rows = self._connection.execute(query, tuple(TERMINAL_EVENT_TYPES)).fetchall()
        return [(str(session), str(request)) for session, request in rows]

    def forget_session(self, session_id: str) -> None:
        """Drop a deleted session's events and cursor (ids are never reused)."""
        with self._lock:
            self._connection.execute("DELETE FROM events WHERE session_id = ?", (session_id,))
            self._connection.execute(
                "DELETE FROM session_cursors WHERE session_id = ?", (session_id,)
            )

    def close(self) -> None:
        with self._lock:
            self._connection.close()


def compacted(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`events` without the partials that later events of the same page make redundant."""
    superseded: set[int] = set()
    # request id -> index of its newest partial that nothing has superseded yet
    last_partial: dict[str, int] = {}
    open_tool_partials: dict[tuple[str, str], list[int]] = {}
    for index, event in enumerate(events):
        kind = event.get("type")
        request = str(event.get("request_id"))
        if kind == "partial":
            if request in last_partial:
                superseded.add(last_partial[request])
            last_partial[request] = index
        elif kind == "assistant" and request in last_partial:
            superseded.add(last_partial.pop(request))
        elif kind == "tool_partial":
            call = (request, json.dumps(event.get("call_key")))
            open_tool_partials.setdefault(call, []).append(index)
        elif kind == "tool_result":
            call = (request, json.dumps(event.get("call_key")))
            superseded.update(open_tool_partials.pop(call, []))
        elif kind is not None:
            # Anything else between two partials (a notice, an error) ends the run: the partial
            # before it is what the user saw when it happened.
            last_partial.pop(request, None)
    return [event for index, event in enumerate(events) if index not in superseded]
