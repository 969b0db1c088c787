"""What a chat row renders of a message's text, and the worker that renders big ones.

Why: one 5 MB answer or a 100,000-line code block used to be rendered whole (Markdown, Pygments,
one QTextDocument) on the GUI thread when its row was first painted: 12 s and 35 s of frozen
window, 1.5 GB. The design that keeps such a message instant:

- **Elide.** A row renders at most the first `ELIDE_LINES` lines / `ELIDE_CHARACTERS` characters
  of its text (`body_source`), cut at a line break (in a giant line, between words); a code
  block cut open is closed so the head is valid Markdown, and its "Copy" link still copies the
  whole block. The row then shows
  "Show all (size, lines)", which opens the whole text in a viewer filled progressively
  (`full_text_viewer`). Memory for the row is the head's document, not the text's.
- **Render off the GUI thread.** A head longer than `BACKGROUND_RENDER_CHARACTERS` is shown at
  once as plain text; its Markdown + Pygments HTML is produced on a worker thread
  (`BackgroundRenderer`) and swapped in when ready (polled by a GUI-thread timer; the worker
  never touches Qt). Only building the document from that HTML runs on the GUI thread, and the
  head is small enough for that to take a few milliseconds.
- **Streaming stays cheap.** While a giant answer streams in, its head stops changing once it
  is full: the rendered head is reused (documents are matched by the source text they were
  made from, not by the row's version), so each frame only updates the "Show all" line.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale

from agent_app.text_pieces import word_end

if TYPE_CHECKING:
    # The window's first paint imports this module, and no render starts before it: the
    # executor's module (with queue and heapq) loads with the first background render.
    from concurrent.futures import Future, ThreadPoolExecutor

logger = logging.getLogger(__name__)

ELIDE_LINES = 80
ELIDE_CHARACTERS = 4_000
BACKGROUND_RENDER_CHARACTERS = 1_500
FENCE = "```"


class BodySource:
    """The text a row renders, and what was left out of it."""

    __slots__ = ("characters", "code_block", "elided", "lines", "text", "text_version", "whole")

    def __init__(self, text_version: int, text: str) -> None:
        self.text_version = text_version
        self.whole = text  # the message's text (not a copy)
        self.text = text
        self.elided = False
        self.characters = len(text)
        self.lines = 0
        # Where the code block the head cuts open lies in the whole text (start, end), if any.
        self.code_block: tuple[int, int] | None = None

    @property
    def full_code_block(self) -> str | None:
        """The whole text of the code block the head cuts open (for its Copy link), if any."""
        if self.code_block is None:
            return None
        start, end = self.code_block
        return self.whole[start:end]

    def copied(self) -> BodySource:
        """A copy with the same values; `copy` loads with the first one, not for the window's
        first paint (its import searches every path entry for a module it never finds)."""
        import copy

        return copy.copy(self)


# Heads of giant texts made on a worker thread (`prepare_body_sources`), by the text's identity.
_prepared: dict[int, tuple[str, BodySource]] = {}
PREPARED_KEPT = 16


def prepare_body_sources(texts: list[str]) -> None:
    """Make the heads of giant texts ahead, on a worker thread: finding the head scans the
    whole text (its lines, the end of a cut code block), megabytes the GUI thread would scan
    when the row is first drawn. Plain string work, no Qt."""
    for text in texts:
        if len(text) > ELIDE_CHARACTERS:
            _prepared[id(text)] = (text, _body_source(text, 0))
    while len(_prepared) > PREPARED_KEPT:
        del _prepared[next(iter(_prepared))]


def body_source(text: str, text_version: int, previous: BodySource | None = None) -> BodySource:
    """The head of `text` a row renders (the whole text when it is small). `previous`: the
    row's source before its text changed; a giant answer streaming in is then only looked at
    where it grew (`_streamed_on`), not scanned whole every frame."""
    prepared = _prepared.get(id(text))
    if prepared is not None and prepared[0] is text:
        source = prepared[1].copied()
        source.text_version = text_version
        return source
    if previous is not None:
        streamed = _streamed_on(previous, text, text_version)
        if streamed is not None:
            return streamed
    return _body_source(text, text_version)


def _streamed_on(previous: BodySource, text: str, text_version: int) -> BodySource | None:
    """`previous` brought up to `text` when `text` is `previous`'s elided text with more added:
    the head stays the same (it lies in the unchanged start), the line count and an open code
    block's end move. Costs a comparison of the old text and a scan of what was added."""
    old = previous.whole
    if not previous.elided or len(text) < len(old) or not text.startswith(old):
        return None
    source = previous.copied()
    source.text_version = text_version
    source.whole = text
    source.characters = len(text)
    source.lines = previous.lines + text.count("\n", len(old))
    if previous.code_block is not None and previous.code_block[1] == len(old):  # still open
        start = previous.code_block[0]
        closing = text.find("\n" + FENCE, max(start, len(old) - len(FENCE)))
        source.code_block = (start, closing if closing >= 0 else len(text))
    return source


def _body_source(text: str, text_version: int) -> BodySource:
    source = BodySource(text_version, text)
    window = text[: ELIDE_CHARACTERS + 1]
    if len(text) <= ELIDE_CHARACTERS and window.count("\n") < ELIDE_LINES:
        return source
    end = _nth_line_break(window, ELIDE_LINES)
    if end < 0:
        # After a line break in the window's second half, else between two words of a giant
        # line (one of minified code has no break at all: cutting before it showed nothing).
        end = word_end(window, ELIDE_CHARACTERS // 2, ELIDE_CHARACTERS)
        end -= window[end - 1] == "\n"
    head = text[:end]
    if head.count(FENCE) % 2:
        opening = head.rfind(FENCE)
        content_start = head.find("\n", opening) + 1
        closing = text.find("\n" + FENCE, end)
        source.code_block = (content_start, closing if closing >= 0 else len(text))
        head += "\n" + FENCE
    source.text = head
    source.elided = True
    source.lines = text.count("\n") + 1
    return source


def _nth_line_break(text: str, count: int) -> int:
    position = -1
    for _ in range(count):
        position = text.find("\n", position + 1)
        if position < 0:
            return -1
    return position


def describe_size(source: BodySource) -> str:
    """'5.0 MB · 100,001 lines' for the Show all link, in the locale's numbers."""
    locale = QLocale()
    size = (
        QCoreApplication.translate("MessageBody", "{size} MB").format(
            size=locale.toString(source.characters / 1_000_000, "f", 1)
        )
        if source.characters >= 1_000_000
        else QCoreApplication.translate("MessageBody", "{size} KB").format(
            size=locale.toString(source.characters / 1000, "f", 0)
        )
    )
    lines = QCoreApplication.translate("MessageBody", "{count} lines").format(
        count=locale.toString(source.lines)
    )
    return f"{size} · {lines}"


class BackgroundRenderer:
    """Markdown → HTML for big heads on one worker thread; results are collected by `take_done`
    on the GUI thread. At most one job per row key runs; a newer source replaces a waiting one."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._jobs: dict[str, tuple[str, str, Future[Any]]] = {}
        self._wanted: dict[str, tuple[str, str, bool]] = {}

    def request(self, key: str, text: str, palette: Any, keep_line_breaks: bool) -> None:
        job = self._jobs.get(key)
        if job is not None and job[0] == text and job[1] == palette.name:
            return
        self._wanted[key] = (text, palette.name, keep_line_breaks)
        if job is None:
            self._start(key, palette)

    def _start(self, key: str, palette: Any) -> None:
        from agent_desktop.conversation.markdown_render import render_markdown

        text, _theme, keep_line_breaks = self._wanted.pop(key)
        if self._executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._executor = ThreadPoolExecutor(1, thread_name_prefix="markdown")
        future = self._executor.submit(
            render_markdown, text, palette, keep_line_breaks=keep_line_breaks
        )
        self._jobs[key] = (text, palette.name, future)

    def busy(self) -> bool:
        return bool(self._jobs)

    def take_done(self, palette: Any) -> list[tuple[str, str, str, Any]]:
        """Finished renders as (key, source text, theme name, RenderedMarkdown or None); a
        failed render is logged and comes back as None (the row stays plain text)."""
        done = []
        for key, (text, theme, future) in list(self._jobs.items()):
            if not future.done():
                continue
            del self._jobs[key]
            error = future.exception()
            if error is not None:
                logger.warning(
                    "Rendering a long message failed; it is shown as plain text: %s", error
                )
                done.append((key, text, theme, None))
            else:
                done.append((key, text, theme, future.result()))
            if key in self._wanted:
                self._start(key, palette)
        return done

    def forget(self) -> None:
        self._wanted.clear()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
