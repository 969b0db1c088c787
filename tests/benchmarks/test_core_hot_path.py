"""Hot path: 10,000 native chunks through a provider and 3 extensions, core vs by hand.

The figure is `AgentCore.astream_request_batches`, the path the application takes (its tool
loop's provider turn), consumed to the last event with every event looked at. The baseline
drives the very same plugins by hand the same way: the provider's `astream_api` read in a fresh
event loop, each chunk through the provider's and extensions' `process_chunk` in a plain loop,
keeping the last partial (the least any caller has to do). The core adds what it owes its callers
on top: a partial event per chunk, the hooks kept off the event loop with a time limit,
cancellation checks, failure attribution and the per-request cold path (enablement,
init/to-native/finalize/from-native chains). Target: ≤ 1.5× the baseline (median of alternating
runs; see tests/benchmarks/budgets.py).

It is measured with three extensions handling chunks, and as the app's own plugins run it, with
an extension that has no `process_chunk` (none of the first-party plugins has one: the core does
not call it per chunk). Either way the chunks' hooks run on the core's workers (a provider's or
extension's hook may block). The baseline of each drives the same plugins by hand.

The per-event `astream_request` (the spec's API: one async-generator step per event, which costs
about as much as a fast chunk's hooks) is recorded too, against the same baseline and target, so
nothing hides; the app does not take it.

    uv run pytest tests/benchmarks/test_core_hot_path.py --benchmark-enable -s
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from tests.benchmarks.budgets import BudgetReport, alternate

from agent_core import AgentCore, Session

CHUNKS = 10_000
RUNS = 7  # alternating runs of each
CHUNK_TEXTS = [f"w{index % 97} " for index in range(CHUNKS)]


class DeltaProvider:
    """Streams `CHUNKS` text deltas; keeps the text so far in its state like real providers."""

    name = "delta"
    version = "1.0.0"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

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


class NoChunkExtension:
    """Takes part in the request but not in its chunks, like every first-party plugin."""

    name = "no-chunk"
    version = "1.0.0"

    def to_native_messages(self, core_messages, native_messages, state, *, context=None):
        return native_messages


class FinalsExtension:
    name = "finals"
    version = "1.0.0"
    priority = 200

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if finals:
            finals = [{**message, "metadata": {"checked": True}} for message in finals]
        return partials, finals, native_messages, state


CHUNK_EXTENSIONS = (TaggingExtension, CountingExtension, FinalsExtension)


def _core(extension_classes: tuple[type, ...]) -> tuple[AgentCore, DeltaProvider, list[Any]]:
    core = AgentCore()
    provider = core.register_provider(DeltaProvider)
    extensions = [core.register_extension(plugin) for plugin in extension_classes]
    chunk_extensions = [
        extension for extension in extensions if hasattr(extension, "process_chunk")
    ]
    return (
        core,
        provider,
        sorted(chunk_extensions, key=lambda plugin: getattr(plugin, "priority", 100)),
    )


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session(), "user", "go")


async def by_hand(provider: DeltaProvider, extensions: list[Any]) -> Any:
    native: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    state = provider.init({})
    chain = [extension.process_chunk for extension in extensions]
    last = None
    async for chunk in provider.astream_api(native, state):
        partials, finals, native, state = provider.process_chunk(chunk, native, state)
        for process in chain:
            partials, finals, native, state = process(chunk, partials, finals, native, state)
        if partials:
            last = partials[-1]
    return last


async def through_the_core(core: AgentCore, session: Session) -> dict[str, Any]:
    """The batch stream as the app reads it: every event of every batch looked at."""
    last: dict[str, Any] = {}
    async for batch in core.astream_request_batches(session, {}, latest_partial_only=True):
        for event in batch:
            if event["type"] != "partial":
                last = event
    return last


async def one_event_a_step(core: AgentCore, session: Session) -> dict[str, Any]:
    event: dict[str, Any] = {}
    async for event in core.astream_request(session, {}):  # noqa: B007 (the last event is kept)
        pass
    return event


def run_dropping_result(read: Any, *args: Any) -> None:
    """`asyncio.run(read(*args))` for timing, the result dropped inside the loop: asyncio.run
    restores its SIGINT handler through `signal`, which formats the handler it had set, the
    finished main task, result and all (0.3 ms a run for the core's final event with the whole
    answer and session, nothing for a partial): a cost of the harness, not of either path."""

    async def dropped() -> None:
        await read(*args)

    asyncio.run(dropped())


EXTENSION_CASES = [
    pytest.param(CHUNK_EXTENSIONS, "", id="extensions-handle-chunks"),
    pytest.param(
        (NoChunkExtension,), ", no extension handling chunks", id="no-extension-handles-chunks"
    ),
]


@pytest.mark.benchmark(group="core-hot-path")
@pytest.mark.parametrize(("extension_classes", "case"), EXTENSION_CASES)
@pytest.mark.parametrize(
    ("read", "path"),
    [
        pytest.param(through_the_core, "astream_request_batches", id="batches"),
        pytest.param(one_event_a_step, "astream_request (one event a step)", id="one-event-a-step"),
    ],
)
def test_hot_path_through_the_core_vs_by_hand(
    benchmark: Any,
    budget_report: BudgetReport,
    extension_classes: tuple[type, ...],
    case: str,
    read: Any,
    path: str,
) -> None:
    core, provider, extensions = _core(extension_classes)
    session = _session(core)
    runs = 1 if benchmark.disabled else RUNS  # the default run is a smoke test

    def measure() -> tuple[list[float], list[float]]:
        return alternate(
            lambda: run_dropping_result(read, core, session),
            lambda: run_dropping_result(by_hand, provider, extensions),
            runs=runs,
        )

    figure, baseline = benchmark.pedantic(measure, rounds=1, iterations=1)
    budget_report.record(f"core hot path: 10k chunks, {path}{case}", figure, baseline, target=1.5)
    final = asyncio.run(read(core, session))
    assert final["type"] == "final"
    assert final["messages"][0]["content"] == "".join(CHUNK_TEXTS)
    assert asyncio.run(by_hand(provider, extensions))["content"] == CHUNK_TEXTS[-1]
    core.close()
