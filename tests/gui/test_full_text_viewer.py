"""The whole text of a giant message in its own window: a giant line (minified code, a paragraph
of megabytes) is shown in pieces Qt can lay out quickly, yet what is copied, counted and found
is the text itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_desktop.conversation.full_text_viewer import SHOWN_LINE_CHARACTERS, FullTextViewer

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


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


def test_a_test_run_that_copied_from_the_viewer_ends_cleanly():
    # The copy is a Python-made QMimeData the clipboard keeps; Qt deleted it at process exit,
    # after Python had gone, and the run crashed (exit code 139) though every test passed.
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"{__file__}::test_the_word_to_find_in_a_giant_line_is_selected_on_its_own_line_number",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]


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


def test_escape_closes_the_viewer(qtbot):
    """Escape leaves the whole text, as it leaves a dialog: the keys the user types next go back
    to the chat, not into the viewer."""
    from PySide6.QtCore import Qt

    viewer = opened(qtbot, "An answer.\n" * 10)
    viewer.editor.setFocus()
    qtbot.keyClick(viewer.editor, Qt.Key.Key_Escape)
    qtbot.wait_until(lambda: not viewer.isVisible())
