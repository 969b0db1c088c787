"""An offline provider that replays scripted turns: demos, tests and `agent-desktop --self-test`.

Config key `script` is a list of turns. A turn is either the reply text, or a dict::

    {"content": str, "reasoning": str, "tool_calls": [{"name", "arguments": dict | str, "id"?}],
     "chunk_size": int, "delay": float, "error": str, "usage": {...}}

The turn played is the number of assistant messages already in the history, so a fresh session
starts at turn 0 and every tool round trip moves one turn on. Past the end of the script (or with
no script) the provider answers ``Echo: <last user text>``. An ``error`` turn streams its content,
then fails the way a cut connection would.

The native format is OpenAI chat-completions shaped: assistant tool calls in ``tool_calls``, tool
results as ``{"role": "tool", "tool_call_id", "content"}``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from agent_core import ProviderRequestCancelled
from agent_core.content import content_text

DEFAULT_MODEL = "scripted-1"
DEFAULT_CHUNK_SIZE = 8


class ScriptedProviderError(RuntimeError):
    """The failure a scripted `error` turn ends with."""


class ScriptedProvider:
    """Provider plugin `scripted`: plays back the turns configured under `script`."""

    name = "scripted"
    display_name = "Scripted replies (for tests)"
    #: Listed in Settings only in developer mode: it answers from a script, not a model.
    for_testing = True
    version = "0.1.0"

    def __init__(self) -> None:
        self._active_requests: set[str] = set()
        self._cancelled_requests: set[str] = set()

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "script": {
                "type": "array",
                "default": [],
                "description": "Turns to play back: reply strings or turn dicts.",
            },
            "script_offset": {
                "type": "integer",
                "default": 0,
                "description": "Answers already in the history that the script does not count "
                "(a script played into a long stored chat starts at its first turn).",
            },
            "model": {"type": "string", "default": DEFAULT_MODEL, "description": "Model label."},
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return []

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        model = config.get("model") or DEFAULT_MODEL
        return [{"id": model, "name": f"Scripted ({model})"}]

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        return ["streaming", "tools"]

    def accepted_tool_schema_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    def emitted_tool_call_formats(
        self, config: dict[str, Any], state: dict[str, Any] | None = None
    ) -> list[str]:
        return ["openai.chat_completions"]

    # ------------------------------------------------------------------ conversion
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def initialize_request(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        return native_messages, state

    def to_native_messages(
        self,
        messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return [_to_native(message) for message in messages if isinstance(message, dict)]

    def from_native_messages(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> list[dict[str, Any]]:
        return [_from_native(message) for message in native_messages if isinstance(message, dict)]

    def to_display_format(self, message: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return message

    # ------------------------------------------------------------------ streaming
    def stream_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        turn = _select_turn(native_messages, state)
        self._begin(request_id)
        try:
            for chunk in _turn_chunks(turn, native_messages, state):
                self._raise_if_cancelled(request_id)
                if turn.get("delay"):
                    time.sleep(turn["delay"])
                yield chunk
        finally:
            self._end(request_id)

    async def astream_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> AsyncIterator[dict[str, Any]]:
        turn = _select_turn(native_messages, state)
        self._begin(request_id)
        try:
            for chunk in _turn_chunks(turn, native_messages, state):
                self._raise_if_cancelled(request_id)
                # A real stream waits on the socket between chunks; yield to the loop the same way.
                await asyncio.sleep(turn.get("delay") or 0)
                yield chunk
        finally:
            self._end(request_id)

    def process_chunk(
        self,
        native_chunk: dict[str, Any],
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        draft = dict(state.get("scripted_draft") or _empty_draft())
        kind = native_chunk.get("type")
        if kind == "text":
            draft["content"] += native_chunk["delta"]
        elif kind == "reasoning":
            draft["reasoning"] += native_chunk["delta"]
        elif kind == "tool_call":
            draft["tool_calls"] = [*draft["tool_calls"], native_chunk["tool_call"]]
        elif kind == "usage":
            draft["usage"] = native_chunk["usage"]
        new_state = {**state, "scripted_draft": draft}
        partial: dict[str, Any] = {"role": "assistant", "content": draft["content"]}
        if draft["reasoning"]:
            partial["metadata"] = {"reasoning": draft["reasoning"]}
        return [partial], [], native_messages, new_state

    def finalize(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        draft = state.get("scripted_draft")
        if draft is None:
            return [], native_messages, state
        final: dict[str, Any] = {"role": "assistant", "content": draft["content"]}
        if draft["tool_calls"]:
            final["tool_calls"] = draft["tool_calls"]
        if draft["reasoning"]:
            final["reasoning"] = draft["reasoning"]
        if draft["usage"]:
            final["usage"] = draft["usage"]
        final["model"] = state.get("config", {}).get("model") or DEFAULT_MODEL
        new_state = {key: value for key, value in state.items() if key != "scripted_draft"}
        return [final], [*native_messages, final], new_state

    def call_api(
        self,
        native_messages: list[dict[str, Any]],
        state: dict[str, Any],
        *,
        request_id: str | None = None,
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        history = native_messages
        for chunk in self.stream_api(native_messages, state, request_id=request_id):
            _, _, history, state = self.process_chunk(chunk, history, state)
        finals, history, state = self.finalize(history, state)
        return [], finals, history, state

    def cancel_request(self, request_id: str) -> bool:
        if request_id not in self._active_requests:
            return False
        self._cancelled_requests.add(request_id)
        return True

    # ------------------------------------------------------------------ request tracking
    def _begin(self, request_id: str | None) -> None:
        if request_id is not None:
            self._active_requests.add(request_id)

    def _end(self, request_id: str | None) -> None:
        self._active_requests.discard(request_id or "")
        self._cancelled_requests.discard(request_id or "")

    def _raise_if_cancelled(self, request_id: str | None) -> None:
        if request_id is not None and request_id in self._cancelled_requests:
            raise ProviderRequestCancelled(request_id)


def _empty_draft() -> dict[str, Any]:
    return {"content": "", "reasoning": "", "tool_calls": [], "usage": None}


def _select_turn(native_messages: list[dict[str, Any]], state: dict[str, Any]) -> dict[str, Any]:
    script = state.get("config", {}).get("script") or []
    if not isinstance(script, list):
        raise ValueError("The scripted provider's `script` must be a list of turns.")
    played = sum(1 for message in native_messages if message.get("role") == "assistant")
    played -= int(state.get("config", {}).get("script_offset") or 0)
    if played < len(script):
        turn = script[played]
        if isinstance(turn, str):
            return {"content": turn}
        if isinstance(turn, dict):
            return turn
        raise ValueError(f"Script turn {played} must be a string or a dict, not {type(turn)}.")
    last_user = next(
        (m.get("content") for m in reversed(native_messages) if m.get("role") == "user"), ""
    )
    return {"content": "Echo: " + content_text(last_user, " ")}


def _turn_chunks(
    turn: dict[str, Any], native_messages: list[dict[str, Any]], state: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    size = max(1, int(turn.get("chunk_size") or DEFAULT_CHUNK_SIZE))
    reasoning = turn.get("reasoning") or ""
    for start in range(0, len(reasoning), size):
        yield {"type": "reasoning", "delta": reasoning[start : start + size]}
    content = turn.get("content") or ""
    for start in range(0, len(content), size):
        yield {"type": "text", "delta": content[start : start + size]}
    if turn.get("error"):
        raise ScriptedProviderError(f"The scripted stream broke off: {turn['error']}")
    for index, call in enumerate(turn.get("tool_calls") or []):
        arguments = call.get("arguments", {})
        yield {
            "type": "tool_call",
            "tool_call": {
                "id": call.get("id") or f"call_{len(native_messages)}_{index}",
                "type": "function",
                "function": {
                    "name": call["name"],
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
                },
            },
        }
    usage = turn.get("usage") or {
        "input_tokens": sum(len(content_text(m.get("content"), " ")) for m in native_messages) // 4,
        "output_tokens": (len(content) + len(reasoning)) // 4,
    }
    yield {"type": "usage", "usage": usage}


def _to_native(message: dict[str, Any]) -> dict[str, Any]:
    metadata = message.get("metadata") or {}
    native: dict[str, Any] = {
        "role": message.get("role", "user"),
        "content": message.get("content"),
    }
    if metadata.get("tool_calls"):
        native["tool_calls"] = metadata["tool_calls"]
    if native["role"] == "tool":
        native["tool_call_id"] = metadata.get("tool_call_id")
        native["name"] = metadata.get("name")
    return native


def _from_native(native: dict[str, Any]) -> dict[str, Any]:
    metadata: dict[str, Any] = {}
    for key in ("tool_calls", "reasoning", "usage", "model"):
        if native.get(key):
            metadata[key] = native[key]
    if native.get("role") == "tool":
        metadata["tool_call_id"] = native.get("tool_call_id")
        metadata["name"] = native.get("name")
    return {
        "role": native.get("role", "assistant"),
        "content": native.get("content") or "",
        "metadata": metadata,
    }
