"""Approval inside the tool loop: once, for the session, always (persisted, revocable), deny."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.support import workbench_tools
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)
from tests.support.workbench_tools import Workbench

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.settings import load_settings
from scripted_provider import ScriptedProvider

NOTE_TWICE = [
    tool_turn(("write_note", {"text": "first"})),
    tool_turn(("write_note", {"text": "second"})),
    "Noted twice.",
]


@pytest.fixture
async def app(tmp_path: Path):
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Workbench]
    )
    yield application
    await application.aclose()


def notes(app: AgentApplication) -> list[str]:
    return app.plugins.instance("workbench").notes


async def test_allow_once_asks_for_every_call(app: AgentApplication) -> None:
    desk = ApprovalDesk("allow_once")
    app.set_approval_handler(desk)

    events = await collect(app, with_user_message(app.sessions.create_session(), "go"), NOTE_TWICE)

    assert len(desk.requests) == 2
    assert len(of_type(events, "tool_approval_required")) == 2
    assert notes(app) == ["first", "second"]


async def test_allow_for_the_session(app: AgentApplication) -> None:
    desk = ApprovalDesk("allow_session")
    app.set_approval_handler(desk)
    session = with_user_message(app.sessions.create_session(), "go")

    events = await collect(app, session, NOTE_TWICE)
    assert len(desk.requests) == 1  # the second call in the same session runs without asking

    again = with_user_message(events[-1]["session"], "once more")
    script = [*NOTE_TWICE, tool_turn(("write_note", {"text": "third"})), "Three."]
    await collect(app, again, script)
    assert len(desk.requests) == 1

    await collect(app, with_user_message(app.sessions.create_session(), "other"), NOTE_TWICE)
    assert len(desk.requests) == 2  # another session is asked again
    assert notes(app) == ["first", "second", "third", "first", "second"]
    assert load_settings(app.paths.settings_path)[0].tool_approvals == {}


async def test_always_allow_is_saved_and_can_be_revoked(app: AgentApplication) -> None:
    desk = ApprovalDesk("allow_always", "allow_once")
    app.set_approval_handler(desk)

    await collect(app, with_user_message(app.sessions.create_session(), "go"), NOTE_TWICE)
    assert len(desk.requests) == 1
    assert load_settings(app.paths.settings_path)[0].tool_approvals == {"write_note": "always"}

    # A new application on the same folders (a restart) remembers it.
    restarted = AgentApplication(app.paths, plugins=[ScriptedProvider, Workbench])
    try:
        fresh_desk = ApprovalDesk("deny")
        restarted.set_approval_handler(fresh_desk)
        events = await collect(
            restarted, with_user_message(restarted.sessions.create_session(), "go"), NOTE_TWICE
        )
        assert fresh_desk.requests == []
        assert all(not e["message"]["metadata"]["is_error"] for e in of_type(events, "tool_result"))
    finally:
        await restarted.aclose()

    assert app.configuration.approvals.revoke("write_note") is True
    assert load_settings(app.paths.settings_path)[0].tool_approvals == {}
    assert app.configuration.approvals.revoke("write_note") is False
    await collect(app, with_user_message(app.sessions.create_session(), "again"), NOTE_TWICE)
    assert len(desk.requests) == 3  # asked for both calls again


async def test_deny_with_reason_reaches_the_model_and_the_loop_goes_on(
    app: AgentApplication,
) -> None:
    app.set_approval_handler(ApprovalDesk(("deny", "not in my notebook")))
    session = with_user_message(app.sessions.create_session(), "go")
    script = [tool_turn(("write_note", {"text": "secret plan"})), "Understood, I won't."]

    events = await collect(app, session, script)

    [result] = of_type(events, "tool_result")
    message = result["message"]
    assert message["content"] == "The user denied this tool call: not in my notebook"
    assert message["metadata"]["is_error"] is True
    assert message["metadata"]["denied"] is True
    assert message["metadata"]["display"]["single_line"] == message["content"]
    assert "tool_started" not in [event["type"] for event in events]
    assert notes(app) == []
    assert of_type(events, "assistant")[-1]["message"]["content"] == "Understood, I won't."
    stored = app.sessions.load_session(session.session_id).messages
    assert stored[2].content == "The user denied this tool call: not in my notebook"


async def test_headless_denies_changes_and_runs_tools_marked_safe(app: AgentApplication) -> None:
    app.settings.tool_approvals = {"add": "always"}
    session = with_user_message(app.sessions.create_session(), "go")
    script = [
        tool_turn(("add", {"a": 40, "b": 2}), ("write_note", {"text": "42"})),
        "Could only add.",
    ]

    events = await collect(app, session, script)

    added, denied = of_type(events, "tool_result")
    assert added["message"]["content"] == "Result: 42"
    assert denied["message"]["metadata"]["is_error"] is True
    assert "no approval handler is set" in denied["message"]["content"]
    assert "tool_approval_required" not in [event["type"] for event in events]
    assert notes(app) == []


async def test_a_broken_approval_dialog_denies(app: AgentApplication) -> None:
    async def broken(request: dict) -> dict:
        raise RuntimeError("the dialog could not open")

    app.set_approval_handler(broken)
    script = [tool_turn(("write_note", {"text": "x"})), "ok"]

    events = await collect(app, with_user_message(app.sessions.create_session(), "go"), script)

    [result] = of_type(events, "tool_result")
    assert "the dialog could not open" in result["message"]["content"]
    assert notes(app) == []
    assert events[-1]["type"] == "request_completed"


async def test_a_call_edited_before_it_is_allowed_runs_with_the_users_arguments(
    app: AgentApplication,
) -> None:
    async def edit_then_allow(request: dict) -> dict:
        return {"decision": "allow_once", "arguments": {"text": "what the user wrote"}}

    app.set_approval_handler(edit_then_allow)
    session = with_user_message(app.sessions.create_session(), "go")
    script = [tool_turn(("write_note", {"text": "what the model wrote"})), "Noted."]

    events = await collect(app, session, script)

    assert notes(app) == ["what the user wrote"]
    [result] = of_type(events, "tool_result")
    assert result["message"]["metadata"]["is_error"] is False


async def test_an_edit_sent_with_a_denial_runs_nothing(app: AgentApplication) -> None:
    async def deny_with_edit(request: dict) -> dict:
        return {"decision": "deny", "arguments": {"text": "ignored"}}

    app.set_approval_handler(deny_with_edit)
    session = with_user_message(app.sessions.create_session(), "go")
    await collect(app, session, [tool_turn(("write_note", {"text": "x"})), "Ok."])
    assert notes(app) == []


class Memo:
    """A tool that changes things (asked about) and requires its `text` argument."""

    name = "memo"
    version = "1.0.0"

    def __init__(self) -> None:
        self.kept: list[str] = []

    def get_tool_schemas(self, state, *, prepared=None):
        parameters = {
            "type": "object",
            "properties": {"text": {"type": "string"}},
            "required": ["text"],
        }
        return [
            {
                "type": "function",
                "function": {
                    "name": "remember",
                    "description": "Keep a fact",
                    "parameters": parameters,
                },
                "annotations": {"destructiveHint": False},
            }
        ]

    def execute_tool(self, tool_name, payload, state, **_):
        self.kept.append(payload["text"])
        return {"success": True, "result": "kept"}


@pytest.fixture
async def memo_app(tmp_path: Path):
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, Memo]
    )
    yield application
    await application.aclose()


async def test_a_call_lacking_a_required_argument_is_refused_unasked(
    memo_app: AgentApplication,
) -> None:
    desk = ApprovalDesk("allow_once")
    memo_app.set_approval_handler(desk)
    session = with_user_message(memo_app.sessions.create_session(), "remember tea")
    script = [
        tool_turn(("remember", {"fact": "The user likes tea"})),
        tool_turn(("remember", {"text": "The user likes tea"})),
        "Kept.",
    ]

    events = await collect(memo_app, session, script)

    wrong, right = of_type(events, "tool_result")
    assert wrong["message"]["metadata"]["is_error"] is True
    assert "'remember'" in wrong["message"]["content"]
    assert "The required argument 'text' is missing." in wrong["message"]["content"]
    # Only the call that can run was asked about, and only it started.
    assert [request["arguments"] for request in desk.requests] == [{"text": "The user likes tea"}]
    assert len(of_type(events, "tool_approval_required")) == 1
    assert len(of_type(events, "tool_started")) == 1
    assert right["message"]["content"] == "Result: kept"
    assert memo_app.plugins.instance("memo").kept == ["The user likes tea"]
    # The model's next turn reads the error as the wrong call's tool result.
    stored = memo_app.sessions.load_session(session.session_id).messages
    assert stored[2].role == "tool"
    assert stored[2].content == wrong["message"]["content"]


async def test_arguments_edited_into_ones_the_tool_cannot_take_are_not_run(
    memo_app: AgentApplication,
) -> None:
    async def edit_away_the_text(request: dict) -> dict:
        return {"decision": "allow_once", "arguments": {"note": "tea"}}

    memo_app.set_approval_handler(edit_away_the_text)
    session = with_user_message(memo_app.sessions.create_session(), "remember tea")
    script = [tool_turn(("remember", {"text": "tea"})), "Ok."]

    events = await collect(memo_app, session, script)

    [result] = of_type(events, "tool_result")
    assert "The required argument 'text' is missing." in result["message"]["content"]
    assert memo_app.plugins.instance("memo").kept == []


async def test_a_tool_changed_while_the_user_was_asked_does_not_run(
    app: AgentApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round's catalog is not reused once the user was asked: the call runs from the tools
    as they are then, and a tool changed meanwhile is not the one approved, so it does not run."""
    schema = workbench_tools._schema

    def changed(name: str, properties: dict[str, Any], annotations: Any = None) -> Any:
        tool = schema(name, properties, annotations)
        tool["function"]["description"] = "now writes the note somewhere else"
        return tool

    class ChangingDesk(ApprovalDesk):
        async def __call__(self, request: dict[str, Any]) -> dict[str, Any]:
            monkeypatch.setattr(workbench_tools, "_schema", changed)
            return await super().__call__(request)

    desk = ChangingDesk("allow_once")
    app.set_approval_handler(desk)
    script = [tool_turn(("write_note", {"text": "first"})), "ok"]

    events = await collect(app, with_user_message(app.sessions.create_session(), "go"), script)

    assert len(desk.requests) == 1
    assert notes(app) == []
    [result] = of_type(events, "tool_result")
    assert "is not the one that was approved" in result["message"]["content"]
