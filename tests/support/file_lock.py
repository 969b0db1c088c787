"""One process at a time in a section that fills a folder shared by the whole run (the built
bundle, the npm packages cache): the suite's files run in parallel processes."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def held_lock(lock_file: Path) -> Iterator[None]:
    """Hold an exclusive lock on `lock_file` (created if missing) for the duration; another
    process asking for it waits, then finds the folder filled."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with lock_file.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
