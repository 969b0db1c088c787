"""A failure that repeats is said once: in full the first time, afterwards as a count.

A timer that raises on every tick writes a thousand tracebacks a second; the log's rotation then
throws away the start of the incident within seconds, and the user sees the same notice again and
again. `Repeats` counts each kind of event (a key chosen by the caller: an exception's type and
code path, a log record's place and text) and says when it is worth saying again: the first time,
then at most once per quiet interval with how often it happened meanwhile. Used by the exception
hooks (`crash.ExceptionNotifier`) and the log file's flood guard (`logging_setup`).

Loaded before the window shows: plain classes (no dataclasses), standard modules already loaded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

#: Seconds an event stays quiet after it was said, however often it happens meanwhile.
QUIET_SECONDS = 60.0
# Keys are forgotten once quiet and fully said; past this many, the quiet ones go at once.
_MOST_KEYS = 1024


Key = TypeVar("Key", bound=Hashable)


class Tally:
    """How often one kind of event happened, and how much of that is not said yet."""

    __slots__ = ("first_at", "last_at", "said_at", "said_since", "total", "unsaid")

    def __init__(self, now: float) -> None:
        self.first_at = now
        self.last_at = now
        self.said_at = now  # when the current quiet interval began
        self.said_since = 1  # occurrences said in it
        self.total = 0
        self.unsaid = 0


class Repeats(Generic[Key]):
    """Counts events by key, thread-safely, and decides which occurrences are said."""

    def __init__(
        self,
        quiet_seconds: float = QUIET_SECONDS,
        clock: Callable[[], float] = time.time,
        burst: int = 1,
    ) -> None:
        self.quiet_seconds = quiet_seconds
        # How many occurrences of one key are said in full per quiet interval before the rest
        # are only counted: one for a failure; a few for log lines, where an event that
        # simply happens twice in a minute is not a flood.
        self.burst = burst
        self._clock = clock
        self._tallies: dict[Key, Tally] = {}
        self._lock = threading.Lock()

    def occur(self, key: Key) -> tuple[bool, int, Tally]:
        """Count one occurrence of `key`.

        Returns whether to say it now, how many earlier occurrences went unsaid (to mention
        with it), and the tally so far. It is said the first `burst` times, and again when it
        comes back after `quiet_seconds` since its quiet interval began.
        """
        now = self._clock()
        with self._lock:
            tally = self._tallies.get(key)
            if tally is None:
                if len(self._tallies) >= _MOST_KEYS:
                    self._forget_said(now)
                tally = self._tallies[key] = Tally(now)
                tally.total = 1
                return True, 0, tally
            tally.total += 1
            tally.last_at = now
            if now - tally.said_at < self.quiet_seconds:
                if tally.said_since < self.burst:
                    tally.said_since += 1
                    return True, 0, tally
                tally.unsaid += 1
                return False, tally.unsaid, tally
            left_out, tally.unsaid, tally.said_at, tally.said_since = tally.unsaid, 0, now, 1
            return True, left_out, tally

    def take_unsaid(self) -> list[tuple[Key, int, Tally]]:
        """Every key with occurrences not said yet, with their count; they count as said now
        (for a summary when the app quits)."""
        with self._lock:
            unsaid = [(key, tally.unsaid, tally) for key, tally in self._tallies.items()]
            for _key, _count, tally in unsaid:
                tally.unsaid = 0
        return [(key, count, tally) for key, count, tally in unsaid if count]

    def _forget_said(self, now: float) -> None:
        """Drop the keys with nothing left to say: quiet ones first, then any (caller locks)."""
        for must_be_quiet in (True, False):
            for key, tally in list(self._tallies.items()):
                quiet = now - tally.last_at >= self.quiet_seconds
                if not tally.unsaid and (quiet or not must_be_quiet):
                    del self._tallies[key]
            if len(self._tallies) < _MOST_KEYS:
                return


def clock_time(seconds: float) -> str:
    """A moment of today in the log's words (hh:mm:ss)."""
    return time.strftime("%H:%M:%S", time.localtime(seconds))
