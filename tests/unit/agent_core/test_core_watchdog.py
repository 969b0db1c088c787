"""The hook watchdog: stuck plugin hooks never starve the core's worker pool, and lifecycle
actions (`session_create`) run off the event loop with the same time limit."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import pytest
from tests.support.core_test_plugins import StreamingProvider

from agent_core import AgentCore, Session
from agent_core.workers import Workers

POOL_SIZE = 2
TIME_LIMIT = 0.3


class SometimesStuckProvider(StreamingProvider):
    """A provider whose `init` never returns (until the test ends) when the config says so."""

    name = "sometimes_stuck"

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        if config.get("get_stuck"):
            self.release.wait()
        return super().init(config)


def _session(core: AgentCore) -> Session:
    return core.add_message(core.create_session("s1"), "user", "hi")


async def _answer(core: AgentCore, config: dict[str, Any]) -> dict[str, Any]:
    events = [event async for event in core.astream_request(_session(core), config)]
    return events[-1]


async def test_hooks_stuck_more_times_than_the_pool_has_threads_do_not_starve_later_requests(
    caplog: pytest.LogCaptureFixture,
) -> None:
    core = AgentCore(max_workers=POOL_SIZE, hook_time_limit=TIME_LIMIT)
    provider = core.register_provider(SometimesStuckProvider)
    try:
        with caplog.at_level(logging.WARNING, logger="agent_core.workers"):
            for _ in range(POOL_SIZE * 2):
                stopped = await _answer(core, {"get_stuck": True})
                assert stopped["type"] == "error"
                assert stopped["error"]["plugin"] == "sometimes_stuck"
                assert stopped["error"]["hook"] == "init"

            started = time.monotonic()
            # Without a thread in place of each stuck one, this would wait forever.
            answered = await asyncio.wait_for(_answer(core, {"reply": "still here"}), 10)

        assert answered["type"] == "final"
        assert answered["messages"][-1]["content"] == "still here"
        assert time.monotonic() - started < TIME_LIMIT  # it did not wait for a stuck thread
        assert core._workers.stuck_threads == POOL_SIZE * 2
        replaced = [r for r in caplog.records if "another thread takes its place" in r.message]
        assert len(replaced) == POOL_SIZE * 2
        assert "The plugin 'sometimes_stuck' (init) is stuck" in replaced[0].message
    finally:
        provider.release.set()
        core.close()


async def test_a_call_that_only_waited_in_the_queue_is_not_counted_as_stuck() -> None:
    workers = Workers(1)
    release = threading.Event()
    workers.pool().submit(release.wait)  # the only thread is busy elsewhere
    try:
        with pytest.raises(TimeoutError):
            await workers.run_within(lambda: "late", TIME_LIMIT, lambda: "the queued call")
        assert workers.stuck_threads == 0
    finally:
        release.set()
        workers.close()


async def test_calls_share_one_timer_for_their_time_limits(monkeypatch) -> None:
    # Under qasync a cancelled timer stays a live Qt timer until its time: one per call (a
    # streamed answer makes a call per chunk) slowed every turn of the loop.
    loop = asyncio.get_running_loop()
    armed: list[float] = []
    call_at = loop.call_at

    def counted_call_at(when, callback, *args, **kwargs):
        armed.append(when)
        return call_at(when, callback, *args, **kwargs)

    monkeypatch.setattr(loop, "call_at", counted_call_at)
    workers = Workers(4)
    release = threading.Event()
    try:
        answers = await asyncio.gather(
            *(workers.run_within(lambda n=n: n, 30, lambda: "a call") for n in range(200))
        )
        assert answers == list(range(200))
        assert len(armed) == 1
        # A shorter limit after a longer one is still kept to; the longer call goes on.
        longer = asyncio.ensure_future(workers.run_within(release.wait, 30, lambda: "long"))
        started = loop.time()
        with pytest.raises(TimeoutError):
            await workers.run_within(release.wait, TIME_LIMIT, lambda: "short")
        assert loop.time() - started < TIME_LIMIT + 1
        assert workers.stuck_threads == 1
        assert not longer.done()
        release.set()
        assert await longer is True
        # Cancelling the caller cancels, it is not taken for an overrun.
        nap = asyncio.ensure_future(workers.run_within(lambda: time.sleep(0.3), 30, lambda: "nap"))
        await asyncio.sleep(0.05)
        nap.cancel()
        with pytest.raises(asyncio.CancelledError):
            await nap
        assert workers.stuck_threads == 1
    finally:
        release.set()
        workers.close()


async def test_calls_that_ended_are_not_kept_until_their_limit() -> None:
    # A streamed answer makes a call per chunk, each done long before its 30 s limit.
    workers = Workers(2)
    try:
        for number in range(2000):
            assert await workers.run_within(lambda n=number: n, 30, lambda: "a chunk") == number
        limits = workers._time_limits[asyncio.get_running_loop()]
        assert len(limits._deadlines) <= 100
    finally:
        workers.close()


class CreationHooks:
    """A feature with a `session_create` action that behaves as `mode` says."""

    name = "creation_hooks"
    version = "1.0"

    def __init__(self) -> None:
        self.mode = "ok"
        self.release = threading.Event()
        self.threads: list[str] = []

    def get_actions(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "welcome", "label": "Welcome", "trigger": ["session_create"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        self.threads.append(threading.current_thread().name)
        if self.mode == "raise":
            raise RuntimeError("the welcome text is missing")
        if self.mode == "block":
            self.release.wait()
        return {"native_messages": native_messages, "session_metadata": {"welcomed": True}}


async def test_session_create_actions_run_on_the_workers_and_report_failures_by_name() -> None:
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(StreamingProvider)
    feature = core.register_feature(CreationHooks)
    loop = asyncio.get_running_loop()
    try:
        created, notices = await core.aexecute_lifecycle_actions(
            core.create_session("a"), {}, "session_create"
        )
        assert created.metadata["welcomed"] is True
        assert notices == []
        assert feature.threads[-1].startswith("agent-core")

        feature.mode = "raise"
        created, [notice] = await core.aexecute_lifecycle_actions(
            core.create_session("b"), {}, "session_create"
        )
        assert "welcomed" not in created.metadata
        assert (notice["plugin"], notice["hook"]) == ("creation_hooks", "execute_action")
        assert "session_create" in notice["message"]
        assert "the welcome text is missing" in notice["message"]

        feature.mode = "block"
        started = loop.time()
        created, [notice] = await core.aexecute_lifecycle_actions(
            core.create_session("c"), {}, "session_create"
        )
        assert loop.time() - started < TIME_LIMIT + 1
        assert created.session_id == "c"
        assert (notice["plugin"], notice["hook"]) == ("creation_hooks", "execute_action")
        assert f"did not return within {TIME_LIMIT:g} seconds" in notice["message"]
    finally:
        feature.release.set()
        core.close()


async def test_a_lifecycle_actions_copy_of_the_session_is_made_on_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The action's context holds the whole session as dicts: for a 50,000-message chat a copy
    # of a few hundred ms, which the event loop must not wait for.
    copied_on: list[str] = []
    to_dict = Session.to_dict

    def recorded_to_dict(session: Session) -> dict[str, Any]:
        copied_on.append(threading.current_thread().name)
        return to_dict(session)

    monkeypatch.setattr(Session, "to_dict", recorded_to_dict)
    core = AgentCore(hook_time_limit=TIME_LIMIT)
    core.register_provider(StreamingProvider)
    core.register_feature(CreationHooks)
    try:
        created, notices = await core.aexecute_lifecycle_actions(
            _session(core), {}, "session_create"
        )
        assert created.metadata["welcomed"] is True
        assert notices == []
        assert copied_on, "the action got no copy of the session"
        assert threading.current_thread().name not in copied_on
        assert all(name.startswith("agent-core") for name in copied_on)
    finally:
        core.close()
