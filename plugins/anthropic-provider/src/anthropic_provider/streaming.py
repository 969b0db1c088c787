"""Assembling a Messages API stream: text, thinking, tool-use JSON fragments and usage.

A native chunk is one stream event as the server sent it (``message_start``,
``content_block_delta``, ...), or the marker :data:`STREAM_CUT` the provider yields just before
it raises for a broken connection.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from openai_provider.streaming import COMPLETED, STREAM_CUT, AnswerDraft

__all__ = ["COMPLETED", "STREAM_CUT", "MessageDraft", "final_from_message"]


class MessageDraft(AnswerDraft):
    """The Messages API answer so far, block by block."""

    def __init__(self) -> None:
        super().__init__()
        self.blocks: dict[int, dict[str, Any]] = {}
        self.input_tokens = 0
        self.output_tokens = 0
        self.has_usage = False
        #: US dollars, when a gateway in front of the API reports it in ``usage.cost``.
        self.cost: float | None = None
        self.stop_reason: str | None = None

    def add(self, event: dict[str, Any]) -> bool:
        """Fold one event in; ``True`` when the visible text or reasoning changed, or a tool
        call's input grew and is due to be reported (`tool_input_due`)."""
        kind = event.get("type")
        if event.get("object") == STREAM_CUT:
            self.incomplete = True
            return True
        if kind == "message_start":
            message = event.get("message") or {}
            self.model = message.get("model") or self.model
            self._add_usage(message.get("usage") or {})
        elif kind == "content_block_start":
            block = dict(event.get("content_block") or {})
            index = int(event.get("index", len(self.blocks)))
            self.blocks[index] = block
            if block.get("type") == "tool_use":
                block["partial_json"] = ""
                return self.tool_input_due(index)  # its row may show before its input comes
            if block.get("type") == "text" and block.get("text"):
                self._append_text(block["text"], new_block=True)
                block["_started"] = True
            return bool(block.get("text"))
        elif kind == "content_block_delta":
            return self._add_delta(int(event.get("index", 0)), event.get("delta") or {})
        elif kind == "message_delta":
            self.stop_reason = (event.get("delta") or {}).get("stop_reason") or self.stop_reason
            self._add_usage(event.get("usage") or {})
        return False

    def _add_usage(self, usage: dict[str, Any]) -> None:
        if not usage:
            return
        self.has_usage = True
        cost = usage.get("cost")
        if isinstance(cost, int | float) and not isinstance(cost, bool) and cost >= 0:
            self.cost = float(cost)
        input_tokens = sum(
            int(usage.get(key) or 0)
            for key in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
        )
        # message_delta repeats cumulative counts; input may be absent there.
        self.input_tokens = max(self.input_tokens, input_tokens)
        self.output_tokens = max(self.output_tokens, int(usage.get("output_tokens") or 0))

    def _append_text(self, text: str, *, new_block: bool) -> None:
        if new_block and self.content:
            self.content += "\n\n"
        self.content += text

    def _add_delta(self, index: int, delta: dict[str, Any]) -> bool:
        block = self.blocks.setdefault(index, {"type": "text", "text": ""})
        kind = delta.get("type")
        if kind == "text_delta":
            text = self.note_text(delta.get("text", ""))
            block["text"] = block.get("text", "") + text
            self._append_text(text, new_block=not block.get("_started"))
            block["_started"] = True
            return True
        if kind == "thinking_delta":
            thinking = self.note_text(delta.get("thinking", ""))
            block["thinking"] = block.get("thinking", "") + thinking
            self.reasoning += thinking
            return True
        if kind == "signature_delta":
            block["signature"] = block.get("signature", "") + delta.get("signature", "")
        elif kind == "input_json_delta":
            fragment = self.note_text(delta.get("partial_json", ""))
            block["partial_json"] = block.get("partial_json", "") + fragment
            return bool(fragment) and self.tool_input_due(index)
        return False

    def partial(self) -> dict[str, Any]:
        """The message so far, with the tool calls being written (`STREAMING_TOOL_CALLS`)."""
        calls = [
            {
                "id": block.get("id", ""),
                "name": block.get("name", ""),
                "arguments": self.valid(block.get("partial_json") or ""),
            }
            for _, block in sorted(self.blocks.items())
            if block.get("type") == "tool_use"
        ]
        return self.with_streaming_calls(super().partial(), calls)

    def final(self, fallback_model: str | None) -> dict[str, Any]:
        """The native assistant turn this stream produced."""
        blocks = []
        for _, block in sorted(self.blocks.items()):
            kind = block.get("type")
            if kind == "tool_use":
                if self.incomplete:
                    continue  # half a tool call cannot run
                blocks.append(_tool_use_block(block, self.valid))
            elif kind == "text":
                blocks.append({"type": "text", "text": self.valid(block.get("text", ""))})
            elif kind == "thinking":
                blocks.append(
                    {
                        "type": "thinking",
                        "thinking": self.valid(block.get("thinking", "")),
                        "signature": block.get("signature", ""),
                    }
                )
            elif kind == "redacted_thinking":
                blocks.append({"type": "redacted_thinking", "data": block.get("data", "")})
        message: dict[str, Any] = {"role": "assistant", "content": blocks}
        if self.reasoning:
            message["reasoning"] = self.valid(self.reasoning)
        if self.has_usage:
            message["usage"] = {
                "input_tokens": self.input_tokens,
                "output_tokens": self.output_tokens,
            }
            if self.cost is not None:
                message["usage"]["cost"] = self.cost
        message["model"] = self.model or fallback_model
        if self.stop_reason:
            message["finish_reason"] = self.stop_reason
        if self.incomplete:
            message["incomplete"] = True
        return message


def _tool_use_block(block: dict[str, Any], valid: Callable[[str], str]) -> dict[str, Any]:
    text = valid(block.get("partial_json") or "")
    tool_use = {"type": "tool_use", "id": block.get("id", ""), "name": block.get("name", "")}
    if not text:
        tool_use["input"] = block.get("input") or {}
        return tool_use
    try:
        parsed = json.loads(text)
    except ValueError:
        # Truncated JSON (e.g. max_tokens hit): keep the text so the tool reports it as broken.
        tool_use["input"] = {}
        tool_use["arguments_text"] = text
        return tool_use
    tool_use["input"] = parsed if isinstance(parsed, dict) else {"value": parsed}
    return tool_use


def final_from_message(message: dict[str, Any], fallback_model: str | None) -> dict[str, Any]:
    """The native assistant turn of a non-streamed ``message`` answer."""
    draft = MessageDraft()
    draft.add({"type": "message_start", "message": message})
    for index, block in enumerate(message.get("content") or []):
        draft.blocks[index] = dict(block)
        if block.get("type") == "text":
            draft._append_text(block.get("text", ""), new_block=True)
        elif block.get("type") == "thinking":
            draft.reasoning += block.get("thinking", "")
    draft.stop_reason = message.get("stop_reason")
    return draft.final(fallback_model)
