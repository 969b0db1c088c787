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

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_app.package_index import PackageIndex
from agent_app.plugin_discovery import discover_distribution
from agent_app.plugin_installs import (
    InstallRefused,
    PluginEnvironment,
    WheelFacts,
    read_wheel,
    requirement_problems,
)
from agent_app.plugin_sources import check_source, parse_source
from agent_app.settings_changes import SettingsChange

if TYPE_CHECKING:
    from agent_app.plugin_host import PluginHost


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
    ) -> None:
        self.environment = environment
        self._plugins = plugins
        self._index_url = index_url  # asked at each install: the user may change it

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

    def remove(self, name: str) -> str:
        """Remove the installed distribution `name`, or the one plugin `name` came from (it
        is gone at the next start); returns the distribution's name."""
        record = self._plugins.catalog.get(name)
        distribution = record.distribution if record is not None else None
        return self.environment.remove(distribution or name)


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
