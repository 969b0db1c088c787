"""The editor's recurrence picker writes RRULEs the scheduler reads, and reads its own back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from agent_app.schedules import Schedule, due_times
from agent_desktop.schedules.recurrence import (
    DAILY,
    HOURLY,
    MINUTES,
    WEEKDAYS,
    WEEKLY,
    Recurrence,
    from_rule,
    to_rule,
)


@pytest.mark.parametrize(
    "choice",
    [
        Recurrence(DAILY, 7, 45),
        Recurrence(WEEKDAYS, 9, 0),
        Recurrence(WEEKLY, 18, 30, weekday=4),
        Recurrence(MINUTES, every_minutes=15),
        Recurrence(HOURLY, minute=5),
    ],
)
def test_each_choice_survives_the_round_trip(choice: Recurrence) -> None:
    assert from_rule(to_rule(choice)) == choice


def test_weekly_on_friday_is_due_on_fridays_only() -> None:
    rule = to_rule(Recurrence(WEEKLY, 18, 30, weekday=4))
    schedule = Schedule("default", "p", rule, "UTC", not_before=datetime(2026, 3, 1, tzinfo=UTC))
    found = due_times(schedule, datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 3, 21, tzinfo=UTC))
    assert [when.strftime("%a %d %H:%M") for when in found] == [
        "Fri 06 18:30",
        "Fri 13 18:30",
        "Fri 20 18:30",
    ]


def test_a_rule_the_picker_cannot_show_is_said_so() -> None:
    assert from_rule("FREQ=MONTHLY;BYMONTHDAY=1") is None
