"""Markdown → the HTML subset QTextDocument understands, with Pygments-highlighted code blocks.

markdown-it-py parses (tables and strikethrough on, raw HTML off so a message cannot inject markup);
fenced code becomes a two-row table: a header with the language and a `copy:<n>` link, and the
highlighted code. The code texts are returned alongside so the view can copy block n exactly.
LaTeX math and ```mermaid blocks become figures (see `figures`): a marker in the HTML, with the
source as its stand-in, drawn later off the GUI thread; a click on a drawn figure copies its source.
Pygments and markdown-it are imported on first use, after the window is shown: `warm_up` does
it on a worker thread while the GUI thread may already render a chat. Pygments loads formatters
and lexers lazily through module-level caches that are not safe to fill from two threads at once
("cannot import name 'HtmlFormatter'" about one start in twelve), so every such import and lookup
holds `_IMPORTS`: whichever thread comes first imports, the other waits and finds it done.
"""

from __future__ import annotations

import html
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QCoreApplication

from agent_desktop.conversation.figure_helper import DIAGRAM, MATH_BLOCK, MATH_INLINE
from agent_desktop.conversation.figures import MARKER, Figure
from agent_desktop.toolkit.theme import Palette

COPY_SCHEME = "copy:"


@dataclass(frozen=True)
class RenderedMarkdown:
    html: str
    code_blocks: tuple[str, ...]
    figures: tuple[Figure, ...] = ()


def render_markdown(
    text: str, palette: Palette, *, keep_line_breaks: bool = False
) -> RenderedMarkdown:
    """`keep_line_breaks` shows every newline as typed (a user's message), where CommonMark
    would join the lines of a paragraph (a model's answer)."""
    parser = _parser(keep_line_breaks)
    env: dict[str, Any] = {"palette": palette, "code_blocks": [], "figures": [], "source": text}
    body = parser.render(text, env)
    return RenderedMarkdown(
        html=body, code_blocks=tuple(env["code_blocks"]), figures=tuple(env["figures"])
    )


def document_stylesheet(palette: Palette) -> str:
    """Default stylesheet for every chat QTextDocument (QTextDocument supports a CSS subset)."""
    return (
        f"a {{ color: {palette.accent}; text-decoration: none; }}"
        f"code {{ background-color: {palette.code_background}; }}"
        "p { margin-top: 0px; margin-bottom: 8px; }"
        "ul, ol { margin-top: 0px; margin-bottom: 8px; }"
        "h1 { font-size: x-large; } h2 { font-size: large; } h3 { font-size: medium; }"
        f"th {{ background-color: {palette.code_header}; }}"
        f"blockquote {{ color: {palette.muted}; }}"
    )


def highlight_code(code: str, language: str, palette: Palette) -> str:
    """Pygments HTML (inline styles, no wrapper) for `code`; plain escaped text if unknown."""
    lexer = _lexer_for(language.lower())
    if lexer is None:
        return html.escape(code)
    formatter = _formatter(palette.pygments_style)
    with _IMPORTS:
        from pygments import highlight

    return str(highlight(code, lexer, formatter))


#: Held while markdown-it or Pygments import a module or fill one of their lazy caches.
_IMPORTS = threading.RLock()


def warm_up() -> None:
    """Import the parser, Pygments and the Python lexer now (safe on a worker thread)."""
    from agent_desktop.toolkit.theme import LIGHT

    with _IMPORTS:
        _parser(False)
        _parser(True)
        _lexer_for("python")
        _formatter(LIGHT.pygments_style)


@lru_cache(maxsize=2)
def _parser(keep_line_breaks: bool) -> Any:
    options = {"html": False, "linkify": False, "breaks": keep_line_breaks}
    with _IMPORTS:  # the preset and the rules load their modules on first use
        from markdown_it import MarkdownIt

        parser = MarkdownIt("commonmark", options)
        parser.enable(["table", "strikethrough"])
    # Before `escape`, which would turn `\(` and `\[` into plain brackets.
    parser.inline.ruler.before("escape", "math", _math_rule)
    parser.add_render_rule(MATH_INLINE, _render_math)
    parser.add_render_rule(MATH_BLOCK, _render_math)
    parser.add_render_rule("fence", _render_fence)
    parser.add_render_rule("code_block", _render_fence)
    parser.add_render_rule("code_inline", _render_code_inline)
    parser.add_render_rule("table_open", _render_table_open)
    parser.add_render_rule("td_open", _render_cell_open)
    parser.add_render_rule("th_open", _render_cell_open)
    parser.add_render_rule("blockquote_open", _render_blockquote_open)
    parser.add_render_rule("blockquote_close", _render_blockquote_close)
    return parser


def _render_fence(_renderer: Any, tokens: list[Any], index: int, _options: Any, env: Any) -> str:
    token = tokens[index]
    code = token.content.rstrip("\n")
    language = (token.info or "").strip().split(" ")[0]
    if language.lower() == DIAGRAM and _fence_is_closed(token, env["source"]):
        return _diagram(code, language, env)
    return _code_block_html(code, language, env)


def _code_block_html(code: str, language: str, env: Any) -> str:
    blocks: list[str] = env["code_blocks"]
    blocks.append(code)
    return _code_table(code, language, len(blocks) - 1, env["palette"])


def _code_table(
    code: str, language: str, block_number: int, palette: Palette, note: str = ""
) -> str:
    """Code block `block_number`: a header with its language (and `note`, when given) and a
    Copy link, then the highlighted code."""
    highlighted = highlight_code(code, language, palette).rstrip("\n")
    label = html.escape(language or "text")
    if note:
        label = f"{label} · <i>{html.escape(note)}</i>"
    copy = html.escape(QCoreApplication.translate("MarkdownRender", "Copy"))
    return (
        f'<table width="100%" cellspacing="0" cellpadding="6" '
        f'style="background-color:{palette.code_background}; margin-bottom:8px;">'
        f'<tr><td style="background-color:{palette.code_header};">'
        f'<span style="color:{palette.muted}; font-size:small;">{label}</span></td>'
        f'<td align="right" style="background-color:{palette.code_header};">'
        f'<a href="{COPY_SCHEME}{block_number}" style="font-size:small;">{copy}</a></td></tr>'
        # Long lines wrap: unwrapped, they widened the block past the row (Copy out of sight).
        '<tr><td colspan="2"><pre style="font-family:monospace; margin:0px; '
        f'white-space:pre-wrap;">{highlighted}</pre></td></tr></table>'
    )


def _fence_is_closed(token: Any, source: str) -> bool:
    """Whether the fence's closing line has arrived (a streaming answer's last block has not:
    markdown-it runs an open fence to the end of the text)."""
    lines: list[int] = token.map
    start, end = lines
    if end - start < 2:
        return False
    closing = source.split("\n", end)[end - 1].strip()
    markup: str = token.markup
    return closing.startswith(markup) and closing == closing[0] * len(closing)


def _diagram(code: str, language: str, env: Any) -> str:
    """A diagram's figure: its source as a code block until it is drawn, headed by a word
    that it is being drawn (a few seconds), or for good when it cannot be."""
    palette: Palette = env["palette"]
    stand_in = _code_block_html(code, language, env)
    copy_index = len(env["code_blocks"]) - 1  # the stand-in's code block holds the source
    drawing = QCoreApplication.translate("MarkdownRender", "Drawing diagram…")
    while_drawing = _code_table(code, language, copy_index, palette, note=drawing)
    copy_source = html.escape(QCoreApplication.translate("MarkdownRender", "Copy source"))
    frame = (
        f'<table width="100%" cellspacing="0" cellpadding="6" '
        f'style="background-color:{palette.code_background}; margin-bottom:8px;">'
        f'<tr><td style="background-color:{palette.code_header};">'
        f'<span style="color:{palette.muted}; font-size:small;">mermaid</span></td>'
        f'<td align="right" style="background-color:{palette.code_header};">'
        f'<a href="{COPY_SCHEME}{copy_index}" style="font-size:small;">{copy_source}</a></td></tr>'
        '<tr><td colspan="2" align="center">{picture}</td></tr></table>'
    )
    return _add_figure(Figure(DIAGRAM, code, stand_in, frame, while_drawing), env)


def _add_figure(figure: Figure, env: Any) -> str:
    figures: list[Figure] = env["figures"]
    figures.append(figure)
    return MARKER.format(number=len(figures) - 1)


def _math_rule(state: Any, silent: bool) -> bool:
    """Inline and display math: `\\(…\\)`, `\\[…\\]`, `$$…$$` and `$…$`. A single `$` opens
    math only when a non-space follows it and closes only after a non-space and before a
    non-digit (Pandoc's rule), so "$5 and $10" stays text."""
    found = _find_math(state.src, state.pos, state.posMax)
    if found is None:
        return False
    kind, content, end = found
    if not silent:
        token = state.push(kind, "", 0)
        token.content = content
    state.pos = end
    return True


_PAIRED_DELIMITERS = (
    ("\\[", "\\]", MATH_BLOCK),
    ("\\(", "\\)", MATH_INLINE),
    ("$$", "$$", MATH_BLOCK),
)


def _find_math(src: str, start: int, limit: int) -> tuple[str, str, int] | None:
    """(token kind, LaTeX, end position) of the math starting at `start`, if any."""
    for opening, closing, kind in _PAIRED_DELIMITERS:
        if src.startswith(opening, start):
            close = src.find(closing, start + len(opening), limit)
            content = src[start + len(opening) : close].strip() if close >= 0 else ""
            if not content:
                return None
            return kind, content, close + len(closing)
    if src[start] != "$" or start + 1 >= limit or src[start + 1].isspace():
        return None
    close = start + 1
    while True:
        close = src.find("$", close + 1, limit)
        if close < 0:
            return None
        if src[close - 1] == "\\":
            continue
        if src[close - 1].isspace():
            return None  # "$5 and $10": a price, not a formula
        if close + 1 < limit and src[close + 1].isdigit():
            return None
        return MATH_INLINE, src[start + 1 : close], close + 1


def _render_math(_renderer: Any, tokens: list[Any], index: int, _o: Any, env: Any) -> str:
    token = tokens[index]
    latex = token.content
    blocks: list[str] = env["code_blocks"]
    blocks.append(latex)
    palette: Palette = env["palette"]
    written = html.escape(f"${latex}$" if token.type == MATH_INLINE else f"$${latex}$$")
    stand_in = f'<code style="background-color:{palette.code_background};">{written}</code>'
    link = f'<a href="{COPY_SCHEME}{len(blocks) - 1}">{{picture}}</a>'
    if token.type == MATH_BLOCK:
        return _add_figure(
            Figure(MATH_BLOCK, latex, f"<br>{stand_in}<br>", f'<p align="center">{link}</p>'), env
        )
    return _add_figure(Figure(MATH_INLINE, latex, stand_in, link), env)


def _render_code_inline(_renderer: Any, tokens: list[Any], index: int, _o: Any, env: Any) -> str:
    palette: Palette = env["palette"]
    # No padding characters around the code: they read as a stray space after it.
    return (
        f'<code style="background-color:{palette.code_background};">'
        f"{html.escape(tokens[index].content)}</code>"
    )


def _render_cell_open(_renderer: Any, tokens: list[Any], index: int, _o: Any, _env: Any) -> str:
    # Cells align to the middle: a cell holding inline code (a taller monospace line) would
    # otherwise sit lower than its neighbours.
    token = tokens[index]
    style = token.attrGet("style") or ""
    align = style.removeprefix("text-align:") if style.startswith("text-align:") else ""
    align_attribute = f' align="{align}"' if align else ""
    return f'<{token.tag} valign="middle"{align_attribute}>'


def _render_blockquote_open(_renderer: Any, _tokens: list[Any], _i: int, _o: Any, env: Any) -> str:
    # QTextDocument draws no borders on blocks, so the quote bar is a narrow coloured cell.
    palette: Palette = env["palette"]
    return (
        '<table cellspacing="0" cellpadding="0" style="margin-bottom:8px;"><tr>'
        f'<td width="3" style="background-color:{palette.muted};"></td>'
        f'<td style="padding-left:10px; color:{palette.muted};">'
    )


def _render_blockquote_close(
    _renderer: Any, _tokens: list[Any], _i: int, _o: Any, _env: Any
) -> str:
    return "</td></tr></table>"


def _render_table_open(_renderer: Any, _tokens: list[Any], _index: int, _o: Any, env: Any) -> str:
    palette: Palette = env["palette"]
    return (
        f'<table border="1" cellspacing="0" cellpadding="5" '
        f'style="border-color:{palette.border}; border-style:solid; margin-bottom:8px;">'
    )


@lru_cache(maxsize=64)
def _lexer_for(language: str) -> Any:
    if not language or language in {"text", "plain", "plaintext", "txt"}:
        return None
    with _IMPORTS:
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound

        try:
            return get_lexer_by_name(language, stripnl=False, ensurenl=False)
        except ClassNotFound:
            return None


@lru_cache(maxsize=4)
def _formatter(style: str) -> Any:
    with _IMPORTS:
        from pygments.formatters import HtmlFormatter

        return HtmlFormatter(noclasses=True, nowrap=True, style=style)
