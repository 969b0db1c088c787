"""Assembling Messages API stream events into partials and a final turn."""

from __future__ import annotations

import time

import pytest
from tests.support.wire_servers import load_recording

from agent_core.content import STREAMING_TOOL_CALLS
from anthropic_provider import AnthropicProvider
from anthropic_provider.streaming import STREAM_CUT, MessageDraft
from openai_provider import ProviderError
from openai_provider.streaming import TOOL_INPUT_INTERVAL_SECONDS


def _replay(name: str) -> MessageDraft:
    draft = MessageDraft()
    for event in load_recording(name)["events"]:
        draft.add(event["data"])
    return draft


def test_usage_takes_input_from_start_and_output_from_the_last_delta():
    draft = _replay("anthropic_tool_use_stream")
    final = draft.final(None)
    assert final["usage"] == {"input_tokens": 410, "output_tokens": 57}
    assert final["finish_reason"] == "tool_use"
    assert final["content"][1] == {
        "type": "tool_use",
        "id": "toolu_01A",
        "name": "read_file",
        "input": {"path": "/tmp/notes.txt"},
    }


def test_truncated_tool_json_is_kept_as_text():
    draft = MessageDraft()
    draft.add(
        {
            "type": "content_block_start",
            "index": 0,
            "content_block": {"type": "tool_use", "id": "u", "name": "w", "input": {}},
        }
    )
    draft.add(
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '{"path": "/tm'},
        }
    )
    draft.add(
        {
            "type": "message_delta",
            "delta": {"stop_reason": "max_tokens"},
            "usage": {"output_tokens": 9},
        }
    )
    [block] = draft.final(None)["content"]
    assert block["arguments_text"] == '{"path": "/tm'
    assert block["input"] == {}


def test_two_text_blocks_read_as_paragraphs_and_a_cut_marks_incomplete():
    draft = MessageDraft()
    for index, text in enumerate(["One.", "Two."]):
        draft.add(
            {
                "type": "content_block_start",
                "index": index,
                "content_block": {"type": "text", "text": ""},
            }
        )
        draft.add(
            {
                "type": "content_block_delta",
                "index": index,
                "delta": {"type": "text_delta", "text": text},
            }
        )
    assert draft.partial()["content"] == "One.\n\nTwo."
    draft.add({"object": STREAM_CUT})
    assert draft.partial()["metadata"]["incomplete"] is True


def test_thinking_budget_rules():
    provider = AnthropicProvider()
    state = provider.init({"api_key": "k", "thinking_budget": 500})
    with pytest.raises(ProviderError, match="at least 1024 tokens"):
        provider.call_api([{"role": "user", "content": "hi"}], state)


def test_tags_and_ui_elements():
    provider = AnthropicProvider()
    assert provider.get_tags({"model": "claude-3-5-haiku-latest"}, []) == [
        "streaming",
        "tools",
        "vision",
    ]
    assert "reasoning" in provider.get_tags({"model": "claude-opus-4-7"}, [])
    keys = {e["key"] for e in provider.get_ui_elements({}, None)}
    assert {
        "model",
        "api_key",
        "temperature",
        "max_tokens",
        "thinking_budget",
        "timeout",
        "usage_footer",
        "session_usage",
    } <= keys


def test_a_tool_use_being_written_is_reported_with_its_input_so_far_throttled():
    draft = MessageDraft()
    start = {"type": "tool_use", "id": "toolu_1", "name": "show_note", "input": {}}
    assert draft.add({"type": "content_block_start", "index": 0, "content_block": start})
    assert draft.partial()["metadata"][STREAMING_TOOL_CALLS] == [
        {"id": "toolu_1", "name": "show_note", "arguments": ""}
    ]

    def fragment(text: str) -> dict:
        delta = {"type": "input_json_delta", "partial_json": text}
        return {"type": "content_block_delta", "index": 0, "delta": delta}

    assert not draft.add(fragment('{"title": "Gro'))  # within the interval: folded in only
    time.sleep(TOOL_INPUT_INTERVAL_SECONDS)
    assert draft.add(fragment('ceries"'))
    assert draft.partial()["metadata"][STREAMING_TOOL_CALLS][0]["arguments"] == (
        '{"title": "Groceries"'
    )
    draft.add({"object": STREAM_CUT})
    assert STREAMING_TOOL_CALLS not in draft.partial()["metadata"]
