"""Plugin folders are imported into the app only once a process of their own survived it.

Importing a plugin runs its module code. Code that ends the process (``os._exit``, a crash in
a C extension) or never finishes would stop the app from starting, and nothing inside the
app's process survives the first. So before the app imports a plugin folder's entries, a
short-lived probe process imports them (`agent_app.plugin_import_probe`, under the process
supervisor); a folder whose probe ends its process or overruns the time limit is left out, and
its notice names it and the entry.

The verdict is kept in the cache folder under the folder's fingerprint (its descriptor and
code files: paths, sizes and modification times, and the interpreter): a normal start runs no
probe, and a changed file is checked again.

The app's own import then runs on a thread of its own within the same time limit: a plugin
that hangs only in the app's process (waiting for something the probe did not have) is left
out too. Its thread stays stuck (Python cannot stop a thread); it is a daemon thread, so
quitting does not wait for it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_app import plugin_import_probe
from agent_app.paths import write_atomically
from agent_core.helper_programs import helper_command, stop_supervised, supervised
from agent_core.hooks import PLUGIN_FAULTS

logger = logging.getLogger(__name__)

CHECKS_FILE_NAME = "plugin-import-checks.json"
_CHECKS_VERSION = 1
# Folders a plugin's code does not live in: byte code, version control, tool caches.
_SKIPPED_FOLDER_PREFIXES = (".", "__pycache__")


# How an overrun reads in a verdict: such a verdict is checked again in the background, since a
# busy machine may have slowed an import that normally takes a few seconds.
OVERRAN = "did not finish within"


# An import that keeps a core busy is slow, not hung (a big SDK takes a minute to import on a
# loaded machine): while the import used at least this share of a core during the last time
# limit, it is given another, up to `_MOST_BUSY_LIMITS` limits in all. Linux only (/proc).
_BUSY_SHARE = 0.1
_MOST_BUSY_LIMITS = 10
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_seconds(stat_file: Path) -> float | None:
    """User + system CPU seconds from a /proc `stat` file, or None when it cannot be read."""
    try:
        fields = stat_file.read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS  # utime, stime


def _tree_cpu_seconds(pid: int) -> float | None:
    """CPU seconds of process `pid` and of every process below it, or None off Linux."""
    parents: dict[int, int] = {}
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rpartition(")")[2].split()
        except OSError:  # ended while we looked
            continue
        parents[int(stat_file.parent.name)] = int(fields[1])
    if pid not in parents:
        return None
    tree, found = {pid}, True
    while found:
        found = False
        for child, parent in parents.items():
            if parent in tree and child not in tree:
                tree.add(child)
                found = True
    seconds = [_cpu_seconds(Path(f"/proc/{member}/stat")) for member in tree]
    return sum(second for second in seconds if second is not None)


def wait_while_busy(
    finished: Callable[[float], bool], cpu_seconds: Callable[[], float | None], seconds: float
) -> float | None:
    """Wait for `finished(timeout)` one time limit at a time, for as long as the work used a
    share of a core during the last one. The seconds waited in all when it overran, else None."""
    used = cpu_seconds()
    for limits in range(1, _MOST_BUSY_LIMITS + 1):
        if finished(seconds):
            return None
        now_used = cpu_seconds()
        if used is None or now_used is None or now_used - used < _BUSY_SHARE * seconds:
            return limits * seconds  # idle (a hang, a wait), or no way to tell
        used = now_used
    return _MOST_BUSY_LIMITS * seconds


class ImportTimeLimitError(Exception):
    """A plugin's module did not finish importing within the time limit."""


def folder_fingerprint(descriptor_path: Path, import_roots: list[Path], entries: list[str]) -> str:
    """A digest of what importing the folder runs: the descriptor, the files (path, size,
    modification time) of the packages the entries name in the plugin's own import root, every
    file of its workspace dependencies (the roots after the first), and the interpreter. Only
    those are read: a plugin folder inside a big checkout costs no walk of the checkout."""
    digest = hashlib.sha256()
    digest.update(f"{sys.executable}\0{sys.version}\0".encode())
    digest.update(descriptor_path.read_bytes())
    own_root, *dependency_roots = import_roots
    top_names = sorted({entry.partition(".")[0] for entry in entries})
    places = [own_root / name for name in top_names]
    places += [own_root / f"{name}.py" for name in top_names]
    for place in [*places, *dependency_roots]:
        for path in _files_below(place):
            try:
                facts = path.stat()
            except OSError:  # removed while we looked: the next start sees the change
                continue
            digest.update(f"{path}\0{facts.st_size}\0{facts.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def _files_below(place: Path) -> list[Path]:
    """`place` itself if it is a file, else the files below it (byte code and hidden folders
    left out); nothing if it does not exist."""
    if place.is_file():
        return [place]
    found = []
    for folder, subfolders, files in os.walk(place):
        subfolders[:] = sorted(
            name for name in subfolders if not name.startswith(_SKIPPED_FOLDER_PREFIXES)
        )
        found += [Path(folder, name) for name in sorted(files)]
    return found


def probe_import(entries: list[str], import_roots: list[Path], seconds: float) -> str | None:
    """Import `entries` in a probe process; what went wrong in words, or None when it got
    through (a plugin that merely raises gets through: the app reports that error itself)."""
    request = json.dumps(
        {"sys_path": [*sys.path, *map(str, import_roots)], "entries": entries}
    ).encode()
    command = helper_command(
        plugin_import_probe.__name__, plugin_import_probe.__file__, standard_library_only=True
    )
    # Supervised: whatever the plugin starts while imported ends with the probe, and the probe
    # ends with the app (a start cut short must not leave a hung probe behind).
    probe = subprocess.Popen(
        supervised(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    stdin, stdout = probe.stdin, probe.stdout
    assert stdin is not None
    assert stdout is not None
    # Read on a thread of its own: the pipe must not fill while we wait.
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(stdout.read()), daemon=True)
    reader.start()
    try:
        stdin.write(request)
        stdin.close()
    except BrokenPipeError:  # it ended before reading: what it printed says why
        pass

    def finished(timeout: float) -> bool:
        try:
            probe.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        return True

    overran = wait_while_busy(finished, lambda: _tree_cpu_seconds(probe.pid), seconds)
    if overran is not None:
        stop_supervised(probe.pid)
        probe.wait()
    reader.join()
    stdout.close()
    output = read[0] if read else b""
    lines = output.decode("utf-8", "replace").splitlines()
    if plugin_import_probe.IMPORTED in lines:
        return None
    started = [line for line in lines if line.startswith(plugin_import_probe.IMPORTING)]
    if not started:
        raise OSError(f"the import check did not start (exit code {probe.returncode})")
    entry = started[-1].removeprefix(plugin_import_probe.IMPORTING)
    if overran is not None:
        return f"importing {entry!r} {OVERRAN} {overran:g} seconds"
    code = probe.returncode
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
    return f"importing {entry!r} ended the process ({how})"


class ImportChecks:
    """The verdicts of earlier probes, kept in `path` (None: kept for this run only)."""

    def __init__(self, path: Path | None, seconds: float) -> None:
        self.path = path
        self.seconds = seconds
        self._verdicts: dict[str, dict[str, Any]] = self._read()
        self._overruns_kept: list[tuple[Path, Path, list[Path], list[str]]] = []

    def _read(self) -> dict[str, dict[str, Any]]:
        if self.path is None:
            return {}
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, RecursionError) as error:  # a cache: checked again
            logger.warning("Plugin import checks in %s not read: %s", self.path, error)
            return {}
        if not isinstance(kept, dict) or kept.get("version") != _CHECKS_VERSION:
            return {}
        verdicts = kept.get("folders")
        if not isinstance(verdicts, dict):
            return {}
        return {
            folder: verdict
            for folder, verdict in verdicts.items()
            if isinstance(verdict, dict)
            and isinstance(verdict.get("fingerprint"), str)
            and isinstance(verdict.get("problem"), str | None)
        }

    def problem(
        self, folder: Path, descriptor_path: Path, import_roots: list[Path], entries: list[str]
    ) -> str | None:
        """Why the folder's entries cannot be imported in the app's process, or None."""
        fingerprint = folder_fingerprint(descriptor_path, import_roots, entries)
        kept = self._verdicts.get(str(folder))
        if kept is not None and kept["fingerprint"] == fingerprint:
            problem: str | None = kept["problem"]
            if problem is not None and OVERRAN in problem:
                self._overruns_kept.append((folder, descriptor_path, import_roots, entries))
            return problem
        try:
            problem = probe_import(entries, import_roots, self.seconds)
        except OSError as error:  # no probe here: the import still runs within its time limit
            logger.warning("Plugin folder %s was imported unchecked: %s", folder, error)
            return None
        self._verdicts[str(folder)] = {"fingerprint": fingerprint, "problem": problem}
        self._save()
        return problem

    def recheck_overruns_in_background(self) -> threading.Thread | None:
        """Probe again, on a thread of its own, the folders left out this start for an import
        that overran: one slowed down by a busy machine is back at the next start, and a start
        never waits for this. None when there is nothing to check."""
        if not self._overruns_kept:
            return None
        folders, self._overruns_kept = self._overruns_kept, []

        def recheck() -> None:
            for folder, descriptor_path, import_roots, entries in folders:
                try:
                    fingerprint = folder_fingerprint(descriptor_path, import_roots, entries)
                    problem = probe_import(entries, import_roots, self.seconds)
                except OSError as error:  # kept as it was: checked again next start
                    logger.warning("Plugin folder %s not checked again: %s", folder, error)
                    continue
                logger.info("Plugin folder %s checked again: %s", folder, problem or "imports")
                self._verdicts[str(folder)] = {"fingerprint": fingerprint, "problem": problem}
            self._save()

        thread = threading.Thread(target=recheck, name="plugin import recheck", daemon=True)
        thread.start()
        return thread

    def _save(self) -> None:
        if self.path is None:
            return
        document = {"version": _CHECKS_VERSION, "folders": self._verdicts}
        try:
            write_atomically(self.path, json.dumps(document, indent=1).encode())
        except OSError as error:  # checked again next start
            logger.warning("Plugin import checks not kept in %s: %s", self.path, error)


def import_within(load: Callable[[], Any], what: str, seconds: float) -> Any:
    """`load()` on a thread of its own; its result, its error, or `ImportTimeLimitError`."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = load()
        except BaseException as error:  # noqa: BLE001 - handed to the caller, which names the plugin
            outcome["error"] = error

    thread = threading.Thread(target=run, name=f"import {what}", daemon=True)
    thread.start()

    def finished(timeout: float) -> bool:
        thread.join(timeout)
        return not thread.is_alive()

    overran = wait_while_busy(
        finished, lambda: _cpu_seconds(Path(f"/proc/self/task/{thread.native_id}/stat")), seconds
    )
    if overran is not None:
        raise ImportTimeLimitError(f"importing {what!r} {OVERRAN} {overran:g} seconds")
    error = outcome.get("error")
    if error is None:
        return outcome["value"]
    if isinstance(error, PLUGIN_FAULTS):
        raise error
    raise ImportError(f"importing {what!r} raised {type(error).__name__}: {error}") from error
