"""What Markdown looks like in a chat: laid out by a real QTextDocument, as the chat view does."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from agent_desktop.conversation.markdown_render import document_stylesheet, render_markdown
from agent_desktop.toolkit.theme import DARK, LIGHT

pytestmark = pytest.mark.gui


def laid_out(markdown: str, *, keep_line_breaks: bool = False) -> QTextDocument:
    document = QTextDocument()
    document.setDefaultStyleSheet(document_stylesheet(LIGHT))
    document.setHtml(render_markdown(markdown, LIGHT, keep_line_breaks=keep_line_breaks).html)
    document.setTextWidth(600)
    return document


def test_inline_code_adds_no_space_around_it(qapp):
    text = laid_out("call `run` now").toPlainText().strip()
    assert text == "call run now"


def test_a_users_newlines_are_kept_and_an_answers_paragraph_is_joined(qapp):
    typed = "first line\nsecond line\nthird line"
    lines = laid_out(typed, keep_line_breaks=True).toPlainText().splitlines()
    assert [line.strip() for line in lines] == [
        "first line",
        "second line",
        "third line",
    ]
    assert laid_out(typed).toPlainText().strip() == "first line second line third line"


@pytest.mark.parametrize("palette", [LIGHT, DARK])
def test_a_quote_has_a_bar_in_the_themes_colour_beside_its_text(qapp, palette):
    rendered = render_markdown("> quoted words\n\nafter", palette).html
    document = QTextDocument()
    document.setHtml(rendered)
    table = next(
        frame
        for frame in document.rootFrame().childFrames()
        if frame.__class__.__name__ == "QTextTable"
    )
    bar, words = table.cellAt(0, 0), table.cellAt(0, 1)
    assert bar.format().background().color().name() == palette.muted
    assert words.firstCursorPosition().block().text() == "quoted words"


def test_table_cells_are_middle_aligned_so_inline_code_does_not_sit_low(qapp):
    document = laid_out("| a | b |\n|---|--:|\n| x | `y` |")
    table = next(
        frame
        for frame in document.rootFrame().childFrames()
        if frame.__class__.__name__ == "QTextTable"
    )
    from PySide6.QtGui import QTextCharFormat

    for row in range(2):
        for column in range(2):
            alignment = table.cellAt(row, column).format().verticalAlignment()
            assert alignment == QTextCharFormat.VerticalAlignment.AlignMiddle
    # The column's declared alignment survives the cell rule.
    cell = table.cellAt(1, 1)
    assert cell.firstCursorPosition().blockFormat().alignment() & 0x2  # Qt.AlignRight


_RACE = """
import threading
from agent_desktop.conversation.markdown_render import render_markdown, warm_up
from agent_desktop.toolkit.theme import LIGHT

start = threading.Barrier(8)
failures = []

def run(work):
    start.wait()
    try:
        work()
    except Exception as error:
        failures.append(repr(error))

def render(language):
    return lambda: render_markdown(f"```{language}\\nx = 1\\n```", LIGHT)

jobs = [warm_up, warm_up, warm_up, warm_up] + [render(x) for x in ("python", "rust", "js", "c")]
threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(failures)
"""


def test_markdown_and_pygments_load_safely_from_several_threads_at_once():
    """Start-up warms the renderer on a worker while the GUI thread may render a chat; in a
    fresh interpreter, eight threads importing at once all render (no half-imported module)."""
    import subprocess
    import sys

    for _ in range(3):  # a race: a few fresh interpreters make a lost one likely to show
        done = subprocess.run(
            [sys.executable, "-c", _RACE], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "[]", done.stdout
