"""Where the app keeps its files: --data-dir over $AGENT_DESKTOP_HOME over platformdirs."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_app.paths import (
    AppPaths,
    FileSaveError,
    back_up_file,
    resolve_paths,
    write_atomically,
)


def test_explicit_data_dir_wins_over_the_environment(tmp_path, isolated_home):
    paths = resolve_paths(tmp_path / "chosen")
    assert paths.data_dir == tmp_path / "chosen" / "data"
    assert paths.config_dir == tmp_path / "chosen" / "config"
    assert isolated_home not in paths.data_dir.parents


def test_environment_home_holds_every_folder(isolated_home):
    paths = resolve_paths()
    for folder in (
        paths.data_dir,
        paths.config_dir,
        paths.cache_dir,
        paths.log_dir,
        paths.runtime_state_root,
        paths.workspaces_dir,
        paths.user_plugins_dir,
    ):
        assert isolated_home in folder.parents
    assert len({paths.data_dir, paths.config_dir, paths.cache_dir, paths.log_dir}) == 4
    assert paths.database_path.parent == paths.data_dir
    assert paths.settings_path.parent == paths.config_dir


def test_without_home_platform_folders_are_used(monkeypatch, tmp_path):
    monkeypatch.delenv("AGENT_DESKTOP_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    paths = resolve_paths()
    assert paths.data_dir == tmp_path / "xdg-data" / "agent-desktop"
    assert paths.config_dir == tmp_path / "xdg-config" / "agent-desktop"


def test_ensure_exist_creates_all_folders(tmp_path):
    paths = resolve_paths(tmp_path)
    paths.ensure_exist()
    assert all(Path(getattr(paths, name)).is_dir() for name in AppPaths._fields)


def test_atomic_write_replaces_whole_file(tmp_path):
    target = tmp_path / "file.json"
    write_atomically(target, b"first")
    write_atomically(target, b"second")
    assert target.read_bytes() == b"second"
    assert [item.name for item in tmp_path.iterdir()] == ["file.json"]


def test_atomic_write_failure_keeps_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "file.json"
    target.write_bytes(b"previous")

    def failing_replace(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("agent_app.paths.os.replace", failing_replace)
    with pytest.raises(FileSaveError, match=r"the disk is full\. Free some space") as raised:
        write_atomically(target, b"new")
    assert str(target) in str(raised.value)
    assert target.read_bytes() == b"previous"
    assert [item.name for item in tmp_path.iterdir()] == ["file.json"]


def test_backups_never_overwrite_each_other(tmp_path):
    original = tmp_path / "settings.json"
    original.write_text("one")
    first = back_up_file(original, "broken")
    original.write_text("two")
    second = back_up_file(original, "broken")
    assert first != second
    assert first.read_text() == "one"
    assert second.read_text() == "two"


def test_a_save_on_a_read_only_disk_says_so_in_a_sentence(tmp_path, monkeypatch):
    target = tmp_path / "settings.json"

    def read_only(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("agent_app.paths.tempfile.mkstemp", read_only)
    with pytest.raises(FileSaveError) as raised:
        write_atomically(target, b"{}")
    assert str(raised.value) == (
        f"Could not save {target}: the folder {tmp_path} cannot be written (a read-only disk "
        "or missing permissions). Make it writable and save again; the previous version of "
        "the file is kept unchanged."
    )


def test_start_up_removes_temporary_files_a_killed_save_left(tmp_path):
    from agent_app.settings import load_settings

    target = tmp_path / "settings.json"
    target.write_text('{"theme": "dark"}')
    for leftover in (".settings.json.a1b2c3", ".settings.json.zz9"):
        (tmp_path / leftover).write_text("half")
    (tmp_path / ".config.json.keep").write_text("another file's")

    settings, problems = load_settings(target)

    assert settings.theme == "dark"
    assert problems == []
    assert sorted(item.name for item in tmp_path.iterdir()) == [
        ".config.json.keep",
        "settings.json",
    ]
