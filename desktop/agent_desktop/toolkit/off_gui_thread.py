"""Run blocking work on Qt's thread pool and hand the result back on the GUI thread.

The result travels through one relay object that lives as long as the application, so a
worker never emits on an object that may be gone: a dialog closed, or a view deleted, while its
work still ran. The callback runs only if the object it belongs to (`owner`) still exists.

Everything a job holds (its work and what the work captured, its result, its owner) is released
on the GUI thread: the job waits in `_jobs`, which only the GUI thread empties, and the worker
drops its own references before it says the job is done. A widget a closure captured, or an
image the work made, is so never destroyed on a worker, whichever thread lets go of it last.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal

log = logging.getLogger(__name__)
T = TypeVar("T")


class _Relay(QObject):
    finished = Signal(int)  # the ticket of a job whose result is in `_jobs`


class _Failure:
    """What a job's work raised, as words: the exception itself would keep the worker's frames,
    and what they hold, alive until it is collected."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


class _Job:
    __slots__ = ("done", "owner", "result", "work")

    def __init__(self, owner: QObject, work: Callable[[], Any], done: Callable[[Any], None]):
        self.owner = owner
        self.work = work
        self.done = done
        self.result: Any = None


_relay: _Relay | None = None
_tickets = itertools.count()
_jobs: dict[int, _Job] = {}


def run_off_gui_thread(owner: QObject, work: Callable[[], T], done: Callable[[T], None]) -> None:
    """Call `work()` on a worker thread, then `done(result)` on the GUI thread while `owner`
    lives. `work` must not touch widgets; an exception it raises is logged, `done` not called."""
    relay = _the_relay()
    ticket = next(_tickets)
    _jobs[ticket] = _Job(owner, work, done)
    QThreadPool.globalInstance().start(partial(_work_on, relay, ticket))


def _work_on(relay: _Relay, ticket: int) -> None:
    """On a worker: run the job, keep its result in the job, let go of it, then say so."""
    job = _jobs[ticket]
    try:
        job.result = job.work()
    except Exception as error:  # noqa: BLE001 - handed to the GUI thread, which logs it
        job.result = _Failure(str(error))
    del job
    relay.finished.emit(ticket)


def _the_relay() -> _Relay:
    global _relay
    if _relay is None:
        # Parented to the application: created on the GUI thread, gone only with the app.
        _relay = _Relay(QCoreApplication.instance())
        _relay.finished.connect(_deliver)
    return _relay


def _deliver(ticket: int) -> None:
    job = _jobs.pop(ticket)
    if not shiboken6.isValid(job.owner):
        return  # the dialog or view that asked is gone
    if isinstance(job.result, _Failure):
        reason = job.result.reason
        log.warning("background work for %s failed: %s", type(job.owner).__name__, reason)
        return
    job.done(job.result)
