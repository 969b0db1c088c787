"""Performance budgets: a figure against its baseline (or a limit), measured in alternating runs.

A benchmark with a budget measures its figure and its baseline the same way, alternating
(`alternate`), so a busy machine slows both alike, and records the runs with the
`budget_report` fixture (tests/benchmarks/conftest.py)::

    figure, baseline = alternate(through_the_app, by_hand, runs=7)
    budget_report.record("tool rounds", figure, baseline, target=1.5, unit="ms")

A budget with a baseline holds when figure / baseline ≤ target (the median of each alternating
pair's ratio); one without (``baseline=None``) holds when the figure's median ≤ target, in
`unit`. `uv run pytest tests/benchmarks --benchmark-enable` writes every budget recorded to
`benchmark-report.json` at the repository root, with the machine's load at the start and end,
and prints the same as a table.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

REPORT_NAME = "benchmark-report.json"


def load_average() -> list[float]:
    """The machine's load over the last 1, 5 and 15 minutes (`os.getloadavg`)."""
    return [round(value, 2) for value in os.getloadavg()]


def alternate(
    figure: Callable[[], Any],
    baseline: Callable[[], Any],
    *,
    runs: int,
    scale: float = 1000.0,
) -> tuple[list[float], list[float]]:
    """Time `figure` and `baseline` in turn, `runs` times each, after one untimed warm-up
    of both; their wall times times `scale` (milliseconds by default), in run order.

    Every other round runs the baseline first, so neither always follows the other.
    """
    figure(), baseline()
    figures: list[float] = []
    baselines: list[float] = []
    for run_number in range(runs):
        pair = ((figure, figures), (baseline, baselines))
        for run, times in pair if run_number % 2 else reversed(pair):
            started = time.perf_counter()
            run()
            times.append((time.perf_counter() - started) * scale)
    return figures, baselines


@dataclass(frozen=True)
class Budget:
    """One budget as measured: medians and ranges (min, max) of the runs, in `unit`."""

    name: str
    figure: float
    figure_range: tuple[float, float]
    baseline: float | None
    baseline_range: tuple[float, float] | None
    ratio: float | None
    ratio_range: tuple[float, float] | None
    target: float
    unit: str
    holds: bool
    runs: int
    load: list[float]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _runs(value: float | Sequence[float]) -> list[float]:
    runs = [float(value)] if isinstance(value, int | float) else [float(run) for run in value]
    if not runs:
        raise ValueError("A budget needs at least one measured run.")
    return runs


class BudgetReport:
    """The budgets recorded in one test session, in the order they were recorded."""

    def __init__(self) -> None:
        self.budgets: list[Budget] = []
        self.load_at_start = load_average()

    def record(
        self,
        name: str,
        figure: float | Sequence[float],
        baseline: float | Sequence[float] | None,
        target: float,
        unit: str = "ms",
    ) -> Budget:
        """Record a budget; `figure` and `baseline` are one value or the runs of each.

        With a baseline, `target` is the ratio figure / baseline must stay within; runs of the
        same length are taken as alternating pairs (the ratio is the median pair's). Without
        one, `target` is the limit for the figure's median, in `unit`.
        """
        figures = _runs(figure)
        figure_median = statistics.median(figures)
        baseline_median: float | None = None
        baseline_range: tuple[float, float] | None = None
        ratio: float | None = None
        ratio_range: tuple[float, float] | None = None
        if baseline is None:
            holds = figure_median <= target
        else:
            baselines = _runs(baseline)
            baseline_median = statistics.median(baselines)
            baseline_range = (min(baselines), max(baselines))
            if len(baselines) == len(figures):
                ratios = [run / base for run, base in zip(figures, baselines, strict=True)]
            else:
                ratios = [figure_median / baseline_median]
            ratio = statistics.median(ratios)
            ratio_range = (min(ratios), max(ratios))
            holds = ratio <= target
        budget = Budget(
            name=name,
            figure=figure_median,
            figure_range=(min(figures), max(figures)),
            baseline=baseline_median,
            baseline_range=baseline_range,
            ratio=ratio,
            ratio_range=ratio_range,
            target=target,
            unit=unit,
            holds=holds,
            runs=len(figures),
            load=load_average(),
        )
        self.budgets.append(budget)
        return budget

    def as_dict(self, load_at_end: list[float]) -> dict[str, Any]:
        return {
            "load_at_start": self.load_at_start,
            "load_at_end": load_at_end,
            "budgets": [budget.as_dict() for budget in self.budgets],
        }

    def table(self, load_at_end: list[float]) -> list[str]:
        """The budgets as lines of a plain-text table: medians with their (min–max) ranges."""
        lines = [
            f"load (1, 5, 15 min): at start {self.load_at_start}, at end {load_at_end}",
            f"{'budget':<46} {'figure':>22} {'baseline':>22} {'ratio':>19} {'target':>9}  holds",
        ]
        for budget in self.budgets:
            figure = f"{_spread(budget.figure, budget.figure_range)} {budget.unit}"
            baseline = "-"
            if budget.baseline is not None and budget.baseline_range is not None:
                baseline = f"{_spread(budget.baseline, budget.baseline_range)} {budget.unit}"
            ratio, target = "-", f"<= {budget.target:g} {budget.unit}"
            if budget.ratio is not None and budget.ratio_range is not None:
                low, high = budget.ratio_range
                ratio = f"{budget.ratio:.2f}x ({low:.2f}-{high:.2f})"
                target = f"<= {budget.target:g}x"
            holds = "yes" if budget.holds else "NO"
            lines.append(
                f"{budget.name:<46} {figure:>22} {baseline:>22} {ratio:>19} {target:>9}  {holds}"
            )
        return lines


def _spread(median: float, low_high: tuple[float, float]) -> str:
    return f"{median:.4g} ({low_high[0]:.4g}-{low_high[1]:.4g})"
