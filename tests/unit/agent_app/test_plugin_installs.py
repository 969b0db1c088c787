"""Plugin wheels installed into the per-user plugin environment, checked against the app first;
and `agent-desktop plugin` doing the same from a terminal. Real wheels, real discovery."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path

import pydantic
import pytest
from tests.support.plugin_fixtures import tide_wheel, write_plugin_folder
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.plugin_cli import main as plugin_cli
from agent_app.plugin_installs import InstallRefused, plugin_env_dir


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


async def test_an_installed_wheel_runs_at_once_and_after_a_restart(tmp_path: Path) -> None:
    wheel, package = tide_wheel(tmp_path / "dist", requires=["pydantic>=2", "httpx"])
    paths = resolve_paths(tmp_path / "home")
    app = AgentApplication(paths)
    try:
        described = app.plugin_manager.describe_wheel(wheel)
        assert described["plugins"] == ["tide"]
        assert described["author"] == "Plugin Author"
        assert described["problems"] == []
        installed = app.plugin_manager.install_wheel(wheel)
        assert installed.plugins == ["tide-tables"]
        schema = {entry["key"] for entry in app.agents.build_core().get_config_schema()}
        assert "tide.api_key" in schema  # its settings page, from its declared configuration
        app.set_approval_handler(ApprovalDesk("allow_once"))
        session = with_user_message(app.sessions.create_session(), "tide?")
        events = await collect(app, session, [tool_turn(("tide__next", {})), "At 14:05."])
        [result] = of_type(events, "tool_result")
        assert json.loads(result["message"]["content"])["high_tide"] == "14:05"
    finally:
        await app.aclose()
    assert (plugin_env_dir(paths.data_dir) / package).is_dir()  # not in the app's environment

    sys.modules.pop(package, None)
    app = AgentApplication(paths)
    try:
        record = app.plugins.catalog.get("tide-tables")
        assert record is not None
        assert record.ok, record.error
        assert record.source.startswith("package tide-")
    finally:
        await app.aclose()


def test_a_wheel_pinning_an_incompatible_pydantic_is_refused_and_the_app_starts(
    tmp_path: Path,
) -> None:
    wheel, package = tide_wheel(tmp_path / "dist", requires=["pydantic<2"])
    paths = resolve_paths(tmp_path / "home")
    app = AgentApplication(paths)
    try:
        with pytest.raises(InstallRefused) as refused:
            app.plugin_manager.install_wheel(wheel)
    finally:
        app.close()
    assert str(refused.value) == (
        f"{package.replace('_', '-')} 1.2.0 was not installed: it needs pydantic<2, and the app "
        f"runs pydantic {pydantic.VERSION}: installing it would break the app (ask its author "
        f"for a version that works with pydantic {pydantic.VERSION})."
    )
    assert not (plugin_env_dir(paths.data_dir) / package).exists()
    app = AgentApplication(paths)  # the app still starts, without it
    try:
        assert app.plugins.catalog.get("tide-tables") is None
        assert app.plugins.loaded_names()  # with every other plugin
    finally:
        app.close()


def test_a_requirement_nothing_provides_is_named(tmp_path: Path) -> None:
    wheel, _package = tide_wheel(tmp_path / "dist", requires=["no-such-package-anywhere>=1"])
    app = AgentApplication(resolve_paths(tmp_path / "home"))
    try:
        with pytest.raises(InstallRefused, match="it needs no-such-package-anywhere>=1, which"):
            app.plugin_manager.install_wheel(wheel)
    finally:
        app.close()


def test_the_terminal_installs_lists_checks_and_removes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = str(tmp_path / "home")
    wheel, package = tide_wheel(tmp_path / "dist")
    assert plugin_cli(["--data-dir", home, "install", str(wheel)]) == 0
    assert "Installed tide-" in capsys.readouterr().out
    sys.modules.pop(package, None)
    assert plugin_cli(["--data-dir", home, "list"]) == 0
    listed = capsys.readouterr().out
    assert "tide-tables\ttool\t" in listed

    missing = f"path:{tmp_path / 'no-folder'}"
    assert plugin_cli(["--data-dir", home, "install", missing]) == 1
    assert f"the folder {tmp_path / 'no-folder'} does not exist" in capsys.readouterr().err
    folder = write_plugin_folder(tmp_path / "some-folder", {"name": "some", "version": "1.0"})
    source = f"path:{folder}"
    assert plugin_cli(["--data-dir", home, "install", source]) == 0
    config = json.loads(resolve_paths(home).config_path.read_text())
    assert config["plugins"] == [source]
    assert plugin_cli(["--data-dir", home, "remove", source]) == 0
    assert plugin_cli(["--data-dir", home, "remove", "tide-tables"]) == 0
    assert not (plugin_env_dir(resolve_paths(home).data_dir) / package).exists()
    assert plugin_cli(["--data-dir", home, "remove", "tide-tables"]) == 1
    assert "no installed plugin is called 'tide-tables'" in capsys.readouterr().err
    assert plugin_cli(["--data-dir", home, "install", "ftp://nowhere"]) == 1
    assert "is not one the app knows" in capsys.readouterr().err


def test_check_reports_what_a_folder_offers_and_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    home = str(tmp_path / "home")
    package = f"checked_{uuid.uuid4().hex[:8]}"
    folder = write_plugin_folder(
        tmp_path / "checked",
        {"entries": [f"{package}.Good", f"{package}.Missing"]},
        {
            f"{package}/__init__.py": """
                class Good:
                    name = "good"
                    def get_config_schema(self):
                        return {"good.level": {"type": "integer", "default": 1}}
                    def get_tool_schemas(self, state, *, prepared=None):
                        return [{"type": "function", "function": {"name": "be_good"}}]
            """
        },
    )
    assert plugin_cli(["--data-dir", home, "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "good\ttool\t" in out
    assert "good: settings: good.level" in out
    assert "good: tools: be_good" in out
    assert "good: PROBLEM" not in out
    assert f"Missing\tunknown\t-\tfolder {folder}\tNOT LOADED: could not import" in out


def test_check_says_when_asking_a_plugin_what_it_offers_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = f"asked_{uuid.uuid4().hex[:8]}"
    folder = write_plugin_folder(
        tmp_path / "asked",
        {"entries": [f"{package}.Broken"]},
        {
            f"{package}/__init__.py": """
                class Broken:
                    name = "broken"
                    def get_tool_schemas(self, state, *, prepared=None):
                        raise RuntimeError("the schema file is missing")
            """
        },
    )
    assert plugin_cli(["--data-dir", str(tmp_path / "home"), "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "broken: PROBLEM: asking it what it offers failed: RuntimeError: the schema" in out
