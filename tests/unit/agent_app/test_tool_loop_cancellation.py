"""Stopping a request: inside a tool (async and subprocess), while streaming, while asking."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import aclosing
from pathlib import Path
from typing import Any

import psutil
import pytest
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    script_overrides,
    tool_turn,
    types,
    with_user_message,
)
from tests.support.workbench_tools import Workbench

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.turn_outcome import ENDING_LABELS, QUIT
from scripted_provider import ScriptedProvider


@pytest.fixture
async def app(tmp_path: Path):
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    application.set_approval_handler(ApprovalDesk("allow_once"))
    yield application
    await application.aclose()


def workbench(app: AgentApplication) -> Workbench:
    return app.plugins.instance("workbench")


async def until(condition: Callable[[], Any], seconds: float = 5.0) -> None:
    """Wait (on the loop, not by blocking) until `condition()` holds."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)


async def cancel_when(
    app: AgentApplication,
    session: Any,
    script: list[Any],
    ready: Callable[[dict[str, Any]], bool],
    running: Callable[[], Any] = lambda: True,
) -> list[dict[str, Any]]:
    """Run a request and stop it at the first event for which `ready` holds (and `running()`)."""
    events = []
    cancelled = False
    async for event in app.send_request(session, script_overrides(script)):
        events.append(event)
        if not cancelled and ready(event):
            await until(running)
            assert app.cancel_request(event["request_id"]) is True
            cancelled = True
    return events


async def test_stop_inside_a_slow_async_tool(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "hang")
    script = [tool_turn(("hang", {}), ("add", {"a": 1, "b": 2})), "After the stop."]

    events = await cancel_when(
        app,
        session,
        script,
        lambda event: event["type"] == "tool_started",
        lambda: "hang started" in workbench(app).events,
    )

    assert types(events)[-3:] == ["tool_result", "tool_result", "request_cancelled"]
    stopped = [event["message"] for event in of_type(events, "tool_result")]
    assert [m["metadata"]["name"] for m in stopped] == ["hang", "add"]
    assert all(m["metadata"]["stopped"] and m["metadata"]["is_error"] for m in stopped)
    assert "stopped the request" in stopped[0]["content"]
    assert workbench(app).events == ["hang started", "hang cancelled"]
    assert app.tool_loop.active_request_ids == []
    roles = [m.role for m in app.sessions.load_session(session.session_id).messages]
    assert roles == ["user", "assistant", "tool", "tool"]
    assert events[-1]["session"].messages[-1].metadata["stopped"] is True

    # The history is well-formed: the conversation simply goes on.
    follow_up = with_user_message(events[-1]["session"], "continue")
    after = await collect(app, follow_up, script)
    assert of_type(after, "assistant")[-1]["message"]["content"] == "After the stop."


async def test_stop_kills_the_tools_subprocess(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "sleep")
    tools = workbench(app)

    events = await cancel_when(
        app,
        session,
        [tool_turn(("run_sleep_process", {}))],
        lambda event: event["type"] == "tool_started",
        lambda: tools.subprocess_pids,
    )

    [pid] = tools.subprocess_pids
    assert events[-1]["type"] == "request_cancelled"
    assert tools.events == ["process killed"]
    assert not psutil.pid_exists(pid)  # killed and reaped: nothing left running
    assert not any(child.pid == pid for child in psutil.Process().children(recursive=True))


async def test_stop_while_streaming_keeps_the_partial_answer(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "talk")
    long_turn = {"content": "word " * 200, "chunk_size": 5, "delay": 0.01}
    partials = []

    def third_partial(event: dict[str, Any]) -> bool:
        if event["type"] == "partial":
            partials.append(event)
        return len(partials) == 3

    events = await cancel_when(app, session, [long_turn], third_partial)

    assert events[-1]["type"] == "request_cancelled"
    [kept] = of_type(events, "assistant")
    content = kept["message"]["content"]
    assert content.startswith("word word word")
    assert len(content) < len("word " * 200)
    assert kept["message"]["metadata"]["stopped"] is True
    stored = app.sessions.load_session(session.session_id).messages
    assert stored[-1].content == content
    assert stored[-1].metadata["stopped"] is True
    assert app.sessions.store.load_draft(session.session_id) is None


async def test_stop_while_waiting_for_approval(app: AgentApplication) -> None:
    never_answered = asyncio.get_running_loop().create_future()
    asked = asyncio.Event()

    async def waits_forever(request: dict[str, Any]) -> dict[str, Any]:
        asked.set()
        return await never_answered

    app.set_approval_handler(waits_forever)
    session = with_user_message(app.sessions.create_session(), "note")
    events: list[dict[str, Any]] = []

    async def consume() -> None:
        script = script_overrides([tool_turn(("write_note", {"text": "x"}))])
        async for event in app.send_request(session, script):
            events.append(event)

    consumer = asyncio.create_task(consume())
    await asyncio.wait_for(asked.wait(), 5)
    assert app.cancel_request(events[0]["request_id"]) is True
    await asyncio.wait_for(consumer, 5)

    assert types(events)[-2:] == ["tool_result", "request_cancelled"]
    assert workbench(app).notes == []
    assert never_answered.cancelled()


async def test_the_user_is_asked_only_after_every_earlier_event_was_handled(
    app: AgentApplication,
) -> None:
    handled: list[str] = []
    seen_when_asked: list[list[str]] = []

    async def records_what_the_ui_knew(request: dict[str, Any]) -> dict[str, Any]:
        seen_when_asked.append(list(handled))
        return {"decision": "allow_once", "reason": None}

    app.set_approval_handler(records_what_the_ui_knew)
    session = with_user_message(app.sessions.create_session(), "note")

    async for event in app.send_request(
        session, script_overrides([tool_turn(("write_note", {"text": "x"})), "Noted."])
    ):
        await asyncio.sleep(0.01)  # a busy UI: it reads events more slowly than they come
        handled.append(event["type"])

    [known] = seen_when_asked
    assert known[-3:] == ["assistant", "tool_call", "tool_approval_required"]
    assert workbench(app).notes == ["x"]


async def test_consumer_walking_away_stops_the_work(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "hang")
    tools = workbench(app)

    async with aclosing(app.send_request(session, script_overrides([tool_turn(("hang", {}))]))) as (
        events
    ):
        async for event in events:
            if event["type"] == "tool_started":
                await until(lambda: "hang started" in tools.events)
                break

    assert tools.events == ["hang started", "hang cancelled"]
    assert app.tool_loop.active_request_ids == []
    stored = app.sessions.load_session(session.session_id).messages
    assert stored[-1].role == "tool"
    assert stored[-1].metadata["stopped"] is True


async def test_cancel_unknown_or_finished_request(app: AgentApplication) -> None:
    events = await collect(app, with_user_message(app.sessions.create_session(), "hi"), ["hello"])

    assert app.cancel_request(events[0]["request_id"]) is False
    assert app.cancel_request("no-such-request") is False


async def test_stop_during_the_real_shell_tool_leaves_no_process(tmp_path: Path) -> None:
    from shell_tool import ShellTool

    app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, ShellTool])
    app.set_approval_handler(ApprovalDesk("allow_once"))
    command = "echo started; sleep 41.25 & sleep 42.5; echo never"

    def sleepers() -> list[psutil.Process]:
        found = []
        for child in psutil.Process().children(recursive=True):
            try:
                if "41.25" in child.cmdline() or "42.5" in child.cmdline():
                    found.append(child)
            except psutil.NoSuchProcess:
                continue
        return found

    try:
        events = await cancel_when(
            app,
            with_user_message(app.sessions.create_session(), "run it"),
            [tool_turn(("shell", {"command": command}))],
            lambda event: event["type"] == "tool_partial",
            lambda: len(sleepers()) == 2,
        )
    finally:
        await app.aclose()

    assert "started" in of_type(events, "tool_partial")[0]["part"]
    assert events[-1]["type"] == "request_cancelled"
    assert of_type(events, "tool_result")[-1]["message"]["metadata"]["stopped"] is True
    await until(lambda: not sleepers())


async def test_closing_the_app_stops_a_running_request_and_its_subprocess(tmp_path: Path) -> None:
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    application.set_approval_handler(ApprovalDesk("allow_once"))
    tools = workbench(application)
    session = with_user_message(application.sessions.create_session(), "sleep")
    events: list[dict[str, Any]] = []

    async def consume() -> None:
        stream = application.send_request(
            session, script_overrides([tool_turn(("run_sleep_process", {}))])
        )
        async with aclosing(stream):
            async for event in stream:
                events.append(event)

    consumer = asyncio.create_task(consume())
    await until(lambda: tools.subprocess_pids)
    [pid] = tools.subprocess_pids

    await application.aclose()  # the window closed mid-request
    await asyncio.wait_for(consumer, 5)

    assert not psutil.pid_exists(pid)
    assert application.tool_loop.active_request_ids == []
    assert events[-1]["type"] == "request_cancelled"


async def test_a_request_stopped_by_quitting_says_the_app_quit(app: AgentApplication) -> None:
    """The reason is kept with what was stopped: the app quitting, not the user. The first
    reason wins: quitting cancels the request, then its reader walks away (a second cancel)."""
    session = with_user_message(app.sessions.create_session(), "hang")
    script = [tool_turn(("hang", {}), content="Let me look. ")]
    events = []
    async for event in app.send_request(session, script_overrides(script)):
        events.append(event)
        if event["type"] == "tool_started":
            await until(lambda: "hang started" in workbench(app).events)
            assert app.cancel_request(event["request_id"], QUIT) is True
            app.cancel_request(event["request_id"])  # the user's reason comes too late

    assert events[-1]["type"] == "request_cancelled"
    [settled] = [event["message"] for event in of_type(events, "tool_result")]
    assert settled["content"] == "The app quit before this tool call finished."
    assert settled["metadata"]["stopped"] is True


async def test_a_partial_answer_stopped_by_quitting_is_marked_quit(app: AgentApplication) -> None:
    session = with_user_message(app.sessions.create_session(), "talk")
    long_turn = {"content": "word " * 200, "chunk_size": 5, "delay": 0.01}
    events = []
    async for event in app.send_request(session, script_overrides([long_turn])):
        events.append(event)
        if len(of_type(events, "partial")) == 3:
            await app.tool_loop.stop_all()  # what closing the app does

    [kept] = of_type(events, "assistant")
    assert kept["message"]["metadata"]["ended"] == QUIT
    stored = app.sessions.load_session(session.session_id).messages[-1]
    assert stored.metadata["ended"] == QUIT
    assert ENDING_LABELS[stored.metadata["ended"]] == "stopped when the app quit"
