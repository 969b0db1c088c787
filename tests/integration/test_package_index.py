"""Plugins installed by their package name from a package index: a real index on the loopback
interface (PEP 691 JSON, or PEP 503 HTML) serving wheels built here, the app's own resolver
fetching the plugin and what it needs, checked against the index's SHA-256, then run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pydantic
import pytest
from tests.support.package_index_server import IndexContents, moon_plugin, package_index
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.application import AgentApplication
from agent_app.package_index import PackageIndex, is_package_requirement
from agent_app.paths import resolve_paths
from agent_app.plugin_cli import main as plugin_cli
from agent_app.plugin_installs import InstallRefused, PluginEnvironment, plugin_env_dir
from agent_app.settings import Settings, save_settings


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


async def test_a_plugin_named_on_the_index_installs_with_what_it_needs_and_runs(
    tmp_path: Path,
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    paths = resolve_paths(tmp_path / "home")
    with package_index(contents) as index_url:
        save_settings(Settings(plugin_index_url=index_url), paths.settings_path)
        app = AgentApplication(paths)
        try:
            installed = app.plugin_manager.install_package(plugin.name)
            assert installed.plugins == ["moon-tides"]
            app.set_approval_handler(ApprovalDesk("allow_once"))
            session = with_user_message(app.sessions.create_session(), "moon?")
            events = await collect(app, session, [tool_turn(("moon__phase", {})), "Waxing."])
            [result] = of_type(events, "tool_result")
            assert json.loads(result["message"]["content"]) == {"phase": "waxing", "maths": "2.0"}
        finally:
            await app.aclose()
    assert not any("pydantic" in asked for asked in contents.requests)  # the app's own
    env = PluginEnvironment(plugin_env_dir(paths.data_dir))
    entries = env.installed()
    assert entries[plugin.name]["origin"] == {"index": index_url, "requirement": plugin.name}
    assert entries[plugin.maths]["needed_by"] == [plugin.name]
    assert entries[plugin.maths]["version"] == "2.0"
    env.remove(plugin.name)  # its dependency goes with it
    assert env.installed() == {}
    assert not (plugin_env_dir(paths.data_dir) / plugin.maths_package).exists()


def test_a_pep_503_html_index_and_a_version_asked_for(tmp_path: Path) -> None:
    contents = IndexContents(html_only=True)
    plugin = moon_plugin(tmp_path / "dist", contents)
    env_dir = tmp_path / "env"
    with package_index(contents) as index_url:
        fetched = PackageIndex(index_url).fetch(
            f"{plugin.name}==0.4.0", env_dir, tmp_path / "downloads"
        )
    assert [(wheel.facts.name, wheel.facts.version) for wheel in fetched] == [
        (plugin.maths, "2.0"),
        (plugin.name, "0.4.0"),
    ]
    with (
        package_index(contents) as index_url,
        pytest.raises(InstallRefused, match=r"has no wheel of .*==9\.9 that runs on Python"),
    ):
        PackageIndex(index_url).fetch(f"{plugin.name}==9.9", env_dir, tmp_path / "d2")


def test_a_file_whose_hash_differs_from_the_index_is_refused_and_nothing_installed(
    tmp_path: Path,
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    contents.wrong_hashes.add(f"{plugin.maths_package}-2.0-py3-none-any.whl")
    paths = resolve_paths(tmp_path / "home")
    app = AgentApplication(paths)
    try:
        with package_index(contents) as index_url, pytest.raises(InstallRefused) as refused:
            app.plugin_manager.install_package(plugin.name, index_url)
    finally:
        app.close()
    assert "is not the file the index lists (its SHA-256 differs)" in str(refused.value)
    assert PluginEnvironment(plugin_env_dir(paths.data_dir)).installed() == {}


def test_a_dependency_that_pins_an_incompatible_pydantic_refuses_the_whole_install(
    tmp_path: Path,
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents, maths_requires=["pydantic<2"])
    paths = resolve_paths(tmp_path / "home")
    app = AgentApplication(paths)
    try:
        with package_index(contents) as index_url, pytest.raises(InstallRefused) as refused:
            app.plugin_manager.install_package(plugin.name, index_url)
    finally:
        app.close()
    assert f"{plugin.maths} 2.0 was not installed: it needs pydantic<2, and the app runs " in str(
        refused.value
    )
    assert pydantic.VERSION in str(refused.value)
    env_dir = plugin_env_dir(paths.data_dir)
    assert PluginEnvironment(env_dir).installed() == {}
    assert not (env_dir / plugin.maths_package).exists()  # nothing of it left behind


def test_the_terminal_installs_a_package_name_and_says_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    contents = IndexContents()
    plugin = moon_plugin(tmp_path / "dist", contents)
    home = str(tmp_path / "home")
    with package_index(contents) as index_url:
        install = ["--data-dir", home, "install", "--index-url", index_url]
        assert plugin_cli([*install, plugin.name]) == 0
        assert capsys.readouterr().out == f"Installed {plugin.name} 0.4.0: moon-tides\n"
        assert plugin_cli([*install, "no-such-plugin"]) == 1
        assert f"the package index {index_url} has no package called 'no-such-plugin'" in (
            capsys.readouterr().err
        )
    assert plugin_cli([*install, plugin.name]) == 1  # the index is gone now
    assert "could not be reached" in capsys.readouterr().err
    assert plugin_cli(["--data-dir", home, "remove", plugin.name]) == 0


@pytest.mark.parametrize(
    ("text", "names_a_package"),
    [
        ("moon-tides", True),
        ("moon_tides>=0.4", True),
        ("moon-tides[extra]", True),
        ("requests", True),
        ("my_package.MyPlugin", False),
        ("dist/moon_tides-0.4.0-py3-none-any.whl", False),
        ("path:/plugins/moon", False),
        ("git+https://example.org/moon.git", False),
        ("", False),
    ],
)
def test_what_counts_as_a_package_name(text: str, names_a_package: bool) -> None:
    assert is_package_requirement(text) is names_a_package
