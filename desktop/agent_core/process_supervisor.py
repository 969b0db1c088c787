"""Run one command and end every process it started, even those that detached (Linux).

``python process_supervisor.py PARENT_PID [--grace-seconds=N] PROGRAM [ARGUMENT ...]`` runs the
program as its child and exits with its exit code once the program and everything it started
have ended (`agent_core.helper_programs.supervised` builds that command line).

A command's background jobs can leave its process group and session (``setsid sleep 999 &``,
daemons), so no signal to a group reaches them, and once the command exits they belong to
init. This supervisor is a child subreaper (``PR_SET_CHILD_SUBREAPER``): whatever the command
leaves behind is re-parented to it instead, and when the command ends it kills every
descendant. ``SIGTERM`` (a stop, cancel or quit: `helper_programs.stop_supervised`) does the
same at once, and so does the death of the app (``PR_SET_PDEATHSIG``), even when it is killed.
With a grace, a stop first hands the program SIGTERM and waits up to N seconds for it to end (a
server lets its running answers finish), then ends what is left.

Standard library only, run by path with ``python -I -S``: it starts in a few milliseconds
and imports nothing of the app.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
KILL_ROUND_PAUSE_SECONDS = 0.005
GRACE_OPTION = "--grace-seconds="
GRACE_POLL_SECONDS = 0.05


class _Stop(Exception):
    """A stop signal arrived: end the command and everything it started now."""


def _ignore_stop_signals() -> None:
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)


def _stop(signal_number: int, _frame: object) -> None:
    _ignore_stop_signals()  # one stop is enough: the cleanup after it runs to its end
    raise _Stop(signal_number)


def _become_subreaper() -> str | None:
    """Adopt orphans and die with the app; the reason when the kernel refuses."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        return os.strerror(ctypes.get_errno())
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
        return os.strerror(ctypes.get_errno())
    return None


def children_of(parent: int) -> list[int]:
    """The children of the process `parent` (live or not yet reaped), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:  # ended while we looked
            continue
        if int(fields[1]) == parent:
            found.append(int(entry))
    return found


def _let_it_finish(command: int, grace_seconds: float) -> None:
    """SIGTERM to the command, then up to `grace_seconds` for it to end by itself."""
    try:
        os.kill(command, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + grace_seconds
    while time.monotonic() < deadline:
        try:
            if os.waitpid(command, os.WNOHANG)[0]:
                return
        except ChildProcessError:
            return
        time.sleep(GRACE_POLL_SECONDS)


def _end_every_descendant() -> None:
    """Kill all children until none is left; each killed one's children are re-parented here
    (we are their subreaper), so rounds repeat until nothing remains, zombies included. Reaping
    comes first: most commands leave nothing, and then /proc is never read."""
    while True:
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                continue
        except ChildProcessError:
            return
        for child in children_of(os.getpid()):
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                continue
        time.sleep(KILL_ROUND_PAUSE_SECONDS)


def _exit_code(status: int) -> int:
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)


def _start(argv: list[str]) -> int:
    """Fork and exec the command; stop signals wait (blocked) until it is on its own."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    command = os.fork()
    if command == 0:
        for number in STOP_SIGNALS:
            signal.signal(number, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        try:
            os.execvp(argv[0], argv)
        except OSError as error:
            print(f"cannot run {argv[0]}: {error.strerror}", file=sys.stderr, flush=True)
        os._exit(127)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    return command


def run(parent_pid: int, argv: list[str], grace_seconds: float = 0.0) -> int:
    problem = _become_subreaper()
    if problem is not None:
        # Degraded, and said so in the output: the command runs; what it detaches may live on.
        print(
            f"(processes this command detaches cannot be stopped: {problem})",
            file=sys.stderr,
            flush=True,
        )
    code = 128 + signal.SIGTERM
    for number in STOP_SIGNALS:
        signal.signal(number, _stop)
    command = 0
    try:
        if os.getppid() != parent_pid:  # the app died before its death signal was armed
            return code
        command = _start(argv)
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == command:
                code = _exit_code(status)
                break
        _ignore_stop_signals()  # inside the try: a stop arriving meanwhile is caught below
    except _Stop:
        if command and grace_seconds > 0:
            _let_it_finish(command, grace_seconds)
    _end_every_descendant()
    return code


if __name__ == "__main__":
    program = sys.argv[2:]
    grace = 0.0
    if program and program[0].startswith(GRACE_OPTION):
        grace = float(program.pop(0).removeprefix(GRACE_OPTION))
    sys.exit(run(int(sys.argv[1]), program, grace))
