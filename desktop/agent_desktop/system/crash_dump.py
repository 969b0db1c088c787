"""This run's crash dump: where Python's faulthandler writes when the process dies hard.

A segfault in Qt or in a plugin's C code, or an abort after a Qt fatal error, ends the process
without any Python code running: only faulthandler, enabled before Qt is imported (qutebrowser's
`misc/earlyinit.py`), can still write every thread's stack. It writes to `crash-<pid>.dump` in the
log folder, which stays empty unless the process crashed and is removed when it ends normally. The
next start turns what is left into a report and says so once (`crash_report`).

One file per process: a second launch that hands over to a running copy never touches the running
copy's file. Loaded before the window shows: nothing here imports more than the standard modules
already loaded by then.
"""

from __future__ import annotations

import faulthandler
import logging
import os
from pathlib import Path
from typing import IO

log = logging.getLogger("agent_desktop.system.crash_dump")

DUMP_PREFIX = "crash-"
DUMP_SUFFIX = ".dump"


def dump_path(log_dir: Path, pid: int) -> Path:
    return log_dir / f"{DUMP_PREFIX}{pid}{DUMP_SUFFIX}"


class CrashDump:
    """The open crash dump of this process; `end()` it when the process ends normally."""

    def __init__(self, path: Path, file: IO[str]) -> None:
        self.path = path
        self._file = file

    @classmethod
    def start(cls, log_dir: Path) -> CrashDump | None:
        """Enable faulthandler writing to this process's dump in `log_dir`. None when the folder
        cannot be written: faulthandler then writes to stderr, the only place left."""
        path = dump_path(log_dir, os.getpid())
        try:
            log_dir.mkdir(parents=True, exist_ok=True)
            file = path.open("w", encoding="utf-8")
        except OSError as error:
            faulthandler.enable(all_threads=True)
            log.warning(
                "No crash dump in %s (%s): a hard crash is reported on stderr only",
                log_dir,
                error.strerror or error,
            )
            return None
        faulthandler.enable(file, all_threads=True)
        return cls(path, file)

    def note(self, text: str) -> None:
        """Write `text` to the dump now (a Qt fatal error's message, just before Qt aborts)."""
        try:
            os.write(self._file.fileno(), f"{text}\n".encode("utf-8", "replace"))
        except (OSError, ValueError) as error:  # a full disk, or the dump already closed
            log.error("could not write to the crash dump %s: %s", self.path, error)

    def end(self) -> None:
        """The process ends normally: stop faulthandler and remove the (empty) dump."""
        faulthandler.disable()
        self._file.close()
        try:
            if self.path.stat().st_size == 0:
                self.path.unlink()
        except OSError as error:  # a read-only folder now: the next start removes it
            log.warning("could not remove the crash dump %s: %s", self.path, error)
