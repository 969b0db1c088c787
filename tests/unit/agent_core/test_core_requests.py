"""AgentCore request flow: hook order, events, async path, cancellation and plugin isolation."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any

import pytest
from tests.support.core_test_plugins import (
    AsyncStreamingProvider,
    IgnoringCancelProvider,
    RecordingProvider,
    SelfCancellingProvider,
    StreamingProvider,
    recording_plugin,
)
from tests.support.spec_example_plugins import EchoProvider, PrefixExt, TagFeature

from agent_core import (
    AgentCore,
    ConfigurationError,
    PluginHookError,
    ProviderRequestCancelled,
    Session,
)
from scripted_provider import ScriptedProvider


def _session(core: AgentCore, text: str = "hi") -> Session:
    return core.add_message(core.create_session("s1"), "user", text)


def _types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


# ---------------------------------------------------------------------------------- hook order
def test_hooks_run_in_the_spec_order_for_one_request() -> None:
    log: list[str] = []
    core = AgentCore()
    core.register_provider(RecordingProvider(log))
    core.register_extension(recording_plugin("extension", "ext_late", log, priority=200))
    core.register_extension(recording_plugin("extension", "ext_early", log, priority=10))
    core.register_feature(recording_plugin("feature", "feat_b", log, priority=100))
    core.register_feature(recording_plugin("feature", "feat_a", log, priority=5))
    core.register_tool(recording_plugin("tool", "tool", log))

    events = list(core.stream_request(_session(core), {"reply": "abcdefgh", "chunk_size": 4}))

    assert _types(events) == ["partial", "partial", "final"]
    chunk_round = ["recording.process_chunk", "ext_early.process_chunk", "ext_late.process_chunk"]
    chain = ["ext_early", "ext_late", "feat_a", "feat_b"]
    assert log == [
        "tool.init",
        "tool.prepare",
        "tool.get_tool_schemas",
        "feat_a.prepare_tools",
        "feat_b.prepare_tools",
        "recording.init",
        *[f"{name}.init" for name in chain],
        "recording.to_native_messages",
        *[f"{name}.to_native_messages" for name in chain],
        "recording.initialize_request",
        *[f"{name}.initialize_request" for name in chain],
        *chunk_round,
        *chunk_round,
        "recording.finalize",
        # extensions see the provider's finalize output once, with native_chunk=None
        "ext_early.process_chunk",
        "ext_late.process_chunk",
        *[f"{name}.finalize" for name in chain],
        "recording.from_native_messages",
        *[f"{name}.from_native_messages" for name in chain],
    ]


def test_priority_ties_keep_registration_order() -> None:
    log: list[str] = []
    core = AgentCore()
    core.register_provider(RecordingProvider(log))
    for name in ("first", "second", "third"):
        core.register_feature(recording_plugin("feature", name, log))
    core.register_feature(recording_plugin("feature", "urgent", log, priority=1))

    list(core.stream_request(_session(core), {"reply": "x"}))

    inits = [entry for entry in log if entry.endswith(".init") and "recording" not in entry]
    assert inits == ["urgent.init", "first.init", "second.init", "third.init"]


def test_provider_receives_the_effective_tool_schemas_in_config() -> None:
    log: list[str] = []
    provider = RecordingProvider(log)
    core = AgentCore()
    core.register_provider(provider)
    core.register_tool(recording_plugin("tool", "probe", log))

    list(core.stream_request(_session(core), {"reply": "x", "provider": "recording"}))

    (config,) = provider.init_configs
    assert [schema["function"]["name"] for schema in config["tools"]] == ["probe_tool"]
    assert config["provider"] == "recording"


# ---------------------------------------------------------------------------------- events
def test_partial_events_carry_the_message_so_far_and_final_the_new_session() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    session = _session(core, "question")

    events = list(
        core.stream_request(session, {"reply": "Hello world", "chunk_size": 4}, request_id="r1")
    )

    partials = [event["message"]["content"] for event in events if event["type"] == "partial"]
    assert partials == ["Hell", "Hello wo", "Hello world"]
    assert all(event["request_id"] == "r1" for event in events)
    assert events[0]["message"] == {
        "role": "assistant",
        "content": "Hell",
        "metadata": {"chunks": 4},
    }
    final = events[-1]
    assert final["type"] == "final"
    assert final["messages"] == [{"role": "assistant", "content": "Hello world"}]
    assert final["session"].messages[:1] == session.messages
    assert final["session"].messages[1].content == "Hello world"
    assert session.messages[-1].content == "question"  # the input session is untouched


def test_a_request_id_is_made_when_none_is_given() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)

    events = list(core.send_request_stream(_session(core), {"reply": "ok"}))

    ids = {event["request_id"] for event in events}
    assert len(ids) == 1
    assert re.fullmatch(r"[0-9a-f]{32}", ids.pop())


def test_spec_example_plugins_run_unchanged() -> None:
    core = AgentCore()
    core.register_provider(EchoProvider, extensions=[PrefixExt])
    core.register_feature(TagFeature)

    session, finals = core.send_request(_session(core, "ping"), {"provider": "echo"})

    assert finals == [
        {"role": "assistant", "content": "[EXT] Echo: ping", "metadata": {"tag": True}}
    ]
    assert [message.content for message in session.messages] == ["ping", "[EXT] Echo: ping"]


def test_prefix_extension_applies_once_to_streamed_finals() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    core.register_extension(PrefixExt)
    core.register_feature(TagFeature)

    events = list(core.stream_request(_session(core), {"reply": "abc", "prefix": ">>"}))

    assert events[-1]["messages"] == [
        {"role": "assistant", "content": ">> abc", "metadata": {"tag": True}}
    ]


def test_extensions_bound_to_a_provider_only_run_with_it() -> None:
    core = AgentCore()
    core.register_provider(EchoProvider, extensions=[PrefixExt])
    core.register_provider(StreamingProvider)

    _, echo_finals = core.send_request(_session(core), {"provider": "echo"})
    _, stream_finals = core.send_request(_session(core), {"provider": "streamer", "reply": "x"})

    assert echo_finals[0]["content"].startswith("[EXT] ")
    assert stream_finals[0]["content"] == "x"
    assert core.get_enabled_plugins({"provider": "streamer"})["extensions"] == []


def test_unknown_provider_is_an_error_event_and_a_raised_error() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)

    (event,) = list(core.stream_request(_session(core), {"provider": "missing"}))

    assert event["type"] == "error"
    assert event["error"]["type"] == "configuration_error"
    assert "missing" in event["error"]["message"]
    assert "streamer" in event["error"]["message"]
    with pytest.raises(ConfigurationError, match="No provider named 'missing'"):
        core.send_request(_session(core), {"provider": "missing"})


def test_registering_two_providers_with_one_name_is_refused() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    with pytest.raises(ConfigurationError, match="already registered"):
        core.register_provider(StreamingProvider())


def test_a_plugin_class_that_fails_to_construct_is_named() -> None:
    class Broken:
        name = "broken"

        def __init__(self) -> None:
            raise RuntimeError("no config")

    with pytest.raises(PluginHookError, match="'broken' failed in __init__"):
        AgentCore().register_feature(Broken)


# ------------------------------------------------------------------ response_finalize
class FinalRewriter:
    name = "rewriter"
    version = "1.0.0"

    def __init__(self) -> None:
        self.contexts: list[dict[str, Any]] = []

    def get_actions(self, state):
        return [{"id": "rewrite", "trigger": ["response_finalize"]}]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        self.contexts.append(context)
        finals = context["final_messages"]
        return {
            "native_messages": native_messages,
            "final_messages": [{**finals[0], "content": finals[0]["content"].upper()}],
            "session_metadata": {"rewritten": True},
        }


def test_response_finalize_actions_may_replace_the_final_messages() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    rewriter = core.register_feature(FinalRewriter)
    session = core.add_message(core.create_session("s9", {"title": "t"}), "user", "q")

    events = list(core.stream_request(session, {"reply": "quiet"}))

    final = events[-1]
    assert final["messages"] == [{"role": "assistant", "content": "QUIET"}]
    assert final["session"].messages[-1].content == "QUIET"
    assert final["session"].metadata == {"title": "t", "rewritten": True}
    (context,) = rewriter.contexts
    assert set(context) == {
        "core",
        "config",
        "trigger_source",
        "session",
        "lifecycle",
        "final_messages",
        "native_final_messages",
        "native_messages",
        "stream",
        "turn_native_start_index",
        "request_context",
        "request_runtime",
    }
    assert context["core"] is core
    assert context["trigger_source"] == "core"
    assert context["lifecycle"] == "response_finalize"
    assert context["stream"] is True
    assert context["turn_native_start_index"] == 1
    assert context["session"]["session_id"] == "s9"
    assert context["native_final_messages"] == [{"role": "assistant", "content": "quiet"}]
    assert context["request_runtime"]["provider"].name == "streamer"


# ---------------------------------------------------------------------------------- async path
async def test_async_stream_prefers_astream_api() -> None:
    core = AgentCore()
    provider = core.register_provider(AsyncStreamingProvider)

    events = [event async for event in core.astream_request(_session(core), {"reply": "abcdef"})]

    assert _types(events) == ["partial", "partial", "final"]
    assert events[-1]["messages"][0]["content"] == "abcdef"
    assert provider.stream_threads == [threading.current_thread().name]


async def test_async_stream_runs_a_sync_stream_api_in_a_worker_thread() -> None:
    core = AgentCore(max_workers=2)
    provider = core.register_provider(StreamingProvider)

    events = [event async for event in core.astream_request(_session(core), {"reply": "abcdef"})]

    assert events[-1]["messages"][0]["content"] == "abcdef"
    assert provider.stream_threads[0].startswith("agent-core")
    core.close()


async def test_async_send_prefers_acall_api_and_threads_call_api() -> None:
    core = AgentCore()
    async_provider = core.register_provider(AsyncStreamingProvider)
    sync_provider = core.register_provider(StreamingProvider)

    _, finals = await core.asend_request(_session(core), {"provider": "async-streamer"})
    await core.asend_request(_session(core), {"provider": "streamer", "reply": "x"})

    assert finals[0]["content"] == "Hello world"
    assert async_provider.stream_threads == [threading.current_thread().name]
    assert sync_provider.stream_threads[0].startswith("agent-core")


async def test_async_stream_reports_a_failing_async_stream() -> None:
    core = AgentCore()
    core.register_provider(AsyncStreamingProvider)

    events = [
        event
        async for event in core.astream_request(
            _session(core), {"reply": "abcdefgh", "chunk_size": 2, "fail_at": 2}
        )
    ]

    assert _types(events) == ["partial", "partial", "error"]
    assert events[-1]["error"]["plugin"] == "async-streamer"
    assert events[-1]["error"]["hook"] == "astream_api"
    assert events[-1]["message"]["content"] == "abcd"


async def test_async_stream_reports_a_failing_threaded_stream() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)

    events = [
        event
        async for event in core.astream_request(_session(core), {"reply": "abcd", "fail_at": 0})
    ]

    assert _types(events) == ["error"]
    assert events[0]["error"]["hook"] == "stream_api"
    assert events[0]["message"] is None


# ---------------------------------------------------------------------------------- cancellation
@pytest.mark.parametrize("provider_class", [IgnoringCancelProvider, SelfCancellingProvider])
def test_cancel_request_reaches_the_provider_and_keeps_the_partial(provider_class: type) -> None:
    core = AgentCore()
    provider = core.register_provider(provider_class)
    stream = core.stream_request(
        _session(core), {"reply": "abcdefghijkl", "chunk_size": 2}, request_id="req-7"
    )

    first = next(stream)
    assert core.cancel_request("req-7") is True
    rest = list(stream)

    assert first["message"]["content"] == "ab"
    assert provider.cancelled == ["req-7"]
    (cancelled,) = rest
    assert cancelled == {
        "type": "cancelled",
        "request_id": "req-7",
        "message": {
            "role": "assistant",
            "content": "ab",
            "metadata": {"chunks": 2, "incomplete": True},
        },
    }
    assert core.cancel_request("req-7") is False  # no longer in flight


def test_cancelling_an_unknown_request_is_false() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    assert core.cancel_request("nothing") is False


async def test_cancel_request_stops_the_scripted_provider_mid_stream() -> None:
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    config = {"script": [{"content": "one two three four five six", "chunk_size": 4}]}
    events = []

    async for event in core.astream_request(_session(core), config, request_id="r-async"):
        events.append(event)
        if len(events) == 2:
            assert core.cancel_request("r-async") is True

    assert _types(events) == ["partial", "partial", "cancelled"]
    assert events[-1]["message"]["content"] == "one two "
    assert events[-1]["message"]["metadata"]["incomplete"] is True


def test_send_request_raises_provider_request_cancelled() -> None:
    core = AgentCore()

    class CancelledProvider(StreamingProvider):
        name = "cancelled"

        def call_api(self, native_messages, state, *, request_id=None):
            raise ProviderRequestCancelled(request_id)

    core.register_provider(CancelledProvider)
    with pytest.raises(ProviderRequestCancelled):
        core.send_request(_session(core), {}, request_id="x")


def test_a_request_id_already_in_flight_is_refused() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    first = core.stream_request(_session(core), {"reply": "abcdefgh"}, request_id="same")
    next(first)

    (event,) = list(core.stream_request(_session(core), {"reply": "x"}, request_id="same"))

    assert event["type"] == "error"
    assert "already in flight" in event["error"]["message"]
    first.close()


# ---------------------------------------------------------------------------------- isolation
def _raising(hook: str, healthy: Any = None, armed: list[bool] | None = None) -> Any:
    """A hook that raises while `armed` holds a value, then behaves like `healthy`."""

    def fail(*args: Any, **kwargs: Any) -> Any:
        if armed is None or armed:
            raise ValueError(f"{hook} exploded")
        return healthy(*args, **kwargs)

    return fail


PROVIDER_HOOKS = [
    "init",
    "to_native_messages",
    "initialize_request",
    "stream_api",
    "process_chunk",
    "finalize",
    "from_native_messages",
]
CHAIN_HOOKS = [
    "init",
    "to_native_messages",
    "initialize_request",
    "finalize",
    "from_native_messages",
]


def _three_plugin_core(kind: str, hook: str, armed: list[bool]) -> tuple[AgentCore, Any]:
    core = AgentCore()
    provider = StreamingProvider()
    extension = recording_plugin("extension", "ext", [])
    feature = recording_plugin("feature", "feat", [])
    broken = {"provider": provider, "extension": extension, "feature": feature}[kind]
    setattr(broken, hook, _raising(hook, getattr(broken, hook), armed))
    core.register_provider(provider)
    core.register_extension(extension)
    core.register_feature(feature)
    return core, broken


@pytest.mark.parametrize("hook", PROVIDER_HOOKS)
def test_a_raising_provider_hook_is_an_error_event_and_the_core_stays_usable(hook: str) -> None:
    armed = [True]
    core, broken = _three_plugin_core("provider", hook, armed)

    events = list(core.stream_request(_session(core), {"reply": "abcd"}))

    error = events[-1]
    assert error["type"] == "error"
    assert error["error"]["plugin"] == broken.name
    assert error["error"]["hook"] == hook
    assert f"{hook} exploded" in error["error"]["message"]
    assert error["error"]["type"] == "plugin_error"

    armed.clear()
    again = list(core.stream_request(_session(core), {"reply": "abcd"}))
    assert again[-1]["type"] == "final"


@pytest.mark.parametrize(
    ("kind", "hook"),
    [
        *[("extension", hook) for hook in [*CHAIN_HOOKS, "process_chunk"]],
        *[("feature", hook) for hook in [*CHAIN_HOOKS, "prepare_tools"]],
    ],
)
@pytest.mark.parametrize("fault", [ValueError, SystemExit, KeyboardInterrupt])
def test_a_failing_extension_or_feature_is_turned_off_for_the_request_and_it_answers(
    kind: str, hook: str, fault: type[BaseException]
) -> None:
    core, broken = _three_plugin_core(kind, hook, [True])

    def exits(*args: Any, **kwargs: Any) -> Any:
        raise fault(f"{hook} exploded")

    setattr(broken, hook, exits)

    for _ in range(2):  # every request answers, not only the first
        events = list(core.stream_request(_session(core), {"reply": "abcd"}))
        assert events[-1]["type"] == "final"
        assert events[-1]["messages"][-1]["content"] == "abcd"
        [notice] = [event for event in events if event["type"] == "plugin_disabled"]
        assert notice["plugin"] == broken.name
        assert notice["hook"] == hook
        assert f"'{broken.name}' failed in {hook}" in notice["message"]
        assert f"{hook} exploded" in notice["message"]


def test_a_broken_hook_result_shape_is_named() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    extension = recording_plugin("extension", "shape", [])
    extension.initialize_request = lambda native, state, **_: native  # not a 2-tuple
    core.register_extension(extension)

    events = list(core.stream_request(_session(core), {}))

    assert events[-1]["type"] == "final"
    [notice] = [event for event in events if event["type"] == "plugin_disabled"]
    assert notice["plugin"] == "shape"
    assert notice["hook"] == "initialize_request"
    assert "expected a 2-tuple" in notice["message"]


def test_an_error_mid_stream_keeps_the_partial_and_hides_secrets() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    config = {"reply": "abcdefgh", "chunk_size": 2, "fail_at": 2, "secret_api_key": "sk-live-12345"}

    events = list(core.stream_request(_session(core), config))

    assert _types(events) == ["partial", "partial", "error"]
    error = events[-1]
    assert error["error"]["hook"] == "stream_api"
    assert "sk-live-12345" not in error["error"]["message"]
    assert "***" in error["error"]["message"]
    assert error["error"]["detail"] == "stream broke (key ***)"
    assert error["message"]["content"] == "abcd"
    assert error["message"]["metadata"]["incomplete"] is True


class _ClassifiedFailure(RuntimeError):
    kind = "rate_limit"


class _RateLimitedProvider(StreamingProvider):
    name = "rate-limited"

    def stream_api(self, native_messages, state, *, request_id=None):
        raise _ClassifiedFailure("Too many requests; try again in 20 seconds.")


def test_a_plugin_failure_keeps_its_own_sentence_and_kind() -> None:
    core = AgentCore()
    core.register_provider(_RateLimitedProvider)

    events = list(core.stream_request(_session(core), {"provider": "rate-limited"}))

    error = events[-1]["error"]
    assert error["kind"] == "rate_limit"
    assert error["detail"] == "Too many requests; try again in 20 seconds."
    assert (error["plugin"], error["hook"]) == ("rate-limited", "stream_api")


class _SlowModelListProvider(StreamingProvider):
    """Asks a (simulated) server for its models: a blocking call the loop must not wait on."""

    name = "slow-models"

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        threading.Event().wait(0.3)
        return [{"id": "slow-1"}]


async def test_model_discovery_does_not_block_the_event_loop() -> None:
    core = AgentCore()
    core.register_provider(_SlowModelListProvider)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticking = asyncio.create_task(ticker())
    events = [e async for e in core.astream_request(_session(core), {"provider": "slow-models"})]
    ticking.cancel()

    assert events[-1]["type"] == "final"
    # Blocking the loop for 0.3 s would leave the ticker at ~0 ticks.
    assert ticks >= 10


def test_send_request_raises_a_named_plugin_error() -> None:
    core = AgentCore()
    provider = StreamingProvider()
    provider.call_api = _raising("call_api")  # type: ignore[method-assign]
    core.register_provider(provider)

    with pytest.raises(PluginHookError) as raised:
        core.send_request(_session(core), {})

    assert raised.value.plugin == "streamer"
    assert raised.value.hook == "call_api"
    assert isinstance(raised.value.__cause__, ValueError)


def test_a_bad_session_is_an_error_event() -> None:
    core = AgentCore()
    core.register_provider(StreamingProvider)

    (event,) = list(core.stream_request({"session_id": "x"}, {}))  # type: ignore[arg-type]

    assert event["type"] == "error"
    assert "Expected a Session" in event["error"]["message"]


async def test_task_cancellation_propagates_and_tells_the_provider() -> None:
    core = AgentCore()

    class SlowProvider(StreamingProvider):
        name = "slow"

        async def astream_api(self, native_messages, state, *, request_id=None):
            yield {"delta": "a"}
            await asyncio.sleep(30)
            yield {"delta": "b"}

    provider = core.register_provider(SlowProvider)
    started = asyncio.Event()

    async def consume() -> None:
        async for _ in core.astream_request(_session(core), {}, request_id="task"):
            started.set()

    task = asyncio.create_task(consume())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    # The provider's `cancel_request` runs in the pool (it may block the caller otherwise).
    deadline = time.monotonic() + 10
    while not provider.cancelled and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert provider.cancelled == ["task"]
    assert core.cancel_request("task") is False


async def test_the_async_request_awaits_prepare_async_before_the_provider_runs() -> None:
    order: list[str] = []

    class AsyncPreparedTool:
        name = "async_prepared"
        version = "1.0.0"

        async def prepare_async(self, config, state, *, context=None):
            await asyncio.sleep(0)
            order.append("prepare_async")
            return {"names": ["late_tool"]}

        def get_tool_schemas(self, state, *, prepared=None):
            return [
                {"type": "function", "function": {"name": name, "parameters": {}}}
                for name in prepared["names"]
            ]

    class Provider(StreamingProvider):
        def init(self, config):
            order.append(
                "provider.init:" + ",".join(t["function"]["name"] for t in config["tools"])
            )
            return super().init(config)

    core = AgentCore()
    core.register_provider(Provider)
    core.register_tool(AsyncPreparedTool)

    events = [event async for event in core.astream_request(_session(core), {"reply": "x"})]

    assert events[-1]["type"] == "final"
    assert order == ["prepare_async", "provider.init:late_tool"]


def test_a_cancel_hook_that_raises_is_recorded_and_the_stream_still_stops() -> None:
    class Grumpy(StreamingProvider):
        name = "grumpy"

        def cancel_request(self, request_id):
            raise RuntimeError("cannot cancel")

    core = AgentCore()
    core.register_provider(Grumpy)
    stream = core.stream_request(_session(core), {"reply": "abcdefgh"}, request_id="g")
    next(stream)

    assert core.cancel_request("g") is True
    assert [event["type"] for event in stream] == ["cancelled"]
    # The provider's hook runs in the pool (it may block); its failure is recorded there.
    deadline = time.monotonic() + 10
    while not core.plugin_errors and time.monotonic() < deadline:
        time.sleep(0.01)
    assert core.plugin_errors[-1]["hook"] == "cancel_request"


def test_a_blocking_cancel_hook_does_not_hold_up_the_caller() -> None:
    release = threading.Event()

    class Stuck(StreamingProvider):
        name = "stuck"

        def cancel_request(self, request_id):
            release.wait(30)

    core = AgentCore()
    core.register_provider(Stuck)
    stream = core.stream_request(_session(core), {"reply": "abcdefgh"}, request_id="s")
    next(stream)
    started = time.monotonic()
    try:
        assert core.cancel_request("s") is True
        assert time.monotonic() - started < 1
        assert [event["type"] for event in stream] == ["cancelled"]
    finally:
        release.set()
        core.close()


async def test_a_threaded_stream_is_closed_in_its_thread_after_cancellation() -> None:
    closed_in: list[str] = []
    closed = threading.Event()

    class ClosingProvider(IgnoringCancelProvider):
        name = "closing"

        def stream_api(self, native_messages, state, *, request_id=None):
            try:
                yield from self._chunks(state)
            finally:
                closed_in.append(threading.current_thread().name)
                closed.set()

    core = AgentCore()
    core.register_provider(ClosingProvider)
    events = []
    config = {"reply": "x" * 400, "chunk_size": 1}

    async for event in core.astream_request(_session(core), config, request_id="c"):
        events.append(event)
        if len(events) == 1:
            core.cancel_request("c")

    assert events[-1]["type"] == "cancelled"
    assert await asyncio.to_thread(closed.wait, 5)
    assert closed_in[0].startswith("agent-core")
    core.close()
