"""Programs the app starts: its own Python helpers, and others under the process supervisor.

A helper is one of the app's Python modules run as a program of its own. From a checkout or a
wheel that is the module's file, run by the app's interpreter with ``-I`` (no user site folder,
no ``PYTHON*`` variables) and, for helpers that need only the standard library, ``-S`` (no
site-packages: it starts in milliseconds). In the PyInstaller bundle there is no ``python``: the
bundle's own binary runs the module, ``agent-desktop -m <module>``, as ``python -m`` would
(``packaging/pyinstaller/launcher.py``).

`supervised(argv)` runs a program under `agent_core.process_supervisor` (Linux): nothing it
starts outlives it, not even what detaches into a session of its own, and it dies with the app.
`stop_supervised(pid)` ends it and all it started. Elsewhere the program runs as it is, in a
process group of its own (start it with ``start_new_session=True``), which the stop kills.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

from agent_core import process_supervisor

RUN_MODULE_OPTION = "-m"
SUPERVISED = sys.platform.startswith("linux")
"""Whether programs run under the supervisor (it needs Linux's child subreapers)."""


def helper_command(module_name: str, module_file: str, *, standard_library_only: bool) -> list[str]:
    """The command line (without arguments) that runs `module_name`, found at `module_file`."""
    if getattr(sys, "frozen", False):
        return [sys.executable, RUN_MODULE_OPTION, module_name]
    return [sys.executable, "-I", *(["-S"] if standard_library_only else []), module_file]


def supervised(argv: list[str], *, grace_seconds: float = 0.0) -> list[str]:
    """The command line that runs `argv` under the supervisor where there is one; with
    `grace_seconds`, a stop (or the app's death) gives the program SIGTERM and that long to end
    by itself before everything is killed."""
    if not SUPERVISED:
        return argv
    supervisor = helper_command(
        process_supervisor.__name__, process_supervisor.__file__, standard_library_only=True
    )
    grace = [f"{process_supervisor.GRACE_OPTION}{grace_seconds:g}"] if grace_seconds > 0 else []
    return [*supervisor, str(os.getpid()), *grace, *argv]


def supervised_program(pid: int) -> int | None:
    """The process of the program that the supervisor `pid` (started from `supervised(...)`)
    runs; `pid` itself where there is no supervisor; None once the program ended."""
    if not SUPERVISED:
        return pid
    children = process_supervisor.children_of(pid)
    # While the program runs it is the supervisor's only child: what it starts is re-parented
    # to the supervisor only after the program itself ended.
    return children[0] if len(children) == 1 else None


def stop_supervised(pid: int) -> None:
    """End the program started as `pid` from `supervised(...)` and everything it started: the
    supervisor does that on SIGTERM; without one its process group is killed."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if SUPERVISED:
            os.kill(pid, signal.SIGTERM)
        else:
            os.killpg(pid, signal.SIGKILL)
