"""Models whose streamed answers came back empty, remembered across restarts.

With ``streaming: auto`` a provider falls back to an unstreamed request when a stream brings
nothing (or is refused with tools) and then asks that model unstreamed from the start. The
``(base URL, model)`` pairs are kept in memory and, when the application gives the provider a
``runtime_state_root``, in ``<root>/providers/unstreamed-models.json`` (written atomically), so the
app does not have to find out again after every restart. Choosing "Always stream" in the
provider settings overrides the memory.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE_NAME = "unstreamed-models.json"


class UnstreamedModels:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pairs: set[tuple[str, str]] = set()
        self._loaded_roots: set[str] = set()

    def contains(self, base_url: str, model: str, state_root: str | None) -> bool:
        """Whether the model was found to need unstreamed requests (reads the file once)."""
        if state_root:
            self._load(state_root)
        with self._lock:
            return (base_url, model) in self._pairs

    def add(self, base_url: str, model: str, state_root: str | None) -> None:
        """Remember the model (and save the list when there is a state folder)."""
        with self._lock:
            self._pairs.add((base_url, model))
            pairs = sorted(self._pairs)
        if state_root:
            self._save(state_root, pairs)

    def clear(self) -> None:
        """Forget everything held in memory (a fresh process; the files stay)."""
        with self._lock:
            self._pairs.clear()
            self._loaded_roots.clear()

    def _load(self, state_root: str) -> None:
        with self._lock:
            if state_root in self._loaded_roots:
                return
            self._loaded_roots.add(state_root)
        path = _path(state_root)
        try:
            entries: Any = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as error:  # unreadable: start again from streaming
            log.warning("could not read %s (%s); models will be streamed again", path, error)
            return
        if not isinstance(entries, list):
            return
        found = {
            (str(entry[0]), str(entry[1]))
            for entry in entries
            if isinstance(entry, list) and len(entry) == 2
        }
        with self._lock:
            self._pairs |= found

    @staticmethod
    def _save(state_root: str, pairs: list[tuple[str, str]]) -> None:
        path = _path(state_root)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(".tmp")
            temporary.write_text(json.dumps([list(pair) for pair in pairs]), encoding="utf-8")
            os.replace(temporary, path)
        except OSError as error:  # remembered for this run only; the answer itself is fine
            log.warning("could not save %s (%s)", path, error)


def _path(state_root: str) -> Path:
    return Path(state_root) / "providers" / FILE_NAME
