"""Unhandled exceptions: logged with context, shown as a non-modal notice, and the app lives on.

Modelled on qutebrowser's `misc/crashsignal.py`: exceptions raised in Qt slots and in asyncSlot
tasks both reach `sys.excepthook`, which is replaced here.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

log = logging.getLogger("agent_desktop.system.crash")

Notifier = Callable[[str], None]


class ExceptionNotifier:
    """A `sys.excepthook` that logs the traceback and tells the user, without a modal dialog."""

    def __init__(self, notify: Notifier, log_path: Path | None = None) -> None:
        self._notify = notify
        self._log_path = log_path
        self._previous: Any = None
        self.count = 0

    def install(self) -> None:
        self._previous = sys.excepthook
        sys.excepthook = self

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self._previous or sys.__excepthook__

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            (self._previous or sys.__excepthook__)(kind, error, trace)
            return
        self.count += 1
        where = traceback.extract_tb(trace)[-1] if trace else None
        place = f" in {where.name} ({where.filename}:{where.lineno})" if where else ""
        log.error("unhandled %s%s: %s", kind.__name__, place, error, exc_info=(kind, error, trace))
        try:
            where_logged = f"the log file {self._log_path}" if self._log_path else "the log"
            self._notify(
                f"Something went wrong: {kind.__name__}: {error}. The app keeps running; "
                f"details are in {where_logged}."
            )
        except RuntimeError as notify_error:  # the window may already be gone at shutdown
            log.error("could not show the error notice: %s", notify_error)
