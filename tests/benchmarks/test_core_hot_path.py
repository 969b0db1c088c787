"""Hot path: 10,000 native chunks through a provider and 3 extensions, core vs a direct loop.

The baseline calls the very same `stream_api` and `process_chunk` functions in a plain loop and
keeps the last partial, which is the least any caller has to do. The core adds what it owes its
callers on top: a partial event per chunk, cancellation checks, failure attribution, and the
per-request cold path (enablement, init/to-native/finalize/from-native chains). Target: core
mean ≤ 1.5× the baseline mean (printed by tests/benchmarks/conftest.py).

    uv run pytest tests/benchmarks/test_core_hot_path.py --benchmark-enable -s
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agent_core import AgentCore, Session

CHUNKS = 10_000
CHUNK_TEXTS = [f"w{index % 97} " for index in range(CHUNKS)]


class DeltaProvider:
    """Streams `CHUNKS` text deltas; keeps the text so far in its state like real providers."""

    name = "delta"
    version = "1.0.0"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def stream_api(self, native_messages, state, *, request_id=None):
        for text in CHUNK_TEXTS:
            yield {"type": "text", "delta": text}

    async def astream_api(self, native_messages, state, *, request_id=None):
        for text in CHUNK_TEXTS:
            yield {"type": "text", "delta": text}

    def process_chunk(self, native_chunk, native_messages, state):
        parts = state.get("parts")
        if parts is None:
            parts = state["parts"] = []
        parts.append(native_chunk["delta"])
        state["chunks"] = state.get("chunks", 0) + 1
        partial = {"role": "assistant", "content": native_chunk["delta"], "metadata": {}}
        return [partial], [], native_messages, state

    def finalize(self, native_messages, state, *, context=None):
        final = {"role": "assistant", "content": "".join(state.pop("parts", []))}
        return [final], [*native_messages, final], state


class CountingExtension:
    name = "counting"
    version = "1.0.0"

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        state["seen"] = state.get("seen", 0) + 1
        return partials, finals, native_messages, state


class TaggingExtension:
    name = "tagging"
    version = "1.0.0"
    priority = 10

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if native_chunk is not None and native_chunk.get("type") == "reasoning":
            state["reasoning"] = True
        return partials, finals, native_messages, state


class FinalsExtension:
    name = "finals"
    version = "1.0.0"
    priority = 200

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if finals:
            finals = [{**message, "metadata": {"checked": True}} for message in finals]
        return partials, finals, native_messages, state


def _core() -> tuple[AgentCore, DeltaProvider, list[Any]]:
    core = AgentCore()
    provider = core.register_provider(DeltaProvider)
    extensions = [
        core.register_extension(plugin)
        for plugin in (TaggingExtension, CountingExtension, FinalsExtension)
    ]
    return core, provider, sorted(extensions, key=lambda plugin: getattr(plugin, "priority", 100))


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session(), "user", "go")


def baseline_stream(provider: DeltaProvider, extensions: list[Any]) -> Any:
    native: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    state = provider.init({})
    chain = [extension.process_chunk for extension in extensions]
    last = None
    for chunk in provider.stream_api(native, state):
        partials, finals, native, state = provider.process_chunk(chunk, native, state)
        for process in chain:
            partials, finals, native, state = process(chunk, partials, finals, native, state)
        if partials:
            last = partials[-1]
    return last


@pytest.mark.benchmark(group="core-hot-path")
def test_hot_path_baseline(benchmark: Any) -> None:
    _, provider, extensions = _core()
    last = benchmark(baseline_stream, provider, extensions)
    assert last["content"] == CHUNK_TEXTS[-1]


@pytest.mark.benchmark(group="core-hot-path")
def test_hot_path_through_core_stream_request(benchmark: Any) -> None:
    core, _, _ = _core()
    session = _session(core)

    def run() -> dict[str, Any]:
        event: dict[str, Any] = {}
        for event in core.stream_request(session, {}):  # noqa: B007 (the last event is kept)
            pass
        return event

    final = benchmark(run)
    assert final["type"] == "final"
    assert final["messages"][0]["content"] == "".join(CHUNK_TEXTS)


@pytest.mark.benchmark(group="core-hot-path")
def test_hot_path_through_core_astream_request(benchmark: Any) -> None:
    core, _, _ = _core()
    session = _session(core)

    async def consume() -> dict[str, Any]:
        event: dict[str, Any] = {}
        async for event in core.astream_request(session, {}):  # noqa: B007
            pass
        return event

    final = benchmark(lambda: asyncio.run(consume()))
    assert final["type"] == "final"
