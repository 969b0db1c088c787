"""The projects plugin on real folders and a real SQLite index: the index follows the folder,
links pointing outside are never read, and the feature frames a project chat."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from agent_app.store import SessionStore
from agent_core import Message, Session
from agent_projects import ProjectFeature, ProjectIndex, ProjectTools, project_context


def make_project(tmp_path: Path) -> Path:
    root = tmp_path / "thesis"
    (root / "chapters").mkdir(parents=True)
    (root / "chapters" / "one.md").write_text("Intro\nMoss grows slowly.\n", "utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("moss in a hidden folder", "utf-8")
    return root


def test_the_index_finds_added_and_changed_files_and_forgets_removed_ones(tmp_path):
    root = make_project(tmp_path)
    index = ProjectIndex(tmp_path / "index.sqlite3")
    assert [hit.citation() for hit in index.search(root, "moss")] == ["chapters/one.md:2"]

    (root / "later.md").write_text("Lichen here.\n", "utf-8")
    assert [hit.path for hit in index.search(root, "lichen")] == ["later.md"]
    (root / "later.md").write_text("Nothing about it any more, but a longer text.\n", "utf-8")
    assert index.search(root, "lichen") == []
    (root / "chapters" / "one.md").unlink()
    assert index.search(root, "moss") == []  # the hidden folder is not indexed either
    assert index.refresh(root) == 0  # nothing changed since: nothing is read again


def test_a_link_pointing_outside_the_project_is_never_read(tmp_path):
    root = make_project(tmp_path)
    outside = tmp_path / "private"
    outside.mkdir()
    (outside / "pin.txt").write_text("secret word zebra", "utf-8")
    (root / "pin-link.txt").symlink_to(outside / "pin.txt")
    (root / "linked-folder").symlink_to(outside, target_is_directory=True)
    (root / "inside-link.md").symlink_to(root / "chapters" / "one.md")

    index = ProjectIndex(tmp_path / "index.sqlite3")
    assert index.search(root, "zebra") == []
    assert {hit.path for hit in index.search(root, "moss")} == {"chapters/one.md", "inside-link.md"}

    config = {
        "project_dir": str(root),
        "project": {"name": "Thesis", "pinned": ["pin-link.txt", "chapters/one.md"]},
    }
    framed = project_context(config)
    assert "zebra" not in framed
    assert "Pinned file pin-link.txt was not read" in framed
    assert "Moss grows slowly." in framed


def test_the_search_tool_is_offered_only_in_a_project_and_cites_path_and_line(tmp_path):
    root = make_project(tmp_path)
    tools = ProjectTools()
    assert tools.is_enabled({}, [], [], {}) is False
    config = {"project_dir": str(root), "project_index_path": str(tmp_path / "i.sqlite3")}
    assert tools.is_enabled(config, [], [], {}) is None
    result = tools.execute_tool("search_project", {"query": "moss"}, {"config": config})
    assert result["success"] is True
    link = "project-file:" + (root / "chapters" / "one.md").as_uri().removeprefix("file:")
    assert f"- [chapters/one.md:2]({link}): Moss grows slowly." in result["result"]
    empty = tools.execute_tool("search_project", {"query": " "}, {"config": config})
    assert empty["success"] is False
    assert "'query' is required" in empty["error"]


def test_the_feature_puts_the_project_after_the_instructions_and_nothing_outside_one(tmp_path):
    root = make_project(tmp_path)
    feature = ProjectFeature()
    native = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]
    config = {"project_dir": str(root), "project": {"name": "Thesis", "instructions": "Cite."}}
    messages, _ = feature.initialize_request(native, {}, context={"config": config})
    assert [m["role"] for m in messages] == ["system", "system", "user"]
    assert "project “Thesis”" in messages[1]["content"]
    assert "Cite." in messages[1]["content"]
    assert feature.initialize_request(native, {}, context={"config": {}})[0] == native


def test_an_old_index_file_of_the_first_layout_is_removed_and_the_folder_read_again(tmp_path):
    root = make_project(tmp_path)
    legacy = tmp_path / "project-index.sqlite3"
    old = sqlite3.connect(legacy)
    old.executescript(
        "CREATE TABLE files (root TEXT, path TEXT, mtime_ns INTEGER, size INTEGER, "
        "PRIMARY KEY (root, path));"
        "CREATE VIRTUAL TABLE contents USING fts5(root UNINDEXED, path UNINDEXED, body);"
    )
    old.close()
    hits = ProjectIndex(tmp_path / "sessions.sqlite3", legacy).search(root, "moss")
    assert [hit.path for hit in hits] == ["chapters/one.md"]
    assert not legacy.exists()


def legacy_index(path: Path, root: Path, files: dict[str, str]) -> None:
    """An index file as the first versions kept it (layout 2, a file of its own)."""
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE files (root TEXT NOT NULL, path TEXT NOT NULL, mtime_ns INTEGER NOT NULL,"
        " size INTEGER NOT NULL, document INTEGER NOT NULL, PRIMARY KEY (root, path));"
        "CREATE VIRTUAL TABLE contents USING fts5(root UNINDEXED, path UNINDEXED, body,"
        " tokenize = 'unicode61');"
        "PRAGMA user_version = 2;"
    )
    for relative, body in files.items():
        found = (root / relative).stat()
        document = old.execute(
            "INSERT INTO contents (root, path, body) VALUES (?, ?, ?)",
            (str(root.resolve()), relative, body),
        ).lastrowid
        old.execute(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?)",
            (str(root.resolve()), relative, found.st_mtime_ns, found.st_size, document),
        )
    old.commit()
    old.close()


def test_the_index_lives_in_the_session_store_which_still_opens_with_its_chats(tmp_path):
    root = make_project(tmp_path)
    database = tmp_path / "sessions.sqlite3"
    store = SessionStore(database)
    store.save_session(Session("chat-1", [Message("user", "hello")], {}))
    store.close()

    assert ProjectIndex(database).search(root, "moss")[0].path == "chapters/one.md"

    with sqlite3.connect(database) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert {"project_index_files", "project_index_contents", "sessions"} <= tables
    reopened = SessionStore(database)
    try:
        assert reopened.read_only is False
        assert reopened.problem is None
        assert reopened.load_session("chat-1").messages[0].content == "hello"
    finally:
        reopened.close()


def test_an_index_kept_in_its_own_file_moves_into_the_store_without_reading_again(tmp_path):
    root = make_project(tmp_path)
    legacy = tmp_path / "project-index.sqlite3"
    # Text only the old index holds: found, the files were not read again.
    legacy_index(legacy, root, {"chapters/one.md": "Intro\nMoss and quartz.\n"})
    index = ProjectIndex(tmp_path / "sessions.sqlite3", legacy)

    hits = index.search(root, "quartz")

    assert [hit.citation() for hit in hits] == ["chapters/one.md:2"]
    assert not legacy.exists()
    assert index.refresh(root) == 0


def test_a_damaged_old_index_file_is_removed_and_the_folder_read_again(tmp_path):
    root = make_project(tmp_path)
    legacy = tmp_path / "project-index.sqlite3"
    legacy.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    hits = ProjectIndex(tmp_path / "sessions.sqlite3", legacy).search(root, "moss")
    assert [hit.path for hit in hits] == ["chapters/one.md"]
    assert not legacy.exists()
