"""The sidebar's search results as drawn: the word a result's snippet is about is always in
sight, highlighted, at the width the window gives the sidebar — results from a real store."""

from __future__ import annotations

import pytest

from agent_app.store import SessionStore
from agent_core import Message, Session
from agent_desktop.sidebar import session_list as sessions_sidebar
from agent_desktop.sidebar.session_list import SessionSidebar

pytestmark = pytest.mark.gui

SIDEBAR_WIDTH = 270  # what the main window gives it at first

TEXTS = {
    # Many lines naming "compute" before the one line naming 42: the rarer word is the match.
    "code": "\n".join(f"line_{n} = compute(item_{n}, factor={n % 7})" for n in range(60)),
    # One giant line of code with no space at all.
    "giant line": ",".join(f"line_{n}" for n in range(100_000)),
    "prose": "**Zanzibar** is lovely in spring: beaches, spice farms and old stone town streets.",
    "wide letters": "東京の天気は晴れです。" * 20 + " 札幌 " + "大阪の天気は雨です。" * 20,
    "long identifier": "x = "
    + "_".join(["part"] * 30)
    + "_zanzibar_route_"
    + "_".join(["end"] * 30),
}
QUERIES = {
    "code": "compute 42",
    "giant line": "line_59990",
    "prose": "zanzib",
    "wide letters": "札幌",
    "long identifier": "zanzibar",
}


@pytest.fixture
def results(tmp_path):
    store = SessionStore(tmp_path / "sessions.sqlite3")
    for name, text in TEXTS.items():
        store.save_session(Session(name, [Message("assistant", text)], {"title": name.title()}))
    found = {
        name: next(r for r in store.search_sessions(QUERIES[name]) if r["session_id"] == name)
        for name in TEXTS
    }
    store.close()
    return found


@pytest.mark.parametrize("name", list(TEXTS))
def test_a_results_matched_word_is_drawn_whole_and_highlighted_in_the_sidebar(
    qtbot, monkeypatch, results, name
):
    sidebar = SessionSidebar()
    qtbot.add_widget(sidebar)
    sidebar.resize(SIDEBAR_WIDTH, 400)
    sidebar.show()
    qtbot.wait_exposed(sidebar)
    drawn: list[list] = []

    def recording(*args, **options):  # the real layout, recorded as the delegate paints with it
        boxes = real(*args, **options)
        drawn.append(boxes)
        return boxes

    real = sessions_sidebar.snippet_boxes
    monkeypatch.setattr(sessions_sidebar, "snippet_boxes", recording)
    result = results[name]
    sidebar.set_results([result])
    sidebar.list.viewport().grab()  # paints the row
    assert drawn, "the result's row was not painted"
    start, end = result["match"]
    matched_word = result["snippet"][start:end]
    viewport = sidebar.list.viewport().rect()
    highlighted = [(text, box) for text, matched, box in drawn[-1] if matched]
    assert any(text == matched_word for text, _ in highlighted), (
        f"{matched_word!r} not drawn whole: {[text for text, _, _ in drawn[-1]]}"
    )
    [(_, box)] = [(text, box) for text, box in highlighted if text == matched_word][:1]
    assert viewport.contains(box), f"{matched_word!r} drawn at {box}, outside {viewport}"


def test_a_long_forked_title_keeps_its_fork_mark_when_cut(qapp):
    # Seen walking the app: a fork looked identical to its chat, "(fork)" cut off at the end.
    from PySide6.QtGui import QFont, QFontMetrics

    metrics = QFontMetrics(QFont())
    title = "Planning the spring trip to Zanzibar and the spice farms (fork)"
    width = metrics.horizontalAdvance(title) // 2
    shown = sessions_sidebar.elided_title(title, metrics, width)
    assert shown.startswith("Planning the")
    assert shown.endswith("… (fork)")
    assert metrics.horizontalAdvance(shown) <= width
    short = "Trip (fork)"
    assert sessions_sidebar.elided_title(short, metrics, 1000) == short


def listing(*titles: str, preview: str = "") -> list[dict]:
    return [
        {"session_id": title.lower(), "title": title, "preview": preview, "updated_at": 1.0}
        for title in titles
    ]


def test_listing_again_updates_only_the_rows_that_changed(qapp):
    """Answers finishing re-list the chats: the rows that show the same keep their items (a
    rebuild of every row stalled the window), the changed ones show what changed."""
    sidebar = SessionSidebar()
    sidebar.set_sessions(listing("Alpha", "Beta", "Gamma"), "beta")
    items = [sidebar.list.item(row) for row in range(3)]

    changed = listing("Alpha", "Beta", "Gamma")
    changed[2]["preview"] = "the newest answer"
    sidebar.set_sessions(changed, "beta")

    assert [sidebar.list.item(row) for row in range(2)] == items[:2]
    assert sidebar.list.item(2).data(sessions_sidebar.SESSION_ROLE)["preview"] == (
        "the newest answer"
    )
    assert sidebar.list.currentItem() is items[1]

    sidebar.set_sessions(listing("Gamma", "Alpha"), "gamma")

    assert sidebar.session_ids() == ["gamma", "alpha"]
    assert [sidebar.list.item(row).text() for row in range(2)] == ["Gamma", "Alpha"]
    assert sidebar.list.currentItem().text() == "Gamma"
    assert sidebar.item_for("beta") is None


def test_a_chat_that_becomes_newest_keeps_its_row_and_the_rows_it_passed_are_left_alone(qapp):
    """A hundred chats answering at once: each one finishing moves to the top. Its row moves
    there (selection and all); the rows it passed are not drawn anew, as they show the same."""
    sidebar = SessionSidebar()
    titles = [f"Chat {number}" for number in range(50)]
    sidebar.set_sessions(listing(*titles), "chat 10")
    items = {sidebar.list.item(row).text(): sidebar.list.item(row) for row in range(50)}
    changed_rows: list[int] = []
    sidebar.list.model().dataChanged.connect(
        lambda top, bottom, _roles: changed_rows.extend(range(top.row(), bottom.row() + 1))
    )

    moved = listing("Chat 30", *(title for title in titles if title != "Chat 30"))
    moved[0]["preview"] = "its newest answer"
    sidebar.set_sessions(moved, "chat 10")

    assert sidebar.session_ids() == [session["session_id"] for session in moved]
    assert [sidebar.list.item(row) for row in range(50)] == [
        items[session["title"]] for session in moved
    ]
    assert set(changed_rows) == {0}
    assert sidebar.list.item(0).data(sessions_sidebar.SESSION_ROLE)["preview"] == (
        "its newest answer"
    )
    assert sidebar.list.currentItem() is items["Chat 10"]

    # A chat deleted and a new one started: the new one on top, the deleted one gone.
    again = listing(
        "Chat 99", *(session["title"] for session in moved if session["title"] != "Chat 5")
    )
    sidebar.set_sessions(again, "chat 10")

    assert sidebar.session_ids() == [session["session_id"] for session in again]
    assert [sidebar.list.item(row).text() for row in range(sidebar.list.count())] == [
        session["title"] for session in again
    ]
    assert sidebar.list.item(1) is items["Chat 30"]
    assert sidebar.item_for("chat 5") is None
    assert sidebar.list.currentItem() is items["Chat 10"]


def test_a_listing_that_moves_many_rows_moves_a_few_each_frame(qapp, qtbot):
    """A hundred chats finishing together: one listing moved ninety rows in one frame (8-11 ms
    of the GUI thread). At most ROW_CHANGES_PER_FRAME rows move before the window paints, the
    rest in the next frames, each row keeping its item; the chat the user opened meanwhile is
    the one highlighted at the end."""
    sidebar = SessionSidebar()
    titles = [f"Chat {number}" for number in range(60)]
    sidebar.set_sessions(listing(*titles), "chat 10")
    items = {sidebar.list.item(row).text(): sidebar.list.item(row) for row in range(60)}
    moves: list[int] = []
    sidebar.list.model().rowsMoved.connect(lambda *_moved: moves.append(1))
    newest_first = listing(*reversed(titles))
    wanted = [session["session_id"] for session in newest_first]

    with qtbot.waitSignal(sidebar.listed, timeout=5_000):
        sidebar.set_sessions(newest_first, "chat 10")
        assert 0 < len(moves) <= sessions_sidebar.ROW_CHANGES_PER_FRAME
        assert sidebar.session_ids() != wanted
        sidebar.mark_current("chat 20")  # the user opens another chat meanwhile

    assert sidebar.session_ids() == wanted
    assert [sidebar.list.item(row) for row in range(60)] == [
        items[session["title"]] for session in newest_first
    ]
    assert sidebar.list.currentItem() is items["Chat 20"]


def test_rows_drawn_again_are_not_cut_to_width_again(qapp, monkeypatch):
    """Rows are drawn again each time a chat finishing moves them (a hundred answers: many
    times a second); a title cut to the row's width is cut once, not at every paint (cutting
    costs as much as drawing). A changed title is cut anew."""
    cut: list[str] = []
    cut_title = sessions_sidebar.elided_title
    monkeypatch.setattr(
        sessions_sidebar,
        "elided_title",
        lambda title, metrics, width: cut.append(title) or cut_title(title, metrics, width),
    )
    sidebar = SessionSidebar()
    sidebar.resize(270, 400)
    sidebar.set_sessions(listing("Alpha", "Beta", "A title far too long to fit in one row"), None)
    sidebar.grab()  # drawn as on screen
    first_paint = sorted(cut)
    assert "Alpha" in first_paint

    sidebar.grab()
    sidebar.grab()
    assert sorted(cut) == first_paint

    sidebar.set_sessions(listing("Alpha", "Beta", "Gamma"), None)
    sidebar.grab()
    assert sorted(cut) == sorted([*first_paint, "Gamma"])


def test_a_results_place_is_said_in_the_window_language(qapp, tmp_path):
    """The walk found "Answer:", "You:" and "Title" in English in a Japanese window."""
    from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations

    installed = Translations(qapp, tmp_path / "cache")
    try:
        installed.use("ja")
        places = [
            sessions_sidebar.match_place({"message_index": index, "role": role})
            for index, role in ((None, "user"), (0, "user"), (1, "assistant"), (2, "tool"))
        ]
    finally:
        installed.use(SOURCE_LANGUAGE)  # later tests read English
    assert places == ["タイトル", "あなた", "回答", "ツール"]


def _second_line(snippet: str, direction, highlights=()) -> tuple[str, object, list]:
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFont

    normal = QFont()
    bold = QFont(normal)
    bold.setBold(True)
    result = {
        "message_index": 1,
        "role": "assistant",
        "snippet": snippet,
        "highlights": list(highlights),
    }
    return sessions_sidebar.place_and_snippet_boxes(
        result, QRect(0, 0, 600, 20), normal, bold, direction
    )


def test_a_results_place_and_snippet_each_read_their_own_way(qapp):
    """In Arabic the row read "…:Answer": the place was drawn left to right at the left. Now
    the place starts the line in the window's direction and the snippet runs its own way
    beside it."""
    from PySide6.QtCore import Qt

    place, place_box, boxes = _second_line("the answer about", Qt.LayoutDirection.RightToLeft)
    assert place == "Answer:"
    assert place_box.right() == 599  # the start of a right-to-left line
    assert all(box.right() < place_box.left() for _, _, box in boxes)
    assert place_box.left() - max(box.right() for _, _, box in boxes) < 10  # beside it

    # "عن" matched: a piece of its own in bold, between the two other words.
    place, place_box, boxes = _second_line(
        "الجواب عن الرحلة", Qt.LayoutDirection.LeftToRight, [(7, 9)]
    )
    assert place_box.left() == 0
    assert [shown for shown, _, _ in boxes] == ["الجواب ", "عن", " الرحلة"]
    lefts = [box.left() for _, _, box in boxes]
    assert lefts == sorted(lefts, reverse=True)  # its first words at the right
    assert 0 < min(lefts) - place_box.right() < 10  # beside the place
