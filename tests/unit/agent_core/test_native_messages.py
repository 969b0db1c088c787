"""The context a feature adds goes after the instructions and before the conversation."""

from __future__ import annotations

from agent_core.native_messages import after_instructions


def test_the_addition_follows_every_leading_system_message_and_leaves_the_input_alone():
    native = [
        {"role": "system", "content": "Be brief."},
        {"role": "system", "content": "Skills…"},
        {"role": "user", "content": "hi"},
        {"role": "system", "content": "a later note"},
    ]
    added = after_instructions(native, "Remembered: tea")
    assert [m["content"] for m in added] == [
        "Be brief.",
        "Skills…",
        "Remembered: tea",
        "hi",
        "a later note",
    ]
    assert len(native) == 4
    assert after_instructions([], "x") == [{"role": "system", "content": "x"}]
