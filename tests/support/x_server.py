"""A private X server (Xvfb) for tests that need real X11: a display number it picks itself."""

from __future__ import annotations

import os
import re
import subprocess
import time
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


@contextmanager
def window_manager(display: str) -> Iterator[None]:
    """Openbox on `display`: title bars with a close button, focus given to new windows, and
    WM_DELETE_WINDOW sent when that button is clicked, as a desktop's window manager does."""
    manager = subprocess.Popen(
        ["openbox", "--sm-disable"],
        env={**os.environ, "DISPLAY": display},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):  # until it manages the screen (it sets its check window)
            check = subprocess.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                env={**os.environ, "DISPLAY": display},
                capture_output=True,
                text=True,
            )
            if "window id" in check.stdout:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("openbox did not start")
        yield
    finally:
        manager.terminate()
        manager.wait(timeout=START_TIMEOUT_SECONDS)


def xdotool(display: str, *arguments: str) -> str:
    """Run xdotool against `display` (XTEST: keys and clicks as a keyboard and mouse make
    them); its output."""
    done = subprocess.run(
        ["xdotool", *arguments],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def visible_windows(display: str, title: str) -> list[str]:
    """The ids of the mapped windows titled exactly `title`."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", f"^{re.escape(title)}$"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
    )
    return found.stdout.split()


def click_close_button(display: str, window: str) -> None:
    """Click the close button in the window manager's title bar of `window` (openbox's default
    theme: the rightmost button, in the 20 px above the window's top-right corner)."""
    info = subprocess.run(
        ["xwininfo", "-id", window],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    def field(name: str) -> int:
        match = re.search(rf"{name}:\s+(-?\d+)", info)
        assert match is not None, info
        return int(match.group(1))

    x = field("Absolute upper-left X") + field("Width") - 9
    y = field("Absolute upper-left Y") - 10
    xdotool(display, "mousemove", str(x), str(y), "click", "1")
