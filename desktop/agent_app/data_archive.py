"""All of a user's data in one `.zip`, to take to another computer, and reading one back.

The archive (format `agent-desktop-data`, version 1) holds:

- `manifest.json`: `{"format", "version", "created", "counts": {kind: n}, "secrets_left_out":
  [dotted config paths], "notes": [sentences]}`;
- `chats/<id>.json`: each chat as `export.export_json` writes it (versions, attachments);
- `memory.json`: the memory plugin's own export (`memory_export`), items with their scope;
- `projects.json`: `{"projects": [{name, folder, instructions, pinned, model, chat_ids}]}` (the
  folders' files stay where they are);
- `skills/<name>/…`: each skill installed in the app's skills folder;
- `schedules.json`: `{"schedules": [...]}`;
- `settings/config.json` (agents, providers, servers) and `settings/preferences.json`.

Never a secret: a config value that is a credential is kept only as a reference
(`${keyring:…}`, whose value stays in this computer's keyring); one written by hand is left out
and named in `secrets_left_out`; every text passes the redaction by value.

An archive is untrusted: `read_archive` refuses a member whose path leaves its folder, more
than `MAX_ARCHIVE_BYTES` uncompressed, a malformed manifest and a newer format version, before
anything is stored. Plugins' data goes through their actions (`PluginActions`), never their
files. No Qt: the window runs these on a worker thread.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import uuid
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from agent_app.assets import SessionAssetStore
from agent_app.config import holds_secret, is_reference
from agent_app.export import ExportError, export_json, import_document, parse_export
from agent_app.model_choice import chat_model_choice
from agent_app.projects import Projects
from agent_app.schedules import Schedule, ScheduleError, ScheduleStore
from agent_app.secrets import redact, redact_data
from agent_app.settings import Settings
from agent_app.settings_changes import SettingsChange
from agent_app.store import SessionStore
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_app.untrusted_json import NotPlainJson, refuse_constant

ARCHIVE_FORMAT = "agent-desktop-data"
ARCHIVE_VERSION = 1
#: What an archive may unpack to, all members together: a zip bomb is refused before reading.
MAX_ARCHIVE_BYTES = 4 * 1024**3
MAX_ARCHIVE_MEMBERS = 100_000
MEMORY_EXPORT_ACTION = "memory_export"
MEMORY_IMPORT_ACTION = "memory_import"
SKILL_INSTALL_ACTION = "skills_install"
#: The parts an import may take, each with its own checkbox.
PARTS = ("chats", "memory", "projects", "skills", "schedules", "settings")


class ArchiveError(ValueError):
    """An archive that cannot be written or read; the message says what and what to do."""


class ArchiveCancelled(Exception):
    """The user cancelled; nothing was left behind."""


class PluginActions(Protocol):
    def __call__(self, plugin: str, action_id: str, params: dict[str, Any]) -> dict[str, Any]:
        """Run plugin `plugin`'s action `action_id` (blocking) and return its result."""


@dataclass(frozen=True)
class UserData:
    """Where the user's data is, and how to reach what plugins keep."""

    store: SessionStore
    assets: SessionAssetStore
    projects: Projects
    schedules: ScheduleStore
    skills_dir: Path
    config_path: Path
    preferences_path: Path
    run_plugin_action: PluginActions


Progress = Callable[[int, int, str], None]  # done, total, what is being done
Cancelled = Callable[[], bool]


# ---------------------------------------------------------------------------------- export


def export_all(
    data: UserData,
    target: Path,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> dict[str, Any]:
    """Write every chat, memory, project, skill, schedule and setting to the zip `target`;
    returns its manifest. The zip is written under a temporary name and renamed at the end:
    a cancelled or failed export leaves no file."""
    target = Path(target)
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.partial")
    try:
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            manifest = _write_members(data, archive, progress, cancelled)
            archive.writestr("manifest.json", json.dumps(manifest, indent=1, ensure_ascii=False))
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return manifest


def _write_members(
    data: UserData,
    archive: zipfile.ZipFile,
    progress: Progress | None,
    cancelled: Cancelled | None,
) -> dict[str, Any]:
    chat_ids = _all_chat_ids(data.store)
    total = len(chat_ids) + 5
    done = 0

    def step(what: str) -> None:
        nonlocal done
        if cancelled is not None and cancelled():
            raise ArchiveCancelled
        if progress is not None:
            progress(done, total, what)
        done += 1

    notes: list[str] = []
    for session_id in chat_ids:
        step("chats")
        session = data.store.load_session(session_id)
        archive.writestr(f"chats/{session_id}.json", export_json(session, data.assets))
    step("memory")
    memory = _exported_memory(data.run_plugin_action, notes)
    if memory is not None:
        archive.writestr("memory.json", _json(redact_data(memory)))
    step("projects")
    projects = [project.model_dump() for project in data.projects.all()]
    for project in projects:
        project.pop("project_id", None)
    archive.writestr("projects.json", _json(redact_data({"projects": projects})))
    step("skills")
    skills = _write_skills(data.skills_dir, archive)
    step("schedules")
    schedules = [_schedule_data(schedule) for schedule in data.schedules.schedules()]
    archive.writestr("schedules.json", _json(redact_data({"schedules": schedules})))
    step("settings")
    left_out = _write_settings(data, archive)
    if left_out:
        notes.append(
            "Secrets written by hand in the settings were left out (they are never exported): "
            f"{', '.join(left_out)}. Enter them again on the other computer."
        )
    return {
        "format": ARCHIVE_FORMAT,
        "version": ARCHIVE_VERSION,
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "counts": {
            "chats": len(chat_ids),
            "memory": len(memory["items"]) if memory else 0,
            "projects": len(projects),
            "skills": len(skills),
            "schedules": len(schedules),
        },
        "secrets_left_out": left_out,
        "notes": notes,
    }


def _all_chat_ids(store: SessionStore) -> list[str]:
    ids: list[str] = []
    page = 500
    while True:
        rows = store.list_sessions(limit=page, offset=len(ids))
        ids.extend(str(row["session_id"]) for row in rows)
        if len(rows) < page:
            return ids


def _json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)


def _exported_memory(run: PluginActions, notes: list[str]) -> dict[str, Any] | None:
    """The memory plugin's export document, through its `memory_export` action."""
    with tempfile.TemporaryDirectory(prefix="agent-desktop-memory-") as folder:
        result = run("memory", MEMORY_EXPORT_ACTION, {"source": folder})
        files = sorted(Path(folder).glob("*.json"))
        if result.get("status") != "ok" or not files:
            notes.append(f"Memory was not exported: {result.get('message') or 'no memory plugin'}")
            return None
        document: dict[str, Any] = json.loads(files[0].read_text("utf-8"))
        return document


def _write_skills(skills_dir: Path, archive: zipfile.ZipFile) -> list[str]:
    """Each installed skill's folder under `skills/<name>/`; symbolic links are not followed
    (a link could lead anywhere on this computer)."""
    if not skills_dir.is_dir():
        return []
    names = []
    for folder in sorted(skills_dir.iterdir()):
        if folder.name.startswith(".") or folder.is_symlink() or not folder.is_dir():
            continue  # an install under way (`.installing-…`), or not a skill
        if not (folder / "SKILL.md").is_file():
            continue
        names.append(folder.name)
        for path in sorted(folder.rglob("*")):
            if path.is_symlink() or not path.is_file():
                continue
            member = f"skills/{folder.name}/{path.relative_to(folder).as_posix()}"
            archive.writestr(member, _redacted_bytes(path.read_bytes()))
    return names


def _redacted_bytes(content: bytes) -> bytes:
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        return content  # not text: the redaction by value reads text
    return redact(text).encode("utf-8")


def _schedule_data(schedule: Schedule) -> dict[str, Any]:
    data = asdict(schedule)
    data["model"] = schedule.model.stored() if schedule.model else None
    data.pop("id")
    data.pop("not_before")
    return data


def _write_settings(data: UserData, archive: zipfile.ZipFile) -> list[str]:
    """The config (credentials as references only) and the preferences; returns the dotted
    paths of hand-written secrets left out."""
    left_out: list[str] = []
    config = _read_json_file(data.config_path)
    if config is not None:
        kept = _without_written_secrets(config, "", left_out)
        archive.writestr("settings/config.json", _json(redact_data(kept)))
    preferences = _read_json_file(data.preferences_path)
    if preferences is not None:
        archive.writestr("settings/preferences.json", _json(redact_data(preferences)))
    return left_out


def _read_json_file(path: Path) -> Any:
    try:
        return json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{path} could not be read ({error}); fix or remove it, then export again."
            ).format(path=path, error=error)
        ) from None


def _without_written_secrets(value: Any, path: str, left_out: list[str]) -> Any:
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            if isinstance(item, str) and holds_secret(child) and not is_reference(item):
                if item:
                    left_out.append(child)
                continue
            kept[key] = _without_written_secrets(item, child, left_out)
        return kept
    if isinstance(value, list):
        return [
            _without_written_secrets(item, f"{path}[{n}]", left_out) for n, item in enumerate(value)
        ]
    return value


# ---------------------------------------------------------------------------------- import


@dataclass
class ArchiveContents:
    """What an archive holds, read and checked; nothing of it is stored yet."""

    path: Path
    manifest: dict[str, Any]
    chats: list[tuple[str, dict[str, Any]]]  # member name, checked session export
    memory: dict[str, Any] | None
    projects: list[dict[str, Any]]
    skills: dict[str, dict[str, bytes]]  # name: relative path: content
    schedules: list[dict[str, Any]]
    config: dict[str, Any] | None
    preferences: dict[str, Any] | None

    def counts(self) -> dict[str, int]:
        return {
            "chats": len(self.chats),
            "memory": len((self.memory or {}).get("items") or []),
            "projects": len(self.projects),
            "skills": len(self.skills),
            "schedules": len(self.schedules),
            "settings": int(self.config is not None or self.preferences is not None),
        }


@dataclass
class ImportReport:
    added: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: The settings to apply, when the user chose them (through the application's settings
    #: change: checked, written whole or not at all, announced to the window).
    settings_change: SettingsChange | None = None


def read_archive(path: Path, max_bytes: int = MAX_ARCHIVE_BYTES) -> ArchiveContents:
    """Read and check the archive at `path`; ArchiveError names what is wrong and what to do."""
    path = Path(path)
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise ArchiveError(
            QT_TRANSLATE_NOOP("Errors", "{path} does not exist; choose the file again.").format(
                path=path
            )
        ) from None
    except (zipfile.BadZipFile, OSError) as error:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive} is not a zip file ({error}); choose a file made by Export all my data.",
            ).format(archive=path.name, error=error)
        ) from None
    with archive:
        members = _checked_members(archive, path, max_bytes)
        manifest = _manifest(_member_json(archive, members, "manifest.json", path), path)
        chats = []
        for name in sorted(members):
            if name.startswith("chats/") and name.endswith(".json"):
                text = _member_text(archive, members[name], path)
                try:
                    chats.append((name, parse_export(text, Path(path.name) / name)))
                except ExportError as error:
                    raise ArchiveError(f"{path.name}: {error}") from None
        return ArchiveContents(
            path=path,
            manifest=manifest,
            chats=chats,
            memory=_optional_dict(archive, members, "memory.json", path),
            projects=_listed(archive, members, "projects.json", "projects", path),
            skills=_skills(archive, members),
            schedules=_listed(archive, members, "schedules.json", "schedules", path),
            config=_optional_dict(archive, members, "settings/config.json", path),
            preferences=_optional_dict(archive, members, "settings/preferences.json", path),
        )


def _checked_members(
    archive: zipfile.ZipFile, path: Path, max_bytes: int
) -> dict[str, zipfile.ZipInfo]:
    infos = archive.infolist()
    if len(infos) > MAX_ARCHIVE_MEMBERS:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive} holds {count} files, more than an export of Agent Desktop can "
                "({limit}); it was not imported.",
            ).format(archive=path.name, count=len(infos), limit=MAX_ARCHIVE_MEMBERS)
        )
    # zipfile stops each member at its declared size, so the declared sizes bound what is read.
    total = sum(info.file_size for info in infos)
    if total > max_bytes:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive} would unpack to {total} bytes, more than the {limit} an import "
                "takes; it was not imported. Export again on the other computer.",
            ).format(archive=path.name, total=total, limit=max_bytes)
        )
    members = {}
    for info in infos:
        if info.is_dir():
            continue
        name = info.filename
        pure = PurePosixPath(name)
        if "\\" in name or pure.is_absolute() or ".." in pure.parts or ":" in pure.parts[0]:
            raise ArchiveError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "{archive} holds a file whose path leaves its folder ({member}); it is not "
                    "an export of Agent Desktop and was not imported.",
                ).format(archive=path.name, member=repr(name))
            )
        members[name] = info
    return members


def _member_text(archive: zipfile.ZipFile, info: zipfile.ZipInfo, path: Path) -> str:
    try:
        return archive.read(info).decode("utf-8")
    except (zipfile.BadZipFile, UnicodeDecodeError, OSError) as error:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{archive}: {member} is damaged ({error}); export again."
            ).format(archive=path.name, member=info.filename, error=error)
        ) from None


def _member_json(
    archive: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], name: str, path: Path
) -> Any:
    info = members.get(name)
    if info is None:
        return None
    try:
        return json.loads(_member_text(archive, info, path), parse_constant=refuse_constant)
    except (json.JSONDecodeError, NotPlainJson, RecursionError) as error:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{archive}: {member} is not valid JSON ({error}); export again."
            ).format(archive=path.name, member=name, error=error)
        ) from None


def _manifest(manifest: Any, path: Path) -> dict[str, Any]:
    if manifest is None:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a "
                "file made by File → Export all my data.",
            ).format(archive=path.name)
        )
    if not isinstance(manifest, dict) or manifest.get("format") != ARCHIVE_FORMAT:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive}: its manifest does not name the format {format}; it is not "
                "an export of Agent Desktop.",
            ).format(archive=path.name, format=repr(ARCHIVE_FORMAT))
        )
    version = manifest.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{archive}: its manifest's version {version} is not a version."
            ).format(archive=path.name, version=repr(version))
        )
    if version > ARCHIVE_VERSION:
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "{archive} was written by a newer Agent Desktop (format version {version}); "
                "this one reads up to version {supported}. Update the app, then import it.",
            ).format(archive=path.name, version=version, supported=ARCHIVE_VERSION)
        )
    return manifest


def _optional_dict(
    archive: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo], name: str, path: Path
) -> dict[str, Any] | None:
    value = _member_json(archive, members, name, path)
    if value is not None and not isinstance(value, dict):
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{archive}: {member} is not a JSON object; export again."
            ).format(archive=path.name, member=name)
        )
    return value


def _listed(
    archive: zipfile.ZipFile,
    members: dict[str, zipfile.ZipInfo],
    name: str,
    key: str,
    path: Path,
) -> list[dict[str, Any]]:
    document = _optional_dict(archive, members, name, path) or {}
    entries = document.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise ArchiveError(
            QT_TRANSLATE_NOOP(
                "Errors", "{archive}: {member} has no list of {key}; export again."
            ).format(archive=path.name, member=name, key=key)
        )
    return entries


def _skills(
    archive: zipfile.ZipFile, members: dict[str, zipfile.ZipInfo]
) -> dict[str, dict[str, bytes]]:
    skills: dict[str, dict[str, bytes]] = {}
    for name, info in members.items():
        parts = PurePosixPath(name).parts
        if parts[0] == "skills" and len(parts) >= 3:
            skills.setdefault(parts[1], {})["/".join(parts[2:])] = archive.read(info)
    return skills


def import_archive(
    contents: ArchiveContents,
    data: UserData,
    parts: set[str],
    progress: Progress | None = None,
) -> ImportReport:
    """Add what `contents` holds of `parts` to the user's data: chats as new chats (an id here
    already gets a copy), memory merged (duplicates skipped), skills installed, projects
    added (one whose folder is missing is named, not made), schedules added switched off,
    preferences returned to apply. The chats go in whole or not at all."""
    report = ImportReport()
    total = len(contents.chats) + 5
    chat_ids: dict[str, str] = {}
    if "chats" in parts:
        chat_ids = _import_chats(contents, data, report, progress, total)
    _report_step(progress, len(contents.chats), total, "memory")
    if "memory" in parts and contents.memory is not None:
        _import_memory(contents.memory, contents.path.name, data.run_plugin_action, report)
    _report_step(progress, len(contents.chats) + 1, total, "skills")
    if "skills" in parts:
        _import_skills(contents.skills, data.run_plugin_action, report)
    _report_step(progress, len(contents.chats) + 2, total, "projects")
    if "projects" in parts:
        _import_projects(contents.projects, data.projects, chat_ids, report)
    _report_step(progress, len(contents.chats) + 3, total, "schedules")
    if "schedules" in parts:
        _import_schedules(contents.schedules, data.schedules, chat_ids, report)
    if "settings" in parts:
        report.settings_change = _settings_change(contents, report)
    return report


def _report_step(progress: Progress | None, done: int, total: int, what: str) -> None:
    if progress is not None:
        progress(done, total, what)


def _import_chats(
    contents: ArchiveContents,
    data: UserData,
    report: ImportReport,
    progress: Progress | None,
    total: int,
) -> dict[str, str]:
    """Every chat, or none: one that fails removes the copies made before it."""
    ids: dict[str, str] = {}
    made: list[str] = []
    try:
        for number, (name, document) in enumerate(contents.chats):
            _report_step(progress, number, total, "chats")
            present: list[str] = []
            session = import_document(
                document, Path(name), data.store, data.assets, report.notes, present
            )
            ids[str(document["session"].get("session_id"))] = session.session_id
            if not present:
                made.append(session.session_id)
    except BaseException:
        for session_id in made:
            data.store.purge_session(session_id)
            data.assets.purge_session(session_id)
        raise
    report.added["chats"] = len(made)
    return ids


def _import_memory(
    document: dict[str, Any], archive_name: str, run: PluginActions, report: ImportReport
) -> None:
    with tempfile.TemporaryDirectory(prefix="agent-desktop-memory-") as folder:
        # Named as the archive: the plugin's message names the file the items came from.
        file = Path(folder) / archive_name
        file.write_text(_json(document), "utf-8")
        result = run("memory", MEMORY_IMPORT_ACTION, {"source": str(file)})
    if result.get("status") != "ok":
        report.notes.append(
            QT_TRANSLATE_NOOP("Errors", "Memory was not imported: {reason}").format(
                reason=result.get("message")
            )
        )
    else:
        report.notes.append(str(result.get("message")))


def _import_skills(
    skills: dict[str, dict[str, bytes]], run: PluginActions, report: ImportReport
) -> None:
    installed = 0
    for name, files in skills.items():
        with tempfile.TemporaryDirectory(prefix="agent-desktop-skill-") as folder:
            root = Path(folder) / name
            for relative, content in files.items():
                target = root / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
            result = run("skills", SKILL_INSTALL_ACTION, {"source": str(root)})
        if result.get("status") == "ok":
            installed += 1
        else:
            report.notes.append(
                QT_TRANSLATE_NOOP("Errors", "The skill {name} was not installed: {reason}").format(
                    name=name, reason=result.get("message")
                )
            )
    report.added["skills"] = installed


def _import_projects(
    projects: list[dict[str, Any]],
    store: Projects,
    chat_ids: dict[str, str],
    report: ImportReport,
) -> None:
    added = 0
    for entry in projects:
        folder = Path(str(entry.get("folder") or ""))
        name = str(entry.get("name") or folder.name)
        if not folder.is_absolute() or not folder.is_dir():
            report.notes.append(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The project {name} was not added: its folder {folder} is not on this "
                    "computer. Make it again from its folder (drop the folder on the window).",
                ).format(name=name, folder=folder)
            )
            continue
        project = store.create_from_folder(folder)
        pinned = entry.get("pinned")
        store.update(
            project.project_id,
            name=name,
            instructions=str(entry.get("instructions") or ""),
            pinned=[str(p) for p in pinned] if isinstance(pinned, list) else [],
            model=_stored_model(entry.get("model")),
        )
        for old_id in entry.get("chat_ids") or []:
            if str(old_id) in chat_ids:
                store.add_chat(project.project_id, chat_ids[str(old_id)])
        added += 1
    report.added["projects"] = added


def _stored_model(value: Any) -> dict[str, str] | None:
    choice = chat_model_choice(value)
    return choice.stored() if choice else None


def _import_schedules(
    schedules: list[dict[str, Any]],
    store: ScheduleStore,
    chat_ids: dict[str, str],
    report: ImportReport,
) -> None:
    added = 0
    for entry in schedules:
        try:
            schedule = Schedule(
                agent_id=str(entry["agent_id"]),
                prompt=str(entry["prompt"]),
                recurrence=str(entry["recurrence"]),
                time_zone=str(entry["time_zone"]),
                title=str(entry.get("title") or ""),
                model=chat_model_choice(entry.get("model")),
                session_id=chat_ids.get(str(entry.get("session_id"))),
                missed=entry.get("missed") or Schedule.missed,
                enabled=False,  # it would otherwise start running on this computer unasked
            )
            store.save(schedule)
        except (KeyError, TypeError, ScheduleError) as error:
            report.notes.append(
                QT_TRANSLATE_NOOP("Errors", "A schedule was not imported: {error}").format(
                    error=error
                )
            )
            continue
        added += 1
    if added:
        report.notes.append(
            QT_TRANSLATE_NOOP(
                "Errors", "Imported schedules are off: turn them on in Session → Schedules."
            )
        )
    report.added["schedules"] = added


def _settings_change(contents: ArchiveContents, report: ImportReport) -> SettingsChange:
    """The archive's preferences, providers and agents in place of the user's where they
    differ. Tool servers are not taken: a server is a command this computer would run, which
    a file never decides; the note says to add them again."""
    change = SettingsChange(settings=_shown_preferences(contents.preferences or {}, report))
    config = contents.config or {}
    for section in ("providers", "agents"):
        entries = config.get(section)
        if isinstance(entries, dict):
            getattr(change, section).update(
                {str(key): value for key, value in entries.items() if isinstance(value, dict)}
            )
    if config.get("mcp_servers"):
        report.notes.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Tool servers were not imported: a file never decides what runs on this computer. "
                "Add them again in Settings → Tool servers.",
            )
        )
    return change


def _shown_preferences(preferences: dict[str, Any], report: ImportReport) -> dict[str, Any]:
    """The preferences the Settings dialog shows (not the window's size and such), each
    checked: a value this app does not take is named and skipped."""
    shown = {}
    for name, info in Settings.model_fields.items():
        extra = info.json_schema_extra
        if name not in preferences or not isinstance(extra, dict) or "section" not in extra:
            continue
        try:
            Settings.model_validate({name: preferences[name]})
        except ValueError:
            report.notes.append(
                QT_TRANSLATE_NOOP(
                    "Errors", "The setting {name} was not imported: its value is not valid."
                ).format(name=name)
            )
            continue
        shown[name] = preferences[name]
    return shown
