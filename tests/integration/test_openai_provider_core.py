"""The openai_compatible provider driven by AgentCore, against a loopback chat server."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator

import pytest
from tests.support.wire_servers import WireServer, closed_port, load_recording, serving_models

from agent_core import AgentCore, Message, Session
from openai_provider import OpenAICompatibleProvider
from think_finish_tools import ThinkFinishTools

pytestmark = pytest.mark.integration

API_KEY = "sk-core-test-0a1b2c3d4e5f6a7b8c9d"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("gpt-4o-mini") as running:
        yield running


@pytest.fixture
def core() -> Iterator[AgentCore]:
    agent_core = AgentCore()
    agent_core.register_provider(OpenAICompatibleProvider)
    yield agent_core
    agent_core.close()


@pytest.fixture
def config(server: WireServer) -> dict:
    return {
        "provider": "openai_compatible",
        "base_url": f"{server.url}/v1",
        "model": "gpt-4o-mini",
        "api_key": API_KEY,
        "timeout": 5,
    }


def _session(text: str = "Say hello") -> Session:
    return Session(session_id="s1", messages=[Message(role="user", content=text)])


async def _events(core: AgentCore, session: Session, config: dict, **kwargs) -> list[dict]:
    return [event async for event in core.astream_request(session, config, **kwargs)]


async def test_astream_request_yields_partials_then_the_final(core, server, config):
    server.enqueue("openai_text_stream")
    events = await _events(core, _session(), config, request_id="r-1")
    assert [e["type"] for e in events] == ["partial", "partial", "partial", "final"]
    assert all(e["request_id"] == "r-1" for e in events)
    assert events[-2]["message"]["content"] == "Hello, world!"
    [message] = events[-1]["messages"]
    assert message["content"] == "Hello, world!"
    assert message["metadata"]["usage"] == {"input_tokens": 21, "output_tokens": 4}
    assert message["metadata"]["session_usage"]["input_tokens"] == 21
    session = events[-1]["session"]
    assert [m.role for m in session.messages] == ["user", "assistant"]


def test_stream_request_sync_path(core, server, config):
    server.enqueue("openai_reasoning_content_stream")
    events = list(core.stream_request(_session(), config))
    final = events[-1]
    assert final["type"] == "final"
    assert final["messages"][0]["metadata"]["reasoning"] == "The user wants 2+2. That is 4."
    assert final["messages"][0]["content"] == "2 + 2 = 4."


def test_send_request_non_streaming(core, server, config):
    server.enqueue("openai_text_completion")
    session, messages = core.send_request(_session(), config)
    assert [m["content"] for m in messages] == ["Paris is the capital of France."]
    assert session.messages[-1].metadata["usage"] == {"input_tokens": 17, "output_tokens": 8}


async def test_asend_request_uses_the_async_call(core, server, config):
    server.enqueue("openai_tool_call_completion")
    _, messages = await core.asend_request(_session(), config)
    assert messages[0]["metadata"]["tool_calls"][0]["function"]["name"] == "read_file"


async def test_core_tool_schemas_reach_the_server_without_annotations(server, config):
    core = AgentCore()
    core.register_provider(OpenAICompatibleProvider)
    core.register_tool(ThinkFinishTools)
    try:
        server.enqueue("openai_text_stream")
        await _events(core, _session(), config)
    finally:
        core.close()
    tools = server.posts[0].body["tools"]
    assert {t["function"]["name"] for t in tools} >= {"think", "finish"}
    assert all(set(t) == {"type", "function"} for t in tools)


async def test_a_tool_round_trip_goes_back_in_native_shape(core, server, config):
    server.enqueue("openai_tool_call_stream", "openai_text_stream")
    first = await _events(core, _session("Read notes"), config)
    [assistant] = first[-1]["messages"]
    [call] = assistant["metadata"]["tool_calls"]
    [result] = core.execute_tool_calls([call], config)  # no such tool here: an error result
    assert result["metadata"]["is_error"] is True
    session = Session(
        session_id="s1",
        messages=[*first[-1]["session"].messages, Message.from_dict(result)],
    )
    second = await _events(core, session, config)
    assert second[-1]["type"] == "final"
    sent = server.posts[1].body["messages"]
    assert sent[1]["tool_calls"][0]["id"] == "call_Qx7"
    assert sent[2] == {
        "role": "tool",
        "tool_call_id": "call_Qx7",
        "content": result["content"],
    }
    totals = second[-1]["messages"][0]["metadata"]["session_usage"]
    assert totals["input_tokens"] == 88 + 21


async def test_errors_become_error_events_naming_plugin_and_hook(core, config):
    dead = {**config, "preset": "ollama", "base_url": f"http://127.0.0.1:{closed_port()}/v1"}
    events = await _events(core, _session(), dead)
    [event] = events
    assert event["type"] == "error"
    error = event["error"]
    assert error["plugin"] == "openai_compatible"
    assert error["hook"] == "astream_api"
    assert "Nothing answers at" in error["message"]
    assert error["detail"].startswith("Nothing answers at")  # the plugin's own sentence
    assert error["kind"] == "connection"
    assert "APIConnectionError: All connection attempts failed" in error["technical"]
    assert API_KEY not in json.dumps(error)


async def test_a_cut_stream_ends_with_the_partial_marked_incomplete(core, server, config):
    server.enqueue("openai_dropped_stream")
    events = await _events(core, _session(), config)
    error = events[-1]
    assert error["type"] == "error"
    assert "cut the connection mid-answer" in error["error"]["detail"]
    assert error["error"]["kind"] == "stream_cut"
    assert error["message"]["content"] == "The first half of a long answer"
    assert error["message"]["metadata"]["incomplete"] is True


async def test_cancel_request_through_the_core_closes_the_http_stream(core, server, config):
    server.enqueue({**load_recording("openai_text_stream"), "delay": 0.5})
    events: list[dict] = []

    async def consume() -> None:
        async for event in core.astream_request(_session(), config, request_id="stop-me"):
            events.append(event)

    task = asyncio.create_task(consume())
    deadline = time.monotonic() + 5
    while not any(e["type"] == "partial" for e in events):
        assert time.monotonic() < deadline
        await asyncio.sleep(0.01)
    started = time.monotonic()
    assert core.cancel_request("stop-me") is True
    await task
    assert time.monotonic() - started < 0.4
    assert events[-1]["type"] == "cancelled"
    assert events[-1]["message"]["content"] == "Hello"
    deadline = time.monotonic() + 2
    while server.abandoned_streams < 1:
        assert time.monotonic() < deadline, "the HTTP stream was left open"
        await asyncio.sleep(0.02)


def test_ui_schema_models_and_tags_through_the_core(core, server, config):
    elements = core.get_ui_schema(config)
    mine = [e for e in elements if e.get("plugin") == "openai_compatible"]
    by_key = {e.get("key"): e for e in mine}
    assert by_key["api_key"]["type"] == "secret"
    assert by_key["model"]["type"] == "model"
    assert by_key["model"]["options"] == [{"value": "gpt-4o-mini", "label": "gpt-4o-mini"}]
    assert {e["ui_type"] for e in mine} >= {"config", "message_footer", "status_bar"}
    assert [m["id"] for m in core.get_models(config)] == ["gpt-4o-mini"]
    assert {"streaming", "tools", "vision"} <= set(core.get_tags(config))
