"""Agent-adapter tool plugins (the `agent_adapter.tool_plugins` model) as core tool plugins.

An agent-adapter `ToolPlugin` (`agent_adapter_contracts.tool_plugins`) has a `name`, a
`namespace`, a list of `tools`, and async `initialize(runtime)`, `execute(tool_name, args)` and
`shutdown()`. `ToolPluginRegistry` is that model's registry; `AgentAdapterToolPlugin` shows one
such plugin to the core as an ordinary tool plugin.

Lifecycle, as the contract orders it: `initialize(runtime)` once at start-up
(`AgentApplication.astart`), then `tools` is read and registered, so a plugin may build its
tools in `initialize`. The runtime (`agent_adapter_contracts.runtime.RuntimeAPI`) carries
`secrets` (the application's keyring-backed SecretStore, confined to the plugin's namespace),
`state` (a JSON file per plugin under the runtime-state folder), `http` (an `httpx.AsyncClient`
closed at shutdown) and `config` (the plugin's own block from the config file's
``tool_plugins`` list, as in ``agent-adapter.yaml``).

Readings chosen where the contract is loose (the most permissive one each time):

- "Called once at startup": once per application run, successfully. A plugin whose `initialize`
  fails is reported, its tools (if `tools` can be read at all) are still listed, and it is tried
  again before the next request offers its tools and before each of its calls, so a secret set
  later makes it work without a restart. A plugin nobody started yet (an application used
  without `astart`) is started before its tools are first offered.
- "The namespace is enforced by convention": tools need not be named ``<namespace>__<tool>``;
  such a tool is registered under its own name (a log line says so). Only a tool name already
  taken by another plugin is refused. Any non-empty string is a namespace.
- Plugin config: the config file's ``tool_plugins`` entries ``{"id", "config"}``; ``id`` matches
  the plugin's `name`. ``${VAR}`` (the yaml's form) and ``${env:VAR}`` read the environment,
  ``${keyring:name}`` the keyring.
- Declared configuration: the contract declares none, so a plugin may declare its settings as
  the platform's plugins do, with `get_config_schema()` or a `config_schema` dict
  ({key: {type, default, description, secret}}). They get a settings page of their own (keys
  under the plugin's namespace block of the default agent: the runtime is one per application);
  a secret typed there is kept in the keyring under the name `runtime.secrets.retrieve(namespace,
  key)` reads. `runtime.config` is the declared defaults, under the ``tool_plugins`` entry,
  under the page's values. After a settings change that alters it, the plugin is shut down and
  initialized again before its tools are next used, so a key entered takes effect at once.
- `ToolDefinition`s may be the contract's dataclass, any object with the same attributes, or a
  dict (``input_schema`` or ``inputSchema``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent_adapter_contracts.runtime import RuntimeAPI
from agent_adapter_contracts.tool_plugins import ToolPlugin
from agent_adapter_contracts.types import ToolDefinition
from agent_app.adapters.tool_results import result_display, result_text
from agent_app.config import resolve_request_config
from agent_app.paths import write_atomically
from agent_core.hooks import PLUGIN_FAULTS
from agent_core.secret_names import is_secret_name

logger = logging.getLogger(__name__)

NAMESPACE_SEPARATOR = "__"
TOOL_PLUGINS_CONFIG_KEY = "tool_plugins"
HTTP_TIMEOUT_SECONDS = 30.0
__all__ = [
    "AgentAdapterToolPlugin",
    "RuntimeAPI",
    "ToolDefinition",
    "ToolPlugin",
    "ToolPluginRegistry",
    "runtime_for_plugin",
    "secret_name",
]


# ------------------------------------------------------------------------------- runtime API


class SecretsAPI:
    """A plugin's view of the SecretStore: only its own namespace, values never written to files."""

    def __init__(self, secret_store: Any, namespace: str):
        self._store = secret_store
        self._namespace = namespace

    def _key(self, namespace: str, key: str) -> str:
        if namespace != self._namespace:
            raise PermissionError(
                f"plugin namespace {self._namespace!r} may not use secrets of namespace "
                f"{namespace!r}"
            )
        if not key:
            raise ValueError("a secret needs a non-empty key")
        return secret_name(namespace, key)

    async def retrieve(self, namespace: str, key: str) -> str | None:
        # Keyring backends may block on D-Bus; keep the event loop free.
        return await asyncio.to_thread(self._store.get, self._key(namespace, key))

    async def store(self, namespace: str, key: str, value: str) -> None:
        await asyncio.to_thread(self._store.set, self._key(namespace, key), value)

    async def delete(self, namespace: str, key: str) -> None:
        await asyncio.to_thread(self._store.delete, self._key(namespace, key))


def secret_name(namespace: str, key: str) -> str:
    """The SecretStore entry that holds an agent-adapter plugin's secret (for settings UIs)."""
    return f"agent-adapter:{namespace}:{key}"


class PluginStateStore:
    """A small persistent key → JSON value store for one plugin, in one JSON file."""

    def __init__(self, path: Path):
        self.path = path

    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise RuntimeError(f"the plugin state file {self.path} cannot be read: {exc}") from exc
        if not isinstance(data, dict):
            raise RuntimeError(f"the plugin state file {self.path} does not hold a JSON object")
        return data

    def _write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, json.dumps(data, indent=2, sort_keys=True).encode("utf-8"))

    async def get(self, key: str, default: Any = None) -> Any:
        return self._read().get(key, default)

    async def set(self, key: str, value: Any) -> None:
        data = self._read()
        data[key] = value
        try:
            encoded = json.dumps(data, indent=2, sort_keys=True)
        except (TypeError, ValueError) as exc:
            raise TypeError(f"state value for {key!r} must be JSON-serializable: {exc}") from exc
        write_atomically(self.path, encoded.encode("utf-8"))

    async def delete(self, key: str) -> None:
        data = self._read()
        if data.pop(key, None) is not None:
            self._write(data)

    async def keys(self) -> list[str]:
        return sorted(self._read())


def runtime_for_plugin(
    plugin: Any,
    *,
    secret_store: Any,
    state_root: Path,
    config: dict[str, Any] | None = None,
    http: Any = None,
) -> RuntimeAPI:
    """The RuntimeAPI of one plugin: its secrets namespace, its state file, its config."""
    import httpx  # noqa: PLC0415 - httpx loads only when a plugin starts, off the start-up path

    file_name = re.sub(r"[^A-Za-z0-9_.-]", "_", plugin.name) + ".json"
    return RuntimeAPI(
        secrets=SecretsAPI(secret_store, plugin.namespace),
        state=PluginStateStore(Path(state_root) / "agent_adapter" / file_name),
        http=http
        if http is not None
        else httpx.AsyncClient(timeout=HTTP_TIMEOUT_SECONDS, follow_redirects=True),
        config=config,
    )


RuntimeFactory = Callable[[Any], RuntimeAPI]


class AppRuntimes:
    """RuntimeAPIs backed by the application's SecretStore, runtime-state folder and config
    (called with a plugin, it makes that plugin's runtime)."""

    def __init__(self, app: Any) -> None:
        self._app = app

    def __call__(self, plugin: Any) -> RuntimeAPI:
        return runtime_for_plugin(
            plugin,
            secret_store=self._app.secrets,
            state_root=self._app.paths.runtime_state_root,
            config=self.config_for(plugin),
        )

    def config_for(self, plugin: Any) -> dict[str, Any]:
        """The plugin's `runtime.config` as the settings are now (may read the keyring: call
        it off the event loop)."""
        app = self._app
        config = {
            key: entry["default"]
            for key, entry in declared_configuration(plugin).items()
            if isinstance(entry, dict) and entry.get("default") is not None
        }
        config.update(plugin_config(getattr(app, "config", None), plugin.name, app.secrets))
        build_agent_config = getattr(app, "build_agent_config", None)
        if build_agent_config is None:  # an application without agents: no page settings
            return config
        try:
            agent_config = build_agent_config(None)
        except (ValueError, LookupError) as exc:  # no default agent to take settings from
            logger.info("Plugin %r runs without page settings: %s", plugin.name, exc)
            return config
        block = agent_config.get(plugin.namespace)
        if isinstance(block, dict):
            config.update(resolve_request_config(block, secrets=app.secrets))
        return config


def runtime_factory_for_app(app: Any) -> AppRuntimes:
    """RuntimeAPIs backed by the application's SecretStore, runtime-state folder and config."""
    return AppRuntimes(app)


def declared_configuration(plugin: Any) -> dict[str, Any]:
    """What an agent-adapter plugin declares about its settings: `get_config_schema()` or a
    `config_schema` dict ({key: {type, default, description, secret}}); {} when neither."""
    method = getattr(plugin, "get_config_schema", None)
    declared = method() if callable(method) else getattr(plugin, "config_schema", None)
    if declared is None:
        return {}
    if not isinstance(declared, dict):
        raise TypeError(
            f"tool plugin {plugin.name!r} declares its configuration as "
            f"{type(declared).__name__}; it must be a dict of key -> entry"
        )
    return declared


_BARE_ENV_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def plugin_config(app_config: Any, plugin_name: str, secrets: Any = None) -> dict[str, Any]:
    """The ``config`` of the config file's ``tool_plugins`` entry whose ``id`` is `plugin_name`
    (``{}`` when there is none), references resolved in memory only."""
    extra = getattr(app_config, "model_extra", None) or {}
    for entry in extra.get(TOOL_PLUGINS_CONFIG_KEY) or []:
        if not isinstance(entry, dict) or entry.get("id") != plugin_name:
            continue
        config = entry.get("config") or {}
        if not isinstance(config, dict):
            raise ValueError(f"tool_plugins entry {plugin_name!r}: 'config' must be an object")
        spelled = json.loads(_BARE_ENV_REFERENCE.sub(r"${env:\1}", json.dumps(config)))
        return resolve_request_config(spelled, secrets=secrets)
    return {}


# ------------------------------------------------------------------------------- registry


def _definition(tool: Any) -> ToolDefinition:
    """This module's ToolDefinition, another object with the same fields, or a dict."""

    def field(name: str, default: Any = None) -> Any:
        if isinstance(tool, dict):
            return tool.get(name, default)
        return getattr(tool, name, default)

    name, description = field("name"), field("description", "")
    schema = field("input_schema") or field("inputSchema") or {"type": "object", "properties": {}}
    if not isinstance(name, str) or not name:
        raise ValueError(f"a tool definition has no name: {tool!r}")
    annotations = field("annotations")
    if annotations is not None and not isinstance(annotations, dict):
        annotations = dict(annotations)
    return ToolDefinition(name, description or "", dict(schema), annotations)


@dataclass
class _Registered:
    plugin: Any
    tools: list[ToolDefinition]
    initialized: bool = False
    lock: asyncio.Lock | None = None
    lock_loop: asyncio.AbstractEventLoop | None = None  # the loop the plugin starts on
    runtime: RuntimeAPI | None = None


class ToolPluginRegistry:
    """Holds agent-adapter tool plugins and routes tool calls by name.

    `register` indexes a plugin's tools; `initialize` starts every plugin not yet started and
    re-reads its tools (the contract's order: initialize, then the tools are registered). A
    call to a plugin that was never started starts it first.
    """

    def __init__(self, runtime_factory: RuntimeFactory | None = None):
        self.runtime_factory = runtime_factory
        self._plugins: dict[str, _Registered] = {}
        self._tool_owner: dict[str, str] = {}

    def register(self, plugin: Any, *, read_tools: bool = True) -> None:
        """Add `plugin` and index its tools (with `read_tools=False` the tools are first read
        after its `initialize`)."""
        name, namespace = plugin.name, plugin.namespace
        if not isinstance(name, str) or not name:
            raise ValueError(f"tool plugin {type(plugin).__name__} has no name")
        if not isinstance(namespace, str) or not namespace:
            raise ValueError(f"tool plugin {name!r} needs a namespace (a non-empty string)")
        if name in self._plugins:
            raise ValueError(f"a tool plugin named {name!r} is already registered")
        entry = _Registered(plugin, [])
        self._plugins[name] = entry
        if not read_tools:
            return
        try:
            self._index(name, entry)
        except PLUGIN_FAULTS:
            del self._plugins[name]
            raise

    def _index(self, name: str, entry: _Registered) -> None:
        """(Re-)read the plugin's `tools` and route their names to it."""
        tools = [_definition(tool) for tool in entry.plugin.tools]
        prefix = entry.plugin.namespace + NAMESPACE_SEPARATOR
        for tool in tools:
            owner = self._tool_owner.get(tool.name)
            if owner is not None and owner != name:
                raise ValueError(
                    f"tool {tool.name!r} of plugin {name!r} is already provided by plugin {owner!r}"
                )
            if not tool.name.startswith(prefix):
                logger.info(
                    "Tool %r of plugin %r is not named '%s<tool>' (a convention only); "
                    "registered as it is",
                    tool.name,
                    name,
                    prefix,
                )
        for tool_name in [tool for tool, owner in self._tool_owner.items() if owner == name]:
            del self._tool_owner[tool_name]
        entry.tools = tools
        for tool in tools:
            self._tool_owner[tool.name] = name

    def to_tool_definitions(self) -> list[ToolDefinition]:
        return [tool for entry in self._plugins.values() for tool in entry.tools]

    def resolve_tool(self, tool_name: str) -> Any | None:
        owner = self._tool_owner.get(tool_name)
        return self._plugins[owner].plugin if owner is not None else None

    def list_plugins(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "namespace": entry.plugin.namespace,
                "tool_count": len(entry.tools),
                "initialized": entry.initialized,
            }
            for name, entry in self._plugins.items()
        ]

    async def initialize(self) -> None:
        """Initialize every plugin not yet initialized, then re-read its tools."""
        for entry in self._plugins.values():
            await self._ensure_initialized(entry)

    async def _ensure_initialized(self, entry: _Registered) -> None:
        running = asyncio.get_running_loop()
        if entry.lock is None:
            entry.lock, entry.lock_loop = asyncio.Lock(), running
        if entry.lock_loop is not running:
            # Asked from a worker thread's own loop (a plugin query) while another loop may be
            # starting it: wait without touching the lock (an asyncio lock serves one loop).
            while entry.lock.locked():  # noqa: ASYNC110 - an Event would serve one loop too
                await asyncio.sleep(0.05)
            if entry.initialized:
                return
        async with entry.lock:
            if entry.initialized:
                return
            name = entry.plugin.name
            if entry.runtime is None:
                if self.runtime_factory is None:
                    raise RuntimeError(
                        f"tool plugin {name!r} cannot start: no runtime (secrets, state) is "
                        "available outside the application"
                    )
                entry.runtime = self.runtime_factory(entry.plugin)
            try:
                await entry.plugin.initialize(entry.runtime)
            except PLUGIN_FAULTS as exc:
                # Not remembered as failed: the next call tries again (e.g. after a secret is set).
                self._list_tools_anyway(name, entry)
                raise RuntimeError(
                    f"tool plugin {name!r} failed to initialize: {type(exc).__name__}: {exc}"
                ) from exc
            entry.initialized = True
            try:
                self._index(name, entry)
            except PLUGIN_FAULTS as exc:
                raise RuntimeError(
                    f"tool plugin {name!r} lists unusable tools after initialize: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc

    def _list_tools_anyway(self, name: str, entry: _Registered) -> None:
        """After a failed `initialize`, list the tools if they can be read, so the model can
        call them and each call retries the start (and says why it fails)."""
        if entry.tools:
            return
        try:
            self._index(name, entry)
        except PLUGIN_FAULTS as exc:  # tools built in initialize: none to list until it succeeds
            logger.info("Tools of plugin %r cannot be listed before it starts: %s", name, exc)

    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]:
        owner = self._tool_owner.get(tool_name)
        if owner is None:
            raise LookupError(f"no registered tool plugin provides the tool {tool_name!r}")
        entry = self._plugins[owner]
        await self._ensure_initialized(entry)
        result: dict[str, Any] = await entry.plugin.execute(tool_name, args)
        return result

    async def restart_where_config_changed(self) -> list[str]:
        """Shut down each started plugin whose `runtime.config` the settings now make different
        (a key entered, a value changed), so the next use initializes it with a new runtime.
        Returns the names restarted."""
        config_for = getattr(self.runtime_factory, "config_for", None)
        if config_for is None:
            return []
        changed = []
        for name, entry in self._plugins.items():
            if entry.runtime is None:
                continue
            wanted = await asyncio.to_thread(config_for, entry.plugin)  # the keyring may block
            if wanted != entry.runtime.config:
                changed.append(name)
        for name in changed:
            await self._stop(name, self._plugins[name])
        return changed

    async def shutdown(self) -> list[str]:
        """Shut down every initialized plugin (each gets its turn); returns the problems."""
        problems = []
        for name, entry in self._plugins.items():
            problem = await self._stop(name, entry)
            if problem:
                problems.append(problem)
        return problems

    async def _stop(self, name: str, entry: _Registered) -> str | None:
        """Shut one plugin down (if started) and close its runtime; the problem in words."""
        problem = None
        if entry.initialized:
            try:
                await entry.plugin.shutdown()
            except PLUGIN_FAULTS as exc:  # one plugin's failure must not skip the others
                problem = f"tool plugin {name!r} failed to shut down: {type(exc).__name__}: {exc}"
                logger.warning(problem)
            entry.initialized = False
        runtime, entry.runtime = entry.runtime, None
        close = getattr(getattr(runtime, "http", None), "aclose", None)
        if close is not None:
            await close()
        return problem


# ------------------------------------------------------------------------------- core adapter


class AgentAdapterToolPlugin:
    """One agent-adapter tool plugin, shown to the core as an ordinary tool plugin."""

    kind = "tool"

    def __init__(self, plugin: Any, *, runtime_factory: RuntimeFactory | None = None):
        self.registry = ToolPluginRegistry(runtime_factory)
        self.registry.register(plugin, read_tools=False)
        self.wrapped = plugin
        self.name: str = plugin.name
        self.version: str = getattr(plugin, "version", None) or "0"
        self._settings_may_have_changed = False

    def settings_changed(self) -> None:
        """The user's settings changed: before the tools are next used, the plugin is
        initialized again if its `runtime.config` is no longer what it started with."""
        self._settings_may_have_changed = True

    async def _follow_settings(self) -> None:
        # Only before a call (on the loop requests run on): `prepare_async` may also run on a
        # worker thread's own loop, where the plugin's runtime (its HTTP client) cannot close.
        if self._settings_may_have_changed:
            self._settings_may_have_changed = False
            for name in await self.registry.restart_where_config_changed():
                logger.info("Tool plugin %r is started again with its new settings", name)

    def get_config_schema(self) -> dict[str, Any]:
        """The plugin's declared configuration as settings under its namespace block; secrets
        are kept in the keyring where `runtime.secrets.retrieve(namespace, key)` reads them."""
        namespace = self.wrapped.namespace
        schema: dict[str, Any] = {}
        for key, entry in declared_configuration(self.wrapped).items():
            described = dict(entry) if isinstance(entry, dict) else {"default": entry}
            if described.get("secret") is True or is_secret_name(key):
                described["secret"] = True
                described["secret_name"] = secret_name(namespace, key)
            schema[f"{namespace}.{key}"] = described
        return schema

    async def start(self, runtime_factory: RuntimeFactory | None = None) -> str | None:
        """`initialize(runtime)` now (application start-up), then read the tools; returns the
        problem in words when it failed (it is tried again before the tools are next offered)."""
        if self.registry.runtime_factory is None:
            self.registry.runtime_factory = runtime_factory
        try:
            await self.registry.initialize()
        except PLUGIN_FAULTS as exc:  # reported by the caller; the app and other plugins go on
            logger.warning("%s", exc)
            return str(exc)
        return None

    def declared_tools(self) -> list[ToolDefinition]:
        """The tools the plugin lists before it was started (what it is, before enabling)."""
        return [_definition(tool) for tool in self.wrapped.tools]

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    async def prepare_async(
        self, config: dict[str, Any], state: dict[str, Any], *, context: Any = None
    ) -> dict[str, Any]:
        """Make sure the plugin was started before its tools are offered to the model."""
        app = (context or {}).get("app") if isinstance(context, dict) else None
        factory = runtime_factory_for_app(app) if app is not None else None
        if self.registry.runtime_factory is None and factory is None:
            return {}  # nothing to start it with here; the application starts it (`astart`)
        await self.start(factory)
        return {}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        schemas = []
        for tool in self.registry.to_tool_definitions():
            schema: dict[str, Any] = {
                "type": "function",
                "function": {
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": tool.input_schema,
                },
            }
            if tool.annotations:
                schema["annotations"] = dict(tool.annotations)
            schemas.append(schema)
        return schemas

    async def execute_tool_async(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
        **_: Any,
    ) -> dict[str, Any]:
        app = (context or {}).get("app")
        if self.registry.runtime_factory is None and app is not None:
            self.registry.runtime_factory = runtime_factory_for_app(app)
        if not isinstance(payload, dict):
            raise TypeError(f"the arguments of {tool_name!r} must be a JSON object")
        await self._follow_settings()
        await self.registry.initialize()  # started already, or now; raises saying why not
        result = await self.registry.execute(str(tool_name), payload)
        return {"success": True, "result": result, "tool": tool_name}

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        return result_text(result)

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        return result_display(text, result)

    async def shutdown(self) -> list[str]:
        return await self.registry.shutdown()
