"""Search results always show the matched word: for any text and any word in it, the result's
snippet holds that word highlighted — in a giant code line, across the pieces the index cuts a
message into, inside identifiers, Markdown and non-ASCII text — and stays one short line.

Real SQLite files (a fresh store per example); the words searched are taken from the text."""

from __future__ import annotations

import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from agent_app.store import SEARCH_CHUNK_CHARS, SNIPPET_CHARS, SessionStore, search_chunks
from agent_core import Message, Session

# Letters a user writes words with: ASCII, accented and other Latin, Greek, Cyrillic, CJK, kana,
# digits (and a digit of another script).
LETTERS = "abcdefxyzABCXYZ0123456789éÉüçñøßæłİıΩωλЖжяЯ中文字ひらがな٣"
# What sits between words: spaces and line breaks (or none of them for long stretches, like a
# minified line of code), identifiers' underscores, Markdown and code punctuation, an emoji, a
# control character.
SEPARATORS = (
    " ",
    "\n",
    "_",
    ",",
    ";",
    ".",
    "=",
    "(",
    ")",
    "[",
    "](",
    "**",
    "`",
    " | ",
    "---",
    "\n# ",
    "\n> ",
    "—",
    " 🙂 ",  # the index counts an emoji as a letter: one right beside a word joins it
    "\t",
    "/",
    "\x02",
)

words = st.text(alphabet=LETTERS, min_size=1, max_size=12)


@st.composite
def texts_with_a_word(draw):
    """(text, word): a text, possibly hundreds of kilobytes on a line with few or no spaces,
    and a word of it (whole, a start of at least two letters, or an identifier `a_b`)."""
    unit_words = draw(st.lists(words, min_size=1, max_size=6))
    unit_separators = draw(st.lists(st.sampled_from(SEPARATORS), min_size=1, max_size=6))
    unit = "".join(
        word + unit_separators[number % len(unit_separators)]
        for number, word in enumerate(unit_words)
    )
    # At least two letters: a one-letter search matches whole one-letter words only.
    needle = draw(st.text(alphabet=LETTERS, min_size=2, max_size=12))
    if draw(st.booleans()):
        needle += "_" + draw(words)
    before = draw(st.integers(0, 2 * SEARCH_CHUNK_CHARS // len(unit) + 2))
    after = draw(st.integers(0, 400))
    left = draw(st.sampled_from(SEPARATORS))
    right = draw(st.sampled_from(SEPARATORS))
    text = unit * before + left + needle + right + unit * after
    query = needle
    if draw(st.booleans()) and len(needle) > 2:
        query = needle[: draw(st.integers(2, len(needle)))]
    return text, query


def folded(text: str) -> str:
    """Text as the index compares words: case and diacritics ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(character for character in decomposed if not unicodedata.combining(character))


def highlighted(result: dict) -> list[str]:
    return [result["snippet"][start:end] for start, end in result["highlights"]]


def assert_shows(result: dict, query: str) -> None:
    shown = highlighted(result)
    tokens = [folded(token) for token in "".join(c if c.isalnum() else " " for c in query).split()]
    assert any(all(token in folded(span) for token in tokens) for span in shown), (
        f"{query!r} not highlighted in {result['snippet']!r} (highlighted: {shown})"
    )
    assert len(result["snippet"]) <= SNIPPET_CHARS + 2, result["snippet"]  # one short line
    start, end = result["match"]
    assert (start, end) in result["highlights"]
    assert all(token in folded(result["snippet"][start:end]) for token in tokens[-1:])


def search_in(text: str, query: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        store = SessionStore(Path(folder) / "sessions.sqlite3")
        try:
            store.save_session(Session("s", [Message("assistant", text)], {"title": "Chat"}))
            results = [r for r in store.search_sessions(query) if r["message_index"] == 0]
        finally:
            store.close()
    assert results, f"{query!r} not found"
    return results[0]


GIANT_LINE = ",".join(f"line_{number}" for number in range(100_000))


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(texts_with_a_word())
@example((GIANT_LINE, "line_59990"))
@example(("x=" + "".join(f"a{n}=b{n};" for n in range(900)) + "zanzibar_route;" * 3, "zanzib"))
@example(("see [the docs](https://example.com/zanzibar) now", "zanzibar"))
@example(("handlers[name](zanzibar_args) and more", "zanzib"))
@example(("**Sørensen** was here", "Sørensen"))
@example(("x\x02y\x03 zebra\x03", "zebra"))
def test_for_any_text_and_any_word_in_it_the_snippet_shows_the_word_highlighted(case):
    text, query = case
    assert_shows(search_in(text, query), query)


@pytest.mark.parametrize("offset", range(-12, 3))
def test_a_word_where_the_index_cuts_a_line_without_spaces_is_found_and_shown(offset):
    # A minified line: no space or line break, so the index must cut it somewhere else.
    filler = "a1=b2;" * (SEARCH_CHUNK_CHARS // 6 + 50)
    text = filler[: SEARCH_CHUNK_CHARS + offset] + ";zanzibar_route=1;" + filler
    assert all(not piece.endswith(("zanz", "zanzibar_ro")) for piece in search_chunks(text))
    assert_shows(search_in(text, "zanzibar_route"), "zanzibar_route")
    assert_shows(search_in(text, "zanzib"), "zanzib")


def test_the_snippet_is_about_the_rarest_matched_word():
    lines = "\n".join(f"line_{number} = compute(item_{number})" for number in range(60))
    result = search_in(lines, "compute 42")
    start, end = result["match"]
    assert result["snippet"][start:end] == "42"
    assert len(result["highlights"]) > 1  # the other word is highlighted around it too
