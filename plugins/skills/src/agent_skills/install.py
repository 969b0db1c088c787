"""Installing a skill from a folder or a `.zip` into the app's skills folder.

The skill is checked (its SKILL.md read as discovery reads it) before anything lands, copied into
a hidden folder beside the destination, then renamed into place, so a failed install leaves
nothing half-written. An archive may hold the skill at its top or inside one top-level folder
(how Claude exports skills). Entries that would land outside the destination (absolute paths,
`..`), links, and archives past the size and count limits are refused with the reason.
"""

from __future__ import annotations

import shutil
import stat
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from agent_skills.catalog import (
    SKILL_FILE,
    MalformedSkill,
    Skill,
    check_fields,
    parse_skill_text,
    read_skill,
)

MAX_INSTALL_BYTES = 50 * 1024 * 1024
MAX_INSTALL_FILES = 2_000


class SkillInstallError(ValueError):
    """A skill could not be installed; the message says why and what to do."""


def install_skill(source: Path, skills_dir: Path, *, replace: bool = False) -> Skill:
    """Install the skill in folder or archive `source` under `skills_dir`; returns it there."""
    source = Path(source)
    copy: Callable[[Path, Path], None]
    if source.is_dir():
        files = _folder_files(source)
        copy = _copy_folder
    elif source.is_file() and zipfile.is_zipfile(source):
        files = []
        copy = _extract_zip
    elif source.exists():
        raise SkillInstallError(f"{source} is neither a folder nor a .zip archive of a skill")
    else:
        raise SkillInstallError(f"{source} does not exist")
    _check_limits(len(files), sum(path.stat().st_size for path in files))
    skills_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".installing-", dir=skills_dir))
    try:
        unpacked = staging / "unpacked"
        try:
            copy(source, unpacked)
        except (OSError, zipfile.BadZipFile) as error:
            # A damaged archive (bad checksum), entries clashing (a file and a folder of one
            # name), a full disk: said in words, with nothing left behind.
            raise SkillInstallError(f"{source.name} could not be unpacked: {error}") from error
        skill = _checked_skill(_skill_root(unpacked), staging / "named", source.name)
        target = skills_dir / skill.name
        if target.exists():
            if not replace:
                raise SkillInstallError(
                    f"a skill named {skill.name!r} is already installed in {target}; "
                    "remove it first or install with replace"
                )
            shutil.rmtree(target)
        skill.folder.rename(target)
        return Skill(skill.name, skill.description, target, "app")
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def remove_installed_skill(name: str, skills_dir: Path) -> Path:
    """Remove the skill `name` installed under `skills_dir` (only there: skills found in
    ~/.agents/skills or a project's folder are the user's own files); returns its folder."""
    target = skills_dir / name
    if not name or PurePosixPath(name).name != name or "\\" in name or name in (".", ".."):
        raise SkillInstallError(f"{name!r} is not the name of an installed skill")
    if not (target / SKILL_FILE).is_file() or target.is_symlink():
        raise SkillInstallError(
            f"no skill named {name!r} is installed in {skills_dir}; a skill elsewhere "
            "(~/.agents/skills, a project's folder) is removed by deleting its folder there"
        )
    shutil.rmtree(target)
    return target


def _checked_skill(root: Path, named: Path, label: str) -> Skill:
    """The skill unpacked in `root`, moved to `named/<its name>` (an archive's top folder may
    be called anything, like my-skill-v2) and read as discovery reads it."""
    try:
        fields, _body = parse_skill_text((root / SKILL_FILE).read_text(encoding="utf-8"))
        name = fields.get("name", "").strip()
        check_fields(fields, name)  # the name is safe as a folder name before it becomes one
        named.mkdir()
        root.rename(named / name)
        return read_skill(named / name, "app")
    except (MalformedSkill, UnicodeError) as error:
        raise SkillInstallError(f"{label} is not a usable skill: {error}") from error


def _check_limits(count: int, size: int) -> None:
    if count > MAX_INSTALL_FILES:
        raise SkillInstallError(
            f"the skill has {count} files; at most {MAX_INSTALL_FILES} can be installed"
        )
    if size > MAX_INSTALL_BYTES:
        raise SkillInstallError(
            f"the skill holds {size:,} bytes; at most {MAX_INSTALL_BYTES:,} can be installed"
        )


def _folder_files(folder: Path) -> list[Path]:
    """Every regular file under `folder`; a link anywhere is refused (it could lead outside)."""
    files: list[Path] = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            raise SkillInstallError(
                f"{path.relative_to(folder)} is a link; links are not installed (copy the file "
                "it points to into the skill instead)"
            )
        if path.is_file():
            files.append(path)
    return files


def _copy_folder(source: Path, unpacked: Path) -> None:
    shutil.copytree(source, unpacked, symlinks=True)


def _extract_zip(archive: Path, unpacked: Path) -> None:
    unpacked.mkdir()
    with zipfile.ZipFile(archive) as bundle:
        members = [member for member in bundle.infolist() if not member.is_dir()]
        # zipfile reads no more than an entry's declared size (and checks its CRC), so the
        # declared total bounds what is written, whatever the compressed data says.
        _check_limits(len(members), sum(member.file_size for member in members))
        for member in members:
            relative = _safe_member_path(member)
            target = unpacked.joinpath(*relative.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with bundle.open(member) as reader, target.open("wb") as writer:
                shutil.copyfileobj(reader, writer)


def _safe_member_path(member: zipfile.ZipInfo) -> PurePosixPath:
    name = member.filename
    mode = member.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise SkillInstallError(f"the archive entry {name!r} is a link; links are not installed")
    path = PurePosixPath(name.replace("\\", "/"))
    if (
        path.is_absolute()
        or ".." in path.parts
        or (path.parts and ":" in path.parts[0])
        or "\x00" in name
    ):
        raise SkillInstallError(
            f"the archive entry {name!r} would land outside the skill's folder; it is refused"
        )
    return path


def _skill_root(unpacked: Path) -> Path:
    """The folder holding SKILL.md: the unpacked folder itself or its single child folder."""
    if (unpacked / SKILL_FILE).is_file():
        return unpacked
    children = [child for child in unpacked.iterdir() if child.name != "__MACOSX"]
    if len(children) == 1 and (children[0] / SKILL_FILE).is_file():
        return children[0]
    raise SkillInstallError(
        f"no {SKILL_FILE} at the top of the skill or inside one top-level folder"
    )
