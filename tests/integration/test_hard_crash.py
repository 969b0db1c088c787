"""A hard crash of the real app, and the next start: the crash is reported once, redacted.

A plugin segfaults inside one of its hooks while the real `agent-desktop` runs (`--self-test`,
with the faulty test plugins in the user plugin folder: nothing of this ships). The process dies
by the signal, with no Python code running after; faulthandler, enabled before Qt started, has
written every thread's stack to the crash dump in the log folder. The next start (the real entry
point, `tests.support.start_probe`) shows the notice and keeps the report; the one after does not.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support.app_process import start_app
from tests.support.faulty_plugins import CONTROL_VARIABLE, install_faulty_plugins

from agent_app.paths import resolve_paths
from agent_desktop.system.crash_report import LAST_REPORT_NAME
from agent_desktop.window.crash_notice import CRASH_SENTENCE

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def test_a_plugin_crashing_the_app_is_reported_once_at_the_next_start(tmp_path):
    home = tmp_path / "home"
    paths = resolve_paths(home)
    paths.ensure_exist()
    install_faulty_plugins(paths.user_plugins_dir)
    control = tmp_path / "fault.json"
    control.write_text(json.dumps({"kind": "feature", "hook": "init", "mode": "crash"}))

    crashed = subprocess.run(
        [sys.executable, "-m", "agent_desktop", "--self-test", "--data-dir", str(home)],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", CONTROL_VARIABLE: str(control)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert crashed.returncode == -signal.SIGSEGV, crashed.stderr[-3000:]
    assert "self-test passed" not in crashed.stdout
    [dump] = paths.log_dir.glob("crash-*.dump")
    assert "Fatal Python error: Segmentation fault" in dump.read_text(encoding="utf-8")

    after_crash = start_app(home)

    assert after_crash["shown"] is True
    assert after_crash["notice"].startswith(CRASH_SENTENCE)
    report_path = paths.log_dir / LAST_REPORT_NAME
    assert str(report_path) in after_crash["notice"]
    report = report_path.read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in report
    # The plugin's frame, where it crashed, and the app's log lines before it.
    assert "faulty_plugins_under_test.py" in report
    assert "in strike" in report
    assert "window ready" in report
    assert list(paths.log_dir.glob("crash-*.dump")) == []

    next_start = start_app(home)

    assert CRASH_SENTENCE not in next_start["notice"]
    assert report_path.read_text(encoding="utf-8") == report  # kept as the last report
