"""The desktop's side of a remote chat, without Qt: a `RemoteConversation` on a real server.

The server is stopped mid-answer and started again: the chat resumes with since_id and ends
with the whole answer, every event applied once. A tool the server runs asks here, and runs
there once allowed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.support import server_behaviours as behave
from tests.support.serve_process import ServeProcess, lab_config
from tests.support.wire_servers import serving_models

from agent_app.model_choice import ModelChoice
from agent_app.remote.client import RemoteAgentClient, RemoteServerError, fetch_certificate
from agent_app.remote.conversation import RemoteConversation
from agent_app.serve.tls import fingerprint, self_signed_certificate

pytestmark = pytest.mark.integration

ANSWER = "Streaming from the server while it restarts, word after word after word. " * 2


async def _until(condition: Callable[[], Any], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_a_remote_chat_resumes_after_a_server_restart_with_every_event_once(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path).start()
    client = RemoteAgentClient(server.url, server.token)
    try:
        created = await client.create_session()
        chat = RemoteConversation(client, created["session_id"], "test server")
        await chat.open()
        shown: list[dict[str, Any]] = []
        chat.subscribe(shown.append)
        turn = {"content": ANSWER, "chunk_size": 4, "delay": 0.05}
        await chat.send("Tell me", overrides={"script": [turn]})
        await _until(lambda: any(e["type"] == "partial" for e in shown))
        await asyncio.to_thread(server.stop)  # mid-answer: the client sees the network go
        await asyncio.to_thread(server.start)
        await _until(lambda: any(e["type"] == "request_finished" for e in shown))
        assert [m.content for m in chat.session.messages] == ["Tell me", ANSWER]
        assert len(chat.seen_event_ids) == len(set(chat.seen_event_ids))
        assert [int(i) for i in chat.seen_event_ids] == sorted(int(i) for i in chat.seen_event_ids)
        assert [e["type"] for e in shown].count("assistant") == 1
        assert not chat.busy
    finally:
        await client.aclose()
        server.stop()


async def test_a_server_tool_is_approved_here_and_runs_there(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    client = RemoteAgentClient(server.url, server.token)
    try:
        created = await client.create_session()
        chat = RemoteConversation(client, created["session_id"], "the build box")
        await chat.open()
        marker = tmp_path / "made-by-the-server"
        command = {"name": "shell", "arguments": {"command": f"touch {marker}"}}
        script = [{"content": "", "tool_calls": [command]}, "Done there."]
        await chat.send("Make the file", overrides={"script": script})
        await _until(lambda: chat.awaiting_approval)
        (request,) = chat.pending_approvals()
        assert request["runs_on"] == "the build box"
        assert not marker.exists()
        chat.decide(request["call_key"], {"decision": "allow_once"})
        await _until(
            lambda: chat.session.messages and chat.session.messages[-1].content == "Done there."
        )
        assert marker.exists()
        assert not chat.awaiting_approval
    finally:
        await client.aclose()
        server.stop()


async def test_a_session_action_runs_on_the_server_and_the_chat_shows_its_result(
    tmp_path: Path,
) -> None:
    server = ServeProcess(tmp_path).start()
    client = RemoteAgentClient(server.url, server.token)
    try:
        created = await client.create_session()
        chat = RemoteConversation(client, created["session_id"], "test server")
        await chat.open()
        shown: list[dict[str, Any]] = []
        chat.subscribe(shown.append)
        await chat.send("First question", overrides={"script": ["First answer."]})
        await _until(lambda: any(e["type"] == "request_finished" for e in shown))
        schema = await client.ui_schema(chat.session_id)
        action = next(a for a in schema["actions"] if a["id"] == "compact_full")
        result = await chat.run_action(
            action["id"], {}, owner=action["action_owner"], label=action["label"]
        )
        assert result.get("status") != "error", result
        assert "history_reset" in [e["type"] for e in shown]
        stored = (await client.read_session(chat.session_id))["session"]["messages"]
        assert [m.to_dict()["content"] for m in chat.session.messages] == [
            m["content"] for m in stored
        ]
        assert len(stored) == 1  # the two messages became one summary, on the server
    finally:
        await client.aclose()
        server.stop()


async def test_a_pinned_certificate_is_trusted_and_any_other_refused(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "server", "--tls-self-signed").start()
    other_folder = tmp_path / "other"
    other_certificate, _key = self_signed_certificate(other_folder, "127.0.0.1")
    presented = await asyncio.to_thread(fetch_certificate, server.url)
    assert fingerprint(presented.encode()) in server.stdout  # what the user compares
    pinned = RemoteAgentClient(server.url, server.token, certificate=presented)
    impostor = RemoteAgentClient(
        server.url, server.token, certificate=other_certificate.read_text(encoding="ascii")
    )
    try:
        assert await pinned.list_sessions() == []
        with pytest.raises(RemoteServerError, match="another certificate than the one pinned"):
            await impostor.list_sessions()
    finally:
        await pinned.aclose()
        await impostor.aclose()
        server.stop()


async def test_a_server_chat_lists_the_servers_models_and_its_pick_reaches_the_servers_provider(
    tmp_path: Path,
) -> None:
    with serving_models("lab-small", "lab-large") as wire:
        wire.behave(lambda _body: behave.openai_text("From the lab."))
        server = ServeProcess(tmp_path, config=lab_config(wire.url)).start()
        client = RemoteAgentClient(server.url, server.token)
        try:
            created = await client.create_session()
            chat = RemoteConversation(client, created["session_id"], "the lab")
            await chat.open()
            assert chat.model_choice == ModelChoice("lab", "lab-small")  # what the server uses
            (listed,) = await chat.list_models()
            assert (listed.provider_id, listed.label) == ("lab", "Lab GPUs")
            assert [m.model_id for m in listed.models] == ["lab-small", "lab-large"]

            await chat.choose_model(ModelChoice("lab", "lab-large"))
            assert chat.model_choice == ModelChoice("lab", "lab-large")
            shown: list[dict[str, Any]] = []
            chat.subscribe(shown.append)
            await chat.send("Which model?")
            await _until(lambda: any(e["type"] == "request_finished" for e in shown))
            assert [r.body["model"] for r in wire.posts] == ["lab-large"]
            reopened = RemoteConversation(client, chat.session_id, "the lab")
            await reopened.open()  # the pick is kept with the chat, on the server
            assert reopened.model_choice == ModelChoice("lab", "lab-large")
            await reopened.aclose()
            await chat.aclose()
        finally:
            await client.aclose()
            server.stop()


async def test_a_server_refuses_a_model_of_a_provider_it_does_not_have(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path).start()
    client = RemoteAgentClient(server.url, server.token)
    try:
        created = await client.create_session()
        with pytest.raises(RemoteServerError, match=r"no provider 'openai'.*scripted"):
            await client.choose_model(created["session_id"], {"provider": "openai", "model": "x"})
    finally:
        await client.aclose()
        server.stop()
