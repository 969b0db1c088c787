"""The core journey through the accessibility tree a screen reader uses (AT-SPI), not Qt objects.

The real app (its entry point, a process of its own) runs on a private X server and a private
D-Bus session, which starts the accessibility bus as a desktop session does; Qt's AT-SPI bridge
is switched on with QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 (what a running screen reader does).
`screen_reader_driver.py`, run by the system's Python with pyatspi (Debian's python3-pyatspi,
installed by .ci/install-system-packages), then sends a message, approves the tool the model
asks for, reads the answer, opens Settings from the File menu, switches Developer mode on and
presses OK, finding everything by role and accessible name. The test checks what it read and
heard (the app's announcements) and what landed on disk. Its transcript is kept with the
screenshots (`screen-reader-journey.txt`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from agent_app.paths import resolve_paths
from tests.support.screenshots import shots_folder
from tests.support.x_server import xvfb

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("screen_reader_driver.py")
SYSTEM_PYTHON = "/usr/bin/python3"  # the interpreter Debian's python3-pyatspi is built for
SHOTS = shots_folder("math-a11y")
DRIVER_SECONDS = 240
COMMAND = {"id": "t1", "name": "shell", "arguments": {"command": "echo hello"}}
ANSWER = "The command printed hello, as asked."


@contextmanager
def session_bus() -> Iterator[str]:
    """A private D-Bus session bus (the accessibility bus is started on it when first asked
    for); yields its address. Everything it started ends with it (its own process group)."""
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        assert daemon.stdout is not None
        address = daemon.stdout.readline().strip()
        assert address, "dbus-daemon did not start a session bus"
        yield address
    finally:
        os.killpg(daemon.pid, signal.SIGTERM)
        daemon.wait(timeout=30)


def configured(data_dir: Path) -> Path:
    """A configured app: the scripted model asks to run a shell command, then answers."""
    paths = resolve_paths(data_dir)
    paths.config_path.parent.mkdir(parents=True, exist_ok=True)
    script = [{"content": "", "tool_calls": [COMMAND]}, ANSWER]
    config = {
        "providers": {"scripted": {"provider": "scripted", "label": "Scripted", "script": script}},
        "agents": {"default": {"label": "Default", "provider": "scripted"}},
    }
    paths.config_path.write_text(json.dumps(config), encoding="utf-8")
    return paths.settings_path


def test_send_read_approve_and_change_a_setting_through_at_spi(tmp_path):
    missing = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, text=True, check=False
    )
    assert missing.returncode == 0, (
        "pyatspi is missing for the system's Python: apt-get install python3-pyatspi "
        f"gir1.2-atspi-2.0 at-spi2-core (.ci/install-system-packages does): {missing.stderr}"
    )
    data_dir = tmp_path / "data"
    settings = configured(data_dir)
    with xvfb("1280x900x24") as display, session_bus() as bus:
        environment = {
            **os.environ,
            "DISPLAY": display,
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "DBUS_SESSION_BUS_ADDRESS": bus,
        }
        app = subprocess.Popen(
            [sys.executable, "-m", "agent_desktop", "--data-dir", str(data_dir)],
            cwd=ROOT,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            # The system's Python, without the test's virtual environment.
            driver_environment = {
                key: value
                for key, value in environment.items()
                if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
            }
            driver = subprocess.run(
                [SYSTEM_PYTHON, str(DRIVER)],
                env=driver_environment,
                capture_output=True,
                text=True,
                timeout=DRIVER_SECONDS,
                check=False,
            )
        finally:
            app.terminate()
            try:
                _, app_errors = app.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                app.kill()
                _, app_errors = app.communicate()
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "screen-reader-journey.txt").write_text(driver.stdout, encoding="utf-8")
    assert driver.returncode == 0, (
        f"the screen reader's journey stopped:\n{driver.stdout}\n{driver.stderr[-3000:]}"
        f"\nthe app said:\n{app_errors[-3000:]}"
    )
    steps = [json.loads(line) for line in driver.stdout.splitlines() if line.startswith("{")]
    said = {step["step"]: step for step in steps}
    assert said["approval asked"]["button"] == "Allow once: shell"
    assert said["read the answer"]["text"] == f"assistant: {ANSWER}"
    assert said["checked"]["checked"] is True
    heard = said["done"]["announcements"]
    assert "Approval needed: shell" in heard
    assert "Answer finished" in heard
    assert json.loads(settings.read_text(encoding="utf-8"))["developer_mode"] is True
