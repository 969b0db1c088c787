"""Installing a skill from a folder or a .zip: checked first, nothing lands outside, limits hold."""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path

import pytest

from agent_skills import SkillInstallError, discover_skills, install_skill
from agent_skills import install as install_module

SKILL_MD = "---\nname: csv-report\ndescription: Summarize CSV files.\n---\nUse scripts/run.py.\n"


def make_zip(path: Path, entries: dict[str, str | bytes], links: tuple[str, ...] = ()) -> Path:
    with zipfile.ZipFile(path, "w") as bundle:
        for name, data in entries.items():
            bundle.writestr(name, data)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            bundle.writestr(info, "/etc/passwd")
    return path


def assert_nothing_landed(skills_dir: Path) -> None:
    assert not skills_dir.exists() or not any(skills_dir.iterdir())


def test_a_zip_with_the_skill_in_a_top_folder_installs_under_its_own_name(tmp_path):
    archive = make_zip(
        tmp_path / "download.zip",
        {"csv-report-v2/SKILL.md": SKILL_MD, "csv-report-v2/scripts/run.py": "print(1)"},
    )
    skills_dir = tmp_path / "skills"

    skill = install_skill(archive, skills_dir)

    assert skill.folder == skills_dir / "csv-report"
    assert (skill.folder / "scripts" / "run.py").read_text() == "print(1)"
    assert [s.name for s in discover_skills({"skills_dir": str(skills_dir)}).skills] == [
        "csv-report"
    ]
    assert sorted(p.name for p in skills_dir.iterdir()) == ["csv-report"]  # no staging left


def test_a_zip_with_the_skill_at_its_top_installs_too(tmp_path):
    archive = make_zip(tmp_path / "s.zip", {"SKILL.md": SKILL_MD, "notes.md": "n"})
    skill = install_skill(archive, tmp_path / "skills")
    assert (skill.folder / "notes.md").read_text() == "n"


@pytest.mark.parametrize(
    "entry", ["../evil.txt", "csv-report/../../evil.txt", "/tmp/evil.txt", "C:/evil.txt"]
)
def test_an_entry_that_would_land_outside_is_refused_and_nothing_is_written(tmp_path, entry):
    archive = make_zip(tmp_path / "bad.zip", {"SKILL.md": SKILL_MD, entry: "x"})
    skills_dir = tmp_path / "skills"
    with pytest.raises(SkillInstallError, match="outside the skill's folder"):
        install_skill(archive, skills_dir)
    assert not (tmp_path / "evil.txt").exists()
    assert_nothing_landed(skills_dir)


def test_links_in_an_archive_or_a_folder_are_refused(tmp_path):
    archive = make_zip(tmp_path / "l.zip", {"SKILL.md": SKILL_MD}, links=("passwd",))
    with pytest.raises(SkillInstallError, match="is a link"):
        install_skill(archive, tmp_path / "skills")
    folder = tmp_path / "csv-report"
    folder.mkdir()
    (folder / "SKILL.md").write_text(SKILL_MD)
    os.symlink("/etc/passwd", folder / "passwd")
    with pytest.raises(SkillInstallError, match="is a link"):
        install_skill(folder, tmp_path / "skills")
    assert_nothing_landed(tmp_path / "skills")


def test_size_and_count_limits_are_checked_before_anything_is_unpacked(tmp_path, monkeypatch):
    monkeypatch.setattr(install_module, "MAX_INSTALL_BYTES", 1_000)
    big = make_zip(tmp_path / "big.zip", {"SKILL.md": SKILL_MD, "data.bin": b"\0" * 5_000})
    with pytest.raises(SkillInstallError, match="at most 1,000"):
        install_skill(big, tmp_path / "skills")

    assert_nothing_landed(tmp_path / "skills")

    monkeypatch.setattr(install_module, "MAX_INSTALL_FILES", 2)
    many = make_zip(tmp_path / "many.zip", {"SKILL.md": SKILL_MD, "a": "1", "b": "2"})
    with pytest.raises(SkillInstallError, match="at most 2"):
        install_skill(many, tmp_path / "skills")


def test_a_folder_installs_and_an_existing_skill_is_kept_unless_replaced(tmp_path):
    folder = tmp_path / "source" / "csv-report"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL_MD)
    skills_dir = tmp_path / "skills"
    install_skill(folder, skills_dir)
    (folder / "SKILL.md").write_text(SKILL_MD.replace("Use scripts", "Now use scripts"))

    with pytest.raises(SkillInstallError, match="already installed"):
        install_skill(folder, skills_dir)
    assert "Now use" not in (skills_dir / "csv-report" / "SKILL.md").read_text()

    install_skill(folder, skills_dir, replace=True)
    assert "Now use" in (skills_dir / "csv-report" / "SKILL.md").read_text()


def test_a_malformed_skill_is_refused_with_the_reason(tmp_path):
    archive = make_zip(tmp_path / "m.zip", {"x/SKILL.md": "---\nname: ../../etc\n---\n"})
    with pytest.raises(SkillInstallError, match="not a usable skill: the name"):
        install_skill(archive, tmp_path / "skills")
    nothing = make_zip(tmp_path / "n.zip", {"readme.md": "hi"})
    with pytest.raises(SkillInstallError, match=r"no SKILL\.md"):
        install_skill(nothing, tmp_path / "skills")
    (tmp_path / "plain.txt").write_text("hi")
    with pytest.raises(SkillInstallError, match=r"neither a folder nor a \.zip"):
        install_skill(tmp_path / "plain.txt", tmp_path / "skills")
    assert_nothing_landed(tmp_path / "skills")


def test_a_damaged_or_clashing_archive_is_refused_in_words_and_leaves_nothing(tmp_path):
    clashing = make_zip(tmp_path / "c.zip", {"SKILL.md": SKILL_MD, "a": "file", "a/b": "x"})
    with pytest.raises(SkillInstallError, match="could not be unpacked"):
        install_skill(clashing, tmp_path / "skills")

    damaged = make_zip(tmp_path / "d.zip", {"SKILL.md": SKILL_MD, "notes.md": "intact text"})
    data = damaged.read_bytes().replace(b"intact text", b"broken text")
    damaged.write_bytes(data)
    with pytest.raises(SkillInstallError, match="could not be unpacked"):
        install_skill(damaged, tmp_path / "skills")
    assert_nothing_landed(tmp_path / "skills")


def test_the_remove_action_takes_an_installed_skill_out_and_nothing_outside_the_folder(tmp_path):
    from agent_skills.feature import SkillsFeature

    folder = tmp_path / "source" / "csv-report"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(SKILL_MD)
    skills_dir = tmp_path / "skills"
    context = {"config": {"skills_dir": str(skills_dir)}}
    feature = SkillsFeature()
    installed = feature.execute_action(
        "skills_install", None, [], {"source": str(folder)}, context, {}
    )
    assert installed["skill"] == "csv-report"

    for name in ("../source/csv-report", "..", "absent"):
        refused = feature.execute_action("skills_remove", None, [], {"name": name}, context, {})
        assert refused["status"] == "error"
        assert "not removed" in refused["message"]
    assert (folder / "SKILL.md").is_file()

    removed = feature.execute_action("skills_remove", None, [], {"name": "csv-report"}, context, {})
    assert removed["status"] == "ok"
    assert not (skills_dir / "csv-report").exists()
