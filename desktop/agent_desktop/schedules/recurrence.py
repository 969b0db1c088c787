"""The recurrence picker's choices as RRULEs, and back (no Qt: the editor and tests share it)."""

from __future__ import annotations

import re
from typing import NamedTuple

DAILY, WEEKDAYS, WEEKLY, MINUTES, HOURLY = "daily", "weekdays", "weekly", "minutes", "hourly"
WEEKDAY_CODES = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")


class Recurrence(NamedTuple):
    """What the picker shows: how often, at what time, which weekday, every how many minutes."""

    kind: str
    hour: int = 9
    minute: int = 0
    weekday: int = 0
    """0 is Monday (for `WEEKLY`)."""
    every_minutes: int = 30


def to_rule(choice: Recurrence) -> str:
    at = f"BYHOUR={choice.hour};BYMINUTE={choice.minute}"
    if choice.kind == DAILY:
        return f"FREQ=DAILY;{at}"
    if choice.kind == WEEKDAYS:
        return f"FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;{at}"
    if choice.kind == WEEKLY:
        return f"FREQ=WEEKLY;BYDAY={WEEKDAY_CODES[choice.weekday]};{at}"
    if choice.kind == MINUTES:
        return f"FREQ=MINUTELY;INTERVAL={choice.every_minutes}"
    if choice.kind == HOURLY:
        return f"FREQ=HOURLY;BYMINUTE={choice.minute}"
    raise ValueError(f"unknown recurrence kind {choice.kind!r}")


def from_rule(rule: str) -> Recurrence | None:
    """The picker's choice for `rule`, or None when the picker cannot show it."""
    parts = dict(part.split("=", 1) for part in rule.upper().split(";") if "=" in part)
    hour, minute = int(parts.get("BYHOUR", "9")), int(parts.get("BYMINUTE", "0"))
    frequency, days = parts.get("FREQ"), parts.get("BYDAY", "")
    if frequency == "DAILY":
        return Recurrence(DAILY, hour, minute)
    if frequency == "WEEKLY" and days == "MO,TU,WE,TH,FR":
        return Recurrence(WEEKDAYS, hour, minute)
    if frequency == "WEEKLY" and days in WEEKDAY_CODES:
        return Recurrence(WEEKLY, hour, minute, WEEKDAY_CODES.index(days))
    if frequency == "MINUTELY" and re.fullmatch(r"\d+", parts.get("INTERVAL", "1")):
        return Recurrence(MINUTES, every_minutes=int(parts.get("INTERVAL", "1")))
    if frequency == "HOURLY":
        return Recurrence(HOURLY, minute=minute)
    return None
