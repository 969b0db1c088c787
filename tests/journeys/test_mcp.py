"""MCP journeys: the real window with real MCP servers (our stdio/HTTP test servers, servers that
hang or fail) and a loopback OpenAI-compatible provider, driven by keys like a user."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

REPO_ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path("/work/notes/shots/16")
TEST_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_stdio_server"],
    "cwd": str(REPO_ROOT),
}
HUNG_SERVER = {
    "command": sys.executable,
    "args": ["-c", "import time; time.sleep(120)"],  # never answers `initialize`
    "startup_timeout": 90,
}
FAILING_SERVER = {
    "command": sys.executable,
    "args": ["-c", "import sys; sys.exit('fatal: GITHUB_TOKEN is not set')"],
}


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with WireServer() as running:
        running.models = {"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model"}]}
        yield running


def app_config(provider: WireServer, servers: dict[str, Any]) -> dict[str, Any]:
    return {
        "providers": {
            "loopback": {
                "provider": "openai_compatible",
                "base_url": f"{provider.url}/v1",
                "model": "gpt-4o-mini",
                "api_key": "sk-journey-0a1b2c3d4e5f",
            }
        },
        "agents": {"default": {"label": "Default", "provider": "loopback"}},
        "mcp_servers": servers,
    }


def server_state(journey: Any, name: str) -> str:
    plugin = journey.app.get_plugin_instance("mcp_tools")
    return {status["name"]: status["state"] for status in plugin.server_status()}.get(name, "")


def send(journey: Any, text: str) -> None:
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text(text, composer)
    journey.press(Qt.Key.Key_Return, widget=composer)


def save_shot(journey: Any, name: str) -> None:
    if SHOTS.parent.is_dir():  # the notes folder of this machine; tests write nowhere else
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name)


def test_a_hung_server_does_not_delay_a_plain_chat(journey, provider):
    provider.enqueue("openai_text_stream")
    journey.write_config(
        app_config(provider, {"hung": HUNG_SERVER, "t": TEST_SERVER, "broken": FAILING_SERVER})
    )
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "t") == "running", timeout=30)
    journey.wait_until(lambda: server_state(journey, "broken") == "failed", timeout=30)
    assert server_state(journey, "hung") == "starting"

    sent_at = time.monotonic()
    send(journey, "hi")
    journey.wait_until(
        lambda: any(item.text == "Hello, world!" for item in window.chat_model.items()),
        timeout=10,
    )
    answered_after = time.monotonic() - sent_at
    # The provider answers at once; the hung server (90 s start-up timeout) must not add to it.
    assert answered_after < 1.0, f"the answer took {answered_after:.2f} s"

    (post,) = provider.posts
    offered = {tool["function"]["name"] for tool in post.body.get("tools", [])}
    assert "mcp__t__echo" in offered  # the ready server's tools went out with the request
    assert not any(name.startswith(("mcp__hung__", "mcp__broken__")) for name in offered)

    journey.wait_until(lambda: window.state_label.text() == "Ready")
    notices = [item.text for item in window.chat_model.items() if item.kind == "notice"]
    assert len(notices) == 1
    assert notices[0].startswith("1 of 3 tool servers ready — 'hung' is still starting; ")
    assert "'broken' failed: exited before the MCP handshake finished" in notices[0]
    save_shot(journey, "chat-notice-failing-server.png")
