"""Agent-adapter tool plugins (the `agent_adapter.tool_plugins` model) as core tool plugins.

An agent-adapter `ToolPlugin` has a `name`, a `namespace`, a list of `tools` named
`<namespace>__<tool>`, and async `initialize(runtime)`, `execute(tool_name, args)` and `shutdown()`.
`ToolPluginRegistry` is that model's registry; `AgentAdapterToolPlugin` shows one such plugin to
the core as an ordinary tool plugin. `initialize` runs on first use, with a `RuntimeAPI` whose
`secrets` live in the application's keyring-backed SecretStore and whose `state` is a JSON file
per plugin under the runtime-state folder.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent_app.paths import write_atomically
from agent_app.tool_loop import one_line

logger = logging.getLogger(__name__)

NAMESPACE_SEPARATOR = "__"
_NAMESPACE_PATTERN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")


@dataclass(frozen=True)
class ToolDefinition:
    """One tool of an agent-adapter plugin, as the agent sees it."""

    name: str
    description: str
    input_schema: dict[str, Any]
    annotations: dict[str, Any] | None = None


class ToolPlugin(ABC):
    """Base class for agent-adapter tool plugins (subclassing it is optional; duck typing works)."""

    @property
    @abstractmethod
    def name(self) -> str: ...

    @property
    @abstractmethod
    def namespace(self) -> str: ...

    @property
    @abstractmethod
    def tools(self) -> list[ToolDefinition]: ...

    async def initialize(self, runtime: RuntimeAPI) -> None:
        """Called once before the first tool call."""

    @abstractmethod
    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]: ...

    async def shutdown(self) -> None:
        """Called when the application shuts down."""


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


@dataclass(frozen=True)
class RuntimeAPI:
    """What an agent-adapter plugin receives in `initialize(runtime)`."""

    secrets: SecretsAPI
    state: PluginStateStore

    @classmethod
    def for_plugin(cls, plugin: Any, *, secret_store: Any, state_root: Path) -> RuntimeAPI:
        file_name = re.sub(r"[^A-Za-z0-9_.-]", "_", plugin.name) + ".json"
        return cls(
            secrets=SecretsAPI(secret_store, plugin.namespace),
            state=PluginStateStore(Path(state_root) / "agent_adapter" / file_name),
        )


RuntimeFactory = Callable[[Any], RuntimeAPI]


def runtime_factory_for_app(app: Any) -> RuntimeFactory:
    """RuntimeAPIs backed by the application's SecretStore and runtime-state folder."""

    def make_runtime(plugin: Any) -> RuntimeAPI:
        return RuntimeAPI.for_plugin(
            plugin, secret_store=app.secrets, state_root=app.paths.runtime_state_root
        )

    return make_runtime


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


class ToolPluginRegistry:
    """Holds agent-adapter tool plugins, routes tool calls by name, initializes on first use."""

    def __init__(self, runtime_factory: RuntimeFactory | None = None):
        self.runtime_factory = runtime_factory
        self._plugins: dict[str, _Registered] = {}
        self._tool_owner: dict[str, str] = {}

    def register(self, plugin: Any) -> None:
        name, namespace = plugin.name, plugin.namespace
        if not isinstance(name, str) or not name:
            raise ValueError(f"tool plugin {type(plugin).__name__} has no name")
        if not isinstance(namespace, str) or not _NAMESPACE_PATTERN.match(namespace):
            raise ValueError(
                f"tool plugin {name!r} has an invalid namespace {namespace!r}: use letters, "
                "digits, '_' or '-', starting with a letter"
            )
        if name in self._plugins:
            raise ValueError(f"a tool plugin named {name!r} is already registered")
        tools = [_definition(tool) for tool in plugin.tools]
        prefix = namespace + NAMESPACE_SEPARATOR
        for tool in tools:
            if not tool.name.startswith(prefix) or tool.name == prefix:
                raise ValueError(
                    f"tool {tool.name!r} of plugin {name!r} must be named '{prefix}<tool>'"
                )
            if tool.name in self._tool_owner:
                raise ValueError(
                    f"tool {tool.name!r} of plugin {name!r} is already provided by plugin "
                    f"{self._tool_owner[tool.name]!r}"
                )
        self._plugins[name] = _Registered(plugin, tools)
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
        """Initialize every plugin now (otherwise each is initialized on its first tool call)."""
        for entry in self._plugins.values():
            await self._ensure_initialized(entry)

    async def _ensure_initialized(self, entry: _Registered) -> None:
        if entry.lock is None:
            entry.lock = asyncio.Lock()
        async with entry.lock:
            if entry.initialized:
                return
            if self.runtime_factory is None:
                raise RuntimeError(
                    f"tool plugin {entry.plugin.name!r} cannot start: no runtime (secrets, state) "
                    "is available outside the application"
                )
            try:
                await entry.plugin.initialize(self.runtime_factory(entry.plugin))
            except Exception as exc:
                # Not remembered as failed: the next call tries again (e.g. after a secret is set).
                raise RuntimeError(
                    f"tool plugin {entry.plugin.name!r} failed to initialize: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc
            entry.initialized = True

    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]:
        owner = self._tool_owner.get(tool_name)
        if owner is None:
            raise LookupError(f"no registered tool plugin provides the tool {tool_name!r}")
        entry = self._plugins[owner]
        await self._ensure_initialized(entry)
        result: dict[str, Any] = await entry.plugin.execute(tool_name, args)
        return result

    async def shutdown(self) -> list[str]:
        """Shut down every initialized plugin (each gets its turn); returns the problems."""
        problems = []
        for name, entry in self._plugins.items():
            if not entry.initialized:
                continue
            try:
                await entry.plugin.shutdown()
            except Exception as exc:  # one plugin's failure must not skip the others' shutdown
                problem = f"tool plugin {name!r} failed to shut down: {type(exc).__name__}: {exc}"
                logger.warning(problem)
                problems.append(problem)
            entry.initialized = False
        return problems


# ------------------------------------------------------------------------------- core adapter


def _json_text(value: Any) -> str:
    """JSON for the model; values JSON cannot hold are shown by their repr instead of failing."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2, default=repr)


class AgentAdapterToolPlugin:
    """One agent-adapter tool plugin, shown to the core as an ordinary tool plugin."""

    kind = "tool"

    def __init__(self, plugin: Any, *, runtime_factory: RuntimeFactory | None = None):
        self.registry = ToolPluginRegistry(runtime_factory)
        self.registry.register(plugin)
        self.wrapped = plugin
        self.name: str = plugin.name
        self.version: str = getattr(plugin, "version", None) or "0"

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

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
        result = await self.registry.execute(str(tool_name), payload)
        return {"success": True, "result": result, "tool": tool_name}

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if result.get("success"):
            return _json_text(result.get("result"))
        return f"Error: {result.get('error')}"

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        value = result.get("result") if result.get("success") else result.get("error")
        compact = value if isinstance(value, str) else json.dumps(value, default=repr)
        summary = f"{result['tool']} → {compact}" if result.get("tool") else compact
        return {"type": "text", "content": text, "single_line": one_line(summary)}

    async def shutdown(self) -> list[str]:
        return await self.registry.shutdown()
