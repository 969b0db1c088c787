"""GUI-thread stalls while a provider takes 3 s to list its models or to answer a session
action's model call (a compaction's summary).

The loop runs a 5 ms ticker; the longest gap between ticks is how long the GUI thread could not
paint or take input. Baseline: the question asked on the loop's own thread (what a widget that
built its own core did, and what the window did with actions before the Conversation ran them).
Candidate: the same through `app.plugin_queries` / `Conversation.run_action` (the core's
workers). Run with ``-s`` to see the figures; the tests check only that both got their answer.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from agent_app.application import AgentApplication
from agent_app.config import AgentConfig, ProviderConfig
from agent_app.paths import resolve_paths

SLOW_SECONDS = 1.0  # slow enough that a blocked loop shows in seconds against ms ticks
TICK_SECONDS = 0.005


class _SlowModels(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        self._answer_slowly({"object": "list", "data": [{"id": "slow-model"}]})

    def do_POST(self) -> None:  # a chat completion (the summary a compaction asks for)
        self.rfile.read(int(self.headers.get("content-length") or 0))
        message = {"role": "assistant", "content": "A short summary."}
        self._answer_slowly(
            {
                "id": "c1",
                "object": "chat.completion",
                "model": "slow-model",
                "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            }
        )

    def _answer_slowly(self, answer: dict[str, Any]) -> None:
        time.sleep(SLOW_SECONDS)
        body = json.dumps(answer).encode()
        try:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting
            self.close_connection = True


@pytest.fixture
def slow_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _SlowModels)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}/v1"
    server.shutdown()
    server.server_close()


def slow_app(folder: Path, url: str) -> AgentApplication:
    app = AgentApplication(resolve_paths(folder))
    app.config.providers["slow"] = ProviderConfig(
        provider="openai_compatible", base_url=url, model="slow-model"
    )
    app.config.agents["default"] = AgentConfig(provider="slow")
    return app


async def longest_stall(work: Any) -> tuple[float, Any]:
    """(longest gap between ticks in seconds, the work's result)."""
    longest = 0.0
    done = asyncio.Event()

    async def ticker() -> None:
        nonlocal longest
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(TICK_SECONDS)
            now = time.perf_counter()
            longest = max(longest, now - last)
            last = now

    ticking = asyncio.ensure_future(ticker())
    await asyncio.sleep(0.05)
    try:
        result = await work()
    finally:
        done.set()
        await ticking
    return longest, result


async def test_model_list_from_a_slow_server_does_not_stall_the_gui_thread(
    tmp_path: Path, slow_server: str
) -> None:
    baseline_app = slow_app(tmp_path / "baseline", slow_server)
    facade_app = slow_app(tmp_path / "facade", slow_server)
    try:

        async def on_the_loop_thread() -> list[Any]:
            core = baseline_app.agents.build_core("default")
            config = baseline_app.resolve_request_config(
                baseline_app.build_agent_config("default"), {}
            )
            return list(core.get_models(config))

        async def through_the_facade() -> list[str]:
            listed = await facade_app.model_catalog.providers()
            return [model.model_id for provider in listed for model in provider.models]

        baseline, listed = await longest_stall(on_the_loop_thread)
        candidate, names = await longest_stall(through_the_facade)
    finally:
        await baseline_app.aclose()
        await facade_app.aclose()
    print(
        f"\nlongest GUI-thread stall while listing models from a {SLOW_SECONDS:g} s server: "
        f"baseline (on the loop thread) {baseline * 1000:.0f} ms, "
        f"model catalog {candidate * 1000:.0f} ms, ratio {candidate / baseline:.3f}x"
    )
    assert listed
    assert "slow-model" in names


async def test_a_session_action_calling_a_slow_model_does_not_stall_the_gui_thread(
    tmp_path: Path, slow_server: str
) -> None:
    from agent_app.conversation import Conversation
    from agent_core import Message, Session

    history = [Message("user", "Hello"), Message("assistant", "Hi! How can I help?")]
    apps = [slow_app(tmp_path / name, slow_server) for name in ("baseline", "candidate")]
    try:
        chats = []
        for app in apps:
            created = app.sessions.create_session("default")
            chats.append(
                app.sessions.save_session(Session(created.session_id, history, created.metadata))
            )

        async def on_the_loop_thread() -> dict[str, Any]:
            _session, result = apps[0].sessions.run_session_action(chats[0], "compact_full")
            return result

        async def through_the_conversation() -> dict[str, Any]:
            return await Conversation(
                apps[1].sessions, apps[1], apps[1].plugin_queries, chats[1]
            ).run_action("compact_full")

        baseline, first = await longest_stall(on_the_loop_thread)
        candidate, second = await longest_stall(through_the_conversation)
    finally:
        for app in apps:
            await app.aclose()
    print(
        f"\nlongest GUI-thread stall while a compaction waits {SLOW_SECONDS:g} s for its summary: "
        f"baseline (on the loop thread) {baseline * 1000:.0f} ms, "
        f"Conversation.run_action {candidate * 1000:.0f} ms, ratio {candidate / baseline:.3f}x"
    )
    assert first.get("status") == "ok", first
    assert second.get("status") == "ok", second
