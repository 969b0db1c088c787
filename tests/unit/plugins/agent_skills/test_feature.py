"""The list the model is offered: within the budget, after the instructions, only with the tool."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from agent_skills import Skill, SkillsFeature, skills_listing
from agent_skills.feature import approximate_tokens


def skills(count: int) -> tuple[Skill, ...]:
    return tuple(
        Skill(
            f"skill-{n}", f"Does thing {n}. Use when asked for {n}.", Path(f"/s/skill-{n}"), "app"
        )
        for n in range(count)
    )


def test_the_list_stops_at_the_budget_and_says_how_many_were_left_out():
    everything = skills_listing(skills(10), 10_000)
    assert everything.count("\n- skill-") == 10
    assert "more skills are not listed" not in everything

    partial = skills_listing(skills(10), 150)
    listed = partial.count("\n- skill-")
    assert 0 < listed < 10
    assert f"({10 - listed} more skills are not listed" in partial
    assert approximate_tokens(partial.rsplit("\n", 1)[0]) <= 150


def test_no_skill_or_no_room_for_one_means_no_list_at_all():
    assert skills_listing((), 4_000) == ""
    assert skills_listing(skills(3), 10) == ""


@pytest.fixture
def one_skill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    folder = tmp_path / "skills" / "notes"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: notes\ndescription: Take notes.\n---\nBody")
    return {"skills_dir": str(tmp_path / "skills")}


def offered(*names: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(tool_name=name) for name in names]


def test_the_list_goes_after_the_instructions_only_when_load_skill_is_offered(one_skill):
    feature = SkillsFeature()
    history = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "hi"},
    ]

    without_tool, _ = feature.initialize_request(
        history, {}, context={"config": one_skill, "tools": offered("shell")}
    )
    assert without_tool == history

    with_tool, _ = feature.initialize_request(
        history, {}, context={"config": one_skill, "tools": offered("shell", "load_skill")}
    )
    assert [m["content"] for m in with_tool][::2] == ["Be brief.", "hi"]
    assert with_tool[1]["role"] == "system"
    assert with_tool[1]["content"].endswith("- notes: Take notes.")
