"""Assembling chat-completions chunks into partials and a final message."""

from __future__ import annotations

import json
import time

from tests.support.wire_servers import load_recording

from agent_core.content import STREAMING_TOOL_CALLS
from openai_provider.streaming import (
    STREAM_CUT,
    TOOL_INPUT_INTERVAL_SECONDS,
    StreamDraft,
    final_from_completion,
)


def _replay(name: str) -> tuple[StreamDraft, list[dict]]:
    draft = StreamDraft()
    partials = []
    for event in load_recording(name)["events"]:
        if event["data"] == "[DONE]":
            break
        if draft.add(event["data"]):
            partials.append(draft.partial())
    return draft, partials


def test_parallel_fragments_interleaved_by_index():
    draft, _ = _replay("openai_parallel_tool_calls_stream")
    final = draft.final(None)
    assert [json.loads(c["function"]["arguments"]) for c in final["tool_calls"]] == [
        {"city": "Paris"},
        {"zone": "Europe/Paris"},
    ]
    assert final["finish_reason"] == "tool_calls"
    assert final["usage"] == {"input_tokens": 120, "output_tokens": 41}


def test_a_name_repeated_in_every_fragment_is_not_doubled():
    draft = StreamDraft()
    for arguments in ('{"a":', " 1}"):
        fragment = {"index": 0, "id": "c", "function": {"name": "tool", "arguments": arguments}}
        draft.add({"choices": [{"index": 0, "delta": {"tool_calls": [fragment]}}]})
    draft.add({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    [call] = draft.final(None)["tool_calls"]
    assert call["function"] == {"name": "tool", "arguments": '{"a": 1}'}


def test_a_cut_marks_the_partial_and_drops_half_tool_calls():
    draft = StreamDraft()
    fragment = {"index": 0, "id": "c", "function": {"name": "t", "arguments": '{"pa'}}
    draft.add({"choices": [{"index": 0, "delta": {"content": "so far", "tool_calls": [fragment]}}]})
    assert draft.add({"object": STREAM_CUT}) is True
    assert draft.partial()["metadata"]["incomplete"] is True
    final = draft.final("fallback-model")
    assert final["incomplete"] is True
    assert "tool_calls" not in final
    assert final["model"] == "fallback-model"


def test_usage_only_chunks_make_no_partial():
    draft = StreamDraft()
    changed = draft.add({"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 2}})
    assert changed is False
    assert draft.final(None)["usage"] == {"input_tokens": 5, "output_tokens": 2}


def test_non_streamed_completion_with_reasoning_content():
    completion = {
        "model": "deepseek-reasoner",
        "choices": [
            {
                "message": {"role": "assistant", "content": "4", "reasoning_content": "2+2"},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 2},
    }
    final = final_from_completion(completion, None)
    assert final["content"] == "4"
    assert final["reasoning"] == "2+2"
    assert final["model"] == "deepseek-reasoner"


def _text_chunks(*pieces: str) -> StreamDraft:
    draft = StreamDraft()
    for piece in pieces:
        draft.add({"choices": [{"index": 0, "delta": {"content": piece}}]})
    return draft


def test_a_leading_think_block_in_the_text_becomes_reasoning_even_when_split():
    draft = _text_chunks("<thi", "nk>Let me ", "see.</th", "ink>\n\nThe answer", " is 4.")
    assert draft.partial()["content"] == "The answer is 4."
    final = draft.final(None)
    assert final["reasoning"] == "Let me see."
    assert final["content"] == "The answer is 4."


def test_think_tags_later_in_the_answer_are_left_alone():
    draft = _text_chunks("Use ", "<think> tags", " like this.")
    final = draft.final(None)
    assert final["content"] == "Use <think> tags like this."
    assert "reasoning" not in final


def test_an_unclosed_think_block_stays_reasoning():
    draft = _text_chunks("<think>still thinking </thi")
    assert draft.partial()["content"] == ""
    final = draft.final(None)
    assert final["reasoning"] == "still thinking </thi"
    assert final["content"] == ""


def _fragment(arguments: str, **first: str) -> dict:
    call = {"index": 0, "function": {"arguments": arguments}}
    if first:  # the first fragment names the call
        call = {
            "index": 0,
            "id": first["id"],
            "function": {"name": first["name"], **call["function"]},
        }
    return {"choices": [{"index": 0, "delta": {"tool_calls": [call]}}]}


def test_a_call_being_written_is_reported_with_its_arguments_so_far_at_most_ten_times_a_second():
    draft = StreamDraft()
    assert draft.add(_fragment("", id="call_1", name="show_note"))  # named: its row may show
    assert draft.partial()["metadata"][STREAMING_TOOL_CALLS] == [
        {"id": "call_1", "name": "show_note", "arguments": ""}
    ]
    # Fragments in quick succession: folded in, reported once the interval has passed.
    assert not draft.add(_fragment('{"title": "Gro'))
    assert not draft.add(_fragment('ceries"'))
    time.sleep(TOOL_INPUT_INTERVAL_SECONDS)
    assert draft.add(_fragment(', "body": "mi'))
    assert draft.partial()["metadata"][STREAMING_TOOL_CALLS][0]["arguments"] == (
        '{"title": "Groceries", "body": "mi'
    )
    draft.add(_fragment('lk"}'))
    final = draft.final(None)  # the final message carries the call as before, and nothing else
    assert final["tool_calls"][0]["function"] == {
        "name": "show_note",
        "arguments": '{"title": "Groceries", "body": "milk"}',
    }
    assert STREAMING_TOOL_CALLS not in final


def test_a_text_answer_and_a_broken_stream_carry_no_calls_being_written():
    _draft, partials = _replay("openai_text_stream")
    assert partials
    assert all(STREAMING_TOOL_CALLS not in p["metadata"] for p in partials)
    draft = StreamDraft()
    draft.add(_fragment('{"a": ', id="call_1", name="tool"))
    draft.add({"object": STREAM_CUT})
    assert STREAMING_TOOL_CALLS not in draft.partial()["metadata"]  # half a call never runs
