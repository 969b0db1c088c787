"""`agent-desktop plugin new NAME --kind KIND`: a plugin package to start from.

Each kind gets a folder that is at once an installable package (``pyproject.toml`` with the
entry point the app discovers) and a plugin folder (``agent_plugin.json``, so ``path:`` sources
and Settings → Plugins load it as it is), a settings element example (a ``config`` element with
a default, and `get_config_schema`), and a test that loads it through the app's own discovery
and runs it (``uv run pytest NAME/tests`` from a checkout). A ``node-tool`` is a JavaScript
module and its descriptor; its test runs it through the Node host.
"""

from __future__ import annotations

import re
from pathlib import Path

KINDS = ("tool", "feature", "provider", "extension", "node-tool")

_SETTINGS = """
    def get_config_schema(self) -> dict[str, Any]:
        # Declared settings: their page is generated, and the defaults are in effect from the
        # first request. Keys are dotted: "__PACKAGE__.greeting" is the agent's
        # "__PACKAGE__": {"greeting": ...} block.
        return {
            "__PACKAGE__.greeting": {
                "type": "string",
                "default": "Hello",
                "description": "How __NAME__ greets.",
            }
        }

    def get_ui_elements(self, config: dict[str, Any], context: Any = None) -> list[dict[str, Any]]:
        # A settings UI element: how the field above is drawn (label, placeholder, order).
        return [
            {
                "ui_type": "config",
                "key": "__PACKAGE__.greeting",
                "label": "Greeting",
                "placeholder": "Hello",
            }
        ]
"""

_CLASSES = {
    "tool": '''
class __CLASS__:
    """A tool plugin: one tool, `greet`."""

    name = "__NAME__"
    version = "0.1.0"
    kind = "tool"
__SETTINGS__
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"greeting": (config.get("__PACKAGE__") or {}).get("greeting", "Hello")}

    def get_tool_schemas(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {
                "type": "function",
                "function": {
                    "name": "greet",
                    "description": "Greet someone by name",
                    "parameters": {
                        "type": "object",
                        "properties": {"who": {"type": "string"}},
                        "required": ["who"],
                    },
                },
            }
        ]

    def execute_tool(self, tool_name: str, payload: Any, state: dict[str, Any], **_: Any) -> Any:
        return {"success": True, "result": f"{state['greeting']}, {payload['who']}!"}
''',
    "feature": '''
class __CLASS__:
    """A feature plugin: it signs every answer."""

    name = "__NAME__"
    version = "0.1.0"
    kind = "feature"
__SETTINGS__
    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return {**state, "greeting": (config.get("__PACKAGE__") or {}).get("greeting", "Hello")}

    def finalize(self, final_messages: list[Any], native_messages: list[Any], state: Any) -> Any:
        signed = [
            {**message, "content": f"{message.get('content', '')}\\n\\n— {state['greeting']}"}
            if isinstance(message, dict) and message.get("role") == "assistant"
            else message
            for message in final_messages
        ]
        return signed, native_messages, state
''',
    "provider": '''
class __CLASS__:
    """A provider plugin: it answers every message with its greeting (replace `stream_api`
    with calls to your model server)."""

    name = "__NAME__"
    version = "0.1.0"
    kind = "provider"
__SETTINGS__
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_models(self, config: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"id": "__NAME__-model", "name": "__NAME__"}]

    def to_native_messages(self, messages: list[Any], state: dict[str, Any]) -> list[Any]:
        return [{"role": m.get("role"), "content": m.get("content")} for m in messages]

    def from_native_messages(self, native: list[Any], state: dict[str, Any]) -> list[Any]:
        return [{"role": m["role"], "content": m["content"], "metadata": {}} for m in native]

    def stream_api(self, native_messages: list[Any], state: dict[str, Any], **_: Any) -> Any:
        greeting = (state["config"].get("__PACKAGE__") or {}).get("greeting", "Hello")
        yield {"role": "assistant", "content": greeting}
''',
    "extension": '''
class __CLASS__:
    """A provider extension: it sees every streamed chunk (here: passes it on unchanged)."""

    name = "__NAME__"
    version = "0.1.0"
    kind = "extension"
__SETTINGS__
    def init(self, config: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return state

    def process_chunk(
        self,
        native_chunk: Any,
        partial_messages: list[Any],
        final_messages: list[Any],
        native_messages: list[Any],
        state: Any,
    ) -> Any:
        return partial_messages, final_messages, native_messages, state
''',
}

_PYTHON_TEST = '''"""__NAME__ loads through the app's own discovery (a plugin folder) and runs."""

from pathlib import Path

from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import check_source

FOLDER = Path(__file__).resolve().parents[1]


def test_it_loads_through_discovery_and_runs(tmp_path: Path) -> None:
    [record] = check_source(str(FOLDER), resolve_paths(tmp_path))
    assert record.ok, record.error
    assert record.kind == "__KIND__"
    plugin = record.plugin()
    __RUN__
'''

_RUNS = {
    "tool": """state = plugin.init({})
    result = plugin.execute_tool("greet", {"who": "Ada"}, state)
    assert result == {"success": True, "result": "Hello, Ada!"}""",
    "feature": """state = plugin.init({}, {})
    finals, _native, _state = plugin.finalize([{"role": "assistant", "content": "Hi"}], [], state)
    assert finals[0]["content"].endswith("— Hello")""",
    "provider": """state = plugin.init({})
    assert list(plugin.stream_api([], state)) == [{"role": "assistant", "content": "Hello"}]""",
    "extension": """assert plugin.process_chunk({}, [], [], [], {}) == ([], [], [], {})""",
}

_NODE_MODULE = """// __NAME__: a Node tool plugin. Agent Desktop's Node host imports this module and
// speaks the platform's NDJSON protocol for it; emit(payload) streams a part into the tool row.

export function init({ config }) {
  return { value: null, state: { greeting: config.greeting ?? "Hello" } };
}

export function get_tool_schemas({ state }) {
  return [
    {
      name: "greet",
      description: "Greet someone by name",
      parameters: { type: "object", properties: { who: { type: "string" } }, required: ["who"] },
    },
  ];
}

export async function execute_tool({ tool_name, arguments: args, state }, { emit }) {
  emit({ text: `Greeting ${args.who}…` });
  return `${state.greeting}, ${args.who}!`;
}
"""

_NODE_TEST = '''"""__NAME__ loads through the app's own discovery and runs in a Node host."""

import asyncio
from pathlib import Path

from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import check_source

FOLDER = Path(__file__).resolve().parents[1]


def test_it_loads_through_discovery_and_runs(tmp_path: Path) -> None:
    [record] = check_source(str(FOLDER), resolve_paths(tmp_path))
    assert record.ok, record.error
    plugin = record.plugin

    async def greet() -> dict:
        try:
            return await plugin.execute_tool_async("greet", {"who": "Ada"}, plugin.init({}))
        finally:
            await plugin.aclose()

    assert asyncio.run(greet())["result"] == "Hello, Ada!"
'''

_PYPROJECT = """[project]
name = "__NAME__"
version = "0.1.0"
description = "An Agent Desktop plugin"
requires-python = ">=3.11"
dependencies = []

[project.entry-points."agent_core.plugins"]
__PACKAGE__ = "__PACKAGE__:__CLASS__"

[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[tool.hatch.build.targets.wheel]
packages = ["src/__PACKAGE__"]
"""


def scaffold(name: str, kind: str, parent: Path) -> Path:
    """Write the plugin package `name` of `kind` into `parent`; returns its folder. ValueError
    when the name or kind cannot be used, or the folder exists."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; use one of: {', '.join(KINDS)}")
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", name):
        raise ValueError(
            f"{name!r} cannot name a plugin: use letters, digits, '-' and '_', starting with a "
            "letter"
        )
    folder = parent / name
    if folder.exists():
        raise ValueError(f"{folder} exists already; choose another name or folder")
    package = re.sub(r"[^A-Za-z0-9_]", "_", name).lower()
    class_name = "".join(part.capitalize() for part in re.split(r"[-_]", name)) + "Plugin"
    tokens = {"__NAME__": name, "__PACKAGE__": package, "__CLASS__": class_name, "__KIND__": kind}

    def fill(text: str) -> str:
        for token, value in tokens.items():
            text = text.replace(token, value)
        return text

    files: dict[str, str]
    if kind == "node-tool":
        files = {
            "agent_plugin.json": '{\n  "entries": ["tool.mjs"],\n  "version": "0.1.0"\n}\n',
            "tool.mjs": _NODE_MODULE,
            f"tests/test_{package}.py": _NODE_TEST,
        }
    else:
        body = _CLASSES[kind].replace("__SETTINGS__", _SETTINGS)
        files = {
            "pyproject.toml": _PYPROJECT,
            "agent_plugin.json": f'{{\n  "entries": ["{package}.{class_name}"]\n}}\n',
            f"src/{package}/__init__.py": '"""__NAME__: an Agent Desktop plugin."""\n\n'
            "from typing import Any\n" + body,
            f"tests/test_{package}.py": _PYTHON_TEST.replace("__RUN__", _RUNS[kind]),
        }
    for relative, text in files.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(fill(text), encoding="utf-8")
    return folder
