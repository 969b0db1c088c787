"""The SQLite session store, on real database files in tmp_path."""

from __future__ import annotations

import hashlib
import json
import resource
import signal
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import agent_core.types
from agent_app import store as store_module
from agent_app.secrets import remember_secret_value
from agent_app.store import (
    CHUNK_BITS,
    MIGRATIONS,
    SEARCH_CHUNK_CHARS,
    SessionNotFoundError,
    SessionStore,
    StoreConflictError,
    StoreReadOnlyError,
    StoreWriteError,
    plain_preview,
)
from agent_core import Message, Session


def make_session(session_id: str = "s1", count: int = 3, title: str = "") -> Session:
    messages = [
        Message(role="user" if index % 2 == 0 else "assistant", content=f"message number {index}")
        for index in range(count)
    ]
    return Session(session_id, messages, {"title": title, "agent_id": "default", "pinned": True})


@pytest.fixture
def store(tmp_path):
    opened = SessionStore(tmp_path / "sessions.sqlite3")
    yield opened
    opened.close()


def raw(path, sql, parameters=()):
    connection = sqlite3.connect(path)
    try:
        with connection:
            return connection.execute(sql, parameters).fetchall()
    finally:
        connection.close()


def test_database_uses_wal_foreign_keys_and_a_schema_version(store):
    assert store.schema_version == MIGRATIONS[-1][0]
    assert raw(store.path, "PRAGMA journal_mode")[0][0] == "wal"
    assert store._connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_closing_folds_the_write_ahead_log_into_the_file(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session(count=50))
    store.close()
    wal = Path(f"{path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    assert raw(path, "SELECT count(*) FROM messages")[0][0] == 50


def test_session_round_trip_keeps_order_and_metadata(store):
    session = make_session(count=5, title="Plans")
    store.save_session(session)
    loaded = store.load_session("s1")
    assert loaded.messages == session.messages
    assert loaded.metadata == {"title": "Plans", "agent_id": "default", "pinned": True}
    rows = raw(store.path, "SELECT position, role FROM messages ORDER BY id")
    assert rows == [(0, "user"), (1, "assistant"), (2, "user"), (3, "assistant"), (4, "user")]


def test_saving_again_rewrites_only_changed_rows_and_drops_removed_ones(store):
    store.save_session(make_session(count=4))
    ids_before = raw(store.path, "SELECT position, id FROM messages ORDER BY position")
    edited = Session("s1", [*make_session(count=2).messages[:1], Message("assistant", "changed")])
    store.save_session(Session("s1", edited.messages, {"title": "", "agent_id": "default"}))
    loaded = store.load_session("s1")
    assert [message.content for message in loaded.messages] == ["message number 0", "changed"]
    ids_after = raw(store.path, "SELECT position, id FROM messages ORDER BY position")
    assert ids_after == ids_before[:2]


def test_paging_loads_the_newest_messages_and_saving_keeps_older_ones(store):
    store.save_session(make_session(count=10))
    page = store.load_session("s1", limit=3)
    assert [message.content for message in page.messages] == [
        "message number 7",
        "message number 8",
        "message number 9",
    ]
    assert page.metadata["message_offset"] == 7
    grown = Session("s1", [*page.messages, Message("user", "new one")], page.metadata)
    store.save_session(grown)
    full = store.load_session("s1")
    assert len(full.messages) == 11
    assert full.messages[0].content == "message number 0"
    assert full.messages[10].content == "new one"
    assert [m.content for m in store.load_messages("s1", 2, 4)] == [
        "message number 2",
        "message number 3",
    ]
    assert "message_offset" not in full.metadata


def test_the_largest_message_size_is_known_without_reading_the_messages(store):
    giant = "x" * 300_000
    messages = [Message("user", "hi"), Message("assistant", giant), Message("user", "ok")]
    store.save_session(Session("s1", messages, {}))
    store.save_session(make_session("s2"))
    assert 300_000 < store.largest_message_bytes("s1") < 300_100  # its stored JSON
    assert store.largest_message_bytes("s1", newest=1) < 100  # only the last message
    assert store.largest_message_bytes("s2") < 100
    assert store.largest_message_bytes("nothing-here") == 0


def test_a_giant_text_is_taken_out_of_its_json_by_sqlite_and_reads_back_exactly(store, monkeypatch):
    import agent_app.store as store_module

    line = 'Zürich "quoted" \\ back\\slash \t tab 😀 \u2028 and code = {"k": [1, 2]}\n'
    giant = line * (1_200_000 // len(line))
    metadata = {"reasoning": "thought about it", "usage": {"tokens": 12}}
    messages = [Message("user", "all of it"), Message("assistant", giant, metadata)]
    store.save_session(Session("s1", messages, {}))
    parsed: list[int] = []
    real_loads = store_module.json.loads

    def watched_loads(text, *args, **kwargs):
        parsed.append(len(text))
        return real_loads(text, *args, **kwargs)

    monkeypatch.setattr(store_module.json, "loads", watched_loads)
    loaded = store.load_session("s1")
    assert loaded.messages == messages
    assert store.load_session("s1", limit=1).messages == messages[1:]
    assert store.load_messages("s1", 1, 2) == messages[1:]
    assert max(parsed) < 1000  # the text itself never went through json.loads


def test_a_giant_text_is_encoded_in_slices_exactly_as_a_whole(store, monkeypatch):
    import agent_app.store as store_module

    line = 'Zürich "quoted" \\ back\\slash \t tab 😀 \u2028 \x00 and code = {"k": [1, 2]}\n'
    giant = line * (700_000 // len(line)) + "\ud83d alone"
    message = {
        "role": "assistant",
        "content": giant,
        "metadata": {"content": "", "nested": {"content": giant[:50]}, "usage": {"tokens": 3}},
    }
    whole = json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    encoded: list[int] = []
    real_dumps = store_module.json.dumps

    def watched_dumps(value, *args, **kwargs):
        encoded.append(len(value) if isinstance(value, str) else 0)
        return real_dumps(value, *args, **kwargs)

    monkeypatch.setattr(store_module.json, "dumps", watched_dumps)
    assert store_module._encode_json(message, "The message") == whole
    # No single call encoded the text whole: the interpreter lock changes hands between slices.
    assert max(encoded) <= store_module.ENCODE_SLICE_CHARACTERS < len(giant)
    monkeypatch.undo()
    store.create_session("s1")
    store.save_draft("s1", {**message, "content": giant[:-12]})
    assert store.load_draft("s1") == {**message, "content": giant[:-12]}
    store.append_message("s1", {**message, "content": giant[:-12]})
    assert store.load_session("s1").messages[0].content == giant[:-12]


def test_append_commits_at_once_and_drafts_checkpoint(store):
    store.create_session("s1", title="t")
    assert store.append_message("s1", {"role": "user", "content": "hi"}) == 0
    assert store.append_message("s1", {"role": "assistant", "content": "yo"}) == 1
    # A second connection sees the commit immediately.
    assert raw(store.path, "SELECT count(*) FROM messages")[0][0] == 2
    store.save_draft("s1", {"role": "assistant", "content": "partial so"})
    store.save_draft("s1", {"role": "assistant", "content": "partial so far"})
    assert store.load_draft("s1") == {"role": "assistant", "content": "partial so far"}
    store.clear_draft("s1")
    assert store.load_draft("s1") is None
    with pytest.raises(SessionNotFoundError, match="no conversation with id 'nope'"):
        store.append_message("nope", {"role": "user", "content": "x"})
    with pytest.raises(StoreWriteError, match="not a valid message"):
        store.append_message("s1", {"role": "user", "content": "x", "metadata": 5})
    with pytest.raises(StoreWriteError, match="not a valid message"):
        store.append_message("s1", {"content": "no role"})
    assert store.message_count("s1") == 2


def test_a_short_appended_message_is_found_though_its_commit_indexed_nothing(store, tmp_path):
    """The commit of a short message (a tool call, its result, an answer) writes no search
    index: its text waits in the queue, in the same transaction. A search indexes the queue
    before it looks, and so does the next start after a crash (no close)."""
    store.create_session("s1", title="t")
    statements: list[str] = []
    for connection in (store._connection, store._short_append_connection()):
        connection.set_trace_callback(statements.append)
    store.append_message("s1", {"role": "tool", "content": "Result: quokka"})
    store.append_message("s1", {"role": "assistant", "content": "done " + "word " * 10_000})
    assert any("INSERT INTO messages" in statement for statement in statements)
    assert not any("message_search" in statement for statement in statements)
    assert [item["message_index"] for item in store.search_sessions("quokka")] == [0]
    assert [item["session_id"] for item in store.list_sessions(query="done")] == ["s1"]

    store.append_message("s1", {"role": "tool", "content": "Result: wombat"})
    after_a_crash = SessionStore(tmp_path / "sessions.sqlite3")  # the first was never closed
    try:
        assert [item["message_index"] for item in after_a_crash.search_sessions("wombat")] == [2]
    finally:
        after_a_crash.close()


def test_a_chat_saved_whole_rewrites_a_short_message_still_queued_for_search(store):
    """A short message waits in the search queue after its append; saving the chat whole with
    that message changed (a version switch, an edit) queues it again inside an upsert, whose
    conflict policy overrides the queue's OR IGNORE: the save failed with a duplicate key."""
    store.create_session("s1", title="t")
    store.append_message("s1", {"role": "user", "content": "Capital of France?"})
    store.append_message("s1", {"role": "assistant", "content": "Paris."})
    session = store.load_session("s1")
    changed = [Message("user", "Second city of France?"), Message("assistant", "Lyon is second.")]
    store.save_session(Session("s1", changed, session.metadata))
    assert [item["message_index"] for item in store.search_sessions("Lyon")] == [1]
    assert store.search_sessions("Paris") == []


def test_a_long_appended_message_is_indexed_in_its_own_commit(store):
    """Indexing a long text is most of its save, done on the saving thread as before, not
    left for a search or the upkeep (which would hold the writes for that long)."""
    store.create_session("s1", title="t")
    statements: list[str] = []
    store._connection.set_trace_callback(statements.append)
    store.append_message("s1", {"role": "assistant", "content": "numbat " * 20_000})
    store._connection.set_trace_callback(None)
    assert any("INSERT INTO message_search" in statement for statement in statements)
    assert raw(store.path, "SELECT count(*) FROM messages_to_index")[0][0] == 0


def test_only_short_messages_are_appended_where_statements_stay_prepared(store):
    """Short messages (a tool round's) are appended on a connection that keeps its statements
    prepared, instead of parsing each anew every commit; a long one is written where nothing
    it bound stays in memory after it (the connection without a statement cache)."""
    store.create_session("s1", title="t")
    on_short: list[str] = []
    on_main: list[str] = []
    store._short_append_connection().set_trace_callback(on_short.append)
    store._connection.set_trace_callback(on_main.append)
    store.append_message("s1", {"role": "tool", "content": "Result: 4"})
    store.append_message("s1", {"role": "assistant", "content": "numbat " * 20_000})
    assert [text for text in on_short if text.startswith("INSERT INTO messages")] != []
    assert [text for text in on_main if text.startswith("INSERT INTO messages")] != []
    assert "Result: 4" in " ".join(on_short)
    assert "numbat" not in " ".join(on_short)
    assert store.load_session("s1").messages[0].content == "Result: 4"
    store.close()
    assert store._short_appends is None


def test_values_that_are_not_json_are_refused_without_changes(store):
    store.save_session(make_session())
    bad = Session("s1", [Message("user", b"bytes are not json")], {"title": ""})
    with pytest.raises(StoreWriteError, match="not plain JSON"):
        store.save_session(bad)
    assert len(store.load_session("s1").messages) == 3


def test_listing_is_newest_first_with_titles_previews_and_counts(store):
    store.save_session(make_session("old", 2, title="Old one"))
    store.save_session(make_session("new", 3))
    listing = store.list_sessions()
    assert [item["session_id"] for item in listing] == ["new", "old"]
    assert listing[0]["title"] == "message number 0"  # untitled: first user message
    assert listing[0]["preview"] == "message number 2"
    assert listing[0]["message_count"] == 3
    assert set(listing[0]) == {
        "session_id",
        "title",
        "agent_id",
        "created_at",
        "updated_at",
        "message_count",
        "preview",
        "flagged",
    }
    assert [item["session_id"] for item in store.list_sessions(limit=1, offset=1)] == ["old"]
    assert [item["session_id"] for item in store.list_sessions(query="old one")] == ["old"]


def test_listing_a_giant_message_reads_its_start_from_the_search_index(store):
    # The start of a 5 MB text comes from its first indexed piece, not the whole text; an
    # edited message's start follows the edit, an empty one has none.
    question = "Please **write** " + "the module " * 300_000
    answer = "Here it is:\n" + "x = 1\n" * 800_000
    store.save_session(Session("g", [Message("user", question), Message("assistant", answer)], {}))
    [listed] = store.list_sessions()
    assert listed["title"] == question[:80]
    assert listed["preview"].startswith("Here it is: x = 1 x = 1")
    assert len(listed["preview"]) < 200
    store.save_session(
        Session("g", [Message("user", question), Message("assistant", "Short now.")], {})
    )
    assert store.list_sessions()[0]["preview"] == "Short now."
    store.save_session(Session("g", [Message("user", question), Message("assistant", "")], {}))
    assert store.list_sessions()[0]["preview"] == ""


def test_listed_message_counts_follow_appends_shorter_saves_and_recovered_drafts(store):
    store.save_session(make_session("s", 5))
    assert store.list_sessions()[0]["message_count"] == 5
    store.append_message("s", {"role": "assistant", "content": "six"})
    assert store.list_sessions()[0]["message_count"] == 6
    store.save_session(make_session("s", 2))  # messages deleted
    assert store.list_sessions()[0]["message_count"] == 2
    store.save_draft("s", {"role": "assistant", "content": "cut off"})
    store.recover_drafts()
    assert store.list_sessions()[0]["message_count"] == 3 == store.message_count("s")
    store.create_session("empty")
    assert {item["session_id"]: item["message_count"] for item in store.list_sessions()} == {
        "s": 3,
        "empty": 0,
    }


def test_search_finds_words_in_messages_and_titles_with_snippets(store):
    store.save_session(
        Session("a", [Message("user", "How do I bake sourdough bread at home?")], {"title": ""})
    )
    store.save_session(Session("b", [Message("user", "Tax forms")], {"title": "Bread budget"}))
    store.save_session(Session("c", [Message("user", "Nothing relevant")], {"title": ""}))
    results = {item["session_id"]: item for item in store.search_sessions("bread")}
    assert set(results) == {"a", "b"}
    assert results["a"]["snippet"] == "How do I bake sourdough bread at home?"
    assert [results["a"]["snippet"][start:end] for start, end in results["a"]["highlights"]] == [
        "bread"
    ]
    assert results["a"]["message_index"] == 0
    assert results["a"]["role"] == "user"
    assert results["b"]["snippet"] == "Bread budget"
    assert results["b"]["highlights"] == [(0, 5)]
    assert results["b"]["message_index"] is None  # a title match opens the session
    assert [item["session_id"] for item in store.search_sessions("sourd")] == ["a"]  # prefix
    assert store.search_sessions('"') == []
    assert store.search_sessions("bread AND OR (") == []  # operators are words, not syntax
    store.rename_session("b", "Groceries")
    assert [item["session_id"] for item in store.search_sessions("bread")] == ["a"]


def test_search_in_a_giant_message_shows_a_short_readable_snippet_around_whole_words(store):
    filler = "**alpha** beta `gamma` delta\n" * 200_000  # 5.8 MB, Markdown throughout
    text = filler[:3_000_000] + "the needle sits here | in a table |\n" + filler[:2_000_000]
    store.save_session(Session("big", [Message("assistant", text)], {"title": "Huge"}))
    store.save_session(Session("small", [Message("user", "a needle in a small one")], {}))
    [newest, giant] = store.search_sessions("needl")
    assert (newest["session_id"], giant["session_id"]) == ("small", "big")
    snippet = giant["snippet"]
    assert len(snippet) < 250
    assert "*" not in snippet
    assert "`" not in snippet
    assert "|" not in snippet
    assert [snippet[start:end] for start, end in giant["highlights"]] == ["needle"]
    assert snippet.startswith("…")
    assert snippet.endswith("…")
    for word in snippet.strip("…").split():
        assert word in {
            "alpha",
            "beta",
            "gamma",
            "delta",
            "the",
            "needle",
            "sits",
            "here",
            "in",
            "a",
            "table",
        }, word  # every word whole
    [both] = store.search_sessions("delta needle")  # words near each other
    assert both["session_id"] == "big"
    assert "needle" in [both["snippet"][start:end] for start, end in both["highlights"]]


def test_search_index_follows_edits_deletions_and_pages(store):
    store.save_session(make_session("a", count=3))
    session = store.load_session("a")
    edited = Session("a", [Message("user", "a zebra now"), *session.messages[1:]], {})
    store.save_session(edited)
    assert [(r["session_id"], r["message_index"]) for r in store.search_sessions("zebra")] == [
        ("a", 0)
    ]
    store.save_session(Session("a", session.messages, {}))
    assert store.search_sessions("zebra") == []
    for number in range(70):
        store.append_message("a", {"role": "user", "content": f"zebra number {number}"})
    page = store.search_sessions("zebra", limit=50)
    assert [result["message_index"] for result in page] == list(range(72, 22, -1))
    store.delete_session("a")
    assert store.search_sessions("zebra") == []
    assert raw(store.path, "SELECT count(*) FROM message_search")[0][0] > 0
    store.restore_session("a")
    store.delete_session("a")
    store.purge_deleted()
    assert raw(store.path, "SELECT count(*) FROM message_search")[0][0] == 0


def test_a_version_1_database_gets_its_search_index_rebuilt(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    MIGRATIONS[0][1](old)
    old.execute("INSERT INTO schema_version(version) VALUES (1)")
    old.execute(
        "INSERT INTO sessions(session_id, title, created_at, updated_at) VALUES ('s', '', 0, 0)"
    )
    old.execute(
        "INSERT INTO messages(session_id, position, role, body, text, created_at) VALUES "
        """('s', 0, 'user', '{"role":"user","content":"kept and findable"}', """
        "'kept and findable', 0)"
    )
    old.commit()
    old.close()
    store = SessionStore(path)
    assert store.schema_version == MIGRATIONS[-1][0]
    assert store.backup_path is not None
    assert [result["session_id"] for result in store.search_sessions("findable")] == ["s"]
    store.close()


def test_a_version_2_database_finds_words_its_index_had_cut_in_two(tmp_path):
    # Schema 2 cut a giant message into pieces every 4,000 characters, even inside a word.
    path = tmp_path / "sessions.sqlite3"
    text = "x" * 3996 + " zanzibar_route and more words after it " + "y" * 5000
    version_2 = SessionStore(path, migrations=MIGRATIONS[:2])
    version_2.save_session(
        Session("s", [Message("user", "where?"), Message("assistant", text)], {})
    )
    version_2.close()
    (message_id,) = raw(path, "SELECT id FROM messages WHERE role = 'assistant'")[0]
    first = message_id << CHUNK_BITS
    raw(path, "DELETE FROM message_search WHERE rowid >= ?", (first,))
    for number, start in enumerate(range(0, len(text), SEARCH_CHUNK_CHARS)):
        raw(
            path,
            "INSERT INTO message_search(rowid, text) VALUES (?, ?)",
            (first + number, text[start : start + SEARCH_CHUNK_CHARS]),
        )
    as_it_was = SessionStore(path, migrations=MIGRATIONS[:2])
    assert as_it_was.search_sessions("zanzibar") == []  # "zanz" + "ibar": not found
    as_it_was.close()
    store = SessionStore(path)
    assert store.schema_version == MIGRATIONS[-1][0]
    (found,) = store.search_sessions("zanzibar")
    assert (found["session_id"], found["message_index"]) == ("s", 1)
    assert "zanzibar" in found["snippet"]
    assert store.search_sessions("where") != []  # short messages stay indexed
    store.close()


def test_delete_hides_restore_undoes_purge_removes(store):
    store.save_session(make_session("a"))
    store.save_session(make_session("b"))
    store.save_draft("a", {"role": "assistant", "content": "x"})
    store.delete_session("a")
    assert [item["session_id"] for item in store.list_sessions()] == ["b"]
    assert {item["session_id"] for item in store.search_sessions("message")} == {"b"}
    store.restore_session("a")
    assert {item["session_id"] for item in store.list_sessions()} == {"a", "b"}
    store.delete_session("a")
    assert store.purge_deleted() == ["a"]
    assert raw(store.path, "SELECT count(*) FROM messages WHERE session_id = 'a'")[0][0] == 0
    assert raw(store.path, "SELECT count(*) FROM drafts")[0][0] == 0
    with pytest.raises(SessionNotFoundError):
        store.load_session("a")
    with pytest.raises(SessionNotFoundError):
        store.restore_session("a")


def test_invalid_json_row_flags_that_session_and_the_rest_load(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session("good"))
    store.save_session(make_session("bad"))
    store.close()
    raw(path, "UPDATE messages SET body = '{broken' WHERE session_id = 'bad' AND position = 1")

    store = SessionStore(path)
    listing = {item["session_id"]: item for item in store.list_sessions()}
    assert listing["bad"]["flagged"] is True
    assert listing["good"]["flagged"] is False
    assert len(store.load_session("good").messages) == 3
    bad = store.load_session("bad")
    assert "could not be read" in bad.metadata["flagged"]
    assert bad.messages[1].metadata == {"damaged": True}
    assert bad.messages[1].role == "assistant"
    assert "Message 2 could not be read" in bad.messages[1].content
    # Saving the session back never overwrites the damaged original.
    store.save_session(Session("bad", [*bad.messages, Message("user", "more")], bad.metadata))
    assert raw(path, "SELECT body FROM messages WHERE session_id='bad' AND position=1")[0][0] == (
        "{broken"
    )
    assert len(store.load_session("bad").messages) == 4
    store.close()


def test_invalid_metadata_json_is_kept_and_flagged(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session("s1", title="Kept"))
    store.close()
    raw(path, "UPDATE sessions SET metadata = 'not json'")
    store = SessionStore(path)
    loaded = store.load_session("s1")
    assert loaded.metadata["unreadable_metadata"] == "not json"
    assert loaded.metadata["title"] == "Kept"
    assert len(loaded.messages) == 3
    store.close()


def test_full_disk_during_save_keeps_the_previous_state(store):
    store.save_session(make_session(count=2))
    # A tiny size limit on the database makes SQLite report SQLITE_FULL, exactly as a full disk.
    used = store._connection.execute("PRAGMA page_count").fetchone()[0]
    store._connection.execute(f"PRAGMA max_page_count = {used + 1}")
    huge = Session(
        "s1",
        [Message("user", "x" * 20_000 + str(index)) for index in range(50)],
        {"title": "big"},
    )
    with pytest.raises(StoreWriteError, match="disk is full") as failure:
        store.save_session(huge)
    assert "previous version is kept" in str(failure.value)
    loaded = store.load_session("s1")
    assert [message.content for message in loaded.messages] == [
        "message number 0",
        "message number 1",
    ]
    assert loaded.metadata["title"] == ""
    store._connection.execute("PRAGMA max_page_count = 1073741823")
    store.save_session(huge)
    assert len(store.load_session("s1").messages) == 50


def test_damaged_database_opens_read_only_with_a_backup_and_is_never_overwritten(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    for index in range(30):
        store.save_session(make_session(f"s{index}", count=20))
    store.close()
    data = bytearray(path.read_bytes())
    page = 4096
    data[page * 3 : page * 6] = b"\xde\xad" * (page * 3 // 2)
    path.write_bytes(bytes(data))
    damaged = bytes(data)

    store = SessionStore(path)
    assert store.read_only
    assert "damaged" in store.problem
    assert store.backup_path is not None
    assert store.backup_path.read_bytes() == damaged
    assert store.backup_path.name in store.problem
    with pytest.raises(StoreReadOnlyError, match="Could not save"):
        store.save_session(make_session("new"))
    store.list_sessions()  # readable parts stay available (or an empty list)
    store.close()
    assert path.read_bytes() == damaged


def test_file_that_is_not_a_database_gives_an_empty_read_only_store(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    path.write_bytes(b"this is not sqlite at all" * 100)
    store = SessionStore(path)
    assert store.read_only
    assert store.list_sessions() == []
    kept = store.start_fresh()
    assert not store.read_only
    assert kept.read_bytes().startswith(b"this is not sqlite")
    store.save_session(make_session())
    assert len(store.load_session("s1").messages) == 3
    store.close()


NEXT_VERSION = MIGRATIONS[-1][0] + 1


def _add_pinned_column(connection: sqlite3.Connection) -> None:
    connection.execute("ALTER TABLE sessions ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")


def _broken_migration(connection: sqlite3.Connection) -> None:
    connection.execute("ALTER TABLE sessions ADD COLUMN extra TEXT")
    connection.execute("SELECT * FROM table_that_does_not_exist")


def test_migration_takes_a_backup_first(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session())
    store.close()
    upgraded = SessionStore(path, migrations=(*MIGRATIONS, (NEXT_VERSION, _add_pinned_column)))
    assert upgraded.schema_version == NEXT_VERSION
    assert upgraded.backup_path is not None
    assert raw(upgraded.backup_path, "SELECT max(version) FROM schema_version")[0][0] == (
        NEXT_VERSION - 1
    )
    assert raw(upgraded.backup_path, "SELECT count(*) FROM messages")[0][0] == 3
    assert raw(path, "SELECT pinned FROM sessions")[0][0] == 0
    assert len(upgraded.load_session("s1").messages) == 3
    upgraded.close()


def test_failed_migration_leaves_the_old_schema_and_opens_read_only(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    SessionStore(path).close()
    store = SessionStore(path, migrations=(*MIGRATIONS, (NEXT_VERSION, _broken_migration)))
    assert store.read_only
    assert f"schema {NEXT_VERSION} failed" in store.problem
    assert f"left at schema {NEXT_VERSION - 1}" in store.problem
    store.close()
    columns = [row[1] for row in raw(path, "PRAGMA table_info(sessions)")]
    assert "extra" not in columns


def test_database_from_a_newer_version_is_opened_read_only(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    SessionStore(path).close()
    raw(path, "INSERT INTO schema_version(version) VALUES (99)")
    store = SessionStore(path)
    assert store.read_only
    assert "newer version" in store.problem
    store.close()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)
messages = st.builds(
    Message,
    role=st.sampled_from(["system", "user", "assistant", "tool"]),
    content=st.text()
    | st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": st.text()})),
    metadata=st.none() | st.dictionaries(st.text(min_size=1, max_size=10), json_values, max_size=3),
    multipart_content=st.none()
    | st.lists(
        st.fixed_dictionaries(
            {"type": st.sampled_from(["image", "file"]), "asset_id": st.text(), "name": st.text()}
        ),
        max_size=2,
    ),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    first=st.lists(messages, max_size=6),
    second=st.lists(messages, max_size=6),
    extra=st.dictionaries(st.text(min_size=1, max_size=10), json_values, max_size=3),
)
def test_any_session_round_trips_and_resaves(store, first, second, extra):
    metadata = {**extra, "title": "t", "agent_id": "a"}
    metadata.pop("message_offset", None)
    metadata.pop("flagged", None)
    # Compared in the wire form: empty optional fields are dropped by `to_dict`.
    store.save_session(Session("h", first, metadata))
    assert store.load_session("h").to_dict() == Session("h", first, metadata).to_dict()
    store.save_session(Session("h", second, metadata))
    assert store.load_session("h").to_dict() == Session("h", second, metadata).to_dict()


def test_drafts_left_by_a_crash_become_incomplete_messages(store):
    store.create_session("s1")
    store.append_message("s1", {"role": "user", "content": "question"})
    store.save_draft(
        "s1",
        {
            "role": "assistant",
            "content": "half an ans",
            "metadata": {"model": "m", "tool_calls": [{"id": "c"}]},
        },
    )
    store.create_session("s2")
    store.save_draft("s2", {"role": "assistant", "content": "   "})
    assert store.recover_drafts().recovered == ["s1"]
    loaded = store.load_session("s1")
    assert loaded.messages[-1].content == "half an ans"
    assert loaded.messages[-1].metadata == {"model": "m", "incomplete": True, "recovered": True}
    assert store.load_draft("s1") is None
    assert store.load_draft("s2") is None
    assert store.load_session("s2").messages == []
    assert store.recover_drafts().recovered == []


def test_os_refusing_to_grow_the_database_keeps_the_previous_state(store):
    store.save_session(make_session(count=2))
    huge = Session(
        "s1", [Message("user", "y" * 50_000 + str(i)) for i in range(40)], {"title": "x"}
    )
    previous_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    previous_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    # No file may grow past its current size plus a little: the WAL write fails with EFBIG.
    limit = max(store.path.stat().st_size, Path(f"{store.path}-wal").stat().st_size) + 8192
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, previous_limit[1]))
    try:
        with pytest.raises(StoreWriteError) as failure:
            store.save_session(huge)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, previous_limit)
        signal.signal(signal.SIGXFSZ, previous_handler)
    assert "previous version is kept" in str(failure.value)
    assert [m.content for m in store.load_session("s1").messages] == [
        "message number 0",
        "message number 1",
    ]
    store.save_session(huge)
    assert len(store.load_session("s1").messages) == 40


def test_guarded_save_refuses_to_overwrite_messages_stored_meanwhile(store):
    store.save_session(make_session(count=2))
    loaded = store.load_session("s1")
    store.append_message("s1", {"role": "assistant", "content": "arrived meanwhile"})
    edited = Session("s1", loaded.messages[:1], loaded.metadata)
    with pytest.raises(StoreConflictError, match="changed while"):
        store.save_session(edited, expected_message_count=len(loaded.messages))
    assert store.message_count("s1") == 3
    store.save_session(edited, expected_message_count=3)
    assert store.message_count("s1") == 1


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=40))
def test_any_search_text_is_safe(store, text):
    if not store.session_exists("q"):
        store.save_session(Session("q", [Message("user", 'alpha beta (gamma) "delta"')], {}))
    assert isinstance(store.search_sessions(text), list)
    assert isinstance(store.list_sessions(text), list)


def test_a_database_that_cannot_be_opened_still_gives_a_usable_read_only_store(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    path.mkdir()  # something that is not a file sits where the database belongs
    store = SessionStore(path)
    assert store.read_only
    assert "could not be opened for writing" in store.problem
    assert store.list_sessions() == []
    with pytest.raises(StoreReadOnlyError):
        store.create_session("x")
    store.close()


@pytest.mark.parametrize(
    ("markdown", "plain"),
    [
        ("Hello from the **fake** _Ollama_!", "Hello from the fake Ollama!"),
        ("# Title\n\n- item one\n- item `two`", "Title item one item two"),
        ("See [the docs](https://example.com) and ![a chart](c.png)", "See the docs and a chart"),
        ("```python\nprint('x')\n```", "print('x')"),
        ("> quoted\n1. first", "quoted first"),
        ("Here:\n```python\n    value_0 = compute(item_0)", "Here: value_0 = compute(item_0)"),
        ("", ""),
    ],
)
def test_session_previews_read_as_plain_text(markdown, plain):
    assert plain_preview(markdown) == plain


def test_retried_migrations_keep_one_backup_per_schema_version(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session())
    store.close()
    for _attempt in range(3):  # an upgrade that fails (or is killed) and is tried again
        SessionStore(path, migrations=(*MIGRATIONS, (NEXT_VERSION, _broken_migration))).close()
    upgraded = SessionStore(path, migrations=(*MIGRATIONS, (NEXT_VERSION, _add_pinned_column)))
    assert upgraded.schema_version == NEXT_VERSION
    upgraded.close()
    current = MIGRATIONS[-1][0]
    assert sorted(item.name for item in tmp_path.glob("*.bak*")) == [
        f"sessions.sqlite3.v{current}.bak"
    ]


def test_recovered_drafts_keep_a_list_of_parts(tmp_path):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    store.create_session("s")
    parts = [{"type": "text", "text": "half an"}, {"type": "text", "text": " answer"}]
    store.save_draft("s", {"role": "assistant", "content": parts})
    store.create_session("empty")
    store.save_draft("empty", {"role": "assistant", "content": [{"type": "text", "text": " "}]})

    assert store.recover_drafts().recovered == ["s"]

    [recovered] = store.load_session("s").messages
    assert recovered.content == parts
    assert recovered.metadata == {"incomplete": True, "recovered": True}
    assert store.load_session("empty").messages == []
    store.close()


def test_invalid_utf8_rows_are_read_with_replacement_and_flagged(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session())
    store.close()
    body = b'{"role":"user","content":"a\xffb"}'
    connection = sqlite3.connect(path)
    with connection:
        connection.execute(
            "UPDATE messages SET body = CAST(? AS TEXT), text = CAST(? AS TEXT) WHERE position = 0",
            (body, b"a\xffb"),
        )
    connection.close()

    store = SessionStore(path)

    assert store.flagged_notice is not None
    assert "1 conversation(s)" in store.flagged_notice
    [listed] = store.list_sessions()
    assert listed["flagged"] is True
    assert store.search_sessions("a") is not None  # no OperationalError for the bad byte
    first = store.load_session("s1").messages[0]
    assert first.content == "a\ufffdb"
    assert first.metadata == {"damaged": True}
    store.save_session(store.load_session("s1"))  # the damaged row is never written back
    store.close()
    stored = raw(path, "SELECT hex(CAST(body AS BLOB)) FROM messages WHERE position = 0")
    assert bytes.fromhex(stored[0][0]) == body


UNREADABLE_DRAFTS = {
    "list-metadata": '{"role": "assistant", "content": "half an ans", "metadata": ["m"]}',
    "not-json": '{"role": "assistant", "content": "half',
    "not-an-object": '["half an answer"]',
    "too-deep": "[" * 50_000 + "]" * 50_000,
    "not-a-number": '{"role": "assistant", "content": "half", "metadata": {"t": NaN}}',
    "parts-not-a-list": '{"role": "assistant", "content": "half", "multipartContent": 5}',
}


def test_unreadable_drafts_are_set_aside_unchanged_and_the_readable_one_recovered(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    for session_id in [*UNREADABLE_DRAFTS, "fine"]:
        store.create_session(session_id)
    store.save_draft("fine", {"role": "assistant", "content": "kept"})
    store.close()
    for session_id, body in UNREADABLE_DRAFTS.items():
        raw(path, "INSERT INTO drafts VALUES (?, ?, 0)", (session_id, body))

    store = SessionStore(path)
    recovery = store.recover_drafts()

    assert recovery.recovered == ["fine"]
    assert store.load_session("fine").messages[-1].content == "kept"
    kept = {file.read_text(encoding="utf-8") for file in recovery.folder.iterdir()}
    assert kept == set(UNREADABLE_DRAFTS.values())
    assert recovery.folder == tmp_path / "set-aside"
    assert str(recovery.folder) in recovery.notice
    assert "6 partial answers" in recovery.notice
    assert "metadata must be an object" in recovery.notice
    assert raw(path, "SELECT count(*) FROM drafts") == [(0,)]
    assert all(store.load_session(session_id).messages == [] for session_id in UNREADABLE_DRAFTS)
    assert store.recover_drafts().notice is None  # said once: the next start finds nothing
    store.close()


def test_a_draft_that_cannot_be_set_aside_stays_in_the_database_and_start_up_goes_on(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.create_session("s")
    store.close()
    raw(path, "INSERT INTO drafts VALUES ('s', '{\"metadata\": [1]}', 0)")
    (tmp_path / "set-aside").write_text("a file where the folder would go")

    store = SessionStore(path)
    recovery = store.recover_drafts()

    assert recovery.recovered == []
    assert "left in the database" in recovery.notice
    assert raw(path, "SELECT body FROM drafts") == [('{"metadata": [1]}',)]
    store.close()


FOREIGN_SCHEMAS = {
    "another program's notes": ["CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"],
    "a table named like ours": ["CREATE TABLE sessions (id INTEGER PRIMARY KEY, user TEXT)"],
    "a schema_version of its own": [
        "CREATE TABLE schema_version (version INTEGER)",
        "INSERT INTO schema_version VALUES (12)",
        "CREATE TABLE sessions (token TEXT)",
    ],
    "its own write-ahead log": [
        "PRAGMA journal_mode = WAL",
        "CREATE TABLE events (at REAL)",
        "INSERT INTO events VALUES (1.5)",
    ],
}


@pytest.mark.parametrize("schema", FOREIGN_SCHEMAS)
def test_a_database_of_another_program_is_never_written_and_the_store_says_so(tmp_path, schema):
    path = tmp_path / "sessions.sqlite3"
    foreign = sqlite3.connect(path)
    for statement in FOREIGN_SCHEMAS[schema]:
        foreign.execute(statement)
    foreign.commit()
    foreign.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    files_before = sorted(item.name for item in tmp_path.iterdir())

    store = SessionStore(path)

    assert store.read_only
    assert f"{path} is not an Agent Desktop session database" in store.problem
    assert "left exactly as it is" in store.problem
    assert store.list_sessions() == []
    assert store.search_sessions("anything") == []
    with pytest.raises(StoreReadOnlyError, match="not an Agent Desktop session database"):
        store.create_session("new")
    store.close()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == files_before


def test_an_empty_sqlite_file_becomes_the_session_database(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    sqlite3.connect(path).close()  # an empty file: nothing in it belongs to anyone

    store = SessionStore(path)

    assert not store.read_only
    store.save_session(make_session())
    assert len(store.load_session("s1").messages) == 3
    store.close()


def test_a_database_of_another_program_still_open_in_write_ahead_mode_is_recognised(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    other_program = sqlite3.connect(path)
    other_program.execute("PRAGMA journal_mode = WAL")
    other_program.execute("PRAGMA wal_autocheckpoint = 0")  # its tables stay in the log
    other_program.execute("CREATE TABLE events (at REAL)")
    other_program.commit()
    before = hashlib.sha256(path.read_bytes()).hexdigest()

    store = SessionStore(path)

    assert store.read_only
    assert "another program's tables: events" in store.problem
    store.close()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert other_program.execute("SELECT count(*) FROM events").fetchone() == (0,)
    other_program.close()


@pytest.mark.parametrize("metadata", ["[1]", '"text"', "null", "5"])
def test_session_metadata_that_is_not_an_object_is_flagged_at_start_and_kept(tmp_path, metadata):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session("odd", title="Odd"))
    store.save_session(make_session("fine", title="Fine"))
    store.close()
    raw(path, "UPDATE sessions SET metadata = ? WHERE session_id = 'odd'", (metadata,))

    store = SessionStore(path)

    assert store.flagged_notice.startswith(f"1 conversation(s) in {path} hold data that could not")
    assert {item["session_id"]: item["flagged"] for item in store.list_sessions()} == {
        "odd": True,
        "fine": False,
    }
    loaded = store.load_session("odd")
    assert loaded.metadata["unreadable_metadata"] == metadata
    assert len(loaded.messages) == 3
    store.close()
    assert raw(path, "SELECT metadata FROM sessions WHERE session_id = 'odd'") == [(metadata,)]


def test_a_stored_message_whose_role_is_not_text_is_shown_as_a_placeholder(tmp_path):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    store.save_session(make_session("s1"))
    store.close()
    raw(path, """UPDATE messages SET body = '{"role": 5, "content": "x"}' WHERE position = 1""")

    store = SessionStore(path)
    message = store.load_session("s1").messages[1]

    assert message.role == "assistant"
    assert "Message 2 could not be read" in message.content
    assert message.metadata == {"damaged": True}
    store.close()


def test_an_answer_stored_with_clear_draft_takes_the_checkpoint_away_in_the_same_commit(
    tmp_path: Path,
) -> None:
    store = SessionStore(tmp_path / "sessions.db")
    store.create_session("s1")
    store.save_draft("s1", {"role": "assistant", "content": "half an ans"})
    store.append_message("s1", {"role": "assistant", "content": "half an answer"}, clear_draft=True)
    assert store.load_draft("s1") is None
    assert [m.content for m in store.load_session("s1").messages] == ["half an answer"]
    store.close()


def test_appending_a_message_copies_nothing_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tool round appends two short messages: checking each was a message and redacting it
    copied it twice (its metadata walked and rebuilt each time) before it was encoded."""
    remember_secret_value("sk-test-store-secret-0123456789")
    copies = 0
    copied = agent_core.types._copied

    def counted(value: Any) -> Any:
        nonlocal copies
        copies += 1
        return copied(value)

    monkeypatch.setattr(agent_core.types, "_copied", counted)
    store = SessionStore(tmp_path / "sessions.db")
    store.create_session("s1")
    message = {
        "role": "tool",
        "content": "Result: 5",
        "metadata": {"tool_call_id": "call_0", "name": "add", "display": {"type": "text"}},
    }
    store.append_message("s1", message)
    assert copies == 0
    assert [m.to_dict() for m in store.load_session("s1").messages] == [message]
    with pytest.raises(StoreWriteError, match="not a valid message"):
        store.append_message("s1", {"role": "tool"})
    store.close()


def test_a_message_is_redacted_once_on_its_way_into_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each pass copies the message and scans each of its texts for every known secret: the
    body and the search text are made from one redacted copy."""
    remember_secret_value("sk-test-store-secret-0123456789")
    passes: list[Any] = []
    redact_data = store_module.redact_data

    def counted(data: Any) -> Any:
        passes.append(data)
        return redact_data(data)

    monkeypatch.setattr(store_module, "redact_data", counted)
    store = SessionStore(tmp_path / "sessions.db")
    store.create_session("s1")
    passes.clear()
    store.append_message(
        "s1", {"role": "tool", "content": "key sk-test-store-secret-0123456789 used"}
    )
    assert len(passes) == 1
    raw = sqlite3.connect(tmp_path / "sessions.db").execute("SELECT body, text FROM messages")
    body, text = raw.fetchone()
    assert "sk-test-store-secret" not in body
    assert text == "key [redacted] used"
    store.close()
