"""`astream_request_batches`: `astream_request`'s events in lists, each what was ready at once,
so a caller that needs only the answer so far takes one step per batch, not one per chunk. The
same request flow (one implementation): the same events in the same order, cancels that stop
where the caller is, a blocking hook stopped and named."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from tests.support.core_test_plugins import AsyncStreamingProvider, StreamingProvider

from agent_core import AgentCore, Session

TIME_LIMIT = 0.5


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session("s1"), "user", "hi")


class FailingOnThirdChunk:
    """An extension that raises on the third chunk: it is turned off mid-stream, with a notice."""

    name = "fails_on_third"
    version = "1.0"

    def __init__(self) -> None:
        self.seen = 0

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if native_chunk is not None:
            self.seen += 1
            if self.seen == 3:
                raise ValueError("third chunk refused")
        return partials, finals, native_messages, state


class BlockingOnSecondChunk:
    name = "blocks_on_second"
    version = "1.0"

    def __init__(self) -> None:
        self.seen = 0
        self.release = threading.Event()

    def process_chunk(self, native_chunk, partials, finals, native_messages, state):
        if native_chunk is not None:
            self.seen += 1
            if self.seen == 2:
                self.release.wait()
        return partials, finals, native_messages, state


async def _one_by_one(core: AgentCore, config: dict[str, Any]) -> list[dict[str, Any]]:
    return [event async for event in core.astream_request(_session(core), config, request_id="one")]


async def _batches(core: AgentCore, config: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [
        batch
        async for batch in core.astream_request_batches(_session(core), config, request_id="one")
    ]


def _comparable(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events without the final's session object (each request builds its own)."""
    return [{key: value for key, value in event.items() if key != "session"} for event in events]


@pytest.mark.parametrize("provider_class", [AsyncStreamingProvider, StreamingProvider])
@pytest.mark.parametrize(
    "config",
    [
        {"reply": "y" * 500, "chunk_size": 1},
        {"reply": "y" * 40, "chunk_size": 1, "fail_at": 20, "secret_api_key": "sk-hidden-1"},
    ],
    ids=["answered", "failed-mid-stream"],
)
async def test_the_batches_hold_the_events_of_astream_request_in_its_order(
    provider_class: type, config: dict[str, Any]
) -> None:
    core = AgentCore()
    core.register_provider(provider_class)
    extension = core.register_extension(FailingOnThirdChunk)
    one_by_one = await _one_by_one(core, config)
    extension.seen = 0

    batches = await _batches(core, config)

    assert all(isinstance(batch, list) and batch for batch in batches)
    events = [event for batch in batches for event in batch]
    assert _comparable(events) == _comparable(one_by_one)
    kinds = [event["type"] for event in events]
    assert kinds[:2] == ["partial", "partial"]
    assert kinds[2] == "plugin_disabled"  # the extension's notice, where its chunk was
    assert kinds[-1] == ("error" if "fail_at" in config else "final")
    assert "sk-hidden-1" not in repr(events)
    core.close()


async def test_chunks_at_hand_come_in_few_batches() -> None:
    core = AgentCore()
    core.register_provider(AsyncStreamingProvider)

    batches = await _batches(core, {"reply": "z" * 2000, "chunk_size": 1})

    events = [event for batch in batches for event in batch]
    assert [event["type"] for event in events] == ["partial"] * 2000 + ["final"]
    assert events[-1]["messages"][0]["content"] == "z" * 2000
    # One step per chunk would be 2,001 steps; a stream that never waits is read in batches.
    assert len(batches) <= 2000 / 10
    core.close()


class EndlessProvider(AsyncStreamingProvider):
    """An async stream whose chunks are all at hand (never waits)."""

    name = "endless"

    async def astream_api(self, native_messages, state, *, request_id=None):
        while True:
            yield {"delta": "x"}


async def test_a_cancel_after_a_batch_keeps_its_last_partial_and_hands_out_nothing_more() -> None:
    core = AgentCore()
    core.register_provider(EndlessProvider)
    taken: list[list[dict[str, Any]]] = []

    async for batch in core.astream_request_batches(_session(core), {}, request_id="r"):
        taken.append(batch)
        if len(taken) == 3:
            assert core.cancel_request("r") is True
            # The workers go on reading ahead meanwhile: none of it may reach the caller.
            await asyncio.sleep(0.05)

    assert len(taken) == 4
    (cancelled,) = taken[-1]
    assert cancelled["type"] == "cancelled"
    shown = sum(len(batch) for batch in taken[:3])
    assert cancelled["message"]["content"] == "x" * shown  # the answer as the caller got it
    assert taken[2][-1]["message"]["content"] == "x" * shown
    core.close()


async def test_a_blocking_chunk_hook_is_stopped_and_named_in_the_batch_stream() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(AsyncStreamingProvider)
    extension = core.register_extension(BlockingOnSecondChunk)
    try:
        events = [
            event
            for batch in await _batches(core, {"reply": "abcdefgh", "chunk_size": 1})
            for event in batch
        ]
    finally:
        extension.release.set()

    assert [event["type"] for event in events] == ["partial", "error"]
    error = events[-1]["error"]
    assert (error["plugin"], error["hook"]) == ("blocks_on_second", "process_chunk")
    assert f"did not return within {TIME_LIMIT:g} seconds" in error["message"]
    assert events[-1]["message"]["content"] == "a"
    core.close()
