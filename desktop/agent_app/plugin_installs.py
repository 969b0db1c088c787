"""The per-user plugin environment: plugin wheels installed for the app, checked against it.

Plugins installed by the user live in a folder of their own (``plugin-env`` in the data
folder), never in the app's environment: the app (checkout or bundle) is never changed by an
install, and removing the folder removes them all. The folder is put on the import path at
start-up, so the entry points of what is installed there are found like any other
(`plugin_discovery`).

A wheel is installed by unpacking it (a wheel is a zip of the files to install, with a
``.dist-info`` folder): the standard library is all it takes, so the bundle installs wheels as
a checkout does. Before that, each requirement it declares is checked against what the app
runs: a plugin that needs another version of a package the app uses (``pydantic<2``) is refused
with why, since it would break the app or itself; a requirement neither the app nor the plugin
environment has is refused too, naming it (install its wheel first).
"""

from __future__ import annotations

import email.parser
import importlib
import importlib.metadata
import json
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

from agent_app.paths import write_atomically

PLUGIN_ENV_FOLDER_NAME = "plugin-env"
INDEX_FILE_NAME = "installed-plugins.json"
PLUGIN_ENTRY_POINT_GROUPS = ("agent_core.plugins", "agent_adapter.tool_plugins")


class InstallRefused(ValueError):
    """A plugin that is not installed, and why (in words a user can act on)."""


@dataclass(frozen=True)
class WheelFacts:
    """What a wheel says about itself, read without installing it."""

    name: str
    version: str
    summary: str
    author: str
    requirements: list[str]
    entry_points: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def plugin_entries(self) -> dict[str, str]:
        """{entry name: object} of its plugin entry points (both groups)."""
        return {
            name: value
            for group in PLUGIN_ENTRY_POINT_GROUPS
            for name, value in self.entry_points.get(group, {}).items()
        }


def plugin_env_dir(data_dir: Path) -> Path:
    return data_dir / PLUGIN_ENV_FOLDER_NAME


def activate(env_dir: Path) -> None:
    """Put the plugin environment on the import path (after the app's own packages, so a
    plugin can never replace one of them) and let importlib see what was installed since."""
    if str(env_dir) not in sys.path:
        sys.path.append(str(env_dir))
    importlib.invalidate_caches()


def read_wheel(wheel: Path) -> WheelFacts:
    """The name, version, author, requirements and entry points a wheel declares."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
            dist_info = _dist_info_folder(wheel, names)
            metadata = email.parser.Parser().parsestr(
                archive.read(f"{dist_info}/METADATA").decode("utf-8")
            )
            entry_text = (
                archive.read(f"{dist_info}/entry_points.txt").decode("utf-8")
                if f"{dist_info}/entry_points.txt" in names
                else ""
            )
    except (OSError, zipfile.BadZipFile, KeyError, UnicodeDecodeError) as error:
        raise InstallRefused(f"{wheel} is not a readable wheel ({error})") from error
    return WheelFacts(
        name=str(metadata.get("Name") or ""),
        version=str(metadata.get("Version") or ""),
        summary=str(metadata.get("Summary") or ""),
        author=str(metadata.get("Author") or metadata.get("Author-email") or ""),
        requirements=[str(value) for value in metadata.get_all("Requires-Dist") or []],
        entry_points=_entry_points(entry_text),
    )


def _dist_info_folder(wheel: Path, names: list[str]) -> str:
    folders = {name.split("/", 1)[0] for name in names if ".dist-info/" in name}
    if len(folders) != 1:
        raise InstallRefused(f"{wheel} is not a wheel: it has no single .dist-info folder")
    return folders.pop()


def _entry_points(text: str) -> dict[str, dict[str, str]]:
    groups: dict[str, dict[str, str]] = {}
    group = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
            groups.setdefault(group, {})
        elif group is not None and "=" in line:
            name, _, value = line.partition("=")
            groups[group][name.strip()] = value.strip()
    return groups


def needed_requirements(
    facts: WheelFacts, extras: set[str] | frozenset[str] = frozenset()
) -> list[Requirement]:
    """The requirements a wheel declares that apply here (its markers hold for this Python and
    platform, with the `extras` asked for); InstallRefused for one that cannot be read."""
    needed = []
    for text in facts.requirements:
        try:
            requirement = Requirement(text)
        except InvalidRequirement as error:
            raise InstallRefused(
                f"{facts.name} {facts.version} was not installed: its requirement {text!r} "
                f"cannot be read ({error})"
            ) from error
        marker = requirement.marker
        if marker is not None and not any(
            marker.evaluate({"extra": extra}) for extra in ("", *sorted(extras))
        ):
            continue  # for another Python, platform or an extra: not needed here
        needed.append(requirement)
    return needed


def requirement_problems(
    facts: WheelFacts, env_dir: Path, coming: Collection[str] = ()
) -> list[str]:
    """Why installing the wheel would break the app or leave the plugin unable to run;
    `coming`: the names of distributions installed with it (not missing)."""
    problems = []
    try:
        needed = needed_requirements(facts)
    except InstallRefused as refusal:
        return [str(refusal)]
    arriving = {canonicalize_name(name) for name in coming}
    for requirement in needed:
        installed = installed_version(requirement.name, env_dir)
        if installed is None and canonicalize_name(requirement.name) in arriving:
            continue
        if installed is None:
            problems.append(
                f"it needs {requirement}, which neither the app nor the plugin environment "
                "has; install that package's wheel first"
            )
        elif requirement.specifier and not requirement.specifier.contains(
            installed, prereleases=True
        ):
            problems.append(
                f"it needs {requirement}, and the app runs {requirement.name} {installed}: "
                "installing it would break the app (ask its author for a version that works "
                f"with {requirement.name} {installed})"
            )
    return problems


def installed_version(name: str, env_dir: Path) -> Version | None:
    """The version of distribution `name` the app's process can import, or None."""
    wanted = canonicalize_name(name)
    for dist in importlib.metadata.distributions(path=[*sys.path, str(env_dir)]):
        if canonicalize_name(dist.metadata["Name"] or "") == wanted:
            try:
                return Version(dist.version)
            except InvalidVersion:
                return None
    return None


class PluginEnvironment:
    """Install, list and remove plugin wheels in one plugin environment folder."""

    def __init__(self, env_dir: Path) -> None:
        self.env_dir = env_dir

    def installed(self) -> dict[str, dict[str, Any]]:
        """{distribution name: {version, summary, author, plugins, files}} of what is installed."""
        try:
            index = json.loads((self.env_dir / INDEX_FILE_NAME).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            raise InstallRefused(
                f"the list of installed plugins ({self.env_dir / INDEX_FILE_NAME}) cannot be "
                f"read ({error}); remove that folder to start afresh"
            ) from error
        return index if isinstance(index, dict) else {}

    def entry(self, name: str) -> dict[str, Any] | None:
        """What the index says of installed distribution `name` (None: not installed here)."""
        return self.installed().get(canonicalize_name(name))

    def install_wheel(self, wheel: Path, *, origin: dict[str, str] | None = None) -> WheelFacts:
        """Install (or replace) the wheel's distribution, a plugin; InstallRefused saying why
        not. `origin` says where it came from, so Update can fetch it again."""
        return self.install_wheels([wheel], origin=origin)

    def install_wheels(
        self, wheels: list[Path], *, origin: dict[str, str] | None = None
    ) -> WheelFacts:
        """Install a plugin's wheel (the last) after the wheels of what it needs (the others,
        in the order given): all of them, or, when one is refused, none (those installed
        before it are removed again). Returns the plugin's facts."""
        *dependencies, plugin = wheels
        facts = read_wheel(plugin)
        if not facts.name or not facts.version:
            raise InstallRefused(f"{plugin} does not say its name and version (METADATA)")
        if not facts.plugin_entries:
            raise InstallRefused(
                f"{facts.name} {facts.version} declares no plugin: its wheel has no entry point "
                f"in {' or '.join(PLUGIN_ENTRY_POINT_GROUPS)}"
            )
        before = self.installed()
        plugin_key = canonicalize_name(facts.name)
        try:
            for dependency in dependencies:
                self._install_one(read_wheel(dependency), dependency, needed_by=plugin_key)
            self._install_one(facts, plugin, origin=origin)
        except BaseException:
            self._undo(before)
            raise
        self._mark_needed(facts, plugin_key)
        return facts

    def _mark_needed(self, facts: WheelFacts, plugin_key: str) -> None:
        """Note that the plugin needs the dependencies already installed for another one, so
        removing that one keeps them."""
        index = self.installed()
        for requirement in needed_requirements(facts):
            entry = index.get(canonicalize_name(requirement.name))
            if entry is not None and "needed_by" in entry:
                entry["needed_by"] = sorted({*entry["needed_by"], plugin_key})
        self._write_index(index)

    def _install_one(
        self,
        facts: WheelFacts,
        wheel: Path,
        *,
        origin: dict[str, str] | None = None,
        needed_by: str | None = None,
    ) -> None:
        problems = requirement_problems(facts, self.env_dir)
        if problems:
            raise InstallRefused(
                f"{facts.name} {facts.version} was not installed: " + "; ".join(problems) + "."
            )
        index = self.installed()
        key = canonicalize_name(facts.name)
        kept = index.get(key, {})
        self.env_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".installing-", dir=self.env_dir))
        try:
            with zipfile.ZipFile(wheel) as archive:
                _unpack(archive, staging)
            top_level = sorted(child.name for child in staging.iterdir())
            clashes = [
                name
                for name in top_level
                if (self.env_dir / name).exists() and name not in kept.get("files", [])
            ]
            if clashes:
                raise InstallRefused(
                    f"{facts.name} {facts.version} was not installed: its files "
                    f"{', '.join(clashes)} belong to another installed plugin"
                )
            self._remove_files(kept.get("files", []))
            for name in top_level:
                (staging / name).rename(self.env_dir / name)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        entry: dict[str, Any] = {
            "name": facts.name,
            "version": facts.version,
            "summary": facts.summary,
            "author": facts.author,
            "plugins": sorted(facts.plugin_entries),
            "files": top_level,
        }
        if needed_by is not None:  # a dependency: kept while a plugin needs it
            entry["needed_by"] = sorted({*kept.get("needed_by", []), needed_by})
        if origin is not None:
            entry["origin"] = origin
        index[key] = entry
        self._write_index(index)
        importlib.invalidate_caches()

    def _undo(self, before: dict[str, dict[str, Any]]) -> None:
        """Remove what was installed since `before` was read (a refused install's dependencies)."""
        index = self.installed()
        for key in [key for key in index if key not in before]:
            self._remove_files(index.pop(key).get("files", []))
        self._write_index(index)
        importlib.invalidate_caches()

    def remove(self, name: str) -> str:
        """Remove the installed distribution `name` (or the one offering plugin `name`) and
        the dependencies only it needed; returns its name. InstallRefused when nothing
        installed goes by that name."""
        index = self.installed()
        key: str = canonicalize_name(name)
        if key not in index:
            key = next((k for k, v in index.items() if name in v.get("plugins", [])), "")
        if not key:
            plugins = [entry["name"] for entry in index.values() if entry.get("plugins")]
            known = ", ".join(sorted(plugins)) or "none"
            raise InstallRefused(f"no installed plugin is called {name!r} (installed: {known})")
        entry = index.pop(key)
        self._remove_files(entry.get("files", []))
        for other_key, other in list(index.items()):
            needed_by = [user for user in other.get("needed_by", []) if user != key]
            if "needed_by" in other and not needed_by:
                self._remove_files(index.pop(other_key).get("files", []))
            elif "needed_by" in other:
                other["needed_by"] = needed_by
        self._write_index(index)
        importlib.invalidate_caches()
        return str(entry["name"])

    def _remove_files(self, names: list[str]) -> None:
        for name in names:
            target = self.env_dir / name
            if target.is_dir():
                shutil.rmtree(target)
            elif target.exists():
                target.unlink()

    def _write_index(self, index: dict[str, Any]) -> None:
        write_atomically(
            self.env_dir / INDEX_FILE_NAME, json.dumps(index, indent=2, sort_keys=True).encode()
        )


def unpack_wheel(wheel: Path, target: Path) -> None:
    """Unpack `wheel` into `target` as an installer lays it out (`_unpack`)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            _unpack(archive, target)
    except (OSError, zipfile.BadZipFile) as error:
        raise InstallRefused(f"{wheel} is not a readable wheel ({error})") from error


def _unpack(archive: zipfile.ZipFile, target: Path) -> None:
    """Unpack a wheel into `target`: its `.data/purelib` and `platlib` go to the top, as an
    installer puts them; nothing may land outside `target`."""
    root = target.resolve()
    for member in archive.infolist():
        parts = member.filename.split("/")
        if len(parts) > 2 and parts[0].endswith(".data") and parts[1] in ("purelib", "platlib"):
            parts = parts[2:]
        elif parts[0].endswith(".data"):
            continue  # scripts, headers and data files: a plugin runs without them
        destination = (root / "/".join(parts)).resolve()
        if not destination.is_relative_to(root):
            raise InstallRefused(f"the wheel's file {member.filename!r} would land outside")
        if member.is_dir():
            destination.mkdir(parents=True, exist_ok=True)
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(archive.read(member))
