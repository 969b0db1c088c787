"""A project made from a folder dropped on the window: its chat's file tools are confined to the
folder (a link pointing outside is not followed), the model's project search finds a word in a
file added after the project was made, and the sidebar lists the project with its chat."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QTreeWidget

from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.qt_drop import drop_files
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream, openai_text, openai_tool_call
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui

SHOTS = shots_folder("30")


@pytest.fixture
def server() -> Iterator[WireServer]:
    with serving_models("local-model") as running:
        yield running


@pytest.fixture(autouse=True)
def home_without_skills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


class OpenedFiles(QObject):
    """What the desktop was asked to open (Qt's URL handler for file: URLs, in place of the
    desktop's own app)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url.toString())


def click_link(journey, window, row: int, text: str) -> None:
    """Click the link whose text is `text` in the message of `row`, as a user does."""
    editor = journey.act(lambda: window.chat_view.open_selectable_text(row))
    cursor = editor.document().find(text)
    assert not cursor.isNull(), f"no {text!r} in the message"
    cursor.setPosition(cursor.selectionStart() + 1)
    place = editor.cursorRect(cursor).center()
    journey.act(
        lambda: journey.qtbot.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton, pos=place)
    )


def calls(*named: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"index": i, **openai_tool_call(name, args)} for i, (name, args) in enumerate(named)]


def test_a_dropped_folder_is_a_project_whose_chat_is_confined_and_searchable(
    journey, server, tmp_path
):
    folder = tmp_path / "thesis"
    folder.mkdir()
    (folder / "notes.md").write_text("# Notes\nMoss grows on the north side.\n", "utf-8")
    (tmp_path / "private.txt").write_text("bank PIN 4321", "utf-8")
    (folder / "shortcut.txt").symlink_to(tmp_path / "private.txt")
    later_link = "project-file:" + (folder / "later.md").resolve().as_uri().removeprefix("file:")
    outside_link = "project-file:" + (tmp_path / "private.txt").as_uri().removeprefix("file:")
    journey.use_local_server(f"{server.url}/v1")
    server.enqueue(
        openai_stream(
            [
                {
                    "tool_calls": calls(
                        ("read_file", {"path": "notes.md"}),
                        ("read_file", {"path": "shortcut.txt"}),
                        ("read_file", {"path": "../private.txt"}),
                        ("search_project", {"query": "lichen"}),
                    )
                }
            ],
            finish="tool_calls",
        ),
        openai_text(
            f"Moss, and lichen in [later.md:2]({later_link}) (not [this]({outside_link}))."
        ),
        openai_text("Noted, with sources."),
    )
    window = journey.start()

    assert drop_files(window, [folder])
    journey.wait_until(lambda: journey.has_widget("Make a project"), 10)  # the app asks
    journey.click("Make a project")
    journey.wait_until(lambda: "project “thesis”" in window.notice.label.text(), 20)
    assert window.composer.chips() == []  # a project, not an attachment
    (folder / "later.md").write_text("Added later.\nLichen is a partnership.\n", "utf-8")

    box = window.composer.edit
    journey.type_text("What do my notes say about lichen?", box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: len(server.posts) == 2 and not window.busy(), timeout=30)

    first, second = (post.body for post in server.posts)
    system = "\n".join(m["content"] for m in first["messages"] if m["role"] == "system")
    assert f"Its folder is {folder.resolve()}" in system
    assert "search_project" in [tool["function"]["name"] for tool in first["tools"]]
    notes, link, climb, search = [m["content"] for m in second["messages"] if m["role"] == "tool"]
    assert "Moss grows on the north side." in notes
    for refused in (link, climb):
        assert "4321" not in refused
        assert "outside" in refused.lower()
    assert f"[later.md:2]({later_link}): Lichen is a partnership." in search
    # The index is in the app's store, not a file of its own.
    data = journey.data_dir / "data"
    assert not (data / "project-index.sqlite3").exists()
    with closing(sqlite3.connect(data / "sessions.sqlite3")) as store:
        indexed = store.execute("SELECT path FROM project_index_files ORDER BY path").fetchall()
    assert ("later.md",) in indexed

    # The search's row links to its best hit, a file of the project (and nothing outside one).
    model = window.chat_model
    [search_row] = [
        r for r in range(model.rowCount()) if model.item(r).tool_name == "search_project"
    ]
    href, label = model.item(search_row).link
    assert label == "Open later.md"
    assert window.linked_items.project_file(href) == (folder / "later.md").resolve()
    assert window.linked_items.project_file((tmp_path / "private.txt").as_uri()) is None

    # The answer's citation opens the file; a link to a file outside the project does not.
    opened = OpenedFiles()
    QDesktopServices.setUrlHandler("file", opened, "open")
    try:
        answer_row = next(
            r for r in range(model.rowCount()) if "Moss, and lichen" in model.item(r).text
        )
        click_link(journey, window, answer_row, "later.md:2")
        journey.wait_until(lambda: opened.urls, 10)
        assert opened.urls == [(folder / "later.md").resolve().as_uri()]
        click_link(journey, window, answer_row, "this")
        journey.wait_until(lambda: "opens from a chat" in window.notice.label.text(), 10)
        assert len(opened.urls) == 1
    finally:
        QDesktopServices.unsetUrlHandler("file")

    projects = json.loads((journey.data_dir / "data" / "projects.json").read_text("utf-8"))
    [project] = projects["projects"]
    assert project["chat_ids"] == [window.session.session_id]
    tree = window.findChild(QTreeWidget, "projectTree")
    journey.wait_until(lambda: tree.topLevelItemCount() == 1, 10)
    assert tree.topLevelItem(0).text(0) == "thesis"
    assert tree.topLevelItem(0).childCount() == 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.screenshot(SHOTS / "project-in-sidebar.png")

    # The project's menu: its instructions, a pinned file; a new chat in it starts from both.
    menu = window.project_chats.panel.project_menu(project["project_id"])
    [instructions] = [a for a in menu.actions() if a.text() == "Instructions…"]
    instructions.trigger()
    dialog = window.project_chats.instructions_dialog
    journey.wait_until(dialog.isVisible, 10)
    journey.type_text("Cite every source.", dialog.editor)
    journey.click("OK")
    window.project_chats.pin(project["project_id"], tmp_path / "private.txt")  # as chosen
    journey.wait_until(lambda: "only its files are pinned" in window.notice.label.text(), 10)
    window.project_chats.pin(project["project_id"], folder / "notes.md")
    journey.wait_until(
        lambda: (
            json.loads((journey.data_dir / "data" / "projects.json").read_text("utf-8"))[
                "projects"
            ][0]["pinned"]
            == ["notes.md"]
        ),
        10,
    )
    journey.click("New chat in project")
    journey.wait_until(lambda: tree.topLevelItem(0).childCount() == 2, 10)
    # A deleted chat leaves its project's list (seen: it stayed, called "New chat"); Undo
    # brings it back.
    deleted_id = window.session.session_id
    [delete] = [a for a in window.session_menu.actions() if a.text().replace("&", "") == "Delete"]
    journey.act(delete.trigger)
    journey.wait_until(lambda: tree.topLevelItem(0).childCount() == 1, 10)
    journey.click("Undo")
    journey.wait_until(lambda: tree.topLevelItem(0).childCount() == 2, 10)
    journey.act(lambda: window.open_session(deleted_id))
    journey.wait_until(lambda: window.session and window.session.session_id == deleted_id, 10)
    journey.type_text("Summarise", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: len(server.posts) == 3 and not window.busy(), timeout=30)
    framed = "\n".join(
        m["content"] for m in server.posts[2].body["messages"] if m["role"] == "system"
    )
    assert "Cite every source." in framed
    assert "Pinned file notes.md" in framed
    assert "Moss grows on the north side." in framed
    assert "4321" not in framed
