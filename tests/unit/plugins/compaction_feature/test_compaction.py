"""The compaction feature through a real AgentCore with the scripted provider."""

from __future__ import annotations

import pytest

from agent_core import AgentCore, Message, Session
from compaction_feature import SUMMARY_HEADER, CompactionFeature, estimate_tokens
from scripted_provider import ScriptedProvider

SUMMARY = "The user asked about the weather in Oslo; it was 3 °C and raining."


@pytest.fixture
def core():
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_feature(CompactionFeature)
    yield core
    core.close()


def config(**compaction):
    result = {"provider": "scripted", "script": [SUMMARY]}
    if compaction:
        result["compaction"] = compaction
    return result


def conversation() -> Session:
    tool_call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "weather", "arguments": '{"city": "Oslo"}'},
    }
    return Session(
        "s1",
        [
            Message("user", "What is the weather in Oslo?"),
            Message("assistant", "", {"tool_calls": [tool_call], "model": "scripted-1"}),
            Message("tool", "3 °C, rain", {"tool_call_id": "call_1", "name": "weather"}),
            Message("assistant", "It is 3 °C and raining in Oslo.", {"model": "scripted-1"}),
            Message("user", "Thanks! And tomorrow?"),
            Message(
                "assistant",
                "Tomorrow looks dry.",
                {"usage": {"input_tokens": 50, "output_tokens": 5}},
            ),
        ],
        {"title": "Weather"},
    )


def test_compact_range_replaces_messages_with_one_summary(core):
    session, result = core.execute_session_action(
        conversation(), config(), "compact_range", {"start": 0, "end": 3}, owner="compaction"
    )
    assert result["status"] == "ok", result
    assert [m.role for m in session.messages] == ["user", "user", "assistant"]
    summary = session.messages[0].content
    assert summary.startswith(SUMMARY_HEADER.format(count=4))
    assert summary.endswith(SUMMARY)
    # Messages outside the range keep their core metadata.
    assert session.messages[2].metadata["usage"] == {"input_tokens": 50, "output_tokens": 5}
    assert session.metadata["title"] == "Weather"
    assert session.metadata["compaction_count"] == 1
    assert session.metadata["last_compaction"]
    record = session.metadata["compactions"][0]
    assert record["count"] == 4
    assert [m["role"] for m in record["originals"]] == ["user", "assistant", "tool", "assistant"]
    assert result["display"]["format"] == "markdown"
    assert "it was 3 °C and raining\\." in result["display"]["body"]


def test_the_summarizer_sees_the_excerpt_and_the_instructions(core):
    # Without a script the provider echoes the request: the echo is the prompt it was given.
    session, result = core.execute_session_action(
        conversation(),
        {"provider": "scripted"},
        "compact_range",
        {"start": 0, "end": 3, "instructions": "Keep the temperature."},
        owner="compaction",
    )
    assert result["status"] == "ok", result
    prompt = session.messages[0].content
    assert "Keep the temperature." in prompt
    assert "USER: What is the weather in Oslo?" in prompt
    assert 'ASSISTANT CALLED weather({"city": "Oslo"})' in prompt
    assert "TOOL RESULT (weather): 3 °C, rain" in prompt


def test_undo_restores_the_original_messages(core):
    original = conversation()
    compacted, _ = core.execute_session_action(
        original, config(), "compact_range", {"start": 0, "end": 3}
    )
    restored, result = core.execute_session_action(compacted, config(), "undo_compaction")
    assert result["status"] == "ok", result
    assert [(m.role, m.content) for m in restored.messages] == [
        (m.role, m.content) for m in original.messages
    ]
    assert restored.messages[1].metadata["tool_calls"][0]["id"] == "call_1"
    assert restored.messages[2].metadata["tool_call_id"] == "call_1"
    assert restored.metadata["compaction_count"] == 0
    assert restored.metadata["compactions"] == []
    assert restored.metadata["last_compaction"] is None
    again, result = core.execute_session_action(restored, config(), "undo_compaction")
    assert result["status"] == "noop"
    assert again.messages == restored.messages


def test_undo_is_last_in_first_out(core):
    first, _ = core.execute_session_action(
        conversation(), config(), "compact_range", {"start": 0, "end": 3}
    )
    second, _ = core.execute_session_action(first, config(), "compact_full")
    assert len(second.messages) == 1
    assert second.metadata["compaction_count"] == 2
    back_one, _ = core.execute_session_action(second, config(), "undo_compaction")
    assert [m.content for m in back_one.messages] == [m.content for m in first.messages]
    back_two, _ = core.execute_session_action(back_one, config(), "undo_compaction")
    assert [m.content for m in back_two.messages] == [m.content for m in conversation().messages]


def test_up_to_here_never_splits_a_tool_round(core):
    session, result = core.execute_session_action(
        conversation(), config(), "compact_up_to", {"message_index": 1}
    )
    assert result["status"] == "ok", result
    # Message 2 is the tool result of the call in message 1, so it is compacted too.
    assert "compacted" in session.messages[0].content
    assert [m.content for m in session.messages[1:]] == [
        "It is 3 °C and raining in Oslo.",
        "Thanks! And tomorrow?",
        "Tomorrow looks dry.",
    ]
    assert session.metadata["compactions"][0]["count"] == 3


def test_disabled_returns_the_spec_error_and_changes_nothing(core):
    before = conversation()
    session, result = core.execute_session_action(
        before, config(enabled=False), "compact_full", owner="compaction"
    )
    assert result["error"]["type"] == "disabled"
    assert session.messages == before.messages
    assert "compaction_count" not in session.metadata


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ({"start": 3, "end": 1}, "at least two messages"),
        ({"start": 0, "end": 9}, "go from 0 to 5"),
        ({"start": 2, "end": 2}, "at least two messages"),
    ],
)
def test_bad_ranges_are_explained(core, params, problem):
    session, result = core.execute_session_action(conversation(), config(), "compact_range", params)
    assert result["error"]["type"] == "invalid_range"
    assert problem in result["error"]["message"]
    assert len(session.messages) == 6


def test_non_integer_params_are_rejected_by_the_core(core):
    _, result = core.execute_session_action(
        conversation(), config(), "compact_range", {"start": "first"}
    )
    assert result["error"]["type"] == "invalid_params"


def test_summarizer_failure_is_a_plain_error(core):
    before = conversation()
    session, result = core.execute_session_action(
        before,
        {"provider": "scripted", "script": [{"content": "", "error": "socket closed"}]},
        "compact_full",
    )
    assert result["error"]["type"] == "summary_failed"
    assert "socket closed" in result["error"]["message"]
    assert session.messages == before.messages


def test_summarizer_agent_needs_the_application(core):
    _, result = core.execute_session_action(
        conversation(), config(agent_id="summarizer"), "compact_full"
    )
    assert result["error"]["type"] == "misconfigured"
    assert "summarizer" in result["error"]["message"]


def test_automatic_compaction_past_the_threshold(core):
    session = conversation()
    assert estimate_tokens(session.messages) == 55
    untouched = core.execute_lifecycle_actions(
        session, config(auto=True, token_threshold=1000), "session_save_prepare"
    )
    assert untouched.messages == session.messages
    off = core.execute_lifecycle_actions(
        session, config(token_threshold=10), "session_save_prepare"
    )
    assert off.messages == session.messages
    compacted = core.execute_lifecycle_actions(
        session, config(auto=True, token_threshold=10, keep_recent=2), "session_save_prepare"
    )
    assert [m.content for m in compacted.messages[1:]] == [
        "Thanks! And tomorrow?",
        "Tomorrow looks dry.",
    ]
    assert compacted.messages[0].content.endswith(SUMMARY)
    assert compacted.metadata["compaction_count"] == 1


def test_ui_elements_follow_enablement(core):
    elements = core.get_ui_schema(config())
    actions = {(e["ui_type"], e["action_id"]) for e in elements if e["ui_type"] != "config"}
    assert actions == {
        ("session_action", "compact_range"),
        ("session_action", "compact_full"),
        ("session_action", "undo_compaction"),
        ("message_action", "compact_up_to"),
    }
    assert all(e.get("action_owner") == "compaction" for e in elements if e["ui_type"] != "config")
    disabled = core.get_ui_schema(config(enabled=False))
    assert {e["ui_type"] for e in disabled if e.get("plugin") == "compaction"} == {"config"}
    keys = {entry["key"] for entry in core.get_config_schema() if entry["plugin"] == "compaction"}
    assert "compaction.token_threshold" in keys


def test_saving_through_the_application_compacts_automatically():
    from agent_app.application import AgentApplication
    from agent_app.config import ProviderConfig

    app = AgentApplication(plugins=[ScriptedProvider, CompactionFeature])
    try:
        app.config.providers["local"] = ProviderConfig(provider="scripted")
        app.config.agents["default"].provider = "local"
        app.config.agents["default"].parameters = {
            "script": [SUMMARY],
            "compaction": {"auto": True, "token_threshold": 10, "keep_recent": 2},
        }
        app.configuration.save_config()
        created = app.sessions.create_session()
        saved = app.sessions.save_session(
            Session(created.session_id, conversation().messages, created.metadata)
        )
        assert len(saved.messages) == 3
        assert saved.messages[0].content.endswith(SUMMARY)
        stored = app.sessions.load_session(created.session_id)
        assert [m.content for m in stored.messages] == [m.content for m in saved.messages]
        assert stored.metadata["compaction_count"] == 1
        assert len(stored.metadata["compactions"][0]["originals"]) == 4
    finally:
        app.close()


def test_display_quotes_the_summary_literally():
    from compaction_feature import _quoted_markdown

    assert _quoted_markdown("a_b *c*\n<tag>\n\n# not a heading") == (
        "> a\\_b \\*c\\*  \n> \\<tag\\>  \n>   \n> \\# not a heading  "
    )


async def test_a_long_reply_is_compacted_automatically_when_the_request_completes(tmp_path):
    from tests.support.tool_loop_harness import with_user_message

    from agent_app.application import AgentApplication
    from agent_app.config import ProviderConfig
    from agent_app.paths import resolve_paths

    app = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[ScriptedProvider, CompactionFeature]
    )
    try:
        app.config.providers["local"] = ProviderConfig(provider="scripted")
        app.config.agents["default"].provider = "local"
        app.config.agents["default"].parameters = {
            "compaction": {"auto": True, "token_threshold": 50, "keep_recent": 1},
        }
        app.configuration.save_config()
        session = app.sessions.create_session()
        for turn in range(3):
            session = with_user_message(session, f"Question {turn}: " + "words " * 40)
            events = [
                event
                async for event in app.send_request(
                    session, {"script": ["Answer " * 40, "Answer " * 40, SUMMARY]}
                )
            ]
            session = events[-1]["session"]

        stored = app.sessions.load_session(session.session_id)
        assert stored.metadata["compaction_count"] >= 1
        # Three question/answer rounds (six messages) no longer all stand in the history: the
        # oldest were replaced by one summary, and they stay recoverable for undo.
        assert len(stored.messages) < 6
        record = stored.metadata["compactions"][-1]
        assert stored.messages[0].content == record["summary"]
        assert record["originals"]
    finally:
        await app.aclose()
