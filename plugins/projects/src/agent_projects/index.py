"""The full-text index of project folders: SQLite FTS5 in a file the application names
(config ``project_index_path``), no embedding model.

The index follows the folder: before each search the folder is walked and every file whose
size or modification time changed is read again, new ones are added and removed ones dropped,
so a file added after the project was made is found by the next search.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from agent_projects.files import (
    MAX_FILE_BYTES,
    MAX_FILES,
    ProjectFileError,
    project_files,
    read_text,
)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS files (
    root TEXT NOT NULL, path TEXT NOT NULL, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
    document INTEGER NOT NULL,  -- the rowid of its text in `contents`
    PRIMARY KEY (root, path)
);
CREATE VIRTUAL TABLE IF NOT EXISTS contents USING fts5(
    root UNINDEXED, path UNINDEXED, body, tokenize = 'unicode61'
);
"""
_DROP = "DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS contents;"
SCHEMA_VERSION = 2
SNIPPET_CHARS = 200
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    snippet: str

    def citation(self) -> str:
        return f"{self.path}:{self.line}"


class ProjectIndex:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, timeout=10)
        try:
            if connection.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                # A cache of the folders: an index of another layout is rebuilt, not migrated.
                connection.executescript(_DROP)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.executescript(_SCHEMA)
            with connection:
                yield connection
        finally:
            connection.close()

    def refresh(self, root: Path) -> int:
        """Bring the index of `root` up to date; returns how many files were (re)read."""
        key = str(root.resolve())
        with self._connection() as db:
            known = {
                path: (mtime, size, document)
                for path, mtime, size, document in db.execute(
                    "SELECT path, mtime_ns, size, document FROM files WHERE root = ?", (key,)
                )
            }
            seen: set[str] = set()
            read = 0
            for count, (relative, found) in enumerate(project_files(root)):
                if count >= MAX_FILES:
                    break
                seen.add(relative)
                before = known.get(relative)
                if before is not None and before[:2] == (found.st_mtime_ns, found.st_size):
                    continue
                body = ""
                if found.st_size <= MAX_FILE_BYTES:
                    try:
                        body = read_text(root, relative)
                    except (ProjectFileError, OSError):
                        body = ""  # binary or unreadable: listed, nothing to find in it
                if before is not None:  # by rowid: a search by path would read the whole table
                    db.execute("DELETE FROM contents WHERE rowid = ?", (before[2],))
                document = db.execute(
                    "INSERT INTO contents (root, path, body) VALUES (?, ?, ?)",
                    (key, relative, body),
                ).lastrowid
                db.execute(
                    "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                    (key, relative, found.st_mtime_ns, found.st_size, document),
                )
                read += 1
            for gone in set(known) - seen:
                db.execute("DELETE FROM contents WHERE rowid = ?", (known[gone][2],))
                db.execute("DELETE FROM files WHERE root = ? AND path = ?", (key, gone))
        return read

    def search(self, root: Path, query: str, limit: int = 10) -> list[Hit]:
        """The files of `root` holding every word of `query`, best first, each with the first
        line that holds one of the words."""
        words = _WORD.findall(query)
        if not words:
            return []
        self.refresh(root)
        match = " ".join('"' + word.replace('"', "") + '"' for word in words)
        with self._connection() as db:
            rows = db.execute(
                "SELECT path, body FROM contents WHERE contents MATCH ? AND root = ? "
                "ORDER BY rank LIMIT ?",
                (match, str(root.resolve()), limit),
            ).fetchall()
        return [_hit(path, body, words) for path, body in rows]


def _hit(path: str, body: str, words: list[str]) -> Hit:
    wanted = [word.casefold() for word in words]
    for number, line in enumerate(body.splitlines(), 1):
        if any(word in line.casefold() for word in wanted):
            text = " ".join(line.split())
            return Hit(path, number, text[:SNIPPET_CHARS])
    return Hit(path, 1, "")
