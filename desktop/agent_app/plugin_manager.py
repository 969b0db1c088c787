"""Installing and describing plugins while the app runs (Settings → Plugins, `agent-desktop
plugin`).

A wheel goes into the per-user plugin environment (`plugin_installs`) and its plugins are taken
into this run at once (`PluginHost.add`), so their settings pages show the next time Settings
opens. A ``path:`` folder, ``git+`` repository or dotted class path is a plugin source: it is
added to the config's ``plugins`` list by a settings change (the caller applies it) and loads
from the plugin cache at the next start. Blocking work (unpacking, reading metadata): call
these off the GUI thread.
"""

from __future__ import annotations

import importlib.metadata
import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from packaging.utils import canonicalize_name

from agent_app.package_index import PackageIndex, is_package_requirement
from agent_app.plugin_description import describe_in_probe
from agent_app.plugin_discovery import discover_distribution
from agent_app.plugin_installs import (
    InstallRefused,
    PluginEnvironment,
    WheelFacts,
    read_wheel,
    requirement_problems,
)
from agent_app.plugin_sources import (
    DESCRIPTOR_FILE_NAME,
    PluginSource,
    check_source,
    parse_source,
    refetch,
)
from agent_app.settings_changes import SettingsChange

WHEEL_SUFFIX = ".whl"

if TYPE_CHECKING:
    from agent_app.plugin_host import PluginHost


def _distribution_author(name: str) -> str:
    try:
        metadata = importlib.metadata.metadata(name)
    except importlib.metadata.PackageNotFoundError:
        return ""
    declared = dict(metadata.items())  # type: ignore[attr-defined]  # a missing field raises when asked for by name
    return str(declared.get("Author") or declared.get("Author-email") or "")


def _descriptor_author(source: PluginSource) -> str:
    """The ``author`` a ``path:`` folder's descriptor names ("" when none, or not a folder)."""
    if source.kind != "path":
        return ""
    try:
        descriptor = json.loads((Path(source.location) / DESCRIPTOR_FILE_NAME).read_text("utf-8"))
    except (OSError, ValueError):
        return ""
    author = descriptor.get("author") if isinstance(descriptor, dict) else None
    return author if isinstance(author, str) else ""


@dataclass(frozen=True)
class Description:
    """What a plugin package or source is: from its metadata, and each plugin's description
    (`plugin_offers.describe_record`: kind, tools, settings); `problems`: why it would
    not be installed (empty when nothing keeps it out)."""

    name: str
    version: str
    author: str
    problems: list[str]
    plugins: list[dict[str, Any]]


@dataclass(frozen=True)
class Installed:
    """A wheel installed: what it is, and the plugins taken into this run."""

    facts: WheelFacts
    plugins: list[str]


class PluginManager:
    """Wheels (files, or fetched from the package index `index_url()` names) into
    `environment`, taken into `plugins`; sources as config changes."""

    def __init__(
        self,
        environment: PluginEnvironment,
        plugins: PluginHost,
        index_url: Callable[[], str],
        plugin_cache: Callable[[], Path],
    ) -> None:
        self.environment = environment
        self._plugins = plugins
        self._index_url = index_url  # asked at each install: the user may change it
        self._plugin_cache = plugin_cache  # the config's plugin_cache_dir, as it is now

    def describe_wheel(self, wheel: Path) -> dict[str, Any]:
        """What a wheel is before it is installed: name, version, author, its plugins and
        what keeps it from being installed (empty when nothing does)."""
        facts = read_wheel(wheel)
        return {
            "name": facts.name,
            "version": facts.version,
            "author": facts.author,
            "summary": facts.summary,
            "plugins": sorted(facts.plugin_entries),
            "problems": requirement_problems(facts, self.environment.env_dir),
        }

    def describe(self, text: str) -> Description:
        """What the plugin `text` names is, before it is installed: a wheel file, a package
        on the index (fetched, not installed) or a plugin source. Its code runs only in a
        probe process (`plugin_description`). Blocking: call it off the GUI thread."""
        if text.endswith(WHEEL_SUFFIX):
            wheel = Path(text).expanduser()
            facts = read_wheel(wheel)
            return self._described_wheels(facts, [wheel])
        if is_package_requirement(text):
            with tempfile.TemporaryDirectory(prefix="plugin-download-") as folder:
                fetched = PackageIndex(self._index_url()).fetch(
                    text, self.environment.env_dir, Path(folder)
                )
                return self._described_wheels(fetched[-1].facts, [wheel.path for wheel in fetched])
        source = parse_source(text)
        check_source(source)
        target = {"folder": source.location} if source.kind == "path" else {"source": text}
        return Description(
            name=text,
            version="",
            author=_descriptor_author(source),
            problems=[],
            plugins=describe_in_probe(target),
        )

    def describe_plugin(self, name: str) -> Description:
        """What the loaded plugin `name` is (Settings → Plugins' details), asked in a probe
        process like a plugin not installed yet. Blocking: call it off the GUI thread."""
        record = self._plugins.catalog.get(name)
        if record is None:
            raise InstallRefused(f"no plugin called {name!r} was found at start-up")
        author = ""
        if record.distribution is not None:
            target: dict[str, Any] = {
                "distribution": record.distribution,
                "env_dir": str(self.environment.env_dir),
            }
            author = _distribution_author(record.distribution)
        elif record.folder is not None:
            target = {"folder": record.folder}
        elif record.config_source is not None:
            target = {"source": record.config_source}
        else:
            raise InstallRefused(f"{record.source} cannot be read again from outside the app")
        plugins = [plugin for plugin in describe_in_probe(target) if plugin["name"] == name]
        return Description(name, record.version or "", author, [], plugins)

    def _described_wheels(self, facts: WheelFacts, wheels: list[Path]) -> Description:
        coming = [read_wheel(wheel) for wheel in wheels]
        names = {entry.name for entry in coming}
        problems = [
            problem
            for entry in coming
            for problem in requirement_problems(entry, self.environment.env_dir, names)
        ]
        plugins = describe_in_probe(
            {"wheels": [str(wheel) for wheel in wheels], "name": facts.name}
        )
        return Description(facts.name, facts.version, facts.author, problems, plugins)

    def install_wheel(self, wheel: Path) -> Installed:
        """Install the wheel and take its plugins into this run; InstallRefused saying why
        not (the app and what is installed stay as they were)."""
        facts = self.environment.install_wheel(wheel, origin={"wheel": str(wheel)})
        return self._take_in(facts)

    def install_package(self, requirement: str, index_url: str | None = None) -> Installed:
        """Install the plugin package `requirement` names (``tide-tables``, ``tide-tables>=2``)
        from the package index (`index_url`, else the settings' one), with the wheels of what
        it needs that the app lacks, and take its plugins into this run; InstallRefused saying
        why not (nothing is installed then)."""
        index = PackageIndex(index_url or self._index_url())
        with tempfile.TemporaryDirectory(prefix="plugin-download-") as folder:
            fetched = index.fetch(requirement, self.environment.env_dir, Path(folder))
            facts = self.environment.install_wheels(
                [wheel.path for wheel in fetched],
                origin={"index": index.url, "requirement": requirement},
            )
        return self._take_in(facts)

    def _take_in(self, facts: WheelFacts) -> Installed:
        records = discover_distribution(facts.name)
        failed = [record for record in records if not record.ok]
        added = self._plugins.add([record for record in records if record.ok])
        if failed:
            problems = "; ".join(f"{record.name}: {record.error}" for record in failed)
            raise InstallRefused(
                f"{facts.name} {facts.version} was installed, but some of its plugins cannot "
                f"load: {problems}"
            )
        return Installed(facts, added)

    def update(self, name: str) -> WheelFacts:
        """Install plugin `name`'s distribution again from where it came from (the newest
        version on its package index, or its wheel file); it runs from the next start.
        InstallRefused saying why not (what is installed stays as it was)."""
        record = self._plugins.catalog.get(name)
        distribution = (record.distribution if record is not None else None) or name
        entry = self.environment.entry(distribution)
        if entry is None:
            raise InstallRefused(
                f"{name} is part of the app or was installed outside it: it is updated with "
                "the app (or where it was installed)"
            )
        origin = entry.get("origin") or {}
        if "index" in origin:
            with tempfile.TemporaryDirectory(prefix="plugin-download-") as folder:
                fetched = PackageIndex(origin["index"]).fetch(
                    origin["requirement"], self.environment.env_dir, Path(folder)
                )
                return self.environment.install_wheels(
                    [wheel.path for wheel in fetched], origin=origin
                )
        wheel = Path(origin.get("wheel") or "")
        if not origin.get("wheel") or not wheel.is_file():
            raise InstallRefused(
                f"{entry['name']} was installed from a wheel file that is no longer there "
                f"({wheel}); install its new wheel instead"
            )
        return self.environment.install_wheel(wheel, origin=origin)

    def update_source(self, text: str) -> Path:
        """Fetch the ``git+`` source `text` again into the plugin cache (the newest commit of
        its branch); it loads from there at the next start. Returns the new cache entry."""
        return refetch(parse_source(text), self._plugin_cache())

    def remove(self, name: str) -> str:
        """Remove the installed distribution `name`, or the one plugin `name` came from, and
        take its plugins out of this run; returns the distribution's name."""
        record = self._plugins.catalog.get(name)
        distribution = record.distribution if record is not None else None
        removed = self.environment.remove(distribution or name)
        self._plugins.drop(
            [
                other.name
                for other in self._plugins.catalog
                if other.distribution is not None
                and canonicalize_name(other.distribution) == canonicalize_name(removed)
            ]
        )
        return removed


def sources_with(current: list[str], text: str) -> SettingsChange:
    """The settings change that adds plugin source `text` (checked first: SourceError when it
    is not one the app knows, or a folder holding no plugin) to the config's `plugins` list.
    Reads the folder: call it off the GUI thread."""
    source = parse_source(text)
    check_source(source)
    sources = list(current)
    if source.text not in sources:
        sources.append(source.text)
    return SettingsChange(plugin_sources=sources)


def sources_without(current: list[str], text: str) -> SettingsChange:
    """The settings change that removes plugin source `text`."""
    if text not in current:
        known = ", ".join(current) or "none"
        raise InstallRefused(f"the config names no plugin source {text!r} (sources: {known})")
    return SettingsChange(plugin_sources=[source for source in current if source != text])
