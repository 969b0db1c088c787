"""Cutting a long text into pieces between words, never inside one.

The search index stores giant messages in pieces (a word cut in two would be two other words to
it, and could not be found), and the whole-text window shows a giant line in pieces (Qt lays out
a line at once: a 1 MB line froze the window for a minute). Both cut the same way.

`one_line` is the shortest piece: a tool result's first line, for its collapsed row in the chat.
"""

from __future__ import annotations

import re
import unicodedata

SINGLE_LINE_CHARS = 120

# The last character before `endpos` that is neither a letter, a digit nor an underscore.
_LAST_NON_WORD = re.compile(r"\W(?=\w*\Z)")
_SPACE = re.compile(r"\s")
_NON_WORD = re.compile(r"\W")


def word_start(text: str, start: int, end: int) -> int:
    """Where to start a piece that begins somewhere in `text[start:end]` without cutting a
    word: after its first space, else after its first other character that ends a word (a line
    of code may have no space); -1 when there is none."""
    found = _SPACE.search(text, start, end) or _NON_WORD.search(text, start, end)
    return found.end() if found else -1


def word_end(text: str, start: int, end: int) -> int:
    """Where to end a piece that ends somewhere in `text[start:end]` without cutting a word:
    after its last line break, else its last space, else its last other character that ends
    a word (a line of minified code has no space); `end` when there is none (a word longer
    than the room given)."""
    cut = text.rfind("\n", start, end)
    if cut < 0:
        cut = text.rfind(" ", start, end)
    if cut < 0:
        cut = last_word_break(text, start, end)
    return cut + 1 if cut >= 0 else end


def last_word_break(text: str, start: int, end: int) -> int:
    """The position of the last character of `text[start:end]` that is never part of a word
    (a combining mark is: "हिन्दी" has some), or -1."""
    while (found := _LAST_NON_WORD.search(text, start, end)) is not None:
        if unicodedata.category(text[found.start()]) not in ("Mn", "Co"):
            return found.start()
        end = found.start()
    return -1


def word_pieces(text: str, size: int) -> list[str]:
    """`text` in pieces of at most `size` characters, each ending where `word_end` finds in
    its second half, so a word is cut only if it is over half a piece long."""
    if len(text) <= size:
        return [text] if text else []
    pieces = []
    start = 0
    while start < len(text):
        end = start + size
        if end < len(text):
            end = word_end(text, start + size // 2, end)
        pieces.append(text[start:end])
        start = end
    return pieces


def one_line(text: str, limit: int = SINGLE_LINE_CHARS) -> str:
    """The first non-empty line of `text`, cut to `limit` characters."""
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return line if len(line) <= limit else line[: limit - 1] + "…"
