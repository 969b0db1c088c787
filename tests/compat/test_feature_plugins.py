"""feature-plugins.md, run as written: layer-2 `app.send_request(core, session, config, {},
stream=False)` with the full tool loop, `response_finalize` with the application's context, and
`get_template`."""

from __future__ import annotations

import threading

import pytest

from agent_app.config import AgentConfig, ProviderConfig
from agent_core import AgentCore, Session
from scripted_provider import ScriptedProvider
from tests.compat.spec_plugins import (
    FinalizeObserverFeature,
    SnippetFeature,
    SummarizeWithAgentFeature,
)
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    script_overrides,
    tool_turn,
    with_user_message,
)
from tests.support.workbench_tools import Workbench

SUMMARIZER_SCRIPT = [tool_turn(("add", {"a": 2, "b": 3})), "The sum is 5."]


def configure_agents(app) -> None:
    """Agent `default` asks for summaries by agent `summarizer`, whose model calls a tool."""
    app.config.providers["local"] = ProviderConfig(provider="scripted")
    app.config.agents["default"] = AgentConfig(
        provider="local", summarization={"agent_id": "summarizer"}
    )
    app.config.agents["summarizer"] = AgentConfig(
        provider="local", parameters={"script": SUMMARIZER_SCRIPT}
    )
    # A test plugin's read-only hint is a third party's claim: the user is asked, and says yes.
    app.set_approval_handler(ApprovalDesk("allow_once"))


def stored_session(app) -> Session:
    session = with_user_message(app.sessions.create_session(), "add two and three, then summarize")
    app.sessions.store.save_session(session)
    return session


def tool_results(events) -> list[str]:
    return [e["message"]["content"] for e in events if e["type"] == "tool_result"]


async def test_spec_shaped_send_request_runs_the_tool_loop_from_a_session_action(make_app):
    app = make_app(ScriptedProvider, Workbench, SummarizeWithAgentFeature)
    configure_agents(app)
    session = stored_session(app)
    feature = app.plugins.instance("summarize_with_agent")

    # The GUI's path: the sync action runs in a worker thread, the request on the app's loop.
    result = await app.sessions.aexecute_session_action(session.session_id, "summarize")

    assert result.get("status") != "error", result
    assert feature.used_app
    events = feature.events
    assert next(e["type"] for e in events) == "request_started"
    assert events[-1]["type"] == "request_completed"
    assert tool_results(events) == ["Result: 5"]  # the summarizer's tool really ran
    assert events[-1]["session"].metadata["agent_id"] == "summarizer"
    assert [m.content for m in result["session"].messages] == ["Summary: The sum is 5."]
    # The detached run stored nothing of its own: only the action's result was saved.
    assert [m.content for m in app.sessions.load_session(session.session_id).messages] == [
        "Summary: The sum is 5."
    ]


def test_spec_shaped_send_request_without_a_running_loop(make_app):
    """A script or test calling the action synchronously: the request gets a private loop."""
    app = make_app(ScriptedProvider, Workbench, SummarizeWithAgentFeature)
    configure_agents(app)
    session = stored_session(app)

    result = app.sessions.execute_session_action(session.session_id, "summarize")

    assert tool_results(app.plugins.instance("summarize_with_agent").events) == ["Result: 5"]
    assert [m.content for m in result["session"].messages] == ["Summary: The sum is 5."]


async def test_spec_shaped_send_request_streams_with_async_for(make_app):
    app = make_app(ScriptedProvider, Workbench)
    configure_agents(app)
    core, base_config, session = app.update_agent("summarizer", stored_session(app))

    events = [event async for event in app.send_request(core, session, base_config, {})]

    assert isinstance(core, AgentCore)
    assert tool_results(events) == ["Result: 5"]
    assert any(e["type"] == "partial" for e in events)


async def test_spec_shaped_send_request_refuses_to_freeze_the_loop(make_app):
    app = make_app(ScriptedProvider)
    configure_agents(app)
    core, base_config, session = app.update_agent("summarizer", stored_session(app))

    with pytest.raises(RuntimeError, match=r"would freeze the app.*async for"):
        app.send_request(core, session, base_config, {}, stream=False)


async def test_our_own_send_request_shape_still_works(make_app):
    app = make_app(ScriptedProvider)
    session = with_user_message(app.sessions.create_session(), "hello")

    events = [e async for e in app.send_request(session, script_overrides(["Hi there"]))]

    assert [e["message"]["content"] for e in events if e["type"] == "assistant"] == ["Hi there"]
    assert [m.content for m in app.sessions.load_session(session.session_id).messages][
        -1
    ] == "Hi there"


async def test_response_finalize_from_the_application_gets_layer_two(make_app):
    app = make_app(ScriptedProvider, FinalizeObserverFeature)
    observer = app.plugins.instance("finalize_observer")
    session = with_user_message(app.sessions.create_session(), "hello")

    _ = [e async for e in app.send_request(session, script_overrides(["Hi"]))]

    [context] = observer.contexts
    assert context["lifecycle"] == "response_finalize"
    assert context["trigger_source"] == "application"
    assert context["app"] is app
    assert context["application"] is app
    assert context["session_asset_store"] is app.sessions.assets
    assert context["base_config"]["agent_id"] == "default"
    assert context["runtime_state_root"] == str(app.paths.runtime_state_root)
    assert context["final_messages"][0]["content"] == "Hi"
    assert context["session"]["messages"][-1]["content"] == "hello"  # layer 1 kept


def test_get_template_is_offered(make_app):
    app = make_app(ScriptedProvider, SnippetFeature)
    config = {**app.build_agent_config(), "review_focus": "races"}

    templates = app.agents.build_core().get_templates(config)

    assert templates == [{"plugin": "snippet_feature", "template": "Review {{file}} for races"}]


def test_blocking_in_a_worker_thread_does_not_hold_the_loop(make_app):
    """The spec's stream=False call from a thread returns the events once the loop is done."""
    app = make_app(ScriptedProvider, Workbench)
    configure_agents(app)
    core, base_config, session = app.update_agent("summarizer", stored_session(app))
    found: list[list[dict]] = []
    worker = threading.Thread(
        target=lambda: found.append(app.send_request(core, session, base_config, stream=False))
    )
    worker.start()
    worker.join(30)

    assert not worker.is_alive()
    assert tool_results(found[0]) == ["Result: 5"]
