"""Shared benchmark reporting: candidate/baseline ratios per benchmark group.

Use: give the benchmarks you want compared the same group and name one of them with
"baseline" in its test name, e.g.::

    @pytest.mark.benchmark(group="core-hot-path")
    def test_stream_baseline(benchmark): ...

    @pytest.mark.benchmark(group="core-hot-path")
    def test_stream_through_core(benchmark): ...

Run ``uv run pytest tests/benchmarks/<file> --benchmark-enable -s``: after pytest-benchmark's
table, a "candidate / baseline ratios" section lists, for every group with a baseline, each
other entry's mean divided by the baseline's mean (``1.23x``), and the same for the minimum (the
minimum is far less sensitive to other processes loading the machine between the two entries'
rounds). Groups without a baseline entry are listed without ratios. With the default
``--benchmark-disable`` nothing is measured and the section is left out.

`baseline_ratios(benchmarks, statistic)` is importable for benchmark files that want the
numbers themselves.

Budgets (see tests/benchmarks/budgets.py): a benchmark records what it measured against its
target with the `budget_report` fixture; with ``--benchmark-enable`` the session ends with a
"budgets" table and writes the same to `benchmark-report.json` at the repository root.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest
from tests.benchmarks.budgets import REPORT_NAME, BudgetReport, load_average

_BUDGETS = pytest.StashKey[BudgetReport]()


def baseline_ratios(
    benchmarks: list[Any], statistic: str = "mean"
) -> dict[str, list[tuple[str, float, float | None]]]:
    """Per group: ``(name, statistic in seconds, statistic / baseline's or None)`` in run order.

    The ratio is None for the baseline itself and for groups without a baseline.
    """
    groups: dict[str, list[Any]] = defaultdict(list)
    for bench in benchmarks:
        # A benchmark that failed has no runs, and no statistic to compare.
        if bench.stats.data and bench.get(statistic) is not None:
            groups[bench.group or "(no group)"].append(bench)
    ratios: dict[str, list[tuple[str, float, float | None]]] = {}
    for group, members in groups.items():
        baseline = next((bench for bench in members if "baseline" in bench.name), None)
        base_value = baseline.get(statistic) if baseline is not None else None
        ratios[group] = [
            (
                bench.name,
                bench.get(statistic),
                None if not base_value or bench is baseline else bench.get(statistic) / base_value,
            )
            for bench in members
        ]
    return ratios


def _shown(name: str, ratio: float | None) -> str:
    if ratio is not None:
        return f"{ratio:5.2f}x"
    return "baseline" if "baseline" in name else "(no baseline in group)"


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_BUDGETS] = BudgetReport()  # notes the load the session starts with


@pytest.fixture(scope="session")
def budget_report(pytestconfig: pytest.Config) -> BudgetReport:
    """Where a benchmark records its budget: ``budget_report.record(name, figure, baseline,
    target, unit)``."""
    return pytestconfig.stash[_BUDGETS]


def _measuring(config: pytest.Config) -> bool:
    options = config.option
    return bool(getattr(options, "benchmark_enable", False)) or not getattr(
        options, "benchmark_disable", True
    )


def _report_budgets(terminalreporter: pytest.TerminalReporter) -> None:
    """The budgets table, and `benchmark-report.json` (only when benchmarks measured: a smoke
    run's single runs would overwrite a real report)."""
    config = terminalreporter.config
    report = config.stash.get(_BUDGETS, None)
    if report is None or not report.budgets or not _measuring(config):
        return
    load_at_end = load_average()
    path = config.rootpath / REPORT_NAME
    path.write_text(json.dumps(report.as_dict(load_at_end), indent=2) + "\n", encoding="utf-8")
    terminalreporter.section("budgets")
    for line in report.table(load_at_end):
        terminalreporter.write_line(line)
    terminalreporter.write_line(f"written to {path}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    _report_budgets(terminalreporter)
    session = getattr(terminalreporter.config, "_benchmarksession", None)
    benchmarks = getattr(session, "benchmarks", None)
    if not benchmarks:
        return
    terminalreporter.section("candidate / baseline ratios")
    minimums = baseline_ratios(benchmarks, "min")
    for group, rows in baseline_ratios(benchmarks, "mean").items():
        terminalreporter.write_line(f"{group}:")
        for (name, mean, ratio), (_, minimum, min_ratio) in zip(rows, minimums[group], strict=True):
            terminalreporter.write_line(
                f"  {name:<48} mean {mean * 1e3:9.3f} ms {_shown(name, ratio):>9}"
                f"   min {minimum * 1e3:9.3f} ms {_shown(name, min_ratio):>9}"
            )
