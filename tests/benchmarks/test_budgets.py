"""The budget report: ratios from alternating runs, limits without a baseline, the report file."""

from __future__ import annotations

import json
import textwrap

import pytest
from tests.benchmarks.budgets import BudgetReport, alternate

pytest_plugins = ["pytester"]


def test_a_ratio_is_the_median_of_the_alternating_pairs_ratios() -> None:
    report = BudgetReport()
    # A busy moment slows the third pair alike: its ratio stays in line.
    budget = report.record("stream", [12.0, 15.0, 60.0, 14.0, 13.0], [10, 10, 40, 10, 10], 1.5)

    assert budget.figure == 14.0
    assert budget.figure_range == (12.0, 60.0)
    assert budget.baseline == 10.0
    assert budget.ratio == pytest.approx(1.4)
    assert budget.ratio_range == pytest.approx((1.2, 1.5))
    assert budget.holds is True
    assert report.record("slower", [16.0] * 5, [10.0] * 5, 1.5).holds is False


def test_a_budget_without_baseline_holds_its_figure_to_the_target() -> None:
    report = BudgetReport()

    idle = report.record("idle memory", [108.0, 112.0, 109.0], None, 110, unit="MB")

    assert (idle.figure, idle.ratio, idle.holds) == (109.0, None, True)
    assert report.record("stall", 31.0, None, 30, unit="ms").holds is False
    lines = report.table([1.0, 1.0, 1.0])
    assert lines[2].startswith("idle memory")
    assert "<= 110 MB" in lines[2]
    assert lines[2].endswith("yes")
    assert lines[3].endswith("NO")


def test_alternate_times_both_the_same_number_of_times_in_turn() -> None:
    calls: list[str] = []

    figure, baseline = alternate(
        lambda: calls.append("figure"), lambda: calls.append("baseline"), runs=3
    )

    assert len(figure) == len(baseline) == 3
    assert calls[2:] == ["baseline", "figure", "figure", "baseline", "baseline", "figure"]


def test_a_measured_session_writes_the_report_and_prints_the_table(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makeconftest("from tests.benchmarks.conftest import *  # noqa: F403\n")
    pytester.makepyfile(
        test_budget=textwrap.dedent(
            """
            def test_it(budget_report):
                budget_report.record("answer", [3.0, 3.0, 3.0, 3.0, 3.0], [2.0] * 5, 1.5)
            """
        )
    )

    result = pytester.runpytest("-p", "no:cacheprovider", "--benchmark-enable")

    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*budgets*", "load (1, 5, 15 min)*", "answer*1.50x*<= 1.5x*yes"])
    report = json.loads((pytester.path / "benchmark-report.json").read_text())
    assert len(report["load_at_start"]) == len(report["load_at_end"]) == 3
    [budget] = report["budgets"]
    assert (budget["name"], budget["figure"], budget["baseline"]) == ("answer", 3.0, 2.0)
    assert (budget["ratio"], budget["target"], budget["holds"]) == (1.5, 1.5, True)

    smoke = pytester.runpytest("-p", "no:cacheprovider", "--benchmark-disable")
    smoke.assert_outcomes(passed=1)
    assert "budgets" not in smoke.stdout.str()
