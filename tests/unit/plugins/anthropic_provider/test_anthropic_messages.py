"""Core ⇄ Messages API conversion, the wire request and tool schemas."""

from __future__ import annotations

import pytest

from anthropic_provider.messages import from_native, to_native, tool_schemas, wire_request
from openai_provider import ProviderError


def test_system_lifts_out_and_same_role_turns_merge():
    native = to_native(
        [
            {"role": "system", "content": "A"},
            {"role": "system", "content": "B"},
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": "",
                "metadata": {
                    "tool_calls": [
                        {
                            "id": "t1",
                            "type": "function",
                            "function": {"name": "x", "arguments": "{}"},
                        },
                        {
                            "id": "t2",
                            "type": "function",
                            "function": {"name": "y", "arguments": "nope"},
                        },
                    ]
                },
            },
            {"role": "tool", "content": "one", "metadata": {"tool_call_id": "t1"}},
            {"role": "tool", "content": "", "metadata": {"tool_call_id": "t2"}},
            {"role": "user", "content": "and?"},
        ]
    )
    system, wire = wire_request(native)
    assert system == "A\n\nB"
    assert [m["role"] for m in wire] == ["user", "assistant", "user"]
    assert wire[1]["content"] == [
        {"type": "tool_use", "id": "t1", "name": "x", "input": {}},
        {"type": "tool_use", "id": "t2", "name": "y", "input": {}},
    ]
    assert [b["type"] for b in wire[2]["content"]] == ["tool_result", "tool_result", "text"]
    assert wire[2]["content"][1]["content"] == [{"type": "text", "text": "(no output)"}]


def test_empty_assistant_turns_are_left_out():
    assert to_native([{"role": "assistant", "content": ""}]) == []


def test_remote_image_urls_use_a_url_source():
    [native] = to_native(
        [
            {
                "role": "user",
                "content": "see",
                "multipartContent": [
                    {"type": "image", "name": "cat", "url": "https://example.org/cat.png"}
                ],
            }
        ]
    )
    assert native["content"][0] == {
        "type": "image",
        "source": {"type": "url", "url": "https://example.org/cat.png"},
    }


def test_an_image_url_that_is_not_base64_is_refused():
    with pytest.raises(ProviderError, match="not a base64 data URL"):
        to_native(
            [
                {
                    "role": "user",
                    "content": "x",
                    "multipartContent": [
                        {"type": "image", "name": "odd", "data_url": "data:image/svg+xml,<svg/>"}
                    ],
                }
            ]
        )


def test_from_native_keeps_signed_thinking_and_broken_arguments():
    [core] = from_native(
        [
            {
                "role": "assistant",
                "content": [
                    {"type": "thinking", "thinking": "t", "signature": "s"},
                    {"type": "thinking", "thinking": "unsigned"},
                    {"type": "text", "text": "a"},
                    {"type": "text", "text": "b"},
                    {
                        "type": "tool_use",
                        "id": "u",
                        "name": "n",
                        "input": {},
                        "arguments_text": '{"x',
                    },
                ],
                "usage": {"input_tokens": 1, "output_tokens": 2},
            }
        ]
    )
    assert core["content"] == "a\n\nb"
    assert core["metadata"]["thinking_blocks"] == [
        {"type": "thinking", "thinking": "t", "signature": "s"}
    ]
    assert core["metadata"]["tool_calls"][0]["function"]["arguments"] == '{"x'
    assert core["metadata"]["usage"] == {"input_tokens": 1, "output_tokens": 2}


def test_tool_schemas_convert_to_input_schema():
    assert tool_schemas(
        [
            {
                "type": "function",
                "function": {"name": "a", "parameters": {"type": "object"}},
                "annotations": {"destructiveHint": True},
            },
            {"type": "function", "function": {"name": "b"}},
        ]
    ) == [
        {"name": "a", "input_schema": {"type": "object"}},
        {"name": "b", "input_schema": {"type": "object", "properties": {}}},
    ]


def test_image_formats_the_api_cannot_read_are_refused_by_name():
    part = {"type": "image", "name": "scan.bmp", "data_url": "data:image/bmp;base64,Qk0="}
    with pytest.raises(ProviderError, match=r"“scan\.bmp” is image/bmp"):
        to_native([{"role": "user", "content": "x", "multipartContent": [part]}])
