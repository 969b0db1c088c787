"""Reading SKILL.md, finding skills in their folders, and keeping reads inside a skill's folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agent_skills import SkillTools, discover_skills, enabled_skills
from agent_skills.catalog import (
    MalformedSkill,
    SkillFileError,
    parse_skill_text,
    read_skill_file,
    skill_files,
)


def write_skill(root: Path, name: str, description: str = "Does a thing.", body: str = "") -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\n{body or f'# {name}'}\n",
        encoding="utf-8",
    )
    return folder


@pytest.fixture(autouse=True)
def empty_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def test_front_matter_reads_plain_quoted_and_folded_values_and_skips_nested_maps():
    text = (
        "---\n"
        "name: pdf-tools\n"
        "description: >-\n"
        "  Extract text from PDFs.\n"
        "  Use when a PDF is mentioned.\n"
        "license: 'Apache-2.0'\n"
        "metadata:\n"
        "  author: someone\n"
        '  version: "1.0"\n'
        "---\n"
        "# Steps\n\nRun it.\n"
    )
    fields, body = parse_skill_text(text)
    assert fields["name"] == "pdf-tools"
    assert fields["description"] == "Extract text from PDFs. Use when a PDF is mentioned."
    assert fields["license"] == "Apache-2.0"
    assert body == "# Steps\n\nRun it."


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("# no front matter\n", "does not start with front matter"),
        ("---\nname: x\n", "not closed"),
        ("---\nname x\n---\n", "not 'key: value'"),
    ],
)
def test_broken_front_matter_says_which_rule(text, reason):
    with pytest.raises(MalformedSkill, match=reason):
        parse_skill_text(text)


def test_malformed_skills_are_listed_with_why_and_the_good_ones_still_load(tmp_path):
    root = tmp_path / "skills"
    write_skill(root, "good-one")
    write_skill(root, "Bad_Name")
    (root / "no-description").mkdir()
    (root / "no-description" / "SKILL.md").write_text("---\nname: no-description\n---\nbody")
    (root / "empty-folder").mkdir()
    write_skill(root / "nested", "elsewhere")  # a folder without SKILL.md at its top
    (root / "mismatch").mkdir()
    (root / "mismatch" / "SKILL.md").write_text("---\nname: other\ndescription: d\n---\n")

    found = discover_skills({"skills_dir": str(root)})

    assert [skill.name for skill in found.skills] == ["good-one"]
    reasons = {problem.folder.name: problem.reason for problem in found.problems}
    assert "lower-case letters" in reasons["Bad_Name"]
    assert "no 'description'" in reasons["no-description"]
    assert "no SKILL.md" in reasons["empty-folder"]
    assert "no SKILL.md" in reasons["nested"]
    assert "differs from its folder" in reasons["mismatch"]


def test_skills_come_from_project_app_and_home_folders_and_the_first_name_wins(
    tmp_path, empty_home
):
    project = tmp_path / "project"
    write_skill(project / ".agents" / "skills", "shared", "From the project.")
    write_skill(tmp_path / "app", "shared", "From the app.")
    write_skill(tmp_path / "app", "app-only")
    write_skill(empty_home / ".agents" / "skills", "home-only")

    found = discover_skills({"project_dir": str(project), "skills_dir": str(tmp_path / "app")})

    assert {skill.name: skill.source for skill in found.skills} == {
        "app-only": "app",
        "home-only": "user",
        "shared": "project",
    }
    assert found.named("shared").description == "From the project."
    (shadowed,) = found.problems
    assert shadowed.folder == tmp_path / "app" / "shared"
    assert "wins" in shadowed.reason


def test_an_agent_turns_skills_off_one_by_one_or_all_at_once(tmp_path):
    write_skill(tmp_path, "one")
    write_skill(tmp_path, "two")
    config = {"skills_dir": str(tmp_path)}
    assert [s.name for s in enabled_skills(config).skills] == ["one", "two"]
    some_off = {**config, "skills": {"disabled": ["one"]}}
    assert [s.name for s in enabled_skills(some_off).skills] == ["two"]
    all_off = {**config, "skills": {"enabled": False}}
    assert enabled_skills(all_off).skills == ()


@pytest.fixture
def skill_with_files(tmp_path):
    root = tmp_path / "skills"
    folder = write_skill(root, "forms", body="Read references/guide.md first.")
    (folder / "references").mkdir()
    (folder / "references" / "guide.md").write_text("the guide")
    (folder / "scripts").mkdir()
    (folder / "scripts" / "fill.sh").write_text("echo filled")
    secret = tmp_path / "secret.txt"
    secret.write_text("outside the skill")
    os.symlink(secret, folder / "references" / "escape.md")
    os.symlink(tmp_path, folder / "linked-parent")
    os.symlink(folder / "references" / "guide.md", folder / "alias.md")  # stays inside
    return discover_skills({"skills_dir": str(root)}).named("forms")


def test_a_skill_file_is_read_only_from_inside_its_folder(skill_with_files):
    skill = skill_with_files
    assert read_skill_file(skill, "references/guide.md") == "the guide"
    assert read_skill_file(skill, "alias.md") == "the guide"
    for path, reason in [
        ("../secret.txt", "leaves the skill's folder"),
        ("/etc/passwd", "leaves the skill's folder"),
        ("references/../../secret.txt", "leaves the skill's folder"),
        ("references/escape.md", "outside the skill's folder"),
        ("linked-parent/secret.txt", "outside the skill's folder"),
        ("missing.md", "has no file"),
        ("references", "is a folder"),
    ]:
        with pytest.raises(SkillFileError, match=reason):
            read_skill_file(skill, path)


def test_the_files_listed_with_a_skill_leave_out_links_that_lead_outside(skill_with_files):
    files, more = skill_files(skill_with_files)
    assert files == ["alias.md", "references/guide.md", "scripts/fill.sh"]
    assert more == 0


def test_a_binary_or_huge_file_is_refused_with_the_reason(skill_with_files):
    (skill_with_files.folder / "logo.png").write_bytes(b"\x89PNG\x00\x00data")
    (skill_with_files.folder / "big.md").write_text("x" * (300 * 1024))
    with pytest.raises(SkillFileError, match="binary"):
        read_skill_file(skill_with_files, "logo.png")
    with pytest.raises(SkillFileError, match="not read"):
        read_skill_file(skill_with_files, "big.md")


def test_the_tools_name_the_skill_in_the_chat_row_and_explain_refusals(skill_with_files):
    tools = SkillTools()
    state = tools.init({"skills_dir": str(skill_with_files.folder.parent)})

    loaded = tools.execute_tool("load_skill", {"name": "forms"}, state)
    text = tools.format_tool_result(loaded, state)
    assert "Read references/guide.md first." in text
    assert "- scripts/fill.sh" in text
    assert tools.to_display_format(text, loaded, state)["single_line"] == "Used skill forms"

    read = tools.execute_tool(
        "read_skill_file", {"name": "forms", "path": "references/guide.md"}, state
    )
    assert tools.format_tool_result(read, state) == "the guide"
    single = tools.to_display_format("the guide", read, state)["single_line"]
    assert single == "Skill forms: read references/guide.md"

    escaped = tools.execute_tool("read_skill_file", {"name": "forms", "path": "../x"}, state)
    assert escaped["success"] is False
    assert "leaves the skill's folder" in tools.format_tool_result(escaped, state)

    unknown = tools.execute_tool("load_skill", {"name": "nope"}, state)
    assert "no skill named 'nope' is enabled; the skills are: forms" in unknown["error"]


def test_the_tools_are_offered_only_when_the_agent_has_a_skill(tmp_path):
    tools = SkillTools()
    assert tools.is_enabled({"skills_dir": str(tmp_path)}, [], [], {}) is False
    write_skill(tmp_path, "one")
    assert tools.is_enabled({"skills_dir": str(tmp_path)}, [], [], {}) is None
    off = {"skills_dir": str(tmp_path), "skills": {"enabled": False}}
    assert tools.is_enabled(off, [], [], {}) is False


def test_a_skill_whose_skill_md_links_outside_its_folder_is_listed_as_unusable(tmp_path):
    root = tmp_path / "skills"
    (root / "sneaky").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.md"
    elsewhere.write_text("---\nname: sneaky\ndescription: d\n---\n")
    os.symlink(elsewhere, root / "sneaky" / "SKILL.md")
    found = discover_skills({"skills_dir": str(root)})
    assert found.skills == ()
    assert "outside the skill's folder" in found.problems[0].reason


def test_a_skills_folder_that_cannot_be_read_is_listed_and_a_missing_one_is_not(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    found = discover_skills({"skills_dir": str(tmp_path / "a-file")})
    (problem,) = found.problems
    assert problem.folder == tmp_path / "a-file"
    assert "cannot be read (Not a directory)" in problem.reason
    assert discover_skills({"skills_dir": str(tmp_path / "missing")}).problems == ()
