"""The anthropic provider against a loopback server speaking the Messages API.

The official SDK talks to :class:`WireServer` over a real socket; the server replays recorded
answers from ``tests/support/recordings/``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Iterator

import pytest
from tests.support.provider_hooks import astream_turn, call_turn, stream_turn
from tests.support.wire_servers import WireServer, closed_port, load_recording

from agent_core import ProviderRequestCancelled
from anthropic_provider import AnthropicProvider
from openai_provider import ProviderError

pytestmark = pytest.mark.integration

API_KEY = "sk-ant-api03-test-9d8c7b6a5f4e3d2c1b0a"
HELLO = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Say hello"}]
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg"


@pytest.fixture
def server() -> Iterator[WireServer]:
    with WireServer() as running:
        yield running


@pytest.fixture
def config(server: WireServer) -> dict:
    return {
        "provider": "anthropic",
        "base_url": server.url,
        "model": "claude-sonnet-4-6",
        "api_key": API_KEY,
        "timeout": 5,
        "max_tokens": 1024,
    }


async def test_text_streams_as_growing_partials_then_one_final(server, config):
    server.enqueue("anthropic_text_stream")
    turn = await astream_turn(AnthropicProvider(), HELLO, config)
    assert turn.error is None
    assert [p["content"] for p in turn.partials] == ["Hello", "Hello, wor", "Hello, world!"]
    [final] = turn.finals
    assert final["content"] == "Hello, world!"
    assert final["metadata"]["usage"] == {"input_tokens": 25, "output_tokens": 15}
    assert final["metadata"]["model"] == "claude-sonnet-4-5-20250929"
    request = server.posts[0]
    assert request.path == "/v1/messages"
    assert request.body["system"] == "Be brief."
    assert request.body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Say hello"}]}
    ]
    assert request.body["max_tokens"] == 1024
    assert request.body["stream"] is True


def test_sync_stream_api_gives_the_same_turn(server, config):
    server.enqueue("anthropic_text_stream")
    turn = stream_turn(AnthropicProvider(), HELLO, config)
    assert turn.error is None
    assert turn.finals[0]["content"] == "Hello, world!"


async def test_tool_use_json_fragments_become_core_tool_calls(server, config):
    server.enqueue("anthropic_tool_use_stream")
    tools = [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file",
                "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
            },
            "annotations": {"readOnlyHint": True},
        }
    ]
    turn = await astream_turn(AnthropicProvider(), HELLO, {**config, "tools": tools})
    final = turn.finals[0]
    assert final["content"] == "I'll read it."
    assert final["metadata"]["tool_calls"] == [
        {
            "id": "toolu_01A",
            "type": "function",
            "function": {"name": "read_file", "arguments": '{"path": "/tmp/notes.txt"}'},
        }
    ]
    assert server.posts[0].body["tools"] == [
        {
            "name": "read_file",
            "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
            "description": "Read a file",
        }
    ]


async def test_parallel_tool_use(server, config):
    server.enqueue("anthropic_parallel_tool_use_stream")
    turn = await astream_turn(AnthropicProvider(), HELLO, config)
    calls = turn.finals[0]["metadata"]["tool_calls"]
    assert [(c["id"], json.loads(c["function"]["arguments"])) for c in calls] == [
        ("toolu_W", {"city": "Paris"}),
        ("toolu_T", {"zone": "Europe/Paris"}),
    ]


async def test_thinking_goes_to_metadata_and_round_trips_signed(server, config):
    server.enqueue("anthropic_thinking_stream", "anthropic_text_stream")
    provider = AnthropicProvider()
    thinking_config = {**config, "thinking_budget": 2048, "temperature": 0.3}
    turn = await astream_turn(provider, HELLO, thinking_config)
    final = turn.finals[0]
    assert final["content"] == "2 + 2 = 4."
    assert final["metadata"]["reasoning"] == "Two plus two is four."
    assert turn.partials[0]["metadata"]["reasoning"] == "Two plus two "
    body = server.posts[0].body
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert body["max_tokens"] == 3072  # room for the answer beside the thinking
    assert "temperature" not in body  # the API fixes it while thinking
    # The next turn sends the signed thinking block back unchanged, never as text.
    await astream_turn(provider, [*HELLO, final, {"role": "user", "content": "thanks"}], config)
    assistant = server.posts[1].body["messages"][1]
    assert assistant["content"][0] == {
        "type": "thinking",
        "thinking": "Two plus two is four.",
        "signature": "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds",
    }
    assert assistant["content"][1] == {"type": "text", "text": "2 + 2 = 4."}


async def test_tool_results_go_back_as_tool_result_blocks_with_images(server, config):
    server.enqueue("anthropic_text_stream")
    call = {"type": "function", "function": {"name": "shot", "arguments": '{"n": 1}'}}
    history = [
        {"role": "user", "content": "Screenshots please"},
        {
            "role": "assistant",
            "content": "Taking them.",
            "metadata": {"tool_calls": [{**call, "id": "t1"}, {**call, "id": "t2"}]},
        },
        {
            "role": "tool",
            "content": [
                {"type": "text", "text": "one"},
                {"type": "image_url", "image_url": {"url": PNG}},
            ],
            "metadata": {"tool_call_id": "t1"},
        },
        {"role": "tool", "content": "failed", "metadata": {"tool_call_id": "t2", "is_error": True}},
    ]
    await astream_turn(AnthropicProvider(), history, config)
    sent = server.posts[0].body["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "user"]
    assert sent[1]["content"][1] == {
        "type": "tool_use",
        "id": "t1",
        "name": "shot",
        "input": {"n": 1},
    }
    first, second = sent[2]["content"]
    assert first == {
        "type": "tool_result",
        "tool_use_id": "t1",
        "content": [
            {"type": "text", "text": "one"},
            {
                "type": "image",
                "source": {
                    "type": "base64",
                    "media_type": "image/png",
                    "data": PNG.split(",", 1)[1],
                },
            },
        ],
    }
    assert second == {
        "type": "tool_result",
        "tool_use_id": "t2",
        "content": [{"type": "text", "text": "failed"}],
        "is_error": True,
    }


async def test_images_pdfs_and_text_files_in_user_messages(server, config):
    server.enqueue("anthropic_text_stream")
    message = {
        "role": "user",
        "content": "Compare",
        "multipartContent": [
            {"type": "image", "name": "a.png", "mime": "image/png", "data_url": PNG},
            {
                "type": "file",
                "name": "r.pdf",
                "mime": "application/pdf",
                "data_url": "data:application/pdf;base64,JVBERi0x",
            },
            {"type": "file", "name": "n.txt", "mime": "text/plain", "text": "hello"},
        ],
    }
    turn = await astream_turn(AnthropicProvider(), [message], config)
    assert turn.error is None
    blocks = server.posts[0].body["messages"][0]["content"]
    assert [b["type"] for b in blocks] == ["image", "document", "text", "text"]
    assert blocks[1]["source"] == {
        "type": "base64",
        "media_type": "application/pdf",
        "data": "JVBERi0x",
    }
    assert blocks[2]["text"] == '<file name="n.txt">\nhello\n</file>'
    assert blocks[3]["text"] == "Compare"


async def test_an_unsupported_file_fails_before_sending(server, config):
    message = {
        "role": "user",
        "content": "open",
        "multipartContent": [
            {
                "type": "file",
                "name": "x.zip",
                "mime": "application/zip",
                "data_url": "data:application/zip;base64,UEsDBA",
            }
        ],
    }
    with pytest.raises(ProviderError, match=re.escape("Anthropic cannot read “x.zip”")):
        await astream_turn(AnthropicProvider(), [message], config)
    assert server.posts == []


def test_call_api_text_and_tool_use(server, config):
    server.enqueue("anthropic_message", "anthropic_tool_use_message")
    provider = AnthropicProvider()
    text = call_turn(provider, HELLO, config)
    assert text.finals[0]["content"] == "Paris is the capital of France."
    assert text.finals[0]["metadata"]["usage"] == {"input_tokens": 19, "output_tokens": 9}
    tool = call_turn(provider, HELLO, config)
    metadata = tool.finals[0]["metadata"]
    assert metadata["tool_calls"][0]["function"] == {
        "name": "read_file",
        "arguments": '{"path": "README.md"}',
    }
    assert metadata["reasoning"] == "Need the file."
    assert "stream" not in server.posts[0].body


@pytest.mark.parametrize(
    ("recording", "kind", "phrase"),
    [
        ("anthropic_error_401", "auth", "rejected the API key — check the key"),
        ("anthropic_error_404", "model_not_found", "has no model “claude-sonnet-4-6”"),
        ("anthropic_error_context", "context_too_long", "too long for claude-sonnet-4-6"),
        ("anthropic_error_529", "server", "had an internal error — retry"),
    ],
)
async def test_http_errors_become_plain_sentences(server, config, recording, kind, phrase):
    server.enqueue(recording)
    turn = await astream_turn(AnthropicProvider(), HELLO, config)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == kind
    assert phrase in str(turn.error)
    assert "Anthropic" not in str(turn.error)  # a loopback proxy is not Anthropic
    said = load_recording(recording)["body"]["error"]["message"]
    assert f"Server said: {said}" in turn.error.details
    assert len(server.posts) == 1


async def test_rate_limit_is_retried_once(server, config):
    server.enqueue("anthropic_error_429", "anthropic_text_stream")
    turn = await astream_turn(AnthropicProvider(), HELLO, config)
    assert turn.error is None
    assert len(server.posts) == 2


@pytest.mark.parametrize(
    ("recording", "kind", "kept"),
    [
        ("anthropic_dropped_stream", "stream_cut", "The first half of a long answer"),
        ("anthropic_error_event_stream", "server", "Partly"),
    ],
)
async def test_a_stream_cut_mid_answer_keeps_the_partial(server, config, recording, kind, kept):
    server.enqueue(recording)
    turn = await astream_turn(AnthropicProvider(), HELLO, config)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == kind
    assert turn.partials[-1]["content"] == kept
    assert turn.partials[-1]["metadata"]["incomplete"] is True


async def test_connection_refused_and_missing_key(config):
    port = closed_port()
    turn = await astream_turn(
        AnthropicProvider(), HELLO, {**config, "base_url": f"http://127.0.0.1:{port}"}
    )
    assert turn.error.kind == "connection"
    assert str(turn.error).startswith(
        f"Nothing answers at http://127.0.0.1:{port} — start the server at 127.0.0.1:{port}"
    )
    no_key = await astream_turn(AnthropicProvider(), HELLO, {**config, "api_key": ""})
    assert no_key.error.kind == "config"
    assert str(no_key.error).startswith("No API key is set for the server at 127.0.0.1:")


def _headers_carrying_the_key(request) -> list[str]:
    return [name for name, value in request.headers.items() if API_KEY in value]


async def test_the_api_key_travels_only_in_the_auth_header(server, config, caplog):
    caplog.set_level(logging.DEBUG)
    server.enqueue("anthropic_text_stream", "anthropic_error_401")
    provider = AnthropicProvider()
    await astream_turn(provider, HELLO, config)
    failed = await astream_turn(provider, HELLO, config)
    for request in server.posts:
        # This SDK version authenticates with a bearer token; older ones used x-api-key.
        [header] = _headers_carrying_the_key(request)
        assert header in {"authorization", "x-api-key"}
        assert API_KEY.encode() not in request.raw_body
        assert API_KEY not in request.path
    assert API_KEY not in caplog.text
    assert API_KEY not in str(failed.error)


async def test_cancel_request_closes_the_stream_at_once(server, config):
    server.enqueue({**load_recording("anthropic_text_stream"), "delay": 0.5})
    provider = AnthropicProvider()
    task = asyncio.create_task(astream_turn(provider, HELLO, config, request_id="a-1"))
    while not server.posts:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    started = time.monotonic()
    assert provider.cancel_request("a-1") is True
    turn = await task
    assert time.monotonic() - started < 0.3
    assert isinstance(turn.error, ProviderRequestCancelled)


def test_get_models_and_tags(server, config):
    server.models = {
        "data": [
            {
                "id": "claude-opus-4-1-20250805",
                "display_name": "Claude Opus 4.1",
                "type": "model",
                "created_at": "2025-08-05T00:00:00Z",
            },
            {
                "id": "claude-3-5-haiku-20241022",
                "display_name": "Claude Haiku 3.5",
                "type": "model",
                "created_at": "2024-10-22T00:00:00Z",
            },
        ],
        "has_more": False,
        "first_id": "claude-opus-4-1-20250805",
        "last_id": "claude-3-5-haiku-20241022",
    }
    provider = AnthropicProvider()
    models = provider.get_models(config)
    assert [(m["id"], m["name"]) for m in models] == [
        ("claude-opus-4-1-20250805", "Claude Opus 4.1"),
        ("claude-3-5-haiku-20241022", "Claude Haiku 3.5"),
    ]
    models_request = next(r for r in server.requests if r.method == "GET")
    assert len(_headers_carrying_the_key(models_request)) == 1
    opus = provider.get_tags({"model": "claude-opus-4-1-20250805"}, models)
    haiku = provider.get_tags({"model": "claude-3-5-haiku-20241022"}, models)
    assert opus == ["streaming", "tools", "vision", "reasoning"]
    assert haiku == ["streaming", "tools", "vision"]
    dead = {**config, "base_url": f"http://127.0.0.1:{closed_port()}"}
    assert [m["id"] for m in provider.get_models(dead)] == ["claude-sonnet-4-6"]
