"""Tasks left running by an earlier run: found across chats in the real session database, and
their results written over the note that they were still running."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_app.store import SessionStore
from agent_app.tool_loop import tool_message
from agent_app.tool_tasks import LEFT_RUNNING, RUNNING_TASK, TASK_KEY, RunningTask, ToolTasks

HANDLE = {"server": "renderer", "tool": "render", "task_id": "t-42", "plugin": "mcp_tools"}


@pytest.fixture
def store(tmp_path: Path):
    opened = SessionStore(tmp_path / "sessions.sqlite3")
    yield opened
    opened.close()


def chat_with_a_task(
    store: SessionStore, session_id: str, title: str, *, with_note: bool = True
) -> None:
    """A chat whose tool call ran as a task when the app quit (`with_note`: the note that it
    runs on is its stored result; without, the call is still running)."""
    store.create_session(session_id, title=title, agent_id="default")
    store.append_message(session_id, {"role": "user", "content": "render a city"})
    store.append_message(
        session_id,
        {
            "role": "assistant",
            "content": "",
            "metadata": {
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "mcp__renderer__render", "arguments": "{}"},
                    }
                ]
            },
        },
    )
    if not with_note:
        return
    note = LEFT_RUNNING.format(server="renderer")
    task = {**HANDLE, "state": RUNNING_TASK, "call_key": [1, 0]}
    placeholder = tool_message(
        "call_1", "mcp__renderer__render", note, is_error=True, stopped=True, **{TASK_KEY: task}
    )
    store.append_message(session_id, placeholder)


def test_a_task_left_running_is_listed_then_its_result_replaces_the_note(store: SessionStore):
    chat_with_a_task(store, "s1", "City")
    store.create_session("s2", title="Other", agent_id="default")
    store.append_message("s2", {"role": "user", "content": "hi"})
    tasks = ToolTasks(store, tool_servers=None, live=list)  # type: ignore[arg-type]

    (running,) = tasks.left_running()
    assert (running.session_id, running.title, running.message_index) == ("s1", "City", 2)
    assert running.call_key == (1, 0)
    assert running.label == "render · renderer"  # as its tool row names it

    outcome = {
        "content": "rendered city",
        "display": {"type": "text", "content": "rendered city", "single_line": "done"},
        "is_error": False,
    }
    message = tasks.result_message(running, outcome)
    tasks.save_result(running, message)

    assert tasks.left_running() == []
    stored = store.load_session("s1").messages[2]
    assert stored.content == "rendered city"
    assert stored.metadata["tool_call_id"] == "call_1"
    assert stored.metadata["is_error"] is False
    assert stored.metadata[TASK_KEY]["state"] == "completed"
    assert "stopped" not in stored.metadata
    assert [hit["session_id"] for hit in store.search_sessions("rendered")] == ["s1"]


def test_a_deleted_chat_lists_no_task(store: SessionStore):
    chat_with_a_task(store, "s1", "City")
    store.delete_session("s1")
    assert store.running_tool_tasks() == []


def test_a_task_of_this_run_is_not_written_to_the_store(store: SessionStore):
    tasks = ToolTasks(store, tool_servers=None, live=list)  # type: ignore[arg-type]
    live = RunningTask("s1", "City", {**HANDLE, "call_key": [1, 0]})
    with pytest.raises(ValueError, match="runs in this run"):
        tasks.save_result(live, {"role": "tool", "content": "x"})


def chat_calling_a_tool(store: SessionStore, session_id: str) -> None:
    """A chat whose tool call runs as a task now: the note kept for it (`keep_tool_task`)."""
    chat_with_a_task(store, session_id, "City", with_note=False)
    task = {**HANDLE, "state": RUNNING_TASK, "call_key": [1, 0]}
    note = tool_message(
        "call_1",
        "mcp__renderer__render",
        LEFT_RUNNING.format(server="renderer"),
        is_error=True,
        stopped=True,
        **{TASK_KEY: task},
    )
    store.keep_tool_task(session_id, (1, 0), note)


def test_a_task_kept_when_its_call_crashed_becomes_the_calls_result_at_the_next_start(
    tmp_path: Path,
):
    path = tmp_path / "sessions.sqlite3"
    store = SessionStore(path)
    chat_calling_a_tool(store, "s1")
    store.close()  # the process died here: nothing else was written

    again = SessionStore(path)
    try:
        assert again.recover_tool_tasks() == 1
        tasks = ToolTasks(again, tool_servers=None, live=list)  # type: ignore[arg-type]
        (running,) = tasks.left_running()
        assert (running.session_id, running.message_index, running.call_key) == ("s1", 2, (1, 0))
        assert running.task["task_id"] == "t-42"
        assert again.recover_tool_tasks() == 0  # recovered once, not at every start
    finally:
        again.close()


def test_a_task_whose_call_got_its_result_is_not_recovered(store: SessionStore):
    chat_calling_a_tool(store, "s1")
    result = tool_message("call_1", "mcp__renderer__render", "rendered city", is_error=False)
    store.append_message("s1", result, answers_task_of=(1, 0))

    assert store.recover_tool_tasks() == 0
    assert [message.content for message in store.load_session("s1").messages][2:] == [
        "rendered city"
    ]
