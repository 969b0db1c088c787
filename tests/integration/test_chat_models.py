"""A chat's own provider and model: two real provider plugins against two loopback servers (an
OpenAI-compatible one and an Anthropic-shaped one), a real SQLite store, the Qt-free
Conversation; and the model catalog that lists every configured provider."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tests.support import server_behaviours as behave
from tests.support.wire_servers import ReceivedRequest, WireServer, closed_port

from agent_app.application import AgentApplication
from agent_app.branches import VersionInfo, switch_version, version_info
from agent_app.config import AgentConfig, ConfigError, ProviderConfig
from agent_app.conversation import Conversations
from agent_app.model_choice import ANSWERED_BY_KEY, CHAT_MODEL_KEY, ModelChoice
from agent_app.paths import resolve_paths
from anthropic_provider import AnthropicProvider
from openai_provider import OpenAICompatibleProvider

pytestmark = pytest.mark.integration

LOCAL_KEY = "sk-local-0f1e2d3c4b5a"
CLAUDE_KEY = "sk-claude-9a8b7c6d5e4f"


def credential(request: ReceivedRequest) -> str:
    """The key a request carried (`x-api-key`, or a bearer token)."""
    bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
    return str(request.headers.get("x-api-key") or bearer)


@pytest.fixture
def servers() -> AsyncIterator[tuple[WireServer, WireServer]]:
    with WireServer() as local, WireServer() as claude:
        local.models = {
            "object": "list",
            "data": [
                {"id": "local-model", "object": "model"},
                {
                    "id": "vision-large",
                    "object": "model",
                    "context_length": 131072,
                    "architecture": {"input_modalities": ["text", "image"]},
                    "supported_parameters": ["tools", "reasoning"],
                    "pricing": {"prompt": "0.000003", "completion": "0.000015"},
                },
            ],
        }
        claude.models = {
            "data": [
                {"id": "claude-first", "display_name": "Claude First", "type": "model"},
                {"id": "claude-second", "display_name": "Claude Second", "type": "model"},
            ],
            "has_more": False,
        }
        yield local, claude


@pytest.fixture
async def app(tmp_path: Path, servers: tuple[WireServer, WireServer]):
    local, claude = servers
    application = AgentApplication(
        resolve_paths(tmp_path / "home"), plugins=[OpenAICompatibleProvider, AnthropicProvider]
    )
    application.config.providers["local"] = ProviderConfig(
        provider="openai_compatible",
        label="Local server",
        base_url=f"{local.url}/v1",
        model="local-model",
        api_key=LOCAL_KEY,
        timeout=5,
    )
    application.config.providers["claude"] = ProviderConfig(
        provider="anthropic",
        label="Claude",
        base_url=claude.url,
        model="claude-first",
        api_key=CLAUDE_KEY,
        timeout=5,
    )
    application.config.agents["default"] = AgentConfig(provider="local", model="local-model")
    yield application
    await application.aclose()


async def test_a_chat_sends_to_the_provider_and_model_picked_for_it(app, servers) -> None:
    local, claude = servers
    claude.enqueue("anthropic_text_stream")
    local.enqueue("openai_text_stream")
    chats = Conversations(app.sessions, app, app.plugin_queries)
    other = chats.new()
    await other.choose_model(ModelChoice("claude", "claude-second"))  # before its first message
    await other.send("hello claude")
    plain = chats.new()
    await plain.send("hello local")

    assert [request.path for request in claude.posts] == ["/v1/messages"]
    assert claude.posts[0].body["model"] == "claude-second"
    assert credential(claude.posts[0]) == CLAUDE_KEY
    assert [request.body["model"] for request in local.posts] == ["local-model"]
    assert credential(local.posts[0]) == LOCAL_KEY
    # Kept with the chat: read back from the database, as after a restart.
    assert other.session_id is not None
    stored = app.sessions.load_session(other.session_id)
    assert stored.metadata[CHAT_MODEL_KEY] == {"provider": "claude", "model": "claude-second"}
    # The agent's own default is unchanged.
    assert app.config.agents["default"].provider == "local"
    assert app.config.agents["default"].model == "local-model"


async def test_each_answer_keeps_the_provider_and_model_its_request_went_to(app, servers) -> None:
    """The header names the model picked, not the server's own name for it (the recordings
    answer as other models, as a proxy or a local server does)."""
    local, claude = servers
    claude.enqueue("anthropic_text_stream")
    local.enqueue("openai_text_stream")
    chats = Conversations(app.sessions, app, app.plugin_queries)
    picked = chats.new()
    await picked.choose_model(ModelChoice("claude", "claude-second"))
    await picked.send("hello claude")
    plain = chats.new()
    await plain.send("hello local")

    assert picked.session_id is not None
    answer = app.sessions.load_session(picked.session_id).messages[-1]
    assert answer.metadata[ANSWERED_BY_KEY] == {"provider": "claude", "model": "claude-second"}
    assert answer.metadata["model"] != "claude-second"  # the server's name, kept as it said
    assert plain.session.messages[-1].metadata[ANSWERED_BY_KEY] == {
        "provider": "local",
        "model": "local-model",
    }


async def test_a_chat_whose_provider_was_removed_says_so(app) -> None:
    with pytest.raises(ConfigError, match="no longer configured"):
        app.configuration.build_agent_config("default", "gone")
    flat = app.configuration.build_agent_config("default", "claude")
    # The agent's model belongs to its own provider: the chosen one's default is taken.
    assert (flat["provider"], flat["model"], flat["provider_id"]) == (
        "anthropic",
        "claude-first",
        "claude",
    )


async def test_the_catalog_lists_every_provider_with_capabilities_and_failures(app) -> None:
    app.config.providers["offline"] = ProviderConfig(
        provider="openai_compatible",
        label="Offline box",
        base_url=f"http://127.0.0.1:{closed_port()}/v1",
        model="m",
        timeout=2,
    )
    listed = {entry.provider_id: entry for entry in await app.model_catalog.providers()}

    assert [m.model_id for m in listed["local"].models] == ["local-model", "vision-large"]
    vision = listed["local"].models[1]
    assert vision.capabilities == ("vision", "tools", "reasoning")
    assert vision.context_length == 131072
    assert vision.price_per_million == pytest.approx((3.0, 15.0))
    assert [m.model_id for m in listed["claude"].models] == ["claude-first", "claude-second"]
    assert listed["claude"].models[0].name == "Claude First"
    assert listed["offline"].models == ()
    assert "127.0.0.1" in listed["offline"].error
    assert not listed["local"].error


async def test_pinned_and_recent_models_are_kept_in_the_settings(app) -> None:
    catalog = app.model_catalog
    for model in ("a", "b", "a"):
        catalog.note_used(ModelChoice("local", model))
    catalog.set_pinned(ModelChoice("claude", "claude-second"), True)
    assert catalog.recent() == [ModelChoice("local", "a"), ModelChoice("local", "b")]
    assert catalog.pinned() == [ModelChoice("claude", "claude-second")]
    saved = app.paths.settings_path.read_text(encoding="utf-8")
    assert "claude-second" in saved
    catalog.set_pinned(ModelChoice("claude", "claude-second"), False)
    assert catalog.pinned() == []


async def test_several_models_answer_as_versions_and_the_one_shown_goes_on(app, servers) -> None:
    local, claude = servers
    local.enqueue(behave.openai_text("Local says hi."), behave.openai_text("Noted."))
    claude.enqueue(behave.anthropic_stream([{"type": "text", "text": "Claude says hi."}]))
    app.config.providers["offline"] = ProviderConfig(
        provider="openai_compatible",
        label="Offline box",
        base_url=f"http://127.0.0.1:{closed_port()}/v1",
        model="m",
        timeout=2,
    )
    chat = Conversations(app.sessions, app, app.plugin_queries).new()
    seen: list[dict] = []
    chat.subscribe(seen.append)
    models = [
        ModelChoice("local", "local-model"),
        ModelChoice("claude", "claude-second"),
        ModelChoice("offline", "m"),
    ]
    await chat.ask_several("hello all", None, models)

    finished = {e["column"]: e["error"] for e in seen if e["type"] == "comparison_column_finished"}
    assert finished[0] == finished[1] == ""
    assert "127.0.0.1" in finished[2]
    stored = app.sessions.load_session(chat.session_id)
    assert [m.role for m in stored.messages] == ["user", "assistant"]
    assert stored.messages[1].content == "Local says hi."
    assert version_info(stored, 1) == VersionInfo(number=1, total=3)
    labels = []
    for number in (1, 2, 3):
        shown = switch_version(stored, 1, number)
        labels.append(shown.messages[1].metadata[ANSWERED_BY_KEY]["model"])
        if number == 2:
            assert shown.messages[1].content == "Claude says hi."
        if number == 3:
            assert "127.0.0.1" in shown.messages[1].content
    assert labels == ["local-model", "claude-second", "m"]
    assert claude.posts[0].body["model"] == "claude-second"

    # Version 2 shown, the chat goes on: the next request's history holds Claude's answer.
    await chat.switch_version(1, +1)
    await chat.send("and now?")
    history = local.posts[-1].body["messages"]
    assert [m["content"] for m in history if m["role"] == "assistant"] == ["Claude says hi."]
    assert [m["content"] for m in history if m["role"] == "user"] == ["hello all", "and now?"]


async def test_asking_several_rejects_one_or_five_models(app) -> None:
    chat = Conversations(app.sessions, app, app.plugin_queries).new()
    with pytest.raises(ValueError, match="2 to 4 models"):
        await chat.ask_several("hi", None, [ModelChoice("local", "local-model")])
    assert chat.session is None


async def test_stop_stops_every_model_asked_and_keeps_what_each_wrote(app, servers) -> None:
    local, claude = servers
    slow = behave.openai_stream([{"content": word} for word in ("one ", "two ", "three ")])
    local.enqueue({**slow, "delay": 0.5})
    claude.enqueue({**behave.anthropic_stream([{"type": "text", "text": "a b c"}]), "delay": 0.5})
    chat = Conversations(app.sessions, app, app.plugin_queries).new()
    seen: list[dict] = []
    chat.subscribe(seen.append)
    models = [ModelChoice("local", "local-model"), ModelChoice("claude", "claude-first")]
    asking = asyncio.ensure_future(chat.ask_several("count", None, models))
    for _ in range(400):
        if sum(e["type"] == "comparison_partial" for e in seen) >= 2:
            break
        await asyncio.sleep(0.05)
    chat.stop()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(asking, 20)

    assert not chat.busy
    finished = sorted(e["column"] for e in seen if e["type"] == "comparison_column_finished")
    assert finished == [0, 1]
    stored = app.sessions.load_session(chat.session_id)
    assert version_info(stored, 1) == VersionInfo(number=1, total=2)
    for number in (1, 2):
        answer = switch_version(stored, 1, number).messages[1]
        assert answer.metadata["ended"] == "stopped"
    assert "three" not in str(stored.messages[1].content)
