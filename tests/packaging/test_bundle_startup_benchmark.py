"""Start-up of the bundled binary against `uv run agent-desktop`, measured side by side.

    uv run pytest tests/packaging/test_bundle_startup_benchmark.py --benchmark-enable -s

With the default `--benchmark-disable` each benchmark runs once as a smoke test. Printed: the
wall time of `--version`, the time until the main window is on screen (offscreen; the app's
`--exit-when-shown` prints its monotonic clock at that moment) and the wall time of an offscreen
`--self-test`, bundled and with `uv run --no-sync` (the environment is already synced, so uv's
own sync check is left out of the baseline).
"""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import time
from pathlib import Path

import pytest

from tests.packaging.bundle_build import BINARY, REPO, scrubbed_environment

pytestmark = pytest.mark.packaging

UV_RUN = ["uv", "run", "--no-sync", "agent-desktop"]


class Runner:
    """Runs one command line per call, each in a fresh root with its own empty data dir."""

    def __init__(self, command: list[str], root: Path, cwd: Path, *, bundled: bool) -> None:
        self.command = command
        self.root = root
        self.cwd = cwd
        self.bundled = bundled
        self.counter = itertools.count()
        self.window_shown_seconds: list[float] = []
        root.mkdir()

    def run(self, *arguments: str) -> str:
        run_root = self.root / f"run-{next(self.counter)}"
        run_root.mkdir()
        if self.bundled:
            environment = scrubbed_environment(run_root)
        else:  # the developer's own environment, as `uv run` is used
            environment = {k: v for k, v in os.environ.items() if k != "AGENT_DESKTOP_HOME"}
            environment["QT_QPA_PLATFORM"] = "offscreen"
        result = subprocess.run(
            [*self.command, *arguments, "--data-dir", str(run_root / "data")],
            cwd=self.cwd,
            env=environment,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def version(self) -> None:
        self.run("--version")

    def self_test(self) -> None:
        self.run("--self-test")

    def window_shown(self) -> None:
        # perf_counter is the system-wide monotonic clock on Linux: comparable across processes.
        started = time.perf_counter()
        output = self.run("--exit-when-shown")
        shown = float(output.split("shown ", 1)[1].split()[0])
        self.window_shown_seconds.append(shown - started)


def median_seconds(action, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def rounds_for(benchmark) -> int:
    return 1 if benchmark.disabled else 5


def test_version_start_up(benchmark, bundle, tmp_path):
    bundled = Runner([str(BINARY)], tmp_path / "bundled", tmp_path, bundled=True)
    baseline = Runner(UV_RUN, tmp_path / "uv", REPO, bundled=False)
    rounds = rounds_for(benchmark)

    baseline_seconds = median_seconds(baseline.version, rounds)
    benchmark.pedantic(bundled.version, rounds=rounds, iterations=1)
    bundled_seconds = median_seconds(bundled.version, rounds)

    print(
        f"\n--version: bundled {bundled_seconds:.3f} s, uv run {baseline_seconds:.3f} s "
        f"(bundled/uv run = {bundled_seconds / baseline_seconds:.2f})"
    )


def test_window_shown_start_up(benchmark, bundle, tmp_path):
    bundled = Runner([str(BINARY)], tmp_path / "bundled", tmp_path, bundled=True)
    baseline = Runner(UV_RUN, tmp_path / "uv", REPO, bundled=False)
    rounds = rounds_for(benchmark)

    for _ in range(rounds):
        baseline.window_shown()
    benchmark.pedantic(bundled.window_shown, rounds=rounds, iterations=1)
    bundled_seconds = statistics.median(bundled.window_shown_seconds)
    baseline_seconds = statistics.median(baseline.window_shown_seconds)

    print(
        f"\nwindow shown: bundled {bundled_seconds:.3f} s, uv run {baseline_seconds:.3f} s "
        f"(bundled/uv run = {bundled_seconds / baseline_seconds:.2f})"
    )


def test_self_test_start_up(benchmark, bundle, tmp_path):
    bundled = Runner([str(BINARY)], tmp_path / "bundled", tmp_path, bundled=True)
    baseline = Runner(UV_RUN, tmp_path / "uv", REPO, bundled=False)
    rounds = 1 if benchmark.disabled else 3

    baseline_seconds = median_seconds(baseline.self_test, rounds)
    benchmark.pedantic(bundled.self_test, rounds=rounds, iterations=1)
    bundled_seconds = median_seconds(bundled.self_test, rounds)

    print(
        f"\n--self-test: bundled {bundled_seconds:.3f} s, uv run {baseline_seconds:.3f} s "
        f"(bundled/uv run = {bundled_seconds / baseline_seconds:.2f})"
    )
