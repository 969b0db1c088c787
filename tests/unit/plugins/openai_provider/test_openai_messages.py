"""Core ⇄ chat-completions message conversion and tool schemas."""

from __future__ import annotations

import re

import pytest

from openai_provider import ProviderError
from openai_provider.messages import (
    from_native,
    normalize_tool_calls,
    to_native,
    tool_schemas,
    wire_messages,
)


def _to_native(messages, *, documents=False):
    return to_native(messages, accepts_documents=documents, server_label="Ollama")


def test_plain_messages_keep_role_and_text():
    native = _to_native([{"role": "system", "content": "rules"}, {"role": "user", "content": "hi"}])
    assert native == [{"role": "system", "content": "rules"}, {"role": "user", "content": "hi"}]


def test_assistant_metadata_round_trips_and_wire_strips_it():
    core = {
        "role": "assistant",
        "content": "Let me look.",
        "metadata": {
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "grep", "arguments": {"pattern": "x"}},
                }
            ],
            "usage": {"input_tokens": 3, "output_tokens": 4},
            "model": "m",
            "reasoning": "hmm",
            "incomplete": True,
        },
    }
    [native] = _to_native([core])
    assert native["tool_calls"][0]["function"]["arguments"] == '{"pattern": "x"}'
    assert native["usage"] == {"input_tokens": 3, "output_tokens": 4}
    [wire] = wire_messages([native])
    assert wire == {
        "role": "assistant",
        "content": "Let me look.",
        "tool_calls": native["tool_calls"],
    }
    [back] = from_native([native])
    assert back["content"] == "Let me look."
    assert back["metadata"]["reasoning"] == "hmm"
    assert back["metadata"]["incomplete"] is True
    assert back["metadata"]["tool_calls"][0]["function"]["arguments"] == '{"pattern": "x"}'


def test_tool_message_images_wait_for_the_end_of_the_tool_run():
    image = {
        "type": "image",
        "name": "s.png",
        "mime": "image/png",
        "data_url": "data:image/png;base64,AA",
    }
    native = _to_native(
        [
            {
                "role": "tool",
                "content": "",
                "multipartContent": [image],
                "metadata": {"tool_call_id": "a"},
            },
            {"role": "tool", "content": "ok", "metadata": {"tool_call_id": "b"}},
            {"role": "user", "content": "next"},
        ]
    )
    assert [m["role"] for m in native] == ["tool", "tool", "user", "user"]
    assert native[0]["content"] == "(The tool returned 1 image(s); they follow.)"
    assert native[2]["content"][0]["text"] == "Image “s.png” from tool call a:"
    assert native[3] == {"role": "user", "content": "next"}


def test_text_parts_of_multipart_content_join_the_message_text():
    [native] = _to_native(
        [{"role": "user", "content": "a", "multipartContent": [{"type": "text", "text": "b"}]}]
    )
    assert native["content"] == "a\nb"


def test_unknown_attachment_type_is_refused():
    with pytest.raises(ProviderError, match="unknown type 'audio'"):
        _to_native([{"role": "user", "content": "", "multipartContent": [{"type": "audio"}]}])


def test_pdf_needs_a_server_that_reads_documents():
    pdf = {
        "type": "file",
        "name": "a.pdf",
        "mime": "application/pdf",
        "data_url": "data:application/pdf;base64,JVBE",
    }
    message = {"role": "user", "content": "x", "multipartContent": [pdf]}
    with pytest.raises(ProviderError, match=re.escape("Ollama cannot read “a.pdf”")):
        _to_native([message])
    [native] = _to_native([message], documents=True)
    assert native["content"][1]["type"] == "file"


def test_tool_schemas_drop_annotations_and_accept_bare_functions():
    schemas = tool_schemas(
        [
            {
                "type": "function",
                "function": {"name": "a", "description": "d"},
                "annotations": {"readOnlyHint": True},
            },
            {"name": "b", "parameters": {"type": "object", "properties": {}}},
            {"type": "function", "function": {}},
            "junk",
        ]
    )
    assert schemas == [
        {
            "type": "function",
            "function": {
                "name": "a",
                "description": "d",
                "parameters": {"type": "object", "properties": {}},
            },
        },
        {
            "type": "function",
            "function": {"name": "b", "parameters": {"type": "object", "properties": {}}},
        },
    ]


def test_normalize_tool_calls_fills_empty_arguments():
    [call] = normalize_tool_calls([{"id": "x", "function": {"name": "n", "arguments": ""}}])
    assert call == {"id": "x", "type": "function", "function": {"name": "n", "arguments": "{}"}}
