"""Math and Mermaid diagrams in messages, drawn without a web engine.

Models write LaTeX (`$…$`, `$$…$$`, `\\(…\\)`, `\\[…\\]`) and ```mermaid blocks all the time; a web
engine to show them would cost hundreds of MB. Instead:

- **Math**: ziamath turns LaTeX into SVG paths (pure Python, a few ms a formula), with
  `ziamath.config.svg2 = False` because Qt's SVG renderer draws only the fraction bars of its
  SVG 2 output; QtSvg paints that into a `QImage`.
- **Diagrams**: mmdr renders Mermaid natively; its pixels are used (its SVG relies on CSS that
  Qt's renderer ignores). The dark theme asks Mermaid for its dark theme; the high-contrast theme
  draws diagrams in its own text colour on its own ground, like the math.
- ziamath and mmdr run in a helper process (`figure_helper`, started with the first figure):
  on a thread of the app, ziamath's Python held the GIL and the GUI thread's frames stretched
  to 200 ms while an answer full of formulas streamed.

`markdown_render` leaves a marker where each figure goes (`RenderedMarkdown.figures`) and the
figure's source as its stand-in; `compose_html` swaps in the drawing when it is ready. Drawing
happens on one worker thread (`FigureDrawer`): the worker only returns values (a `QImage` is
safe to make off the GUI thread); the GUI thread collects them, keeps the latest in a small cache
and lays out again the rows that waited. A formula is only found once it is complete (its
closing delimiter has arrived), so a streaming answer draws each formula as soon as it closes.
A chat without a figure starts no helper. The message text keeps the source,
so search, copy and export see LaTeX and Mermaid, not pictures.
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QByteArray, QRectF, QUrl
from PySide6.QtGui import QImage, QPainter, QPixmap, QTextDocument
from PySide6.QtSvg import QSvgRenderer

from agent_core.helper_programs import helper_command
from agent_desktop.conversation.figure_helper import DIAGRAM as DIAGRAM
from agent_desktop.conversation.figure_helper import MATH_BLOCK, MATH_INLINE

logger = logging.getLogger(__name__)

# Figures drawn are kept by (kind, source, style); a chat rarely shows more at once.
DRAWN_KEPT = 600
# Diagrams wider than this are drawn scaled down (the chat column is at most 860 px wide).
MAX_DIAGRAM_WIDTH = 760
# ziamath's STIX glyphs look smaller than the UI font at the same size.
INLINE_MATH_SCALE = 1.15
DISPLAY_MATH_SCALE = 1.35
# Where a figure goes in the HTML `markdown_render` makes: NUL never survives Markdown parsing
# (markdown-it replaces it), so the marker cannot come from the message text.
MARKER = "\x00figure:{number}\x00"
_MARKER_PATTERN = re.compile("\x00figure:(\\d+)\x00")
RESOURCE_SCHEME = "figure:"


class Figure(NamedTuple):
    """A formula or diagram found in a message: its source, the HTML shown in its place when it
    cannot be drawn, the HTML around its drawing (`{picture}` marks where the image goes) and
    the HTML shown while it is being drawn (`while_drawing`; the stand-in when empty)."""

    kind: str
    source: str
    stand_in: str
    frame: str
    while_drawing: str = ""


class FigureStyle(NamedTuple):
    """What a drawing depends on besides its source: the theme's colours and the text size."""

    theme: str
    dark: bool  # a dark ground (dark and high-contrast themes): diagrams take Mermaid's dark theme
    contrast: bool  # the high-contrast theme: diagrams in `colour` on `background`, no greys
    colour: str
    background: str
    pixel_size: int
    scale: float  # device pixels per logical pixel


class DrawnFigure(NamedTuple):
    """A drawing (logical size in pixels), or why there is none (`image` None). The worker makes
    the image; the GUI thread turns it into `pixmap` once, when it collects it (`take_done`)."""

    image: QImage | None
    width: int
    height: int
    error: str = ""
    pixmap: QPixmap | None = None


def draw_figure(kind: str, source: str, style: FigureStyle) -> DrawnFigure:
    """Draw one figure: the helper makes the SVG or the pixels, QtSvg or QImage makes the picture.
    Runs on the worker thread; touches no widget."""
    display = kind == MATH_BLOCK
    size = style.pixel_size * (DISPLAY_MATH_SCALE if display else INLINE_MATH_SCALE)
    request = {
        "kind": kind,
        "source": source,
        "size": size,
        "colour": style.colour,
        "dark": style.dark,
        "contrast": style.contrast,
        "background": style.background,
        "width": MAX_DIAGRAM_WIDTH,
        "scale": style.scale,
    }
    try:
        drawing = _HELPER.ask(request)
    except OSError as error:
        return DrawnFigure(None, 0, 0, f"the figure helper could not be run: {error}")
    if "error" in drawing:
        return DrawnFigure(None, 0, 0, drawing["error"])
    if "svg" in drawing:
        return _svg_image(drawing["svg"].encode("utf-8"), style.scale)
    width, height = int(drawing["width"]), int(drawing["height"])
    pixels = drawing["rgba"]
    if width <= 0 or height <= 0 or len(pixels) != width * height * 4:
        return DrawnFigure(None, 0, 0, "the diagram's picture could not be read")
    # The image reads the bytes where they are: copied before they go.
    image = QImage(pixels, width, height, width * 4, QImage.Format.Format_RGBA8888).copy()
    return DrawnFigure(
        image, round(image.width() / style.scale), round(image.height() / style.scale)
    )


def _svg_image(svg: bytes, scale: float) -> DrawnFigure:
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        return DrawnFigure(None, 0, 0, "the formula's drawing is not valid SVG")
    logical = renderer.viewBoxF().size()
    width, height = max(1, round(logical.width())), max(1, round(logical.height()))
    image = QImage(
        max(1, round(width * scale)),
        max(1, round(height * scale)),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, image.width(), image.height()))
    painter.end()
    return DrawnFigure(image, width, height)


class _FigureHelper:
    """The one helper process of the app (`figure_helper`), started with the first figure and
    started again if it ends. Asked from worker threads, one question at a time."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The helper's answer; a diagram's pixels, sent as bytes after its line, as `rgba`."""
        with self._lock:
            process = self._running()
            assert process.stdin is not None
            assert process.stdout is not None
            try:
                process.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
                process.stdin.flush()
                line = process.stdout.readline()
                answer: dict[str, Any] = json.loads(line) if line else {}
                if "rgba_bytes" in answer:
                    answer["rgba"] = process.stdout.read(answer.pop("rgba_bytes"))
            except BrokenPipeError:
                answer = {}
            if not answer:
                code = process.wait()
                self._process = None
                return {"error": f"the figure helper stopped (exit code {code})"}
            return answer

    def _running(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            helper = Path(__file__).with_name("figure_helper.py")
            command = helper_command(
                "agent_desktop.conversation.figure_helper",
                str(helper),
                standard_library_only=False,
            )
            self._process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                # ziamath's and mmdr's own noise at exit (nanobind's leak report) stays out
                # of the app's output; a failure shows as the helper's exit code.
                stderr=subprocess.DEVNULL,
            )
        return self._process


_HELPER = _FigureHelper()


class FigureDrawer:
    """Draws figures on one worker thread and keeps the latest drawings. Used on the GUI thread
    only: `request` starts a drawing, `take_done` collects finished ones (polled by the view),
    `drawn` answers from what was collected."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._jobs: dict[tuple[str, str, FigureStyle], Future[DrawnFigure]] = {}
        self._drawn: OrderedDict[tuple[str, str, FigureStyle], DrawnFigure] = OrderedDict()

    def drawn(self, kind: str, source: str, style: FigureStyle) -> DrawnFigure | None:
        key = (kind, source, style)
        found = self._drawn.get(key)
        if found is not None:
            self._drawn.move_to_end(key)
        return found

    def request(self, kind: str, source: str, style: FigureStyle) -> None:
        key = (kind, source, style)
        if key in self._jobs or key in self._drawn:
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="figures")
        self._jobs[key] = self._executor.submit(draw_figure, kind, source, style)

    def busy(self) -> bool:
        return bool(self._jobs)

    def take_done(self) -> bool:
        """Collect finished drawings; True when any arrived."""
        arrived = False
        for key, future in list(self._jobs.items()):
            if not future.done():
                continue
            del self._jobs[key]
            error = future.exception()
            if error is not None:
                logger.warning("Drawing a %s failed; its source is shown: %s", key[0], error)
                drawn = DrawnFigure(None, 0, 0, str(error))
            else:
                drawn = future.result()
            if drawn.image is not None:
                # Made once here, on the GUI thread: a document rebuilt for every streamed
                # piece of an answer took each of its figures' images to pixmaps again, 200
                # conversions a frame in an answer of 200 formulas. The image is let go.
                drawn = drawn._replace(image=None, pixmap=QPixmap.fromImage(drawn.image))
            self._drawn[key] = drawn
            arrived = True
        while len(self._drawn) > DRAWN_KEPT:
            self._drawn.popitem(last=False)
        return arrived


def compose_html(
    html: str,
    figures: tuple[Figure, ...],
    drawer: FigureDrawer,
    style: FigureStyle,
    document: QTextDocument,
) -> tuple[str, bool]:
    """`html` with each figure's marker replaced by its drawing (added to `document` as an image
    resource) or, until it is drawn (with a word that it is) or when it cannot be, by its
    source. Figures not drawn yet are requested. Returns the HTML and whether any figure is
    still being drawn."""
    if not figures:
        return html, False
    waiting = False

    def replace(match: re.Match[str]) -> str:
        nonlocal waiting
        number = int(match.group(1))
        figure = figures[number]
        drawn = drawer.drawn(figure.kind, figure.source, style)
        if drawn is None:
            drawer.request(figure.kind, figure.source, style)
            waiting = True
            return figure.while_drawing or figure.stand_in
        if drawn.pixmap is None:
            return figure.stand_in
        name = f"{RESOURCE_SCHEME}{number}"
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), drawn.pixmap)
        # An inline formula sits on the middle of its line, not on the baseline.
        align = ' align="middle"' if figure.kind == MATH_INLINE else ""
        picture = f'<img src="{name}" width="{drawn.width}" height="{drawn.height}"{align}>'
        return figure.frame.replace("{picture}", picture)

    return _MARKER_PATTERN.sub(replace, html), waiting
