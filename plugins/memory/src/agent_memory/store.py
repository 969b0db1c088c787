"""Remembered items on disk: one SQLite file the application names (config ``memory_path``).

Each item has a scope: the whole app, one agent (its id) or one project (its folder). A request
sees the app's items, its agent's and its project's. Every text is passed through `clean` before
it is stored, so a secret the app knows never lands in the file, whatever the model proposed or
the user typed. A connection is opened per operation: hooks run on worker threads, and SQLite
connections must not cross threads.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

SCOPES = ("app", "agent", "project")
MAX_TEXT_CHARS = 2_000
EXPORT_FORMAT = "agent-desktop-memory"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    text TEXT NOT NULL,
    scope TEXT NOT NULL,
    scope_key TEXT NOT NULL DEFAULT '',
    source_session TEXT NOT NULL DEFAULT '',
    source_call TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS memories_scope ON memories (scope, scope_key);
"""


class MemoryStoreError(ValueError):
    """A memory operation that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class MemoryItem:
    id: int
    text: str
    scope: str
    scope_key: str
    source_session: str
    source_call: str
    created: float
    updated: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def where(self) -> str:
        """The scope in words: "all chats", "agent default", "project /home/me/thesis"."""
        if self.scope == "agent":
            return f"agent {self.scope_key}"
        if self.scope == "project":
            return f"project {self.scope_key}"
        return "all chats"


@dataclass(frozen=True)
class RequestScope:
    """What a request may see: its agent and its project folder (empty when none)."""

    agent_id: str = ""
    project: str = ""


def checked_text(given: Any) -> str:
    """`given` as one line of text; MemoryStoreError when it is empty or too long."""
    if not isinstance(given, str) or not given.strip():
        raise MemoryStoreError("'text' is required: the fact to remember, in one or two sentences")
    text = " ".join(given.split())
    if len(text) > MAX_TEXT_CHARS:
        raise MemoryStoreError(
            f"the text has {len(text)} characters; a remembered item holds at most "
            f"{MAX_TEXT_CHARS} (keep the fact, leave out the rest)"
        )
    return text


def checked_scope(requested: Any, request: RequestScope) -> tuple[str, str]:
    """(scope, scope key) for a new item; a project scope needs a chat in a project."""
    scope = requested or "app"
    if scope not in SCOPES:
        raise MemoryStoreError(f"'scope' must be one of {', '.join(SCOPES)}, not {scope!r}")
    if scope == "agent":
        return "agent", request.agent_id or "default"
    if scope == "project":
        if not request.project:
            raise MemoryStoreError(
                "this chat is not in a project, so nothing can be remembered for one; "
                "use the scope 'app' or 'agent'"
            )
        return "project", request.project
    return "app", ""


class MemoryStore:
    """The remembered items in the SQLite file `path`; `clean` blanks secrets out of a text."""

    def __init__(self, path: Path, clean: Callable[[str], str]) -> None:
        self.path = Path(path)
        self.clean = clean

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=10)
        try:
            connection.executescript(_SCHEMA)
            with connection:
                yield connection
        finally:
            connection.close()

    def add(
        self,
        text: str,
        scope: str,
        scope_key: str = "",
        *,
        source_session: str = "",
        source_call: str = "",
    ) -> MemoryItem:
        text = self.clean(checked_text(text))
        now = time.time()
        with self._connection() as db:
            cursor = db.execute(
                "INSERT INTO memories (text, scope, scope_key, source_session, source_call, "
                "created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (text, scope, scope_key, source_session, source_call, now, now),
            )
            row_id = cursor.lastrowid
        assert row_id is not None
        return MemoryItem(row_id, text, scope, scope_key, source_session, source_call, now, now)

    def update(self, item_id: int, text: str) -> MemoryItem:
        text = self.clean(checked_text(text))
        with self._connection() as db:
            changed = db.execute(
                "UPDATE memories SET text = ?, updated = ? WHERE id = ?",
                (text, time.time(), item_id),
            ).rowcount
        if not changed:
            raise MemoryStoreError(f"there is no remembered item #{item_id} (it was deleted)")
        item = self.get(item_id)
        assert item is not None
        return item

    def delete(self, item_id: int) -> bool:
        with self._connection() as db:
            return db.execute("DELETE FROM memories WHERE id = ?", (item_id,)).rowcount > 0

    def get(self, item_id: int) -> MemoryItem | None:
        with self._connection() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM memories WHERE id = ?", (item_id,)).fetchone()
        return MemoryItem(*row) if row else None

    def all(self) -> list[MemoryItem]:
        """Every item, newest change first."""
        with self._connection() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM memories ORDER BY updated DESC, id DESC"
            ).fetchall()
        return [MemoryItem(*row) for row in rows]

    def for_request(self, request: RequestScope) -> list[MemoryItem]:
        """The items a request of `request`'s agent and project sees, newest change first."""
        with self._connection() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM memories WHERE scope = 'app' "
                "OR (scope = 'agent' AND scope_key = ?) OR (scope = 'project' AND scope_key = ?) "
                "ORDER BY updated DESC, id DESC",
                (request.agent_id or "default", request.project or "\x00"),
            ).fetchall()
        return [MemoryItem(*row) for row in rows]

    # ------------------------------------------------------------------ export / import

    def export_data(self) -> dict[str, Any]:
        """Every item as plain JSON data, for the user's data export."""
        return {
            "format": EXPORT_FORMAT,
            "version": 1,
            "items": [
                {key: value for key, value in item.to_dict().items() if key != "id"}
                for item in self.all()
            ],
        }

    def import_data(self, data: Any) -> int:
        """Add the items of an `export_data` document that are not here yet; returns how many.
        Imported text is untrusted: checked and cleaned like any new item."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise MemoryStoreError(
                f"this is not a memory export (its 'format' is not {EXPORT_FORMAT!r})"
            )
        items = data.get("items")
        if not isinstance(items, list):
            raise MemoryStoreError("the memory export has no 'items' list")
        known = {(item.text, item.scope, item.scope_key) for item in self.all()}
        added = 0
        for number, entry in enumerate(items, 1):
            if not isinstance(entry, dict):
                raise MemoryStoreError(f"item {number} of the memory export is not an object")
            scope = entry.get("scope")
            if scope not in SCOPES:
                raise MemoryStoreError(
                    f"item {number} of the memory export has the scope {scope!r}"
                )
            text = self.clean(checked_text(entry.get("text")))
            scope_key = str(entry.get("scope_key") or "")
            if (text, scope, scope_key) in known:
                continue
            self.add(text, scope, scope_key, source_session=str(entry.get("source_session") or ""))
            known.add((text, scope, scope_key))
            added += 1
        return added


_COLUMNS = "id, text, scope, scope_key, source_session, source_call, created, updated"
