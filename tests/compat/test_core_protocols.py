"""core-types-and-protocols.md, run as written: the tool context's `session`, partials forwarded
as-is (every one), the provider's `to_display_format` and `emitted_tool_call_formats`."""

from __future__ import annotations

from typing import Any

from agent_core import AgentCore, Message, Session, ToolInteropContribution
from agent_core.tool_interop import ToolCallPayload
from scripted_provider import ScriptedProvider
from tests.compat.spec_plugins import ContextRecordingTool, TwoPartialsProvider
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    script_overrides,
    tool_turn,
    with_user_message,
)


async def test_tools_get_the_serialized_session_in_their_context(make_app):
    app = make_app(ScriptedProvider, ContextRecordingTool)
    probe = app.plugins.instance("context_probe")
    app.set_approval_handler(ApprovalDesk("allow_once"))  # a third party's hints are not obeyed
    session = with_user_message(app.sessions.create_session(), "probe please")

    events = [
        e
        async for e in app.send_request(session, script_overrides([tool_turn(("probe", {})), "ok"]))
    ]

    assert [e["type"] for e in events][-1] == "request_completed"
    [context] = probe.contexts
    shown = context["session"]
    assert shown["session_id"] == session.session_id
    assert [m["role"] for m in shown["messages"]] == ["user", "assistant"]
    assert shown["messages"][0]["content"] == "probe please"
    assert shown["messages"][1]["metadata"]["tool_calls"][0]["function"]["name"] == "probe"
    assert Session.from_dict(shown).session_id == session.session_id  # a real to_dict()
    assert context["app"] is app
    assert context["trigger_source"] == "application"
    assert context["core"] is app.agents.build_core()


async def test_partials_reach_the_consumer_as_is_the_last_of_those_ready_at_once(make_app):
    """The core hands out every partial (below); the app shows a partial as the answer so far,
    so of those ready at once it forwards the last (the window shows only the latest anyway),
    each one the provider's own dict, untouched."""
    app = make_app(TwoPartialsProvider)
    session = with_user_message(app.sessions.create_session(), "hi")
    made = [
        {"role": "assistant", "content": "Hel"},
        {"role": "assistant", "content": "", "thinking_delta": "hmm"},
        {"role": "assistant", "content": "Hello"},
        {"role": "assistant", "content": "", "thinking_delta": ""},
    ]

    partials = [e["message"] async for e in app.send_request(session, {}) if e["type"] == "partial"]

    assert partials
    assert partials[-1] == made[-1]
    # Each one the provider made, with its own keys (not rebuilt), in the provider's order.
    positions = [made.index(partial) for partial in partials]
    assert positions == sorted(set(positions))


def test_the_core_yields_the_providers_partial_dicts_themselves():
    core = AgentCore()
    core.register_provider(TwoPartialsProvider)
    session = Session("s", [Message("user", "hi")], {})

    events = list(core.stream_request(session, {}))

    partials = [e["message"] for e in events if e["type"] == "partial"]
    assert len(partials) == 4
    assert "metadata" not in partials[0]  # not rebuilt into {"role","content","metadata"}
    assert partials[1]["thinking_delta"] == "hmm"


async def test_provider_display_format_is_kept_with_the_answer(make_app):
    app = make_app(TwoPartialsProvider)
    provider = app.agents.build_core().plugins()["providers"][0]
    session = with_user_message(app.sessions.create_session(), "hi")

    events = [e async for e in app.send_request(session, {})]

    [answer] = [e["message"] for e in events if e["type"] == "assistant"]
    assert answer["content"] == "Hello"  # what the model said, unchanged
    assert answer["metadata"]["display"]["content"] == "HELLO"  # how the provider shows it
    assert provider.display_calls == 1
    stored = app.sessions.load_session(session.session_id).messages[-1]
    assert stored.metadata["display"]["content"] == "HELLO"


class AcmeCallsProvider(TwoPartialsProvider):
    """Emits tool calls in its own format `acme.calls`: chat-shaped dicts whose names carry an
    `acme:` prefix. The chat-completions accessor would also read them (with the wrong name), so
    the core must try the emitted format first."""

    name = "acme"

    def emitted_tool_call_formats(self, config, state=None):
        return ["acme.calls"]

    def get_tool_interop_contribution(self, config, state=None):
        def read(call: dict[str, Any]) -> ToolCallPayload | None:
            name = (call.get("function") or {}).get("name", "")
            if not name.startswith("acme:"):
                return None
            return ToolCallPayload(call.get("id"), name.removeprefix("acme:"), {}, "object", "acme")

        return ToolInteropContribution(tool_call_accessors={"acme.calls": read})


def test_emitted_tool_call_formats_choose_how_calls_are_read():
    core = AgentCore()
    core.register_provider(AcmeCallsProvider)
    core.register_tool(ContextRecordingTool)
    call = {"id": "c1", "type": "function", "function": {"name": "acme:probe", "arguments": "{}"}}

    [result] = core.execute_tool_calls([call], {})

    assert result["metadata"]["is_error"] is False, result
    assert result["content"] == "probed"
