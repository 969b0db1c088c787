"""Math and Mermaid diagrams in an answer: drawn in the chat (light and dark), source in the export.

A scripted model answers with three equations (inline `$…$`, a `$$…$$` block and `\\(…\\)`), a
price that is not math, and a ```mermaid flowchart, streamed in small pieces. The chat shows the
equations and the diagram as pictures; the exported chat holds the LaTeX and Mermaid source.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QTextDocument, QTextImageFormat

from agent_desktop.conversation.chat_model import ITEM_ROLE
from agent_desktop.conversation.figures import RESOURCE_SCHEME
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

SHOTS = shots_folder("math-a11y")
SCRIPTED = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
FLOWCHART = "flowchart LR\n    Ask[Question] --> Think{Known?}\n    Think -->|yes| Answer\n"
ANSWER = (
    "Euler's identity $e^{i\\pi} + 1 = 0$ ties five constants together; it costs $5 and $10 "
    "to print on a mug.\n\n"
    "The sum of the first n numbers:\n\n"
    "$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$\n\n"
    "and the area of a circle is \\(A = \\pi r^2\\).\n\n"
    f"```mermaid\n{FLOWCHART}```\n"
)


def drawn_figures(document: QTextDocument) -> list[str]:
    """The names of the figure pictures a document shows, in order."""
    names = []
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            text_format = fragment.charFormat()
            if text_format.isImageFormat():
                name = QTextImageFormat(text_format).name()
                if name.startswith(RESOURCE_SCHEME):
                    names.append(name)
            iterator += 1
        block = block.next()
    return names


@pytest.mark.parametrize("theme", ["light", "dark", "high_contrast"])
def test_an_answer_with_equations_and_a_flowchart_shows_them_drawn_and_exports_the_source(
    journey, tmp_path, theme
):
    settings = journey.write_config(SCRIPTED).with_name("settings.json")
    settings.write_text(json.dumps({"theme": theme}), encoding="utf-8")
    window = journey.start()
    window.request_defaults = {"script": [{"content": ANSWER, "chunk_size": 12}]}
    journey.type_text("Show me some math", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: not window.busy(), timeout=30)

    view = window.chat_view
    row = view.chat_model.rowCount() - 1
    item = view.chat_model.index(row).data(ITEM_ROLE)
    assert item.role == "assistant"

    def document() -> QTextDocument:
        rect = QRect(0, 0, view.viewport().width(), 0)
        return view._delegate.document(item, view._delegate.layout(item, rect).body.width())

    journey.wait_until(lambda: len(drawn_figures(document())) == 4, timeout=20)
    shown = document().toPlainText()
    # The price stays text; no formula's source is left on screen.
    assert "$5 and $10" in shown
    for source in ("e^{i\\pi}", "\\sum_", "\\pi r^2", "flowchart LR"):
        assert source not in shown
    for name in drawn_figures(document()):
        picture = document().resource(QTextDocument.ResourceType.ImageResource, name)
        assert not picture.isNull()
        assert picture.width() > 4
        assert picture.height() > 4
    SHOTS.mkdir(parents=True, exist_ok=True)
    journey.settle(0.2)
    journey.screenshot(SHOTS / f"math-and-diagram-{theme}.png")

    export = tmp_path / "math.agent-session.json"
    journey.run(window.sessions.write_export(window.session.session_id, "json", export))
    exported = json.dumps(json.loads(export.read_text(encoding="utf-8")))
    for source in ("$e^{i\\pi} + 1 = 0$", "\\frac{n(n+1)}{2}", "\\(A = \\pi r^2\\)", FLOWCHART):
        assert json.dumps(source)[1:-1] in exported
