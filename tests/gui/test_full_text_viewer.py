"""The whole text of a giant message in its own window: a giant line (minified code, a paragraph
of megabytes) is shown in pieces Qt can lay out quickly, yet what is copied, counted and found
is the text itself."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_desktop.conversation.full_text_viewer import SHOWN_LINE_CHARACTERS, FullTextViewer

pytestmark = pytest.mark.gui


def minified_line(parts: int = 40_000) -> str:
    code = [f"a{n}=b({n}),c{n}=d[{n}];" for n in range(parts)]
    code[int(parts * 0.7)] = "zanzibar_route(plan);"
    return "Minified:\n\n```js\n" + "".join(code) + "\n```\n"


def opened(qtbot, text: str, find: str = "") -> FullTextViewer:
    viewer = FullTextViewer("Assistant message 2", text, find=find)
    qtbot.add_widget(viewer)
    viewer.show()
    qtbot.wait_until(viewer.loaded, timeout=30_000)
    return viewer


def longest_shown_line(viewer: FullTextViewer) -> int:
    block = viewer.editor.document().firstBlock()
    longest = 0
    while block.isValid():
        longest = max(longest, block.length())
        block = block.next()
    return longest


@pytest.mark.parametrize(
    "text",
    [
        minified_line(),  # 1.2 MB on one line, no space: laid out whole, it froze for a minute
        "Lorem ipsum dolor sit amet, **consectetur** adipiscing elit. " * 40_000,  # 2.4 MB
    ],
    ids=["minified code", "one paragraph"],
)
def test_a_giant_line_is_shown_in_short_lines_and_copied_as_it_is(qtbot, text):
    viewer = opened(qtbot, text)
    assert longest_shown_line(viewer) <= 2 * SHOWN_LINE_CHARACTERS
    assert viewer.status.text() == f"{len(text):,} characters · {text.count(chr(10)) + 1} lines"
    viewer.editor.selectAll()
    assert viewer.editor.createMimeDataFromSelection().text() == text


def test_the_word_to_find_in_a_giant_line_is_selected_on_its_own_line_number(qtbot):
    text = minified_line()
    viewer = opened(qtbot, text, find="zanzibar")
    assert viewer.editor.textCursor().selectedText() == "zanzibar"
    assert viewer.status.text().endswith("“zanzibar” first found on line 4")
    viewer.editor.copy()
    assert viewer.editor.createMimeDataFromSelection().text() == "zanzibar"


def test_a_word_written_otherwise_is_found_in_any_case(qtbot):
    viewer = opened(qtbot, "one\ntwo Zanzibar three\n", find="zanzibar")
    assert viewer.editor.textCursor().selectedText() == "Zanzibar"
    assert viewer.status.text().endswith("first found on line 2")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    unit=st.text(alphabet="ab_;= \n", min_size=1, max_size=9),
    repeats=st.integers(1, 900),
    bounds=st.tuples(st.floats(0, 1), st.floats(0, 1)),
)
def test_any_selection_copies_exactly_the_text_it_covers(qtbot, unit, repeats, bounds):
    text = unit * repeats
    viewer = opened(qtbot, text)
    start, end = sorted(int(bound * len(text)) for bound in bounds)
    viewer.editor.select_in_text(start, end)
    assert viewer.editor.createMimeDataFromSelection().text() == text[start:end]
    viewer.close()
