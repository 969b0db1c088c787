"""`OffLoop`: blocking calls run on its own threads, one wake-up each way (off_loop.py)."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from agent_app.off_loop import OffLoop

REQUEST = contextvars.ContextVar("REQUEST", default="none")


def _ours() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "off-loop test"]


async def test_a_trip_runs_off_the_loop_in_the_callers_context_and_gives_its_result() -> None:
    trips = OffLoop("off-loop test")
    loop_thread = threading.get_ident()
    REQUEST.set("request 7")
    try:
        ran_on, seen = await trips.run(lambda: (threading.get_ident(), REQUEST.get()))
        assert ran_on != loop_thread
        assert seen == "request 7"
        assert await trips.run(sum, [1, 2, 3]) == 6
        with pytest.raises(ValueError, match="bad input"):
            await trips.run(int, "bad input")
        # Trips one after another reuse the one thread the first started.
        for _ in range(20):
            await trips.run(threading.get_ident)
        assert len(_ours()) == 1
    finally:
        trips.close()
    assert _ours() == []
    with pytest.raises(RuntimeError, match="off-loop test is closed"):
        await trips.run(int)


async def test_a_trip_stuck_in_a_call_does_not_hold_up_the_next_one() -> None:
    trips = OffLoop("off-loop test", max_threads=2)
    release = threading.Event()
    try:
        stuck = asyncio.ensure_future(trips.run(release.wait, 10))
        await asyncio.sleep(0)
        assert await asyncio.wait_for(trips.run(lambda: "done"), 5) == "done"
        assert not stuck.done()
        # The caller giving up does not stop the call; it just is not waited for.
        stuck.cancel()
        release.set()
        assert await asyncio.wait_for(trips.run(lambda: "after"), 5) == "after"
    finally:
        release.set()
        trips.close()
    assert _ours() == []
