"""What of the installed environment goes into the bundle beyond what static analysis finds.

Shared by the PyInstaller spec (which collects it) and the packaging tests (which check that the
bundle holds it). Reads only installed metadata; run it in the project environment.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

APP_NAME = "agent-desktop"
PLUGIN_ENTRY_POINT_GROUPS = ("agent_core.plugins", "agent_adapter.tool_plugins")


def normalized_name(dist: importlib.metadata.Distribution) -> str:
    return re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower()


def first_party_distributions() -> list[importlib.metadata.Distribution]:
    """The installed app distribution and every `agent-desktop-*` plugin distribution."""
    found = {}
    for dist in importlib.metadata.distributions():
        name = normalized_name(dist)
        if name == APP_NAME or name.startswith(APP_NAME + "-"):
            found[name] = dist
    return [found[name] for name in sorted(found)]


def plugin_packages(dists: list[importlib.metadata.Distribution]) -> list[str]:
    """Top-level packages named by the plugin entry points of the given distributions."""
    packages = set()
    for dist in dists:
        for entry_point in dist.entry_points:
            if entry_point.group in PLUGIN_ENTRY_POINT_GROUPS:
                packages.add(entry_point.module.split(".")[0])
    return sorted(packages)


def declared_dependency_packages(dists: list[importlib.metadata.Distribution]) -> list[str]:
    """Importable top-level packages of every run-time dependency the distributions declare.

    Plugins import their SDKs on first use (importlib.import_module), which static analysis
    cannot follow; naming the declared dependencies covers them.
    """
    import_names: dict[str, set[str]] = {}
    for import_name, dist_names in importlib.metadata.packages_distributions().items():
        for dist_name in dist_names:
            import_names.setdefault(canonicalize_name(dist_name), set()).add(import_name)
    first_party = {normalized_name(dist) for dist in dists}
    packages = set()
    for dist in dists:
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                continue  # an optional extra, or not for this platform / Python
            name = canonicalize_name(requirement.name)
            if name not in first_party:
                packages |= import_names.get(name, set())
    # top_level.txt may list names that are no importable module (e.g. shiboken6's "Shiboken").
    return sorted(name for name in packages if importlib.util.find_spec(name) is not None)
