"""The helper program that turns LaTeX into SVG (ziamath) and Mermaid into PNG (mmdr).

Why a process of its own: ziamath is pure Python, 3 to 20 ms a formula. Run on a thread of the
app it holds the GIL, and the GUI thread, which gives the GIL up and takes it back many times a
frame, waited up to 5 ms each time: frames of 200 ms while an answer full of formulas streamed.
Here it costs the app nothing but a pipe, and the app never loads ziamath or mmdr at all.

Protocol: one JSON request a line on stdin, one JSON answer a line on stdout, in order.
A request is ``{"kind": "math_inline"|"math_block"|"mermaid", "source": str, "size": float,
"colour": str, "dark": bool, "background": str, "width": float, "scale": float}``; the answer is
``{"svg": str}`` (math), ``{"png": base64}`` (a diagram) or ``{"error": "what failed"}``.
It ends when stdin closes (the app quit or died). No Qt here: it starts in a fraction of a second.
"""

from __future__ import annotations

import base64
import json
import re
import sys
import warnings
from typing import Any

# What a request asks for (also the names of markdown-it's tokens for math).
MATH_INLINE = "math_inline"
MATH_BLOCK = "math_block"
DIAGRAM = "mermaid"
# The dark theme of Mermaid itself: light lines and text on dark shapes.
DARK_DIRECTIVE = "%%{init: {'theme': 'dark'}}%%\n"


def answer(request: dict[str, Any]) -> dict[str, str]:
    kind = request["kind"]
    try:
        if kind == DIAGRAM:
            return {"png": _diagram_png(request)}
        return {"svg": _math_svg(request, display=kind == MATH_BLOCK)}
    except Exception as error:  # noqa: BLE001 - latex2mathml, ziamath and mmdr raise many kinds for bad input
        return {"error": f"{type(error).__name__}: {error}".rstrip(": ")}


def _math_svg(request: dict[str, Any], *, display: bool) -> str:
    import ziamath  # noqa: PLC0415 - loaded by the first formula; a diagram-only helper skips it

    # Qt's SVG renderer draws ziamath's SVG 2 output as fraction bars only.
    ziamath.config.svg2 = False  # type: ignore[attr-defined] # (its __init__ has no __all__)
    formula = ziamath.Latex(  # type: ignore[attr-defined]
        request["source"], size=request["size"], color=request["colour"], inline=not display
    )
    return str(formula.svg())


def _diagram_png(request: dict[str, Any]) -> str:
    import mmdr  # noqa: PLC0415 - loaded by the first diagram; a math-only helper skips it

    source = request["source"]
    if request["dark"] and "%%{init" not in source:
        source = DARK_DIRECTIVE + source
    diagram = mmdr.render(source)
    natural = _view_box_width(diagram.svg())
    width = min(natural, request["width"]) if natural else request["width"]
    png = diagram.png(width=width * request["scale"], background=request["background"])
    return base64.b64encode(png).decode("ascii")


def _view_box_width(svg: str) -> float:
    """The width of an SVG document's view box, its natural width (mmdr's `width` attribute
    says 100%); 0 when it has none."""
    found = re.search(r'<svg[^>]*?\bviewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)', svg)
    return float(found.group(1)) if found else 0.0


def main() -> None:
    # ziamath reads its font through a deprecated importlib call; the warning is not ours to fix.
    warnings.simplefilter("ignore", DeprecationWarning)
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(json.loads(line))) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
