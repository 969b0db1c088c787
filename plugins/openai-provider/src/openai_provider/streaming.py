"""Assembling a chat-completions stream: text, reasoning, tool-call fragments and usage.

A native chunk is the chunk object as the server sent it (``chat.completion.chunk``), the
marker :data:`STREAM_CUT` the provider yields just before it raises for a broken connection, or
the marker :data:`COMPLETED` carrying a whole native final (an answer fetched without streaming).

Text is kept valid Unicode: servers that JSON-escape an emoji as two surrogate halves may split
the halves across chunks; the draft joins them (see ``agent_core.content.repair_surrogates``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from agent_core.content import STREAMING_TOOL_CALLS, SURROGATE, repair_surrogates

_has_surrogate = SURROGATE.search
STREAM_CUT = "agent_desktop.stream_cut"
COMPLETED = "agent_desktop.completed"
#: Delta fields servers use for reasoning text (DeepSeek / vLLM / llama.cpp; OpenRouter / Ollama).
_REASONING_FIELDS = ("reasoning_content", "reasoning")
#: Local servers running reasoning models without a reasoning parser put thoughts in the text.
_THINK_OPEN, _THINK_CLOSE = "<think>", "</think>"
#: A tool call's growing arguments are reported at most this often (an app view shows them as
#: they come; a partial per fragment would be hundreds a second).
TOOL_INPUT_INTERVAL_SECONDS = 0.1


class AnswerDraft:
    """What every provider's stream builds up: the text, reasoning and model so far.

    Mutable on purpose: it is updated once per chunk on the hot path.
    """

    def __init__(self) -> None:
        self.content = ""
        self.reasoning = ""
        self.model: str | None = None
        self.incomplete = False
        #: A fragment held a surrogate half: texts are repaired when read.
        self.has_surrogates = False
        #: When each tool call's arguments were last reported (see `tool_input_due`).
        self._tool_input_reported: dict[Any, float] = {}

    def note_text(self, text: str) -> str:
        if not self.has_surrogates and _has_surrogate(text) is not None:
            self.has_surrogates = True
        return text

    def tool_input_due(self, call: Any) -> bool:
        """True when the arguments of `call` (its index or block) grew and may be reported
        now: at most once per `TOOL_INPUT_INTERVAL_SECONDS` per call."""
        now = time.monotonic()
        last = self._tool_input_reported.get(call)
        if last is not None and now - last < TOOL_INPUT_INTERVAL_SECONDS:
            return False
        self._tool_input_reported[call] = now
        return True

    def with_streaming_calls(
        self, message: dict[str, Any], calls: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """`message` (a partial) naming the tool calls still being written (those with a name),
        unless the stream broke (half a call never runs)."""
        named = [call for call in calls if call["name"]]
        if named and not self.incomplete:
            message["metadata"][STREAMING_TOOL_CALLS] = named
        return message

    def valid(self, text: str) -> str:
        """``text`` as valid Unicode (a no-op unless a surrogate half arrived)."""
        return repair_surrogates(text) if self.has_surrogates else text

    def partial(self) -> dict[str, Any]:
        """The core-shaped message so far (a `partial` event's message)."""
        metadata: dict[str, Any] = {}
        repair = self.has_surrogates
        if self.reasoning:
            metadata["reasoning"] = repair_surrogates(self.reasoning) if repair else self.reasoning
        if self.model:
            metadata["model"] = self.model
        if self.incomplete:
            metadata["incomplete"] = True
        content = repair_surrogates(self.content) if repair else self.content
        return {"role": "assistant", "content": content, "metadata": metadata}


class StreamDraft(AnswerDraft):
    """The chat-completions answer so far, tool-call fragments included."""

    def __init__(self) -> None:
        super().__init__()
        self.tool_calls: dict[int, dict[str, Any]] = {}
        self.usage: dict[str, Any] | None = None
        self.finish_reason: str | None = None
        # Text held back while it may still turn out to be (part of) a <think> tag.
        self._held = ""
        self._thinking_in_text = False
        self._answer_started = False

    def add(self, chunk: dict[str, Any]) -> bool:
        """Fold one chunk in; ``True`` when the visible text or reasoning changed, or a tool
        call's arguments grew and are due to be reported (`tool_input_due`)."""
        if chunk.get("object") == STREAM_CUT:
            self.incomplete = True
            return True
        self.model = chunk.get("model") or self.model
        if chunk.get("usage"):
            self.usage = usage_from_openai(chunk["usage"])
        changed = False
        for choice in chunk.get("choices") or []:
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if delta.get("content"):
                changed = self._add_text(self.note_text(delta["content"])) or changed
            for field in _REASONING_FIELDS:
                if isinstance(delta.get(field), str) and delta[field]:
                    self.reasoning += self.note_text(delta[field])
                    changed = True
                    break
            for fragment in delta.get("tool_calls") or []:
                index = self._add_tool_fragment(fragment)
                if index is not None and self.tool_input_due(index):
                    changed = True
            if choice.get("finish_reason"):
                self.finish_reason = choice["finish_reason"]
        return changed

    def _add_text(self, text: str) -> bool:
        """Route answer text, moving a leading ``<think>…</think>`` block to the reasoning."""
        before = (len(self.content), len(self.reasoning))
        self._held += text
        while self._held:
            if self._thinking_in_text:
                end = self._held.find(_THINK_CLOSE)
                if end < 0:
                    keep = _tag_prefix_length(self._held, _THINK_CLOSE)
                    self.reasoning += self._held[: len(self._held) - keep]
                    self._held = self._held[len(self._held) - keep :]
                    break
                self.reasoning += self._held[:end]
                self._held = self._held[end + len(_THINK_CLOSE) :].lstrip()
                self._thinking_in_text = False
                self._answer_started = True
            elif not self._answer_started:
                start = self._held.lstrip()
                if start.startswith(_THINK_OPEN):
                    self._held = start[len(_THINK_OPEN) :]
                    self._thinking_in_text = True
                elif _THINK_OPEN.startswith(start):
                    break  # whitespace or the tag's beginning: wait for more
                else:
                    self._answer_started = True
            else:
                self.content += self._held
                self._held = ""
        return before != (len(self.content), len(self.reasoning))

    def _flush_held(self) -> None:
        if self._thinking_in_text:
            self.reasoning += self._held
        else:
            self.content += self._held
        self._held = ""

    def partial(self) -> dict[str, Any]:
        """The message so far, with the tool calls being written (`STREAMING_TOOL_CALLS`)."""
        calls = [
            {
                "id": call["id"],
                "name": call["function"]["name"],
                "arguments": self.valid(call["function"]["arguments"]),
            }
            for _, call in sorted(self.tool_calls.items())
        ]
        return self.with_streaming_calls(super().partial(), calls)

    def _add_tool_fragment(self, fragment: dict[str, Any]) -> int | None:
        """Fold a call's fragment in; its index when its name or arguments grew, else None."""
        index = fragment.get("index")
        if index is None:  # some servers send whole calls without an index
            index = len(self.tool_calls)
        call = self.tool_calls.setdefault(
            index, {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
        )
        if fragment.get("id"):
            call["id"] = fragment["id"]
        function = fragment.get("function") or {}
        name = function.get("name")
        # OpenAI sends the name once; some servers repeat it in every fragment.
        grew = bool(name and name != call["function"]["name"])
        if grew:
            call["function"]["name"] += name
        if function.get("arguments"):
            arguments = function["arguments"]
            if not isinstance(arguments, str):  # a few local servers send parsed objects
                arguments = json.dumps(arguments)
            call["function"]["arguments"] += self.note_text(arguments)
            grew = True
        return int(index) if grew else None

    def final(self, fallback_model: str | None) -> dict[str, Any]:
        """The native assistant message this stream produced."""
        self._flush_held()
        content = self.valid(self.content)
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if self.tool_calls and not self.incomplete:
            message["tool_calls"] = [
                {
                    **call,
                    "id": call["id"] or f"call_{index}",
                    "function": {
                        **call["function"],
                        "arguments": self.valid(call["function"]["arguments"]),
                    },
                }
                for index, call in sorted(self.tool_calls.items())
            ]
            message["content"] = content or None
        if self.reasoning:
            message["reasoning"] = self.valid(self.reasoning)
        if self.usage:
            message["usage"] = self.usage
        message["model"] = self.model or fallback_model
        if self.finish_reason:
            message["finish_reason"] = self.finish_reason
        if self.incomplete:
            message["incomplete"] = True
        return message


def _tag_prefix_length(text: str, tag: str) -> int:
    """Length of the longest end of ``text`` that starts ``tag`` (a tag split across chunks)."""
    for length in range(min(len(tag) - 1, len(text)), 0, -1):
        if text.endswith(tag[:length]):
            return length
    return 0


def usage_from_openai(usage: dict[str, Any]) -> dict[str, Any]:
    """Token counts, and the cost in US dollars when the server reports it (OpenRouter and
    LiteLLM-style gateways send ``usage.cost``)."""
    tokens: dict[str, Any] = {
        "input_tokens": int(usage.get("prompt_tokens") or 0),
        "output_tokens": int(usage.get("completion_tokens") or 0),
    }
    cost = usage.get("cost")
    if isinstance(cost, int | float) and not isinstance(cost, bool) and cost >= 0:
        tokens["cost"] = float(cost)
    return tokens


def final_from_completion(completion: dict[str, Any], fallback_model: str | None) -> dict[str, Any]:
    """The native assistant message of a non-streamed ``chat.completion``."""
    draft = StreamDraft()
    choice = (completion.get("choices") or [{}])[0]
    message = choice.get("message") or {}
    delta = {
        "content": message.get("content"),
        "tool_calls": [
            {**call, "index": index} for index, call in enumerate(message.get("tool_calls") or [])
        ],
        **{field: message.get(field) for field in _REASONING_FIELDS},
    }
    draft.add(
        {
            "model": completion.get("model"),
            "usage": completion.get("usage"),
            "choices": [{"index": 0, "delta": delta, "finish_reason": choice.get("finish_reason")}],
        }
    )
    return draft.final(fallback_model)
