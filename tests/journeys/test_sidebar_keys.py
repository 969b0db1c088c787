"""The chat list from the keyboard: search, arrow into results, rename, delete and undo.

The highlight in the list is always the chat shown.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLineEdit

from agent_core import Message, Session
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import closed_port

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")

TITLES = ("Packaging the app as a Flatpak", "Why is my MCP server not starting?", "SQLite WAL")


@pytest.fixture
def returning_user(journey):
    """Three earlier chats on disk, then the app started again, as a returning user has it."""
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    journey.start()
    for title in TITLES:
        session = journey.app.sessions.create_session()
        journey.app.sessions.save_session(
            Session(
                session.session_id,
                [Message("user", f"Tell me about {title}"), Message("assistant", "Sure.")],
                session.metadata,
            )
        )
        journey.app.sessions.rename_session(session.session_id, title)
    journey.restart()
    return journey


def shown_title(journey) -> str:
    return journey.window.title_label.text()


def result_titles(journey) -> list[str]:
    chat_list = journey.window.sidebar.list
    return [chat_list.item(row).text() for row in range(chat_list.count())]


def highlighted_title(journey) -> str | None:
    item = journey.window.sidebar.list.currentItem()
    return item.text() if item is not None else None


def test_search_then_down_lands_on_the_result_and_opens_it(returning_user):
    journey = returning_user
    window = journey.window
    journey.press(Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier, widget=window)
    search = QApplication.focusWidget()
    assert isinstance(search, QLineEdit)
    assert search.accessibleName() == "Search conversations"
    journey.type_text("Flatpak", search)
    # The chat's title and its first message both match: one result each, both of that chat.
    journey.wait_until(lambda: result_titles(journey) == [TITLES[0], TITLES[0]])
    # Each says where it matched, so the two rows do not read the same.
    chat_list = window.sidebar.list
    spoken = [chat_list.item(row).data(Qt.ItemDataRole.AccessibleTextRole) for row in (0, 1)]
    assert spoken[0].startswith(f"{TITLES[0]}, Title: ")
    assert spoken[1].startswith(f"{TITLES[0]}, You: ")
    assert "Flatpak" in spoken[1]
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / "search-results.png", window.sidebar)

    journey.press(Qt.Key.Key_Down, widget=search)
    assert QApplication.focusWidget() is window.sidebar.list
    journey.wait_until(lambda: shown_title(journey) == TITLES[0])
    assert highlighted_title(journey) == TITLES[0]


def test_arrow_keys_in_the_list_open_each_chat_so_the_highlight_is_what_is_shown(
    returning_user,
):
    journey = returning_user
    chat_list = journey.window.sidebar.list
    chat_list.setFocus()
    chat_list.setCurrentRow(0)
    journey.wait_until(lambda: shown_title(journey) == highlighted_title(journey))

    for _ in range(2):
        journey.press(Qt.Key.Key_Down, widget=chat_list)
        journey.wait_until(lambda: shown_title(journey) == highlighted_title(journey))
    assert chat_list.currentRow() == 2


def test_f2_renames_and_delete_removes_with_undo_that_brings_it_back_highlighted(
    returning_user,
):
    journey = returning_user
    chat_list = journey.window.sidebar.list
    chat_list.setFocus()
    chat_list.setCurrentRow(1)
    target = highlighted_title(journey)

    journey.press(Qt.Key.Key_F2, widget=chat_list)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit), "F2 opens the title for editing"
    editor.selectAll()
    journey.type_text("Renamed by keyboard", editor)
    journey.press(Qt.Key.Key_Return, widget=editor)
    journey.wait_until(
        lambda: any(
            s["title"] == "Renamed by keyboard" for s in journey.app.sessions.list_sessions()
        )
    )
    assert target not in [s["title"] for s in journey.app.sessions.list_sessions()]

    chat_list.setFocus()
    row = next(
        r for r in range(chat_list.count()) if chat_list.item(r).text() == "Renamed by keyboard"
    )
    chat_list.setCurrentRow(row)
    journey.wait_until(lambda: shown_title(journey) == "Renamed by keyboard")
    journey.press(Qt.Key.Key_Delete, widget=chat_list)
    journey.wait_until(lambda: chat_list.count() == 2)
    assert "Renamed by keyboard" not in [s["title"] for s in journey.app.sessions.list_sessions()]

    journey.click("Undo")
    journey.wait_until(lambda: chat_list.count() == 3)
    assert shown_title(journey) == "Renamed by keyboard"
    assert highlighted_title(journey) == "Renamed by keyboard"
