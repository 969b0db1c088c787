"""The application's projects: made from a folder, kept across a restart, and the request
config a project chat gets (its folder as the file tools' workspace); other chats get nothing."""

from __future__ import annotations

import pytest

from agent_app.model_choice import ModelChoice
from agent_app.projects import ProjectError, Projects


def test_a_project_from_a_folder_keeps_its_chats_across_a_restart(tmp_path):
    folder = tmp_path / "thesis"
    folder.mkdir()
    projects = Projects(tmp_path / "projects.json")
    project = projects.create_from_folder(folder)
    assert projects.create_from_folder(folder) == project  # one project per folder
    projects.add_chat(project.project_id, "chat-1")
    projects.update(project.project_id, instructions="Cite sources.", pinned=["notes.md"])

    again = Projects(tmp_path / "projects.json")
    assert again.project_of("chat-1").name == "thesis"
    overrides = again.request_overrides("chat-1")
    assert overrides["workspace_dir"] == str(folder.resolve())
    assert overrides["project_dir"] == str(folder.resolve())
    assert overrides["project"] == {
        "name": "thesis",
        "instructions": "Cite sources.",
        "pinned": ["notes.md"],
    }
    assert again.request_overrides("another-chat") == {}


def test_a_file_is_no_project_and_a_damaged_projects_file_is_set_aside(tmp_path):
    (tmp_path / "a.txt").write_text("x")
    projects = Projects(tmp_path / "projects.json")
    with pytest.raises(ProjectError, match="not a folder"):
        projects.create_from_folder(tmp_path / "a.txt")
    (tmp_path / "projects.json").write_text("{not json")
    notices: list[str] = []
    assert Projects(tmp_path / "projects.json", notices).all() == []
    assert "could not be read" in notices[0]


def test_a_new_chat_uses_the_projects_model_else_the_one_it_was_started_from(tmp_path):
    folder = tmp_path / "thesis"
    folder.mkdir()
    projects = Projects(tmp_path / "projects.json")
    project = projects.create_from_folder(folder)
    shown = ModelChoice("local", "small-model")
    assert project.model_for_new_chat(shown) == shown
    assert project.model_for_new_chat(None) is None  # the agent's own, as any chat

    projects.update(project.project_id, model=ModelChoice("local", "big-model").stored())
    again = Projects(tmp_path / "projects.json").get(project.project_id)
    assert again.model_for_new_chat(shown) == ModelChoice("local", "big-model")


def test_a_removed_project_is_gone_after_a_restart_and_its_folder_stays(tmp_path):
    folder = tmp_path / "thesis"
    folder.mkdir()
    projects = Projects(tmp_path / "projects.json")
    project = projects.create_from_folder(folder)
    projects.add_chat(project.project_id, "chat-1")
    assert projects.remove(project.project_id) == project
    assert Projects(tmp_path / "projects.json").all() == []
    assert projects.request_overrides("chat-1") == {}
    assert folder.is_dir()
