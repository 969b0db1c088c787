"""A private X server (Xvfb) for tests that need real X11: a display number it picks itself."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
    WM_DELETE_WINDOW sent when that button is clicked, as a desktop's window manager does.

    It gets a home of its own (it writes its cache and session files there, not in the user's),
    and is started again if it gives up at start-up (seen once in a while on a loaded machine).
    """
    with tempfile.TemporaryDirectory(prefix="openbox-home-") as home:
        environment = {
            **os.environ,
            "DISPLAY": display,
            "HOME": home,
            "XDG_CONFIG_HOME": f"{home}/.config",
            "XDG_CACHE_HOME": f"{home}/.cache",
            "XDG_DATA_HOME": f"{home}/.local/share",
        }
        problems: list[str] = []
        log = Path(home) / "openbox.log"  # a file, not a pipe nobody reads once it runs
        for _attempt in range(3):
            with log.open("w") as output:
                manager = subprocess.Popen(
                    ["openbox", "--sm-disable"],
                    env=environment,
                    stdout=subprocess.DEVNULL,
                    stderr=output,
                )
            problem = _wait_until_it_manages(manager, display, log)
            if problem is None:
                break
            problems.append(problem)
        else:
            raise RuntimeError("openbox did not start: " + " / ".join(problems))
        try:
            yield
        finally:
            manager.terminate()
            manager.wait(timeout=START_TIMEOUT_SECONDS)


def _wait_until_it_manages(manager: subprocess.Popen[bytes], display: str, log: Path) -> str | None:
    """None once `manager` manages the screen, else why not (it exited, or took too long)."""
    deadline = time.monotonic() + START_TIMEOUT_SECONDS  # a loaded machine starts it slowly
    while not _manages_the_screen(display):
        if manager.poll() is not None:
            why = log.read_text(errors="replace").strip()[-500:]
            return f"exited with code {manager.returncode} {why}".strip()
        if time.monotonic() > deadline:
            manager.kill()
            manager.wait()
            return f"not managing the screen after {START_TIMEOUT_SECONDS} s"
        time.sleep(0.1)
    return None


def _manages_the_screen(display: str) -> bool:
    """Whether a window manager runs on `display` (it sets the root's check window)."""
    check = subprocess.run(
        ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
    )
    return "window id" in check.stdout


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
