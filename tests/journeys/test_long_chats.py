"""Long chats and huge messages stay usable: a returning user with a 6 MB answer (100,000 lines
of code) opens it and keeps typing, and finds a word in it (and in another chat, and in a
1.2 MB line of minified code) from the sidebar search with the keyboard.

The speed targets themselves are benchmarks (tests/benchmarks/test_long_chats.py); here the
loop-stall bound only says "never frozen" (it was 35 s before), generous for a shared machine.
"""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QApplication

from agent_core import Message, Session
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import closed_port

pytestmark = pytest.mark.gui

SHOTS = shots_folder("18")
GIANT_TITLE = "The generated module"
OTHER_TITLE = "Holiday plans"
MINIFIED_TITLE = "The minified bundle"
CODE_LINES = 100_000
NEEDLE_LINE = 61_234


def giant_code() -> str:
    lines = [
        f"    value_{n} = compute(item_{n}, factor={n % 97})  # step {n}" for n in range(CODE_LINES)
    ]
    lines[NEEDLE_LINE] = "    zanzibar_route = plan(zanzibar)  # the one line that names it"
    return "Here is the whole module:\n\n```python\n" + "\n".join(lines) + "\n```\n"


def minified_line() -> str:
    """One line of code of 1.2 MB with no space in it, naming the word once, far inside."""
    parts = [f"a{n}=b({n}),c{n}=d[{n}];" for n in range(40_000)]
    parts[28_000] = "zanzibar_route(plan);"
    return "Minified:\n\n```js\n" + "".join(parts) + "\n```\n"


def _screenshot(journey, name: str, widget=None) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name, widget)


class StallWatch:
    """A 5 ms timer on the GUI thread; the longest gap between its ticks is the longest stall."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._last = time.perf_counter()
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now


@pytest.fixture
def returning_user(journey):
    journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "label": "Local server",
                    "base_url": f"http://127.0.0.1:{closed_port()}/v1",
                    "model": "local-model",
                }
            },
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    journey.start()
    for title, messages in (
        (
            MINIFIED_TITLE,
            [Message("user", "Minify the bundle."), Message("assistant", minified_line())],
        ),
        (
            GIANT_TITLE,
            [
                Message("user", "Write the whole generated module, please."),
                Message("assistant", giant_code()),
                Message("user", "Thanks!"),
                Message("assistant", "You are welcome."),
            ],
        ),
        (
            OTHER_TITLE,
            [
                Message("user", "Where should we go in spring?"),
                Message("assistant", "**Zanzibar** is lovely in spring: beaches and spice farms."),
            ],
        ),
    ):
        session = journey.app.sessions.create_session()
        journey.app.sessions.save_session(Session(session.session_id, messages, session.metadata))
        journey.app.sessions.rename_session(session.session_id, title)
    journey.restart()
    return journey


def _sidebar_item(journey, title: str):
    chat_list = journey.window.sidebar.list
    for row in range(chat_list.count()):
        if chat_list.item(row).text() == title:
            return chat_list.item(row)
    raise LookupError(f"no chat {title!r} in the sidebar")


def test_open_the_giant_chat_and_keep_typing_while_it_loads(returning_user):
    journey = returning_user
    window = journey.window
    chat_list = window.sidebar.list
    composer_box = journey.find_widget("Message")
    watch = StallWatch()

    def open_and_type() -> None:
        item = _sidebar_item(journey, GIANT_TITLE)
        journey.qtbot.mouseClick(
            chat_list.viewport(),
            Qt.MouseButton.LeftButton,
            pos=chat_list.visualItemRect(item).center(),
        )
        composer_box.setFocus()
        journey.qtbot.keyClicks(composer_box, "typed while it opens")
        # Typed before the chat is on screen: it is read on a worker thread meanwhile (a click
        # that read 6 MB on the GUI thread would have shown it before the first key arrived).
        shown_while_typing.append(window.title_label.text())

    shown_while_typing: list[str] = []
    journey.act(open_and_type)
    assert shown_while_typing != [GIANT_TITLE]
    assert composer_box.toPlainText() == "typed while it opens"
    journey.wait_until(lambda: window.title_label.text() == GIANT_TITLE)
    journey.settle(1.0)  # the head's highlighting arrives from the worker thread meanwhile
    assert watch.longest < 1.0, f"the window froze for {watch.longest:.1f} s"
    assert composer_box.toPlainText() == "typed while it opens"

    view = window.chat_view
    model = view.chat_model
    row = model.row_of_message(1)
    layout = view.row_layout(row)
    assert layout.show_all_text == "Show all  (6.3 MB · 100,005 lines)"
    assert layout.height < 2500  # its head, not 100,000 lines
    # Scrolled so the end of the shown head and its "Show all" line are in sight.
    bar = view.verticalScrollBar()
    journey.act(
        lambda: bar.setValue(bar.value() + layout.show_all.bottom() - view.viewport().height() + 60)
    )
    journey.settle(0.5)
    _screenshot(journey, "giant-message-elided.png")

    # "Show all" opens the whole text in its own window, filled while the chat stays usable.
    layout = view.row_layout(row)
    assert view.viewport().rect().contains(layout.show_all.center())
    journey.act(
        lambda: journey.qtbot.mouseClick(
            view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=layout.show_all.topLeft() + QPoint(20, 10),
        )
    )
    viewer = journey.find_widget("Whole text").window()
    journey.wait_until(viewer.loaded, timeout=60)
    assert viewer.editor.document().blockCount() >= CODE_LINES
    assert "zanzibar_route = plan(zanzibar)" in viewer.editor.toPlainText()
    journey.act(viewer.close)


def test_search_arrow_into_a_result_and_enter_shows_the_message_highlighted(returning_user):
    journey = returning_user
    window = journey.window
    # The user's window has the keyboard (on a bare X server nothing gives it to it).
    journey.act(window.activateWindow)
    journey.wait_until(window.isActiveWindow)
    journey.press(Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier, widget=window)
    search = QApplication.focusWidget()
    assert search.accessibleName() == "Search conversations"
    journey.type_text("zanzib", search)
    chat_list = window.sidebar.list
    journey.wait_until(lambda: window.sidebar.showing_results() and chat_list.count() == 3)
    results = [chat_list.item(row).data(Qt.ItemDataRole.UserRole + 1) for row in range(3)]
    # Newest first: the holiday chat, the line deep inside the giant answer, the word inside the
    # giant line; each with the words around the match, Markdown taken out, the matched word
    # highlighted whole.
    assert [result["title"] for result in results] == [OTHER_TITLE, GIANT_TITLE, MINIFIED_TITLE]
    holiday, code, minified = results
    assert holiday["snippet"].startswith("Zanzibar is lovely in spring")
    assert [holiday["snippet"][a:b] for a, b in holiday["highlights"]] == ["Zanzibar"]
    assert "zanzibar_route = plan(zanzibar)" in code["snippet"]
    assert {code["snippet"][a:b] for a, b in code["highlights"]} == {"zanzibar"}
    assert code["message_index"] == 1
    assert "d[27999];zanzibar_route(plan);a28001=b(28001)" in minified["snippet"]
    start, end = minified["match"]
    assert minified["snippet"][start:end] == "zanzibar"
    _screenshot(journey, "search-results-highlighted.png")

    journey.press(Qt.Key.Key_Down, widget=search)
    assert QApplication.focusWidget() is chat_list
    journey.press(Qt.Key.Key_Down, widget=chat_list)
    assert chat_list.currentRow() == 1
    journey.press(Qt.Key.Key_Return, widget=chat_list)
    journey.wait_until(lambda: window.title_label.text() == GIANT_TITLE)
    view = window.chat_view
    journey.wait_until(lambda: view.revealed_key() is not None)
    row = view.currentIndex().row()
    assert view.chat_model.item(row).message_index == 1
    assert view.revealed_key() == view.chat_model.item(row).key
    shown = view.visualRect(view.currentIndex())
    assert shown.intersects(view.viewport().rect())  # scrolled to it
    journey.settle(0.3)
    _screenshot(journey, "search-result-opened-highlighted.png")

    # The match lies far beyond the part of the giant answer the chat shows: its whole text
    # opens at the matched word.
    viewer = journey.find_widget("Whole text").window()
    journey.wait_until(viewer.loaded, timeout=60)
    cursor = viewer.editor.textCursor()
    assert cursor.selectedText() == "zanzibar"
    assert cursor.blockNumber() == NEEDLE_LINE + 3  # after the intro, the blank line, the fence
    assert viewer.status.text().endswith(f"first found on line {NEEDLE_LINE + 4:,}")
    journey.settle(0.3)
    _screenshot(journey, "search-result-in-giant-message-whole-text.png", viewer)
    journey.act(viewer.close)

    # The word inside the 1.2 MB line: its whole text opens at the word without freezing the
    # window (laid out whole, that line took a minute), the line shown in pieces.
    watch = StallWatch()
    item = chat_list.item(2)
    journey.act(
        lambda: journey.qtbot.mouseClick(
            chat_list.viewport(),
            Qt.MouseButton.LeftButton,
            pos=chat_list.visualItemRect(item).center(),
        )
    )
    journey.wait_until(lambda: window.title_label.text() == MINIFIED_TITLE)
    viewer = journey.find_widget("Whole text").window()
    journey.wait_until(viewer.loaded, timeout=60)
    assert viewer.editor.textCursor().selectedText() == "zanzibar"
    assert viewer.status.text().endswith("“zanzibar” first found on line 4")
    assert watch.longest < 1.0, f"the window froze for {watch.longest:.1f} s"
    journey.settle(0.3)
    _screenshot(journey, "search-result-in-giant-line-whole-text.png", viewer)
    journey.act(viewer.close)
