"""Session and lifecycle actions: listing, params, layer-1 context, results applied to sessions."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from tests.support.core_test_plugins import StreamingProvider
from tests.support.spec_example_plugins import SummarizeRangeFeature

from agent_core import AgentCore, Session
from agent_core.actions import layered_context, validate_params

LAYER_ONE_KEYS = {
    "core",
    "config",
    "trigger_source",
    "session",
    "request_context",
    "request_runtime",
}


def _core(*features: Any) -> AgentCore:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    for feature in features:
        core.register_feature(feature)
    return core


def _history(core: AgentCore) -> Session:
    session = core.create_session("s1", {"title": "History"})
    session = core.add_message(session, "system", "be brief", {"pinned": True})
    session = core.add_message(session, "user", "one")
    session = core.add_message(session, "assistant", "two", {"usage": {"output_tokens": 1}})
    session = core.add_message(session, "user", "three")
    return core.add_message(session, "assistant", "four", {"model": "m"})


class NativeActionExtension:
    """A provider extension with a session action and a lifecycle action."""

    name = "native_tools"
    version = "1.0.0"

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any], dict[str, Any] | None]] = []

    def get_actions(self, state):
        return [
            {
                "id": "drop_last",
                "label": "Drop the last message",
                "inputs": {"count": {"type": "integer", "required": True}},
            },
            {"id": "stamp", "trigger": "session_save_prepare"},
            {"id": "explode", "trigger": ["session_save_prepare"]},
            {"id": "summarize_range", "label": "Clash with the feature"},
        ]

    def execute_action(self, action_id, session, native_messages, params, context, state):
        self.calls.append((action_id, params, context))
        if action_id == "drop_last":
            return {
                "native_messages": native_messages[: -params["count"]],
                "dropped": params["count"],
            }
        if action_id == "stamp":
            return {"native_messages": native_messages, "session_metadata": {"stamped": True}}
        if action_id == "explode":
            raise RuntimeError("lifecycle boom")
        return {"native_messages": native_messages}


# ---------------------------------------------------------------------------------- listing
def test_get_actions_lists_extension_and_feature_actions_with_their_owner() -> None:
    core = _core(SummarizeRangeFeature)
    core.register_extension(NativeActionExtension)

    actions = core.get_actions({})

    assert [(action["id"], action["action_owner"]) for action in actions] == [
        ("drop_last", "native_tools"),
        ("stamp", "native_tools"),
        ("explode", "native_tools"),
        ("summarize_range", "native_tools"),
        ("summarize_range", "my_feature"),
    ]


# ---------------------------------------------------------------------------------- execution
def test_summarize_range_replaces_the_range_and_keeps_untouched_messages() -> None:
    core = _core(SummarizeRangeFeature)
    session = _history(core)

    new_session, result = core.execute_session_action(
        session, {}, "summarize_range", {"start": "1", "end": 3}, owner="my_feature"
    )

    assert "error" not in result
    assert [message.content for message in new_session.messages] == [
        "be brief",
        "Summary: one / two",
        "three",
        "four",
    ]
    # untouched head and tail keep their core-only metadata
    assert new_session.messages[0].metadata == {"pinned": True}
    assert new_session.messages[-1].metadata == {"model": "m"}
    assert new_session.metadata["title"] == "History"
    assert "last_summarization" in new_session.metadata
    assert session.messages[1].content == "one"  # the input session is untouched
    feature = core.plugins()["features"][0]
    assert feature.last_params == {"start": 1, "end": 3}


def test_the_action_context_holds_exactly_the_layer_one_keys_plus_caller_keys(
    caplog: pytest.LogCaptureFixture,
) -> None:
    core = _core(SummarizeRangeFeature)
    session = _history(core)
    config = {"my_feature": {"enabled": True}}

    with caplog.at_level(logging.WARNING, logger="agent_core"):
        core.execute_session_action(
            session,
            config,
            "summarize_range",
            {},
            owner="my_feature",
            context={
                "app": "APP",
                "base_config": {"x": 1},
                "trigger_source": "application",
                "core": "an impostor",
                "config": {"forged": True},
            },
        )

    context = core.plugins()["features"][0].last_context
    assert set(context) == LAYER_ONE_KEYS | {"app", "base_config"}
    assert context["core"] is core
    assert context["config"] is config
    # The application layer may say it triggered the action; other reserved keys stay the core's.
    assert context["trigger_source"] == "application"
    assert context["session"] == session.to_dict()
    assert context["app"] == "APP"
    assert context["request_context"]["core"] is core
    assert context["request_runtime"]["features"] == core.plugins()["features"]
    assert "reserved by the core: config, core" in caplog.text


def test_an_unknown_trigger_source_is_not_taken_from_the_caller(
    caplog: pytest.LogCaptureFixture,
) -> None:
    core = _core(SummarizeRangeFeature)
    session = _history(core)

    with caplog.at_level(logging.WARNING, logger="agent_core"):
        core.execute_session_action(
            session,
            {"my_feature": {"enabled": True}},
            "summarize_range",
            {},
            context={"trigger_source": "somewhere else"},
        )

    assert core.plugins()["features"][0].last_context["trigger_source"] == "core"
    assert "reserved by the core: trigger_source" in caplog.text


def test_a_disabled_feature_reports_its_own_error_dict() -> None:
    core = _core(SummarizeRangeFeature)
    session = _history(core)

    new_session, result = core.execute_session_action(
        session, {"my_feature": {"enabled": False}}, "summarize_range", owner="my_feature"
    )

    assert new_session == session
    assert result["error"] == {"type": "disabled", "message": "Feature is not enabled."}


def test_extension_actions_turn_replacement_native_messages_into_core_messages() -> None:
    core = _core()
    core.register_extension(NativeActionExtension)
    session = _history(core)

    new_session, result = core.execute_session_action(session, {}, "drop_last", {"count": 2})

    assert [message.content for message in new_session.messages] == ["be brief", "one", "two"]
    assert result["dropped"] == 2  # extra result keys are surfaced


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({}, "count is required"),
        ({"count": "many"}, "count expected an integer, got 'many'"),
        ({"count": True}, "count expected an integer, got True"),
        ("3", "must be an object"),
    ],
)
def test_invalid_params_are_an_error_dict_and_leave_the_session(params: Any, problem: str) -> None:
    core = _core()
    extension = core.register_extension(NativeActionExtension)
    session = _history(core)

    new_session, result = core.execute_session_action(session, {}, "drop_last", params)

    assert new_session is session
    assert result["status"] == "error"
    assert result["error"]["type"] == "invalid_params"
    assert problem in result["error"]["message"]
    assert extension.calls == []


def test_unknown_and_ambiguous_actions() -> None:
    core = _core(SummarizeRangeFeature)
    core.register_extension(NativeActionExtension)
    session = _history(core)

    _, unknown = core.execute_session_action(session, {}, "fly")
    _, ambiguous = core.execute_session_action(session, {}, "summarize_range")
    _, wrong_owner = core.execute_session_action(session, {}, "drop_last", owner="my_feature")

    assert unknown["error"]["type"] == "unknown_action"
    assert ambiguous["error"]["type"] == "ambiguous_action"
    assert "native_tools, my_feature" in ambiguous["error"]["message"]
    assert wrong_owner["error"]["type"] == "unknown_action"
    assert "of plugin 'my_feature'" in wrong_owner["error"]["message"]


def test_a_raising_action_is_an_error_dict_naming_plugin_and_hook() -> None:
    core = _core()
    core.register_extension(NativeActionExtension)
    session = _history(core)

    new_session, result = core.execute_session_action(session, {}, "explode")

    assert new_session is session
    assert result["error"]["type"] == "plugin_error"
    assert result["error"]["plugin"] == "native_tools"
    assert result["error"]["hook"] == "execute_action"
    assert "lifecycle boom" in result["error"]["message"]


# ---------------------------------------------------------------------------------- lifecycle
def test_lifecycle_actions_run_in_order_and_a_failing_one_is_skipped() -> None:
    core = _core()
    extension = core.register_extension(NativeActionExtension)
    session = _history(core)

    new_session = core.execute_lifecycle_actions(
        session, {}, "session_save_prepare", context={"app": "APP"}
    )

    assert new_session.metadata == {"title": "History", "stamped": True}
    assert [call[0] for call in extension.calls] == ["stamp", "explode"]
    context = extension.calls[0][2]
    assert context["lifecycle"] == "session_save_prepare"
    assert context["app"] == "APP"
    assert core.plugin_errors[-1]["hook"] == "execute_action"
    assert core.plugin_errors[-1]["plugin"] == "native_tools"


def test_lifecycle_actions_with_required_inputs_are_skipped() -> None:
    class NeedsInput:
        name = "needs_input"
        version = "1.0.0"

        def get_actions(self, state):
            return [
                {"id": "a", "trigger": "t", "inputs": {"x": {"type": "string", "required": True}}}
            ]

        def execute_action(self, *args):
            raise AssertionError("must not run without its required input")

    core = _core(NeedsInput)
    session = _history(core)

    assert core.execute_lifecycle_actions(session, {}, "t") is session


# ---------------------------------------------------------------------------------- helpers
def test_validate_params_coerces_and_reports() -> None:
    inputs = [
        {"name": "flag", "type": "boolean"},
        {"name": "ratio", "type": "number"},
        {"name": "mode", "type": "string", "enum": ["fast", "slow"]},
        {"name": "items", "type": "array"},
        {"name": "label", "type": "string", "default": "none"},
    ]

    ok, error = validate_params(
        "a", inputs, {"flag": "yes", "ratio": "0.5", "mode": "fast", "items": (1,), "extra": 1}
    )
    assert error is None
    assert ok == {
        "flag": True,
        "ratio": 0.5,
        "mode": "fast",
        "items": [1],
        "label": "none",
        "extra": 1,
    }

    _, error = validate_params("a", inputs, {"mode": "medium", "flag": "perhaps"})
    assert error is not None
    assert error["errors"] == {
        "flag": "expected true or false, got 'perhaps'",
        "mode": "must be one of 'fast', 'slow'",
    }


def test_layered_context_keeps_owned_values(caplog: pytest.LogCaptureFixture) -> None:
    config: dict[str, Any] = {}
    with caplog.at_level(logging.WARNING, logger="agent_core"):
        merged = layered_context({"config": config}, {"config": config, "extra": 1})
    assert merged == {"config": config, "extra": 1}
    assert caplog.text == ""  # passing the very same value is no clash
