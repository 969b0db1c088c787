"""The desktop's child `agent-desktop serve`: reported when it ends unasked, left running when
the user chose so. Real child processes on loopback, their keyring the tests' in-memory one."""

from __future__ import annotations

import asyncio
import signal
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
        assert server.process is not None
        await asyncio.to_thread(_wait_until_serving, started.url, started.token)
        server.process.send_signal(signal.SIGTERM)  # stopped by someone else, not the app
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
