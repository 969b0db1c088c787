"""After a hard crash the next start says so once, with the report to open or copy.

The run before crashed hard (a segfault, as in a plugin's C code: a real process dies with its
crash dump open); the user starts the app again: a notice (not a dialog) says it closed
unexpectedly and where the report is; Copy report puts the report, secrets blanked out, on the
clipboard; the next start says nothing more.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from agent_app.paths import resolve_paths
from agent_app.secrets import REDACTED, remember_secret_value
from agent_desktop.system.crash_report import LAST_REPORT_NAME
from agent_desktop.system.logging_setup import LOG_FILE_NAME
from agent_desktop.window.crash_notice import CRASH_SENTENCE
from tests.support.hard_crash import crash_a_process
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

SHOTS = shots_folder("crash-notice")
SECRET = "sk-journey-secret-31415926"


def _notice_text(journey) -> str:
    notice = journey.window.notice
    return notice.label.text() if notice.isVisible() else ""


def test_the_start_after_a_hard_crash_says_so_once_and_the_report_can_be_copied(journey):
    log_dir = resolve_paths(journey.data_dir).log_dir
    log_dir.mkdir(parents=True)
    # The crashed run's last log line holds a key it read after writing that line's start.
    (log_dir / LOG_FILE_NAME).write_text(
        f"2026-11-27 05:00:00,000 INFO agent_app: calling the server with {SECRET}\n",
        encoding="utf-8",
    )
    crash_a_process(log_dir)
    remember_secret_value(SECRET)  # known again in this run (e.g. read from the keyring)

    window = journey.start()

    text = _notice_text(journey)
    assert text.startswith(CRASH_SENTENCE)
    report_path = log_dir / LAST_REPORT_NAME
    assert str(report_path) in text
    assert QApplication.activeModalWidget() is None
    SHOTS.mkdir(exist_ok=True)
    journey.screenshot(SHOTS / "crash-notice.png")
    assert journey.has_widget("Open report")

    journey.click("Copy report")

    copied = QApplication.clipboard().text()
    assert "Fatal Python error: Segmentation fault" in copied
    assert "render_the_answer" in copied
    assert f"calling the server with {REDACTED}" in copied
    assert SECRET not in copied
    assert SECRET not in Path(report_path).read_text(encoding="utf-8")
    assert "The crash report is on the clipboard" in _notice_text(journey)
    assert window.isVisible()

    journey.restart()

    assert CRASH_SENTENCE not in _notice_text(journey)
