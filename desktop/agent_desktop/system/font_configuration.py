"""Fontconfig reads the system's font configuration on a native thread while the window is built.

The first widget that lays out text (the sidebar's search field) makes Qt load the system's
fonts, and on Linux the first half of that is fontconfig reading its configuration: dozens of
XML files and the font caches, about 29 M instructions, a tenth of what the window's first paint
costs beyond a bare window's (which draws no text before it shows). None of it needs Python or
Qt, and fontconfig's initialisation may run on any thread (a second caller waits for it or
finds it done), so it runs on a helper thread while the GUI thread imports and builds the
window; Qt's own call then finds the configuration loaded.

The helper is a thread of the C library, not of Python: a Python thread needs the interpreter's
lock to start and to end, and each time the GUI thread, busy importing, had to hand the lock
over and wait until the helper was scheduled to take it (on a busy machine milliseconds each,
and the GUI thread also waited for the thread's start to be confirmed). This one never touches
Python: it runs `FcInit` and ends.

Started after Qt's GUI library is loaded: the library loaded by its name is then the copy Qt
uses (the bundle ships its own), not a second one.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

# The name Qt's GUI library links fontconfig by (its soname).
FONTCONFIG_LIBRARY = "libfontconfig.so.1"
# The helper's name, as the system shows it (/proc/<pid>/task/<tid>/comm, top, gdb).
THREAD_NAME = b"fontconfig"


def read_font_configuration_in_background() -> None:
    """Start fontconfig's initialisation on a native thread named "fontconfig"; nothing where
    Qt does not use fontconfig (macOS, Windows) or the libraries cannot be loaded."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return
    try:
        fontconfig = ctypes.CDLL(FONTCONFIG_LIBRARY)
        threads = ctypes.CDLL(None)  # the process's own C library, which has pthreads
        create, detach = threads.pthread_create, threads.pthread_detach
    except (OSError, AttributeError) as error:
        log.info("Fontconfig not loaded ahead of the first paint: %s", error)
        return
    create.argtypes = [ctypes.POINTER(ctypes.c_ulong), ctypes.c_void_p, ctypes.c_void_p]
    create.argtypes += [ctypes.c_void_p]
    thread = ctypes.c_ulong()
    # FcInit takes nothing and returns an int: called as a thread's start routine it ignores
    # the argument, and its result, the thread's exit value, is never read (detached below).
    start = ctypes.cast(fontconfig.FcInit, ctypes.c_void_p)
    failed = create(ctypes.byref(thread), None, start, None)
    if failed:
        log.info("Fontconfig not loaded ahead of the first paint: pthread_create gave %d", failed)
        return
    set_name = getattr(threads, "pthread_setname_np", None)
    if set_name is not None:  # glibc and musl have it; a thread already done ignores it
        set_name(thread, THREAD_NAME)
    # Nothing waits for it: a start that exits early (--exit-when-shown, a hand-over) ends it.
    detach(thread)
