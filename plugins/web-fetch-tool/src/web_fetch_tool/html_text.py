"""HTML to readable text: headings as `#` lines, links as `[text](url)`, lists as `- ` items;
scripts, styles, navigation and other page furniture left out."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin

SKIPPED = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "svg",
        "nav",
        "iframe",
        "object",
        "canvas",
        "form",
        "button",
        "select",
        "head",
        "footer",
    }
)
BLOCKS = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "main",
        "aside",
        "header",
        "blockquote",
        "table",
        "tr",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "figure",
        "figcaption",
        "hr",
        "address",
        "details",
        "summary",
    }
)
HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "area", "base", "col", "wbr"})


class _Readable(HTMLParser):
    def __init__(self, base_url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base_url = base_url
        self.out: list[str] = []
        self.skip_depth = 0
        self.pre_depth = 0
        self.title: list[str] = []
        self.in_title = False
        self.links: list[tuple[str | None, int]] = []  # href and where its text starts

    def _newlines(self, count: int) -> None:
        self.out.append("\n" * count)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self.in_title = True
        if self.skip_depth or tag in SKIPPED:
            if tag not in VOID:
                self.skip_depth += 1
            return
        attributes = dict(attrs)
        if tag in HEADINGS:
            self._newlines(2)
            self.out.append("#" * HEADINGS[tag] + " ")
        elif tag in BLOCKS or tag == "p":
            self._newlines(2 if tag in ("p", "blockquote", "table", "ul", "ol") else 1)
        elif tag == "li":
            self._newlines(1)
            self.out.append("- ")
        elif tag == "br":
            self._newlines(1)
        elif tag == "pre":
            self._newlines(2)
            self.pre_depth += 1
        elif tag in ("td", "th"):
            self.out.append(" | ")
        elif tag == "a":
            self.links.append((attributes.get("href"), len(self.out)))
        elif tag == "img" and attributes.get("alt"):
            self.out.append(f"[image: {attributes['alt']}]")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if self.skip_depth:
            if tag not in VOID:
                self.skip_depth -= 1
            return
        if tag in HEADINGS or tag in BLOCKS:
            self._newlines(2 if tag in HEADINGS or tag == "p" else 1)
        elif tag == "pre":
            self.pre_depth = max(self.pre_depth - 1, 0)
            self._newlines(2)
        elif tag == "a" and self.links:
            href, start = self.links.pop()
            text = "".join(self.out[start:]).strip()
            if href and text and not href.startswith(("#", "javascript:", "mailto:")):
                self.out[start:] = [f"[{text}]({urljoin(self.base_url, href)})"]

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title.append(data)
        if self.skip_depth:
            return
        self.out.append(data if self.pre_depth else re.sub(r"\s+", " ", data))

    def text(self) -> str:
        lines = [line.rstrip() for line in "".join(self.out).split("\n")]
        # Inline whitespace runs collapse per line; paragraphs keep one blank line between them.
        joined = "\n".join(line if line.startswith("    ") else line.strip() for line in lines)
        return re.sub(r"\n{3,}", "\n\n", joined).strip()


def html_to_text(html: str, base_url: str = "") -> tuple[str, str]:
    """``(title, readable text)`` of an HTML document."""
    parser = _Readable(base_url)
    parser.feed(html)
    parser.close()
    title = re.sub(r"\s+", " ", "".join(parser.title)).strip()
    return title, parser.text()
