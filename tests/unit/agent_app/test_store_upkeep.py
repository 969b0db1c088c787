"""The session database's upkeep (store_upkeep.py): checkpoints and search-index merges run on
their own thread, not inside the commits that save answers; on real database files."""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from agent_app import store as store_module
from agent_app import store_upkeep
from agent_app.store import SessionStore
from agent_core import Message, Session

IDLE_SECONDS = 0.1


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(store_upkeep, "IDLE_SECONDS", IDLE_SECONDS)
    opened = SessionStore(tmp_path / "sessions.sqlite3")
    opened.save_session(Session("s1", [Message("user", "hello")], {"title": "Upkeep"}))
    yield opened
    opened.close()


def messages_in_the_file_alone(path: Path) -> int:
    """The messages the database file holds without its write-ahead log: what a checkpoint
    has copied there (none while even the tables are only in the log, or while a checkpoint
    is writing the file)."""
    connection = sqlite3.connect(f"{path.absolute().as_uri()}?immutable=1", uri=True)
    try:
        return connection.execute("SELECT count(*) FROM messages").fetchone()[0]
    except sqlite3.DatabaseError:
        return 0
    finally:
        connection.close()


def wait_for(condition, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def index_segments(path: Path, index: str = "message_search") -> int:
    """Rows of the index's segment table: one per leaf-page range of each segment, so merging
    segments into fewer makes it shrink."""
    connection = sqlite3.connect(path)
    try:
        return connection.execute(f"SELECT count(*) FROM {index}_idx").fetchone()[0]
    finally:
        connection.close()


def test_commits_neither_checkpoint_nor_merge_the_index_themselves(store):
    connection = store._connection
    assert connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    for index in ("message_search", "title_search"):
        setting = connection.execute(f"SELECT v FROM {index}_config WHERE k = 'automerge'")
        assert setting.fetchone()[0] == 0
        # A commit's crisis merge waits for many more segments than FTS5's 16, and the upkeep
        # merges any level of two (see INDEX_SETTINGS).
        setting = connection.execute(f"SELECT v FROM {index}_config WHERE k = 'crisismerge'")
        assert setting.fetchone()[0] == 128
        setting = connection.execute(f"SELECT v FROM {index}_config WHERE k = 'usermerge'")
        assert setting.fetchone()[0] == 2


def test_once_writes_pause_the_log_is_folded_into_the_file(store):
    for number in range(20):
        store.append_message("s1", {"role": "assistant", "content": f"answer {number}"})

    # No commit copied the log into the file; the upkeep does once the writes pause.
    assert wait_for(lambda: messages_in_the_file_alone(store.path) == 21)


def test_a_log_past_its_limit_is_folded_in_while_the_writes_go_on(tmp_path, monkeypatch):
    monkeypatch.setattr(store_upkeep, "IDLE_SECONDS", 60.0)  # the writes never pause that long
    monkeypatch.setattr(store_upkeep, "LOG_LIMIT_BYTES", 256 * 1024)
    monkeypatch.setattr(store_upkeep, "LOG_HARD_LIMIT_BYTES", 3 * 1024 * 1024)
    store = SessionStore(tmp_path / "sessions.sqlite3")
    log = Path(f"{store.path}-wal")
    try:
        store.save_session(Session("s1", [Message("user", "hello")], {"title": "Busy"}))
        largest_log = 0
        for number in range(1500):
            store.append_message("s1", {"role": "assistant", "content": f"words{number} " * 150})
            largest_log = max(largest_log, log.stat().st_size)
            time.sleep(0.002)  # the upkeep thread gets its turn on a busy machine
        # Never folded in, the log would hold all of it (about 30 MB); SQLite's own checkpoint
        # is off, so only the upkeep keeps it in bounds.
        assert largest_log < 10 * 1024 * 1024
    finally:
        store.close()


def test_the_index_segments_are_merged_once_writes_pause(store, monkeypatch):
    # Answers too long to wait for the upkeep's indexing are indexed in their own commits.
    monkeypatch.setattr(store_module, "SHORT_MESSAGE_CHARS", 0)
    for number in range(300):
        store.append_message("s1", {"role": "assistant", "content": f"word{number} common text"})
    # Written one commit at a time, each answer made its own small segments (no automerge).
    unmerged = index_segments(store.path)
    assert wait_for(lambda: index_segments(store.path) < unmerged / 2)
    # Every answer can still be found.
    assert store.search_sessions("word299")[0]["session_id"] == "s1"
    assert indexed_matches(store.path, "common") == 300


def queued_for_index(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT count(*) FROM messages_to_index").fetchone()[0]
    finally:
        connection.close()


def indexed_matches(path: Path, word: str) -> int:
    """How many pieces of the search index hold `word`, read on a connection of its own."""
    connection = sqlite3.connect(path)
    try:
        return connection.execute(
            "SELECT count(*) FROM message_search WHERE message_search MATCH ?", (word,)
        ).fetchone()[0]
    finally:
        connection.close()


def test_short_answers_are_indexed_for_search_once_writes_pause(store):
    """A short answer's commit leaves its text queued for the search index; the upkeep indexes
    the queue once the writes pause, in one step, with no search asking for it."""
    for number in range(40):
        store.append_message("s1", {"role": "assistant", "content": f"word{number} common text"})
    assert queued_for_index(store.path) == 40
    assert wait_for(lambda: queued_for_index(store.path) == 0)
    assert store._upkeep is not None
    assert store._upkeep.index_steps >= 1
    assert indexed_matches(store.path, "common") == 40


def settled(upkeep: store_upkeep.StoreUpkeep) -> bool:
    """Whether the upkeep did no checkpoint or merge step for a while (10 idle times)."""
    seen = (upkeep.checkpoints, upkeep.merge_steps)
    time.sleep(10 * IDLE_SECONDS)
    return seen == (upkeep.checkpoints, upkeep.merge_steps)


def test_answers_in_a_row_never_merge_a_long_chats_index_in_their_commits(
    tmp_path, monkeypatch, request
):
    """A commit still merges a level of the index once it holds `crisismerge` segments, every
    segment of it. A chat saved whole left its big segments on the answers' level (the
    upkeep merged only levels of four or more), and a dozen answers later a crisis merge took
    them along inside one answer's commit; now it takes only the newest answers' small ones."""
    monkeypatch.setattr(store_upkeep, "IDLE_SECONDS", IDLE_SECONDS)
    # Answers too long to wait for the upkeep's indexing are indexed in their own commits.
    monkeypatch.setattr(store_module, "SHORT_MESSAGE_CHARS", 0)
    words = [f"w{number}" for number in range(2000)]
    generator = random.Random(5)
    messages = [Message("user", " ".join(generator.choices(words, k=60))) for _ in range(3000)]
    store = SessionStore(tmp_path / "sessions.sqlite3")
    request.addfinalizer(store.close)
    store.save_session(Session("long", messages, {"title": "Long"}))
    upkeep = store._upkeep
    assert upkeep is not None
    # The writes paused: the upkeep does what it does then, until it has nothing left to do.
    assert wait_for(lambda: settled(upkeep), seconds=60)
    upkeep._idle_seconds = 60.0  # from here the writes never pause that long
    connection = store._connection
    rows_written = []
    for number in range(1000):
        before = connection.total_changes
        store.append_message("long", {"role": "assistant", "content": f"answer{number} w1 w2"})
        rows_written.append(connection.total_changes - before)
    # An answer writes a dozen rows or so, and a crisis merge of 128 answers' segments some
    # 270; merging the chat's index would write over a thousand.
    assert max(rows_written) < 400, [(i, r) for i, r in enumerate(rows_written) if r > 20]


def _upkeep_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name == "session-store-upkeep"}


def test_closing_stops_the_upkeep_and_folds_in_the_log(tmp_path):
    # Stores other tests of this process left open keep theirs: only this store's is asked about.
    running_before = _upkeep_threads()
    store = SessionStore(tmp_path / "sessions.sqlite3")
    store.save_session(Session("s1", [Message("user", "hello")], {"title": "Closing"}))
    store.append_message("s1", {"role": "assistant", "content": "saved just before closing"})

    store.close()

    assert messages_in_the_file_alone(store.path) == 2
    assert not _upkeep_threads() - running_before


class WatchedConnection:
    """The upkeep's connection, noting for each checkpoint whether the store's writes were held
    up for it (the upkeep thread holding their lock)."""

    def __init__(self, connection: sqlite3.Connection, write_lock) -> None:
        self._connection = connection
        self._write_lock = write_lock
        self.checkpoints_holding_the_writes: list[bool] = []

    def execute(self, sql: str, *parameters):
        if "wal_checkpoint" in sql:
            self.checkpoints_holding_the_writes.append(self._write_lock._is_owned())
        return self._connection.execute(sql, *parameters)

    @property
    def total_changes(self) -> int:
        return self._connection.total_changes

    def close(self) -> None:
        self._connection.close()


def test_a_log_file_once_grown_big_does_not_hold_up_the_writes(tmp_path, monkeypatch):
    """The log file keeps the size it once grew to after the log starts over; it was taken for
    the log's content, so after one big save every checkpoint held up the saves for its whole
    copy (up to a second after a 50,000-message chat was saved)."""
    monkeypatch.setattr(store_upkeep, "IDLE_SECONDS", IDLE_SECONDS)
    monkeypatch.setattr(store_upkeep, "LOG_HARD_LIMIT_BYTES", 3 * 1024 * 1024)
    store = SessionStore(tmp_path / "sessions.sqlite3")
    upkeep = store._upkeep
    assert upkeep is not None
    watched: list[WatchedConnection] = []

    def connect(path: Path) -> WatchedConnection:
        watched.append(WatchedConnection(SessionStore._connect(path), store._lock))
        return watched[-1]

    upkeep._connect = connect  # type: ignore[assignment]  # before the first write starts it
    try:
        messages = [Message("user", f"words{number} " * 400) for number in range(400)]
        store.save_session(Session("s1", messages, {"title": "Big"}))
        assert wait_for(lambda: messages_in_the_file_alone(store.path) == 400)
        assert Path(f"{store.path}-wal").stat().st_size > 4 * 1024 * 1024
        connection = watched[0]
        # That log was past the limit: its last few frames were copied holding the writes.
        assert wait_for(lambda: any(connection.checkpoints_holding_the_writes))
        connection.checkpoints_holding_the_writes.clear()

        for number in range(20):
            store.append_message("s1", {"role": "assistant", "content": f"answer {number}"})
        assert wait_for(lambda: messages_in_the_file_alone(store.path) == 420)

        # The log held 20 small answers (and the index merges), below the limit: copied beside
        # the writes.
        assert connection.checkpoints_holding_the_writes
        assert not any(connection.checkpoints_holding_the_writes)
    finally:
        store.close()
