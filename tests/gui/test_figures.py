"""Math and Mermaid diagrams: which text is a formula, and drawings made as the chat makes them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtGui import QColor, QImage, QPixmap, QTextDocument

from agent_desktop.conversation.figure_helper import BACKGROUND_NICENESS
from agent_desktop.conversation.figures import (
    DIAGRAM,
    MATH_BLOCK,
    MATH_INLINE,
    FigureDrawer,
    FigureStyle,
    compose_html,
    draw_figure,
)
from agent_desktop.conversation.markdown_render import COPY_SCHEME, render_markdown
from agent_desktop.toolkit.theme import DARK, HIGH_CONTRAST, LIGHT

pytestmark = pytest.mark.gui

STYLE = FigureStyle("light", False, False, "#1d1d1f", "#f4f5f7", 14, 1.0)
FLOWCHART = "flowchart LR\n    A[Start] --> B{Ok?}\n    B -->|yes| C[Done]"


def figures_of(markdown: str) -> list[tuple[str, str]]:
    return [(figure.kind, figure.source) for figure in render_markdown(markdown, LIGHT).figures]


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("Euler: $e^{i\\pi} + 1 = 0$.", [(MATH_INLINE, "e^{i\\pi} + 1 = 0")]),
        ("area \\(A = \\pi r^2\\) here", [(MATH_INLINE, "A = \\pi r^2")]),
        ("$$\\frac{a}{b}$$", [(MATH_BLOCK, "\\frac{a}{b}")]),
        ("\\[\n\\sum_i i\n\\]", [(MATH_BLOCK, "\\sum_i i")]),
        ("twice $x$ and $y_1$", [(MATH_INLINE, "x"), (MATH_INLINE, "y_1")]),
    ],
)
def test_each_delimiter_makes_a_formula_of_its_content(qapp, markdown, expected):
    assert figures_of(markdown) == expected


@pytest.mark.parametrize(
    "markdown",
    [
        "It costs $5 and $10 to print.",
        "Between $5-$10 a month.",
        "A price: $ 5, and another $.",
        "Escaped \\$x\\$ stays text.",
        "In code `$x$` and `\\(y\\)` stay code.",
        "```python\nprice = '$5 and $x$'\n```",
        "An open $$\\frac{a}{b} still streaming",
    ],
)
def test_prices_code_escapes_and_unclosed_math_stay_text(qapp, markdown):
    rendered = render_markdown(markdown, LIGHT)
    assert rendered.figures == ()
    assert "$" in rendered.html or "\\(" in rendered.html


def test_a_mermaid_block_is_a_diagram_only_once_its_fence_has_closed(qapp):
    streaming = f"Here:\n\n```mermaid\n{FLOWCHART}"
    assert figures_of(streaming) == []
    assert figures_of(streaming + "\n```\n") == [(DIAGRAM, FLOWCHART)]
    assert figures_of(f"```python\n{FLOWCHART}\n```") == []


def test_a_drawn_figure_links_to_its_source_for_copying(qapp):
    rendered = render_markdown("see $x^2$ and\n\n```mermaid\n" + FLOWCHART + "\n```", LIGHT)
    math, diagram = rendered.figures
    for figure in (math, diagram):
        number = int(figure.frame.split(f'href="{COPY_SCHEME}')[1].split('"')[0])
        assert rendered.code_blocks[number] == figure.source


def ink(image: QImage) -> set[str]:
    """The colours of the opaque pixels of `image`."""
    colours = set()
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            pixel = image.pixelColor(x, y)
            if pixel.alpha() == 255:
                colours.add(pixel.name())
    return colours


@pytest.mark.parametrize("palette", [LIGHT, DARK, HIGH_CONTRAST])
def test_a_formula_is_drawn_in_the_themes_text_colour(qapp, palette):
    style = STYLE._replace(theme=palette.name, dark=palette.dark, colour=palette.text)
    drawn = draw_figure(MATH_BLOCK, "\\frac{n(n+1)}{2}", style)
    assert drawn.image is not None
    assert drawn.error == ""
    assert drawn.width > 20
    assert drawn.height > 20
    assert QColor(palette.text).name() in ink(drawn.image)


def test_a_formula_drawn_for_a_high_density_screen_keeps_its_size_with_more_pixels(qapp):
    single = draw_figure(MATH_INLINE, "x^2", STYLE)
    double = draw_figure(MATH_INLINE, "x^2", STYLE._replace(scale=2.0))
    assert (double.width, double.height) == (single.width, single.height)
    assert double.image is not None
    assert single.image is not None
    assert double.image.width() == 2 * single.image.width()


@pytest.mark.parametrize("palette", [DARK, HIGH_CONTRAST])
def test_a_diagram_is_drawn_and_dark_themes_get_a_dark_diagram(qapp, palette):
    on_the_ground = STYLE._replace(theme=palette.name, background=palette.window)
    light = draw_figure(DIAGRAM, FLOWCHART, on_the_ground)
    dark = draw_figure(DIAGRAM, FLOWCHART, on_the_ground._replace(dark=palette.dark))
    assert light.image is not None
    assert dark.image is not None
    assert light.width > 100
    assert light.height > 30

    def bright_share(image: QImage) -> float:
        """How much of the picture is near white (the light theme fills its shapes so)."""
        pixels = [
            image.pixelColor(x, y)
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
        ]
        return sum(pixel.lightnessF() > 0.8 for pixel in pixels) / len(pixels)

    # Mermaid's dark theme fills the shapes dark: on a dark ground the light theme's white
    # boxes glare and its black arrows vanish.
    assert bright_share(dark.image) < bright_share(light.image) / 2


def test_a_high_contrast_diagram_is_drawn_in_the_themes_ink_on_its_ground_with_no_grey(qapp):
    # A walk found the high-contrast theme's diagrams in Mermaid's dark theme: dark grey shapes
    # and grey label boxes on black, light grey text.
    style = STYLE._replace(
        theme=HIGH_CONTRAST.name,
        dark=True,
        contrast=True,
        colour=HIGH_CONTRAST.text,
        background=HIGH_CONTRAST.code_background,
    )
    drawn = draw_figure(DIAGRAM, FLOWCHART, style)
    assert drawn.image is not None, drawn.error
    pixels = [
        drawn.image.pixelColor(x, y)
        for y in range(0, drawn.image.height(), 2)
        for x in range(0, drawn.image.width(), 2)
    ]
    # Only the ink's lines and letters and their smoothed edges are not the ground: no fills.
    not_ground_or_ink = [pixel for pixel in pixels if 0.04 < pixel.lightnessF() < 0.9]
    assert len(not_ground_or_ink) / len(pixels) < 0.06
    assert QColor(HIGH_CONTRAST.text).name() in {pixel.name() for pixel in pixels}


@pytest.mark.parametrize(
    ("kind", "source"), [(MATH_INLINE, "\\frac{a}{"), (DIAGRAM, "flowchart LR\n A --> ")]
)
def test_what_does_not_parse_says_why_instead_of_a_picture(qapp, kind, source):
    drawn = draw_figure(kind, source, STYLE)
    assert drawn.image is None
    assert drawn.error


def test_composing_shows_the_source_until_drawn_then_the_picture(qapp, qtbot):
    rendered = render_markdown("Euler $e^{i\\pi}$ and a broken $\\frac{a}{$ one", LIGHT)
    drawer = FigureDrawer()
    document = QTextDocument()
    html, waiting = compose_html(rendered.html, rendered.figures, drawer, STYLE, document)
    assert waiting
    document.setHtml(html)
    assert "$e^{i\\pi}$" in document.toPlainText()

    def all_collected() -> bool:
        drawer.take_done()
        return not drawer.busy()

    qtbot.wait_until(all_collected, timeout=10_000)
    document = QTextDocument()
    html, waiting = compose_html(rendered.html, rendered.figures, drawer, STYLE, document)
    document.setHtml(html)
    assert not waiting
    shown = document.toPlainText()
    assert "e^{i\\pi}" not in shown  # drawn
    assert "$\\frac{a}{$" in shown  # could not be drawn: its source stays
    picture = document.resource(QTextDocument.ResourceType.ImageResource, "figure:0")
    assert isinstance(picture, QPixmap)
    assert not picture.isNull()
    # A document made again (the next streamed piece of the answer) gets the same pixmap: the
    # drawing is converted once, not once per document (200 a frame with 200 formulas).
    kept = drawer.drawn(MATH_INLINE, "e^{i\\pi}", STYLE)
    assert kept is not None
    assert kept.image is None  # let go once converted
    assert kept.pixmap is not None
    again = QTextDocument()
    compose_html(rendered.html, rendered.figures, drawer, STYLE, again)
    reused = again.resource(QTextDocument.ResourceType.ImageResource, "figure:0")
    assert reused.cacheKey() == picture.cacheKey() == kept.pixmap.cacheKey()


def test_a_diagrams_pixels_follow_its_line_as_raw_bytes_and_the_next_answer_follows_them():
    # Sent as base64 inside the JSON, a flowchart's pixels cost 5 of its 20 ms to encode,
    # escape and decode; the line says how many bytes follow instead.
    requests = [
        {
            "kind": DIAGRAM,
            "source": "flowchart LR\n  A --> B",
            "dark": False,
            "background": "#ffffff",
            "width": 400.0,
            "scale": 1.0,
        },
        {"kind": MATH_INLINE, "source": "x^2", "size": 16.0, "colour": "#000000"},
    ]
    result = subprocess.run(
        [sys.executable, "-m", "agent_desktop.conversation.figure_helper"],
        input=b"".join(json.dumps(request).encode() + b"\n" for request in requests),
        capture_output=True,
        timeout=60,
        check=True,
    )

    line, rest = result.stdout.split(b"\n", 1)
    diagram = json.loads(line)
    assert diagram["width"] > 50
    assert diagram["rgba_bytes"] == diagram["width"] * diagram["height"] * 4
    pixels, rest = rest[: diagram["rgba_bytes"]], rest[diagram["rgba_bytes"] :]
    assert len(set(pixels)) > 2, "the diagram's pixels are all one colour"
    formula = json.loads(rest)
    assert "<path" in formula["svg"]


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="process priorities are POSIX's")
def test_the_figure_helper_draws_at_a_background_priority_so_the_gui_thread_goes_first():
    helper = subprocess.Popen(
        [sys.executable, "-m", "agent_desktop.conversation.figure_helper"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert helper.stdin is not None
        assert helper.stdout is not None
        request = {"kind": MATH_INLINE, "source": "x", "size": 16.0, "colour": "#000000"}
        helper.stdin.write(json.dumps(request).encode() + b"\n")
        helper.stdin.flush()
        assert "svg" in json.loads(helper.stdout.readline())  # it is past its start-up
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, helper.pid) == min(19, own + BACKGROUND_NICENESS)
    finally:
        helper.communicate(timeout=30)


def test_a_diagram_says_it_is_being_drawn_until_it_is_or_cannot_be(qapp, qtbot):
    broken = "flowchart LR\n A --> "
    rendered = render_markdown(f"```mermaid\n{FLOWCHART}\n```\n\n```mermaid\n{broken}\n```", LIGHT)
    drawer = FigureDrawer()
    document = QTextDocument()
    html, waiting = compose_html(rendered.html, rendered.figures, drawer, STYLE, document)
    assert waiting
    document.setHtml(html)
    shown = document.toPlainText()
    assert shown.count("mermaid · Drawing diagram…") == 2  # in each block's header
    assert "A[Start] --> B{Ok?}" in shown  # the source meanwhile

    def all_collected() -> bool:
        drawer.take_done()
        return not drawer.busy()

    qtbot.wait_until(all_collected, timeout=20_000)
    document = QTextDocument()
    html, waiting = compose_html(rendered.html, rendered.figures, drawer, STYLE, document)
    document.setHtml(html)
    assert not waiting
    shown = document.toPlainText()
    assert "Drawing diagram…" not in shown  # one drawn, one that cannot be: neither is drawing
    assert "A --> " in shown  # the one that cannot be drawn keeps its source


# Formulas with and without operators that stretch (brackets, bars, arrows), nested rows, a
# matrix and several lines: the helper's shortcuts through ziamath must draw each as it did.
FORMULAS = [
    "x^2",
    "a + b = c",
    "\\frac{1}{2}",
    "e^{i\\pi}",
    "\\alpha_1",
    "\\frac{\\frac{1}{2}}{\\frac{3}{4}}",
    "\\sqrt[3]{\\frac{x}{y}}",
    "\\left( \\frac{a}{b} \\right)",
    "\\left\\{ x \\in \\mathbb{R} \\mid x^2 < 2 \\right\\}",
    "\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}",
    "f'(x) = \\lim_{h\\to 0}\\frac{f(x+h)-f(x)}{h}",
    "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}",
    "|x| + \\|y\\| \\overbrace{a+b}^{n}",
    "\\big( x \\big) \\mathbf{v} \\cdot \\vec{w}",
    "a \\\\ b",
]

ZIAMATH_AS_IT_IS = """
import json, sys, ziamath
ziamath.config.svg2 = False
for line in sys.stdin:
    request = json.loads(line)
    formula = ziamath.Latex(
        request["source"], size=request["size"], color=request["colour"],
        inline=request["kind"] == "math_inline",
    )
    print(json.dumps({"svg": str(formula.svg())}), flush=True)
"""


def test_the_helper_draws_every_formula_exactly_as_ziamath_itself_does():
    requests = b"".join(
        json.dumps({"kind": kind, "source": source, "size": 16.1, "colour": "#1d1d1f"}).encode()
        + b"\n"
        for source in FORMULAS
        for kind in (MATH_INLINE, MATH_BLOCK)
    )

    def answers(command: list[str]) -> list[str]:
        result = subprocess.run(command, input=requests, capture_output=True, timeout=120)
        assert result.returncode == 0, result.stderr.decode(errors="replace")
        return [json.loads(line)["svg"] for line in result.stdout.splitlines()]

    helper = answers([sys.executable, "-m", "agent_desktop.conversation.figure_helper"])
    plain = answers([sys.executable, "-c", ZIAMATH_AS_IT_IS])
    assert len(helper) == 2 * len(FORMULAS)
    assert helper == plain


NODES_BUILT = """
import sys
import xml.etree.ElementTree as ET
from ziamath.nodes.mnode import Mnode
from ziamath.tex import tex2mml
from agent_desktop.conversation import figure_helper

built = 0
build = Mnode.__init__

def counting(node, *arguments, **options):
    global built
    built += 1
    build(node, *arguments, **options)

Mnode.__init__ = counting
request = {"kind": "math_inline", "source": sys.argv[1], "size": 16.0, "colour": "#000000"}
figure_helper.answer(request)  # the first formula loads ziamath
built = 0
figure_helper.answer(request)
print(built, len(list(ET.fromstring(tex2mml(sys.argv[1])).iter())))
"""


@pytest.mark.parametrize("source", ["x^2", "a + b = c", "\\frac{\\frac{1}{2}}{3}"])
def test_a_formula_with_nothing_to_stretch_is_laid_out_once(source):
    # ziamath lays each row out twice, once to learn how far its brackets must stretch; rows
    # nest, so `\frac{\frac{1}{2}}{3}` built 79 nodes for its 11 elements (5 ms of its 7).
    result = subprocess.run(
        [sys.executable, "-c", NODES_BUILT, source], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    built, elements = map(int, result.stdout.split())
    assert built == elements
