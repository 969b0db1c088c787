"""Finding the processes a test started by a marker in their command line (with psutil)."""

from __future__ import annotations

import time
import uuid

import psutil


def unique_sleep_seconds() -> str:
    """`999.<random>`: as `sleep 999.<random>`, a command line no other test or program has."""
    return f"999.{uuid.uuid4().int % 10**9:09d}"


def processes_with(marker: str) -> list[psutil.Process]:
    """Live processes whose command line holds `marker` (a zombie has ended)."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        if process.info["status"] != psutil.STATUS_ZOMBIE and any(
            marker in part for part in process.info["cmdline"] or ()
        ):
            found.append(process)
    return found


def wait_for_processes_with(marker: str, present: bool, seconds: float = 5.0) -> bool:
    """Whether processes with `marker` are there (`present`) or all gone, within `seconds`."""
    deadline = time.monotonic() + seconds
    while bool(processes_with(marker)) != present:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True
