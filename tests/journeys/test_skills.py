"""A skill folder in the app's skills folder: the model is offered its name and description, loads
its instructions with a tool call when it decides to, and the chat's row says which skill."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QLabel, QListWidget

from agent_app.paths import resolve_paths
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.qt_drop import drop_files
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream, openai_text, openai_tool_call
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("30")
DESCRIPTION = "Fill in expense reports. Use when the user asks about expenses or receipts."
BODY = "# Expense reports\n\nList each receipt with its date, amount and purpose."


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


@pytest.fixture(autouse=True)
def home_without_skills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


def shown_rows(window: Any) -> list[str]:
    model = window.chat_model
    return [
        str(model.data(model.index(row), Qt.ItemDataRole.DisplayRole))
        for row in range(model.rowCount())
    ]


def test_the_model_is_offered_a_skill_loads_it_and_the_row_names_it(journey, server):
    skill = resolve_paths(journey.data_dir).skills_dir / "expense-reports"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        f"---\nname: expense-reports\ndescription: {DESCRIPTION}\n---\n{BODY}\n", encoding="utf-8"
    )
    journey.use_local_server(f"{server.url}/v1")
    call = {"index": 0, **openai_tool_call("load_skill", {"name": "expense-reports"})}
    server.enqueue(
        openai_stream([{"tool_calls": [call]}], finish="tool_calls"),
        openai_text("Here is your expense report."),
    )
    window = journey.start()

    journey.click(window.composer.edit)
    journey.type_text("Help me with my receipts from March")
    journey.press(Qt.Key.Key_Return)
    journey.wait_until(lambda: len(server.posts) == 2 and not window.busy(), timeout=30)

    first, second = (post.body for post in server.posts)
    offered = [m["content"] for m in first["messages"] if m["role"] == "system"]
    assert any(f"- expense-reports: {DESCRIPTION}" in text for text in offered)
    assert not any("List each receipt" in str(m.get("content")) for m in first["messages"])
    assert "load_skill" in [tool["function"]["name"] for tool in first["tools"]]
    results = [m for m in second["messages"] if m["role"] == "tool"]
    assert "List each receipt with its date, amount and purpose." in results[-1]["content"]

    assert "Tool load_skill: Used skill expense-reports (success)" in shown_rows(window)
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "skill-in-use.png")


def open_settings(journey: Any) -> Any:
    journey.window.settings_action.trigger()  # File → Settings…
    journey.wait_until(lambda: getattr(journey.window, "settings_dialog", None) is not None)
    dialog = journey.window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    return dialog


def go_to(journey: Any, dialog: Any, title: str) -> None:
    nav = dialog.nav
    row = next(r for r in range(nav.count()) if nav.item(r).text() == title)
    rect = nav.visualItemRect(nav.item(row))
    journey.qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    journey.settle(0.05)


def write_skill(root: Path, name: str, description: str) -> None:
    (root / name).mkdir(parents=True)
    (root / name / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\nSteps.\n", encoding="utf-8"
    )


def test_settings_lists_the_skills_and_why_one_is_unusable_and_turns_one_off(journey, server):
    skills = resolve_paths(journey.data_dir).skills_dir
    write_skill(skills, "expense-reports", DESCRIPTION)
    write_skill(skills, "trip-planner", "Plan trips. Use when the user asks about travel.")
    (skills / "Broken_Skill").mkdir()
    (skills / "Broken_Skill" / "SKILL.md").write_text("no front matter here")
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(openai_text("Noted."))
    window = journey.start()

    dialog = open_settings(journey)
    go_to(journey, dialog, "Skills")
    page = dialog.plugin_pages["skills"]
    shown = " ".join(label.text() for label in page.findChildren(QLabel))
    assert "Broken_Skill" in shown
    assert "does not start with front matter" in shown
    checklist = page.findChild(QListWidget)
    labels = [checklist.item(row).text() for row in range(checklist.count())]
    assert [label.split(" — ")[0] for label in labels] == ["expense-reports", "trip-planner"]
    trip = checklist.item(1)
    journey.qtbot.mouseClick(
        checklist.viewport(),
        Qt.MouseButton.LeftButton,
        pos=checklist.visualItemRect(trip).center(),
    )
    journey.press(Qt.Key.Key_Space, widget=checklist)
    assert trip.checkState() == Qt.CheckState.Checked
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "settings-skills.png", dialog)
    journey.click("OK")
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible(), 20)

    saved = json.loads(journey.app.paths.config_path.read_text(encoding="utf-8"))
    assert saved["agents"]["default"]["skills"]["disabled"] == ["trip-planner"]

    box = window.composer.edit
    journey.type_text("Anything for my trip?", box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: len(server.posts) == 1 and not window.busy(), timeout=30)
    offered = " ".join(
        m["content"] for m in server.posts[0].body["messages"] if m["role"] == "system"
    )
    assert "- expense-reports:" in offered
    assert "trip-planner" not in offered


def test_a_skill_folder_dropped_on_the_window_is_installed_and_used(journey, server, tmp_path):
    dropped = tmp_path / "downloads" / "expense-reports"
    dropped.mkdir(parents=True)
    (dropped / "SKILL.md").write_text(
        f"---\nname: expense-reports\ndescription: {DESCRIPTION}\n---\n{BODY}\n", encoding="utf-8"
    )
    journey.use_local_server(f"{server.url}/v1")
    call = {"index": 0, **openai_tool_call("load_skill", {"name": "expense-reports"})}
    server.enqueue(
        openai_stream([{"tool_calls": [call]}], finish="tool_calls"),
        openai_text("Here is your expense report."),
    )
    window = journey.start()

    assert drop_files(window, [dropped])
    journey.wait_until(lambda: journey.has_widget("Install as skill"), 10)  # the app asks
    journey.click("Install as skill")
    journey.wait_until(
        lambda: "Installed the skill “expense-reports”" in window.notice.label.text(), 20
    )
    installed = resolve_paths(journey.data_dir).skills_dir / "expense-reports" / "SKILL.md"
    assert installed.read_text(encoding="utf-8").endswith(f"{BODY}\n")
    assert window.composer.chips() == []  # installed, not attached

    journey.click(window.composer.edit)
    journey.type_text("Help me with my receipts from March")
    journey.press(Qt.Key.Key_Return)
    journey.wait_until(lambda: len(server.posts) == 2 and not window.busy(), timeout=30)
    offered = [m["content"] for m in server.posts[0].body["messages"] if m["role"] == "system"]
    assert any(f"- expense-reports: {DESCRIPTION}" in text for text in offered)
    results = [m for m in server.posts[1].body["messages"] if m["role"] == "tool"]
    assert "List each receipt with its date, amount and purpose." in results[-1]["content"]
    assert "Tool load_skill: Used skill expense-reports (success)" in shown_rows(window)


def test_settings_installs_a_skill_zip_and_says_why_a_broken_one_is_refused(
    journey, server, tmp_path
):
    archive = tmp_path / "trip-planner.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.writestr(
            "trip-planner-v2/SKILL.md",
            "---\nname: trip-planner\ndescription: Plan trips.\n---\nSteps.\n",
        )
    broken = tmp_path / "broken.zip"
    with zipfile.ZipFile(broken, "w") as bundle:
        bundle.writestr("SKILL.md", "no front matter")
    journey.use_local_server(f"{server.url}/v1")
    journey.start()

    dialog = open_settings(journey)
    go_to(journey, dialog, "Skills")
    page = dialog.plugin_pages["skills"]
    button = journey.find_button("Install from a .zip…")
    assert button.isEnabled()
    field = page.form.fields["skills.install_file"]
    field.run({"source": str(archive)})  # what choosing the file in the dialog does
    journey.wait_until(lambda: "Installed the skill “trip-planner”" in field.status.text(), 20)
    assert (resolve_paths(journey.data_dir).skills_dir / "trip-planner" / "SKILL.md").is_file()
    field.run({"source": str(broken)})
    journey.wait_until(lambda: "not installed" in field.status.text(), 20)
    assert "does not start with front matter" in field.status.text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "settings-skills-install.png", dialog)
