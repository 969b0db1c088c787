"""Find the plugins the application can load, and say why any of them cannot be loaded.

Four places are searched, in this order (the first plugin of a name wins):

1. the entry point group ``agent_core.plugins`` (each entry a plugin class);
2. the agent-adapter group ``agent_adapter.tool_plugins`` (wrapped into core tool plugins);
3. the local plugin folders listed in ``settings.plugin_folders`` (each holding an
   ``agent_plugin.json``, whose entries are dotted class paths or, for Node tool plugins, paths
   of JavaScript modules inside the folder: ``"tool.mjs"``, run out of process by
   `agent_app.adapters.node_tools`);
4. the sources of the config file's ``plugins`` list (``path:`` folders, ``git+`` repositories
   and dotted class paths; folders and repositories load from their copy in the plugin cache,
   see `plugin_sources`);
5. the user plugin directory ``paths.user_plugins_dir`` (each subfolder with an
   ``agent_plugin.json``).

A plugin that fails to import or to initialize is recorded with its error and discovery carries on:
the application always starts. Discovery only imports the modules the entries name. A plugin
folder's entries are imported only once a probe process survived importing them, and within the
plugin time limit (`plugin_import_check`): one that ends the process or hangs is left out.
"""

from __future__ import annotations

import importlib
import inspect
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any, Literal

from packaging.utils import canonicalize_name

from agent_app.adapters.node_tools import NODE_SUFFIXES, NodeToolPlugin, find_node
from agent_app.plugin_import_check import (
    CHECKS_FILE_NAME,
    OVERRAN,
    ImportChecks,
    import_within,
)
from agent_app.plugin_installs import activate, plugin_env_dir
from agent_app.plugin_sources import (
    SourceError,
    cached_folder,
    configured_cache_dir,
    default_cache_dir,
    parse_source,
    prune_cache_in_background,
)
from agent_core.hooks import PLUGIN_FAULTS

PluginKind = Literal["provider", "extension", "feature", "tool", "unknown"]

CORE_ENTRY_POINT_GROUP = "agent_core.plugins"
AGENT_ADAPTER_ENTRY_POINT_GROUP = "agent_adapter.tool_plugins"
DESCRIPTOR_FILE_NAME = "agent_plugin.json"
# When settings give none (a plugin hook's limit is also how long an import may take).
DEFAULT_IMPORT_TIME_LIMIT_SECONDS = 30.0

# Spellings accepted for an explicit kind (class attribute `kind` or the descriptor's `kinds` map).
_KIND_ALIASES: dict[str, PluginKind] = {
    "provider": "provider",
    "extension": "extension",
    "provider_extension": "extension",
    "provider-extension": "extension",
    "feature": "feature",
    "tool": "tool",
}


# Cold-path hooks only features have; a class with one of them (and no streaming) is a feature.
_FEATURE_HOOKS = (
    "finalize",
    "get_actions",
    "execute_action",
    "get_completions",
    "apply_completion",
)


@dataclass(frozen=True)
class PluginRecord:
    """One discovered plugin: what it is, where it came from, and whether it can be loaded."""

    name: str
    kind: PluginKind
    version: str | None
    source: str  # where it was found, in words: "package agent-desktop-file-tools", "folder /x"
    plugin: Any | None  # the plugin class (or adapter instance) to register; None when it failed
    error: str | None = None
    entry: str = ""  # the entry point value or dotted class path that named it
    distribution: str | None = None  # the installed package it came from, if any
    config_source: str | None = None  # the entry of the config's `plugins` list it came from
    folder: str | None = None  # the plugin folder it was loaded from, if any

    @property
    def ok(self) -> bool:
        return self.plugin is not None and self.error is None

    @property
    def title(self) -> str:
        """What people call the plugin: its `display_name`, else its id in words."""
        declared = getattr(self.plugin, "display_name", None)
        if isinstance(declared, str) and declared.strip():
            return declared.strip()
        words = self.name.replace("_", " ").replace("-", " ").strip()
        return words[:1].upper() + words[1:] if words else self.name

    @property
    def for_testing(self) -> bool:
        """A plugin that exists for tests and demos (`for_testing = True`), hidden by default."""
        return getattr(self.plugin, "for_testing", False) is True


@dataclass
class PluginCatalog:
    """Every plugin discovery found, loadable or not, in discovery order."""

    records: list[PluginRecord] = field(default_factory=list)

    def __iter__(self) -> Iterator[PluginRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def loaded(self) -> list[Any]:
        """The plugin objects to register with the core (classes, or adapter instances)."""
        return [record.plugin for record in self.records if record.ok]

    def failed(self) -> list[PluginRecord]:
        return [record for record in self.records if not record.ok]

    def get(self, name: str) -> PluginRecord | None:
        return next((record for record in self.records if record.name == name), None)


def discover_plugins(paths: Any, settings: Any, config: Any = None) -> PluginCatalog:
    """Search every plugin source; never raises for a bad plugin, only records it.

    `paths` is an `AppPaths` (`user_plugins_dir`, and `cache_dir` for the import checks and
    the plugin cache), `settings` a `Settings` (`plugin_folders`,
    `plugin_hook_time_limit_seconds`) and `config` the `AppConfig` (`plugins`,
    `plugin_cache_dir`).
    """
    catalog = PluginCatalog()
    data_dir = getattr(paths, "data_dir", None)
    if data_dir is not None:  # plugins the user installed: their entry points are found too
        activate(plugin_env_dir(Path(data_dir)))
    _add(catalog, _from_entry_points(CORE_ENTRY_POINT_GROUP, _core_record))
    _add(catalog, _from_entry_points(AGENT_ADAPTER_ENTRY_POINT_GROUP, _agent_adapter_record))
    cache_dir = getattr(paths, "cache_dir", None)
    checks = ImportChecks(
        Path(cache_dir) / CHECKS_FILE_NAME if cache_dir is not None else None,
        getattr(settings, "plugin_hook_time_limit_seconds", DEFAULT_IMPORT_TIME_LIMIT_SECONDS),
    )
    log_dir = Path(getattr(paths, "log_dir", None) or Path.cwd())
    for folder in getattr(settings, "plugin_folders", None) or []:
        _add(catalog, _from_plugin_folder(Path(folder).expanduser(), "folder", checks, log_dir))
    if cache_dir is not None:
        plugin_cache = configured_cache_dir(config, Path(cache_dir))
        in_use: set[str] = set()
        for text in getattr(config, "plugins", None) or []:
            _add(catalog, _from_source(text, plugin_cache, checks, log_dir, in_use))
        prune_cache_in_background(plugin_cache, in_use)
    user_dir = getattr(paths, "user_plugins_dir", None)
    if user_dir is not None and Path(user_dir).is_dir():
        for child in sorted(Path(user_dir).iterdir()):
            if child.is_dir() and not child.name.startswith((".", "__")):
                _add(catalog, _from_plugin_folder(child, "user plugin folder", checks, log_dir))
    checks.recheck_overruns_in_background()
    return catalog


def check_source(text: str, paths: Any) -> list[PluginRecord]:
    """Load one plugin folder (a path) or plugin source the way the app does: its records."""
    checks = ImportChecks(
        Path(paths.cache_dir) / CHECKS_FILE_NAME, DEFAULT_IMPORT_TIME_LIMIT_SECONDS
    )
    folder = Path(text).expanduser()
    if folder.is_dir():
        return _from_plugin_folder(folder.resolve(), "folder", checks, Path(paths.log_dir))
    cache = default_cache_dir(Path(paths.cache_dir))
    return _from_source(text, cache, checks, Path(paths.log_dir), set())


def _add(catalog: PluginCatalog, records: Iterable[PluginRecord]) -> None:
    """Append records; a second loadable plugin of an already loadable name is refused."""
    for record in records:
        first = catalog.get(record.name)
        if record.ok and first is not None and first.ok:
            record = PluginRecord(
                name=record.name,
                kind=record.kind,
                version=record.version,
                source=record.source,
                plugin=None,
                error=(
                    f"a plugin named {record.name!r} is already loaded from {first.source}; "
                    "this copy is ignored (remove or rename one of them)"
                ),
                entry=record.entry,
            )
        catalog.records.append(record)


# ------------------------------------------------------------------------------- entry points


def discover_distribution(name: str) -> list[PluginRecord]:
    """The plugins of the installed distribution `name` (one just installed), both groups."""
    wanted = canonicalize_name(name)
    return [
        record
        for group, make_record in (
            (CORE_ENTRY_POINT_GROUP, _core_record),
            (AGENT_ADAPTER_ENTRY_POINT_GROUP, _agent_adapter_record),
        )
        for record in _from_entry_points(
            group,
            make_record,
            lambda dist: dist is not None and canonicalize_name(dist.name) == wanted,
        )
    ]


def _from_entry_points(
    group: str, make_record: Any, of_dist: Any = lambda _dist: True
) -> list[PluginRecord]:
    records = []
    for entry_point in entry_points(group=group):
        if not of_dist(entry_point.dist):
            continue
        dist = entry_point.dist
        source = f"package {dist.name}" if dist is not None else f"entry point group {group}"
        dist_version = dist.version if dist is not None else None
        try:
            loaded = entry_point.load()
        except PLUGIN_FAULTS as exc:  # a broken plugin (even sys.exit) must not stop the app
            records.append(_failed(entry_point.name, source, entry_point.value, "import", exc))
            continue
        record = make_record(loaded, entry_point, source, dist_version)
        records.append(replace(record, distribution=dist.name if dist is not None else None))
    return records


def _core_record(
    plugin: Any, entry_point: EntryPoint, source: str, dist_version: str | None
) -> PluginRecord:
    return _record_for_class(
        plugin,
        fallback_name=entry_point.name,
        source=source,
        entry=entry_point.value,
        version=dist_version,
        explicit_kind=None,
    )


def _agent_adapter_record(
    plugin: Any, entry_point: EntryPoint, source: str, dist_version: str | None
) -> PluginRecord:
    return _wrap_agent_adapter(plugin, entry_point.name, source, entry_point.value, dist_version)


# ------------------------------------------------------------------------------- plugin folders


def _from_plugin_folder(
    folder: Path, label: str, checks: ImportChecks, log_dir: Path
) -> list[PluginRecord]:
    return [
        replace(record, folder=str(folder))
        for record in _records_of_folder(folder, label, checks, log_dir)
    ]


def _records_of_folder(
    folder: Path, label: str, checks: ImportChecks, log_dir: Path
) -> list[PluginRecord]:
    source = f"{label} {folder}"
    descriptor_path = folder / DESCRIPTOR_FILE_NAME
    try:
        descriptor = _read_descriptor(folder)
        import_roots = [
            _import_root(folder, descriptor),
            *_workspace_dependency_roots(folder, descriptor),
        ]
    except (OSError, ValueError, RecursionError) as exc:
        return [_folder_left_out(folder, source, None, f"{descriptor_path}: {exc}")]
    entries = [entry for entry in descriptor["entries"] if not _is_node_entry(entry)]
    node_records = [
        _node_record(folder, entry, source, descriptor, log_dir)
        for entry in descriptor["entries"]
        if _is_node_entry(entry)
    ]
    if not entries:  # nothing to import into the app: Node modules run in a host of their own
        return node_records
    try:
        problem = checks.problem(folder, descriptor_path, import_roots, entries)
    except OSError as exc:  # its files could not be read
        return [_folder_left_out(folder, source, descriptor.get("version"), f"{folder}: {exc}")]
    if problem is not None:
        until = "until its files change"
        if OVERRAN in problem:  # perhaps only slowed down: checked again in the background
            until += " or a check in the background finds that it imports in time"
        return [
            _folder_left_out(
                folder, source, descriptor.get("version"), f"{problem}; it is left out {until}."
            )
        ]
    for root in import_roots:
        _add_to_import_path(root)
    kinds: dict[str, str] = descriptor.get("kinds") or {}
    records = node_records
    for dotted_path in entries:
        class_name = dotted_path.rpartition(".")[2]
        try:
            load = partial(_import_dotted, dotted_path)
            plugin = import_within(load, dotted_path, checks.seconds)
        except PLUGIN_FAULTS as exc:  # a broken plugin (even sys.exit) must not stop the app
            records.append(_failed(class_name, source, dotted_path, "import", exc))
            continue
        records.append(
            _record_for_class(
                plugin,
                fallback_name=class_name,
                source=source,
                entry=dotted_path,
                version=descriptor.get("version"),
                explicit_kind=kinds.get(dotted_path) or kinds.get(class_name),
            )
        )
    return records


def _from_source(
    text: Any, plugin_cache: Path, checks: ImportChecks, log_dir: Path, in_use: set[str]
) -> list[PluginRecord]:
    """The plugins of one config source: a cached folder's (its name added to `in_use`), or
    an installed class; each says the source it came from."""
    return [
        replace(record, config_source=str(text))
        for record in _records_of_source(text, plugin_cache, checks, log_dir, in_use)
    ]


def _records_of_source(
    text: Any, plugin_cache: Path, checks: ImportChecks, log_dir: Path, in_use: set[str]
) -> list[PluginRecord]:
    try:
        source = parse_source(text)
        if source.kind == "class":
            load = partial(_import_dotted, source.location)
            try:
                plugin = import_within(load, source.location, checks.seconds)
            except PLUGIN_FAULTS as exc:  # a broken plugin (even sys.exit) must not stop the app
                return [_failed(source.location, source.label, source.location, "import", exc)]
            return [
                _record_for_class(
                    plugin,
                    fallback_name=source.location.rpartition(".")[2],
                    source=source.label,
                    entry=source.location,
                    version=None,
                    explicit_kind=None,
                )
            ]
        folder = cached_folder(source, plugin_cache)
        in_use.add(folder.name)
    except (SourceError, OSError) as exc:
        name = str(text)
        return [_unusable(name, None, f"plugin source {name}", name, str(exc))]
    return _from_plugin_folder(folder, f"{source.label}, cached in", checks, log_dir)


def _folder_left_out(folder: Path, source: str, version: str | None, problem: str) -> PluginRecord:
    return PluginRecord(
        name=folder.name, kind="unknown", version=version, source=source, plugin=None, error=problem
    )


def _read_descriptor(folder: Path) -> dict[str, Any]:
    if not folder.is_dir():
        raise ValueError("the folder does not exist (fix or remove it in Settings → Plugins)")
    descriptor_path = folder / DESCRIPTOR_FILE_NAME
    if not descriptor_path.is_file():
        raise ValueError(f"no {DESCRIPTOR_FILE_NAME} in this folder; a plugin folder needs one")
    try:
        descriptor = json.loads(descriptor_path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"not readable JSON ({type(exc).__name__})") from exc
    if not isinstance(descriptor, dict):
        raise ValueError("must hold a JSON object")
    entries = descriptor.get("entries")
    if (
        not isinstance(entries, list)
        or not entries
        or not all(
            isinstance(entry, str) and (_is_dotted_path(entry) or _is_node_entry(entry))
            for entry in entries
        )
    ):
        raise ValueError(
            '"entries" must be a non-empty list of dotted class paths such as "my_pkg.MyPlugin" '
            '(or, for a Node tool plugin, its module inside the folder, such as "tool.mjs")'
        )
    if not isinstance(descriptor.get("version", ""), str):
        raise ValueError('"version" must be text, such as "1.2.0"')
    kinds = descriptor.get("kinds")
    if kinds is not None and not (
        isinstance(kinds, dict) and all(isinstance(v, str) for v in kinds.values())
    ):
        raise ValueError('"kinds" must map entry paths (or class names) to kind names')
    return descriptor


def _is_node_entry(entry: str) -> bool:
    """A Node tool plugin's module (``tool.mjs``, ``lib/index.js``): run by a Node host."""
    return entry.endswith(NODE_SUFFIXES)


def _node_record(
    folder: Path, entry: str, source: str, descriptor: dict[str, Any], log_dir: Path
) -> PluginRecord:
    """A Node tool plugin of a folder: named after its module (the folder for ``index.js``),
    run out of process, its settings those the descriptor's ``config`` declares; left out,
    saying why, when Node or the module is missing or ``config`` cannot be read."""
    version = descriptor.get("version")
    declared = descriptor.get("config") or {}
    module = (folder / entry).resolve()
    stem = Path(entry).stem
    name = folder.name if stem == "index" else stem
    node = find_node()
    if not module.is_relative_to(folder.resolve()):
        problem = f"the Node module {entry!r} is outside the plugin folder"
    elif not module.is_file():
        problem = f"the Node module {entry!r} does not exist in {folder}"
    elif not isinstance(declared, dict) or not all(
        isinstance(value, dict) for value in declared.values()
    ):
        problem = (
            f'the "config" of its {DESCRIPTOR_FILE_NAME} must be an object of settings, each '
            'an object such as {"type": "string", "default": "metric", "description": "…"}'
        )
    elif node is None:
        problem = (
            "it is a Node tool plugin and no `node` program was found; install Node.js "
            "(version 18 or newer) and start the app again"
        )
    else:
        plugin = NodeToolPlugin(
            name, module, log_dir=log_dir, node=node, version=version, config_schema=declared
        )
        return PluginRecord(name, "tool", version, source, plugin, None, entry)
    return _unusable(name, version, source, entry, problem)


def _is_dotted_path(entry: str) -> bool:
    """`module.Class` or `package.module.Class`: two or more Python names joined by dots."""
    names = entry.split(".")
    return len(names) > 1 and all(name.isidentifier() for name in names)


def _inside(folder: Path, relative: str, what: str) -> Path:
    target = (folder / relative).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise ValueError(f"{what} {relative!r} points outside the plugin folder")
    if not target.is_dir():
        raise ValueError(f"{what} {relative!r} is not a folder")
    return target


def _import_root(folder: Path, descriptor: dict[str, Any]) -> Path:
    """The folder to put on the import path: `<subdirectory>/src` if present, else the folder."""
    subdirectory = descriptor.get("subdirectory")
    if subdirectory is not None and not isinstance(subdirectory, str):
        raise ValueError('"subdirectory" must be a relative folder path')
    base = _inside(folder, subdirectory, '"subdirectory"') if subdirectory else folder.resolve()
    return base / "src" if (base / "src").is_dir() else base


def _workspace_dependency_roots(folder: Path, descriptor: dict[str, Any]) -> list[Path]:
    dependencies = descriptor.get("local_workspace_dependencies") or []
    if not isinstance(dependencies, list):
        raise ValueError(
            '"local_workspace_dependencies" must be a list of {"path": "<folder inside the '
            'plugin folder>"} items'
        )
    roots = []
    for dependency in dependencies:
        relative = dependency.get("path") if isinstance(dependency, dict) else None
        if not isinstance(relative, str):
            raise ValueError('each "local_workspace_dependencies" item needs a "path"')
        base = _inside(folder, relative, "local workspace dependency")
        roots.append(base / "src" if (base / "src").is_dir() else base)
    return roots


def _add_to_import_path(root: Path) -> None:
    if str(root) not in sys.path:
        sys.path.append(str(root))


def _import_dotted(dotted_path: str) -> Any:
    module_name, _, attribute = dotted_path.rpartition(".")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ImportError(f"module {module_name!r} has no attribute {attribute!r}") from None


# ------------------------------------------------------------------------------- classification


def plugin_kind(plugin: Any) -> PluginKind:
    """The kind of a core plugin class or instance: explicit `kind` attribute, else duck typing."""
    explicit = getattr(plugin, "kind", None)
    if isinstance(explicit, str) and explicit in _KIND_ALIASES:
        return _KIND_ALIASES[explicit]
    streams = any(hasattr(plugin, hook) for hook in ("stream_api", "astream_api", "call_api"))
    if streams and hasattr(plugin, "to_native_messages") and _takes_params(plugin, "init", 1):
        return "provider"
    if _takes_params(plugin, "process_chunk", 5):
        return "extension"
    if hasattr(plugin, "get_tool_schemas"):
        return "tool"
    if not streams and (
        any(hasattr(plugin, hook) for hook in _FEATURE_HOOKS) or _takes_params(plugin, "init", 2)
    ):
        return "feature"
    return "unknown"


def _takes_params(plugin: Any, method_name: str, count: int) -> bool:
    """Whether `plugin.method_name` takes exactly `count` positional parameters besides self."""
    method = getattr(plugin, method_name, None)
    if not callable(method):
        return False
    try:
        parameters = list(inspect.signature(method).parameters.values())
    except (TypeError, ValueError):
        return False
    unbound = inspect.isclass(plugin) and inspect.isfunction(method)
    if unbound and not isinstance(inspect.getattr_static(plugin, method_name), staticmethod):
        parameters = parameters[1:]  # self
    positional = [
        parameter
        for parameter in parameters
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
    ]
    return len(positional) == count


def _record_for_class(
    plugin: Any,
    *,
    fallback_name: str,
    source: str,
    entry: str,
    version: str | None,
    explicit_kind: str | None,
) -> PluginRecord:
    """Core plugins as they are; agent-adapter and OpenHands-style tools wrapped for the core."""
    if explicit_kind == "agent_adapter_tool" or _looks_like_agent_adapter_plugin(plugin):
        return _wrap_agent_adapter(plugin, fallback_name, source, entry, version)
    if explicit_kind == "openhands_tool" or _looks_like_openhands_tool(plugin):
        return _wrap_openhands(plugin, fallback_name, source, entry)
    return _classify(
        plugin,
        fallback_name=fallback_name,
        source=source,
        entry=entry,
        version=version,
        explicit_kind=explicit_kind,
    )


def _classify(
    plugin: Any,
    *,
    fallback_name: str,
    source: str,
    entry: str,
    version: str | None,
    explicit_kind: str | None,
) -> PluginRecord:
    name = _string_attribute(plugin, "name") or fallback_name
    plugin_version = _string_attribute(plugin, "version") or version
    if explicit_kind is not None:
        kind = _KIND_ALIASES.get(explicit_kind)
        if kind is None:
            known = ", ".join(sorted({*_KIND_ALIASES, "agent_adapter_tool", "openhands_tool"}))
            problem = f"unknown kind {explicit_kind!r} in {DESCRIPTOR_FILE_NAME}; use: {known}"
            return _unusable(name, plugin_version, source, entry, problem)
    else:
        kind = plugin_kind(plugin)
    if kind == "unknown":
        problem = (
            "not recognised as a provider, extension, feature or tool plugin; give the class a "
            f'`kind` attribute or list it under "kinds" in {DESCRIPTOR_FILE_NAME}'
        )
        return _unusable(name, plugin_version, source, entry, problem)
    return PluginRecord(name, kind, plugin_version, source, plugin, None, entry)


def _unusable(
    name: str, version: str | None, source: str, entry: str, problem: str
) -> PluginRecord:
    return PluginRecord(name, "unknown", version, source, None, problem, entry)


def _string_attribute(plugin: Any, attribute: str) -> str | None:
    """A class-level string attribute; properties (instance-only values) do not count."""
    value = inspect.getattr_static(plugin, attribute, None)
    return value if isinstance(value, str) and value else None


def _failed(name: str, source: str, entry: str, step: str, exc: BaseException) -> PluginRecord:
    return PluginRecord(
        name=name,
        kind="unknown",
        version=None,
        source=source,
        plugin=None,
        error=f"could not {step} {entry!r}: {type(exc).__name__}: {exc}",
        entry=entry,
    )


# ------------------------------------------------------------------------------- other tool models


def _looks_like_agent_adapter_plugin(plugin: Any) -> bool:
    return all(hasattr(plugin, a) for a in ("namespace", "tools", "initialize", "execute"))


# Where OpenHands `ToolDefinition` base classes live: our copy, and the real SDK (the
# `openhands` extra, Python >= 3.12).
_OPENHANDS_TOOL_BASES = (
    ("agent_app.adapters.openhands", "ToolDefinition"),
    ("openhands.sdk.tool.tool", "ToolDefinition"),
)


def _looks_like_openhands_tool(plugin: Any) -> bool:
    # A subclass can only exist once its base's module is imported: no import needed to check.
    if not inspect.isclass(plugin):
        return False
    for module_name, class_name in _OPENHANDS_TOOL_BASES:
        base = getattr(sys.modules.get(module_name), class_name, None)
        if base is not None and issubclass(plugin, base):
            return True
    return False


def _wrap_agent_adapter(
    plugin: Any, fallback_name: str, source: str, entry: str, version: str | None
) -> PluginRecord:
    from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin  # noqa: PLC0415 - the adapter (its tool loop, pydantic) loads only for adapter plugins (test_plugin_discovery_cost)

    try:
        instance = plugin() if inspect.isclass(plugin) else plugin
        adapter = AgentAdapterToolPlugin(instance)
    except PLUGIN_FAULTS as exc:  # a broken plugin must not stop the app
        return _failed(fallback_name, source, entry, "initialize", exc)
    plugin_version = getattr(instance, "version", None) or version
    return PluginRecord(adapter.name, "tool", plugin_version, source, adapter, None, entry)


def _wrap_openhands(plugin: Any, fallback_name: str, source: str, entry: str) -> PluginRecord:
    from agent_app.adapters.openhands import OpenHandsToolPlugin, conversation_state_stand_in  # noqa: PLC0415 - the OpenHands adapter loads only for OpenHands tools

    try:
        adapter = OpenHandsToolPlugin(
            plugin.create(conversation_state_stand_in()), name=fallback_name, tool_class=plugin
        )
    except PLUGIN_FAULTS as exc:  # a broken plugin must not stop the app
        return _failed(fallback_name, source, entry, "initialize", exc)
    return PluginRecord(adapter.name, "tool", None, source, adapter, None, entry)
