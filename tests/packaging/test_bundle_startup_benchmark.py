"""Start-up of the bundled binary against `uv run agent-desktop`, measured side by side.

    uv run pytest tests/packaging/test_bundle_startup_benchmark.py --benchmark-enable -s

With the default `--benchmark-disable` each benchmark runs once as a smoke test. Printed: the
wall time of `--version`, the time until the main window is shown (from the "window shown" line of
the log) and the wall time of an offscreen `--self-test`, bundled and with `uv run --no-sync`
(the environment is already synced, so uv's own sync check is left out of the baseline).
"""

from __future__ import annotations

import datetime
import itertools
import os
import statistics
import subprocess
import time
from pathlib import Path

import pytest

from tests.packaging.bundle_build import BINARY, REPO
from tests.packaging.test_bundle import scrubbed_environment

pytestmark = pytest.mark.packaging

UV_RUN = ["uv", "run", "--no-sync", "agent-desktop"]
LOG_TIME_FORMAT = "%Y-%m-%d %H:%M:%S,%f"


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

    def run(self, *arguments: str) -> Path:
        run_root = self.root / f"run-{next(self.counter)}"
        run_root.mkdir()
        if self.bundled:
            environment = scrubbed_environment(run_root)
        else:  # the developer's own environment, as `uv run` is used
            environment = {k: v for k, v in os.environ.items() if k != "AGENT_DESKTOP_HOME"}
            environment["QT_QPA_PLATFORM"] = "offscreen"
        result = subprocess.run(
            [*self.command, *(arg.replace("{root}", str(run_root)) for arg in arguments)],
            cwd=self.cwd,
            env=environment,
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return run_root

    def version(self) -> None:
        self.run("--version")

    def self_test(self) -> None:
        started = datetime.datetime.now()
        run_root = self.run("--self-test", "--data-dir", "{root}/data")
        self.window_shown_seconds.append(window_shown_after(run_root / "data", started))


def window_shown_after(data_dir: Path, started: datetime.datetime) -> float:
    for line in (data_dir / "logs" / "agent-desktop.log").read_text().splitlines():
        if "window shown" in line:
            stamp = datetime.datetime.strptime(line[:23], LOG_TIME_FORMAT)
            return (stamp - started).total_seconds()
    raise AssertionError(f"no 'window shown' line in the log under {data_dir}")


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


def test_self_test_start_up(benchmark, bundle, tmp_path):
    bundled = Runner([str(BINARY)], tmp_path / "bundled", tmp_path, bundled=True)
    baseline = Runner(UV_RUN, tmp_path / "uv", REPO, bundled=False)
    rounds = 1 if benchmark.disabled else 3

    baseline_seconds = median_seconds(baseline.self_test, rounds)
    benchmark.pedantic(bundled.self_test, rounds=rounds, iterations=1)
    bundled.window_shown_seconds.clear()  # keep the measured rounds below only
    bundled_seconds = median_seconds(bundled.self_test, rounds)
    bundled_window = statistics.median(bundled.window_shown_seconds)
    baseline_window = statistics.median(baseline.window_shown_seconds)

    print(
        f"\nwindow shown: bundled {bundled_window:.3f} s, uv run {baseline_window:.3f} s "
        f"(bundled/uv run = {bundled_window / baseline_window:.2f})"
        f"\n--self-test: bundled {bundled_seconds:.3f} s, uv run {baseline_seconds:.3f} s "
        f"(bundled/uv run = {bundled_seconds / baseline_seconds:.2f})"
    )
