"""Unhandled exceptions: logged with context, shown as a non-modal notice, and the app lives on.

Modelled on qutebrowser's `misc/crashsignal.py` and napari's `utils/notifications.py`: one
object receives what no caller caught on any path: `sys.excepthook` (Qt slots and asyncSlot
tasks), `threading.excepthook` (worker threads) and the asyncio loop's exception handler. It is
installed before the window is built (only logging then); the user is told once the window can
show notices (`tell_user`). The same exception from the same code path is logged in full once,
then as a count with the time it was last seen, and shown to the user once (`repeats`).
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from agent_desktop.system.repeats import Repeats, Tally, clock_time

log = logging.getLogger("agent_desktop.system.crash")

Notifier = Callable[[str], object]

# Code paths told to the user this run; a cap keeps a storm of distinct failures from growing it.
_MOST_TOLD = 256


# An exception's words for the log, and the frames it passed.
FailureKey = tuple[str, tuple[tuple[str, int], ...]]


def _same_failure(kind: type[BaseException], trace: TracebackType | None) -> FailureKey:
    """What makes two exceptions "the same": their type and every frame they passed (not the
    message, which may hold a changing value: `row -1`, `row -2`). First: its words for the log."""
    # walk_tb, not extract_tb: no source lines are read (nor kept in linecache) for a repeat.
    frames = [(frame.f_code, line) for frame, line in traceback.walk_tb(trace)]
    where = ""
    if frames:
        code, line = frames[-1]
        where = f" in {code.co_name} ({code.co_filename}:{line})"
    return f"{kind.__name__}{where}", tuple((code.co_filename, line) for code, line in frames)


class ExceptionNotifier:
    """The app's handler of uncaught exceptions (`sys`, `threading`, the event loop)."""

    def __init__(self, notify: Notifier | None = None, log_path: Path | None = None) -> None:
        self._notify = notify
        self._log_path = log_path
        self._previous: Any = None
        self._previous_thread_hook: Any = None
        self._repeats: Repeats[FailureKey] = Repeats()
        self._told: set[FailureKey] = set()
        self._told_lock = threading.Lock()

    @staticmethod
    def installed() -> ExceptionNotifier | None:
        """The notifier installed in this process (at start-up, before the window), if any."""
        hook = sys.excepthook
        return hook if isinstance(hook, ExceptionNotifier) else None

    def install(self) -> None:
        if sys.excepthook is self:
            return
        self._previous = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        sys.excepthook = self
        threading.excepthook = self.thread_failed

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self._previous or sys.__excepthook__
        if threading.excepthook == self.thread_failed:
            threading.excepthook = self._previous_thread_hook or threading.__excepthook__
        self.log_repeats()

    def tell_user(self, notify: Notifier, log_path: Path | None) -> None:
        """From now on, also tell the user (`notify` may be called from any thread)."""
        self._notify = notify
        self._log_path = log_path

    def __call__(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            (self._previous or sys.__excepthook__)(kind, error, trace)
            return
        self.report(kind, error, trace, "")

    def thread_failed(self, arguments: threading.ExceptHookArgs) -> None:
        """`threading.excepthook`: an exception ended a worker thread."""
        kind = arguments.exc_type
        if issubclass(kind, SystemExit):  # as Python's own hook: a thread may exit so
            return
        if arguments.exc_value is None:  # documented as possible; nothing more to tell
            log.error("unhandled %s in the thread %s", kind.__name__, arguments.thread)
            return
        error = arguments.exc_value
        name = arguments.thread.name if arguments.thread is not None else "unknown"
        self.report(kind, error, arguments.exc_traceback, f" in the thread {name}")

    def loop_failed(self, _loop: Any, context: dict[str, Any]) -> None:
        """The event loop's exception handler: a task or callback failed with no one awaiting."""
        error = context.get("exception")
        if isinstance(error, BaseException):
            self.report(type(error), error, error.__traceback__, " in the event loop")
        else:
            log.error("event loop: %s", context.get("message"))

    def report(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
        context: str,
    ) -> None:
        """Log the exception (in full the first time, then counted) and tell the user once."""
        key = _same_failure(kind, trace)
        say, left_out, tally = self._repeats.occur(key)
        if say and tally.total == 1:
            what, _frames = key
            log.error("unhandled %s%s: %s", what, context, error, exc_info=(kind, error, trace))
        elif say:
            self._log_repeat(key, left_out + 1, tally)
        if self._first_time_told(key):
            self._tell(
                f"Something went wrong: {kind.__name__}: {error}. The app keeps running; "
                f"details are in {self._where_logged()}."
            )

    def log_repeats(self) -> None:
        """Write the counts of repeats not logged yet (at quit)."""
        for key, count, tally in self._repeats.take_unsaid():
            self._log_repeat(key, count, tally)

    @staticmethod
    def _log_repeat(key: FailureKey, count: int, tally: Tally) -> None:
        what, _frames = key
        log.error(
            "unhandled %s happened again: %s more times since %s, %s in all, the last at %s",
            what,
            f"{count:,}",
            clock_time(tally.first_at),
            f"{tally.total:,}",
            clock_time(tally.last_at),
        )

    def _first_time_told(self, key: FailureKey) -> bool:
        with self._told_lock:
            if key in self._told or self._notify is None:
                return False
            if len(self._told) < _MOST_TOLD:
                self._told.add(key)
            return True

    def _where_logged(self) -> str:
        return f"the log file {self._log_path}" if self._log_path else "the log"

    def _tell(self, text: str) -> None:
        notify = self._notify
        if notify is None:
            return
        try:
            notify(text)
        except RuntimeError as notify_error:  # the window may already be gone at shutdown
            log.error("could not show the error notice: %s", notify_error)
