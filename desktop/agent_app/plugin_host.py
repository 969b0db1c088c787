"""The plugin host: the plugins of one application, found once and instantiated once.

`AgentApplication` builds one `PluginHost` from a `PluginCatalog` (`find_plugins` looks for
them, `catalog_of` takes them as given) and hands it to the services that ask plugins something:
the settings (`Configuration`: provider schemas, connection tests), the tool servers
(`ToolServers`) and the request glue (`Agents`: the one `AgentCore` every request runs on).

Each plugin class is instantiated once and the same instance is registered with the core, so
long-lived tools (MCP connections) keep their state; `aclose()` shuts them down side by side
within a deadline. A plugin that fails while loading, starting or closing is reported in plain
words in `notices` and never stops the app.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import threading
from collections.abc import Callable
from copy import deepcopy
from typing import Any

from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin
from agent_app.config import FLAT_CONFIG_KEYS, AgentConfig, ProviderConfig
from agent_app.plugin_discovery import PluginCatalog, PluginRecord, discover_plugins, plugin_kind
from agent_app.secrets import PluginSecrets, SecretStore, redact
from agent_app.settings_changes import PluginSettings
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import AgentCore
from agent_core.hooks import PLUGIN_FAULTS
from agent_core.secret_names import is_secret_name

logger = logging.getLogger(__name__)

_CLOSE_METHODS = ("aclose", "close", "shutdown")


def find_plugins(
    paths: Any, settings: Any, notices: list[str], config: Any = None
) -> PluginCatalog:
    """The installed plugins (see `plugin_discovery`); an empty catalog, said in `notices`,
    when looking for them fails."""
    try:
        return discover_plugins(paths, settings, config)
    except PLUGIN_FAULTS as error:  # a plugin may break discovery itself; start without
        logger.exception("Plugin discovery failed")
        notices.append(
            QT_TRANSLATE_NOOP(
                "Errors",
                "Plugins could not be looked for ({error}); the app starts without them. "
                "Details are in the log.",
            ).format(error=f"{type(error).__name__}: {redact(str(error))}")
        )
        return PluginCatalog()


def catalog_of(plugins: list[Any]) -> PluginCatalog:
    """A catalog of plugins handed in directly (tests, embedding)."""
    return PluginCatalog([_record_for(plugin) for plugin in plugins])


class PluginHost:
    """One instance per loaded plugin, asked by name or kind, and the core they register with.

    `notices` is where problems go in words (the application's list, shown once by the GUI);
    `secrets` is handed to tool plugins that keep tokens (as `PluginSecrets`, under their name).
    """

    def __init__(self, catalog: PluginCatalog, secrets: SecretStore, notices: list[str]) -> None:
        self.catalog = catalog
        self._notices = notices
        self._instances: dict[str, tuple[str, Any]] = {}
        self._core: AgentCore | None = None
        self._declared_defaults: dict[str, Any] | None = None
        self._secrets = secrets
        # Dropped while the app runs: closed when it quits, like the others.
        self._retired: list[tuple[str, Any]] = []
        self._retired_cores: list[AgentCore] = []
        self._instantiate(list(catalog))

    def add(self, records: list[PluginRecord]) -> list[str]:
        """Take plugins found after the start (one just installed) into this run: added to
        the catalog, instantiated and registered with the core; returns the names taken.
        A record whose name is taken already is left as the catalog's problem."""
        fresh = [record for record in records if self.catalog.get(record.name) is None]
        self.catalog.records.extend(fresh)
        before = set(self._instances)
        self._instantiate(fresh)
        added = [name for name in self._instances if name not in before]
        if self._core is not None:
            self._register(self._core, added)
        self._declared_defaults = None
        return added

    def drop(self, names: list[str]) -> list[str]:
        """Take plugins out of this run (their package was removed): out of the catalog and
        of the core, so their tools are gone from the next request (one running keeps its
        core); they are closed with the others when the app quits. Returns the names dropped."""
        dropped = [name for name in names if name in self._instances]
        for name in dropped:
            self._retired.append((name, self._instances.pop(name)[1]))
        self.catalog.records = [record for record in self.catalog if record.name not in names]
        if dropped and self._core is not None:
            self._retired_cores.append(self._core)
            self._core = None  # built again, without them, at the next request
        self._declared_defaults = None
        return dropped

    def _instantiate(self, records: list[PluginRecord]) -> None:
        secrets = self._secrets
        for record in records:
            if not record.ok:
                notice = QT_TRANSLATE_NOOP(
                    "Errors", "The plugin {name} ({source}) was not loaded: {error}"
                ).format(name=repr(record.name), source=record.source, error=record.error)
                logger.warning("%s", notice)  # the notice goes when closed; the log keeps it
                self._notices.append(notice)
                continue
            plugin = record.plugin
            try:
                instance = plugin() if inspect.isclass(plugin) else plugin
            except PLUGIN_FAULTS as error:  # a broken plugin must not stop the app
                logger.exception("Plugin %r failed in __init__", record.name)
                self._notices.append(
                    QT_TRANSLATE_NOOP(
                        "Errors", "The plugin {name} ({source}) failed as it started: {error}"
                    ).format(
                        name=repr(record.name),
                        source=record.source,
                        error=f"{type(error).__name__}: {redact(str(error))}",
                    )
                )
                continue
            self._instances[record.name] = (record.kind, instance)
            set_secret_store = getattr(instance, "set_secret_store", None)
            if record.kind == "tool" and callable(set_secret_store):
                # Tool servers' OAuth tokens go to the keyring, under the plugin's own names.
                try:
                    set_secret_store(PluginSecrets(secrets, record.name))
                except PLUGIN_FAULTS:  # its servers then sign in for this run only
                    logger.exception("Plugin %r failed in set_secret_store", record.name)

    # ------------------------------------------------------------------ queries

    def instance(self, name: str) -> Any | None:
        """The one instance of plugin `name` this application uses, or None."""
        entry = self._instances.get(name)
        return entry[1] if entry else None

    def loaded_names(self) -> list[str]:
        """The names of the plugins that loaded, in catalog order."""
        return list(self._instances)

    def instances(self, kind: str | None = None) -> list[tuple[str, Any]]:
        """(name, instance) of every loaded plugin, or of those of `kind` ("tool", ...)."""
        return [
            (name, instance)
            for name, (plugin_kind_, instance) in self._instances.items()
            if kind is None or plugin_kind_ == kind
        ]

    def offering(self, kind: str, method: str) -> list[tuple[str, Any]]:
        """(name, instance) of the plugins of `kind` that have a callable `method`."""
        return [
            (name, instance)
            for name, instance in self.instances(kind)
            if callable(getattr(instance, method, None))
        ]

    def provider_config_schema(self, plugin_name: str) -> dict[str, Any] | None:
        """The `get_config_schema()` of provider plugin `plugin_name`; None when not loaded or
        when it fails (the failure is logged: validation then asks nothing of that plugin)."""
        entry = self._instances.get(plugin_name)
        if entry is None or entry[0] != "provider":
            return None
        try:
            schema = entry[1].get_config_schema()
        except PLUGIN_FAULTS as error:  # a plugin's broken schema must not block saving
            logger.warning("Plugin %r failed in get_config_schema: %s", plugin_name, error)
            return None
        return dict(schema) if isinstance(schema, dict) else None

    def plugin_settings_declared(self) -> list[PluginSettings]:
        """What each loaded plugin other than a provider declares in `get_config_schema()`.
        A plugin whose schema fails is logged and asks nothing of the change."""
        declared: list[PluginSettings] = []
        for record in self.catalog:
            entry = self._instances.get(record.name)
            if entry is None or entry[0] == "provider":
                continue
            instance = entry[1]
            if not hasattr(instance, "get_config_schema"):
                continue
            try:
                schema = instance.get_config_schema()
            except PLUGIN_FAULTS as error:  # a plugin's broken schema must not block saving
                logger.warning("Plugin %r failed in get_config_schema: %s", record.name, error)
                continue
            if isinstance(schema, dict) and schema:
                declared.append(
                    PluginSettings(
                        name=record.name,
                        title=str(record.title),
                        schema=schema,
                        on_by_default=getattr(instance, "default_enabled", True) is not False,
                    )
                )
        return declared

    def declared_defaults(self) -> dict[str, Any]:
        """{dotted key: default} of what the loaded plugins other than providers declare in
        `get_config_schema()`, asked once: the defaults their settings pages show are what
        they run with until the user sets a value (the first plugin declaring a key wins).

        A plugin is untrusted: no default of its may decide where requests go or what they
        carry, so keys of the provider and agent entries, keys provider plugins declare and
        credentials are never filled in this way."""
        if self._declared_defaults is None:
            reserved = self._keys_only_the_user_sets()
            defaults: dict[str, Any] = {}
            for declared in self.plugin_settings_declared():
                for key, entry in declared.schema.items():
                    if not isinstance(entry, dict) or entry.get("default") is None:
                        continue
                    if key.split(".", 1)[0] in reserved or is_secret_name(key.rsplit(".", 1)[-1]):
                        logger.info("Plugin %r may not give %r a default", declared.name, key)
                        continue
                    defaults.setdefault(key, deepcopy(entry["default"]))
            self._declared_defaults = defaults
        return self._declared_defaults

    def _keys_only_the_user_sets(self) -> set[str]:
        """Top-level config keys that decide where requests go and what they carry."""
        reserved = {*ProviderConfig.model_fields, *AgentConfig.model_fields, *FLAT_CONFIG_KEYS}
        for name, _instance in self.instances("provider"):
            reserved.update(key.split(".", 1)[0] for key in self.provider_config_schema(name) or {})
        return reserved

    async def detect_local_servers(self) -> list[dict[str, Any]]:
        """Local model servers found by provider plugins that can look for them."""
        found: list[dict[str, Any]] = []
        for name, instance in self.instances("provider"):
            detect = getattr(type(instance), "detect_local_servers", None)
            if detect is None:
                continue
            try:
                servers = await detect()
            except PLUGIN_FAULTS as error:  # detection is a convenience; report and go on
                logger.warning("Plugin %r failed in detect_local_servers: %s", name, error)
                continue
            found.extend({**server, "plugin": name} for server in servers or [])
        return found

    # ------------------------------------------------------------------ the core

    def core(self, hook_time_limit: float) -> AgentCore:
        """The core with every loaded plugin registered, built on first use (enablement is
        decided per request from the config, so one core serves every agent)."""
        if self._core is None:
            self._core = self._new_core(hook_time_limit)
        return self._core

    def _new_core(self, hook_time_limit: float) -> AgentCore:
        core = AgentCore(hook_time_limit=hook_time_limit)
        self._register(core, list(self._instances))
        return core

    def _register(self, core: AgentCore, names: list[str]) -> None:
        register = {
            "provider": core.register_provider,
            "extension": core.register_extension,
            "feature": core.register_feature,
            "tool": core.register_tool,
        }
        for name in names:
            kind, instance = self._instances[name]
            try:
                register[kind](instance)
            except PLUGIN_FAULTS as error:  # one bad plugin must not take the others down
                logger.exception("Registering plugin %r failed", name)
                self._notices.append(
                    QT_TRANSLATE_NOOP(
                        "Errors", "The plugin {name} could not be registered: {error}"
                    ).format(name=repr(name), error=f"{type(error).__name__}: {redact(str(error))}")
                )

    # ------------------------------------------------------------------ start and close

    async def start_adapters(self, runtime_factory: Callable[[Any], Any]) -> list[str]:
        """`initialize(runtime)` of each agent-adapter plugin, once, with a RuntimeAPI from
        `runtime_factory`; the problems in words (also added to `notices`). A plugin that
        failed is tried again before its tools are next offered."""
        problems = []
        for name, instance in self.instances():
            if not isinstance(instance, AgentAdapterToolPlugin):
                continue
            problem = await instance.start(runtime_factory)
            if problem:
                problems.append(f"The plugin {name!r} did not start: {redact(problem)}")
        self._notices.extend(problems)
        return problems

    def adapters_follow_settings(self) -> None:
        """Settings were applied: agent-adapter plugins whose runtime config changed start
        again before their tools are next used (a key entered on their page takes effect)."""
        for _name, instance in self.instances():
            if isinstance(instance, AgentAdapterToolPlugin):
                instance.settings_changed()

    async def aclose(self, deadline_seconds: float) -> None:
        """Close every plugin instance side by side; one that has not returned after
        `deadline_seconds` is left behind. Then the core."""
        closing = [
            asyncio.ensure_future(_close_plugin(name, instance))
            for name, instance in [*self.instances(), *self._retired]
        ]
        if closing:
            _done, stuck = await asyncio.wait(closing, timeout=deadline_seconds)
            for task in stuck:
                task.cancel()
            if stuck:
                logger.error(
                    "%d plugin(s) did not close within %g seconds; quitting without them",
                    len(stuck),
                    deadline_seconds,
                )
        for core in [*self._retired_cores, *([self._core] if self._core is not None else [])]:
            core.close()
        self._core = None


async def _close_plugin(name: str, instance: Any) -> None:
    for method_name in _CLOSE_METHODS:
        method = getattr(instance, method_name, None)
        if not callable(method):
            continue
        try:
            if inspect.iscoroutinefunction(method):
                await method()
            else:
                # A sync close may block (joins threads, network): it runs on a daemon
                # thread that quitting does not wait for.
                outcome = await _run_in_thread(method)
                if inspect.isawaitable(outcome):
                    await outcome
        except PLUGIN_FAULTS:  # one plugin failing to close must not keep others open
            logger.exception("Plugin %r failed in %s", name, method_name)
        return


async def _run_in_thread(function: Any) -> Any:
    """Run `function` on a daemon thread: unlike the default executor, a call that never
    returns does not keep the process alive after quitting."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(setter: Any, value: Any) -> None:
        if not future.done():
            setter(value)

    def work() -> None:
        try:
            outcome: tuple[Any, Any] = (future.set_result, function())
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting coroutine
            outcome = (future.set_exception, error)
        try:
            loop.call_soon_threadsafe(settle, *outcome)
        except RuntimeError:  # the loop closed while the call was still running
            logger.warning("A plugin finished closing after the app had quit")

    threading.Thread(target=work, name="plugin-close", daemon=True).start()
    return await future


def _record_for(plugin: Any) -> PluginRecord:
    """A catalog record for a plugin handed in directly (tests, embedding)."""
    name = getattr(plugin, "name", None) or getattr(plugin, "__name__", type(plugin).__name__)
    kind = plugin_kind(plugin)
    version = getattr(plugin, "version", None)
    error = None
    if kind == "unknown":
        error = "not recognised as a provider, extension, feature or tool plugin"
    return PluginRecord(
        name=str(name),
        kind=kind,
        version=str(version) if version is not None else None,
        source="given to AgentApplication",
        plugin=plugin if error is None else None,
        error=error,
    )
