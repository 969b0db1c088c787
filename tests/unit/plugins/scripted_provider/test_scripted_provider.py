"""The scripted provider's hooks, driven the way the core drives a provider."""

from __future__ import annotations

import json

import pytest

from agent_core import ProviderRequestCancelled
from scripted_provider import ScriptedProvider, ScriptedProviderError


def run_turn(provider, messages, config, *, request_id=None):
    """Drive one streamed turn through the provider's own hooks; return partials, finals, state."""
    state = provider.init(config)
    native = provider.to_native_messages(messages, state)
    native, state = provider.initialize_request(native, state, request_id=request_id)
    partials = []
    for chunk in provider.stream_api(native, state, request_id=request_id):
        chunk_partials, _, native, state = provider.process_chunk(chunk, native, state)
        partials.extend(chunk_partials)
    finals, native, state = provider.finalize(native, state)
    return partials, provider.from_native_messages(finals, state), native


def test_plays_the_reply_in_chunks_with_accumulated_partials():
    provider = ScriptedProvider()
    config = {"script": [{"content": "Hello there, world", "chunk_size": 5}]}
    partials, finals, _ = run_turn(provider, [{"role": "user", "content": "hi"}], config)

    assert [p["content"] for p in partials[:4]] == [
        "Hello",
        "Hello ther",
        "Hello there, wo",
        "Hello there, world",
    ]
    assert finals[0]["content"] == "Hello there, world"
    assert finals[0]["metadata"]["model"] == "scripted-1"
    assert set(finals[0]["metadata"]["usage"]) == {"input_tokens", "output_tokens"}


def test_tool_calls_land_in_core_metadata_and_the_next_turn_follows():
    provider = ScriptedProvider()
    config = {
        "script": [
            {"content": "", "tool_calls": [{"name": "add", "arguments": {"a": 1, "b": 2}}]},
            "The sum is 3.",
        ]
    }
    history = [{"role": "user", "content": "add 1 and 2"}]
    _, finals, _ = run_turn(provider, history, config)
    call = finals[0]["metadata"]["tool_calls"][0]
    assert call["type"] == "function"
    assert call["function"]["name"] == "add"
    assert json.loads(call["function"]["arguments"]) == {"a": 1, "b": 2}

    history += [
        finals[0],
        {"role": "tool", "content": "3", "metadata": {"tool_call_id": call["id"], "name": "add"}},
    ]
    _, finals, native = run_turn(provider, history, config)
    assert finals[0]["content"] == "The sum is 3."
    assert native[2] == {"role": "tool", "content": "3", "tool_call_id": call["id"], "name": "add"}


def test_echoes_when_the_script_runs_out():
    _, finals, _ = run_turn(ScriptedProvider(), [{"role": "user", "content": "ping"}], {})
    assert finals[0]["content"] == "Echo: ping"


def test_reasoning_stays_out_of_content():
    config = {"script": [{"content": "Answer", "reasoning": "Let me think"}]}
    partials, finals, _ = run_turn(ScriptedProvider(), [{"role": "user", "content": "q"}], config)
    assert partials[0]["metadata"]["reasoning"] == "Let me t"
    assert partials[-1]["metadata"]["reasoning"] == "Let me think"
    assert finals[0]["content"] == "Answer"
    assert finals[0]["metadata"]["reasoning"] == "Let me think"


def test_error_turn_breaks_off_after_its_content():
    provider = ScriptedProvider()
    config = {"script": [{"content": "partial", "error": "connection reset"}]}
    with pytest.raises(ScriptedProviderError, match="connection reset"):
        run_turn(provider, [{"role": "user", "content": "q"}], config)


def test_cancel_stops_an_active_request_only():
    provider = ScriptedProvider()
    state = provider.init({"script": [{"content": "x" * 100, "chunk_size": 1}]})
    assert provider.cancel_request("unknown") is False
    stream = provider.stream_api([{"role": "user", "content": "q"}], state, request_id="r1")
    next(stream)
    assert provider.cancel_request("r1") is True
    with pytest.raises(ProviderRequestCancelled):
        next(stream)


async def test_async_stream_matches_the_sync_stream():
    provider = ScriptedProvider()
    state = provider.init({"script": ["abcdefghij"]})
    native = [{"role": "user", "content": "q"}]
    sync_chunks = list(provider.stream_api(native, state))
    async_chunks = [chunk async for chunk in provider.astream_api(native, state)]
    assert async_chunks == sync_chunks


def test_call_api_returns_the_final_message():
    provider = ScriptedProvider()
    state = provider.init({"script": ["done"]})
    partials, finals, native, _ = provider.call_api([{"role": "user", "content": "q"}], state)
    assert partials == []
    assert finals[0]["content"] == "done"
    assert native[-1] is finals[0]


def test_bad_script_shape_is_a_clear_error():
    provider = ScriptedProvider()
    state = provider.init({"script": [42]})
    with pytest.raises(ValueError, match="Script turn 0 must be a string or a dict"):
        list(provider.stream_api([{"role": "user", "content": "q"}], state))
