"""The full-text index of project folders: SQLite FTS5 in the application's store (config
``project_index_path``, the session database), no embedding model.

Its tables are the plugin's own, named `project_index_*` beside the store's (the store never
reads them, and its `schema_version` is not theirs: `project_index_meta` says which layout they
have). The index is a cache of the folders: a layout other than this one's is dropped and the
folders read again. An index kept in a file of its own (the first versions; config
``project_index_legacy_path``) is moved into the store on first use, row by row, so nothing is
read again, and the file is removed.

The index follows the folder: before each search the folder is walked and every file whose
size or modification time changed is read again, new ones are added and removed ones dropped,
so a file added after the project was made is found by the next search. Changes are committed
every `FILES_PER_COMMIT` files: the store's own writes (a chat being saved) wait for one batch
at most, never for a whole first indexing.
"""

from __future__ import annotations

import contextlib
import logging
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

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS project_index_meta (version INTEGER NOT NULL)",
    """CREATE TABLE IF NOT EXISTS project_index_files (
        root TEXT NOT NULL, path TEXT NOT NULL, mtime_ns INTEGER NOT NULL, size INTEGER NOT NULL,
        document INTEGER NOT NULL,  -- the rowid of its text in `project_index_contents`
        PRIMARY KEY (root, path)
    )""",
    """CREATE VIRTUAL TABLE IF NOT EXISTS project_index_contents USING fts5(
        root UNINDEXED, path UNINDEXED, body, tokenize = 'unicode61'
    )""",
)
_DROP = (
    "DROP TABLE IF EXISTS project_index_files",
    "DROP TABLE IF EXISTS project_index_contents",
    "DELETE FROM project_index_meta",
)
SCHEMA_VERSION = 2
LEGACY_SCHEMA_VERSION = 2  # the separate file's layout (its user_version) moved row by row
FILES_PER_COMMIT = 200
SNIPPET_CHARS = 200
log = logging.getLogger(__name__)
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    snippet: str

    def citation(self) -> str:
        return f"{self.path}:{self.line}"


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


class ProjectIndex:
    """The index kept in the SQLite database at `path`; `legacy_path`: the file of its own a
    first version kept it in (moved into `path` on first use, then removed)."""

    def __init__(self, path: Path, legacy_path: Path | None = None) -> None:
        self.path = Path(path)
        self.legacy_path = Path(legacy_path) if legacy_path is not None else None

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit: each write is an explicit, short transaction (see FILES_PER_COMMIT).
        connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            with _transaction(connection):
                for statement in _SCHEMA:
                    connection.execute(statement)
                (version,) = connection.execute(
                    "SELECT max(version) FROM project_index_meta"
                ).fetchone()
                if version != SCHEMA_VERSION:
                    # A cache of the folders: another layout is read again, not migrated.
                    for statement in (*_DROP, *_SCHEMA):
                        connection.execute(statement)
                    connection.execute(
                        "INSERT INTO project_index_meta (version) VALUES (?)", (SCHEMA_VERSION,)
                    )
            if self.legacy_path is not None and self.legacy_path.is_file():
                self._move_in(connection, self.legacy_path)
            yield connection
        finally:
            connection.close()

    @staticmethod
    def _move_in(db: sqlite3.Connection, legacy: Path) -> None:
        """Move the index kept in the file `legacy` into this database, then remove the file.

        Its rows are copied as they are (the texts keep their rowids, which the files point
        to) when this index is still empty; an index of another layout, or one the store
        already holds, has nothing the next refresh would not read again."""
        try:
            db.execute("ATTACH DATABASE ? AS legacy", (f"{legacy.absolute().as_uri()}?mode=ro",))
            try:
                (version,) = db.execute("PRAGMA legacy.user_version").fetchone()
                tables = {
                    name
                    for (name,) in db.execute(
                        "SELECT name FROM legacy.sqlite_master WHERE type = 'table'"
                    )
                }
                with _transaction(db):
                    (held,) = db.execute("SELECT count(*) FROM project_index_files").fetchone()
                    if (
                        version == LEGACY_SCHEMA_VERSION
                        and {"files", "contents"} <= tables
                        and not held
                    ):
                        db.execute(
                            "INSERT INTO project_index_contents (rowid, root, path, body) "
                            "SELECT rowid, root, path, body FROM legacy.contents"
                        )
                        db.execute(
                            "INSERT INTO project_index_files "
                            "(root, path, mtime_ns, size, document) "
                            "SELECT root, path, mtime_ns, size, document FROM legacy.files"
                        )
            finally:
                db.execute("DETACH DATABASE legacy")
        except sqlite3.DatabaseError as error:
            # Damaged, or not SQLite: a cache holding nothing the folders do not.
            log.warning("The old project index %s cannot be read (%s)", legacy, error)
        for leftover in ("", "-journal", "-wal", "-shm"):
            Path(f"{legacy}{leftover}").unlink(missing_ok=True)

    def refresh(self, root: Path) -> int:
        """Bring the index of `root` up to date; returns how many files were (re)read."""
        key = str(root.resolve())
        with self._connection() as db:
            known = {
                path: (mtime, size, document)
                for path, mtime, size, document in db.execute(
                    "SELECT path, mtime_ns, size, document FROM project_index_files WHERE root = ?",
                    (key,),
                )
            }
            seen: set[str] = set()
            batch: list[tuple[str, int, int, str]] = []
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
                batch.append((relative, found.st_mtime_ns, found.st_size, body))
                read += 1
                if len(batch) == FILES_PER_COMMIT:
                    _store(db, key, batch, known)
                    batch = []
            if batch:
                _store(db, key, batch, known)
            gone = set(known) - seen
            if gone:
                with _transaction(db):
                    for path in gone:
                        db.execute(
                            "DELETE FROM project_index_contents WHERE rowid = ?", (known[path][2],)
                        )
                        db.execute(
                            "DELETE FROM project_index_files WHERE root = ? AND path = ?",
                            (key, path),
                        )
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
                "SELECT path, body FROM project_index_contents "
                "WHERE project_index_contents MATCH ? AND root = ? "
                "ORDER BY rank LIMIT ?",
                (match, str(root.resolve()), limit),
            ).fetchall()
        return [_hit(path, body, words) for path, body in rows]


def _store(
    db: sqlite3.Connection,
    root: str,
    batch: list[tuple[str, int, int, str]],
    known: dict[str, tuple[int, int, int]],
) -> None:
    """Keep the texts of `batch` (path, mtime, size, text) of the files of `root`, in place of
    the texts `known` held for them, in one transaction."""
    with _transaction(db):
        for path, mtime_ns, size, body in batch:
            before = known.get(path)
            if before is not None:  # by rowid: a search by path would read the whole table
                db.execute("DELETE FROM project_index_contents WHERE rowid = ?", (before[2],))
            document = db.execute(
                "INSERT INTO project_index_contents (root, path, body) VALUES (?, ?, ?)",
                (root, path, body),
            ).lastrowid
            db.execute(
                "INSERT OR REPLACE INTO project_index_files VALUES (?, ?, ?, ?, ?)",
                (root, path, mtime_ns, size, document),
            )


def _hit(path: str, body: str, words: list[str]) -> Hit:
    wanted = [word.casefold() for word in words]
    for number, line in enumerate(body.splitlines(), 1):
        if any(word in line.casefold() for word in wanted):
            text = " ".join(line.split())
            return Hit(path, number, text[:SNIPPET_CHARS])
    return Hit(path, 1, "")
