"""Reacting to a widget's events without overriding its `event` (or any `...Event`) method.

The first time Qt hands Python a `QEvent`, PySide builds its ~50 event classes and their enums
(7 M instructions, a few milliseconds of a start). A widget built before the window's first paint
whose `event`, `changeEvent` or `viewportEvent` Python overrides is handed every event of its
show and layout, so the window paid that before it painted. Such a widget reacts through an
event filter instead, installed once the window has painted (`MainWindow.attach`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from PySide6.QtCore import QEvent


class EventReaction(QObject):
    """Calls `react` after `watched` has handled an event of one of `types`.

    The filter passes such an event to `watched` itself first, so `react` sees what handling it
    changed (a frame's margins after a style change); the event is then not handled again.
    Other events go on untouched. Lives as long as `watched` (its Qt child)."""

    def __init__(
        self, watched: QObject, types: Collection[QEvent.Type], react: Callable[[], None]
    ) -> None:
        super().__init__(watched)
        self._types = frozenset(types)
        self._react = react
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() not in self._types:
            return False
        watched.event(event)
        self._react()
        return True
