"""The cyclic garbage collector, kept out of bulk copies of long conversations.

Turning a 50,000-message session into its dict form (for a provider, an action's context)
makes a few hundred thousand containers at once. The collector would walk the growing pile
again and again: full collections of 30–120 ms, run by whichever thread allocates, while every
other thread (the window's too) waits for the interpreter. During such a copy it rests, and
what exists when the copy ends moves to the permanent generation (`gc.freeze`): these dicts hold
no cycles and are freed by reference counting as usual, so nothing is kept longer. Threads share
the rest: the collector runs again when the last copy in progress ends.

A host that must choose the thread collections run on (the GUI's: Qt objects in a cycle are
destroyed by whichever thread collects) turns automatic collection off and calls
`collect_due_generations` from that thread.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

# Below this, a copy is too small for the collector's passes to be noticed.
LARGE_COPY_MESSAGES = 2_000

_lock = threading.Lock()
_copies_in_progress = 0
_collecting_before = False


@contextmanager
def collector_resting() -> Iterator[None]:
    """No cyclic collection while the block runs; what it made is frozen afterwards."""
    global _copies_in_progress, _collecting_before
    with _lock:
        if _copies_in_progress == 0:
            _collecting_before = gc.isenabled()
            gc.disable()
        _copies_in_progress += 1
    try:
        yield
    finally:
        with _lock:
            _copies_in_progress -= 1
            gc.freeze()
            if _copies_in_progress == 0 and _collecting_before:
                gc.enable()


def resting_for(message_count: int) -> AbstractContextManager[None]:
    """`collector_resting()` for a copy of `message_count` messages when it is large."""
    return collector_resting() if message_count >= LARGE_COPY_MESSAGES else nullcontext()


def collect_due_generations(oldest: int = 2) -> int:
    """Run the collection Python would run by itself now, on the calling thread: the oldest
    generation up to `oldest` whose count passed its threshold (`gc.get_threshold()`), none
    while a bulk copy rests the collector. Returns how many unreachable objects it found."""
    if _copies_in_progress:
        return 0
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in range(oldest, -1, -1):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            return gc.collect(generation)
    return 0
