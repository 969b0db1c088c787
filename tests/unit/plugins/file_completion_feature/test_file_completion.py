"""`@file:` completions: listing inside the agent workspace, never outside it."""

from __future__ import annotations

import os

import pytest

from file_completion_feature import FileCompletionFeature


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "workspace"
    (root / "src" / "pkg").mkdir(parents=True)
    (root / "src" / "main.py").write_text("print('hi')\n")
    (root / "src" / "Makefile").write_text("all:\n")
    (root / "README.md").write_text("# readme\n" * 300)
    (root / ".env").write_text("SECRET=1\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("no")
    os.symlink(outside, root / "src" / "escape")
    return root


def complete(workspace, text):
    return FileCompletionFeature().get_completions({"workspace_dir": str(workspace)}, text)


def test_lists_workspace_entries_folders_first(workspace):
    completions = complete(workspace, "look at @file:")
    assert [c["display"] for c in completions] == ["src/", "README.md"]
    readme = completions[1]
    assert readme["replacement"] == "@file:README.md"
    assert readme["start"] == len("look at ")
    assert readme["display_meta"] == "2.6 KiB"
    assert readme["attach_path"] == str(workspace / "README.md")
    assert completions[0]["display_meta"] == "folder"
    assert "attach_path" not in completions[0]


def test_completes_inside_folders_by_prefix_case_insensitive(workspace):
    completions = complete(workspace, "@file:src/m")
    assert [c["replacement"] for c in completions] == ["@file:src/main.py", "@file:src/Makefile"]
    assert all(c["start"] == 0 for c in completions)


def test_hidden_files_only_when_asked(workspace):
    assert [c["display"] for c in complete(workspace, "@file:.")] == [".env"]


def test_symlink_out_of_the_workspace_is_not_offered(workspace):
    assert "escape/" not in [c["display"] for c in complete(workspace, "@file:src/")]
    assert complete(workspace, "@file:src/escape/") == []
    assert complete(workspace, "@file:../outside/") == []


def test_no_trigger_no_completions(workspace):
    assert complete(workspace, "just text") == []
    assert complete(workspace, "mail me@file:x") == []
    assert complete(workspace, "@file:src/main.py and more") == []


def test_workspace_from_runtime_state_root(tmp_path):
    config = {"runtime_state_root": str(tmp_path / "state"), "agent_id": "writer"}
    folder = tmp_path / "state" / "workspaces" / "writer"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("x")
    completions = FileCompletionFeature().get_completions(config, "@file:n")
    assert [c["attach_path"] for c in completions] == [str(folder / "notes.txt")]


def test_no_workspace_configured_means_no_completions():
    assert FileCompletionFeature().get_completions({}, "@file:") == []


def test_apply_completion_closes_files_and_keeps_folders_open(workspace):
    feature = FileCompletionFeature()
    (file_completion,) = complete(workspace, "@file:READ")
    (folder_completion,) = complete(workspace, "@file:sr")
    assert feature.apply_completion({}, "@file:README.md", file_completion) == "@file:README.md "
    assert feature.apply_completion({}, "@file:src/", folder_completion) == ""
