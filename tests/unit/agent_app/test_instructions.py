"""Which instructions the model gets: the chat's own, else its agent's."""

from __future__ import annotations

from agent_app.instructions import effective_instructions, with_instructions
from agent_core import Message


def test_the_chats_own_instructions_win_and_blank_ones_give_the_agents_back():
    config = {"system_prompt": "agent's"}
    assert effective_instructions({"system_prompt": "chat's"}, config) == "chat's"
    assert effective_instructions({"system_prompt": "   "}, config) == "agent's"
    assert effective_instructions({}, config) == "agent's"
    assert effective_instructions({"system_prompt": 42}, {}) == ""


def test_instructions_go_first_and_the_history_is_left_as_it_was():
    history = [Message("system", "from a plugin"), Message("user", "hi")]
    sent = with_instructions(history, {"system_prompt": "Be brief."}, {})
    assert [(m.role, m.content) for m in sent] == [
        ("system", "Be brief."),
        ("system", "from a plugin"),
        ("user", "hi"),
    ]
    assert len(history) == 2
    assert with_instructions(history, {}, {}) is history
