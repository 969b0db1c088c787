"""The openai_compatible provider against a loopback server speaking chat completions.

The official SDK talks to :class:`WireServer` over a real socket; the server replays recorded
answers from ``tests/support/recordings/``.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import time
from collections.abc import Iterator

import pytest
from tests.support.provider_hooks import astream_turn, call_turn, stream_turn
from tests.support.wire_servers import WireServer, closed_port, load_recording

from agent_core import ProviderRequestCancelled
from openai_provider import OpenAICompatibleProvider, Preset, ProviderError, detect_local_servers

pytestmark = pytest.mark.integration

API_KEY = "sk-test-7f3a9c1e5b2d4f6a8c0e"
HELLO = [{"role": "user", "content": "Say hello"}]


@pytest.fixture
def server() -> Iterator[WireServer]:
    with WireServer() as running:
        yield running


@pytest.fixture
def config(server: WireServer) -> dict:
    return {
        "provider": "openai_compatible",
        "base_url": f"{server.url}/v1",
        "model": "gpt-4o-mini",
        "api_key": API_KEY,
        "timeout": 5,
    }


# ---------------------------------------------------------------- streaming


async def test_text_streams_as_growing_partials_then_one_final(server, config):
    server.enqueue("openai_text_stream")
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert turn.error is None
    assert [p["content"] for p in turn.partials] == ["Hello", "Hello, wor", "Hello, world!"]
    [final] = turn.finals
    assert final["role"] == "assistant"
    assert final["content"] == "Hello, world!"
    metadata = final["metadata"]
    assert metadata["usage"] == {"input_tokens": 21, "output_tokens": 4}
    assert metadata["model"] == "gpt-4o-mini-2024-07-18"
    assert metadata["usage_summary"] == "21 in · 4 out · gpt-4o-mini-2024-07-18"
    assert "tool_calls" not in metadata
    assert "incomplete" not in metadata
    body = server.posts[0].body
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}
    assert body["messages"] == [{"role": "user", "content": "Say hello"}]
    assert server.posts[0].path == "/v1/chat/completions"


def test_sync_stream_api_gives_the_same_turn(server, config):
    server.enqueue("openai_text_stream")
    turn = stream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert turn.error is None
    assert turn.partials[-1]["content"] == "Hello, world!"
    assert turn.finals[0]["metadata"]["usage"] == {"input_tokens": 21, "output_tokens": 4}


async def test_split_tool_call_arguments_are_assembled(server, config):
    server.enqueue("openai_tool_call_stream")
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
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, {**config, "tools": tools})
    [call] = turn.finals[0]["metadata"]["tool_calls"]
    assert call == {
        "id": "call_Qx7",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "/tmp/notes.txt"}'},
    }
    assert json.loads(call["function"]["arguments"]) == {"path": "/tmp/notes.txt"}
    sent_tools = server.posts[0].body["tools"]
    assert sent_tools == [{k: v for k, v in tools[0].items() if k != "annotations"}]


async def test_parallel_tool_calls_keep_their_order_and_arguments(server, config):
    server.enqueue("openai_parallel_tool_calls_stream")
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    final = turn.finals[0]
    assert final["content"] == "Checking both."
    calls = final["metadata"]["tool_calls"]
    assert [c["id"] for c in calls] == ["call_A1", "call_B2"]
    assert [json.loads(c["function"]["arguments"]) for c in calls] == [
        {"city": "Paris"},
        {"zone": "Europe/Paris"},
    ]


@pytest.mark.parametrize(
    ("recording", "reasoning", "answer"),
    [
        ("openai_reasoning_content_stream", "The user wants 2+2. That is 4.", "2 + 2 = 4."),
        ("openai_reasoning_field_stream", "Thinking about greetings.", "Hi there!"),
    ],
)
async def test_reasoning_goes_to_metadata_not_content(server, config, recording, reasoning, answer):
    server.enqueue(recording)
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    final = turn.finals[0]
    assert final["content"] == answer
    assert final["metadata"]["reasoning"] == reasoning
    assert reasoning not in final["content"]
    assert turn.partials[0]["content"] == ""
    assert turn.partials[0]["metadata"]["reasoning"]


async def test_tool_results_and_history_go_back_in_native_shape(server, config):
    server.enqueue("openai_text_stream")
    history = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Read it"},
        {
            "role": "assistant",
            "content": "",
            "metadata": {
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "read_file", "arguments": '{"path": "a"}'},
                    }
                ],
                "usage": {"input_tokens": 100, "output_tokens": 10},
                "model": "gpt-4o-mini",
                "reasoning": "private thoughts",
            },
        },
        {"role": "tool", "content": "file text", "metadata": {"tool_call_id": "call_1"}},
    ]
    turn = await astream_turn(OpenAICompatibleProvider(), history, config)
    sent = server.posts[0].body["messages"]
    assert sent == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Read it"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "a"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": "file text"},
    ]
    # The session total counts the earlier turn too, each at its own model's price.
    totals = turn.finals[0]["metadata"]["session_usage"]
    assert totals["input_tokens"] == 121
    assert totals["output_tokens"] == 14
    assert totals["cost_usd"] == pytest.approx((121 * 0.15 + 14 * 0.60) / 1_000_000, abs=1e-6)
    assert turn.finals[0]["metadata"]["session_usage_summary"].startswith("Session: 135 tokens")


async def test_images_go_out_as_data_urls_and_text_files_inline(server, config):
    server.enqueue("openai_text_stream")
    data_url = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
    message = {
        "role": "user",
        "content": "What is in these?",
        "multipartContent": [
            {
                "type": "image",
                "asset_id": "a1",
                "name": "dot.png",
                "mime": "image/png",
                "data_url": data_url,
            },
            {
                "type": "file",
                "asset_id": "a2",
                "name": "notes.md",
                "mime": "text/markdown",
                "text": "# Notes\nbuy milk",
            },
        ],
    }
    turn = await astream_turn(OpenAICompatibleProvider(), [message], config)
    assert turn.error is None
    [sent] = server.posts[0].body["messages"]
    assert sent["content"] == [
        {"type": "text", "text": "What is in these?"},
        {"type": "image_url", "image_url": {"url": data_url}},
        {"type": "text", "text": '<file name="notes.md">\n# Notes\nbuy milk\n</file>'},
    ]


async def test_tool_images_follow_the_tool_messages_as_a_user_turn(server, config):
    server.enqueue("openai_text_stream")
    data_url = "data:image/png;base64,AAAA"
    call = {"type": "function", "function": {"name": "shot", "arguments": "{}"}}
    history = [
        {"role": "user", "content": "Screenshots please"},
        {
            "role": "assistant",
            "content": "",
            "metadata": {"tool_calls": [{**call, "id": "c1"}, {**call, "id": "c2"}]},
        },
        {
            "role": "tool",
            "content": {
                "type": "provider_native_tool_result",
                "format": "openai.chat_completions",
                "content": [
                    {"type": "text", "text": "first"},
                    {"type": "image_url", "image_url": {"url": data_url}},
                ],
            },
            "metadata": {"tool_call_id": "c1"},
        },
        {"role": "tool", "content": "second", "metadata": {"tool_call_id": "c2"}},
    ]
    await astream_turn(OpenAICompatibleProvider(), history, config)
    sent = server.posts[0].body["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool", "tool", "user"]
    assert sent[2]["content"] == "first"
    assert sent[4]["content"][1] == {"type": "image_url", "image_url": {"url": data_url}}


@pytest.mark.parametrize(
    ("part", "phrase"),
    [
        (
            {
                "type": "file",
                "name": "report.pdf",
                "mime": "application/pdf",
                "data_url": "data:application/pdf;base64,JVBERi0x",
            },
            "cannot read “report.pdf”",
        ),
        (
            {"type": "file", "name": "blob.bin", "mime": "application/octet-stream"},
            "has neither text nor data",
        ),
        ({"type": "image", "name": "lost.png", "mime": "image/png"}, "was not loaded"),
    ],
)
async def test_unsendable_attachments_fail_before_any_request(server, config, part, phrase):
    message = {"role": "user", "content": "look", "multipartContent": [part]}
    provider = OpenAICompatibleProvider()
    local = {**config, "preset": "ollama"}  # Ollama takes no PDF parts
    with pytest.raises(ProviderError, match=phrase) as caught:
        await astream_turn(provider, [message], local)
    assert caught.value.kind == "attachment"
    assert server.posts == []


async def test_pdf_goes_to_openai_as_a_file_part():
    provider = OpenAICompatibleProvider()
    state = provider.init({"preset": "openai", "model": "gpt-4o"})
    pdf = "data:application/pdf;base64,JVBERi0x"
    native = provider.to_native_messages(
        [
            {
                "role": "user",
                "content": "sum up",
                "multipartContent": [
                    {"type": "file", "name": "r.pdf", "mime": "application/pdf", "data_url": pdf}
                ],
            }
        ],
        state,
    )
    assert native[0]["content"][1] == {
        "type": "file",
        "file": {"filename": "r.pdf", "file_data": pdf},
    }


# ---------------------------------------------------------------- non-streaming


def test_call_api_returns_the_final_with_usage(server, config):
    server.enqueue("openai_text_completion")
    turn = call_turn(OpenAICompatibleProvider(), HELLO, config)
    assert turn.error is None
    [final] = turn.finals
    assert final["content"] == "Paris is the capital of France."
    assert final["metadata"]["usage"] == {"input_tokens": 17, "output_tokens": 8}
    assert "stream" not in server.posts[0].body


async def test_acall_api_maps_tool_calls(server, config):
    server.enqueue("openai_tool_call_completion")
    provider = OpenAICompatibleProvider()
    state = provider.init(config)
    native = provider.to_native_messages(HELLO, state)
    _, finals, history, _ = await provider.acall_api(native, state)
    [core] = provider.from_native_messages(finals, state)
    assert core["content"] == ""
    assert core["metadata"]["tool_calls"][0]["function"] == {
        "name": "read_file",
        "arguments": '{"path": "README.md"}',
    }
    assert history[-1] is finals[0]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("recording", "kind", "phrase"),
    [
        ("openai_error_401", "auth", "rejected the API key — check the key"),
        ("openai_error_403", "auth", "rejected the API key — check the key"),
        ("openai_error_404", "model_not_found", "has no model “gpt-4o-mini”"),
        ("openai_error_context", "context_too_long", "too long for gpt-4o-mini"),
        ("openai_error_503", "server", "had an internal error — retry"),
        ("openai_error_400", "bad_request", "refused the request (HTTP 400)"),
        ("openai_error_429_long_wait", "rate_limit", "wait about 3600 s and retry"),
    ],
)
async def test_http_errors_become_one_sentence_with_the_server_words_in_the_details(
    server, config, recording, kind, phrase
):
    server.enqueue(recording)
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    error = turn.error
    assert isinstance(error, ProviderError)
    assert error.kind == kind
    assert phrase in str(error)
    host = server.url.removeprefix("http://")
    if kind != "context_too_long":
        assert str(error).startswith(f"The server at {host} ")  # the host, not "OpenAI"
    server_said = load_recording(recording)["body"]["error"]["message"]
    assert error.provider_message
    assert error.provider_message[:30] in error.details
    assert server_said[:20] in error.details or "***" in error.details
    assert f"HTTP status: {error.status}" in error.details
    assert API_KEY not in str(error) + error.details
    assert len(server.posts) == 1  # no hidden SDK retries


async def test_rate_limit_waits_out_retry_after_once_then_succeeds(server, config):
    server.enqueue("openai_error_429", "openai_text_stream")
    started = time.monotonic()
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert turn.error is None
    assert turn.finals[0]["content"] == "Hello, world!"
    assert len(server.posts) == 2
    assert time.monotonic() - started >= 0.05  # the recorded retry-after-ms


async def test_a_second_rate_limit_is_reported(server, config):
    server.enqueue("openai_error_429", "openai_error_429")
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == "rate_limit"
    assert len(server.posts) == 2


async def test_connection_refused_names_the_server(config):
    port = closed_port()
    dead = {**config, "preset": "ollama", "base_url": f"http://127.0.0.1:{port}/v1"}
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, dead)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == "connection"
    assert str(turn.error) == (
        f"Nothing answers at http://127.0.0.1:{port}/v1 — start the server at 127.0.0.1:{port}, "
        "or check the base URL in the provider settings."
    )


async def test_timeout_is_reported_with_the_wait(server, config):
    slow = {**load_recording("openai_text_stream"), "delay_before": 1.5}
    server.enqueue(slow)
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, {**config, "timeout": 0.3})
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == "timeout"
    assert "did not answer within 0.3 s" in str(turn.error)


@pytest.mark.parametrize(
    ("recording", "kind", "kept"),
    [
        ("openai_dropped_stream", "stream_cut", "The first half of a long answer"),
        ("openai_unfinished_stream", "stream_cut", "Cut short"),
        ("openai_error_event_stream", "server", "Partly"),
    ],
)
async def test_a_stream_cut_mid_answer_keeps_the_partial_marked_incomplete(
    server, config, recording, kind, kept
):
    server.enqueue(recording)
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == kind
    assert "partial answer is kept" in str(turn.error)
    last = turn.partials[-1]
    assert last["content"] == kept
    assert last["metadata"]["incomplete"] is True


def test_sync_stream_cut_raises_the_same_error(server, config):
    server.enqueue("openai_dropped_stream")
    turn = stream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == "stream_cut"
    assert turn.partials[-1]["metadata"]["incomplete"] is True


# ---------------------------------------------------------------- the API key


async def test_the_api_key_travels_only_in_the_authorization_header(server, config, caplog):
    caplog.set_level(logging.DEBUG)
    server.enqueue("openai_text_stream", "openai_error_401")
    provider = OpenAICompatibleProvider()
    ok = await astream_turn(provider, HELLO, config)
    failed = await astream_turn(provider, HELLO, config)
    for request in server.posts:
        assert request.headers["authorization"] == f"Bearer {API_KEY}"
        other_headers = {k: v for k, v in request.headers.items() if k.lower() != "authorization"}
        assert API_KEY not in json.dumps(other_headers)
        assert API_KEY.encode() not in request.raw_body
        assert API_KEY not in request.path
    assert API_KEY not in caplog.text
    assert API_KEY not in json.dumps(ok.finals)
    assert API_KEY not in str(failed.error)
    assert failed.error.__cause__ is None


def test_a_key_echoed_by_the_server_is_masked(server, config):
    echo = {"status": 401, "body": {"error": {"message": f"Incorrect API key provided: {API_KEY}"}}}
    server.enqueue(echo)
    turn = stream_turn(OpenAICompatibleProvider(), HELLO, config)
    assert API_KEY not in str(turn.error) + turn.error.details
    assert "Incorrect API key provided: ***" in turn.error.details


# ---------------------------------------------------------------- cancellation


async def test_cancel_request_closes_the_stream_at_once(server, config):
    slow = {**load_recording("openai_text_stream"), "delay": 0.5}
    server.enqueue(slow)
    provider = OpenAICompatibleProvider()
    task = asyncio.create_task(astream_turn(provider, HELLO, config, request_id="req-1"))
    while not server.posts:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.1)
    started = time.monotonic()
    assert provider.cancel_request("req-1") is True
    turn = await task
    assert time.monotonic() - started < 0.3
    assert isinstance(turn.error, ProviderRequestCancelled)
    assert turn.error.request_id == "req-1"
    assert provider.cancel_request("req-1") is False
    assert provider.cancel_request("unknown") is False
    await _until(lambda: server.abandoned_streams == 1)  # the server saw the socket close


async def _until(condition, timeout: float = 2.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


def test_cancel_request_stops_a_sync_stream_from_another_thread(server, config):
    slow = {**load_recording("openai_text_stream"), "delay": 0.5}
    server.enqueue(slow)
    provider = OpenAICompatibleProvider()
    state = provider.init(config)
    native = provider.to_native_messages(HELLO, state)
    chunks = provider.stream_api(native, state, request_id="req-2")
    first = next(chunks)
    assert first["object"] == "chat.completion.chunk"
    started = time.monotonic()
    assert provider.cancel_request("req-2") is True
    with pytest.raises(ProviderRequestCancelled):
        list(chunks)
    assert time.monotonic() - started < 0.4


# ---------------------------------------------------------------- models and servers


def test_get_models_lists_the_server_models_and_caches_them(server, config):
    server.models = {
        "object": "list",
        "data": [
            {"id": "llava:13b", "object": "model", "owned_by": "library"},
            {
                "id": "openai/gpt-4o",
                "object": "model",
                "architecture": {"input_modalities": ["text", "image"]},
                "supported_parameters": ["tools", "temperature"],
            },
        ],
    }
    provider = OpenAICompatibleProvider()
    models = provider.get_models(config)
    assert [m["id"] for m in models] == ["llava:13b", "openai/gpt-4o"]
    assert models[1]["input_modalities"] == ["text", "image"]
    assert provider.get_models(config) == models
    gets = [r for r in server.requests if r.method == "GET"]
    assert len(gets) == 1
    assert gets[0].path == "/v1/models"
    tags = provider.get_tags({**config, "model": "openai/gpt-4o"}, models)
    assert tags == ["streaming", "tools", "vision"]


def test_get_models_falls_back_to_the_configured_model():
    config = {"base_url": f"http://127.0.0.1:{closed_port()}/v1", "model": "my-model"}
    models = OpenAICompatibleProvider().get_models(config)
    assert [m["id"] for m in models] == ["my-model"]


async def test_detect_local_servers_finds_only_those_answering(server):
    server.models = {"object": "list", "data": [{"id": "qwen3:8b"}, {"id": "llama3.2"}]}
    candidates = [
        Preset("ollama", "Ollama", f"{server.url}/v1", local=True, needs_api_key=False),
        Preset("lmstudio", "LM Studio", f"http://127.0.0.1:{closed_port()}/v1", local=True),
    ]
    found = await detect_local_servers(timeout=0.5, candidates=candidates)
    assert found == [
        {
            "preset": "ollama",
            "label": "Ollama",
            "base_url": f"{server.url}/v1",
            "models": ["qwen3:8b", "llama3.2"],
        }
    ]


def test_detect_local_servers_is_an_async_static_method_on_the_provider():
    # The first-run pane calls it on the class, without an instance or a config.
    detect = OpenAICompatibleProvider.__dict__["detect_local_servers"]
    assert isinstance(detect, staticmethod)
    assert inspect.iscoroutinefunction(OpenAICompatibleProvider.detect_local_servers)
    timeout = inspect.signature(OpenAICompatibleProvider.detect_local_servers).parameters["timeout"]
    assert timeout.default == 0.5
