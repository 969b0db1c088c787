"""The report of the last hard crash, made at the next start from what the crashed run left.

A crashed run leaves its faulthandler dump (`crash_dump`) and the log it had written. The next
start (holding the data folder, so no other copy is running on it) turns the non-empty dumps into
one report: when it crashed, every thread's stack, the log's last lines before it. Secrets are
blanked out (`agent_app.secrets.redact`; the log lines were redacted when written). The report is
kept as `last-crash.txt` in the log folder and the dumps are removed: the notice shows once.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from agent_app.paths import write_atomically
from agent_app.secrets import redact
from agent_desktop.system.crash_dump import DUMP_PREFIX, DUMP_SUFFIX, dump_path
from agent_desktop.system.logging_setup import LOG_FILE_NAME

log = logging.getLogger("agent_desktop.system.crash_report")

LAST_REPORT_NAME = "last-crash.txt"
LOG_TAIL_LINES = 200
_LOG_TAIL_BYTES = 64_000


class CrashReport:
    """A hard crash of an earlier run: the report's text (redacted) and the file keeping it."""

    def __init__(self, text: str, path: Path | None) -> None:
        self.text = text
        self.path = path
        """`last-crash.txt`; None when the log folder could not be written."""


def take_last_crash(log_dir: Path) -> CrashReport | None:
    """The report of the runs that crashed since the last start, or None; the dumps are
    consumed. Reads and writes files: call it off the GUI thread."""
    dumps, started_at = _dumps_of_other_runs(log_dir)
    crashed: list[tuple[float, Path, str]] = []
    for dump in dumps:
        try:
            written = dump.stat().st_mtime
            text = dump.read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            log.warning("could not read the crash dump %s: %s", dump, error)
            continue
        if text.strip():
            crashed.append((written, dump, text))  # removed once the report is kept
        elif started_at is not None and written < started_at:
            _remove(dump)  # a run killed without a word; a newer one may be a launch beside us
    if not crashed:
        return None
    crashed.sort()
    sections = [
        f"Agent Desktop closed unexpectedly at {_moment(written)} (process "
        f"{dump.name.removeprefix(DUMP_PREFIX).removesuffix(DUMP_SUFFIX)}).\n\n"
        f"What each thread was doing (Python's faulthandler):\n{text.rstrip()}\n"
        for written, dump, text in crashed
    ]
    tail = _log_tail(log_dir / LOG_FILE_NAME)
    if tail:
        sections.append(f"The last lines of the log ({LOG_FILE_NAME}) before it closed:\n{tail}")
    report_text = redact("\n".join(sections))
    report_path: Path | None = log_dir / LAST_REPORT_NAME
    try:
        write_atomically(log_dir / LAST_REPORT_NAME, report_text.encode("utf-8"))
    except OSError as error:
        log.warning("could not keep the crash report: %s", error)
        report_path = None
    for _written, dump, _text in crashed:
        _remove(dump)
    return CrashReport(report_text, report_path)


def _dumps_of_other_runs(log_dir: Path) -> tuple[list[Path], float | None]:
    """The dumps in `log_dir` but this process's own, and when this process made its own (a
    dump made earlier and still empty belongs to a run that ended without a word: a kill)."""
    own = dump_path(log_dir, os.getpid())
    try:
        dumps = [path for path in log_dir.glob(f"{DUMP_PREFIX}*{DUMP_SUFFIX}") if path != own]
        started_at = own.stat().st_mtime if own.exists() else None
    except OSError as error:
        log.warning("could not look for crash dumps in %s: %s", log_dir, error)
        return [], None
    return dumps, started_at


def _log_tail(path: Path) -> str:
    """The last `LOG_TAIL_LINES` whole lines of the log file ("" when there is none)."""
    try:
        with path.open("rb") as file:
            size = file.seek(0, os.SEEK_END)
            file.seek(max(0, size - _LOG_TAIL_BYTES))
            data = file.read()
    except OSError:
        return ""
    lines = data.decode("utf-8", "replace").splitlines()
    if size > _LOG_TAIL_BYTES:
        lines = lines[1:]  # read from the middle of a line
    return "\n".join(lines[-LOG_TAIL_LINES:])


def _moment(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError as error:
        log.warning("could not remove the crash dump %s: %s", path, error)
