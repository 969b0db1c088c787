"""Crash reporting: every path an uncaught failure takes reaches the log once, with context.

The hooks (`sys`, `threading`, the event loop, Qt's messages), repeats said once with a count, the
log file's flood guard, the crash dump a hard crash leaves (made by really crashing a process) and
the report and notice the next start makes of it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMessageLogContext, QtMsgType, qCritical, qWarning
from PySide6.QtWidgets import QApplication, QPushButton
from tests.support.hard_crash import crash_a_process

from agent_app.secrets import REDACTED, remember_secret_value
from agent_desktop.system.crash import ExceptionNotifier
from agent_desktop.system.crash_dump import CrashDump, dump_path
from agent_desktop.system.crash_report import LAST_REPORT_NAME, CrashReport, take_last_crash
from agent_desktop.system.logging_setup import FLOOD_BURST, LOG_FILE_NAME, configure_logging
from agent_desktop.system.qt_messages import install_qt_message_handler, qt_message_handler
from agent_desktop.window.crash_notice import (
    COPIED_SENTENCE,
    CRASH_SENTENCE,
    NOT_OPENED_SENTENCE,
    show_crash_notice,
)
from agent_desktop.window.notice_bar import NoticeBar

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
CRASH_LOGGER = "agent_desktop.system.crash"


@pytest.fixture
def notices() -> list[str]:
    return []


@pytest.fixture
def notifier(notices: list[str], tmp_path: Path):
    hook = ExceptionNotifier(notices.append, tmp_path / "app.log")
    hook.install()
    yield hook
    hook.uninstall()


def _crash_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == CRASH_LOGGER]


def _rendered(record: logging.LogRecord) -> str:
    # With its traceback, whether still as exc_info or folded into the message by the app's
    # redacting log filter (installed by an earlier test that started the app).
    text = record.getMessage()
    if record.exc_info:
        text += "\n" + logging.Formatter().formatException(record.exc_info)
    return text


# ---------------------------------------------------------------- each path reaches the log
def test_a_worker_threads_exception_is_logged_with_its_thread_and_told(notifier, notices, caplog):
    def fetch_models() -> None:
        raise ConnectionError("the provider hung up")

    worker = threading.Thread(target=fetch_models, name="model-list-worker")
    with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER):
        worker.start()
        worker.join(10)

    [record] = _crash_records(caplog)
    text = _rendered(record)
    assert "ConnectionError" in text
    assert "the thread model-list-worker" in text
    assert "in fetch_models" in text
    assert 'raise ConnectionError("the provider hung up")' in text
    assert notices == [
        "Something went wrong: ConnectionError: the provider hung up. The app keeps running; "
        f"details are in the log file {notifier._log_path}."
    ]


def test_an_exception_nobody_awaited_on_the_loop_is_logged_and_told(notifier, notices, caplog):
    def refresh_sidebar() -> None:
        raise KeyError("session-42")

    loop = asyncio.new_event_loop()
    loop.set_exception_handler(notifier.loop_failed)
    try:
        with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER):
            loop.call_soon(refresh_sidebar)
            loop.run_until_complete(asyncio.sleep(0.01))
    finally:
        loop.close()

    [record] = _crash_records(caplog)
    text = _rendered(record)
    assert "KeyError in refresh_sidebar" in text
    assert "in the event loop" in text
    assert len(notices) == 1
    assert "KeyError: 'session-42'" in notices[0]


def test_qt_warnings_and_criticals_reach_the_log_at_their_levels(qapp, caplog):
    put_back = install_qt_message_handler(None)
    try:
        with caplog.at_level(logging.DEBUG, logger="qt"):
            qWarning("QPainter::begin: Paint device returned engine == 0")
            qCritical("QFont: the font file could not be read")
    finally:
        put_back()

    seen = [(record.name, record.levelno, record.getMessage()) for record in caplog.records]
    assert ("qt", logging.WARNING, "QPainter::begin: Paint device returned engine == 0") in [
        (name, level, message.split(" (")[0]) for name, level, message in seen
    ]
    assert any(
        level == logging.ERROR and "the font file could not be read" in message
        for _name, level, message in seen
    )


def test_the_hooks_are_put_back_on_uninstall(notices):
    before = (sys.excepthook, threading.excepthook)
    hook = ExceptionNotifier(notices.append)
    hook.install()
    assert (sys.excepthook, threading.excepthook) == (hook, hook.thread_failed)
    hook.uninstall()
    assert (sys.excepthook, threading.excepthook) == before


# ---------------------------------------------------------------- a repeated failure, said once
def _lay_out_row(row: int) -> None:
    raise IndexError(f"row {row} is out of range")


def test_ten_thousand_identical_exceptions_make_one_entry_with_a_count(notifier, notices, caplog):
    with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER):
        for tick in range(10_000):
            try:
                _lay_out_row(-1 - tick % 3)  # the message changes; the place does not
            except IndexError as error:
                sys.excepthook(type(error), error, error.__traceback__)
        notifier.log_repeats()

    records = _crash_records(caplog)
    with_traceback = [record for record in records if "Traceback" in _rendered(record)]
    assert len(with_traceback) == 1
    assert "_lay_out_row" in _rendered(with_traceback[0])
    [count] = [record for record in records if "happened again" in record.getMessage()]
    assert "9,999 more times" in count.getMessage()
    assert "10,000 in all" in count.getMessage()
    assert len(records) == 2
    assert len(notices) == 1


def test_a_different_place_or_kind_is_said_on_its_own(notifier, notices, caplog):
    with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER):
        for failing in (_lay_out_row, _lay_out_row, lambda row: {}[row]):
            try:
                failing(0)
            except (IndexError, KeyError) as error:
                sys.excepthook(type(error), error, error.__traceback__)

    assert sum("Traceback" in _rendered(record) for record in _crash_records(caplog)) == 2
    assert len(notices) == 2


def test_a_failure_repeating_for_long_is_counted_again_after_a_quiet_minute(notifier, caplog):
    now = [1000.0]
    notifier._repeats._clock = lambda: now[0]
    with caplog.at_level(logging.ERROR, logger=CRASH_LOGGER):
        for _second in range(130):
            for _tick in range(10):
                try:
                    _lay_out_row(-1)
                except IndexError as error:
                    sys.excepthook(type(error), error, error.__traceback__)
            now[0] += 1

    counts = [r.getMessage() for r in _crash_records(caplog) if "happened again" in r.getMessage()]
    # The first one in full, then one count a minute: the last seen time keeps moving.
    assert len(counts) == 2
    assert "600 more times" in counts[0]


# ---------------------------------------------------------------- the log keeps an incident's start
@pytest.fixture
def log_file(tmp_path: Path):
    path = configure_logging(tmp_path / "logs")
    yield path
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "baseFilename", None) == str(path):
            root.removeHandler(handler)
            handler.close()


def test_a_flood_of_one_record_does_not_rotate_the_start_of_the_incident_away(log_file):
    logger = logging.getLogger("agent_desktop.conversation.chat_view")
    logger.warning("the chat was deleted while its rows were laid out")  # the incident starts
    for _tick in range(100_000):
        logger.error("could not lay out row %d of an empty list", -1)
    logger.warning("a different record is written as usual")
    for handler in logging.getLogger().handlers:
        if getattr(handler, "baseFilename", None) == str(log_file):
            handler.close()  # as at quit: the count of what was held back is written

    text = log_file.read_text(encoding="utf-8")
    assert "the chat was deleted while its rows were laid out" in text
    # The burst in full, then the count riding on the next one written at quit.
    assert text.count("could not lay out row -1 of an empty list") == FLOOD_BURST + 1
    assert f"{100_000 - FLOOD_BURST:,} more times since" in text
    assert "a different record is written as usual" in text
    assert not log_file.with_name(f"{LOG_FILE_NAME}.1").exists()


def test_an_event_that_simply_happens_again_is_logged_again(log_file):
    logger = logging.getLogger("agent_desktop.window.main_window")
    logger.info("quick entry: the message box of %s is ready", "the chat shown")
    logger.info("quick entry: the message box of %s is ready", "the chat shown")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text(encoding="utf-8")
    assert text.count("quick entry: the message box of the chat shown is ready") == 2


def test_long_records_that_differ_only_late_are_both_written(log_file):
    logger = logging.getLogger("agent_desktop.tool_servers")
    response = "x" * 5_000
    logger.warning("the server answered %s", response + "first")
    logger.warning("the server answered %s", response + "second")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = log_file.read_text(encoding="utf-8")
    assert text.count("the server answered xxx") == 2


# ---------------------------------------------------------------- a hard crash, and its report
def test_a_hard_crash_leaves_every_threads_stack_in_its_dump(tmp_path):
    log_dir = tmp_path / "logs"
    crash_a_process(log_dir)
    [dump] = log_dir.glob("crash-*.dump")
    text = dump.read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in text
    assert "in render_the_answer" in text


def test_a_qt_fatal_error_is_written_to_the_dump_before_qt_aborts(tmp_path):
    log_dir = tmp_path / "logs"
    script = "\n".join(
        (
            "import sys",
            "from pathlib import Path",
            "from agent_desktop.system.crash_dump import CrashDump",
            "from agent_desktop.system.qt_messages import install_qt_message_handler",
            "install_qt_message_handler(CrashDump.start(Path(sys.argv[1])))",
            "from PySide6.QtWidgets import QApplication",
            "QApplication([])",
        )
    )
    # The commonest crash at start: Qt cannot load the platform plugin it is told to use.
    env = {**os.environ, "QT_QPA_PLATFORM": "no-such-platform"}
    result = subprocess.run(
        [sys.executable, "-c", script, str(log_dir)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode < 0
    [dump] = log_dir.glob("crash-*.dump")
    text = dump.read_text(encoding="utf-8")
    assert "Qt fatal error: This application failed to start because no Qt platform plugin" in text
    assert "Fatal Python error: Aborted" in text
    # The warning before it went to the log (to stderr here: no log file is open yet).
    assert 'Could not find the Qt platform plugin "no-such-platform"' in result.stderr


def test_a_qt_fatal_message_is_redacted_in_the_dump(tmp_path):
    path = tmp_path / "crash-1.dump"
    remember_secret_value("sk-fatal-secret-0123456789")
    with path.open("w", encoding="utf-8") as file:
        handle = qt_message_handler(CrashDump(path, file))
        handle(
            QtMsgType.QtFatalMsg, QMessageLogContext(), "could not reach sk-fatal-secret-0123456789"
        )
    assert path.read_text(encoding="utf-8") == f"Qt fatal error: could not reach {REDACTED}\n"


def test_a_normal_exit_leaves_no_dump(tmp_path):
    script = "import sys; from pathlib import Path\n" + (
        "from agent_desktop.system.crash_dump import CrashDump\n"
        "CrashDump.start(Path(sys.argv[1])).end()\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "logs")], cwd=ROOT, check=True, timeout=60
    )
    assert list((tmp_path / "logs").iterdir()) == []


def test_the_next_start_makes_one_redacted_report_of_the_crash_and_its_last_log_lines(tmp_path):
    log_dir = tmp_path / "logs"
    log_dir.mkdir()
    secret = "sk-report-secret-9876543210"
    (log_dir / LOG_FILE_NAME).write_text(
        "".join(f"2026-11-27 05:00:{n:02d},000 INFO agent: line {n}\n" for n in range(300))
        + f"2026-11-27 05:01:00,000 ERROR agent: the server refused {secret}\n",
        encoding="utf-8",
    )
    crash_a_process(log_dir)
    remember_secret_value(secret)  # known to this run, e.g. read from the keyring again

    report = take_last_crash(log_dir)

    assert report is not None
    assert report.path == log_dir / LAST_REPORT_NAME
    assert report.path.read_text(encoding="utf-8") == report.text
    assert report.text.startswith("Agent Desktop closed unexpectedly at ")
    assert "in render_the_answer" in report.text
    assert f"the server refused {REDACTED}" in report.text
    assert secret not in report.text
    assert "line 299" in report.text
    assert "line 100\n" not in report.text  # the last 200 lines only
    assert list(log_dir.glob("crash-*.dump")) == []
    assert take_last_crash(log_dir) is None  # said once


def test_empty_dumps_of_killed_runs_go_and_a_starting_neighbours_stays(tmp_path):
    log_dir = tmp_path / "logs"
    log_dir.mkdir()
    killed, neighbour = dump_path(log_dir, 11), dump_path(log_dir, 12)
    own = dump_path(log_dir, os.getpid())
    for path in (killed, own, neighbour):
        path.write_text("", encoding="utf-8")
    started = time.time()
    os.utime(killed, (started - 60, started - 60))
    os.utime(own, (started - 10, started - 10))

    assert take_last_crash(log_dir) is None
    assert not killed.exists()
    assert own.exists()
    assert neighbour.exists()


# ---------------------------------------------------------------- the notice after a crash
def test_the_crash_notice_offers_to_open_and_to_copy_the_report(qtbot, tmp_path):
    bar = NoticeBar()
    qtbot.add_widget(bar)
    bar.show_notice("Settings could not be read; they were set aside.")
    report = CrashReport("Fatal Python error: Segmentation fault", tmp_path / LAST_REPORT_NAME)
    opened: list[Path] = []

    def open_file(path: Path) -> bool:
        opened.append(path)
        return True

    show_crash_notice(bar, report, open_file)

    assert bar.isVisible()
    assert bar.label.text().startswith(CRASH_SENTENCE)
    assert str(report.path) in bar.label.text()
    assert bar.label.text().endswith("\nSettings could not be read; they were set aside.")
    assert bar.action_button.text() == "Open report"
    bar.action_button.click()
    assert opened == [report.path]

    show_crash_notice(bar, report, open_file)
    copy_button(bar).click()
    assert QApplication.clipboard().text() == report.text
    # Copied, and the report still at hand: it may be wanted again, or opened.
    assert bar.isVisible()
    assert COPIED_SENTENCE in bar.label.text()
    assert str(report.path) in bar.label.text()
    assert bar.action_button.text() == "Open report"
    assert copy_button(bar).isVisibleTo(bar)


def copy_button(bar: NoticeBar) -> QPushButton:
    [copy] = [
        button
        for button in bar.findChildren(QPushButton)
        if button.text() == "Copy report" and button.isVisibleTo(bar)
    ]
    return copy


def test_a_report_no_app_can_open_is_said_and_stays_at_hand(qtbot, tmp_path):
    bar = NoticeBar()
    qtbot.add_widget(bar)
    report = CrashReport("Fatal Python error: Segmentation fault", tmp_path / LAST_REPORT_NAME)
    show_crash_notice(bar, report, lambda _path: False)  # no desktop launcher

    bar.action_button.click()

    assert bar.isVisible()
    assert NOT_OPENED_SENTENCE in bar.label.text()
    assert str(report.path) in bar.label.text()
    copy_button(bar).click()
    assert QApplication.clipboard().text() == report.text
