"""Cancellation registry and the sync face of async streams."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from agent_core import ProviderRequestCancelled
from openai_provider.runtime import ActiveRequests, iterate_in_thread, run_in_thread


async def _forever(cleaned: list[str]):
    try:
        number = 0
        while True:
            yield number
            number += 1
            await asyncio.sleep(0.05)
    finally:
        cleaned.append("closed")


async def test_cancel_interrupts_a_waiting_stream_and_cleans_up():
    requests = ActiveRequests()
    cleaned: list[str] = []
    seen = []

    async def consume() -> None:
        async for item in requests.stream(_forever(cleaned), "r"):
            seen.append(item)
            if item == 2:
                assert "r" in requests
                assert requests.cancel("r") is True

    with pytest.raises(ProviderRequestCancelled):
        await consume()
    assert seen == [0, 1, 2]
    assert cleaned == ["closed"]
    assert "r" not in requests
    assert requests.cancel("r") is False


async def test_one_request_id_at_a_time():
    requests = ActiveRequests()
    first = requests.stream(_forever([]), "same")
    assert await first.__anext__() == 0
    with pytest.raises(ValueError, match="already in flight"):
        await requests.stream(_forever([]), "same").__anext__()
    await first.aclose()


async def test_errors_of_the_source_reach_the_consumer():
    async def broken():
        yield 1
        raise OSError("disk on fire")

    requests = ActiveRequests()
    with pytest.raises(OSError, match="disk on fire"):
        async for _ in requests.stream(broken(), "x"):
            pass


def test_iterate_in_thread_works_inside_a_running_loop():
    async def inside() -> list[int]:
        async def three():
            for number in range(3):
                yield number

        return list(iterate_in_thread(three))

    assert asyncio.run(inside()) == [0, 1, 2]


def test_leaving_early_cancels_the_async_side():
    cleaned: list[str] = []
    before = threading.active_count()
    for item in iterate_in_thread(lambda: _forever(cleaned)):
        if item == 1:
            break
    deadline = time.monotonic() + 2
    while threading.active_count() > before:
        assert time.monotonic() < deadline, "the helper thread did not end"
        time.sleep(0.01)
    assert cleaned == ["closed"]


def test_run_in_thread_returns_and_raises():
    async def value() -> int:
        return 42

    async def failing() -> int:
        raise LookupError("nope")

    assert run_in_thread(value) == 42
    with pytest.raises(LookupError):
        run_in_thread(failing)
