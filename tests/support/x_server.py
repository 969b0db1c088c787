"""A private X server (Xvfb) for tests that need real X11: a display number it picks itself."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

START_TIMEOUT_SECONDS = 30


@contextmanager
def xvfb(size: str = "1024x768x24") -> Iterator[str]:
    """Run Xvfb on a free display for the duration; yields its name (":NN")."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", size, "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()  # Xvfb writes it once it accepts clients
        if not number:
            raise RuntimeError(f"Xvfb did not start: {server.stderr.read().decode()[-2000:]}")
        yield f":{number}"
    finally:
        server.terminate()
        server.communicate(timeout=START_TIMEOUT_SECONDS)
