"""The headless server's event store: string ids, filters, the per-session cursor, bootstrap,
compaction of redundant partials, and durability across a reopen (a server restart)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_app.serve.event_store import EventIdError, EventStore, compacted


def _store(tmp_path: Path) -> EventStore:
    return EventStore(tmp_path / "events.sqlite3")


def _turn(store: EventStore, session: str, request: str, text: str) -> None:
    store.publish({"type": "request_started", "session_id": session, "request_id": request})
    for end in range(1, len(text) + 1):
        partial = {"role": "assistant", "content": text[:end]}
        store.publish(
            {"type": "partial", "session_id": session, "request_id": request, "message": partial}
        )
    message = {"role": "assistant", "content": text}
    store.publish(
        {"type": "assistant", "session_id": session, "request_id": request, "message": message}
    )
    store.publish({"type": "request_completed", "session_id": session, "request_id": request})


def test_a_bootstrap_returns_no_events_and_the_latest_string_id(tmp_path: Path) -> None:
    store = _store(tmp_path)
    assert store.read() == {"events": [], "latest_event_id": "0"}
    _turn(store, "s1", "r1", "abc")
    answer = store.read()
    assert answer == {"events": [], "latest_event_id": "6"}


def test_since_id_returns_later_events_with_string_ids_in_order(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "ab")
    events = store.read(since_id="1")["events"]
    # The two partials are redundant: the finished answer is in the same page.
    assert [(e["event_id"], e["type"]) for e in events] == [
        ("4", "assistant"),
        ("5", "request_completed"),
    ]
    assert all(isinstance(e["event_id"], str) for e in events)


def test_a_page_that_ends_mid_answer_keeps_only_the_newest_partial(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.publish({"type": "request_started", "session_id": "s", "request_id": "r"})
    for text in ("H", "He", "Hel"):
        message = {"content": text}
        store.publish({"type": "partial", "session_id": "s", "request_id": "r", "message": message})
    answer = store.read(since_id="0")
    assert [e["type"] for e in answer["events"]] == ["request_started", "partial"]
    assert answer["events"][1]["message"]["content"] == "Hel"
    assert answer["next_since_id"] == "4"


def test_tool_partials_are_dropped_once_their_result_is_in_the_page() -> None:
    events = [
        {"type": "tool_partial", "request_id": "r", "call_key": [1, 0], "part": "a"},
        {"type": "tool_partial", "request_id": "r", "call_key": [3, 0], "part": "x"},
        {"type": "tool_result", "request_id": "r", "call_key": [1, 0], "message": {}},
    ]
    assert compacted(events) == events[1:]


def test_filters_by_session_and_request(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "a")
    _turn(store, "s2", "r2", "b")
    by_request = store.read(since_id="0", request_id="r2")["events"]
    assert {e["request_id"] for e in by_request} == {"r2"}
    by_session = store.read(since_id="0", session_id="s1")["events"]
    assert {e["session_id"] for e in by_session} == {"s1"}


def test_a_session_read_without_since_id_starts_from_its_cursor(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "a")
    first = store.read(session_id="s1")
    assert next(e["type"] for e in first["events"]) == "request_started"
    assert first["cursor_event_id"] == "4"
    assert store.read(session_id="s1")["events"] == []  # nothing replayed
    _turn(store, "s1", "r2", "b")
    again = store.read(session_id="s1")
    assert again["events"][0]["event_id"] == "5"


def test_the_cursor_and_ids_survive_a_reopen(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "a")
    store.read(session_id="s1")
    store.close()
    reopened = _store(tmp_path)
    assert reopened.read(session_id="s1")["events"] == []
    reopened.publish({"type": "notice", "session_id": "s1", "request_id": None})
    assert reopened.read(session_id="s1")["events"][0]["event_id"] == "5"


def test_ids_are_never_reused_after_a_session_is_forgotten(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "a")
    store.forget_session("s1")
    stored = store.publish({"type": "notice", "session_id": "s2"})
    assert stored["event_id"] == "5"


def test_an_unfinished_request_is_found(tmp_path: Path) -> None:
    store = _store(tmp_path)
    _turn(store, "s1", "r1", "a")
    store.publish({"type": "request_started", "session_id": "s1", "request_id": "r2"})
    assert store.unfinished_requests() == [("s1", "r2")]


@pytest.mark.parametrize("bad", ["abc", "-1", "1.5", "9" * 30])
def test_a_since_id_that_is_no_event_id_is_refused_with_what_to_send(
    tmp_path: Path, bad: str
) -> None:
    with pytest.raises(EventIdError, match="use an event_id you got"):
        _store(tmp_path).read(since_id=bad)
