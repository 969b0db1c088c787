"""One running copy per data folder: a second launch hands over to the first and exits.

Real processes through the real entry point (`python -m agent_desktop`, offscreen): the first
copy runs; a second launch on the same folder brings it forward and hands it the file to import;
a copy killed with SIGKILL leaves a stale lock the next start takes over; a lock held by a copy
that does not answer makes the second launch say why and exit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile
from tests.support.app_process import start_app
from tests.support.wire_servers import closed_port

from agent_app.paths import resolve_paths
from agent_app.store import SessionStore
from agent_core import Message, Session
from agent_desktop.system.single_instance import LOCK_FILE_NAME

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def launch(home: Path, *files: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "agent_desktop", "--data-dir", str(home), *map(str, files)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail("timed out")
        time.sleep(0.1)


def titles_on_disk(home: Path) -> list[str]:
    database = resolve_paths(home).database_path
    if not database.exists():
        return []
    store = SessionStore(database)
    try:
        return [item["title"] for item in store.list_sessions()]
    finally:
        store.close()


def an_export(tmp_path: Path) -> Path:
    export = {
        "format": "agent-desktop-session",
        "version": 1,
        "session": Session(
            "exported", [Message("user", "hi"), Message("assistant", "hello")], {"title": "Handed"}
        ).to_dict(),
        "assets": [],
    }
    path = tmp_path / "handed.agent-session.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    return path


def launch_to_the_end(home: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """A launch of the app on data folder `home` that is expected to end (a second copy)."""
    return subprocess.run(
        [sys.executable, "-m", "agent_desktop", "--data-dir", str(home), *arguments],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_second_launch_hands_over_to_the_running_copy_and_a_killed_copy_is_replaced(tmp_path):
    home = tmp_path / "home"
    log_file = resolve_paths(home).log_dir / "agent-desktop.log"
    first = launch(home)
    try:
        wait_for(lambda: log_file.exists() and "window ready" in log_file.read_text())

        second = launch_to_the_end(home, str(an_export(tmp_path)))

        assert second.returncode == 0, second.stderr[-2000:]
        assert "already running" in second.stdout
        assert "brought to the front" in second.stdout
        wait_for(lambda: titles_on_disk(home) == ["Handed"], timeout=20)  # the first imported it
        assert first.poll() is None
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=30)

    # The killed copy's lock is stale: the next start takes it over.
    seen = start_app(home)
    assert seen["claimed"] is True
    assert seen["titles"] == ["Handed"]


def test_a_copy_that_does_not_answer_is_named_and_the_second_launch_exits(tmp_path):
    home = tmp_path / "home"
    data_dir = resolve_paths(home).data_dir
    data_dir.mkdir(parents=True)
    held = QLockFile(str(data_dir / LOCK_FILE_NAME))  # this test process is the silent copy
    assert held.tryLock(0)
    try:
        second = launch_to_the_end(home)
    finally:
        held.unlock()

    assert second.returncode == 1
    # The folder named is the one given with --data-dir (it said ".../home/data").
    assert f"already running with the data folder {home} (" in second.stderr
    assert f"process {os.getpid()}" in second.stderr
    assert "did not answer" in second.stderr


def test_quick_entry_from_the_command_line_starts_the_app_or_readies_the_running_one(tmp_path):
    """`agent-desktop --quick-entry` (what a shortcut made in the desktop's own keyboard
    settings runs, where the app cannot take global keys): the first starts the app with its
    message box ready; the next hands over to it, which readies it again."""
    home = tmp_path / "home"
    log_file = resolve_paths(home).log_dir / "agent-desktop.log"

    def quick_entries() -> list[str]:
        text = log_file.read_text() if log_file.exists() else ""
        return [line for line in text.splitlines() if "quick entry: " in line]

    setup = resolve_paths(home).config_path  # set up earlier: the chat opens, not first-run
    setup.parent.mkdir(parents=True, exist_ok=True)
    base_url = f"http://127.0.0.1:{closed_port()}/v1"
    provider = {"provider": "openai_compatible", "base_url": base_url, "model": "m"}
    config = {"providers": {"local": provider}, "agents": {"default": {"provider": "local"}}}
    setup.write_text(json.dumps(config), encoding="utf-8")

    first = subprocess.Popen(
        [sys.executable, "-m", "agent_desktop", "--data-dir", str(home), "--quick-entry"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for(lambda: len(quick_entries()) == 1)

        second = launch_to_the_end(home, "--quick-entry")

        assert second.returncode == 0, second.stderr[-2000:]
        assert "brought to the front" in second.stdout
        wait_for(lambda: len(quick_entries()) == 2, timeout=20)
        assert "of the chat shown" in quick_entries()[1]  # the new chat, still empty
        assert first.poll() is None
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=30)
