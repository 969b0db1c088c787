"""Run blocking work on Qt's thread pool and hand the result back on the GUI thread.

The result travels through one relay object that lives as long as the application, so a
worker never emits on an object that may be gone: a dialog closed, or a view deleted, while its
work still ran. The callback runs only if the object it belongs to (`owner`) still exists.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal

log = logging.getLogger(__name__)
T = TypeVar("T")


class _Relay(QObject):
    delivered = Signal(int, object)  # ticket, result (or the exception the work raised)


_relay: _Relay | None = None
_tickets = itertools.count()
_waiting: dict[int, tuple[QObject, Callable[[Any], None]]] = {}


def run_off_gui_thread(owner: QObject, work: Callable[[], T], done: Callable[[T], None]) -> None:
    """Call `work()` on a worker thread, then `done(result)` on the GUI thread while `owner`
    lives. `work` must not touch widgets; an exception it raises is logged, `done` not called."""
    relay = _the_relay()
    ticket = next(_tickets)
    _waiting[ticket] = (owner, done)

    def on_worker() -> None:
        try:
            result: Any = work()
        except Exception as error:  # handed to the GUI thread, which logs it
            result = error
        relay.delivered.emit(ticket, result)

    QThreadPool.globalInstance().start(on_worker)


def _the_relay() -> _Relay:
    global _relay
    if _relay is None:
        # Parented to the application: created on the GUI thread, gone only with the app.
        _relay = _Relay(QCoreApplication.instance())
        _relay.delivered.connect(_deliver)
    return _relay


def _deliver(ticket: int, result: object) -> None:
    owner, done = _waiting.pop(ticket, (None, None))
    if owner is None or done is None or not shiboken6.isValid(owner):
        return  # the dialog or view that asked is gone
    if isinstance(result, Exception):
        log.warning("background work for %s failed: %s", type(owner).__name__, result)
        return
    done(result)
