"""Versions of a chat: edit a message and retry an answer, switch with ‹ ›, export/import and
fork keep what they should."""

from __future__ import annotations

import pytest

from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")


def texts(window) -> list[str]:
    return [item.text for item in window.chat_model.items() if item.kind == "message"]


def row_of(window, text: str) -> int:
    return next(
        row
        for row in range(window.chat_model.rowCount())
        if window.chat_model.item(row).text == text
    )


def click_header_action(journey, row: int, name: str) -> None:
    """Hover the row (its actions show), then click the action `name` in its header."""
    view = journey.window.chat_view
    index = view.chat_model.index(row)
    view.scrollTo(index)
    journey.settle(0.05)
    rect = view.visualRect(index)
    journey.act(
        lambda: journey.qtbot.mouseMove(view.viewport(), rect.topLeft() + rect.center() * 0)
    )
    item = view.chat_model.item(row)
    layout = view.itemDelegate().layout(item, rect)
    journey.act(lambda: journey.qtbot.mouseMove(view.viewport(), layout.header.center()))
    target = dict(layout.actions)[name]
    journey.act(
        lambda: journey.qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=target.center()
        )
    )
    journey.settle(0.05)


def header_labels(window, row: int) -> list[str]:
    return [label for _name, label in window.chat_view.header_actions(window.chat_model.item(row))]


def send(journey, server, text: str) -> None:
    count = len(server.posts)
    box = journey.window.composer.edit
    journey.type_text(text, box)
    journey.press(Qt.Key.Key_Return, widget=box)
    journey.wait_until(lambda: len(server.posts) == count + 1)
    journey.wait_until(lambda: not journey.window.busy())


def test_edit_and_retry_keep_versions_that_survive_export_import_and_forking(journey, tmp_path):
    with WireServer() as server:
        journey.use_local_server(f"{server.url}/v1")
        server.enqueue(
            openai_text("Paris."),
            openai_text("Lyon is second."),
            openai_text("Marseille, actually."),
        )
        window = journey.start()
        send(journey, server, "Capital of France?")
        assert texts(window) == ["Capital of France?", "Paris."]

        # Edit the question: the first version stays.
        click_header_action(journey, row_of(window, "Capital of France?"), "edit")
        box = window.composer.edit
        assert window.notice.isVisible()
        assert window.notice.label.text().startswith("Editing an earlier message")
        box.selectAll()
        journey.type_text("Second city of France?", box)
        journey.press(Qt.Key.Key_Return, widget=box)
        journey.wait_until(lambda: len(server.posts) == 2)
        journey.wait_until(lambda: not window.busy())
        # Seen walking the app: the edit's banner stayed after the edited answer was done.
        assert not window.notice.isVisible()
        assert texts(window) == ["Second city of France?", "Lyon is second."]
        question = row_of(window, "Second city of France?")
        assert header_labels(window, question)[:3] == ["‹", "2/2", "›"]

        # Retry the answer: two answers to this question now.
        click_header_action(journey, row_of(window, "Lyon is second."), "regenerate")
        journey.wait_until(lambda: len(server.posts) == 3)
        journey.wait_until(lambda: not window.busy())
        assert texts(window) == ["Second city of France?", "Marseille, actually."]
        assert header_labels(window, row_of(window, "Marseille, actually."))[:3] == [
            "‹",
            "2/2",
            "›",
        ]
        # The message menu names what its version entries do, and offers only what can be done.
        menu = window.chat_view.build_message_menu(
            window.chat_model.index(row_of(window, "Marseille, actually."))
        )
        entries = {action.text(): action.isEnabled() for action in menu.actions() if action.text()}
        assert not {"‹", "2/2", "›"} & entries.keys()
        assert entries["Previous version"]
        assert not entries["Next version"]
        if SHOTS.parent.is_dir():
            SHOTS.mkdir(parents=True, exist_ok=True)
            journey.screenshot(SHOTS / "branches.png")

        click_header_action(journey, row_of(window, "Marseille, actually."), "previous_version")
        journey.wait_until(lambda: texts(window) == ["Second city of France?", "Lyon is second."])
        click_header_action(journey, row_of(window, "Second city of France?"), "previous_version")
        journey.wait_until(lambda: texts(window) == ["Capital of France?", "Paris."])
        # What is shown is what is stored: a restart shows the same version.
        window = journey.restart()
        window.open_session(journey.app.sessions.list_sessions()[0]["session_id"])
        assert texts(window) == ["Capital of France?", "Paris."]

        # Export and import: the versions come along.
        session_id = window.session.session_id
        export = tmp_path / "france.agent-session.json"
        journey.run(window.sessions.write_export(session_id, "json", export))
        # Imported where it is unchanged, the chat is only reopened; so delete it first, as
        # someone moving it to another computer would not have it there.
        journey.run(window.import_sessions([export]))
        assert window.session.session_id == session_id
        assert "already in your chats" in window.notice.label.text()
        journey.click("Delete")
        journey.wait_until(lambda: window.session is None)
        journey.run(window.import_sessions([export]))
        journey.wait_until(lambda: window.session.session_id != session_id)
        assert texts(window) == ["Capital of France?", "Paris."]
        click_header_action(journey, row_of(window, "Capital of France?"), "next_version")
        # That version comes back as it was left: with the answer that was shown.
        journey.wait_until(lambda: texts(window) == ["Second city of France?", "Lyon is second."])
        click_header_action(journey, row_of(window, "Lyon is second."), "next_version")
        journey.wait_until(
            lambda: texts(window) == ["Second city of France?", "Marseille, actually."]
        )

        # Fork from the question: a new chat with the path up to it, and no versions.
        forked_from = window.session.session_id
        window.chat_view.trigger_action(
            "fork", window.chat_model.item(row_of(window, "Second city of France?"))
        )
        journey.wait_until(lambda: window.session.session_id != forked_from)
        assert texts(window) == ["Second city of France?"]
        assert header_labels(window, 0)[0] == "Copy"
        assert window.title_label.text().endswith("(fork)")
