"""A test that crashes or hangs its process ends the run, named, instead of holding CI until it
is killed (a pytest plugin: tests/conftest.py loads it).

**A crashed worker ends the run.** pytest-xdist replaces a worker that dies (up to four times
the workers), and with files kept together (`--dist=loadfile`, the whole suite's) that hung the
run: pytest-xdist 3.8 puts every file the dead worker was ever given back in the queue, finished
ones too, and hands them out again; a worker given a finished file is sent no test, and one
that waits for its next test (a worker runs a test once the one after it is known) waits for
ever, as does the run (pytest-xdist issues 784, 1323 and 1327; fixed after 3.8). Replacing also
reran the crashed test first, on each replacement in turn when it crashes every time, after a
collection of the whole suite each (40 s of a loaded two-core machine). Here the first crash
is the last: the other workers finish what they were sent, the crashed test is reported as
failed with its name, and the run ends (`--max-worker-restart=0`, unless the command line says
otherwise).

**A stuck test is stopped even when Python cannot run.** pytest-timeout's limit (`timeout` in
pyproject.toml) is a SIGALRM whose handler is Python code: it runs only when the test's thread
comes back to the interpreter. A thread blocked inside Qt or C (waiting for a lock that another
thread, destroying a Qt object, holds while it waits for the interpreter) never comes back, so
the run waited for ever. A C-level timer (faulthandler's) armed beside each test's limit, a
little after it, writes every thread's stack to the real stderr and ends the process: a worker
that dies that way is reported as crashed while running that test.
"""

from __future__ import annotations

import faulthandler
import os
from typing import Any

import pytest
from pytest_timeout import is_debugging

# After the test's own limit, pytest-timeout gets this long to stop it (its teardown included):
# the limit itself, up to a minute. Past that the thread is taken to be stuck in C.
STUCK_AFTER_LIMIT_MOST_SECONDS = 60.0

_stderr_copy_key = pytest.StashKey[int]()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the option
def pytest_cmdline_main(config: pytest.Config) -> None:
    if config.option.maxworkerrestart is None:
        config.option.maxworkerrestart = 0


def pytest_configure(config: pytest.Config) -> None:
    # Taken before any test runs, while fd 2 is still the terminal or CI's log: during a test it
    # is pytest's capture file, which a process that is about to end never shows.
    config.stash[_stderr_copy_key] = os.dup(2)


def pytest_unconfigure(config: pytest.Config) -> None:
    faulthandler.cancel_dump_traceback_later()
    os.close(config.stash[_stderr_copy_key])


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> None:
    """Beside pytest-timeout's timer (returning None lets it set its own); not under a
    debugger, whose pauses are no hang."""
    if is_debugging():
        return
    limit = float(settings.timeout)
    faulthandler.dump_traceback_later(
        limit + min(limit, STUCK_AFTER_LIMIT_MOST_SECONDS),
        exit=True,
        file=item.config.stash[_stderr_copy_key],
    )


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> None:
    faulthandler.cancel_dump_traceback_later()


def pytest_enter_pdb() -> None:
    faulthandler.cancel_dump_traceback_later()
