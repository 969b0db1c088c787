"""A window that fits: usable and unclipped at 800×600, and never resized by its content."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QAbstractButton, QWidget

from agent_desktop.toolkit.lazy_qt import Qt
from tests.journeys.test_settings import open_settings
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream
from tests.support.wire_servers import WireServer, closed_port

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")


@pytest.fixture
def local_server():
    with WireServer() as server:
        server.models = {"object": "list", "data": [{"id": "local-model", "object": "model"}]}
        yield server


def clipped(widget: QWidget) -> bool:
    """True when part of the widget is cut off by its window or by an ancestor."""
    if widget.width() < widget.minimumSizeHint().width():
        return True
    rect = QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())
    ancestor = widget.parentWidget()
    while ancestor is not None:
        visible = QRect(ancestor.mapTo(widget.window(), ancestor.rect().topLeft()), ancestor.size())
        if not visible.contains(rect):
            return True
        ancestor = ancestor.parentWidget()
    return False


@pytest.mark.parametrize(("width", "height"), [(800, 600), (3840, 2160)], ids=["800x600", "4K"])
def test_the_approval_buttons_and_header_fit_from_800_by_600_to_4k(
    journey, local_server, width, height
):
    journey.use_local_server(f"{local_server.url}/v1")
    local_server.enqueue(shell_call_turn("ls -la build"), openai_stream([{"content": "Listed."}]))
    window = journey.start()
    window.resize(width, height)
    journey.settle(0.2)

    journey.type_text("List the build folder", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    prompt_buttons = journey.wait_until(
        lambda: (
            [button for name in ("Allow once", "Deny") for button in [journey.find_button(name)]]
            if journey.has_widget("Allow once", QAbstractButton)
            else None
        ),
        timeout=30,
    )
    journey.settle(0.3)
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / f"approval-{width}x{height}.png")

    assert (window.width(), window.height()) == (width, height)
    all_buttons = [
        widget
        for widget in journey.widgets(window)
        if isinstance(widget, QAbstractButton) and widget.text()
    ]
    approval = [
        b
        for b in all_buttons
        if b.text().replace("&", "")
        in {"Allow once", "Allow for this session", "Always allow", "Deny"}
    ]
    assert len(approval) == 4, [b.text() for b in all_buttons]
    # The conversation, its approval card and the message box share one centred column.
    composer = window.composer
    column = QRect(composer.mapTo(window, composer.rect().topLeft()), composer.size())
    chat_area = window.chat_page
    area_centre = chat_area.mapTo(window, chat_area.rect().center()).x()
    assert abs(column.center().x() - area_centre) <= 2
    for button in approval + prompt_buttons:
        assert not clipped(button), f"{button.text()!r} is clipped at {width}×{height}"
        left = button.mapTo(window, button.rect().topLeft()).x()
        assert column.left() - 8 <= left <= column.right(), f"{button.text()!r} off the column"
    sidebar_scroll = window.sidebar.findChildren(QWidget)
    assert not any(
        getattr(child, "horizontalScrollBar", None) and child.horizontalScrollBar().isVisible()
        for child in sidebar_scroll
    ), "the sidebar shows a horizontal scrollbar"

    journey.click("Deny")
    journey.wait_until(lambda: len(local_server.posts) == 2, timeout=15)


def test_a_long_status_message_never_widens_the_window(journey):
    window = journey.start()
    window.resize(800, 600)
    journey.settle(0.1)
    window.state_label.setText("Waiting for your approval of " + "a_really_long_tool_name_" * 20)
    journey.settle(0.1)
    assert window.width() == 800
    assert window.minimumSizeHint().width() <= 800


def test_the_chat_title_shows_beside_the_header_actions_and_a_long_one_is_cut(journey):
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    window = journey.start()
    title = journey.find_widget("Conversation title")
    assert title.width() >= title.fontMetrics().horizontalAdvance("New chat")

    window.title_label.setText("A chat about " + "very long subjects " * 30)
    window.resize(800, 600)
    journey.settle(0.1)
    assert window.width() == 800
    assert title.width() > 0
    # The plugins' actions (compaction's three) are one Actions button, not three buttons:
    # at 800×600 the header's buttons all fit, none under an overflow arrow off the edge.
    toolbar = window.session_toolbar
    journey.wait_until(lambda: journey.has_widget("Chat actions"), 20)
    assert {a.text() for a in window.column.plugin_actions_menu.actions()} >= {
        "Compact full history",
        "Undo compaction",
    }
    header = toolbar.rect()
    for action in toolbar.actions():
        button = toolbar.widgetForAction(action)
        if button is not None and button.isVisible():
            assert header.contains(button.geometry()), action.text()


def shell_call_turn(command: str) -> dict:
    call = {"index": 0, "id": "call_fit", "type": "function"}
    call["function"] = {"name": "shell", "arguments": json.dumps({"command": command})}
    return openai_stream([{"tool_calls": [call]}], finish="tool_calls")


def test_settings_open_whole_on_a_small_screen(journey):
    """The offscreen screen the journeys run on is 800 wide: smaller than Settings' usual size."""
    journey.use_local_server(f"http://127.0.0.1:{closed_port()}/v1")
    window = journey.start()
    room = window.screen().availableGeometry()
    dialog = open_settings(journey)
    assert dialog.width() <= room.width() - 16
    assert dialog.height() <= room.height() - 64
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert dialog.rect().contains(QRect(ok.mapTo(dialog, ok.rect().topLeft()), ok.size()))
