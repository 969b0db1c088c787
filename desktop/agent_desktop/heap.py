"""Handing freed heap memory back to the system."""

from __future__ import annotations

import logging
import sys

log = logging.getLogger(__name__)


def release_freed_memory() -> None:
    """Hand the heap pages freed so far back to the system (glibc keeps them for reuse
    otherwise, in every thread's arena): a few megabytes after start-up, tens after reading a
    chat that holds a giant message. Safe on any thread; it does not hold the interpreter."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        log.info("no glibc malloc_trim here (another C library); freed memory stays reserved")
        return
    trim(0)
