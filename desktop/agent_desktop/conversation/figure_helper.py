"""The helper program that turns LaTeX into SVG (ziamath) and Mermaid into pixels (mmdr).

Why a process of its own: ziamath is pure Python, 3 to 20 ms a formula. Run on a thread of the
app it holds the GIL, and the GUI thread, which gives the GIL up and takes it back many times a
frame, waited up to 5 ms each time: frames of 200 ms while an answer full of formulas streamed.
Here it costs the app nothing but a pipe, and the app never loads ziamath or mmdr at all.

Protocol: one JSON request a line on stdin, one JSON answer a line on stdout, in order.
A request is ``{"kind": "math_inline"|"math_block"|"mermaid", "source": str, "size": float,
"colour": str, "dark": bool, "contrast": bool, "background": str, "width": float, "scale": float}``;
the answer is
``{"svg": str}`` (math), ``{"rgba_bytes": int, "width": int, "height": int}`` followed right after
its line by that many bytes (a diagram's pixels, unpremultiplied RGBA, 4 bytes a pixel), or
``{"error": "what failed"}``. Raw pixels, not a PNG: encoding and decoding the PNG took 5 of a
flowchart's 17 ms. Raw bytes, not base64 in the JSON: a flowchart's 500 KB of pixels cost 5 ms
more as base64 (encoding, escaping the JSON, decoding it as text, decoding the base64).
It ends when stdin closes (the app quit or died). No Qt here: it starts in a fraction of a second.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import warnings
from typing import Any

# What a request asks for (also the names of markdown-it's tokens for math).
MATH_INLINE = "math_inline"
MATH_BLOCK = "math_block"
DIAGRAM = "mermaid"
# How far the helper steps back for other programs: drawing is background work. Where the cores
# are busy, the app's GUI thread goes first: while other work loaded a 2-core machine, an answer
# with 200 formulas streamed with frames of up to 48-87 ms beside the helper at the app's own
# priority, 28-32 ms with this; formulas arrive a little later instead.
BACKGROUND_NICENESS = 10
# The ziamath whose internals `_speed_up_ziamath` changes; another version is used as it is.
SPED_UP_ZIAMATH = "0.13"
# The dark theme of Mermaid itself: light lines and text on dark shapes.
DARK_DIRECTIVE = "%%{init: {'theme': 'dark'}}%%\n"
# The Mermaid colours a high-contrast diagram sets to its ink (lines, borders, text) and to its
# ground (shapes, label backgrounds), from Mermaid's `base` theme: nothing grey is left.
INK_VARIABLES = (
    "primaryTextColor",
    "secondaryTextColor",
    "tertiaryTextColor",
    "textColor",
    "titleColor",
    "primaryBorderColor",
    "secondaryBorderColor",
    "tertiaryBorderColor",
    "nodeBorder",
    "lineColor",
    "clusterBorder",
    "actorBorder",
    "actorTextColor",
    "signalColor",
    "signalTextColor",
    "labelTextColor",
    "noteTextColor",
    "noteBorderColor",
)
GROUND_VARIABLES = (
    "background",
    "mainBkg",
    "primaryColor",
    "secondaryColor",
    "tertiaryColor",
    "clusterBkg",
    "edgeLabelBackground",
    "actorBkg",
    "labelBoxBkgColor",
    "noteBkgColor",
)


def answer(request: dict[str, Any]) -> tuple[dict[str, str | int], bytes]:
    """The answer's line and the bytes that follow it (a diagram's pixels; none otherwise)."""
    kind = request["kind"]
    try:
        if kind == DIAGRAM:
            return _diagram_pixels(request)
        return {"svg": _math_svg(request, display=kind == MATH_BLOCK)}, b""
    except Exception as error:  # noqa: BLE001 - latex2mathml, ziamath and mmdr raise many kinds for bad input
        return {"error": f"{type(error).__name__}: {error}".rstrip(": ")}, b""


def _math_svg(request: dict[str, Any], *, display: bool) -> str:
    import ziamath  # noqa: PLC0415 - loaded by the first formula; a diagram-only helper skips it

    # Qt's SVG renderer draws ziamath's SVG 2 output as fraction bars only.
    ziamath.config.svg2 = False  # type: ignore[attr-defined] # (its __init__ has no __all__)
    _speed_up_ziamath()
    formula = ziamath.Latex(  # type: ignore[attr-defined]
        request["source"], size=request["size"], color=request["colour"], inline=not display
    )
    return str(formula.svg())


@functools.cache  # once per helper
def _speed_up_ziamath() -> None:
    """Two shortcuts through ziamath 0.13 that leave every drawing as it was, 2-3× faster
    (a small formula 1-2.5 ms instead of 3-7): both costs were ziamath's, not the formula's.

    - A row of a formula is laid out twice, the first time only to learn how tall a stretchy
      operator in it (a bracket, a bar) must grow; rows nest, so a formula with rows three deep
      was laid out eight times. A row with no operator that can stretch is laid out once: the
      height the first pass measures is read by stretchy operators only.
    - Each node's style copied its parent's deeply (`dataclasses.asdict`, 40% of the time) to
      read a few plain fields from it; a shallow copy reads the same.
    """
    import ziamath  # noqa: PLC0415 - loaded by the first formula
    from ziamath import operators, styles  # noqa: PLC0415
    from ziamath.nodes.mrow import Mrow  # noqa: PLC0415

    if ziamath.__version__ != SPED_UP_ZIAMATH:
        return
    stretchy = frozenset(
        name
        for (name, _form), parameters in operators.operators.items()
        if parameters.get("stretchy", "false") != "false"
    )

    def can_stretch(element: Any) -> bool:
        # An <mi> that names an operator becomes one (ziamath's own workaround).
        return any(
            node.tag in ("mo", "mi")
            and ((node.text or "").strip() in stretchy or node.get("stretchy", "false") != "false")
            for node in element.iter()
        )

    laid_out_twice = Mrow._get_height_nostretch

    def height_before_stretching(
        row: Any, line: list[Any], **arguments: Any
    ) -> tuple[float, float]:
        if any(can_stretch(child) for child in line):
            return laid_out_twice(row, line, **arguments)
        return 0.0, 0.0  # read only by operators that stretch, and the line has none

    Mrow._get_height_nostretch = height_before_stretching  # type: ignore[method-assign,assignment]
    styles.asdict = lambda style: dict(vars(style))  # type: ignore[attr-defined,assignment]


def _diagram_pixels(request: dict[str, Any]) -> tuple[dict[str, str | int], bytes]:
    import mmdr  # noqa: PLC0415 - loaded by the first diagram; a math-only helper skips it

    source = request["source"]
    if "%%{init" not in source:  # the model's own directive wins
        source = _theme_directive(request) + source
    diagram = mmdr.render(source)
    natural = _view_box_width(diagram.svg())
    width = min(natural, request["width"]) if natural else request["width"]
    pixels, pixel_width, pixel_height = diagram.raw(
        width=width * request["scale"], background=request["background"]
    )
    return {"rgba_bytes": len(pixels), "width": pixel_width, "height": pixel_height}, pixels


def _theme_directive(request: dict[str, Any]) -> str:
    """The Mermaid directive that draws a diagram in the app's theme: the high-contrast one in
    its own ink on its own ground, a dark one in Mermaid's dark theme, a light one as it is."""
    if request.get("contrast"):
        variables = dict.fromkeys(INK_VARIABLES, request["colour"])
        variables.update(dict.fromkeys(GROUND_VARIABLES, request["background"]))
        return "%%{init: " + json.dumps({"theme": "base", "themeVariables": variables}) + "}%%\n"
    return DARK_DIRECTIVE if request["dark"] else ""


def _view_box_width(svg: str) -> float:
    """The width of an SVG document's view box, its natural width (mmdr's `width` attribute
    says 100%); 0 when it has none."""
    found = re.search(r'<svg[^>]*?\bviewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)', svg)
    return float(found.group(1)) if found else 0.0


def main() -> None:
    # ziamath reads its font through a deprecated importlib call; the warning is not ours to fix.
    warnings.simplefilter("ignore", DeprecationWarning)
    if hasattr(os, "nice"):  # POSIX; on Windows the helper keeps the app's priority
        os.nice(BACKGROUND_NICENESS)
    output = sys.stdout.buffer
    for line in sys.stdin:
        header, pixels = answer(json.loads(line))
        output.write(json.dumps(header).encode("utf-8") + b"\n")
        output.write(pixels)
        output.flush()


if __name__ == "__main__":
    main()
