"""`agent-desktop serve` over real HTTP: a run's events, approvals of tools that run on the
server, the cursor and the answer surviving a restart, TLS and loopback rules, revoking the
token, and no Qt in the server's process."""

from __future__ import annotations

import json
import re
import signal
import ssl
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.support.serve_process import ROOT, SCRIPTED_CONFIG, ServeProcess

from agent_app.serve.tls import fingerprint
from agent_memory.store import MemoryStore

pytestmark = pytest.mark.integration

SLOW_ANSWER = "A slow answer that keeps streaming while the server is restarted. " * 2


def _events_until(
    client: httpx.Client, since_id: str, done: str, session_id: str, timeout: float = 30
) -> list[dict[str, Any]]:
    """Every event after `since_id` up to the first of type `done` (long polls)."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = client.get(
            "/events", params={"since_id": since_id, "session_id": session_id, "wait": 5}
        ).json()
        seen.extend(page["events"])
        since_id = page["next_since_id"]
        if any(event["type"] == done for event in page["events"]):
            return seen
    raise AssertionError(f"no {done} event; got {[e['type'] for e in seen]}")


def _new_chat(client: httpx.Client) -> str:
    return str(client.post("/sessions", json={}).json()["session_id"])


def test_a_send_streams_its_events_with_string_ids_and_the_chat_is_stored(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        assert client.get("/events").json() == {"events": [], "latest_event_id": "0"}
        session_id = _new_chat(client)
        started = client.post(
            f"/sessions/{session_id}/send",
            json={"message": "Hello", "overrides": {"script": ["Hi from the server."]}},
        )
        assert started.status_code == 202
        events = _events_until(client, started.json()["since_id"], "request_completed", session_id)
        kinds = [event["type"] for event in events]
        assert kinds.index("request_started") < kinds.index("assistant")
        assert all(isinstance(event["event_id"], str) for event in events)
        request_id = next(e["request_id"] for e in events if e["type"] == "request_started")
        only_request = client.get("/events", params={"since_id": "0", "request_id": request_id})
        assert {e["request_id"] for e in only_request.json()["events"]} == {request_id}
        stored = client.get(f"/sessions/{session_id}").json()["session"]["messages"]
        assert [m["content"] for m in stored] == ["Hello", "Hi from the server."]
        assert (
            client.patch(f"/sessions/{session_id}", json={"title": "Greeting"}).status_code == 200
        )
        listed = client.get("/sessions").json()["sessions"]
        assert [(s["session_id"], s["title"]) for s in listed] == [(session_id, "Greeting")]
        assert client.delete(f"/sessions/{session_id}").status_code == 204
        assert client.get(f"/sessions/{session_id}").status_code == 404
    finally:
        server.stop()


def test_a_server_tool_asks_the_client_and_runs_on_the_server_once_approved(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        session_id = _new_chat(client)
        marker = tmp_path / "ran-on-the-server"
        command = {"name": "shell", "arguments": {"command": f"touch {marker} && echo done"}}
        script = [{"content": "", "tool_calls": [command]}, "Finished."]
        started = client.post(
            f"/sessions/{session_id}/send",
            json={"message": "Run it", "overrides": {"script": script}},
        )
        events = _events_until(client, started.json()["since_id"], "approval_requested", session_id)
        asked = next(e for e in events if e["type"] == "approval_requested")
        assert asked["request"]["runs_on"] == "server"
        assert asked["request"]["tool_name"] == "shell"
        assert not marker.exists()
        wrong = client.post(
            f"/sessions/{session_id}/approvals", json={"call_key": [9, 9], "decision": "allow_once"}
        )
        assert wrong.status_code == 404
        decided = client.post(
            f"/sessions/{session_id}/approvals",
            json={"call_key": asked["call_key"], "decision": "allow_once"},
        )
        assert decided.status_code == 200
        rest = _events_until(client, events[-1]["event_id"], "request_completed", session_id)
        result = next(e for e in rest if e["type"] == "tool_result")
        assert "done" in result["message"]["content"]
        assert marker.exists()
    finally:
        server.stop()


def test_a_restart_mid_answer_loses_and_doubles_nothing_and_the_cursor_survives(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        session_id = _new_chat(client)
        turn = {"content": SLOW_ANSWER, "chunk_size": 4, "delay": 0.05}
        started = client.post(
            f"/sessions/{session_id}/send",
            json={"message": "Go on", "overrides": {"script": [turn]}},
        )
        seen = _events_until(client, started.json()["since_id"], "partial", session_id)
        server.stop()  # SIGTERM mid-answer: the answer finishes, then it exits
        server.start()
        client = server.client()
        seen += _events_until(client, seen[-1]["event_id"], "request_completed", session_id)
        ids = [int(event["event_id"]) for event in seen]
        assert ids == sorted(set(ids)), "an event came twice or out of order"
        answer = next(e for e in seen if e["type"] == "assistant")
        assert answer["message"]["content"] == SLOW_ANSWER
        # The session's cursor was kept: a read from it replays nothing.
        client.get("/events", params={"session_id": session_id})
        assert client.get("/events", params={"session_id": session_id}).json()["events"] == []
    finally:
        server.stop()


def test_a_server_killed_mid_answer_ends_the_request_at_its_next_start(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        session_id = _new_chat(client)
        turn = {"content": SLOW_ANSWER * 4, "chunk_size": 2, "delay": 0.05}
        started = client.post(
            f"/sessions/{session_id}/send",
            json={"message": "Go on", "overrides": {"script": [turn]}},
        )
        seen = _events_until(client, started.json()["since_id"], "partial", session_id)
        assert server.process is not None
        server.process.send_signal(signal.SIGKILL)
        server.stop()
        server.start()
        rest = _events_until(
            server.client(), seen[-1]["event_id"], "request_interrupted", session_id
        )
        ended = next(e for e in rest if e["type"] == "request_interrupted")
        request_id = next(e["request_id"] for e in seen if e["type"] == "request_started")
        assert ended["request_id"] == request_id
    finally:
        server.stop()


def test_the_server_process_never_loads_qt(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        assert server.process is not None
        maps = Path(f"/proc/{server.process.pid}/maps").read_text(encoding="utf-8")
        assert "Qt6" not in maps
        assert "PySide6" not in maps
        assert "shiboken" not in maps
    finally:
        server.stop()


def test_binding_beyond_loopback_without_tls_is_refused_with_the_ways_out(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path)
    refused = subprocess.run(
        server.command("--bind", "0.0.0.0:0"), cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2
    assert "--tls-cert FILE --tls-key FILE" in refused.stderr
    assert "--tls-self-signed" in refused.stderr
    assert "ssh -N -L" in refused.stderr


def test_a_self_signed_server_prints_the_fingerprint_it_serves(tmp_path: Path) -> None:
    command = ServeProcess(tmp_path).command("--bind", "127.0.0.1:0", "--tls-self-signed")
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
        port = int(re.search(r":(\d+)$", lines[0].strip()).group(1))  # type: ignore[union-attr]
        assert lines[0].startswith("Agent server listening on https://")
        printed = lines[2].rsplit(" ", 1)[1].strip()
        deadline = time.monotonic() + 60
        while True:
            try:
                served = ssl.get_server_certificate(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        assert fingerprint(served.encode()) == printed
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(60)
        if process.stdout is not None:
            process.stdout.close()


def test_a_revoked_token_is_refused_by_the_running_server(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        assert client.get("/sessions").status_code == 200
        revoked = subprocess.run(
            [*server.command("--revoke-token")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "was revoked" in revoked.stdout
        deadline = time.monotonic() + 10
        while client.get("/sessions").status_code != 401:
            assert time.monotonic() < deadline, "the revoked token still works"
            time.sleep(0.2)
    finally:
        server.stop()


def test_a_client_revokes_the_token_it_holds_and_the_next_request_is_refused(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path).start()
    try:
        client = server.client()
        assert client.delete("/token").status_code == 204
        assert client.get("/sessions").status_code == 401  # at once, not after a recheck
        assert not (tmp_path / "token").exists()
        assert "The access token was revoked by a client" in server.log()
        assert server.process is not None
        assert server.process.poll() is None
    finally:
        server.stop()


WEATHER_CONFIG = {
    "plugins": ["tests.support.serve_plugins.WeatherTools"],
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
WEATHER_CALL = {"name": "weather", "arguments": {}}


def test_a_plugins_settings_are_read_and_changed_over_the_api_and_the_next_request_uses_them(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path, config=WEATHER_CONFIG)
    server.paths.settings_path.parent.mkdir(parents=True, exist_ok=True)
    server.paths.settings_path.write_text('{"tool_approvals": {"weather": "always"}}')
    server.start()
    secret = "sky-key-0123456789-abcdefghij"
    try:
        client = server.client()
        pages = {p["plugin"]: p for p in client.get("/settings/plugins").json()["plugins"]}
        assert {"weather_tools", "shell", "compaction"} <= set(pages)
        assert "scripted" not in pages  # providers have their own page
        weather = pages["weather_tools"]
        assert [e["key"] for e in weather["schema_entries"]] == ["weather.city", "weather.api_key"]
        assert weather["values"] == {}

        name = "agents.default.weather_tools.weather.api_key"
        changed = client.put(
            "/settings/plugins/weather_tools",
            json={
                "values": {"weather.city": "Bergen", "weather.api_key": f"${{keyring:{name}}}"},
                "secrets": {name: secret},
            },
        )
        assert changed.status_code == 200, changed.text
        assert secret not in changed.text
        again = client.get("/settings/plugins").json()
        weather = next(p for p in again["plugins"] if p["plugin"] == "weather_tools")
        assert weather["values"]["weather.city"] == "Bergen"
        assert weather["stored_secrets"] == [name]
        assert secret not in json.dumps(again)
        assert secret not in server.paths.config_path.read_text(encoding="utf-8")

        session_id = _new_chat(client)
        started = client.post(
            f"/sessions/{session_id}/send",
            json={
                "message": "Weather?",
                "overrides": {"script": [{"tool_calls": [WEATHER_CALL]}, "Ok."]},
            },
        )
        events = _events_until(client, started.json()["since_id"], "request_completed", session_id)
        [result] = [e for e in events if e["type"] == "tool_result"]
        assert f"Sunny in Bergen (key of {len(secret)} characters)" in json.dumps(result)
    finally:
        server.stop()


REACHING_BEYOND = [
    ({"values": {"weather.town": "x"}}, "has no setting 'weather.town'"),
    ({"secrets": {"providers.scripted.api_key": "x"}}, "is not a secret of the plugin"),
    (
        {"values": {"weather.api_key": "${keyring:providers.scripted.api_key}"}},
        "may only refer to this plugin's own secrets",
    ),
    ({"values": "city"}, '"values" must be an object'),
]


def test_a_plugin_settings_change_that_reaches_beyond_the_plugin_is_refused(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path, config=WEATHER_CONFIG).start()
    try:
        client = server.client()
        for body, refusal in REACHING_BEYOND:
            answer = client.put("/settings/plugins/weather_tools", json=body)
            assert answer.status_code == 400, body
            assert refusal in answer.json()["error"]
        unknown = client.put("/settings/plugins/nowhere", json={})
        assert unknown.status_code == 400
        assert "no settings page for the plugin 'nowhere'" in unknown.json()["error"]
        assert "weather" not in server.paths.config_path.read_text(encoding="utf-8")
    finally:
        server.stop()


def test_a_settings_pages_action_runs_on_the_server_for_the_chosen_agent(tmp_path: Path) -> None:
    writer = {"label": "Writer", "provider": "scripted"}
    config = {**SCRIPTED_CONFIG, "agents": {**SCRIPTED_CONFIG["agents"], "writer": writer}}
    server = ServeProcess(tmp_path, config=config)
    item = MemoryStore(server.paths.memory_path, clean=str).add("Tea, no sugar", "app")
    server.start()
    try:
        client = server.client()
        described = client.get("/settings/plugins", params={"agent_id": "writer"}).json()
        assert described["agent_id"] == "writer"
        assert described["agents"] == [
            {"id": "default", "label": "Default"},
            {"id": "writer", "label": "Writer"},
        ]
        ran = client.post(
            "/settings/plugins/memory/actions",
            params={"agent_id": "writer"},
            json={"action_id": "memory_update", "params": {"id": item.id, "text": "Green tea"}},
        )
        assert ran.status_code == 200, ran.text
        assert ran.json()["result"]["message"] == f"Item #{item.id} now reads: Green tea"
        again = client.get("/settings/plugins").json()
        memory = next(p for p in again["plugins"] if p["plugin"] == "memory")
        [records] = [e for e in memory["elements"] if e.get("type") == "records"]
        assert [r["text"] for r in records["records"]] == ["Green tea"]

        not_on_the_page = client.post(
            "/settings/plugins/memory/actions",
            json={"action_id": "memory_chat_switch", "params": {}},
        )
        assert not_on_the_page.status_code == 400
        assert "has no action 'memory_chat_switch'" in not_on_the_page.json()["error"]
    finally:
        server.stop()
