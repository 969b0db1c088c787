"""The log file in the user log folder (`paths.log_dir`), rotated, with secrets redacted.

A record repeated word for word from the same place more than a few times a minute is written
those few times, then counted (the flood guard): a failure that repeats a thousand times a
second must not rotate the start of the incident, and all earlier history, out of the log
before anyone has read it.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from agent_app.secrets import RedactingFilter
from agent_desktop.system.repeats import Repeats, clock_time

LOG_FILE_NAME = "agent-desktop.log"

# What makes two records "the same": logger, level, file, line and the message's text.
RecordKey = tuple[str, int, str, int, str]


# Identical records said in full per minute before the rest are counted: a flood repeats far
# more often, while an event that simply happens again (a second quick entry) stays in the log.
FLOOD_BURST = 10

# Of a longer message the key keeps the start and a hash of the rest: the guard remembers up to
# a thousand recent messages, and one may be a whole server response.
_KEPT_WORDS = 300


def _words_of(text: str) -> str:
    if len(text) <= _KEPT_WORDS:
        return text
    return f"{text[:_KEPT_WORDS]}… (#{hash(text) & 0xFFFFFFFF:08x})"


class FloodGuard(logging.Filter):
    """Lets a record through the first `FLOOD_BURST` times; the same record (place, level and
    text) again within `repeats.quiet_seconds` is counted instead, and the count rides on the
    next one written (or is logged when the file closes)."""

    def __init__(self, repeats: Repeats[RecordKey] | None = None) -> None:
        super().__init__()
        self.repeats: Repeats[RecordKey] = repeats or Repeats(burst=FLOOD_BURST)

    def filter(self, record: logging.LogRecord) -> bool:
        key: RecordKey = (
            record.name,
            record.levelno,
            record.pathname,
            record.lineno,
            _words_of(record.getMessage()),
        )
        say, left_out, tally = self.repeats.occur(key)
        if say and left_out:
            record.msg = (
                f"{record.getMessage()} [also {left_out:,} more times since "
                f"{clock_time(tally.first_at)}, left out of the log]"
            )
            record.args = None
        return say


class GuardedLogFile(logging.handlers.RotatingFileHandler):
    """The rotating log file behind a flood guard; on closing it writes what the guard held back."""

    def __init__(self, path: Path, guard: FloodGuard) -> None:
        super().__init__(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
        self.guard = guard
        self.addFilter(guard)

    def close(self) -> None:
        for (name, level, _path, _line, text), count, tally in self.guard.repeats.take_unsaid():
            record = logging.LogRecord(
                name,
                level,
                __file__,
                0,
                "%s [%s more times since %s, the last at %s, left out of the log]",
                (text, f"{count:,}", clock_time(tally.first_at), clock_time(tally.last_at)),
                None,
            )
            self.handle(record)  # a text the guard has not seen: it passes, redacted
        super().close()


def configure_logging(log_dir: Path, level: int = logging.INFO) -> Path:
    log_dir.mkdir(parents=True, exist_ok=True)
    path = log_dir / LOG_FILE_NAME
    handler = GuardedLogFile(path, FloodGuard())
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    # After the guard: a held-back record's traceback is neither formatted nor searched.
    handler.addFilter(RedactingFilter())
    root = logging.getLogger()
    root.setLevel(level)
    root.addHandler(handler)
    return path
