"""The desktop's child `agent-desktop serve`: reported when it ends unasked, left running when
the user chose so, ended with an app that is killed. Real child processes on loopback, their
keyring the tests' in-memory one."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from agent_app.remote.local_server import LocalAgentServer

pytestmark = pytest.mark.integration


def _wait_until_serving(url: str, token: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            answer = httpx.get(f"{url}/sessions", headers={"Authorization": f"Bearer {token}"})
        except httpx.TransportError:
            time.sleep(0.1)
            continue
        if answer.status_code == 200:
            return
    raise AssertionError(f"{url} never answered")


@pytest.fixture(autouse=True)
def child_keyring(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "tests.support.keyring_backend.MemoryKeyring")


def test_a_server_that_ends_unasked_is_reported_with_its_address_and_last_stderr_line(
    tmp_path: Path,
) -> None:
    async def scenario() -> tuple[str, list[tuple[str, str]]]:
        died: list[tuple[str, str]] = []
        ended = asyncio.Event()

        def report(url: str, last_line: str) -> None:
            died.append((url, last_line))
            ended.set()

        server = LocalAgentServer(
            tmp_path / "server", "127.0.0.1:0", keep_running=False, on_died=report
        )
        started = await server.start()
        assert started.token
        server_pid = server.server_pid
        assert server_pid is not None
        await asyncio.to_thread(_wait_until_serving, started.url, started.token)
        os.kill(server_pid, signal.SIGTERM)  # stopped by someone else, not the app
        await asyncio.wait_for(ended.wait(), 60)
        return started.url, died

    url, died = asyncio.run(scenario())
    assert len(died) == 1
    assert died[0][0] == url
    assert "Finished server process" in died[0][1]


def test_stopping_a_server_kept_running_leaves_it_running_and_reports_nothing(
    tmp_path: Path,
) -> None:
    died: list[tuple[str, str]] = []

    async def scenario() -> LocalAgentServer:
        server = LocalAgentServer(
            tmp_path / "server", "127.0.0.1:0", keep_running=True, on_died=lambda *a: died.append(a)
        )
        await server.start()
        server.stop()
        await asyncio.sleep(1)
        return server

    server = asyncio.run(scenario())
    assert server.process is not None
    try:
        assert server.process.poll() is None
    finally:
        server.process.terminate()
        server.process.wait(60)
    assert died == []


# The app's side of "Start an agent server on this computer…" (as `RemoteChats` runs it), in a
# process of its own that the test kills: the server's pid, then it waits to be killed.
APP_WITH_A_SERVER = """
import asyncio, sys
from pathlib import Path
from agent_app.remote.local_server import LocalAgentServer

async def main(home):
    server = LocalAgentServer(Path(home), "127.0.0.1:0", keep_running=False, on_died=print)
    await server.start()
    print(server.server_pid, flush=True)
    await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1]))
"""


def _gone(pid: int) -> bool:
    """Ended: no such process, or one that ended and waits only to be reaped."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rpartition(b")")[2].split()[0] == b"Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the supervisor needs Linux")
def test_a_server_the_app_started_ends_when_the_app_is_killed(tmp_path: Path) -> None:
    errors = tmp_path / "app-stderr.txt"  # a file: a pipe nobody reads could fill and block
    with errors.open("w", encoding="utf-8") as stderr:
        app = subprocess.Popen(
            [sys.executable, "-c", APP_WITH_A_SERVER, str(tmp_path / "server")],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
    assert app.stdout is not None
    server_pid = int(app.stdout.readline().strip() or 0)
    try:
        assert server_pid, errors.read_text(encoding="utf-8")
        assert not _gone(server_pid)
    finally:
        app.send_signal(signal.SIGKILL)  # no Python code of the app runs after this
        app.wait(30)
    deadline = time.monotonic() + 10
    while not _gone(server_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if not _gone(server_pid):
        os.kill(server_pid, signal.SIGKILL)  # not left behind on the test machine
        raise AssertionError("the server outlived the app that started it")
