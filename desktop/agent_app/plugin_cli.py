"""`agent-desktop plugin …`: install, list, remove and check plugins from a terminal.

- ``plugin install SOURCE``: a wheel file, or a package named on the package index (with the
  wheels of what it needs; ``--index-url`` or Settings → General picks the index), goes into the
  per-user plugin environment (refused, saying why, when its requirements clash with the
  app's); ``path:…``, ``git+…`` and dotted class paths are added to the config's plugin sources;
- ``plugin list``: every plugin the app finds, with kind, version, source and problems;
- ``plugin remove NAME``: an installed wheel (by distribution or plugin name), or a source;
- ``plugin new NAME --kind tool|feature|provider|extension|node-tool``: a plugin package to
  start from (`plugin_scaffold`), with a settings element and a test that runs it;
- ``plugin check PATH``: loads a plugin folder (or a source) the way the app does and reports
  what it offers (kind, tools, settings) and what is wrong, exit code 1 if anything is.

The same application layer as the window (no Qt): what the terminal does, the window sees at
its next start. ``--data-dir`` picks the data folder, as for the app.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from agent_app.application import AgentApplication
from agent_app.package_index import is_package_requirement
from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import PluginCatalog, PluginRecord, check_source
from agent_app.plugin_installs import InstallRefused
from agent_app.plugin_manager import WHEEL_SUFFIX, sources_with, sources_without
from agent_app.plugin_offers import describe_record
from agent_app.plugin_scaffold import KINDS, scaffold
from agent_app.plugin_sources import SourceError


def parse(arguments: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="agent-desktop plugin", description="Install, list, remove and check plugins."
    )
    parser.add_argument("--data-dir", help="keep data, settings and logs below this folder")
    commands = parser.add_subparsers(dest="command", required=True)
    install = commands.add_parser("install", help="install a wheel or add a plugin source")
    install.add_argument(
        "source",
        help='a package name on the index, a .whl file, "path:/folder", "git+URL" or a class path',
    )
    install.add_argument(
        "--index-url", help="the package index to install a package name from (default: settings)"
    )
    commands.add_parser("list", help="list every plugin the app finds")
    remove = commands.add_parser("remove", help="remove an installed plugin or a source")
    remove.add_argument("name")
    new = commands.add_parser("new", help="start a plugin package from a working example")
    new.add_argument("name")
    new.add_argument("--kind", choices=KINDS, default="tool")
    new.add_argument("--into", default=".", help="the folder to create it in (default: here)")
    check = commands.add_parser("check", help="load a plugin the way the app does")
    check.add_argument("path", help="a plugin folder, or a plugin source")
    return parser.parse_args(arguments)


def main(arguments: list[str]) -> int:
    options = parse(arguments)
    if options.command == "new":  # writes files only: no application is needed
        try:
            folder = scaffold(options.name, options.kind, Path(options.into))
        except (OSError, ValueError) as refusal:
            print(f"agent-desktop plugin new: {refusal}", file=sys.stderr)
            return 1
        print(f"Created {folder}; try it: agent-desktop plugin check {folder}")
        return 0
    app = AgentApplication(resolve_paths(options.data_dir))
    try:
        return _run(app, options)
    except (InstallRefused, SourceError) as refusal:
        print(f"agent-desktop plugin {options.command}: {refusal}", file=sys.stderr)
        return 1
    finally:
        app.close()


def _run(app: AgentApplication, options: argparse.Namespace) -> int:
    if options.command == "install":
        return _install(app, options.source, options.index_url)
    if options.command == "list":
        _print_records(app.plugins.catalog)
        return 0
    if options.command == "remove":
        return _remove(app, options.name)
    return _check(app, options.path)


def _install(app: AgentApplication, source: str, index_url: str | None) -> int:
    if source.endswith(WHEEL_SUFFIX) or is_package_requirement(source):
        installed = (
            app.plugin_manager.install_wheel(Path(source).expanduser().resolve())
            if source.endswith(WHEEL_SUFFIX)
            else app.plugin_manager.install_package(source, index_url)
        )
        facts = installed.facts
        print(f"Installed {facts.name} {facts.version}: {', '.join(installed.plugins)}")
        return 0
    _apply(app, sources_with(list(app.config.plugins), source))
    print(f"Added the plugin source {source}; it loads at the next start.")
    return 0


def _remove(app: AgentApplication, name: str) -> int:
    if name in app.config.plugins:
        _apply(app, sources_without(list(app.config.plugins), name))
        print(f"Removed the plugin source {name}.")
        return 0
    print(f"Removed {app.plugin_manager.remove(name)}.")
    return 0


def _apply(app: AgentApplication, change: Any) -> None:
    result = app.configuration.apply_settings_change(change)
    if not result.ok:
        raise InstallRefused("; ".join(result.problems.values()))


def _check(app: AgentApplication, path: str) -> int:
    records = check_source(path, app.paths)
    _print_records(PluginCatalog(records))
    problems = [record for record in records if not record.ok]
    problems += [record for record in records if record.ok and not _print_offer(record)]
    return 1 if problems or not records else 0


def _print_records(catalog: PluginCatalog) -> None:
    for record in catalog:
        state = "ok" if record.ok else f"NOT LOADED: {record.error}"
        version = record.version or "-"
        print(f"{record.name}\t{record.kind}\t{version}\t{record.source}\t{state}")


def _print_offer(record: PluginRecord) -> bool:
    """What a loaded plugin adds: its tools and settings, asked as Settings → Plugins asks;
    False when asking it failed (said as its problem)."""
    described = describe_record(record)
    settings = sorted(setting["key"] for setting in described["settings"])
    print(f"  {record.name}: settings: {', '.join(settings) or 'none'}")
    if record.kind == "tool":
        tools = [tool["name"] for tool in described["tools"]]
        print(f"  {record.name}: tools: {', '.join(tools) or 'none listed before it starts'}")
    if described["error"]:
        print(f"  {record.name}: PROBLEM: {described['error']}")
    return not described["error"]
