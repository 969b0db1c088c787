"""Both SDK providers against loopback servers that behave like real ones (and their proxies).

Each server answers by what it is asked (see ``tests/support/server_behaviours.py``): tool calls
only when not streaming, a 500 for a streamed request with tools, web pages, plain text, events
that are not JSON, emoji split across chunks, a proxy's 400 for a wrong key, usage with a cost.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from tests.support import server_behaviours as behave
from tests.support.provider_hooks import astream_turn, call_turn
from tests.support.wire_servers import WireServer

from agent_app.store import SessionStore
from anthropic_provider import AnthropicProvider
from openai_provider import OpenAICompatibleProvider, ProviderError
from openai_provider.provider_base import SdkProvider

pytestmark = pytest.mark.integration

API_KEY = "sk-behaviour-5e8f0a2c4d6b"
HELLO = [{"role": "user", "content": "Read the notes"}]
READ_FILE = {
    "type": "function",
    "function": {
        "name": "read_file",
        "description": "Read a file",
        "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
}
CALL = behave.openai_tool_call("read_file", {"path": "notes.txt"})


@pytest.fixture
def server() -> Iterator[WireServer]:
    with WireServer() as running:
        yield running


@pytest.fixture(autouse=True)
def _forget_unstreamed_models() -> Iterator[None]:
    """The fallback is remembered per process; every test starts from a fresh app's memory."""
    SdkProvider.unstreamed_models.clear()
    yield
    SdkProvider.unstreamed_models.clear()


@pytest.fixture
def openai_config(server: WireServer) -> dict:
    return {
        "provider": "openai_compatible",
        "base_url": f"{server.url}/v1",
        "model": "local-model",
        "api_key": API_KEY,
        "timeout": 5,
        "tools": [READ_FILE],
    }


@pytest.fixture
def anthropic_config(server: WireServer) -> dict:
    return {
        "provider": "anthropic",
        "base_url": server.url,
        "model": "claude-proxy-model",
        "api_key": API_KEY,
        "timeout": 5,
        "tools": [READ_FILE],
    }


def _calls(turn) -> list[tuple[str, dict]]:
    calls = turn.finals[0]["metadata"].get("tool_calls") or []
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in calls]


# ---------------------------------------------------------------- streaming fallback


async def test_tool_calls_only_unstreamed_are_fetched_again_without_streaming(
    server, openai_config
):
    server.behave(behave.openai_tools_only_unstreamed_server([CALL]))
    provider = OpenAICompatibleProvider()
    turn = await astream_turn(provider, HELLO, openai_config)
    assert turn.error is None
    assert _calls(turn) == [("read_file", {"path": "notes.txt"})]
    notice = turn.finals[0]["metadata"]["provider_notice"]
    assert notice.startswith(f"The server at {server.url.removeprefix('http://')} sent an empty")
    assert "local-model will be asked without streaming from now on" in notice
    assert [post.body.get("stream") for post in server.posts] == [True, None]

    again = await astream_turn(provider, HELLO, openai_config)  # remembered: one plain request
    assert _calls(again) == [("read_file", {"path": "notes.txt"})]
    assert "provider_notice" not in again.finals[0]["metadata"]  # said once
    assert [post.body.get("stream") for post in server.posts[2:]] == [None]


async def test_a_server_refusing_to_stream_with_tools_is_asked_again_unstreamed(
    server, openai_config
):
    server.behave(behave.openai_refuses_streamed_tools_server([CALL]))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert turn.error is None
    assert _calls(turn) == [("read_file", {"path": "notes.txt"})]
    assert "refused to stream with tools" in turn.finals[0]["metadata"]["provider_notice"]
    assert SdkProvider.unstreamed_models.contains(f"{server.url}/v1", "local-model", None)


async def test_a_passing_500_on_a_streamed_request_falls_back_without_marking_the_model(
    server, openai_config
):
    server.enqueue(
        {"status": 500, "body": {"error": {"message": "upstream hiccup"}}},
        behave.openai_completion({"content": None, "tool_calls": [CALL]}),
    )
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert _calls(turn) == [("read_file", {"path": "notes.txt"})]
    notice = turn.finals[0]["metadata"]["provider_notice"]
    assert notice.endswith(
        "refused to stream with tools, so this answer was fetched without streaming"
    )
    assert not SdkProvider.unstreamed_models.contains(f"{server.url}/v1", "local-model", None)


async def test_streaming_on_shows_the_empty_answer_and_off_never_streams(server, openai_config):
    server.behave(behave.openai_tools_only_unstreamed_server([CALL]))
    streamed = await astream_turn(
        OpenAICompatibleProvider(), HELLO, {**openai_config, "streaming": "on"}
    )
    assert streamed.error is None
    assert streamed.finals[0]["content"] == ""
    assert len(server.posts) == 1
    unstreamed = await astream_turn(
        OpenAICompatibleProvider(), HELLO, {**openai_config, "streaming": "off"}
    )
    assert _calls(unstreamed) == [("read_file", {"path": "notes.txt"})]
    assert server.posts[-1].body.get("stream") is None


async def test_tool_calls_only_when_streaming_need_no_fallback(server, openai_config):
    server.enqueue(behave.openai_split_tool_calls_stream())
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert _calls(turn) == [("weather", {"city": "Paris"}), ("time", {"zone": "UTC"})]
    assert turn.finals[0]["metadata"]["usage"] == {"input_tokens": 50, "output_tokens": 20}
    assert len(server.posts) == 1


async def test_think_tags_split_across_chunks_become_reasoning(server, openai_config):
    server.enqueue(behave.think_tag_stream())
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    final = turn.finals[0]
    assert final["content"] == "4"
    assert final["metadata"]["reasoning"] == "Two plus two is four."


async def test_anthropic_proxy_tool_use_only_unstreamed_is_fetched_again(server, anthropic_config):
    tool_use = {"type": "tool_use", "id": "toolu_9", "name": "read_file", "input": {"path": "a"}}
    server.behave(behave.anthropic_tools_only_unstreamed_server([tool_use]))
    turn = await astream_turn(AnthropicProvider(), HELLO, anthropic_config)
    assert turn.error is None
    assert _calls(turn) == [("read_file", {"path": "a"})]
    notice = turn.finals[0]["metadata"]["provider_notice"]
    assert notice.startswith("The server at 127.0.0.1:")  # the proxy, not "Anthropic"


async def test_anthropic_proxy_refusing_streamed_tools(server, anthropic_config):
    tool_use = {"type": "tool_use", "id": "toolu_9", "name": "read_file", "input": {"path": "a"}}
    server.behave(behave.anthropic_refuses_streamed_tools_server([tool_use]))
    turn = await astream_turn(AnthropicProvider(), HELLO, anthropic_config)
    assert _calls(turn) == [("read_file", {"path": "a"})]


# ---------------------------------------------------------------- answers that are not the API


@pytest.mark.parametrize("provider_class", [OpenAICompatibleProvider, AnthropicProvider])
@pytest.mark.parametrize(
    ("answer", "what"),
    [
        (behave.web_page(), "a web page"),
        (behave.plain_text(), "plain text"),
        (behave.non_json_events(), "events that are not JSON"),
    ],
)
async def test_answers_that_are_not_the_api_say_so(
    server, openai_config, anthropic_config, provider_class, answer, what
):
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    if provider_class is AnthropicProvider and "events" in answer:
        answer = behave.non_json_events("message_start")  # unnamed events are skipped there
    server.enqueue(answer)
    turn = await astream_turn(provider_class(), HELLO, {**config, "streaming": "on"})
    assert isinstance(turn.error, ProviderError)
    assert turn.error.kind == "not_api"
    host = server.url.removeprefix("http://")
    assert str(turn.error) == (
        f"The server at {host} answered with {what}, not the API — check the base URL in the "
        "provider settings."
    )
    assert turn.partials == []  # nothing pretends to be a partial answer


@pytest.mark.parametrize("provider_class", [OpenAICompatibleProvider, AnthropicProvider])
def test_an_unstreamed_web_page_says_so(server, openai_config, anthropic_config, provider_class):
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    server.enqueue(behave.web_page())
    turn = call_turn(provider_class(), HELLO, config)
    assert turn.error.kind == "not_api"
    assert "answered with a web page, not the API" in str(turn.error)
    assert "Sign in to continue" in turn.error.details


async def test_a_server_ignoring_stream_true_gives_its_whole_answer(server, openai_config):
    server.enqueue(behave.openai_completion({"content": "All at once."}))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert turn.error is None
    assert turn.finals[0]["content"] == "All at once."


@pytest.mark.parametrize("provider_class", [OpenAICompatibleProvider, AnthropicProvider])
def test_a_model_list_that_is_a_web_page_falls_back_and_is_not_asked_again(
    server, openai_config, anthropic_config, provider_class
):
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    server.models = behave.web_page()
    provider = provider_class()
    provider._models = type(provider._models)()  # this test's own cache
    first = provider.get_models(config)
    assert [model["id"] for model in first] == [config["model"]]
    provider.get_models(config)
    assert len([r for r in server.requests if r.method == "GET"]) == 1


@pytest.mark.parametrize("provider_class", [OpenAICompatibleProvider, AnthropicProvider])
def test_a_slow_model_list_asked_for_by_several_requests_at_once_is_fetched_once(
    server, openai_config, anthropic_config, provider_class
):
    """The core resolves models for an answer, its title and the agent's actions at once."""
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    listed = {"object": "list", "data": [{"id": "slow-model", "type": "model"}], "has_more": False}
    server.models = {
        "raw_chunks": [json.dumps(listed), ""],
        "delay": 1.0,
        "content_type": "application/json",
    }
    provider = provider_class()
    provider._models = type(provider._models)()  # this test's own cache
    with ThreadPoolExecutor(max_workers=4) as workers:
        answers = list(workers.map(lambda _n: provider.get_models(config), range(4)))
    assert all([model["id"] for model in models] == ["slow-model"] for models in answers)
    assert len([r for r in server.requests if r.method == "GET"]) == 1


# ---------------------------------------------------------------- errors, text, cost


@pytest.mark.parametrize(
    ("provider_class", "answer"),
    [
        (OpenAICompatibleProvider, behave.proxy_wrong_key()),
        (AnthropicProvider, behave.anthropic_proxy_wrong_key()),
    ],
)
async def test_a_proxy_400_for_a_wrong_key_is_a_key_problem(
    server, openai_config, anthropic_config, provider_class, answer
):
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    server.enqueue(answer)
    turn = await astream_turn(provider_class(), HELLO, {**config, "provider_label": "Team proxy"})
    assert turn.error.kind == "auth"
    assert str(turn.error) == (
        "Team proxy rejected the API key — check the key in the provider settings."
    )
    assert "HTTP status: 400" in turn.error.details


async def test_an_emoji_split_across_chunks_arrives_whole_and_can_be_stored(
    server, openai_config, tmp_path: Path
):
    server.enqueue(behave.split_emoji_stream())
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert turn.error is None
    final = turn.finals[0]
    assert final["content"] == "Nice 😀 and 🎉!"
    for partial in turn.partials:  # every partial is storable too (drafts are saved)
        partial["content"].encode("utf-8")
    store = SessionStore(tmp_path / "sessions.sqlite3")
    try:
        store.create_session("emoji")
        store.append_message("emoji", final)
        assert store.load_session("emoji").messages[0].content == "Nice 😀 and 🎉!"
    finally:
        store.close()


async def test_usage_with_a_cost_is_the_cost_shown(server, openai_config):
    usage = {"prompt_tokens": 120, "completion_tokens": 30, "cost": 0.00042}
    server.enqueue(behave.openai_stream([{"content": "Cheap."}], usage=usage))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    metadata = turn.finals[0]["metadata"]
    assert metadata["usage"]["cost"] == 0.00042
    assert metadata["usage_summary"] == "120 in · 30 out · $0.0004 · local-model"
    assert metadata["session_usage_summary"] == "Session: 150 tokens · $0.0004"


async def test_usage_without_cost_or_price_says_unknown(server, openai_config):
    usage = {"prompt_tokens": 120, "completion_tokens": 30}
    server.enqueue(behave.openai_stream([{"content": "Hm."}], usage=usage))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert turn.finals[0]["metadata"]["session_usage_summary"] == (
        "Session: 150 tokens · cost unknown"
    )


async def test_anthropic_proxy_usage_with_a_cost(server, anthropic_config):
    server.enqueue(
        behave.anthropic_stream(
            [{"type": "text", "text": "Hello there"}], usage={"output_tokens": 4, "cost": 0.0031}
        )
    )
    turn = await astream_turn(AnthropicProvider(), HELLO, anthropic_config)
    assert turn.finals[0]["content"] == "Hello there"
    assert turn.finals[0]["metadata"]["usage"]["cost"] == 0.0031


# ---------------------------------------------------------------- tool calls written as text


@pytest.mark.parametrize(
    "text",
    [
        'Let me look.\n<tool_call>\n{"name": "read_file", "arguments": {"path": "notes.txt"}}\n'
        "</tool_call>",
        '```json\n{"name": "read_file", "arguments": {"path": "notes.txt"}}\n```',
        '{"name": "read_file", "parameters": {"path": "notes.txt"}}',
        '<function=read_file>{"path": "notes.txt"}</function>',
        '[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "notes.txt"}}]',
    ],
)
async def test_tool_calls_written_as_text_by_a_local_model_are_recovered(
    server, openai_config, text
):
    server.enqueue(behave.openai_stream([{"content": text}]))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)  # 127.0.0.1
    assert _calls(turn) == [("read_file", {"path": "notes.txt"})]
    assert "<tool_call>" not in (turn.finals[0]["content"] or "")
    notice = turn.finals[0]["metadata"]["provider_notice"]
    assert notice == "Recovered a tool call the model wrote as text, and made it real"


async def test_text_tool_calls_stay_text_for_cloud_servers_and_unknown_tools(server, openai_config):
    text = '<tool_call>{"name": "read_file", "arguments": {"path": "x"}}</tool_call>'
    server.enqueue(behave.openai_stream([{"content": text}]))
    turn = await astream_turn(
        OpenAICompatibleProvider(), HELLO, {**openai_config, "text_tool_calls": "off"}
    )
    assert _calls(turn) == []
    assert turn.finals[0]["content"] == text
    unknown = '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>'
    server.enqueue(behave.openai_stream([{"content": unknown}]))
    turn = await astream_turn(OpenAICompatibleProvider(), HELLO, openai_config)
    assert _calls(turn) == []
    cloud = {**openai_config, "base_url": "", "preset": "openrouter"}
    assert OpenAICompatibleProvider().init(cloud)  # a valid config...
    from openai_provider.provider import _recovers_text_tool_calls

    assert _recovers_text_tool_calls(cloud) is False  # ...that does not recover by default
    assert _recovers_text_tool_calls({**cloud, "text_tool_calls": "on"}) is True


@pytest.mark.parametrize("provider_class", [OpenAICompatibleProvider, AnthropicProvider])
async def test_a_404_web_page_is_a_wrong_address_not_a_missing_model(
    server, openai_config, anthropic_config, provider_class
):
    config = openai_config if provider_class is OpenAICompatibleProvider else anthropic_config
    server.enqueue(behave.web_page(404))
    turn = await astream_turn(provider_class(), HELLO, config)
    assert turn.error.kind == "not_api"
    assert "answered with a web page (HTTP 404), not the API — check the base URL" in str(
        turn.error
    )


async def test_anthropic_proxy_emoji_split_across_events_arrives_whole(server, anthropic_config):
    # The stream splits the text in the middle: between the emoji's two surrogate halves.
    server.enqueue(behave.anthropic_stream([{"type": "text", "text": "A\ud83d\ude00B"}]))
    turn = await astream_turn(AnthropicProvider(), HELLO, anthropic_config)
    assert turn.finals[0]["content"] == "A😀B"
    assert all(p["content"].encode("utf-8") for p in turn.partials)
