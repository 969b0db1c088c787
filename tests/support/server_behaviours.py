"""Servers as they really behave, for :meth:`WireServer.behave` and ``enqueue``.

Each function builds what a real server (or the proxy in front of it) sends; those named
``*_server`` are behaviours: functions of the request body, answering streamed and non-streamed
requests differently, as the servers that motivated them do.

OpenAI chat completions:

- :func:`openai_tools_only_unstreamed_server` — tool calls only in non-streamed answers; a streamed
  request gets an empty answer (some gateways in front of local servers);
- :func:`openai_refuses_streamed_tools_server` — a streamed request with tools gets a 500 with the
  server's internal text; non-streamed works;
- :func:`openai_stream` — a stream built from deltas, usage only in a last chunk without choices
  (what ``stream_options.include_usage`` makes OpenAI send), optionally with a ``cost``;
- :func:`web_page`, :func:`plain_text`, :func:`non_json_events`, :func:`split_emoji_stream`,
  :func:`proxy_wrong_key` — answers that are not the API, or are but awkwardly.

Anthropic Messages behind a proxy: :func:`anthropic_tools_only_unstreamed_server`,
:func:`anthropic_refuses_streamed_tools_server`, :func:`anthropic_stream`,
:func:`anthropic_proxy_wrong_key`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Recording = dict[str, Any]
Behaviour = Callable[[Any], Recording]

MODEL = "local-model"
PAGE = (
    "<!DOCTYPE html><html><head><title>Sign in</title></head>"
    "<body><h1>Sign in to continue</h1><form>...</form></body></html>"
)

# ---------------------------------------------------------------- OpenAI chat completions


def _chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-beh",
        "object": "chat.completion.chunk",
        "created": 1763700000,
        "model": MODEL,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


def openai_stream(
    deltas: list[dict[str, Any]],
    *,
    finish: str = "stop",
    usage: dict[str, Any] | None = None,
) -> Recording:
    """A stream of ``deltas``; the usage (if any) arrives alone in a last chunk."""
    events = [{"data": _chunk({"role": "assistant", "content": ""})}]
    events += [{"data": _chunk(delta)} for delta in deltas]
    events.append({"data": _chunk({}, finish)})
    if usage is not None:
        events.append({"data": {**_chunk({}), "choices": [], "usage": usage}})
    events.append({"data": "[DONE]"})
    return {"status": 200, "events": events}


def openai_text(text: str) -> Recording:
    """A plain streamed answer: `text` in one delta."""
    return openai_stream([{"content": text}])


def openai_completion(message: dict[str, Any], *, usage: dict[str, Any] | None = None) -> Recording:
    finish = "tool_calls" if message.get("tool_calls") else "stop"
    return {
        "status": 200,
        "body": {
            "id": "chatcmpl-beh",
            "object": "chat.completion",
            "created": 1763700000,
            "model": MODEL,
            "choices": [
                {"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish}
            ],
            "usage": usage or {"prompt_tokens": 30, "completion_tokens": 9, "total_tokens": 39},
        },
    }


def openai_tool_call(
    name: str, arguments: dict[str, Any], call_id: str = "call_1"
) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


def openai_tools_only_unstreamed_server(
    calls: list[dict[str, Any]], answer: str = "Done."
) -> Behaviour:
    """Tool calls only when not streaming: a streamed request gets an empty answer that ends
    normally. Once the conversation holds tool results, it answers ``answer``."""

    def respond(body: Any) -> Recording:
        if any(message.get("role") == "tool" for message in body.get("messages") or []):
            if body.get("stream"):
                return openai_stream([{"content": answer}])
            return openai_completion({"content": answer})
        if body.get("stream"):
            return openai_stream([], usage={"prompt_tokens": 30, "completion_tokens": 0})
        return openai_completion({"content": None, "tool_calls": calls})

    return respond


def openai_refuses_streamed_tools_server(calls: list[dict[str, Any]]) -> Behaviour:
    """A streamed request with tools gets a 500 with the server's internal words."""

    def respond(body: Any) -> Recording:
        if body.get("stream") and body.get("tools"):
            return {
                "status": 500,
                "body": {
                    "error": {
                        "message": "Internal error: tool calls are not supported in streaming "
                        "mode (ValueError in chat_stream_generator)",
                        "type": "internal_error",
                    }
                },
            }
        return openai_completion({"content": None, "tool_calls": calls})

    return respond


def openai_split_tool_calls_stream() -> Recording:
    """Two parallel calls, arguments split mid-token, ids and names only in first fragments;
    usage only in the last chunk."""
    fragments = [
        {
            "index": 0,
            "id": "call_W",
            "type": "function",
            "function": {"name": "weather", "arguments": ""},
        },
        {"index": 0, "function": {"arguments": '{"ci'}},
        {
            "index": 1,
            "id": "call_T",
            "type": "function",
            "function": {"name": "time", "arguments": '{"zo'},
        },
        {"index": 0, "function": {"arguments": 'ty": "Par'}},
        {"index": 1, "function": {"arguments": 'ne": "UTC"}'}},
        {"index": 0, "function": {"arguments": 'is"}'}},
    ]
    return openai_stream(
        [{"tool_calls": [fragment]} for fragment in fragments],
        finish="tool_calls",
        usage={"prompt_tokens": 50, "completion_tokens": 20},
    )


def think_tag_stream() -> Recording:
    """A reasoning model without a reasoning parser: thoughts in ``<think>`` tags, split."""
    return openai_stream(
        [
            {"content": "<thi"},
            {"content": "nk>Two plus two"},
            {"content": " is four.</th"},
            {"content": "ink>\n\n4"},
        ]
    )


def web_page(status: int = 200) -> Recording:
    return {"status": status, "content_type": "text/html; charset=utf-8", "raw": PAGE}


def plain_text() -> Recording:
    return {"status": 200, "content_type": "text/plain", "raw": "Service is up."}


def non_json_events(event: str | None = None) -> Recording:
    """Server-sent events whose data is not JSON (``event`` names them, as Anthropic's do)."""
    named = {"event": event} if event else {}
    return {"status": 200, "events": [{**named, "data": "hello from a stub"}, {"data": "[DONE]"}]}


def split_emoji_stream() -> Recording:
    """An emoji sent as two JSON-escaped surrogate halves in separate chunks (llama.cpp-style
    byte-level tokens), and another split mid-UTF-8-sequence across HTTP chunks."""
    first = json.dumps(_chunk({"content": "Nice \ud83d"}))  # the escape stays ASCII: \\ud83d
    second = json.dumps(_chunk({"content": "\ude00 and "}))
    third = json.dumps(_chunk({"content": "🎉!"}), ensure_ascii=False).encode()
    cut = third.index("🎉".encode()) + 2  # two of the emoji's four bytes in one HTTP chunk
    last = json.dumps(_chunk({}, "stop"))
    return {
        "status": 200,
        "content_type": "text/event-stream",
        "raw_chunks": [
            f"data: {json.dumps(_chunk({'role': 'assistant', 'content': ''}))}\n\n",
            f"data: {first}\n\n",
            f"data: {second}\n\n",
            b"data: " + third[:cut],
            third[cut:] + b"\n\n",
            f"data: {last}\n\ndata: [DONE]\n\n",
        ],
    }


def proxy_wrong_key() -> Recording:
    """LiteLLM's proxy answering a wrong key with 400, not 401."""
    return {
        "status": 400,
        "body": {
            "error": {
                "message": "Authentication Error, Invalid proxy server token passed. Received "
                "API Key = sk-...9876, Key Hash (Token) =abc. Unable to find token in cache "
                "or `LiteLLM_VerificationTokenTable`",
                "type": "auth_error",
                "param": "None",
                "code": "400",
            }
        },
    }


# ---------------------------------------------------------------- Anthropic Messages


def _anthropic_event(kind: str, **data: Any) -> dict[str, Any]:
    return {"event": kind, "data": {"type": kind, **data}}


def anthropic_stream(
    blocks: list[dict[str, Any]], *, usage: dict[str, Any] | None = None, stop: str = "end_turn"
) -> Recording:
    """A Messages stream of text / tool_use ``blocks`` (text deltas split in two)."""
    events = [
        _anthropic_event(
            "message_start",
            message={
                "id": "msg_beh",
                "type": "message",
                "role": "assistant",
                "model": "claude-proxy-model",
                "content": [],
                "stop_reason": None,
                "usage": {"input_tokens": 25, "output_tokens": 1},
            },
        )
    ]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            events.append(
                _anthropic_event(
                    "content_block_start", index=index, content_block={"type": "text", "text": ""}
                )
            )
            text = block["text"]
            for piece in (text[: len(text) // 2], text[len(text) // 2 :]):
                events.append(
                    _anthropic_event(
                        "content_block_delta",
                        index=index,
                        delta={"type": "text_delta", "text": piece},
                    )
                )
        else:
            events.append(
                _anthropic_event(
                    "content_block_start",
                    index=index,
                    content_block={
                        "type": "tool_use",
                        "id": block["id"],
                        "name": block["name"],
                        "input": {},
                    },
                )
            )
            events.append(
                _anthropic_event(
                    "content_block_delta",
                    index=index,
                    delta={"type": "input_json_delta", "partial_json": json.dumps(block["input"])},
                )
            )
        events.append(_anthropic_event("content_block_stop", index=index))
    events.append(
        _anthropic_event(
            "message_delta",
            delta={"stop_reason": stop, "stop_sequence": None},
            usage=usage or {"output_tokens": 12},
        )
    )
    events.append(_anthropic_event("message_stop"))
    return {"status": 200, "events": events}


def anthropic_message(blocks: list[dict[str, Any]]) -> Recording:
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return {
        "status": 200,
        "body": {
            "id": "msg_beh",
            "type": "message",
            "role": "assistant",
            "model": "claude-proxy-model",
            "content": blocks,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 25, "output_tokens": 12},
        },
    }


def anthropic_tools_only_unstreamed_server(blocks: list[dict[str, Any]]) -> Behaviour:
    """Tool use only when not streaming; a streamed request gets a message with no blocks."""

    def respond(body: Any) -> Recording:
        if body.get("stream"):
            return anthropic_stream([])
        return anthropic_message(blocks)

    return respond


def anthropic_refuses_streamed_tools_server(blocks: list[dict[str, Any]]) -> Behaviour:
    def respond(body: Any) -> Recording:
        if body.get("stream") and body.get("tools"):
            return {
                "status": 500,
                "body": {
                    "type": "error",
                    "error": {
                        "type": "api_error",
                        "message": "upstream: streaming tool_use unsupported",
                    },
                },
            }
        return anthropic_message(blocks)

    return respond


def anthropic_proxy_wrong_key() -> Recording:
    return {
        "status": 400,
        "body": {
            "type": "error",
            "error": {"type": "invalid_request_error", "message": "Invalid API key for this proxy"},
        },
    }
