"""The all-data archive: what it holds, that it holds no secret, and that a hostile one is
refused before anything is stored."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from agent_app.assets import AssetTooLargeError, SessionAssetStore
from agent_app.data_archive import (
    ARCHIVE_FORMAT,
    PARTS,
    ArchiveCancelled,
    ArchiveError,
    UserData,
    export_all,
    import_archive,
    read_archive,
)
from agent_app.projects import Projects
from agent_app.schedules import Schedule, ScheduleStore
from agent_app.secrets import remember_secret_value
from agent_app.store import SessionStore
from agent_core import Message, Session
from agent_memory import MemoryFeature
from agent_skills import SkillsFeature

KEY = "sk-archive-test-0123456789abcdef"


def user_data(root: Path) -> UserData:
    root.mkdir(parents=True, exist_ok=True)
    store = SessionStore(root / "sessions.sqlite3")
    config = {"memory_path": str(root / "memory.sqlite3"), "skills_dir": str(root / "skills")}
    features = {"memory": MemoryFeature(), "skills": SkillsFeature()}

    def run(plugin: str, action_id: str, params: dict[str, Any]) -> dict[str, Any]:
        session = Session("settings", [], {})
        return features[plugin].execute_action(
            action_id, session, [], params, {"config": config}, {}
        )

    return UserData(
        store=store,
        assets=SessionAssetStore(store, root / "assets"),
        projects=Projects(root / "projects.json"),
        schedules=ScheduleStore(root / "schedules.sqlite3"),
        skills_dir=root / "skills",
        config_path=root / "config.json",
        preferences_path=root / "settings.json",
        run_plugin_action=run,
    )


@pytest.fixture
def filled(tmp_path: Path) -> UserData:
    data = user_data(tmp_path / "here")
    data.store.save_session(
        Session("chat-a", [Message("user", "hello there")], {"title": "First chat"})
    )
    data.store.create_session("chat-b", title="With a picture")
    picture = data.assets.add_bytes("chat-b", b"\x89PNG picture bytes", "p.png", "image/png")
    data.store.save_session(
        Session(
            "chat-b",
            [Message("user", "look", multipart_content=[{"type": "image", **picture}])],
            {"title": "With a picture"},
        )
    )
    data.run_plugin_action("memory", "memory_import", {"source": str(_memory_file(tmp_path))})
    folder = tmp_path / "project-folder"
    folder.mkdir()
    project = data.projects.create_from_folder(folder)
    data.projects.update(project.project_id, instructions="Be brief.", pinned=["notes.md"])
    data.projects.add_chat(project.project_id, "chat-a")
    skill = tmp_path / "greeter"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: greeter\ndescription: Greets.\n---\nSay hi.\n")
    data.run_plugin_action("skills", "skills_install", {"source": str(skill)})
    data.schedules.save(
        Schedule("default", "Morning news", "FREQ=DAILY;BYHOUR=9", "UTC", title="News")
    )
    remember_secret_value(KEY)
    data.config_path.write_text(
        json.dumps(
            {
                "providers": {
                    "kept": {"api_key": "${keyring:providers.kept.api_key}"},
                    "typed": {"api_key": KEY},
                },
                "mcp_servers": {"files": {"command": "run-me"}},
            }
        )
    )
    data.preferences_path.write_text(json.dumps({"theme": "dark", "window_geometry": "abc"}))
    return data


def _memory_file(tmp_path: Path) -> Path:
    file = tmp_path / "seed-memory.json"
    items = [{"text": "The user prefers metric units.", "scope": "app", "scope_key": ""}]
    file.write_text(json.dumps({"format": "agent-desktop-memory", "version": 1, "items": items}))
    return file


def test_the_archive_holds_every_kind_and_no_secret(filled, tmp_path):
    target = tmp_path / "all.zip"
    manifest = export_all(filled, target)

    assert manifest["counts"] == {
        "chats": 2,
        "memory": 1,
        "projects": 1,
        "skills": 1,
        "schedules": 1,
    }
    assert manifest["secrets_left_out"] == ["providers.typed.api_key"]
    with zipfile.ZipFile(target) as archive:
        names = set(archive.namelist())
        assert {"manifest.json", "chats/chat-a.json", "chats/chat-b.json"} <= names
        assert "skills/greeter/SKILL.md" in names
        config = json.loads(archive.read("settings/config.json"))
        assert config["providers"]["kept"]["api_key"] == "${keyring:providers.kept.api_key}"
        assert "api_key" not in config["providers"]["typed"]
    assert KEY.encode() not in target.read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


def test_a_round_trip_adds_everything_to_a_fresh_data_folder(filled, tmp_path):
    target = tmp_path / "all.zip"
    export_all(filled, target)
    there = user_data(tmp_path / "there")

    contents = read_archive(target)
    assert contents.counts() == {
        "chats": 2,
        "memory": 1,
        "projects": 1,
        "skills": 1,
        "schedules": 1,
        "settings": 1,
    }
    report = import_archive(contents, there, set(PARTS))

    titles = sorted(row["title"] for row in there.store.list_sessions())
    assert titles == ["First chat", "With a picture"]
    picture_chat = next(r for r in there.store.list_sessions() if r["title"] == "With a picture")
    part = there.store.load_session(picture_chat["session_id"]).messages[0].multipart_content[0]
    assert there.assets.read_bytes(part["asset_id"]) == b"\x89PNG picture bytes"
    (project,) = there.projects.all()
    assert (project.instructions, project.pinned) == ("Be brief.", ["notes.md"])
    first = next(r for r in there.store.list_sessions() if r["title"] == "First chat")
    assert project.chat_ids == [first["session_id"]]
    assert (there.skills_dir / "greeter" / "SKILL.md").is_file()
    (schedule,) = there.schedules.schedules()
    assert (schedule.title, schedule.enabled) == ("News", False)
    change = report.settings_change
    assert change is not None
    assert change.settings == {"theme": "dark"}  # the window's geometry is not a preference
    assert change.providers["kept"] == {"api_key": "${keyring:providers.kept.api_key}"}
    assert "api_key" not in change.providers["typed"]
    assert any("Tool servers were not imported" in note for note in report.notes)
    exported = there.run_plugin_action("memory", "memory_export", {"source": str(tmp_path)})
    assert "1 item" in exported["message"]

    # A second import never overwrites: the chats come as copies, no memory item twice.
    again = import_archive(read_archive(target), there, {"chats", "memory"})
    assert again.added["chats"] == 2
    assert len(there.store.list_sessions()) == 4
    assert "Imported 0 new items from all.zip." in again.notes


def test_only_the_parts_asked_for_are_imported(filled, tmp_path):
    target = tmp_path / "all.zip"
    export_all(filled, target)
    there = user_data(tmp_path / "there")
    report = import_archive(read_archive(target), there, {"chats"})
    assert len(there.store.list_sessions()) == 2
    assert there.projects.all() == []
    assert not there.skills_dir.exists()
    assert report.settings_change is None


def test_a_project_whose_folder_is_missing_is_named_not_fatal(filled, tmp_path):
    target = tmp_path / "all.zip"
    export_all(filled, target)
    (tmp_path / "project-folder").rmdir()
    there = user_data(tmp_path / "there")
    report = import_archive(read_archive(target), there, set(PARTS))
    assert there.projects.all() == []
    assert any(str(tmp_path / "project-folder") in note for note in report.notes)
    assert len(there.store.list_sessions()) == 2


def test_a_cancelled_export_leaves_no_file(filled, tmp_path):
    target = tmp_path / "all.zip"
    with pytest.raises(ArchiveCancelled):
        export_all(filled, target, cancelled=lambda: True)
    assert list(tmp_path.glob("*.zip")) == []
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".partial")]


def _zip(path: Path, members: dict[str, bytes | str]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in members.items():
            archive.writestr(name, content)
    return path


MANIFEST = json.dumps({"format": ARCHIVE_FORMAT, "version": 1})


def test_a_path_leaving_its_folder_is_refused(tmp_path):
    hostile = _zip(tmp_path / "h.zip", {"manifest.json": MANIFEST, "skills/x/../../../evil": "x"})
    with pytest.raises(ArchiveError, match="leaves its folder"):
        read_archive(hostile)


def test_a_zip_bomb_is_refused_before_unpacking(tmp_path):
    bomb = _zip(tmp_path / "b.zip", {"manifest.json": MANIFEST, "chats/x.json": b"0" * 5_000_000})
    assert bomb.stat().st_size < 100_000
    with pytest.raises(ArchiveError, match="would unpack to"):
        read_archive(bomb, max_bytes=1_000_000)


@pytest.mark.parametrize(
    ("manifest", "words"),
    [
        (None, "no manifest.json"),
        ("not json", "not valid JSON"),
        (json.dumps(["a list"]), "does not name the format"),
        (json.dumps({"format": ARCHIVE_FORMAT, "version": "one"}), "is not a version"),
        (json.dumps({"format": ARCHIVE_FORMAT, "version": 2}), "newer Agent Desktop"),
    ],
)
def test_a_bad_or_future_manifest_is_refused_with_what_to_do(tmp_path, manifest, words):
    members = {} if manifest is None else {"manifest.json": manifest}
    path = _zip(tmp_path / "m.zip", {**members, "projects.json": "{}"})
    with pytest.raises(ArchiveError, match=words):
        read_archive(path)


def test_a_damaged_chat_refuses_the_whole_archive_before_anything_is_stored(filled, tmp_path):
    target = tmp_path / "all.zip"
    export_all(filled, target)
    with zipfile.ZipFile(target, "a") as archive:
        archive.writestr("chats/zz-broken.json", '{"format": "agent-desktop-session"}')
    with pytest.raises(ArchiveError, match="zz-broken"):
        read_archive(target)


def test_a_chat_failing_while_stored_takes_the_chats_before_it_back(filled, tmp_path):
    target = tmp_path / "all.zip"
    export_all(filled, target)
    contents = read_archive(target)
    there = user_data(tmp_path / "there")
    # The second chat's attachment is too big for this store: stored after the first chat.
    there.assets.max_bytes = 4
    with pytest.raises(AssetTooLargeError):
        import_archive(contents, there, {"chats"})
    assert there.store.list_sessions() == []


def test_not_a_zip_is_named(tmp_path):
    path = tmp_path / "notes.zip"
    path.write_text("hello")
    with pytest.raises(ArchiveError, match="not a zip file"):
        read_archive(path)
