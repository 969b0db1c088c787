"""Plugin sources as the config names them: `path:` folders, `git+` repositories (a real bare
repository on disk, cloned by real git) and dotted class paths, loaded from the plugin cache."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from tests.support.plugin_fixtures import (
    bare_plugin_repository,
    plugin_with_helper,
)
from tests.support.tool_loop_harness import (
    ApprovalDesk,
    collect,
    of_type,
    tool_turn,
    with_user_message,
)

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths
from agent_app.plugin_sources import (
    CACHE_INDEX_FILE_NAME,
    UNUSED_ENTRY_GRACE_SECONDS,
    SourceError,
    cached_folder,
    parse_source,
    prune_cache,
)


@pytest.fixture(autouse=True)
def restore_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))


def write_config(paths, sources: list[str], cache: Path) -> None:
    paths.ensure_exist()
    paths.config_path.write_text(
        json.dumps({"plugins": sources, "plugin_cache_dir": str(cache)}), encoding="utf-8"
    )


async def greet(app: AgentApplication) -> str:
    app.set_approval_handler(ApprovalDesk("allow_once"))  # a plugin's read-only hint is not trusted
    session = with_user_message(app.sessions.create_session(), "greet")
    events = await collect(app, session, [tool_turn(("greet", {})), "Done."])
    [result] = of_type(events, "tool_result")
    return str(result["message"]["content"])


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
async def test_a_git_source_is_cloned_into_the_cache_and_runs_from_it_after_a_restart(
    tmp_path: Path,
) -> None:
    bare = bare_plugin_repository(tmp_path)
    cache = tmp_path / "plugin-cache"
    paths = resolve_paths(tmp_path / "home")
    source = f"git+file://{bare}@main"
    write_config(paths, [source], cache)

    app = AgentApplication(paths)
    try:
        record = app.plugins.catalog.get("sourced")
        assert record is not None
        assert record.ok, record.error
        assert record.version == "0.3.0"
        assert record.source.startswith(f"plugin source {source}, cached in {cache}/")
        assert list(app.config.providers) == []  # the descriptor's "providers" is not config
        assert await greet(app) == "Result: hello from the helper"
    finally:
        await app.aclose()
    [entry] = [child for child in cache.iterdir() if child.is_dir()]
    assert entry.name.startswith("sourced-plugin-")
    assert (entry / "libs" / "helper").is_dir()  # installed with the plugin
    assert json.loads((cache / CACHE_INDEX_FILE_NAME).read_text()) == {source: entry.name}

    shutil.rmtree(bare)  # the repository is gone (or the machine offline): the cache serves
    app = AgentApplication(paths)
    try:
        record = app.plugins.catalog.get("sourced")
        assert record is not None
        assert record.ok, record.error
        assert await greet(app) == "Result: hello from the helper"
    finally:
        await app.aclose()


def test_a_path_source_is_cached_by_the_fingerprint_of_it_and_its_dependencies(
    tmp_path: Path,
) -> None:
    folder, helper = plugin_with_helper(tmp_path / "my-plugin")
    cache = tmp_path / "cache"
    source = parse_source(f"path:{folder}")
    first = cached_folder(source, cache)
    assert cached_folder(source, cache) == first  # unchanged: the same entry
    (folder / "libs" / "helper" / "src" / helper / "__init__.py").write_text(
        "def greeting():\n    return 'changed'\n"
    )
    second = cached_folder(source, cache)
    assert second != first  # a dependency's change is a new entry
    assert "changed" in (second / "libs" / "helper" / "src" / helper / "__init__.py").read_text()
    (folder / "agent_plugin.json").write_text(
        (folder / "agent_plugin.json").read_text().replace("0.3.0", "0.4.0")
    )
    assert cached_folder(source, cache) not in (first, second)


def test_a_dotted_class_path_source_loads_an_installed_plugin(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path / "home")
    write_config(paths, ["tests.support.agent_adapter_plugins.NotesPlugin"], tmp_path / "cache")
    app = AgentApplication(paths)
    try:
        record = app.plugins.catalog.get("notes-plugin")
        assert record is not None
        assert record.ok, record.error
        assert record.kind == "tool"
        assert record.source == "plugin source tests.support.agent_adapter_plugins.NotesPlugin"
    finally:
        app.close()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ftp://example.org/plugin", 'is not one the app knows; use "path:/absolute/folder"'),
        ("path:relative/folder", "the folder must be an absolute path"),
        ("git+", "names no repository"),
    ],
)
def test_a_source_the_app_cannot_read_says_why(text: str, problem: str) -> None:
    with pytest.raises(SourceError, match=problem.replace("(", r"\(")):
        parse_source(text)


def test_a_bad_source_is_left_out_with_its_reason_and_the_app_starts(tmp_path: Path) -> None:
    paths = resolve_paths(tmp_path / "home")
    missing = tmp_path / "nowhere.git"
    write_config(paths, [f"git+file://{missing}", "path:/no/such/folder"], tmp_path / "cache")
    app = AgentApplication(paths)
    try:
        problems = {record.name: record.error for record in app.plugins.catalog.failed()}
    finally:
        app.close()
    assert f"git+file://{missing} could not be fetched:" in str(problems[f"git+file://{missing}"])
    assert problems["path:/no/such/folder"] == (
        "the folder /no/such/folder does not exist (fix or remove the source)"
    )


def test_git_refs_are_read_after_the_last_slash() -> None:
    assert parse_source("git+ssh://git@host/team/plugin.git@v2").location == (
        "ssh://git@host/team/plugin.git"
    )
    assert parse_source("git+ssh://git@host/team/plugin.git@v2").ref == "v2"
    assert parse_source("git+https://host/plugin.git").ref is None


def age(folder: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(folder, (then, then))


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_cache_entries_no_source_uses_are_removed_once_unused_for_a_day(tmp_path: Path) -> None:
    folder, helper = plugin_with_helper(tmp_path / "my-plugin")
    cache = tmp_path / "cache"
    path_source = parse_source(f"path:{folder}")
    git_source = parse_source(f"git+file://{bare_plugin_repository(tmp_path / 'repo')}")
    old = cached_folder(path_source, cache)
    cloned = cached_folder(git_source, cache)
    (folder / "libs" / "helper" / "src" / helper / "__init__.py").write_text("X = 1\n")
    current = cached_folder(path_source, cache)
    leftover = cache / ".my-plugin-interrupted"  # a copy a start was cut short in
    leftover.mkdir()
    for entry in (old, cloned, current, leftover):
        age(entry, 2 * UNUSED_ENTRY_GRACE_SECONDS)

    # The git source was dropped from the config: only the path source's current copy is used.
    assert prune_cache(cache, {current.name}) == sorted([old.name, cloned.name, leftover.name])
    assert sorted(child.name for child in cache.iterdir() if child.is_dir()) == [current.name]
    assert json.loads((cache / CACHE_INDEX_FILE_NAME).read_text()) == {}

    newer = cached_folder(parse_source(f"path:{tmp_path / 'repo' / 'work'}"), cache)
    age(current, UNUSED_ENTRY_GRACE_SECONDS / 2)  # unused, but used within the day: kept
    assert prune_cache(cache, {newer.name}) == []


async def test_a_start_cleans_up_the_cache_in_the_background(tmp_path: Path) -> None:
    folder, helper = plugin_with_helper(tmp_path / "my-plugin")
    cache = tmp_path / "plugin-cache"
    source = f"path:{folder}"
    old = cached_folder(parse_source(source), cache)
    age(old, 2 * UNUSED_ENTRY_GRACE_SECONDS)
    (folder / "libs" / "helper" / "src" / helper / "__init__.py").write_text(
        "def greeting():\n    return 'changed'\n"
    )
    paths = resolve_paths(tmp_path / "home")
    write_config(paths, [source], cache)
    app = AgentApplication(paths)
    try:
        assert await greet(app) == "Result: changed"  # from the new copy
        deadline = time.monotonic() + 10
        while old.exists() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # the cleanup runs on a thread of its own
        assert not old.exists()
        [kept] = [child for child in cache.iterdir() if child.is_dir()]
        assert kept.name != old.name
    finally:
        await app.aclose()
