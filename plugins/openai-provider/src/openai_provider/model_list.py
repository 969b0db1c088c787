"""Model lists fetched from servers, cached per base URL.

The core resolves models on every request (tags depend on them), so a list is kept for a few
minutes, and a failed fetch is remembered briefly instead of being retried on every request.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

MODEL_CACHE_SECONDS = 300.0
MODEL_FAILURE_CACHE_SECONDS = 30.0


class ModelListCache:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        self._fetching: dict[str, threading.Lock] = {}

    def get(
        self,
        base_url: str,
        fetch: Callable[[], list[dict[str, Any]]],
        fallback: list[dict[str, Any]],
        errors: tuple[type[Exception], ...],
    ) -> list[dict[str, Any]]:
        """The cached list, or ``fetch()``; ``fallback`` while the server cannot list models."""
        kept = self._kept(base_url, fallback)
        if kept is not None:
            return kept
        with self._lock:
            fetching = self._fetching.setdefault(base_url, threading.Lock())
        # The core resolves models for several requests at once (an answer, its title, the
        # agent's actions): one asks the server, the others wait for its answer.
        with fetching:
            kept = self._kept(base_url, fallback)
            if kept is not None:
                return kept
            try:
                models = fetch()
            except errors:
                models = []  # unreachable or refusing: remembered briefly, the fallback is offered
            with self._lock:
                self._entries[base_url] = (time.monotonic(), models)
        return models or fallback

    def _kept(self, base_url: str, fallback: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """What is remembered for ``base_url`` and still fresh; None when the server is to be
        asked."""
        with self._lock:
            cached = self._entries.get(base_url)
        if cached is None:
            return None
        fetched_at, models = cached
        age = time.monotonic() - fetched_at
        if models and age < MODEL_CACHE_SECONDS:
            return models
        if not models and age < MODEL_FAILURE_CACHE_SECONDS:
            return fallback
        return None
