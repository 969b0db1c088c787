"""The memory plugins on the real application and tool loop: a proposal asks like any change,
what was kept reaches the next chat's request, and the per-chat switch (a session action that
keeps `memory.enabled` in the chat's overrides) turns it off for that chat only."""

from __future__ import annotations

import copy
from typing import Any

from agent_memory import MemoryFeature, MemoryTools
from scripted_provider import ScriptedProvider
from tests.support.tool_loop_harness import ApprovalDesk, collect, tool_turn, with_user_message


class RecordingScripted(ScriptedProvider):
    """The scripted provider, keeping the native messages and tools of every turn."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[list[dict[str, Any]], list[str]]] = []

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        self.tools = [tool["function"]["name"] for tool in config.get("tools") or []]
        return super().init(config)

    def astream_api(self, native_messages, state, *, request_id=None):
        self.seen.append((copy.deepcopy(native_messages), list(self.tools)))
        return super().astream_api(native_messages, state, request_id=request_id)

    def call_api(self, native_messages, state, *, request_id=None):
        self.seen.append((copy.deepcopy(native_messages), list(self.tools)))
        return super().call_api(native_messages, state, request_id=request_id)


def system_text(messages: list[dict[str, Any]]) -> str:
    return "\n".join(str(m.get("content")) for m in messages if m["role"] == "system")


async def test_a_kept_memory_reaches_other_chats_but_not_one_switched_off(make_app):
    app = make_app(RecordingScripted, MemoryFeature, MemoryTools)
    desk = ApprovalDesk("allow_once")
    app.set_approval_handler(desk)
    first = with_user_message(app.sessions.create_session(), "I only drink tea")
    await collect(app, first, [tool_turn(("remember", {"text": "Drinks tea only"})), "Noted."])
    assert [request["tool_name"] for request in desk.requests] == ["remember"]  # it asked

    second = with_user_message(app.sessions.create_session(), "What do I drink?")
    await collect(app, second, ["Tea."])
    provider = app.plugins.instance("scripted")
    messages, tools = provider.seen[-1]
    assert "- Drinks tea only" in system_text(messages)
    assert "remember" in tools

    switched, result = app.sessions.run_session_action(
        app.sessions.create_session(), "memory_chat_switch", owner="memory"
    )
    assert result["status"] == "ok"
    app.sessions.save_session(switched)
    third = with_user_message(switched, "What do I drink?")
    await collect(app, third, ["I don't know."])
    messages, tools = provider.seen[-1]
    assert "Drinks tea only" not in system_text(messages)
    assert "remember" not in tools
