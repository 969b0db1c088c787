"""What the main window lends the parts it builds, as types: its task runner and its notice bar.

A part (the sidebar's chats, the message actions, the Tools button, ...) receives these two
callables and the widgets it works on, never the window: it can be built and tested with
anything that fits, and it cannot reach further into the window than what it was handed.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    # asyncio loads after the window is on screen (start-up time).
    import asyncio


class Spawn(Protocol):
    """Runs a coroutine as a task whose failure reaches sys.excepthook (the window's tasks)."""

    def __call__(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]: ...


#: How long a notice that only informs stays (a key kept for this session only): long enough
#: to read its few lines; it does not wait to be dismissed.
INFORMING_NOTICE_SECONDS = 12


class ShowNotice(Protocol):
    """Shows one line in the window's notice bar, with an optional action button (e.g. Undo)
    and, for a notice that stops being true, a topic it can be withdrawn by."""

    def __call__(
        self,
        text: str,
        action: str | None = None,
        callback: Callable[[], None] | None = None,
        seconds: float = 0,
        topic: str | None = None,
    ) -> None: ...
