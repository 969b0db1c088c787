"""The anthropic provider driven by AgentCore, against a loopback Messages API server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator

import pytest
from tests.support.wire_servers import WireServer, load_recording

from agent_core import AgentCore, Message, Session
from anthropic_provider import AnthropicProvider

pytestmark = pytest.mark.integration

API_KEY = "sk-ant-core-test-1f2e3d4c5b6a7980"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with WireServer() as running:
        running.models = {
            "data": [
                {
                    "id": "claude-sonnet-4-6",
                    "display_name": "Claude Sonnet 4.6",
                    "type": "model",
                    "created_at": "2026-01-01T00:00:00Z",
                }
            ],
            "has_more": False,
            "first_id": "claude-sonnet-4-6",
            "last_id": "claude-sonnet-4-6",
        }
        yield running


@pytest.fixture
def core() -> Iterator[AgentCore]:
    agent_core = AgentCore()
    agent_core.register_provider(AnthropicProvider)
    yield agent_core
    agent_core.close()


@pytest.fixture
def config(server: WireServer) -> dict:
    return {
        "provider": "anthropic",
        "base_url": server.url,
        "model": "claude-sonnet-4-6",
        "api_key": API_KEY,
        "timeout": 5,
    }


def _session(*messages: Message) -> Session:
    return Session(
        session_id="s1",
        messages=[Message(role="system", content="Be brief."), *messages],
    )


async def _events(core: AgentCore, session: Session, config: dict, **kwargs) -> list[dict]:
    return [event async for event in core.astream_request(session, config, **kwargs)]


async def test_thinking_and_text_through_the_core(core, server, config):
    server.enqueue("anthropic_thinking_stream")
    events = await _events(core, _session(Message(role="user", content="2+2?")), config)
    partials = [e for e in events if e["type"] == "partial"]
    assert partials[0]["message"]["metadata"]["reasoning"] == "Two plus two "
    assert partials[0]["message"]["content"] == ""
    [message] = events[-1]["messages"]
    assert message["content"] == "2 + 2 = 4."
    assert message["metadata"]["reasoning"] == "Two plus two is four."
    assert message["metadata"]["session_usage"] == {
        "input_tokens": 40,
        "output_tokens": 60,
        "cost_usd": pytest.approx((40 * 3 + 60 * 15) / 1_000_000),
        "unpriced_turns": 0,
    }
    assert server.posts[0].body["system"] == "Be brief."


async def test_tool_use_round_trip_through_the_core(core, server, config):
    server.enqueue("anthropic_tool_use_stream", "anthropic_text_stream")
    first = await _events(core, _session(Message(role="user", content="Read notes")), config)
    [assistant] = first[-1]["messages"]
    [result] = core.execute_tool_calls(assistant["metadata"]["tool_calls"], config)
    session = Session(
        session_id="s1", messages=[*first[-1]["session"].messages, Message.from_dict(result)]
    )
    second = await _events(core, session, config)
    assert second[-1]["type"] == "final"
    sent = server.posts[1].body["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "user"]
    assert sent[1]["content"][1]["type"] == "tool_use"
    [tool_result] = sent[2]["content"]
    assert tool_result["type"] == "tool_result"
    assert tool_result["tool_use_id"] == "toolu_01A"
    assert tool_result["is_error"] is True


async def test_rejected_key_is_an_error_event_without_the_key(core, server, config):
    server.enqueue("anthropic_error_401")
    [event] = await _events(core, _session(Message(role="user", content="hi")), config)
    assert event["type"] == "error"
    assert event["error"]["plugin"] == "anthropic"
    assert event["error"]["hook"] == "astream_api"
    assert "rejected the API key" in event["error"]["message"]
    assert API_KEY not in json.dumps(event["error"])


async def test_cancel_through_the_core(core, server, config):
    server.enqueue({**load_recording("anthropic_text_stream"), "delay": 0.5})
    events: list[dict] = []

    async def consume() -> None:
        session = _session(Message(role="user", content="hi"))
        async for event in core.astream_request(session, config, request_id="stop"):
            events.append(event)

    task = asyncio.create_task(consume())
    deadline = time.monotonic() + 5
    while not any(e["type"] == "partial" for e in events):
        assert time.monotonic() < deadline
        await asyncio.sleep(0.01)
    started = time.monotonic()
    assert core.cancel_request("stop") is True
    await task
    assert time.monotonic() - started < 0.4
    assert events[-1]["type"] == "cancelled"
    assert events[-1]["message"]["content"] == "Hello"


def test_models_and_tags_through_the_core(core, server, config):
    assert [m["name"] for m in core.get_models(config)] == ["Claude Sonnet 4.6"]
    assert {"streaming", "tools", "vision", "reasoning"} <= set(core.get_tags(config))
