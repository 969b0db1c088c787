"""An MCP tool's image reaches the model: the real MCP plugin (our stdio server's `picture`
tool, a 2×2 PNG), run through `AgentCore`, then the next request of each provider to a loopback
server speaking its wire format. Models that read no images get the text description only."""

from __future__ import annotations

import base64
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from tests.support.mcp_legacy_server import PNG_2X2
from tests.support.wire_servers import WireServer

from agent_core import AgentCore, Message, Session
from anthropic_provider import AnthropicProvider
from mcp_tools import McpTools
from openai_provider import OpenAICompatibleProvider

pytestmark = pytest.mark.integration

REPO_ROOT = Path(__file__).resolve().parents[2]
SERVERS = {
    "legacy": {
        "command": sys.executable,
        "args": ["-m", "tests.support.mcp_legacy_server"],
        "cwd": str(REPO_ROOT),
    }
}
CALL = {
    "id": "call_pic",
    "type": "function",
    "function": {"name": "mcp__legacy__picture", "arguments": "{}"},
}
DESCRIPTION = f"[image: image/png, {len(PNG_2X2)} bytes, shown to the user]"


@pytest.fixture
async def core() -> AsyncIterator[AgentCore]:
    plugin = McpTools()
    agent_core = AgentCore()
    agent_core.register_provider(OpenAICompatibleProvider)
    agent_core.register_provider(AnthropicProvider)
    agent_core.register_tool(plugin)
    await plugin.start_servers(plugin.init({"mcp_servers": SERVERS}))
    yield agent_core
    agent_core.close()
    await plugin.aclose()


async def _next_request(core: AgentCore, server: WireServer, config: dict[str, Any]) -> Any:
    """Run the picture tool, then send the conversation on; the provider's request body."""
    config = {**config, "mcp_servers": SERVERS, "timeout": 5}
    (tool_message,) = await core.aexecute_tool_calls([CALL], config)
    assert tool_message["metadata"]["is_error"] is False
    session = Session(
        session_id="s1",
        messages=[
            Message(role="user", content="Draw me something"),
            Message(role="assistant", content="", metadata={"tool_calls": [CALL]}),
            Message.from_dict(tool_message),
        ],
    )
    async for _ in core.astream_request(session, config):
        pass
    (post,) = server.posts
    return post.body


def _png_of_data_url(url: str) -> bytes:
    header, data = url.split(",", 1)
    assert header == "data:image/png;base64"
    return base64.b64decode(data)


async def test_openai_chat_completions_gets_the_image_in_a_following_user_turn(core):
    with WireServer() as server:
        server.enqueue("openai_text_stream")
        config = {
            "provider": "openai_compatible",
            "base_url": f"{server.url}/v1",
            "model": "gpt-4o-mini",  # reads images
            "api_key": "sk-test-images-0a1b2c3d",
        }
        body = await _next_request(core, server, config)
    messages = body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "user"]
    assert DESCRIPTION in messages[2]["content"]
    (image,) = [part for part in messages[3]["content"] if part["type"] == "image_url"]
    assert _png_of_data_url(image["image_url"]["url"]) == PNG_2X2


async def test_a_model_without_vision_reads_the_description_only(core):
    with WireServer() as server:
        server.enqueue("openai_text_stream")
        config = {
            "provider": "openai_compatible",
            "base_url": f"{server.url}/v1",
            "model": "llama3.1:8b",  # a text-only model
            "api_key": "sk-test-images-0a1b2c3d",
        }
        body = await _next_request(core, server, config)
    messages = body["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant", "tool"]
    assert DESCRIPTION in messages[2]["content"]
    assert "1 image(s) not sent: this model reads no images." in messages[2]["content"]
    assert "base64" not in json.dumps(body)


async def test_anthropic_gets_the_image_inside_the_tool_result(core):
    with WireServer() as server:
        server.enqueue("anthropic_text_stream")
        config = {
            "provider": "anthropic",
            "base_url": server.url,
            "model": "claude-sonnet-4-6",
            "api_key": "sk-ant-test-images-1f2e3d4c",
        }
        body = await _next_request(core, server, config)
    (result_turn,) = [m for m in body["messages"] if m["role"] == "user"][1:]
    (tool_result,) = result_turn["content"]
    assert tool_result["type"] == "tool_result"
    assert tool_result["tool_use_id"] == "call_pic"
    text, image = tool_result["content"]
    assert DESCRIPTION in text["text"]
    assert image["type"] == "image"
    assert image["source"]["media_type"] == "image/png"
    assert base64.b64decode(image["source"]["data"]) == PNG_2X2
