"""How a request that did not end with an answer is recorded and shown again."""

from __future__ import annotations

from agent_app.turn_outcome import (
    LAST_ERROR_KEY,
    TurnOutcome,
    failure_record,
    is_empty_answer,
    turn_outcome,
)
from agent_core import Message, Session

PROVIDER_ERROR = {
    "type": "plugin_error",
    "message": "Plugin 'openai_compatible' failed in astream_api: ProviderError: Local server "
    "did not answer within 5 s — try again.",
    "plugin": "openai_compatible",
    "hook": "astream_api",
    "detail": "Local server did not answer within 5 s — try again.",
    "kind": "timeout",
    "technical": "Address: http://127.0.0.1:8080/v1\nError: APITimeoutError: Request timed out.",
}


def test_a_classified_failure_leads_with_the_plugins_sentence_and_keeps_the_rest_apart():
    record = failure_record(PROVIDER_ERROR)
    assert record["message"] == "Local server did not answer within 5 s — try again."
    assert record["ending"] == "timeout"
    assert record["details"].splitlines() == [
        "Plugin: openai_compatible (in astream_api)",
        "Kind: timeout",
        "Address: http://127.0.0.1:8080/v1",
        "Error: APITimeoutError: Request timed out.",
    ]


def test_an_unclassified_failure_keeps_the_full_message_and_ends_as_failed():
    record = failure_record({"type": "KeyError", "message": "'x'", "plugin": None, "hook": None})
    assert record["message"] == "'x'"
    assert record["ending"] == "failed"
    assert failure_record({"kind": "stream_cut", "detail": "Cut."})["ending"] == "stream_cut"


def test_the_outcome_comes_from_the_stored_failure_first_then_an_empty_last_answer():
    user = Message(role="user", content="Hi")
    failed = Session("s", [user], {LAST_ERROR_KEY: failure_record(PROVIDER_ERROR)})
    outcome = turn_outcome(failed)
    assert outcome is not None
    assert (outcome.kind, outcome.ending) == ("error", "timeout")
    empty = Message(role="assistant", content="", metadata={"empty": True, "model": "m"})
    assert turn_outcome(Session("s", [user, empty], {})) == TurnOutcome(
        "empty", "The model returned nothing.", "Model: m", "empty"
    )
    answered = Message(role="assistant", content="Hello")
    assert turn_outcome(Session("s", [user, answered], {})) is None
    assert turn_outcome(None) is None


def test_an_empty_answer_has_no_text_no_tool_calls_and_was_not_cut_short():
    assert is_empty_answer({"role": "assistant", "content": " \n", "metadata": {}})
    assert not is_empty_answer({"role": "assistant", "content": "x", "metadata": {}})
    calls = {"tool_calls": [{"id": "1"}]}
    assert not is_empty_answer({"role": "assistant", "content": None, "metadata": calls})
    assert not is_empty_answer({"role": "assistant", "content": "", "metadata": {"stopped": True}})
    assert not is_empty_answer({"role": "user", "content": "", "metadata": {}})
