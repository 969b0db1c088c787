"""The window's notices: the notice bar under the chat column, built when the first notice comes
(most starts show none), and the few ways the window's parts use it (a notice with Undo, an
error, withdrawing "still working" once the chat is free)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QBoxLayout

from agent_desktop.window.chat_column import COMPOSER_MAX_WIDTH, centred_row
from agent_desktop.window.notice_bar import BUSY_TOPIC, EDITING_TOPIC, NoticeBar

# How long an error stays: long enough to read what failed and what to do.
ERROR_SECONDS = 15


class WindowNotices:
    """Shows notices in a bar added to `host` (the layout under the window's central stack, so
    start-up notices show on the first-run pane as well as in a chat)."""

    def __init__(self, host: QBoxLayout) -> None:
        self._host = host

    @cached_property
    def bar(self) -> NoticeBar:
        bar = NoticeBar()
        bar.setMaximumWidth(COMPOSER_MAX_WIDTH)
        self._host.addLayout(centred_row(bar))
        return bar

    def bar_if_built(self) -> NoticeBar | None:
        """The bar, when a notice has built it (asking does not build it)."""
        return self.__dict__.get("bar")

    def show_notice(
        self,
        text: str,
        action: str | None = None,
        callback: Callable[[], None] | None = None,
        seconds: float = 0,
        topic: str | None = None,
    ) -> None:
        """A line in the notice bar: see `NoticeBar.show_notice`."""
        self.bar.show_notice(text, action, callback, seconds, topic)

    def show_error(self, text: str) -> None:
        self.show_notice(text, seconds=ERROR_SECONDS)

    def notice_with_undo(self, text: str, undo: Callable[[], None] | None) -> None:
        """A notice of what was just done, with Undo when it can be taken back."""
        undo_label = QCoreApplication.translate("WindowNotices", "Undo") if undo else None
        self.show_notice(text, undo_label, undo, seconds=20 if undo else 12)

    def withdraw_busy_notice(self) -> None:
        """The chat is free: "still working" is no longer true, nor is an edit's explanation
        (it is done with once its answer is, or the chat changed)."""
        bar = self.bar_if_built()
        if bar is not None:
            bar.withdraw(BUSY_TOPIC)
            bar.withdraw(EDITING_TOPIC)
