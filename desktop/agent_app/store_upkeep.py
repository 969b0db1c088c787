"""The session database's upkeep, off the writing path: checkpointing the write-ahead log and
merging the search indexes' segments on a thread of its own, with a connection of its own.

Left to SQLite, both happen inside a commit: every thousand WAL pages a commit copies the log
into the database file (tens of milliseconds in a big chat), and every few flushes of new words
FTS5's automerge rewrites index segments (a few hundred pages in a 50,000-message chat). An
answer saved at that moment waited for it. So the writing connection turns both off
(`wal_autocheckpoint = 0`, each index's `automerge = 0`) and `StoreUpkeep` does them instead:

- a PASSIVE checkpoint once the writes have paused for `IDLE_SECONDS`, or while writes go on
  when the log has grown past `LOG_LIMIT_BYTES` (a PASSIVE checkpoint never waits for a reader
  or holds up a writer); the log starts over at the first write after a pause, or, when the
  writes never pause, once it holds more than `LOG_HARD_LIMIT_BYTES` (see `_checkpoint`);
- indexing for search the short messages appended meanwhile (the store leaves them queued, see
  store.py), then merging the indexes' segments, a small step at a time, only while the writes
  stay paused, each step holding the store's write lock (a step is a write: the lock makes a save
  wait for at most one step, on a lock that wakes it at once, not on SQLite's busy timeout that
  polls).

Nothing here changes what is stored, so crash safety is SQLite's as before: a checkpoint or a
merge cut short by a crash is redone or rolled back from the log on the next open. FTS5's
`crisismerge` stays on, raised (`INDEX_SETTINGS`), which bounds the index's segments even when
the upkeep cannot keep up.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

IDLE_SECONDS = 0.5
LOG_LIMIT_BYTES = 4 * 1024 * 1024  # SQLite's own auto-checkpoint: 1,000 pages of 4 KiB
LOG_HARD_LIMIT_BYTES = 64 * 1024 * 1024
FINISH_LOCKED_FRAMES = 256  # 1 MiB of 4 KiB pages: copied in a few milliseconds
CATCH_UP_PASSES = 8  # each copies what was written during the last: a few suffice
LOG_CHECK_SECONDS = 0.25  # how often a log is measured while the writes go on
INDEX_SETTINGS = {
    # Merges are the upkeep's, never a commit's...
    "automerge": 0,
    # ...but for FTS5's "crisis merge": a commit merges every segment of a level of the index
    # at once when the level holds this many (which keeps the index under FTS5's limit of
    # 2,000 segments when nothing else merges). At FTS5's default of 16, a long chat's older,
    # big segments were merged that way too: after some 240 answers with no pause, one
    # answer's commit rewrote the level holding a 50,000-message chat's index (0.5-1 s). At
    # 128 a commit merges only the newest answers' one-answer segments (a few milliseconds),
    # and only when 128 answers came with no pause for the upkeep to merge them.
    "crisismerge": 128,
    # The upkeep's merges take a level of two segments or more (FTS5's default: four), so that
    # once they are done no level holds more than one: a chat saved whole leaves no big
    # segments beside the answers' small ones for a crisis merge to take along.
    "usermerge": 2,
}
# One step writes about this many pages: 3-6 ms of CPU in a 50,000-message chat's index (64
# pages took 8-16 ms), which a save coming meanwhile waits for.
MERGE_STEP_PAGES = 16
MERGE_PAUSE_SECONDS = 0.002  # between the steps of merging while the writes are paused


class StoreUpkeep:
    """Checkpoints and index merges for the database at `path`, on a daemon thread.

    `write_lock` is the lock the store's writes hold; `indexes` are the FTS5 tables whose
    segments are merged; `index_step` indexes some of the messages queued for search inside the
    transaction open on the connection it is given, True when none is left. Call `wrote()`
    after each write and `close()` before the store closes its own connection."""

    def __init__(
        self,
        path: Path,
        write_lock: Any,
        indexes: Sequence[str],
        *,
        connect: Callable[[Path], sqlite3.Connection],
        index_step: Callable[[sqlite3.Connection], bool] | None = None,
    ) -> None:
        self._path = path
        self._log = Path(f"{path}-wal")
        self._write_lock = write_lock
        self._indexes = tuple(indexes)
        self._connect = connect
        self._index_step = index_step
        self._idle_seconds = IDLE_SECONDS
        self._log_limit_bytes = LOG_LIMIT_BYTES
        self._last_write = time.monotonic()
        self._pending = threading.Event()  # a write happened since the last upkeep
        self._stopping = threading.Event()
        self.checkpoints = 0
        """How many checkpoints ran (for tests and benchmarks)."""
        self.merge_steps = 0
        """How many index merge steps wrote something."""
        self.index_steps = 0
        """How many steps indexed queued messages for search."""
        # Started by the first write: a store only read (or a first run's idle window) keeps
        # neither a thread nor a second connection.
        self._thread: threading.Thread | None = None

    def wrote(self) -> None:
        """A write was committed: the log grew and the indexes may have a new segment."""
        self._last_write = time.monotonic()
        self._pending.set()
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="session-store-upkeep", daemon=True
            )
            self._thread.start()

    def close(self) -> None:
        """Stop the thread, letting a step under way finish (the store closes after it). Not
        with the write lock held: a merge step may be waiting for it."""
        self._stopping.set()
        self._pending.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        connection: sqlite3.Connection | None = None
        try:
            connection = self._connect(self._path)
            while not self._stopping.is_set():
                self._pending.wait()
                if self._stopping.is_set():
                    return
                if not self._wait_until_idle(connection):
                    continue
                self._pending.clear()
                self._index_while_idle(connection)
                self._checkpoint(connection)
                self._merge_while_idle(connection)
        except sqlite3.Error as error:
            # Upkeep is an optimisation: without it SQLite still works, the log just grows
            # until the store's close() checkpoints it.
            logger.warning("Upkeep of the session database %s stopped: %s", self._path, error)
        finally:
            if connection is not None:
                connection.close()

    def _wait_until_idle(self, connection: sqlite3.Connection) -> bool:
        """Wait until no write came for `idle_seconds`; meanwhile checkpoint a log grown past
        its limit. False when stopping. (No merges meanwhile: each step would hold up a save
        coming then, and at most one in `crisismerge` saves merges the newest segments.)"""
        while True:
            quiet_left = self._last_write + self._idle_seconds - time.monotonic()
            if quiet_left <= 0:
                return True
            if self._stopping.wait(min(quiet_left, LOG_CHECK_SECONDS)):
                return False
            if self._log_size() > self._log_limit_bytes:
                self._checkpoint(connection)

    def _log_size(self) -> int:
        try:
            return os.stat(self._log).st_size
        except FileNotFoundError:
            return 0

    def _checkpoint(self, connection: sqlite3.Connection) -> None:
        """Copy the log into the database file while writes go on.

        The log starts over only when every frame in it was copied, which a copy made while
        writes go on never is; so once the log holds more than `LOG_HARD_LIMIT_BYTES` without
        a pause in the writes, copies go on until few frames are left (at most
        `FINISH_LOCKED_FRAMES`), and the last copy, of those and of the frames written during
        the copy before, is made with the write lock held: a save waits for that one short
        copy, never for the whole log. (A copy's answer counts the frames it found at its
        start: "all of them" may leave the frames written meanwhile.)"""
        log_frames, copied = self._copy_log(connection)
        if log_frames * self._page_size(connection) <= LOG_HARD_LIMIT_BYTES:
            return
        for _ in range(CATCH_UP_PASSES):
            if log_frames - copied <= FINISH_LOCKED_FRAMES:
                with self._write_lock:
                    self._copy_log(connection)
                return
            log_frames, copied = self._copy_log(connection)
        # A reader still on an old snapshot keeps the copies from catching up: the next round
        # tries again rather than holding the writes up for it.

    def _copy_log(self, connection: sqlite3.Connection) -> tuple[int, int]:
        """One PASSIVE checkpoint (it never waits for a writer or a reader): the log's frames
        and how many of them are in the file now."""
        _busy, log_frames, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self.checkpoints += 1
        return log_frames, copied

    @staticmethod
    def _page_size(connection: sqlite3.Connection) -> int:
        return int(connection.execute("PRAGMA page_size").fetchone()[0])

    def _index_while_idle(self, connection: sqlite3.Connection) -> None:
        """Index the messages queued for search a step at a time, each in a transaction of its
        own holding the write lock, giving up as soon as a write comes (it, or the next pause,
        goes on with the rest)."""
        if self._index_step is None:
            return
        while not self._stopping.is_set() and not self._pending.is_set():
            with self._write_lock:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    done = self._index_step(connection)
                    connection.execute("COMMIT")
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
            self.index_steps += 1
            if done:
                return
            self._stopping.wait(MERGE_PAUSE_SECONDS)  # lets a waiting save in first

    def _merge_while_idle(self, connection: sqlite3.Connection) -> None:
        """Merge each index's segments a step at a time until it has nothing left to merge,
        giving up as soon as a write comes (the next pause resumes)."""
        steps_before = self.merge_steps
        for index in self._indexes:
            while not self._stopping.is_set() and not self._pending.is_set():
                if not self._merge_step(connection, index):
                    break
                # The lock is not fair: taken again at once, it would keep a save or a read
                # that waits for it waiting step after step. A moment off lets it in first.
                self._stopping.wait(MERGE_PAUSE_SECONDS)
        if self.merge_steps > steps_before:  # the merges went to the log: fold them in too
            self._checkpoint(connection)

    def _merge_step(self, connection: sqlite3.Connection, index: str) -> bool:
        """Merge about `MERGE_STEP_PAGES` pages of `index`'s segments, holding the writes for
        that long; whether there was anything to merge."""
        with self._write_lock:
            before = connection.total_changes
            connection.execute(
                f"INSERT INTO {index}({index}, rank) VALUES ('merge', ?)", (MERGE_STEP_PAGES,)
            )
            # FTS5's own test for work left: a step that merged nothing changes < 2 rows.
            if connection.total_changes - before < 2:
                return False
        self.merge_steps += 1
        return True
