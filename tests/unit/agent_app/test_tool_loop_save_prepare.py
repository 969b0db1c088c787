"""A finished request saves the conversation through `session_save_prepare`."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from tests.support.tool_loop_harness import collect, of_type, with_user_message

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from scripted_provider import ScriptedProvider


class SaveCounter:
    """A feature whose save-prepare action counts the saves it saw."""

    name = "save_counter"
    version = "1.0.0"
    fail: ClassVar[bool] = False

    def finalize(self, final_messages, native_messages, state):
        return final_messages, native_messages, state

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "count_save", "trigger": ["session_save_prepare"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        if self.fail:
            raise RuntimeError("the counter broke")
        seen = session.metadata.get("saves_seen", 0)
        return {
            "native_messages": native_messages,
            "session_metadata": {"saves_seen": seen + 1, "messages_seen": len(session.messages)},
        }


async def test_a_completed_request_runs_save_prepare_and_stores_its_result(tmp_path: Path):
    SaveCounter.fail = False
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, SaveCounter]
    )
    try:
        session = with_user_message(app.sessions.create_session(), "hello")

        events = await collect(app, session, ["Hi there."])

        completed = events[-1]
        assert completed["type"] == "request_completed"
        assert completed["session"].metadata["messages_seen"] == 2
        stored = app.sessions.load_session(session.session_id)
        assert stored.metadata["messages_seen"] == 2
        assert stored.metadata["saves_seen"] >= 1
    finally:
        await app.aclose()


async def test_a_failing_save_prepare_action_keeps_the_conversation(tmp_path: Path):
    SaveCounter.fail = True
    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, SaveCounter]
    )
    try:
        session = with_user_message(app.sessions.create_session(), "hello")

        events = await collect(app, session, ["Hi there."])

        assert events[-1]["type"] == "request_completed"
        assert not of_type(events, "error")  # a failing lifecycle action is logged, not fatal
        stored = app.sessions.load_session(session.session_id)
        assert [m.content for m in stored.messages] == ["hello", "Hi there."]
    finally:
        SaveCounter.fail = False
        await app.aclose()
