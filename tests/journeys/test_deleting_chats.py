"""Deleting a chat the moment it opens: the deletion is said with its Undo, and nothing breaks.

A chat opened from the sidebar keeps laying its rows out for a while (heights are made exact in
idle slices); deleting it meanwhile used to leave that work running over an empty list, raising
about a thousand IndexErrors a second into the log, and the error notice replaced "Deleted … Undo".
"""

from __future__ import annotations

import pytest

from agent_core import Message, Session
from agent_desktop.system.logging_setup import LOG_FILE_NAME
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.wire_servers import closed_port

pytestmark = pytest.mark.gui

LONG_TITLE = "Refactoring the parser"
OTHER_TITLE = "Lunch ideas"


def long_answer(number: int) -> str:
    """Enough Markdown (paragraphs and a highlighted code block) that laying out a hundred such
    rows takes the view well over the moment between opening the chat and deleting it."""
    code = "\n".join(f"def step_{number}_{n}(value):\n    return value * {n}" for n in range(20))
    return (
        f"Step {number}: **split** the tokenizer from the parser, then test each half.\n\n"
        + "A paragraph that explains the change in some detail, so that it wraps. " * 6
        + f"\n\n```python\n{code}\n```\n"
    )


@pytest.fixture
def returning_user(journey):
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    journey.start()
    for title, messages in (
        (OTHER_TITLE, [Message("user", "Lunch?"), Message("assistant", "Soup.")]),
        (
            LONG_TITLE,
            [
                message
                for number in range(150)
                for message in (
                    Message("user", f"And step {number}?"),
                    Message("assistant", long_answer(number)),
                )
            ],
        ),
    ):
        session = journey.app.sessions.create_session()
        journey.app.sessions.save_session(Session(session.session_id, messages, session.metadata))
        journey.app.sessions.rename_session(session.session_id, title)
    journey.restart()
    return journey


def sidebar_titles(journey) -> list[str]:
    chat_list = journey.window.sidebar.list
    return [chat_list.item(row).text() for row in range(chat_list.count())]


def logged_tracebacks(journey) -> list[str]:
    log_text = (journey.app.paths.log_dir / LOG_FILE_NAME).read_text(encoding="utf-8")
    return [line for line in log_text.splitlines() if "Traceback" in line or "Error:" in line]


def test_a_chat_deleted_right_after_opening_says_deleted_with_undo_and_logs_no_traceback(
    returning_user,
):
    journey = returning_user
    window = journey.window
    chat_list = window.sidebar.list
    row = sidebar_titles(journey).index(LONG_TITLE)
    journey.act(
        lambda: journey.qtbot.mouseClick(
            chat_list.viewport(),
            Qt.MouseButton.LeftButton,
            pos=chat_list.visualItemRect(chat_list.item(row)).center(),
        )
    )
    journey.wait_until(
        lambda: window.title_label.text() == LONG_TITLE and window.chat_model.rowCount()
    )
    delete = next(a for a in window.session_menu.actions() if a.text().replace("&", "") == "Delete")
    journey.act(delete.trigger)  # at once: the opened chat is still being laid out
    journey.settle(0.5)

    notice = window.notice.label.text()
    assert notice == f"Deleted “{LONG_TITLE}”.", notice
    assert journey.find_button("Undo").isVisible()
    assert LONG_TITLE not in sidebar_titles(journey)
    assert logged_tracebacks(journey) == []

    journey.click("Undo")
    journey.wait_until(lambda: window.title_label.text() == LONG_TITLE)
    assert LONG_TITLE in sidebar_titles(journey)
    assert window.chat_model.rowCount() > 0
    journey.settle(0.5)
    assert logged_tracebacks(journey) == []
