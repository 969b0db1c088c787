"""Plugin discovery against real plugin folders, real dist-info metadata and installed plugins."""

from __future__ import annotations

import asyncio
import sys
import uuid
from pathlib import Path

import pytest
from tests.support.plugin_fixtures import write_distribution, write_plugin_folder

from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin
from agent_app.adapters.openhands import OpenHandsToolPlugin
from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import discover_plugins, plugin_kind
from agent_app.settings import Settings

FOUR_KINDS = """
class LocalProvider:
    name = "local_provider"
    version = "2.0.0"
    def init(self, config):
        return {"config": config}
    def to_native_messages(self, messages, state):
        return messages
    def stream_api(self, native_messages, state, *, request_id=None):
        yield from ()

class LocalExtension:
    name = "local_extension"
    def init(self, config, state):
        return state
    def process_chunk(self, native_chunk, partial_messages, final_messages, native_messages, state):
        return partial_messages, final_messages, native_messages, state
    def finalize(self, final_messages, native_messages, state):
        return final_messages, native_messages, state

class LocalFeature:
    name = "local_feature"
    def finalize(self, final_messages, native_messages, state):
        return final_messages, native_messages, state

class LocalTool:
    name = "local_tool"
    def get_tool_schemas(self, state, *, prepared=None):
        return []

class Mystery:
    name = "mystery"

class DeclaredFeature:
    kind = "feature"
    name = "declared_feature"
    def get_tool_schemas(self, state):
        return []
"""


@pytest.fixture
def package() -> str:
    """A package name no other test (or earlier import) has used."""
    return f"fixture_plugins_{uuid.uuid4().hex[:10]}"


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


def settings_with(*folders: Path) -> Settings:
    return Settings(plugin_folders=[str(folder) for folder in folders])


def test_installed_first_party_plugins_are_found_through_entry_points() -> None:
    from scripted_provider import ScriptedProvider

    catalog = discover_plugins(resolve_paths(), Settings())

    scripted = catalog.get("scripted")
    assert scripted is not None
    assert scripted.ok
    assert scripted.kind == "provider"
    assert scripted.plugin is ScriptedProvider
    assert scripted.source == "package agent-desktop-scripted-provider"
    assert scripted.version == "0.1.0"
    assert ScriptedProvider in catalog.loaded()
    assert all(record.error is None for record in catalog if record.source.startswith("package"))


def test_local_folder_entries_are_classified_by_duck_typing(tmp_path: Path, package: str) -> None:
    classes = ("LocalProvider", "LocalExtension", "LocalFeature", "LocalTool")
    folder = write_plugin_folder(
        tmp_path / "local",
        {"entries": [f"{package}.plugins.{name}" for name in classes]},
        {f"{package}/__init__.py": "", f"{package}/plugins.py": FOUR_KINDS},
    )

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    kinds = {record.name: record.kind for record in catalog if record.source.startswith("folder")}
    assert kinds == {
        "local_provider": "provider",
        "local_extension": "extension",
        "local_feature": "feature",
        "local_tool": "tool",
    }
    provider = catalog.get("local_provider")
    assert provider is not None
    assert provider.version == "2.0.0"
    assert provider.source == f"folder {folder}"
    assert provider.plugin.__name__ == "LocalProvider"
    assert provider.plugin in catalog.loaded()


def test_explicit_kind_attribute_and_kinds_map_win_over_duck_typing(
    tmp_path: Path, package: str
) -> None:
    folder = write_plugin_folder(
        tmp_path / "explicit",
        {
            "entries": [f"{package}.plugins.DeclaredFeature", f"{package}.plugins.Mystery"],
            "kinds": {"Mystery": "provider_extension"},
        },
        {f"{package}/__init__.py": "", f"{package}/plugins.py": FOUR_KINDS},
    )

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    assert catalog.get("declared_feature").kind == "feature"  # has get_tool_schemas, says feature
    mystery = catalog.get("mystery")
    assert mystery.kind == "extension"
    assert mystery.ok


def test_unrecognised_class_and_unknown_kind_name_are_reported(
    tmp_path: Path, package: str
) -> None:
    folder = write_plugin_folder(
        tmp_path / "odd",
        {
            "entries": [f"{package}.plugins.Mystery", f"{package}.plugins.LocalTool"],
            "kinds": {f"{package}.plugins.LocalTool": "gadget"},
        },
        {f"{package}/__init__.py": "", f"{package}/plugins.py": FOUR_KINDS},
    )

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    mystery = catalog.get("mystery")
    assert not mystery.ok
    assert "not recognised as a provider, extension, feature or tool" in mystery.error
    assert "kind" in mystery.error
    gadget = catalog.get("local_tool")
    assert not gadget.ok
    assert "unknown kind 'gadget'" in gadget.error
    assert gadget.plugin is None


def test_a_plugin_that_fails_to_import_is_listed_and_the_rest_load(
    tmp_path: Path, package: str
) -> None:
    folder = write_plugin_folder(
        tmp_path / "mixed",
        {
            "entries": [
                f"{package}.broken.Broken",
                f"{package}.plugins.NotThere",
                f"{package}.plugins.LocalTool",
            ]
        },
        {
            f"{package}/__init__.py": "",
            f"{package}/plugins.py": FOUR_KINDS,
            f"{package}/broken.py": "import a_module_that_does_not_exist_anywhere\n",
        },
    )

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    broken = catalog.get("Broken")
    assert broken.plugin is None
    assert "a_module_that_does_not_exist_anywhere" in broken.error
    assert "ModuleNotFoundError" in broken.error
    assert f"{package}.broken.Broken" in broken.error
    missing = catalog.get("NotThere")
    assert "has no attribute 'NotThere'" in missing.error
    assert catalog.get("local_tool").ok
    assert [record.name for record in catalog.failed() if "folder" in record.source] == [
        "Broken",
        "NotThere",
    ]


@pytest.mark.parametrize(
    ("descriptor", "expected"),
    [
        ("{ not json", "not valid JSON"),
        ('["a.B"]', "must hold a JSON object"),
        ('{"entries": []}', '"entries" must be a non-empty list'),
        ('{"entries": ["NoDots"]}', "dotted class paths"),
        ('{"entries": [".."]}', "dotted class paths"),
        ('{"entries": ["a..B"]}', "dotted class paths"),
        ('{"entries": ["a.B C"]}', "dotted class paths"),
        ('{"entries": ["a.B"], "version": [1, 2]}', '"version" must be text'),
        pytest.param(
            "[" * 100_000 + "]" * 100_000,
            "not readable JSON (RecursionError)",
            id="nested 100,000 levels",
        ),
        ('{"entries": ["a.B"], "kinds": ["tool"]}', '"kinds" must map'),
        (
            '{"entries": ["a.B"], "subdirectory": "../elsewhere"}',
            "points outside the plugin folder",
        ),
        ('{"entries": ["a.B"], "subdirectory": "missing"}', "is not a folder"),
    ],
)
def test_bad_descriptors_are_reported_with_the_file_and_the_fix(
    tmp_path: Path, descriptor: str, expected: str
) -> None:
    (tmp_path / "elsewhere").mkdir()
    folder = write_plugin_folder(tmp_path / "bad", descriptor)

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    [record] = [record for record in catalog if record.source == f"folder {folder}"]
    assert not record.ok
    assert str(folder / "agent_plugin.json") in record.error
    assert expected in record.error


def test_missing_folder_is_reported(tmp_path: Path) -> None:
    catalog = discover_plugins(resolve_paths(), settings_with(tmp_path / "gone"))

    [record] = [record for record in catalog if "gone" in record.source]
    assert "does not exist" in record.error


def test_monorepo_subdirectory_and_workspace_dependency(tmp_path: Path, package: str) -> None:
    helper = f"{package}_helper"
    repo = tmp_path / "repo"
    write_plugin_folder(
        repo,
        {
            "entries": [f"{package}.tool.HelperTool"],
            "subdirectory": "packages/tool",
            "local_workspace_dependencies": [{"name": helper, "path": "packages/helper"}],
        },
        {
            f"packages/tool/src/{package}/__init__.py": "",
            f"packages/tool/src/{package}/tool.py": f"""
                from {helper} import TOOL_NAME

                class HelperTool:
                    name = TOOL_NAME
                    def get_tool_schemas(self, state):
                        return []
            """,
            f"packages/helper/{helper}.py": "TOOL_NAME = 'helped_tool'\n",
        },
        source_root="",
    )

    catalog = discover_plugins(resolve_paths(), settings_with(repo))

    record = catalog.get("helped_tool")
    assert record is not None, [r.error for r in catalog.failed()]
    assert record.ok
    assert record.kind == "tool"


def test_user_plugin_directory_subfolders(tmp_path: Path, package: str) -> None:
    paths = resolve_paths(tmp_path / "home")
    write_plugin_folder(
        paths.user_plugins_dir / "mine",
        {"entries": [f"{package}.plugins.LocalFeature"]},
        {f"{package}/__init__.py": "", f"{package}/plugins.py": FOUR_KINDS},
    )
    (paths.user_plugins_dir / "notes").mkdir()
    (paths.user_plugins_dir / "__pycache__").mkdir()
    (paths.user_plugins_dir / "README.txt").write_text("not a plugin")

    catalog = discover_plugins(paths, Settings())

    feature = catalog.get("local_feature")
    assert feature.ok
    assert feature.source == f"user plugin folder {paths.user_plugins_dir / 'mine'}"
    notes = catalog.get("notes")
    assert "no agent_plugin.json" in notes.error
    assert catalog.get("__pycache__") is None


def test_no_user_plugin_directory_is_fine(tmp_path: Path) -> None:
    catalog = discover_plugins(resolve_paths(tmp_path / "fresh"), Settings())

    assert not any("user plugin folder" in record.source for record in catalog)


def test_second_plugin_of_a_name_is_refused(tmp_path: Path, package: str) -> None:
    modules = {f"{package}/__init__.py": "", f"{package}/plugins.py": FOUR_KINDS}
    entries = {"entries": [f"{package}.plugins.LocalTool"]}
    first = write_plugin_folder(tmp_path / "first", entries, modules)
    second = write_plugin_folder(tmp_path / "second", entries)

    catalog = discover_plugins(resolve_paths(), settings_with(first, second))

    copies = [record for record in catalog if record.name == "local_tool"]
    assert [record.ok for record in copies] == [True, False]
    assert f"already loaded from folder {first}" in copies[1].error
    assert catalog.loaded().count(copies[0].plugin) == 1


def test_agent_adapter_and_openhands_tools_in_a_folder_are_wrapped(
    tmp_path: Path, package: str
) -> None:
    folder = write_plugin_folder(
        tmp_path / "other-models",
        {"entries": [f"{package}.tools.KnowledgeBase", f"{package}.tools.ShoutTool"]},
        {
            f"{package}/__init__.py": "",
            f"{package}/tools.py": """
                from pydantic import Field
                from agent_app.adapters.agent_adapter import ToolDefinition as AdapterTool
                from agent_app.adapters.openhands import (
                    Action, Observation, ToolDefinition, ToolExecutor,
                )

                class KnowledgeBase:
                    name = "knowledge-base"
                    namespace = "kb"
                    tools = [AdapterTool("kb__search", "Search", {"type": "object"})]
                    async def initialize(self, runtime):
                        pass
                    async def execute(self, tool_name, args):
                        return {}

                class ShoutAction(Action):
                    text: str = Field(description="what to shout")

                class Shout(ToolExecutor):
                    def __call__(self, action, conversation=None):
                        return Observation.from_text(action.text.upper())

                class ShoutTool(ToolDefinition):
                    @classmethod
                    def create(cls, conv_state=None, **params):
                        return [cls(description="Shout", action_type=ShoutAction, executor=Shout())]
            """,
        },
    )

    catalog = discover_plugins(resolve_paths(), settings_with(folder))

    knowledge = catalog.get("knowledge-base")
    assert knowledge.ok
    assert knowledge.kind == "tool"
    assert isinstance(knowledge.plugin, AgentAdapterToolPlugin)
    assert knowledge.plugin.get_tool_schemas({}) == []  # `tools` is read after `initialize`
    assert asyncio.run(knowledge.plugin.start(lambda plugin: None)) is None
    assert [s["function"]["name"] for s in knowledge.plugin.get_tool_schemas({})] == ["kb__search"]
    shout = catalog.get("ShoutTool")
    assert isinstance(shout.plugin, OpenHandsToolPlugin)
    assert [s["function"]["name"] for s in shout.plugin.get_tool_schemas({})] == ["shout"]


def test_entry_points_from_installed_distributions(
    tmp_path: Path, package: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    write_distribution(
        site,
        f"{package}-dist",
        "3.1.4",
        {
            "agent_core.plugins": {
                "fixture_tool": f"{package}.plugins:LocalTool",
                "fixture_broken": f"{package}.missing:Nothing",
                "fixture_openhands": f"{package}.openhands_tool:EchoTool",
            },
            "agent_adapter.tool_plugins": {
                "notify": f"{package}.adapter:Notify",
                "bad_notify": f"{package}.adapter:BadNamespace",
            },
        },
        {
            f"{package}/__init__.py": "",
            f"{package}/plugins.py": FOUR_KINDS,
            f"{package}/openhands_tool.py": """
                from agent_app.adapters.openhands import Action, Observation, ToolDefinition

                class EchoAction(Action):
                    text: str

                class EchoTool(ToolDefinition):
                    @classmethod
                    def create(cls, conv_state=None, **params):
                        return [cls(description="Echo", action_type=EchoAction)]
            """,
            f"{package}/adapter.py": """
                class Notify:
                    name = "notify"
                    namespace = "notify"
                    tools = [{"name": "notify__send", "description": "Send",
                              "input_schema": {"type": "object"}}]
                    async def initialize(self, runtime):
                        pass
                    async def execute(self, tool_name, args):
                        return {"sent": True}

                class BadNamespace(Notify):
                    name = "bad-notify"
                    tools = [{"name": "send", "input_schema": {"type": "object"}}]
            """,
        },
    )
    monkeypatch.syspath_prepend(str(site))

    catalog = discover_plugins(resolve_paths(), Settings())

    tool = catalog.get("local_tool")
    assert tool.ok
    assert tool.source == f"package {package}-dist"
    assert tool.version == "3.1.4"
    broken = catalog.get("fixture_broken")
    assert "could not import" in broken.error
    assert "ModuleNotFoundError" in broken.error
    notify = catalog.get("notify")
    assert isinstance(notify.plugin, AgentAdapterToolPlugin)
    assert notify.version == "3.1.4"
    echo = catalog.get("fixture_openhands")
    assert isinstance(echo.plugin, OpenHandsToolPlugin)
    assert echo.source == f"package {package}-dist"
    # The namespace is a convention: a tool not named `notify__...` loads under its own name.
    unprefixed = catalog.get("bad-notify")
    assert unprefixed.ok
    assert asyncio.run(unprefixed.plugin.start(lambda plugin: None)) is None
    assert [s["function"]["name"] for s in unprefixed.plugin.get_tool_schemas({})] == ["send"]


def test_plugin_kind_of_instances_and_first_party_classes() -> None:
    from scripted_provider import ScriptedProvider
    from think_finish_tools import ThinkFinishTools

    assert plugin_kind(ScriptedProvider) == "provider"
    assert plugin_kind(ScriptedProvider()) == "provider"
    assert plugin_kind(ThinkFinishTools()) == "tool"
