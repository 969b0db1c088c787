"""GUI performance, measured as whole processes (figures printed; targets in the issue).

    uv run pytest tests/benchmarks/test_gui_performance.py --benchmark-enable -s

- cold start to window shown vs a bare PySide6 window (median of the alternating pairs' ratios),
  target ≤ 1.4× (recorded with `budget_report`)
- idle RSS with an empty session, target ≤ 120 MB (figures in MiB)
- opening a 2,000-message session: first paint ≤ 150 ms, no scroll frame > 50 ms, RSS ≤ 250 MB
- streaming 5,000 chunks: longest loop stall ≤ 50 ms, total ≤ 1.3× the same stream with no
  window on the same qasync loop, in alternating runs (recorded with `budget_report`)

The machine is shared; CPU time per frame is printed next to wall time for that reason. Child
processes run with bytecode caching on (see `_env`), after one unmeasured warm-up start.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.packaging.bundle_build import BUILD_TIMEOUT_SECONDS

PROBE = Path(__file__).with_name("gui_probe.py")
BARE_WINDOW = Path(__file__).with_name("bare_window.py")
ROOT = Path(__file__).resolve().parents[2]
COLD_START_RUNS = 11
OPEN_RUNS = 3
# Nine alternating pairs: five gave ratios from 0.97 to 2.06 on one quiet morning, and the
# median of more pairs moves less with what else the machine runs.
STREAM_RUNS = 9
COLD_START_TARGET = 1.4


PYCACHE = Path(tempfile.gettempdir()) / "agent-desktop-bench-pycache"


def _env() -> dict[str, str]:
    """Child environment: offscreen, and bytecode caching on (as in an installed app; this
    machine sets PYTHONDONTWRITEBYTECODE, which would recompile every module on each start),
    kept in a temporary folder rather than the checkout."""
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return env


def _shown_after(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Seconds from launching `command` to its `shown <perf_counter>` line (perf_counter is the
    system-wide monotonic clock on Linux: the same in both processes), and the CPU seconds the
    process used in all (it exits once shown): the figure a busy machine distorts least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    output = subprocess.run(
        command, capture_output=True, text=True, env=env or _env(), timeout=120, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = next(line for line in output.stdout.splitlines() if line.startswith("shown "))
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return float(line.split()[1]) - started, cpu


def run_probe(script: Path, *arguments: str, timeout: float = 600) -> dict:
    """Run a probe script as a whole process; its last line of output, as JSON. A probe that
    fails says how, with the end of what it wrote to stderr."""
    output = subprocess.run(
        [sys.executable, str(script), *arguments],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=timeout,
        check=False,
    )
    if output.returncode != 0:
        raise AssertionError(
            f"{script.name} {' '.join(arguments)} exited with {output.returncode}:\n"
            + output.stderr[-3000:]
        )
    return json.loads(output.stdout.strip().splitlines()[-1])


def _probe(*arguments: str) -> dict:
    return run_probe(PROBE, *arguments)


def _configured_home(home: Path, messages: int = 0) -> str | None:
    from tests.benchmarks.gui_session_fixture import long_session

    from agent_app.application import AgentApplication
    from agent_app.config import AgentConfig, ProviderConfig
    from agent_app.paths import resolve_paths
    from agent_core import Session
    from scripted_provider import ScriptedProvider

    app = AgentApplication(resolve_paths(home), plugins=[ScriptedProvider])
    app.config.providers["offline"] = ProviderConfig(provider="scripted", label="Offline")
    app.config.agents["default"] = AgentConfig(provider="offline")
    app.configuration.save_config()
    session_id = None
    if messages:
        session = app.sessions.create_session()
        app.sessions.save_session(
            Session(session.session_id, long_session(messages).messages, session.metadata)
        )
        session_id = session.session_id
    app.close()
    return session_id


def _report(title: str, rows: list[tuple[str, str]]) -> None:
    print(f"\n{title}")
    for name, value in rows:
        print(f"  {name:<44} {value}")


@pytest.mark.gui
def test_gui_cold_start_vs_bare_window(benchmark, tmp_path, budget_report):
    home = tmp_path / "home"
    _configured_home(home)
    # The console script `uv run agent-desktop` starts, against a script that only shows a
    # QWidget: both are whole processes of the same interpreter.
    launcher = Path(sys.executable).with_name("agent-desktop")
    app_command = [sys.executable, str(launcher), "--exit-when-shown", "--data-dir", str(home)]
    bare_command = [sys.executable, str(BARE_WINDOW)]

    runs = 1 if benchmark.disabled else COLD_START_RUNS  # the default run is a smoke test

    starts = benchmark.pedantic(
        lambda: _alternating(
            runs, lambda: _shown_after(app_command), lambda: _shown_after(bare_command)
        ),
        rounds=1,
        iterations=1,
    )
    if not benchmark.disabled:
        starts.record(budget_report, "cold start to window shown vs bare window", "Agent Desktop")
    assert min(starts.app_wall) > 0
    assert min(starts.bare_cpu) > 0


class ColdStarts:
    """Milliseconds to the window (wall) and of CPU, of the app and the bare window in turn."""

    def __init__(self) -> None:
        self.app_wall: list[float] = []
        self.bare_wall: list[float] = []
        self.app_cpu: list[float] = []
        self.bare_cpu: list[float] = []

    def record(self, budget_report, name: str, label: str) -> None:
        _record_cold_start(budget_report, name, self.app_wall, self.bare_wall, label)
        _record_cold_start(
            budget_report, f"{name}, CPU time", self.app_cpu, self.bare_cpu, f"{label} (CPU)"
        )


def _alternating(
    runs: int,
    app: Callable[[], tuple[float, float]],
    bare: Callable[[], tuple[float, float]],
) -> ColdStarts:
    """App and bare window in turn, every other pair the app first, so neither always follows
    the other; after one unmeasured start of each (bytecode and file caches)."""
    app(), bare()
    starts = ColdStarts()
    for run in range(runs):
        pair = (
            (bare, starts.bare_wall, starts.bare_cpu),
            (app, starts.app_wall, starts.app_cpu),
        )
        for start, walls, cpus in reversed(pair) if run % 2 else pair:
            wall, cpu = start()
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
    return starts


def _record_cold_start(
    budget_report, name: str, app: list[float], bare: list[float], label: str
) -> None:
    budget = budget_report.record(name, app, bare, target=COLD_START_TARGET)
    assert budget.ratio_range is not None
    _report(
        f"{name} (whole processes, median and range of {len(app)} alternating pairs)",
        [
            ("bare PySide6 window", f"{budget.baseline:.0f} ms"),
            (label, f"{budget.figure:.0f} ms"),
            (
                f"ratio (target ≤ {COLD_START_TARGET}×)",
                f"{budget.ratio:.2f}× ({budget.ratio_range[0]:.2f}-{budget.ratio_range[1]:.2f})",
            ),
        ],
    )


@pytest.fixture(scope="module")
def bundle() -> Path:
    """The one-folder bundle (built unless a fresh one exists, as for tests/packaging)."""
    from tests.packaging.bundle_build import fresh_bundle

    return fresh_bundle()


@pytest.mark.gui
@pytest.mark.packaging
@pytest.mark.timeout(BUILD_TIMEOUT_SECONDS + 600)  # the bundle may be built first
def test_gui_cold_start_of_the_bundle_vs_bare_window(benchmark, bundle, tmp_path, budget_report):
    """The bundled binary, as a user of the bundle starts it (its own Python, a clean
    environment), against the same bare window as the installed app: both offscreen, both timed
    from launch to their `shown` line, on a configured data folder."""
    from tests.packaging.bundle_build import BINARY, scrubbed_environment

    home = tmp_path / "home"
    _configured_home(home)
    user = tmp_path / "user"  # the bundle's HOME and runtime folder, apart from the data
    user.mkdir()
    bundle_env = scrubbed_environment(user)
    app_command = [str(BINARY), "--exit-when-shown", "--data-dir", str(home)]
    bare_command = [sys.executable, str(BARE_WINDOW)]
    runs = 1 if benchmark.disabled else COLD_START_RUNS  # the default run is a smoke test

    starts = benchmark.pedantic(
        lambda: _alternating(
            runs,
            lambda: _shown_after(app_command, bundle_env),
            lambda: _shown_after(bare_command),
        ),
        rounds=1,
        iterations=1,
    )
    if not benchmark.disabled:
        starts.record(budget_report, "bundle: cold start vs bare window", "Agent Desktop bundle")
    assert min(starts.app_wall) > 0
    assert min(starts.bare_cpu) > 0


@pytest.mark.gui
def test_gui_idle_memory(benchmark, tmp_path):
    home = tmp_path / "home"
    _configured_home(home)
    result = benchmark.pedantic(lambda: _probe("idle", str(home)), rounds=1, iterations=1)
    _report("Idle, empty session", [("RSS (target ≤ 120 MB)", f"{result['idle_rss_mb']:.0f} MiB")])
    assert result["idle_rss_mb"] > 0


@pytest.mark.gui
def test_gui_open_2000_message_session(benchmark, tmp_path):
    home = tmp_path / "home"
    session_id = _configured_home(home, messages=2000)
    assert session_id is not None
    count = 1 if benchmark.disabled else OPEN_RUNS  # the default run is a smoke test
    runs = benchmark.pedantic(
        lambda: [_probe("open", str(home), session_id) for _ in range(count)],
        rounds=1,
        iterations=1,
    )
    result = runs[-1]
    _report(
        "Open a 2,000-message session (Markdown, code, tool calls)",
        [
            ("rows", str(result["rows"])),
            (
                "first paint, each run (target ≤ 150 ms)",
                ", ".join(f"{run['first_paint_ms']:.0f} ms" for run in runs),
            ),
            (
                "longest scroll frame, each run",
                ", ".join(f"{run['scroll_max_frame_ms']:.0f} ms" for run in runs),
            ),
            ("the rest: last run", ""),
            ("scroll to top: frames", str(result["scroll_frames"])),
            (
                "scroll: longest frame wall (target ≤ 50 ms)",
                f"{result['scroll_max_frame_ms']:.0f} ms",
            ),
            ("scroll: longest frame CPU", f"{result['scroll_max_frame_cpu_ms']:.0f} ms"),
            ("scroll: mean frame", f"{result['scroll_mean_frame_ms']:.1f} ms"),
            ("RSS after opening (target ≤ 250 MB)", f"{result['rss_after_open_mb']:.0f} MiB"),
        ],
    )
    assert result["first_message_shown"] == 0  # scrolled all the way up, pages paged in


@pytest.mark.gui
def test_gui_streaming_5000_chunks(benchmark, tmp_path, budget_report):
    home = tmp_path / "home"
    _configured_home(home)
    runs = 1 if benchmark.disabled else STREAM_RUNS  # the default run is a smoke test

    def measure() -> tuple[list[dict], list[dict]]:
        """The window's stream and the same with no window on the same qasync loop, alternating
        (every other pair the baseline first): a busy machine slows both alike."""
        windows: list[dict] = []
        headless: list[dict] = []
        for run in range(runs):
            pair = (("stream", windows), ("headless-qt", headless))
            for mode, results in reversed(pair) if run % 2 else pair:
                # Each run on a copy of the same data folder: a run leaves its chat behind,
                # which the next window would open at start.
                fresh = tmp_path / f"{mode}-{run}"
                shutil.copytree(home, fresh)
                results.append(_probe(mode, str(fresh)))
        return windows, headless

    windows, headless = benchmark.pedantic(measure, rounds=1, iterations=1)
    if not benchmark.disabled:
        total = budget_report.record(
            "streaming 5,000 chunks: window vs no window",
            [run["stream_total_s"] * 1000 for run in windows],
            [run["headless_total_s"] * 1000 for run in headless],
            target=1.3,
        )
        stall = budget_report.record(
            "streaming 5,000 chunks: longest stall",
            [run["stream_longest_stall_ms"] for run in windows],
            None,
            target=50,
        )
        _report(
            "Streaming 5,000 chunks (median of alternating runs)",
            [
                ("partial events (no GUI)", str(headless[-1]["partials"])),
                ("total, no window, qasync loop", f"{total.baseline:.0f} ms"),
                ("total, with the window", f"{total.figure:.0f} ms"),
                ("ratio (target ≤ 1.3×)", f"{total.ratio:.2f}×"),
                ("longest loop stall (target ≤ 50 ms)", f"{stall.figure:.0f} ms"),
                ("RSS after the stream", f"{windows[-1]['rss_after_stream_mb']:.0f} MiB"),
            ],
        )
    assert all(run["partials"] > 0 for run in headless)
