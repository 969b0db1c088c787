"""Boot: command-line options, the self-test as a real process, the excepthook and the log file."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agent_desktop.__main__ import parse_args
from agent_desktop.system.crash import ExceptionNotifier
from agent_desktop.system.logging_setup import LOG_FILE_NAME, configure_logging

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]


def _run(*arguments: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "agent_desktop", *arguments],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )


def test_version_and_help():
    version = _run("--version")
    assert version.returncode == 0
    assert version.stdout.startswith("agent-desktop ")
    help_text = _run("--help")
    assert help_text.returncode == 0
    for option in ("--data-dir", "--version", "--self-test"):
        assert option in help_text.stdout


def test_files_to_import_are_positional_arguments(tmp_path):
    chat = tmp_path / "chat.agent-session.json"
    options = parse_args(["--data-dir", str(tmp_path), str(chat)])
    assert options.files == [chat]
    assert parse_args([]).files == []


def test_data_dir_option_is_parsed(tmp_path):
    options = parse_args(["--data-dir", str(tmp_path)])
    assert options.data_dir == tmp_path
    assert not options.self_test


@pytest.mark.integration
def test_self_test_runs_a_scripted_turn_in_a_real_process(tmp_path):
    result = _run("--self-test", "--data-dir", str(tmp_path / "home"))
    assert result.returncode == 0, result.stderr[-2000:]
    assert "self-test passed" in result.stdout
    log_file = tmp_path / "home" / "logs" / LOG_FILE_NAME
    assert "window ready" in log_file.read_text(encoding="utf-8")


def test_excepthook_logs_and_notifies_without_a_dialog(tmp_path, caplog):
    notices: list[str] = []
    notifier = ExceptionNotifier(notices.append, tmp_path / "app.log")
    previous = sys.excepthook
    notifier.install()
    try:
        assert sys.excepthook is notifier
        try:
            raise ValueError("the plugin returned nonsense")
        except ValueError as error:
            with caplog.at_level(logging.ERROR, logger="agent_desktop.system.crash"):
                sys.excepthook(type(error), error, error.__traceback__)
    finally:
        notifier.uninstall()
    assert sys.excepthook is previous
    assert notices == [
        "Something went wrong: ValueError: the plugin returned nonsense. The app keeps running; "
        f"details are in the log file {tmp_path / 'app.log'}."
    ]
    assert "test_excepthook_logs_and_notifies_without_a_dialog" in caplog.text
    # With its traceback (as exc_info, or in the message once the app's redacting log filter,
    # installed by an earlier test that started the app, has folded it in).
    assert 'raise ValueError("the plugin returned nonsense")' in caplog.text


def test_log_file_redacts_secrets(tmp_path):
    from agent_app.secrets import remember_secret_value

    remember_secret_value("sk-very-secret-value-123")
    path = configure_logging(tmp_path / "logs")
    root = logging.getLogger()
    try:
        logging.getLogger("agent_desktop.test").warning("calling with key sk-very-secret-value-123")
        for handler in root.handlers:
            handler.flush()
        text = path.read_text(encoding="utf-8")
    finally:
        for handler in list(root.handlers):
            if getattr(handler, "baseFilename", None) == str(path):
                root.removeHandler(handler)
                handler.close()
    assert "calling with key" in text
    assert "sk-very-secret-value-123" not in text
