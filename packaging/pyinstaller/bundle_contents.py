"""What of the installed environment goes into the bundle beyond what static analysis finds.

Shared by the PyInstaller spec (which collects it) and the packaging tests (which check that the
bundle holds it). Reads only installed metadata; run it in the project environment.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import py_compile
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from agent_app.paths import resolve_paths

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


# `agent-desktop` up to its first paint, in this environment: the modules it imported by then.
_FIRST_PAINT_PROBE = """
import json, sys
from agent_desktop.__main__ import run_app
run_app(['--exit-when-shown', '--data-dir', sys.argv[1]])
print(json.dumps(sorted(sys.modules)))
"""


def first_paint_modules() -> set[str]:
    """Every module `agent-desktop` imports before its window's first paint, on a first run
    (the welcome pane) and on a configured one (the chats), each measured on its second start
    (the first compiles the translations into the data folder's cache)."""
    modules: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="agent-desktop-first-paint-") as folder:
        for configured in (False, True):
            data_dir = Path(folder) / ("configured" if configured else "first-run")
            if configured:
                config = resolve_paths(data_dir).config_path
                config.parent.mkdir(parents=True)
                config.write_text("{}", encoding="utf-8")
            for _start in range(2):
                result = subprocess.run(
                    [sys.executable, "-c", _FIRST_PAINT_PROBE, str(data_dir)],
                    capture_output=True,
                    text=True,
                    env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                    timeout=120,
                    check=True,
                )
            modules |= set(json.loads(result.stdout.strip().splitlines()[-1]))
    return modules


# Where shiboken6's bootstrap looks for its support modules as files, beside its __init__.
SHIBOKEN_SUPPORT_FOLDER = "shiboken6/files.dir"


def shiboken_support_bytecode(build_dir: Path) -> list[tuple[str, str]]:
    """PySide's support package (`shibokensupport`: the signature loader, parser and mapping)
    compiled to bytecode in `build_dir`, as the spec's (file, bundle folder) pairs that put it
    in `shiboken6/files.dir`.

    shiboken6 carries these modules as sources zipped into its library and compiles all of them
    at every start (30 ms, a sixth of what a bare PySide window's start costs), unless a
    `files.dir` folder beside its `__init__` holds the package: its bootstrap then imports it
    from there like any package, and Python reads the bytecode, compiling nothing."""
    import shiboken6  # noqa: F401, PLC0415 - its import loads the support package

    support = sys.modules["shibokensupport"]
    archive = getattr(support.__loader__, "zfile", None)
    if archive is None:
        raise SystemExit(
            "shiboken6 no longer loads shibokensupport from the archive in its library "
            f"(loader {support.__loader__!r}): check how it loads its support modules now and "
            "update shiboken_support_bytecode in packaging/pyinstaller/bundle_contents.py"
        )
    datas = []
    for name in archive.namelist():
        if not (name.startswith("shibokensupport/") and name.endswith(".py")):
            continue
        source = build_dir / "sources" / name
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(archive.read(name))
        compiled = build_dir / "bytecode" / Path(name).with_suffix(".pyc")
        compiled.parent.mkdir(parents=True, exist_ok=True)
        # Checked against nothing: the bundle ships no source beside it to compare with.
        py_compile.compile(
            str(source),
            cfile=str(compiled),
            dfile=name,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        datas.append((str(compiled), str(Path(SHIBOKEN_SUPPORT_FOLDER, name).parent)))
    return datas
