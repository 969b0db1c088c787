"""Fontconfig reads the system's font configuration on a helper thread while the window is built.

The first widget that lays out text (the sidebar's search field) makes Qt load the system's
fonts, and on Linux the first half of that is fontconfig reading its configuration: dozens of
XML files and the font caches, about 29 M instructions, a tenth of what the window's first paint
costs beyond a bare window's (which draws no text before it shows). None of it needs Python or
Qt, and fontconfig's initialisation may run on any thread (a second caller waits for it or
finds it done), so it runs on a helper thread while the GUI thread imports and builds the
window; Qt's own call then finds the configuration loaded. ctypes releases the GIL for the
call, so the helper takes no time from the GUI thread.

Started after Qt's GUI library is loaded: the library loaded by its name is then the copy Qt
uses (the bundle ships its own), not a second one.
"""

from __future__ import annotations

import ctypes
import logging
import sys
import threading

log = logging.getLogger(__name__)

# The name Qt's GUI library links fontconfig by (its soname).
FONTCONFIG_LIBRARY = "libfontconfig.so.1"


def read_font_configuration_in_background() -> None:
    """Start fontconfig's initialisation on a daemon thread named "fontconfig"; nothing where
    Qt does not use fontconfig (macOS, Windows) or the library cannot be loaded."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return
    try:
        fontconfig = ctypes.CDLL(FONTCONFIG_LIBRARY)
    except OSError as error:
        log.info("Fontconfig not loaded ahead of the first paint: %s", error)
        return
    # Daemon: a start that exits early (--exit-when-shown, a hand-over) never waits for it.
    threading.Thread(target=fontconfig.FcInit, name="fontconfig", daemon=True).start()
