"""Write real plugin folders and real installed-distribution metadata into a temporary folder.

Discovery is tested against what it actually reads: `agent_plugin.json` folders with importable
packages, and `*.dist-info` folders (METADATA + entry_points.txt) on `sys.path`, which
`importlib.metadata` finds exactly as it finds pip-installed packages.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
import uuid
from pathlib import Path
from typing import Any


def write_modules(root: Path, modules: dict[str, str]) -> None:
    """Write `{"pkg/mod.py": source}` below `root` (dedented), creating packages as needed."""
    for relative, source in modules.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")


def write_plugin_folder(
    folder: Path,
    descriptor: dict[str, Any] | str,
    modules: dict[str, str] | None = None,
    *,
    source_root: str = "src",
) -> Path:
    """A plugin folder: `agent_plugin.json` (dict or raw text), modules under `source_root`."""
    folder.mkdir(parents=True, exist_ok=True)
    text = descriptor if isinstance(descriptor, str) else json.dumps(descriptor, indent=2)
    (folder / "agent_plugin.json").write_text(text, encoding="utf-8")
    if modules:
        write_modules(folder / source_root if source_root else folder, modules)
    return folder


def write_distribution(
    site: Path,
    name: str,
    version: str,
    entry_points: dict[str, dict[str, str]],
    modules: dict[str, str] | None = None,
) -> None:
    """An installed distribution in `site` (add `site` to sys.path to make it visible)."""
    dist_info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
    )
    lines = []
    for group, entries in entry_points.items():
        lines.append(f"[{group}]")
        lines.extend(f"{entry} = {value}" for entry, value in entries.items())
        lines.append("")
    (dist_info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    if modules:
        write_modules(site, modules)


def write_wheel(
    folder: Path,
    name: str,
    version: str,
    modules: dict[str, str],
    entry_points: dict[str, dict[str, str]],
    requires: list[str] | None = None,
) -> Path:
    """A real wheel file (a zip with the modules and a .dist-info), as a build backend makes
    one for a pure-Python package; returns its path."""
    import zipfile

    dist = name.replace("-", "_")
    wheel = folder / f"{dist}-{version}-py3-none-any.whl"
    folder.mkdir(parents=True, exist_ok=True)
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    metadata += ["Author: Plugin Author", f"Summary: The {name} plugin"]
    metadata += [f"Requires-Dist: {requirement}" for requirement in requires or []]
    lines = []
    for group, entries in entry_points.items():
        lines.append(f"[{group}]")
        lines.extend(f"{entry} = {value}" for entry, value in entries.items())
    with zipfile.ZipFile(wheel, "w") as archive:
        for relative, source in modules.items():
            archive.writestr(relative, textwrap.dedent(source))
        archive.writestr(f"{dist}-{version}.dist-info/METADATA", "\n".join(metadata) + "\n")
        archive.writestr(f"{dist}-{version}.dist-info/entry_points.txt", "\n".join(lines) + "\n")
        archive.writestr(
            f"{dist}-{version}.dist-info/WHEEL",
            "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
        archive.writestr(f"{dist}-{version}.dist-info/RECORD", "")
    return wheel


def tide_wheel(folder: Path, requires: list[str] | None = None) -> tuple[Path, str]:
    """An agent-adapter tool plugin's wheel, as its author would publish it."""
    package = f"tide_{uuid.uuid4().hex[:8]}"
    wheel = write_wheel(
        folder,
        f"{package.replace('_', '-')}",
        "1.2.0",
        {
            f"{package}/__init__.py": """
                class TidePlugin:
                    name = "tide-tables"
                    namespace = "tide"
                    config_schema = {"api_key": {"type": "string"}}
                    tools = [{"name": "tide__next", "description": "The next high tide"}]
                    async def initialize(self, runtime):
                        self.key = await runtime.secrets.retrieve("tide", "api_key")
                    async def execute(self, tool_name, args):
                        return {"high_tide": "14:05", "api_key_present": self.key is not None}
                    async def shutdown(self):
                        pass
            """
        },
        {"agent_adapter.tool_plugins": {"tide": f"{package}:TidePlugin"}},
        requires,
    )
    return wheel, package


def plugin_with_helper(folder: Path) -> tuple[Path, str]:
    """A plugin whose tool uses a local workspace dependency inside its folder."""
    tag = uuid.uuid4().hex[:8]
    package, helper = f"sourced_{tag}", f"helper_{tag}"
    write_plugin_folder(
        folder,
        {
            "entries": [f"{package}.Sourced"],
            "version": "0.3.0",
            "local_workspace_dependencies": [{"name": helper, "path": "libs/helper"}],
            # Not a descriptor key: a source holds code, never configuration.
            "providers": {"evil": {"provider": "openai_compatible", "base_url": "http://x"}},
        },
        {
            f"{package}/__init__.py": f"""
                from {helper} import greeting

                class Sourced:
                    name = "sourced"
                    def get_tool_schemas(self, state, *, prepared=None):
                        return [{{
                            "type": "function",
                            "function": {{"name": "greet", "parameters": {{"type": "object"}}}},
                            "annotations": {{"readOnlyHint": True}},
                        }}]
                    def execute_tool(self, tool_name, payload, state, **kwargs):
                        return {{"success": True, "result": greeting()}}
            """,
        },
    )
    write_plugin_folder(
        folder / "libs" / "helper",
        '{"entries": ["x.Y"]}',
        {f"{helper}/__init__.py": "def greeting():\n    return 'hello from the helper'\n"},
    )
    (folder / "libs" / "helper" / "agent_plugin.json").unlink()
    return folder, helper


def bare_plugin_repository(tmp_path: Path) -> Path:
    work, _helper = plugin_with_helper(tmp_path / "work")

    def git(*arguments: str, cwd: Path = work) -> None:
        subprocess.run(["git", *arguments], cwd=cwd, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "plugin")
    bare = tmp_path / "sourced-plugin.git"
    git("clone", "-q", "--bare", str(work), str(bare), cwd=tmp_path)
    return bare
