"""Cancelling a running session action, model calls included.

A session action runs as one blocking call on a worker thread; a plugin's action may ask a model
through `context["core"].send_request(...)` (compaction writes its summary so). While the action
runs, the core notes every request started on that thread under its `ActionCancellation`;
`cancel()` cancels them (the provider closes the HTTP connection) and refuses new ones.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol

from agent_core.types import ProviderRequestCancelled


class _Cancels(Protocol):
    def cancel_request(self, request_id: str) -> bool: ...


class ActionCancellation:
    """The Cancel of one running session action (any thread may call `cancel`)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: dict[str, _Cancels] = {}
        self.cancelled = False

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            requests = list(self._requests.items())
        for request_id, core in requests:
            core.cancel_request(request_id)

    @contextmanager
    def request(self, core: _Cancels, request_id: str) -> Iterator[None]:
        """Hold `request_id` (served by `core`) as part of the action while it runs."""
        with self._lock:
            if self.cancelled:
                raise ProviderRequestCancelled(request_id)
            self._requests[request_id] = core
        try:
            yield
        finally:
            with self._lock:
                self._requests.pop(request_id, None)


_running_action: ContextVar[ActionCancellation | None] = ContextVar("running_action", default=None)


@contextmanager
def running_action(cancellation: ActionCancellation | None) -> Iterator[None]:
    """Requests started in this context (the action's thread) belong to `cancellation`."""
    token = _running_action.set(cancellation)
    try:
        yield
    finally:
        _running_action.reset(token)


@contextmanager
def action_request(core: _Cancels, request_id: str) -> Iterator[None]:
    """Around every request: ties it to the session action running in this context, if any."""
    cancellation = _running_action.get()
    if cancellation is None:
        yield
        return
    with cancellation.request(core, request_id):
        yield
