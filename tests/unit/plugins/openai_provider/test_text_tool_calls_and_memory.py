"""Tool calls written as text, and the memory of models that must not be streamed."""

from __future__ import annotations

import json
from pathlib import Path

from openai_provider.stream_memory import FILE_NAME, UnstreamedModels
from openai_provider.text_tool_calls import recover_tool_calls

TOOLS = {"read_file", "weather"}


def _calls(text: str) -> tuple[str, list[tuple[str, dict]]]:
    left, calls = recover_tool_calls(text, TOOLS)
    return left, [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in calls]


def test_several_tagged_calls_are_all_taken_and_the_prose_is_kept():
    text = (
        "I'll check both.\n"
        '<tool_call>{"name": "weather", "arguments": {"city": "Oslo"}}</tool_call>\n'
        '<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>'
    )
    assert _calls(text) == (
        "I'll check both.",
        [("weather", {"city": "Oslo"}), ("read_file", {"path": "a"})],
    )


def test_a_json_list_and_the_function_wrapper_shape():
    text = '[{"type": "function", "function": {"name": "weather", "arguments": {"city": "Rome"}}}]'
    assert _calls(text) == ("", [("weather", {"city": "Rome"})])


def test_text_that_only_looks_like_a_call_stays_text():
    for text in (
        '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>',  # not an offered tool
        "<tool_call>{not json}</tool_call>",
        "Plain answer, no calls.",
    ):
        assert _calls(text) == (text, [])
    assert recover_tool_calls('{"name": "weather"}', set()) == ('{"name": "weather"}', [])


def test_a_fenced_call_without_arguments_gets_empty_ones():
    assert _calls('```json\n{"name": "weather"}\n```') == ("", [("weather", {})])


def test_unstreamed_models_are_remembered_on_disk(tmp_path: Path):
    memory = UnstreamedModels()
    memory.add("http://gpu:8000/v1", "qwen", str(tmp_path))
    fresh = UnstreamedModels()  # a new process
    assert fresh.contains("http://gpu:8000/v1", "qwen", str(tmp_path))
    assert not fresh.contains("http://gpu:8000/v1", "llama", str(tmp_path))
    assert not UnstreamedModels().contains("http://gpu:8000/v1", "qwen", None)


def test_an_unreadable_memory_file_means_streaming_again(tmp_path: Path):
    path = tmp_path / "providers" / FILE_NAME
    path.parent.mkdir()
    path.write_text("{broken", encoding="utf-8")
    assert not UnstreamedModels().contains("u", "m", str(tmp_path))
    path.write_text('{"not": "a list"}', encoding="utf-8")
    assert not UnstreamedModels().contains("u", "m", str(tmp_path))
