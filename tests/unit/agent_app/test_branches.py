"""Versions of a conversation kept as a tree: edit and regenerate never lose the old path."""

from __future__ import annotations

import dataclasses

import pytest

from agent_app.application import AgentApplication
from agent_app.branches import BRANCHES_KEY, start_new_version, switch_version, version_info
from agent_app.paths import resolve_paths
from agent_core import Message, Session


def texts(session: Session) -> list[str]:
    return [str(message.content) for message in session.messages]


def chat(*contents: str) -> Session:
    roles = ["user", "assistant"]
    return Session(
        "s1",
        [Message(roles[i % 2], text) for i, text in enumerate(contents)],
        {"title": "t"},
    )


def add(session: Session, *messages: Message) -> Session:
    return dataclasses.replace(session, messages=[*session.messages, *messages])


def test_editing_a_message_keeps_the_old_path_as_version_one():
    session = chat("q1", "a1", "q2", "a2")

    cut = start_new_version(session, 2)
    assert texts(cut) == ["q1", "a1"]
    edited = add(cut, Message("user", "q2 edited"), Message("assistant", "a2 new"))

    assert version_info(edited, 2).number == 2
    assert version_info(edited, 2).total == 2
    back = switch_version(edited, 2, 1)
    assert texts(back) == ["q1", "a1", "q2", "a2"]
    assert version_info(back, 2).number == 1
    again = switch_version(back, 2, 2)
    assert texts(again) == ["q1", "a1", "q2 edited", "a2 new"]


def test_regenerating_three_times_gives_three_answers_to_switch_between():
    session = chat("q1", "first answer")
    for answer in ("second answer", "third answer"):
        session = add(start_new_version(session, 1), Message("assistant", answer))

    assert version_info(session, 1).total == 3
    assert [texts(switch_version(session, 1, n))[-1] for n in (1, 2, 3)] == [
        "first answer",
        "second answer",
        "third answer",
    ]


def test_a_fork_at_the_first_message_is_kept_in_the_session_metadata():
    session = chat("hello", "hi")
    edited = add(start_new_version(session, 0), Message("user", "hello there"))
    assert BRANCHES_KEY in edited.metadata
    assert texts(switch_version(edited, 0, 1)) == ["hello", "hi"]


def test_forks_inside_a_version_survive_switching_away_and_back():
    session = chat("q1", "a1", "q2", "a2")
    outer = add(start_new_version(session, 2), Message("user", "q2b"), Message("assistant", "a2b"))
    inner = add(start_new_version(outer, 3), Message("assistant", "a2b regenerated"))
    assert version_info(inner, 3).total == 2

    away = switch_version(inner, 2, 1)
    assert texts(away) == ["q1", "a1", "q2", "a2"]
    back = switch_version(away, 2, 2)
    assert texts(back) == ["q1", "a1", "q2b", "a2b regenerated"]
    assert texts(switch_version(back, 3, 1))[-1] == "a2b"


def test_no_versions_where_it_never_forked_and_bad_records_are_ignored():
    session = chat("q1", "a1")
    assert version_info(session, 1) is None
    hostile = dataclasses.replace(
        session,
        messages=[
            Message("user", "q1", metadata={BRANCHES_KEY: {"active": 5, "versions": "x"}}),
            Message("assistant", "a1"),
        ],
    )
    assert version_info(hostile, 1) is None
    with pytest.raises(ValueError, match="no other versions"):
        switch_version(hostile, 1, 1)
    with pytest.raises(ValueError, match="no version 4"):
        switch_version(add(start_new_version(session, 1), Message("assistant", "b")), 1, 4)


def test_the_tree_survives_the_store_and_an_export_import_round_trip(tmp_path):
    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[])
    try:
        created = app.sessions.create_session()
        session = Session(created.session_id, chat("q1", "a1").messages, created.metadata)
        session = add(start_new_version(session, 1), Message("assistant", "a1 again"))
        app.sessions.save_session(session)

        stored = app.sessions.load_session(created.session_id)
        assert texts(stored) == ["q1", "a1 again"]
        assert texts(switch_version(stored, 1, 1)) == ["q1", "a1"]

        export = tmp_path / "chat.agent-session.json"
        export.write_text(app.sessions.export_session(created.session_id, "json"), encoding="utf-8")
        app.sessions.delete_session(created.session_id)  # else the unchanged chat is only reopened
        imported = app.sessions.import_session(export)
        assert imported.session_id != created.session_id
        assert texts(imported) == ["q1", "a1 again"]
        assert texts(switch_version(imported, 1, 1)) == ["q1", "a1"]
    finally:
        app.close()
