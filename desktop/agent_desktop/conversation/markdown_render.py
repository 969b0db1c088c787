"""Markdown → the HTML subset QTextDocument understands, with Pygments-highlighted code blocks.

markdown-it-py parses (tables and strikethrough on, raw HTML off so a message cannot inject markup);
fenced code becomes a two-row table: a header with the language and a `copy:<n>` link, and the
highlighted code. The code texts are returned alongside so the view can copy block n exactly.
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

from agent_desktop.toolkit.theme import Palette

COPY_SCHEME = "copy:"


@dataclass(frozen=True)
class RenderedMarkdown:
    html: str
    code_blocks: tuple[str, ...]


def render_markdown(
    text: str, palette: Palette, *, keep_line_breaks: bool = False
) -> RenderedMarkdown:
    """`keep_line_breaks` shows every newline as typed (a user's message), where CommonMark
    would join the lines of a paragraph (a model's answer)."""
    parser = _parser(keep_line_breaks)
    env: dict[str, Any] = {"palette": palette, "code_blocks": []}
    body = parser.render(text, env)
    return RenderedMarkdown(html=body, code_blocks=tuple(env["code_blocks"]))


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
    palette: Palette = env["palette"]
    code = token.content.rstrip("\n")
    language = (token.info or "").strip().split(" ")[0]
    blocks: list[str] = env["code_blocks"]
    block_number = len(blocks)
    blocks.append(code)
    highlighted = highlight_code(code, language, palette).rstrip("\n")
    label = html.escape(language or "text")
    return (
        f'<table width="100%" cellspacing="0" cellpadding="6" '
        f'style="background-color:{palette.code_background}; margin-bottom:8px;">'
        f'<tr><td style="background-color:{palette.code_header};">'
        f'<span style="color:{palette.muted}; font-size:small;">{label}</span></td>'
        f'<td align="right" style="background-color:{palette.code_header};">'
        f'<a href="{COPY_SCHEME}{block_number}" style="font-size:small;">Copy</a></td></tr>'
        # Long lines wrap: unwrapped, they widened the block past the row (Copy out of sight).
        '<tr><td colspan="2"><pre style="font-family:monospace; margin:0px; '
        f'white-space:pre-wrap;">{highlighted}</pre></td></tr></table>'
    )


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
