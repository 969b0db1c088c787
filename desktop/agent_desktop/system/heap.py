"""Handing freed heap memory back to the system, and keeping less of it reserved."""

from __future__ import annotations

import ctypes
import logging
import sys
import threading
from functools import cache
from typing import Any

log = logging.getLogger(__name__)

# glibc's mallopt parameter for the number of heap arenas (malloc.h).
_M_ARENA_MAX = -8
HEAP_ARENAS = 1
_trimming = threading.Lock()


@cache
def _glibc() -> Any | None:
    """The C library when it is glibc (it has `malloc_trim` and `mallopt`), else None."""
    if not sys.platform.startswith("linux"):
        return None

    try:
        library = ctypes.CDLL("libc.so.6")
    except OSError:
        library = None
    if library is None or not all(hasattr(library, name) for name in ("malloc_trim", "mallopt")):
        log.info("not glibc here (another C library): its heap is left as it is")
        return None
    return library


def share_heap_arenas() -> None:
    """Threads started from now on share the main heap instead of taking one each.

    glibc gives each thread that allocates a heap of its own (up to 8 per core). A streamed
    5 MB answer is copied by several threads (the provider's, the store's, the window's), and
    every thread's heap kept its high-water mark: RSS grew by 70-110 MB for a 5 MB answer.
    Even a second shared heap kept 10-20 MB: `malloc_trim` gives back the free pages inside
    a secondary heap but never the free space at its end, where most of a freed giant copy
    lands; the main heap it trims whole. Called by the entry point before it starts any
    thread (the first, the font helper, starts before the window is built). Measured with
    one heap: no slower, and shorter stalls (see tests/benchmarks/test_long_chats.py)."""
    library = _glibc()
    if library is not None:
        library.mallopt(_M_ARENA_MAX, HEAP_ARENAS)


def release_freed_memory() -> None:
    """Hand the heap pages freed so far back to the system (glibc keeps them for reuse
    otherwise, in every heap): a few megabytes after start-up, tens after reading a chat that
    holds a giant message or streaming one in. Safe on any thread; it does not hold the
    interpreter. A call while another one runs returns at once (that one does the work)."""
    library = _glibc()
    if library is None or not _trimming.acquire(blocking=False):
        return
    try:
        library.malloc_trim(0)
    finally:
        _trimming.release()
