"""What Markdown looks like in a chat: laid out by a real QTextDocument, as the chat view does."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from agent_desktop.markdown_render import document_stylesheet, render_markdown
from agent_desktop.theme import DARK, LIGHT

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
