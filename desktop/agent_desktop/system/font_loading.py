"""Qt loads the system's fonts on a native helper thread while the window is built.

The first widget that lays out text (the sidebar's search field) makes Qt load the system's
fonts: on Linux fontconfig reads its configuration (dozens of XML files and the font caches,
about 29 M instructions) and Qt lists every font it finds into its font database (about 28 M):
a quarter of what the window's first paint costs beyond a bare window's, which draws no text
before it shows. None of it needs Python, and `QFontDatabase`'s functions are thread-safe (a
second caller waits until the database is loaded), so a helper thread asks Qt's font database a
question as soon as the QApplication exists, while the GUI thread imports and builds the window;
the window's first text then finds the fonts loaded.

The helper is a thread of the C library, not of Python: a Python thread needs the interpreter's
lock to start and to end, and each time the GUI thread, busy importing, had to hand the lock
over and wait until the helper was scheduled to take it (PySide also holds the lock for the
whole of a Qt call). The thread runs `QFontDatabase::hasFamily(const QString &)` and ends:
started there, the function receives the thread's one argument, a pointer to a null QString
(24 zero bytes in Qt 6), as its one parameter, and its bool result, the thread's exit value, is
never read (the thread is detached). Qt 6 keeps that function's symbol for all its versions.

Only where Qt uses fontconfig (Linux and the BSDs); where Qt's GUI library or the function cannot
be found, nothing starts and the window's first text loads the fonts as before.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys

from PySide6.QtCore import QCoreApplication

log = logging.getLogger(__name__)

# The name the Qt bindings link Qt's GUI library by (its soname). Opened only if it is already
# in the process (RTLD_NOLOAD): the copy the bindings use (the bundle ships its own); a second
# copy would have no QApplication, and Qt ends the process when its font database is asked for
# without one.
QT_GUI_LIBRARY = "libQt6Gui.so.6"
# `bool QFontDatabase::hasFamily(const QString &)`, as the C++ compiler names it.
HAS_FAMILY_SYMBOL = "_ZN13QFontDatabase9hasFamilyERK7QString"
# A null QString (Qt 6: no data, no characters, size 0) for the helper to ask about. It lives as
# long as the process: the helper may read it after the call that started it returned.
_NULL_QSTRING = ctypes.create_string_buffer(24)
# The helper's name, as the system shows it (/proc/<pid>/task/<tid>/comm, top, gdb).
THREAD_NAME = b"fonts"


def load_fonts_in_background() -> None:
    """Start loading Qt's font database on a native thread named "fonts". Call once the
    QApplication exists (Qt ends the process when its font database is asked for before)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return
    if QCoreApplication.instance() is None:
        log.error("Fonts not loaded ahead of the first paint: no QApplication yet")
        return
    try:
        has_family = ctypes.CDLL(QT_GUI_LIBRARY, mode=os.RTLD_NOLOAD)[HAS_FAMILY_SYMBOL]
        threads = ctypes.CDLL(None)  # the process's own C library, which has pthreads
        create, detach = threads.pthread_create, threads.pthread_detach
    except (OSError, AttributeError) as error:
        log.info("Fonts not loaded ahead of the first paint: %s", error)
        return
    create.argtypes = [ctypes.POINTER(ctypes.c_ulong), ctypes.c_void_p, ctypes.c_void_p]
    create.argtypes += [ctypes.c_void_p]
    thread = ctypes.c_ulong()
    start = ctypes.cast(has_family, ctypes.c_void_p)
    failed = create(ctypes.byref(thread), None, start, ctypes.addressof(_NULL_QSTRING))
    if failed:
        log.info("Fonts not loaded ahead of the first paint: pthread_create gave %d", failed)
        return
    set_name = getattr(threads, "pthread_setname_np", None)
    if set_name is not None:  # glibc and musl have it; a thread already done ignores it
        set_name(thread, THREAD_NAME)
    # Nothing waits for it: a start that exits early (--exit-when-shown, a hand-over) ends it.
    detach(thread)
