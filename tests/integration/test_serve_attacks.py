"""Attacks on `agent-desktop serve`, each a real request against a real server on loopback:
each is refused, the refusal is logged (without what the attacker sent), and the server stays
alive and keeps serving its owner. (The attack table of issue [7/10].)"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.support.serve_process import ServeProcess

pytestmark = pytest.mark.integration

SLOW_CLIENT_SECONDS = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    home = tmp_path_factory.mktemp("serve")
    serving = ServeProcess(home, "--slow-client-seconds", str(SLOW_CLIENT_SECONDS)).start()
    yield serving
    serving.stop()


@pytest.fixture
def session_id(server: ServeProcess) -> str:
    created = server.client().post("/sessions", json={"title": "Target"})
    assert created.status_code == 201
    return str(created.json()["session_id"])


def _logged(server: ServeProcess, text: str) -> bool:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if text in server.log():
            return True
        time.sleep(0.05)
    return False


def test_no_token_is_refused(server: ServeProcess) -> None:
    answer = httpx.get(f"{server.url}/sessions")
    assert answer.status_code == 401
    assert "Authorization: Bearer" in answer.json()["error"]
    assert _logged(server, "Refused GET /sessions from 127.0.0.1: no access token")
    assert server.alive()


def test_the_settings_of_the_servers_plugins_need_the_token_and_refuse_web_pages(
    server: ServeProcess,
) -> None:
    body = {"values": {"shell_timeout_seconds": 1}}
    assert httpx.get(f"{server.url}/settings/plugins").status_code == 401
    assert httpx.put(f"{server.url}/settings/plugins/shell", json=body).status_code == 401
    from_a_page = server.client(headers={"Origin": "https://attacker.example"})
    assert from_a_page.get("/settings/plugins").status_code == 403
    assert from_a_page.put("/settings/plugins/shell", json=body).status_code == 403
    assert _logged(server, "Refused PUT /settings/plugins/shell from 127.0.0.1")
    action = {"action_id": "memory_delete", "params": {"id": 1}}
    assert (
        httpx.post(f"{server.url}/settings/plugins/memory/actions", json=action).status_code == 401
    )
    assert from_a_page.post("/settings/plugins/memory/actions", json=action).status_code == 403
    assert _logged(server, "Refused POST /settings/plugins/memory/actions from 127.0.0.1")
    assert "shell_timeout_seconds" not in server.paths.config_path.read_text(encoding="utf-8")
    assert server.alive()


def test_brute_force_locks_the_address_out_even_for_the_right_token(
    tmp_path: Path,
) -> None:
    # Its own server: the lock-out would otherwise shut the other tests out for a minute.
    server = ServeProcess(tmp_path).start()
    try:
        guesses = [
            httpx.get(f"{server.url}/sessions", headers={"Authorization": f"Bearer guess{n:040d}"})
            for n in range(10)
        ]
        assert [guess.status_code for guess in guesses] == [401] * 10
        locked = server.client().get("/sessions")
        assert locked.status_code == 429
        assert "wrong tokens from this address" in locked.json()["error"]
        log = server.log()
        assert "10 failed attempts from this address" in log
        assert "guess0" not in log  # what was tried is never written down
        assert server.process is not None
        assert server.process.poll() is None
    finally:
        server.stop()


def test_a_wrong_host_is_refused_dns_rebinding(server: ServeProcess) -> None:
    answer = server.client(headers={"Host": f"attacker.example:{server.port}"}).get("/sessions")
    assert answer.status_code == 421
    assert _logged(server, "the Host header 'attacker.example")
    assert server.alive()


def test_a_web_page_origin_is_refused_csrf(server: ServeProcess, session_id: str) -> None:
    answer = server.client(headers={"Origin": "https://attacker.example"}).post(
        f"/sessions/{session_id}/send", json={"message": "delete everything"}
    )
    assert answer.status_code == 403
    assert _logged(server, "requests from web pages (https://attacker.example) are refused")
    assert server.client().get(f"/sessions/{session_id}").json()["session"]["messages"] == []
    assert server.alive()


@pytest.mark.parametrize("name", ["../../escaped.txt", "..", "/etc/passwd", "a\\..\\b.txt"])
def test_path_traversal_in_an_upload_name_is_refused(
    server: ServeProcess, session_id: str, name: str
) -> None:
    answer = server.client().post(
        f"/sessions/{session_id}/uploads", params={"name": name}, content=b"payload"
    )
    assert answer.status_code == 400
    assert "no folders" in answer.json()["error"]
    assert not (server.home / "escaped.txt").exists()
    assert not (server.paths.data_dir / "escaped.txt").exists()
    assert server.client().get(f"/sessions/{session_id}/uploads").json()["uploads"] == []
    assert server.alive()


def test_an_upload_is_stored_in_the_sessions_asset_store(
    server: ServeProcess, session_id: str
) -> None:
    answer = server.client().post(
        f"/sessions/{session_id}/uploads",
        params={"name": "notes.txt"},
        content=b"hello",
        headers={"Content-Type": "text/plain"},
    )
    assert answer.status_code == 201
    record = answer.json()
    assert (record["name"], record["size"], record["mime"]) == ("notes.txt", 5, "text/plain")
    listed = server.client().get(f"/sessions/{session_id}/uploads").json()["uploads"]
    assert [item["asset_id"] for item in listed] == [record["asset_id"]]


def test_an_oversized_body_is_refused_by_its_length(server: ServeProcess, session_id: str) -> None:
    answer = server.client().post(f"/sessions/{session_id}/send", content=b"x" * (2 * 1024 * 1024))
    assert answer.status_code == 413
    assert _logged(server, "is larger than this route takes (1048576 bytes)")
    assert server.alive()


def test_an_oversized_body_without_a_length_is_cut_off(
    server: ServeProcess, session_id: str
) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b"x" * 65536  # 2.5 MiB, chunked: no Content-Length to refuse it by

    answer = server.client().post(f"/sessions/{session_id}/send", content=chunks())
    assert answer.status_code == 413
    assert _logged(server, "the body passed 1048576 bytes")
    assert server.alive()


def test_a_slowloris_client_is_disconnected(server: ServeProcess) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as slow:
        slow.sendall(b"GET /sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.settimeout(0.5)
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < SLOW_CLIENT_SECONDS + 10:
            try:
                slow.sendall(b"X-Slow: 1\r\n")  # one header line now and then, never the end
                if slow.recv(1024) == b"":
                    closed = True
                    break
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
        assert closed, "the server kept a connection whose request head never ended"
        assert time.monotonic() - started < SLOW_CLIENT_SECONDS + 5
    assert _logged(server, "no whole request head within 2 s")
    assert server.alive()


def test_a_body_that_stalls_is_ended(server: ServeProcess, session_id: str) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as slow:
        head = (
            f"POST /sessions/{session_id}/send HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {server.token}\r\nContent-Length: 100\r\n\r\n{{"
        )
        slow.sendall(head.encode())
        slow.settimeout(SLOW_CLIENT_SECONDS + 10)
        answer = slow.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408")
    assert _logged(server, "its body stalled for 2 s")
    assert server.alive()
