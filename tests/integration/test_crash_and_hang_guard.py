"""A test that kills its worker, or leaves it stuck where Python cannot stop it, ends a parallel
run with that test named (tests/support/crash_and_hang_guard.py): real pytest runs over two
worker processes, in a throwaway folder, with the suite's guard loaded."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

REPO = Path(__file__).resolve().parents[2]
# Two workers start, collect and run a few tests in seconds; a loaded two-core machine takes
# ten times that. A run that has not ended by then hangs.
RUN_LIMIT_SECONDS = 240

QUICK_TESTS = """
def test_one():
    pass

def test_two():
    pass
"""


def run_in_workers(folder: Path, tests: dict[str, str], workers: int = 2) -> str:
    """What a parallel run (as the whole suite's: files kept together) of `tests` (file name:
    source) prints; it must end within RUN_LIMIT_SECONDS."""
    for name, source in tests.items():
        (folder / name).write_text(textwrap.dedent(source))
    environment = {
        name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")
    }
    environment["PYTHONPATH"] = str(REPO)
    # Only the plugins at work here: Qt's, Hypothesis's and the others would triple the CPU
    # the three processes take to start.
    environment["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "xdist.plugin",
            "-p",
            "pytest_timeout",
            "-p",
            "tests.support.crash_and_hang_guard",
            "-p",
            "no:cacheprovider",
            f"--numprocesses={workers}",
            "--dist=loadfile",
            f"--basetemp={folder / 'basetemp'}",
            str(folder),
        ],
        cwd=folder,
        env=environment,
        capture_output=True,
        text=True,
        timeout=RUN_LIMIT_SECONDS,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    return output


def crash_reports(output: str, test: str) -> list[str]:
    """The crash reports of `test`: each is a line of its own under FAILURES. The short summary
    repeats it after "FAILED …" (whole under CI, where pytest does not cut summary lines)."""
    return re.findall(
        rf"^worker 'gw\d+' crashed while running '{re.escape(test)}'", output, re.MULTILINE
    )


def test_a_test_that_kills_its_worker_ends_the_run_once_named(tmp_path: Path) -> None:
    output = run_in_workers(
        tmp_path,
        {
            "test_aborts.py": """
                import os

                def test_aborts():
                    os.abort()
            """,
            "test_quick.py": QUICK_TESTS,
        },
    )

    # Once: a replaced worker ran the crashed test again, and crashed too, eight more times.
    assert len(crash_reports(output, "test_aborts.py::test_aborts")) == 1, output
    assert re.search(r"FAILED test_aborts\.py::test_aborts - worker 'gw\d+' crashed", output)
    assert re.search(r"xdist: worker gw\d+ crashed and worker restarting disabled", output)
    assert "2 passed" in output  # the other file's tests still ran


def test_the_run_ends_when_the_worker_that_crashed_had_finished_a_file_before(
    tmp_path: Path,
) -> None:
    """pytest-xdist 3.8's file scheduler puts every file of a dead worker back in its queue,
    finished ones too, and hands the replacement a finished one: a worker sent no test waits
    for ever, and so did the run (pytest-xdist issues 784 and 1323)."""
    output = run_in_workers(
        tmp_path,
        {
            "test_a_passes.py": QUICK_TESTS,
            "test_b_aborts.py": """
                import os

                def test_aborts():
                    os.abort()

                def test_after():
                    pass
            """,
        },
        workers=1,
    )

    assert len(crash_reports(output, "test_b_aborts.py::test_aborts")) == 1, output
    assert "1 failed, 2 passed" in output


def test_a_test_stuck_where_python_cannot_run_is_stopped_and_named(tmp_path: Path) -> None:
    output = run_in_workers(
        tmp_path,
        {
            "test_stuck.py": """
                import ctypes

                import pytest

                @pytest.mark.timeout(1)
                def test_stuck_in_c():
                    # As a thread waiting inside Qt for a lock that is never let go: a call into
                    # C that holds the interpreter (PyDLL) and never returns, a plain mutex taken
                    # twice by one thread. pytest-timeout's handler never gets to run.
                    libc = ctypes.PyDLL(None)
                    mutex = ctypes.create_string_buffer(64)  # zeros: an unlocked plain mutex
                    libc.pthread_mutex_lock(mutex)
                    libc.pthread_mutex_lock(mutex)
            """,
            "test_quick.py": QUICK_TESTS,
        },
    )

    assert len(crash_reports(output, "test_stuck.py::test_stuck_in_c")) == 1, output
    # Every thread's stack went to the log, the stuck line among them.
    assert "Timeout (0:00:02)!" in output
    assert re.search(r'File ".*test_stuck\.py", line \d+ in test_stuck_in_c', output), output
    assert "2 passed" in output  # the other file's tests still ran
