"""Agent-adapter tool plugins: registry, runtime (real SecretStore, JSON state), core adapter."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest
from tests.support.agent_adapter_plugins import NotesPlugin

from agent_app.adapters.agent_adapter import (
    AgentAdapterToolPlugin,
    RuntimeAPI,
    ToolPluginRegistry,
    runtime_for_plugin,
    secret_name,
)
from agent_app.paths import resolve_paths
from agent_app.secrets import SecretStore


class DuckPlugin:
    """An agent-adapter plugin that does not subclass anything, with dict tool definitions."""

    name = "duck"
    namespace = "duck"
    version = "1.2.3"
    tools: ClassVar = [
        {"name": "duck__quack", "description": "Quack", "input_schema": {"type": "object"}}
    ]

    async def initialize(self, runtime: RuntimeAPI) -> None:
        pass

    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"sound": "quack", "when": object()}  # not JSON-serializable on purpose

    async def shutdown(self) -> None:
        raise OSError("pond drained")


@pytest.fixture
def secrets() -> SecretStore:
    return SecretStore()


@pytest.fixture
def state_root(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def registry(secrets: SecretStore, state_root: Path) -> ToolPluginRegistry:
    return ToolPluginRegistry(
        lambda plugin: runtime_for_plugin(plugin, secret_store=secrets, state_root=state_root)
    )


async def test_registry_routes_calls_and_initializes_once(
    registry: ToolPluginRegistry, secrets: SecretStore, state_root: Path
) -> None:
    notes = NotesPlugin()
    registry.register(notes)
    registry.register(DuckPlugin())
    secrets.set(secret_name("notes", "token"), "s3cret-token")

    assert [tool.name for tool in registry.to_tool_definitions()] == [
        "notes__add",
        "notes__list",
        "duck__quack",
    ]
    assert registry.resolve_tool("notes__list") is notes
    assert registry.resolve_tool("notes__nothing") is None
    assert registry.list_plugins()[0] == {
        "name": "notes-plugin",
        "namespace": "notes",
        "tool_count": 2,
        "initialized": False,
    }

    assert await registry.execute("notes__add", {"text": "milk"}) == {"added": "milk", "count": 1}
    assert await registry.execute("notes__add", {"text": "eggs"}) == {"added": "eggs", "count": 2}
    assert await registry.execute("notes__list", {}) == {"notes": ["milk", "eggs"]}
    assert notes.initialize_calls == 1
    assert notes.token == "s3cret-token"
    assert registry.list_plugins()[0]["initialized"] is True

    state_file = state_root / "agent_adapter" / "notes-plugin.json"
    assert json.loads(state_file.read_text()) == {"notes": ["milk", "eggs"]}
    assert "s3cret-token" not in state_file.read_text()


async def test_state_survives_a_new_runtime(
    secrets: SecretStore, state_root: Path, registry: ToolPluginRegistry
) -> None:
    secrets.set(secret_name("notes", "token"), "t0ken-value")
    registry.register(NotesPlugin())
    await registry.execute("notes__add", {"text": "kept"})

    reopened = ToolPluginRegistry(
        lambda plugin: runtime_for_plugin(plugin, secret_store=secrets, state_root=state_root)
    )
    reopened.register(NotesPlugin())
    assert await reopened.execute("notes__list", {}) == {"notes": ["kept"]}


async def test_failed_initialize_is_reported_and_retried(
    registry: ToolPluginRegistry, secrets: SecretStore
) -> None:
    notes = NotesPlugin()
    registry.register(notes)

    with pytest.raises(RuntimeError, match=r"'notes-plugin' failed to initialize.*token first"):
        await registry.execute("notes__list", {})

    secrets.set(secret_name("notes", "token"), "late-token")
    assert await registry.execute("notes__list", {}) == {"notes": []}
    assert notes.initialize_calls == 2


async def test_unknown_tool_and_missing_runtime() -> None:
    registry = ToolPluginRegistry()
    registry.register(DuckPlugin())

    with pytest.raises(LookupError, match="no registered tool plugin provides the tool 'duck__x'"):
        await registry.execute("duck__x", {})
    with pytest.raises(RuntimeError, match="no runtime"):
        await registry.execute("duck__quack", {})


@pytest.mark.parametrize(
    ("namespace", "tools", "message"),
    [
        ("", [], "needs a namespace"),
        (None, [], "needs a namespace"),
        ("kb", [{"description": "nameless"}], "has no name"),
    ],
)
def test_registration_rules(namespace: str, tools: list[dict[str, Any]], message: str) -> None:
    plugin = SimpleNamespace(name="p", namespace=namespace, tools=tools)

    with pytest.raises(ValueError, match=message):
        ToolPluginRegistry().register(plugin)


def test_tool_names_and_plugin_names_must_be_unique() -> None:
    registry = ToolPluginRegistry()
    registry.register(DuckPlugin())

    with pytest.raises(ValueError, match="already registered"):
        registry.register(DuckPlugin())
    impostor = SimpleNamespace(name="impostor", namespace="duck", tools=DuckPlugin.tools)
    with pytest.raises(ValueError, match="already provided by plugin 'duck'"):
        registry.register(impostor)


async def test_secrets_are_confined_to_the_plugin_namespace(
    secrets: SecretStore, state_root: Path
) -> None:
    runtime = runtime_for_plugin(NotesPlugin(), secret_store=secrets, state_root=state_root)
    secrets.set("providers.openai.api_key", "sk-other-plugins-key")

    await runtime.secrets.store("notes", "token", "mine")
    assert secrets.get(secret_name("notes", "token")) == "mine"
    assert await runtime.secrets.retrieve("notes", "token") == "mine"
    with pytest.raises(PermissionError, match="may not use secrets of namespace 'providers'"):
        await runtime.secrets.retrieve("providers", "openai.api_key")
    await runtime.secrets.delete("notes", "token")
    assert await runtime.secrets.retrieve("notes", "token") is None


async def test_state_store_rejects_values_json_cannot_hold(
    secrets: SecretStore, state_root: Path
) -> None:
    runtime = runtime_for_plugin(DuckPlugin(), secret_store=secrets, state_root=state_root)
    await runtime.state.set("ok", {"n": 1})

    with pytest.raises(TypeError, match="'bad' must be JSON-serializable"):
        await runtime.state.set("bad", object())
    assert await runtime.state.keys() == ["ok"]  # the file was not half-written
    await runtime.state.delete("ok")
    assert await runtime.state.get("ok", "gone") == "gone"


async def test_shutdown_reaches_every_initialized_plugin(
    registry: ToolPluginRegistry, secrets: SecretStore
) -> None:
    notes = NotesPlugin()
    registry.register(DuckPlugin())
    registry.register(notes)
    secrets.set(secret_name("notes", "token"), "t0ken-value")
    await registry.initialize()

    problems = await registry.shutdown()

    assert problems == ["tool plugin 'duck' failed to shut down: OSError: pond drained"]
    assert notes.shutdown_calls == 1
    assert not any(plugin["initialized"] for plugin in registry.list_plugins())


async def test_core_adapter_schemas_execution_and_display(
    secrets: SecretStore, tmp_path: Path
) -> None:
    secrets.set(secret_name("notes", "token"), "t0ken-value")
    adapter = AgentAdapterToolPlugin(NotesPlugin())
    # Layer-2 context as the application builds it: the runtime comes from the app's stores.
    app = SimpleNamespace(secrets=secrets, paths=resolve_paths(tmp_path / "home"))

    # Tools are read after `initialize`: none before the plugin started.
    assert adapter.get_tool_schemas(adapter.init({})) == []
    await adapter.prepare_async({}, {}, context={"app": app})
    schemas = adapter.get_tool_schemas(adapter.init({}))
    assert adapter.name == "notes-plugin"
    assert schemas[1] == {
        "type": "function",
        "function": {
            "name": "notes__list",
            "description": "List notes",
            "parameters": {"type": "object", "properties": {}},
        },
        "annotations": {"readOnlyHint": True, "title": "List notes"},
    }
    assert "annotations" not in schemas[0]

    result = await adapter.execute_tool_async(
        "notes__add", {"text": "call mum"}, {}, context={"app": app}
    )
    text = adapter.format_tool_result(result, {})
    assert json.loads(text) == {"added": "call mum", "count": 1}
    display = adapter.to_display_format(text, result, {})
    assert display["content"] == text
    assert display["single_line"] == 'notes__add → {"added": "call mum", "count": 1}'
    state_file = app.paths.runtime_state_root / "agent_adapter" / "notes-plugin.json"
    assert json.loads(state_file.read_text()) == {"notes": ["call mum"]}

    with pytest.raises(TypeError, match="must be a JSON object"):
        await adapter.execute_tool_async("notes__add", "not json", {}, context={"app": app})
    assert await adapter.shutdown() == []


async def test_core_adapter_shows_non_json_results_readably() -> None:
    adapter = AgentAdapterToolPlugin(DuckPlugin(), runtime_factory=lambda plugin: None)

    result = await adapter.execute_tool_async("duck__quack", {}, {})
    text = adapter.format_tool_result(result, {})

    assert adapter.version == "1.2.3"
    assert '"sound": "quack"' in text
    assert "<object object at" in text
