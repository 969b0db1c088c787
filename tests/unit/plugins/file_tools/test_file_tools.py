"""File tools on a real workspace folder: every tool, the previews, and every kind of escape."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from file_tools import FileTools, WorkspaceError, confine, resolve_workspace


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    root = tmp_path / "workspace"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text("import os\n\n\ndef main():\n    return 1\n")
    (root / "src" / "util.py").write_text("# TODO: tidy\nVALUE = 2\n")
    (root / "README.md").write_text("# Demo\nTODO: write docs\n")
    return root


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "secret.txt").write_text("top secret\n")
    return secret


def run(workspace: Path, tool: str, arguments: Any, **config: Any) -> tuple[dict, str, dict]:
    """Run one tool call through the hooks the core uses: init, execute, format, display."""
    plugin = FileTools()
    state = plugin.init({"workspace_dir": str(workspace), **config})
    result = plugin.execute_tool(tool, arguments, state)
    text = plugin.format_tool_result(result, state)
    return result, text, plugin.to_display_format(text, result, state)


def test_entry_point_and_schemas():
    (entry,) = [e for e in entry_points(group="agent_core.plugins") if e.name == "file_tools"]
    assert entry.load() is FileTools
    schemas = {s["function"]["name"]: s for s in FileTools().get_tool_schemas({})}
    assert set(schemas) == {
        "read_file",
        "list_directory",
        "glob_files",
        "grep_files",
        "write_file",
        "edit_file",
    }
    for name in ("read_file", "list_directory", "glob_files", "grep_files"):
        assert schemas[name]["annotations"]["readOnlyHint"] is True
    for name in ("write_file", "edit_file"):
        assert schemas[name]["annotations"]["readOnlyHint"] is False
        assert schemas[name]["annotations"]["destructiveHint"] is True
    assert schemas["edit_file"]["function"]["parameters"]["required"] == [
        "path",
        "old_string",
        "new_string",
    ]


def test_previews_say_what_will_happen():
    plugin = FileTools()
    state = plugin.init({})
    preview = plugin.format_tool_call_preview
    assert preview("read_file", {"path": "src/app.py"}, state) == "Read src/app.py"
    assert preview("read_file", {"path": "a.txt", "offset": 10, "limit": 5}, state) == (
        "Read a.txt (lines 10–14)"
    )
    assert preview("list_directory", {}, state) == "List ."
    assert (
        preview("glob_files", {"pattern": "**/*.py"}, state) == "Find files matching **/*.py in ."
    )
    assert preview("grep_files", {"pattern": "TODO", "glob": "*.md"}, state) == (
        "Search /TODO/ in . (*.md)"
    )
    assert preview("write_file", '{"path": "n.md", "content": "a\\nb\\n"}', state) == (
        "Write n.md (2 lines, 4 B)"
    )
    assert preview(
        "edit_file", {"path": "x.py", "old_string": "a", "new_string": "b\nc"}, state
    ) == ("Edit x.py: replace 1 line(s) with 2 line(s)")
    assert preview("edit_file", "{not json", state) == ""


def test_read_returns_text_and_a_single_line(workspace: Path):
    result, text, display = run(workspace, "read_file", {"path": "src/app.py"})
    assert result["success"] is True
    assert text == "import os\n\n\ndef main():\n    return 1\n"
    assert display["single_line"] == "read src/app.py (5 lines)"


def test_read_with_offset_and_limit_says_how_to_read_on(workspace: Path):
    _, text, display = run(workspace, "read_file", {"path": "src/app.py", "offset": 2, "limit": 2})
    assert text == "\n\n[More lines follow; read on with offset=4.]"
    assert display["single_line"] == "read src/app.py (2 lines, cut)"


def test_read_is_cut_at_the_size_limit(workspace: Path):
    big = workspace / "big.log"
    big.write_text("".join(f"line {n:05d}\n" for n in range(100_000)))  # 1.1 MB
    result, text, _ = run(workspace, "read_file", {"path": "big.log"}, max_read_bytes=4096)
    assert result["truncated"] is True
    assert len(text.encode()) < 4096 + 200
    assert text.startswith("line 00000\n")
    assert text.endswith(
        f"[Cut at the 4096-byte read limit; read on with offset={result['lines'] + 1}.]"
    )


def test_read_refuses_binary_and_missing_files(workspace: Path):
    (workspace / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    result, text, display = run(workspace, "read_file", {"path": "image.png"})
    assert result["success"] is False
    assert "binary file" in text
    assert display["single_line"].startswith("read image.png — image.png is a binary file")
    result, _, _ = run(workspace, "read_file", {"path": "nope.txt"})
    assert result["error"] == "nope.txt is not a file (it does not exist)."


def test_list_shows_folders_first_and_sizes(workspace: Path):
    _, text, display = run(workspace, "list_directory", {})
    assert text.splitlines() == ["src/", "README.md  (24 B)"]
    assert display["single_line"] == "list . (2 entries)"


def test_glob_and_grep(workspace: Path):
    (workspace / ".git").mkdir()
    (workspace / ".git" / "config.py").write_text("TODO inside git\n")
    result, text, display = run(workspace, "glob_files", {"pattern": "**/*.py"})
    assert text.splitlines() == ["src/app.py", "src/util.py"]
    assert display["single_line"] == "glob **/*.py (2 matches)"

    result, text, display = run(workspace, "grep_files", {"pattern": "todo", "ignore_case": True})
    assert text.splitlines() == ["README.md:2: TODO: write docs", "src/util.py:1: # TODO: tidy"]
    assert display["single_line"] == "grep /todo/ (2 matches in 2 files)"

    result, text, _ = run(workspace, "grep_files", {"pattern": "TODO", "glob": "*.py"})
    assert text == "src/util.py:1: # TODO: tidy"
    result, text, _ = run(workspace, "grep_files", {"pattern": "(unclosed"})
    assert result["success"] is False
    assert "not a valid regular expression" in text


def test_search_results_are_capped_with_a_note(workspace: Path):
    (workspace / "many.txt").write_text("hit\n" * 50)
    result, text, _ = run(workspace, "grep_files", {"pattern": "hit"}, max_search_results=10)
    assert result["count"] == 50
    assert len(text.splitlines()) == 11
    assert text.splitlines()[-1] == "[40 more matches not shown; narrow the search.]"


def test_write_creates_folders_and_reports_a_diff(workspace: Path):
    _, text, display = run(workspace, "write_file", {"path": "docs/new.md", "content": "a\nb\n"})
    assert (workspace / "docs" / "new.md").read_text() == "a\nb\n"
    assert text == "Created docs/new.md (4 B, 2 lines)."
    assert display["single_line"] == "write docs/new.md (+2 −0) new file"
    assert oct((workspace / "docs" / "new.md").stat().st_mode & 0o777) == "0o644"

    _, text, display = run(workspace, "write_file", {"path": "docs/new.md", "content": "a\nc\n"})
    assert text.startswith("Updated docs/new.md")
    assert "-b\n+c\n" in text
    assert display["single_line"] == "write docs/new.md (+1 −1)"
    assert not [p for p in (workspace / "docs").iterdir() if p.name.startswith(".")]


def test_write_over_the_limit_writes_nothing(workspace: Path):
    result, text, _ = run(
        workspace, "write_file", {"path": "huge.txt", "content": "x" * 5000}, max_write_bytes=1000
    )
    assert result["success"] is False
    assert "over the 1000 B write limit; nothing was written" in text
    assert not (workspace / "huge.txt").exists()


def test_edit_returns_a_unified_diff_and_summary(workspace: Path):
    result, text, display = run(
        workspace,
        "edit_file",
        {
            "path": "src/app.py",
            "old_string": "    return 1\n",
            "new_string": "    value = 1\n    print(value)\n    return value\n",
        },
    )
    assert result["success"] is True
    assert (workspace / "src" / "app.py").read_text().endswith("    return value\n")
    assert text.startswith("--- a/src/app.py\n+++ b/src/app.py\n@@")
    assert "-    return 1\n+    value = 1\n+    print(value)\n+    return value\n" in text
    assert display["single_line"] == "edit src/app.py (+3 −1)"
    assert display["diff"] == text


def test_edit_refuses_ambiguous_or_missing_text_and_keeps_the_file(workspace: Path):
    target = workspace / "twice.txt"
    target.write_text("x = 1\nx = 1\n")
    _, text, _ = run(
        workspace, "edit_file", {"path": "twice.txt", "old_string": "x = 1", "new_string": "x = 2"}
    )
    assert "occurs 2 times" in text
    assert target.read_text() == "x = 1\nx = 1\n"
    _, text, _ = run(
        workspace, "edit_file", {"path": "twice.txt", "old_string": "y", "new_string": "z"}
    )
    assert "was not found" in text
    _, text, display = run(
        workspace,
        "edit_file",
        {"path": "twice.txt", "old_string": "x = 1", "new_string": "x = 2", "replace_all": True},
    )
    assert target.read_text() == "x = 2\nx = 2\n"
    assert display["single_line"] == "edit twice.txt (+2 −2)"


def test_edit_keeps_windows_line_endings(workspace: Path):
    target = workspace / "win.txt"
    target.write_bytes(b"one\r\ntwo\r\n")
    result, _, _ = run(
        workspace,
        "edit_file",
        {"path": "win.txt", "old_string": "one\ntwo", "new_string": "one\n2"},
    )
    assert result["success"] is True
    assert target.read_bytes() == b"one\r\n2\r\n"


@pytest.mark.parametrize(
    ("path_given", "expected"),
    [
        ("../outside/secret.txt", "is outside the workspace folder"),
        ("src/../../outside/secret.txt", "is outside the workspace folder"),
        ("link_out/secret.txt", "symbolic link that points outside"),
        ("file_link", "symbolic link that points outside"),
        ("src/app.py\x00.txt", "NUL byte"),
        ("", "'path' is required"),
    ],
)
@pytest.mark.parametrize("tool", ["read_file", "write_file", "edit_file"])
def test_escapes_are_refused_for_every_tool(
    workspace: Path, outside: Path, tool: str, path_given: str, expected: str
):
    (workspace / "link_out").symlink_to(outside, target_is_directory=True)
    (workspace / "file_link").symlink_to(outside / "secret.txt")
    arguments = {"path": path_given, "content": "owned", "old_string": "top", "new_string": "x"}
    result, text, display = run(workspace, tool, arguments)
    assert result["success"] is False
    assert expected in text
    assert display["single_line"]
    assert (outside / "secret.txt").read_text() == "top secret\n"
    assert sorted(p.name for p in outside.iterdir()) == ["secret.txt"]


def test_absolute_paths_elsewhere_are_refused_inside_are_fine(workspace: Path, outside: Path):
    _, text, _ = run(workspace, "read_file", {"path": str(outside / "secret.txt")})
    assert "is outside the workspace folder" in text
    _, text, _ = run(workspace, "read_file", {"path": str(workspace / "README.md")})
    assert text.startswith("# Demo")


def test_listing_and_searching_never_follow_links_out(workspace: Path, outside: Path):
    (workspace / "link_out").symlink_to(outside, target_is_directory=True)
    _, text, _ = run(workspace, "list_directory", {})
    assert "link_out -> (outside the workspace)" in text
    _, text, _ = run(workspace, "grep_files", {"pattern": "secret"})
    assert text == "No matches for 'secret'."
    _, text, _ = run(workspace, "glob_files", {"pattern": "link_out/*"})
    assert text == "No files match 'link_out/*'."
    _, text, _ = run(workspace, "glob_files", {"pattern": "../outside/*"})
    assert "must stay inside the search folder" in text
    _, text, _ = run(workspace, "list_directory", {"path": "link_out"})
    assert "symbolic link that points outside" in text


def test_workspace_defaults_to_runtime_state_root_per_agent(tmp_path: Path):
    plugin = FileTools()
    state = plugin.init({})
    context = {
        "runtime_state_root": str(tmp_path / "state"),
        "session": {"metadata": {"agent_id": "../coder"}},
    }
    result = plugin.execute_tool(
        "write_file", {"path": "a.txt", "content": "hi"}, state, context=context
    )
    assert result["success"] is True
    assert (tmp_path / "state" / "workspaces" / "_coder" / "a.txt").read_text() == "hi"
    assert (
        resolve_workspace({"agent_id": "reviewer"}, context)
        == (tmp_path / "state" / "workspaces" / "reviewer").resolve()
    )


def test_missing_or_bad_workspace_setting_is_a_clear_error():
    plugin = FileTools()
    result = plugin.execute_tool("read_file", {"path": "a"}, plugin.init({}))
    assert result["success"] is False
    assert result["error"].startswith("No workspace folder: set workspace_dir")
    with pytest.raises(WorkspaceError, match="not an absolute path"):
        resolve_workspace({"workspace_dir": "relative/dir"})


def test_confine_accepts_inner_symlinks(workspace: Path):
    (workspace / "alias.py").symlink_to(workspace / "src" / "app.py")
    assert confine(workspace, "alias.py") == (workspace / "src" / "app.py").resolve()


def test_unknown_tool_and_bad_arguments(workspace: Path):
    _, text, _ = run(workspace, "delete_file", {"path": "a"})
    assert "Unknown tool 'delete_file'" in text
    _, text, _ = run(workspace, "read_file", "[1]")
    assert text == "Error: The arguments must be a JSON object."
    _, text, _ = run(workspace, "read_file", {"path": "src/app.py", "offset": 0})
    assert "'offset' must be a whole number of at least 1" in text


def test_os_errors_are_reported_with_the_reason(workspace: Path):
    result, text, display = run(
        workspace, "write_file", {"path": "README.md/child.txt", "content": "x"}
    )
    assert result["success"] is False
    assert "Not a directory" in text or "File exists" in text
    assert display["single_line"].startswith("write README.md/child.txt — ")
    assert (workspace / "README.md").read_text() == "# Demo\nTODO: write docs\n"


def test_broken_links_and_unusable_patterns(workspace: Path):
    (workspace / "dangling").symlink_to(workspace / "gone.txt")
    _, text, _ = run(workspace, "list_directory", {})
    assert "dangling -> (broken link)" in text.splitlines()
    result, text, _ = run(workspace, "glob_files", {"pattern": "src/**.py"})
    assert result["success"] is False
    assert text.startswith("Error: The pattern 'src/**.py' cannot be used:")
