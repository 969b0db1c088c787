"""Edge-case plugins for agent_core tests: a chunk-streaming provider, hook recorders, failures.

`StreamingProvider` speaks a tiny native format: core dicts as native messages, chunks
``{"delta": str}``. Config keys: ``reply`` (text to stream), ``chunk_size`` (default 4),
``fail_at`` (chunk index at which `stream_api` raises) and ``secret_api_key`` (echoed into the
failure message to check redaction).
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Iterator
from typing import Any

from agent_core import ProviderRequestCancelled


class StreamingProvider:
    name = "streamer"
    version = "1.0.0"

    def __init__(self) -> None:
        self.cancelled: list[str] = []
        self.stream_threads: list[str] = []
        self.cancel_answer = True

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "stream-1"}]

    def get_tags(self, config: dict[str, Any], models: list[dict[str, Any]]) -> list[str]:
        return ["streaming"]

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def to_native_messages(self, messages, state, *, context=None):
        return [dict(message) for message in messages]

    def initialize_request(self, native_messages, state, *, request_id=None, context=None):
        return native_messages, state

    def from_native_messages(self, native_messages, state, *, context=None):
        return [dict(message) for message in native_messages]

    def _chunks(self, state: dict[str, Any]) -> Iterator[dict[str, Any]]:
        config = state["config"]
        reply = config.get("reply", "Hello world")
        size = config.get("chunk_size", 4)
        for index, start in enumerate(range(0, len(reply), size)):
            if index == config.get("fail_at"):
                raise ConnectionError(f"stream broke (key {config.get('secret_api_key')})")
            yield {"delta": reply[start : start + size]}

    def stream_api(self, native_messages, state, *, request_id=None):
        self.stream_threads.append(threading.current_thread().name)
        yield from self._chunks(state)

    def call_api(self, native_messages, state, *, request_id=None):
        self.stream_threads.append(threading.current_thread().name)
        text = "".join(chunk["delta"] for chunk in self._chunks(state))
        final = {"role": "assistant", "content": text}
        return [], [final], [*native_messages, final], state

    def process_chunk(self, native_chunk, native_messages, state):
        so_far = state.get("draft", "") + native_chunk["delta"]
        partial = {"role": "assistant", "content": so_far, "metadata": {"chunks": len(so_far)}}
        return [partial], [], native_messages, {**state, "draft": so_far}

    def finalize(self, native_messages, state, *, context=None):
        if "draft" not in state:
            return [], native_messages, state
        final = {"role": "assistant", "content": state["draft"]}
        rest = {key: value for key, value in state.items() if key != "draft"}
        return [final], [*native_messages, final], rest

    def cancel_request(self, request_id: str) -> bool:
        self.cancelled.append(request_id)
        return self.cancel_answer


class AsyncStreamingProvider(StreamingProvider):
    """Offers `astream_api` / `acall_api`; the sync twins fail so tests see which one ran."""

    name = "async-streamer"

    def stream_api(self, native_messages, state, *, request_id=None):
        raise AssertionError("the async path must prefer astream_api")

    def call_api(self, native_messages, state, *, request_id=None):
        raise AssertionError("the async path must prefer acall_api")

    async def astream_api(self, native_messages, state, *, request_id=None) -> AsyncIterator[Any]:
        self.stream_threads.append(threading.current_thread().name)
        for chunk in self._chunks(state):
            yield chunk

    async def acall_api(self, native_messages, state, *, request_id=None):
        self.stream_threads.append(threading.current_thread().name)
        text = "".join(chunk["delta"] for chunk in self._chunks(state))
        final = {"role": "assistant", "content": text}
        return [], [final], [*native_messages, final], state


class IgnoringCancelProvider(StreamingProvider):
    """Never raises ProviderRequestCancelled itself: the core has to stop the stream."""

    name = "stubborn"

    def cancel_request(self, request_id: str) -> bool:
        self.cancelled.append(request_id)
        return False


class SelfCancellingProvider(StreamingProvider):
    """Raises ProviderRequestCancelled from its stream once cancel_request was called."""

    name = "self-cancelling"

    def stream_api(self, native_messages, state, *, request_id=None):
        for chunk in self._chunks(state):
            if request_id in self.cancelled:
                raise ProviderRequestCancelled(request_id)
            yield chunk


def recording_plugin(kind: str, name: str, log: list[str], *, priority: int | None = None) -> Any:
    """A plugin of `kind` whose every request hook appends ``"<name>.<hook>"`` to `log`."""

    class Recorder:
        pass

    recorder = Recorder()
    recorder.name = name  # type: ignore[attr-defined]
    recorder.version = "1.0.0"  # type: ignore[attr-defined]
    if priority is not None:
        recorder.priority = priority  # type: ignore[attr-defined]

    def record(hook: str, result: Any) -> Any:
        def hook_function(*args: Any, **kwargs: Any) -> Any:
            log.append(f"{name}.{hook}")
            return result(*args, **kwargs)

        setattr(recorder, hook, hook_function)

    if kind == "extension":
        record("init", lambda config, state: state)
        record("to_native_messages", lambda messages, native, state=None, **_: native)
        record("initialize_request", lambda native, state, **_: (native, state))
        record(
            "process_chunk",
            lambda chunk, partials, finals, native, state: (partials, finals, native, state),
        )
        record("finalize", lambda finals, native, state, **_: (finals, native, state))
        record("from_native_messages", lambda native, messages, state=None, **_: messages)
    elif kind == "feature":
        record("init", lambda config, state: state)
        record("to_native_messages", lambda messages, native, state=None, **_: native)
        record("initialize_request", lambda native, state, **_: (native, state))
        record("finalize", lambda finals, native, state, **_: (finals, native, state))
        record("from_native_messages", lambda native, messages, state=None, **_: messages)
        record("prepare_tools", lambda config, tools, context=None: tools)
        record("process_chunk", lambda *args: AssertionError("features are never on the hot path"))
    elif kind == "tool":
        record("init", lambda config: {})
        record("prepare", lambda config, state, **_: {})
        record(
            "get_tool_schemas",
            lambda state, **_: [
                {"type": "function", "function": {"name": f"{name}_tool", "parameters": {}}}
            ],
        )
    else:
        raise ValueError(kind)
    return recorder


class RecordingProvider(StreamingProvider):
    """StreamingProvider that appends ``"<name>.<hook>"`` to a log for each request hook."""

    name = "recording"

    def __init__(self, log: list[str]) -> None:
        super().__init__()
        self.log = log
        self.init_configs: list[dict[str, Any]] = []

    def init(self, config):
        self.log.append("recording.init")
        self.init_configs.append(config)
        return super().init(config)

    def to_native_messages(self, messages, state, *, context=None):
        self.log.append("recording.to_native_messages")
        return super().to_native_messages(messages, state, context=context)

    def initialize_request(self, native_messages, state, *, request_id=None, context=None):
        self.log.append("recording.initialize_request")
        return native_messages, state

    def process_chunk(self, native_chunk, native_messages, state):
        self.log.append("recording.process_chunk")
        return super().process_chunk(native_chunk, native_messages, state)

    def finalize(self, native_messages, state, *, context=None):
        self.log.append("recording.finalize")
        return super().finalize(native_messages, state, context=context)

    def from_native_messages(self, native_messages, state, *, context=None):
        self.log.append("recording.from_native_messages")
        return super().from_native_messages(native_messages, state, context=context)
