"""A timer that stops when its slot raises, so a failure is reported once, not at every tick.

A `QTimer` keeps firing whatever its slot does. A slot that meets state it no longer expects
raises again at every tick: with a 0 ms interval that is a thousand tracebacks a second, which
floods the log (rotating away everything before it) and covers every notice with the same error.
Stopping the timer turns that into one report; the exception still reaches `sys.excepthook`.
"""

from __future__ import annotations

from collections.abc import Callable
from weakref import WeakMethod

from PySide6.QtCore import QObject, QTimer


class SelfStoppingTimer(QTimer):
    """A timer running the bound method `slot` every `interval_ms` (once, if `single_shot`),
    stopped for good when the slot raises (until started again)."""

    def __init__(
        self,
        slot: Callable[[], object],
        interval_ms: int,
        parent: QObject | None,
        *,
        single_shot: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setInterval(interval_ms)
        self.setSingleShot(single_shot)
        # Weakly, as Qt holds a connected bound method: the slot's owner keeps this timer, and a
        # strong reference back would be a cycle only the garbage collector frees (on whatever
        # thread it happens to run).
        self._slot = WeakMethod(slot)
        self.timeout.connect(self._run)

    def _run(self) -> None:
        slot = self._slot()
        if slot is None:  # its owner is gone
            self.stop()
            return
        try:
            slot()
        except BaseException:
            self.stop()
            raise
