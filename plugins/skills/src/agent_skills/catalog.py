"""Skills on disk: where they are looked for, how a `SKILL.md` is read, which files are inside.

A skill is a folder holding a `SKILL.md`: front matter between `---` lines with `name` and
`description`, then the instructions. Files beside it (references, scripts, assets) belong to the
skill; nothing outside the folder does, whatever a path or a symbolic link says.

Folders searched, first wins when two skills share a name: the current project's
`.agents/skills` (config ``project_dir``, set by projects later), the app's own `skills` folder
(config ``skills_dir``, which the application supplies; installs go there), then
`~/.agents/skills` (the folder Goose and other agents read).

A folder that is not a usable skill is listed as a `SkillProblem` saying why, never raised.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

SKILL_FILE = "SKILL.md"
CONFIG_BLOCK = "skills"
PROJECT_SKILLS = Path(".agents") / "skills"
USER_SKILLS = Path(".agents") / "skills"  # under the home folder
NAME_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_NAME_CHARS = 64
MAX_DESCRIPTION_CHARS = 1024
#: A SKILL.md or a file read through the tool larger than this is refused, not truncated.
MAX_TEXT_BYTES = 256 * 1024
#: Files listed with a loaded skill; a larger folder says how many more there are.
MAX_LISTED_FILES = 100
#: Tokens the list of skills may take in each request unless the agent says otherwise.
DEFAULT_BUDGET_TOKENS = 4_000


class SkillFileError(ValueError):
    """A file of a skill cannot be read; the message says why and what to ask instead."""


@dataclass(frozen=True)
class Skill:
    name: str
    description: str
    folder: Path
    source: str  # "project", "app" or "user"

    def body(self) -> str:
        """The instructions: SKILL.md after its front matter."""
        return parse_skill_text(_read_text(self.folder / SKILL_FILE))[1]


@dataclass(frozen=True)
class SkillProblem:
    folder: Path
    reason: str

    def __str__(self) -> str:
        return f"{self.folder}: {self.reason}"


@dataclass(frozen=True)
class SkillSet:
    skills: tuple[Skill, ...]
    problems: tuple[SkillProblem, ...]

    def named(self, name: str) -> Skill | None:
        return next((skill for skill in self.skills if skill.name == name), None)


# ------------------------------------------------------------------ front matter


class MalformedSkill(ValueError):
    """A SKILL.md that breaks the format; the message names the rule."""


def parse_front_matter(lines: list[str]) -> dict[str, str]:
    """The top-level `key: value` pairs of a YAML front matter, as text.

    Enough of YAML for what skills write: plain, quoted and block (`|`, `>`, with `-`/`+`)
    scalars. Nested maps and lists (`metadata:`, `allowed-tools:`) are kept as their raw
    indented text; this plugin reads only `name` and `description`.
    """
    fields: dict[str, str] = {}
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t":
            raise MalformedSkill(f"front matter line {index} is indented but belongs to no key")
        key, colon, value = line.partition(":")
        if not colon or not key.strip():
            raise MalformedSkill(f"front matter line {index} is not 'key: value': {line.strip()!r}")
        block: list[str] = []
        while index < len(lines) and (not lines[index].strip() or lines[index][0] in " \t"):
            block.append(lines[index])
            index += 1
        fields[key.strip()] = _scalar(value.strip(), block)
    return fields


def _scalar(value: str, block: list[str]) -> str:
    if value and value[0] in "|>":
        lines = _dedented(block)
        text = "\n".join(lines) if value[0] == "|" else _folded(lines)
        return text.strip() if not value.endswith("+") else text
    if block and not value:
        return "\n".join(_dedented(block)).strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        inner = value[1:-1]
        return inner.replace("''", "'") if value[0] == "'" else _unescape_double(inner)
    continued = [value, *(line.strip() for line in block if line.strip())]
    return " ".join(part for part in continued if part)


def _unescape_double(text: str) -> str:
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text)


def _dedented(block: list[str]) -> list[str]:
    while block and not block[-1].strip():
        block = block[:-1]
    indents = [len(line) - len(line.lstrip()) for line in block if line.strip()]
    cut = min(indents, default=0)
    return [line[cut:] for line in block]


def _folded(lines: list[str]) -> str:
    paragraphs: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            paragraphs[-1].append(line.strip())
        else:
            paragraphs.append([])
    return "\n".join(" ".join(words) for words in paragraphs if words)


def parse_skill_text(text: str) -> tuple[dict[str, str], str]:
    """(front matter fields, body) of a SKILL.md; MalformedSkill when there is no front matter."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise MalformedSkill("SKILL.md does not start with front matter ('---' on the first line)")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise MalformedSkill("the front matter is not closed by a second '---' line") from None
    return parse_front_matter(lines[1:end]), "\n".join(lines[end + 1 :]).strip()


def check_fields(fields: dict[str, str], folder_name: str) -> tuple[str, str]:
    """(name, description) when they follow the Agent Skills rules, else MalformedSkill."""
    name = fields.get("name", "").strip()
    description = " ".join(fields.get("description", "").split())
    if not name:
        raise MalformedSkill("the front matter has no 'name'")
    if len(name) > MAX_NAME_CHARS or not NAME_PATTERN.match(name):
        raise MalformedSkill(
            f"the name {name!r} must be 1-{MAX_NAME_CHARS} lower-case letters, digits and "
            "single hyphens"
        )
    if name != folder_name:
        raise MalformedSkill(
            f"the name {name!r} differs from its folder {folder_name!r}; rename one to match"
        )
    if not description:
        raise MalformedSkill("the front matter has no 'description' (what it does, when to use it)")
    if len(description) > MAX_DESCRIPTION_CHARS:
        raise MalformedSkill(
            f"the description has {len(description)} characters; at most "
            f"{MAX_DESCRIPTION_CHARS} are allowed"
        )
    return name, description


def read_skill(folder: Path, source: str) -> Skill:
    """The skill in `folder`; MalformedSkill saying why it is not one."""
    skill_file = folder / SKILL_FILE
    if not skill_file.is_file():
        raise MalformedSkill(f"no {SKILL_FILE} in the folder")
    # Only a link can lead out (resolving every path would double the cost of each request).
    if skill_file.is_symlink() and not _inside(skill_file, folder):
        raise MalformedSkill(f"{SKILL_FILE} is a link to a file outside the skill's folder")
    try:
        text = _read_text(skill_file)
    except SkillFileError as error:
        raise MalformedSkill(str(error)) from error
    fields, _body = parse_skill_text(text)
    name, description = check_fields(fields, folder.name)
    return Skill(name, description, folder, source)


# ------------------------------------------------------------------ discovery


def skill_roots(config: dict[str, Any]) -> list[tuple[str, Path]]:
    """(source, folder) pairs to search, in precedence order; missing folders are kept (they
    are simply empty)."""
    roots: list[tuple[str, Path]] = []
    project = config.get("project_dir")
    if isinstance(project, str) and project:
        roots.append(("project", Path(project).expanduser() / PROJECT_SKILLS))
    app_folder = config.get("skills_dir")
    if isinstance(app_folder, str) and app_folder:
        roots.append(("app", Path(app_folder).expanduser()))
    roots.append(("user", Path.home() / USER_SKILLS))
    return roots


def discover_skills(config: dict[str, Any]) -> SkillSet:
    """Every skill under the roots of `config`, and every folder that is not a usable one."""
    skills: dict[str, Skill] = {}
    problems: list[SkillProblem] = []
    for source, root in skill_roots(config):
        try:
            folders = _child_folders(root)
        except FileNotFoundError:
            continue  # nobody made this folder: no skills there
        except OSError as error:
            problems.append(SkillProblem(root, f"the folder cannot be read ({error.strerror})"))
            continue
        for folder in folders:
            try:
                skill = read_skill(folder, source)
            except (MalformedSkill, OSError, UnicodeError) as error:
                problems.append(SkillProblem(folder, str(error)))
                continue
            if skill.name in skills:
                earlier = skills[skill.name].folder
                problems.append(SkillProblem(folder, f"the skill {skill.name!r} in {earlier} wins"))
                continue
            skills[skill.name] = skill
    ordered = tuple(sorted(skills.values(), key=lambda skill: skill.name))
    return SkillSet(ordered, tuple(problems))


def _child_folders(root: Path) -> list[Path]:
    with os.scandir(root) as scan:
        entries = sorted(scan, key=lambda entry: entry.name)
    # A skill folder may itself be a link (a checked-out repository linked in): the user put
    # it there. Hidden folders (.git, .DS_Store) are not skills.
    return [Path(e.path) for e in entries if not e.name.startswith(".") and e.is_dir()]


def skill_settings(config: dict[str, Any]) -> dict[str, Any]:
    """This agent's skills block: on/off, the names turned off, the listing's token budget."""
    block = config.get(CONFIG_BLOCK)
    block = block if isinstance(block, dict) else {}
    disabled = block.get("disabled")
    budget = block.get("budget_tokens")
    return {
        "enabled": block.get("enabled", True) is not False,
        "disabled": {str(n) for n in disabled} if isinstance(disabled, list) else set(),
        "budget_tokens": budget
        if isinstance(budget, int) and not isinstance(budget, bool) and budget >= 0
        else DEFAULT_BUDGET_TOKENS,
    }


def enabled_skills(config: dict[str, Any]) -> SkillSet:
    """The skills this agent offers (none when skills are off), with every problem found."""
    settings = skill_settings(config)
    if not settings["enabled"]:
        return SkillSet((), ())
    found = discover_skills(config)
    offered = tuple(skill for skill in found.skills if skill.name not in settings["disabled"])
    return SkillSet(offered, found.problems)


# ------------------------------------------------------------------ files of a skill


def skill_file(skill: Skill, relative: str) -> Path:
    """The file `relative` of `skill`, checked to lie inside its folder; SkillFileError if not."""
    if not isinstance(relative, str) or not relative.strip():
        raise SkillFileError("'path' is required: a file of the skill, like references/guide.md")
    if "\x00" in relative or "\\" in relative:
        raise SkillFileError(f"the path {relative!r} holds a character paths cannot have here")
    parts = PurePosixPath(relative)
    if parts.is_absolute() or ".." in parts.parts:
        raise SkillFileError(
            f"the path {relative!r} leaves the skill's folder; give a path inside it, "
            "like references/guide.md"
        )
    target = skill.folder / parts
    if not target.exists():
        raise SkillFileError(f"the skill {skill.name!r} has no file {relative!r}")
    if not _inside(target, skill.folder):
        raise SkillFileError(
            f"{relative!r} is a link to something outside the skill's folder; it is not read"
        )
    if not target.is_file():
        raise SkillFileError(f"{relative!r} is a folder, not a file")
    return target.resolve()  # the file checked, even if a link is changed before it is read


def read_skill_file(skill: Skill, relative: str) -> str:
    return _read_text(skill_file(skill, relative))


def skill_files(skill: Skill) -> tuple[list[str], int]:
    """(files beside SKILL.md as relative paths, how many more were not listed); links that
    lead outside the folder are left out, and linked folders are not entered."""
    listed: list[str] = []
    more = 0
    for path in _walk(skill.folder):
        if not _inside(path, skill.folder):
            continue
        relative = path.relative_to(skill.folder).as_posix()
        if relative == SKILL_FILE:
            continue
        if len(listed) < MAX_LISTED_FILES:
            listed.append(relative)
        else:
            more += 1
    return listed, more


def _walk(folder: Path) -> Iterator[Path]:
    for root, folders, files in os.walk(folder, followlinks=False):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            yield Path(root) / name


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def _read_text(path: Path) -> str:
    size = path.stat().st_size
    if size > MAX_TEXT_BYTES:
        raise SkillFileError(
            f"{path.name} has {size:,} bytes; files over {MAX_TEXT_BYTES:,} bytes are not read"
        )
    data = path.read_bytes()
    if b"\x00" in data:
        raise SkillFileError(
            f"{path.name} is a binary file ({size:,} bytes); use it through the shell or file "
            "tools instead of reading it here"
        )
    return data.decode("utf-8", errors="replace")
