"""A new chat is not an empty pane: starters put a prompt in the message box, unsent."""

from __future__ import annotations

import pytest

from tests.support.screenshots import shots_folder
from tests.support.wire_servers import closed_port

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")


def test_a_starter_fills_the_composer_and_sends_nothing(journey):
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    window = journey.start()
    assert journey.has_widget("What can I help with?")
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / "empty-chat.png")

    # The starters sit in one centred row while the chat is wide enough for them.
    buttons = [journey.find_button(name) for name in ("Explain some code", "Plan a task")]
    tops = {button.mapTo(window, button.rect().topLeft()).y() for button in buttons}
    assert len(tops) == 1, "the starters wrapped in a wide window"
    first, last = (button.mapTo(window.chat_view, button.rect().center()) for button in buttons)
    middle = window.chat_view.rect().center().x()
    assert abs((first.x() + last.x()) / 2 - middle) < 0.25 * (last.x() - first.x())

    journey.click("Plan a task")

    assert window.composer.edit.toPlainText().startswith("Help me plan this task")
    assert window.composer.edit.hasFocus()
    assert journey.app.sessions.list_sessions() == []  # nothing was sent or created


def test_the_starters_leave_when_the_chat_has_messages_and_return_for_a_new_one(journey):
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    window = journey.start()
    journey.type_text("hello", window.composer.edit)
    window.composer.submit()
    journey.wait_until(lambda: not journey.has_widget("What can I help with?"))

    journey.click("New chat")
    assert journey.has_widget("What can I help with?")
