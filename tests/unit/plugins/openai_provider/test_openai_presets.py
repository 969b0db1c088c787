"""Presets, server resolution, capability tags, UI elements and config checks."""

from __future__ import annotations

import pytest

from openai_provider import PRESETS, OpenAICompatibleProvider, ProviderError
from openai_provider.capabilities import model_tags
from openai_provider.presets import model_ids, resolve_server


def test_every_named_server_has_a_preset():
    keys = {p.key for p in PRESETS}
    assert keys == {
        "openai",
        "openrouter",
        "groq",
        "gemini",
        "ollama",
        "lmstudio",
        "llamacpp",
        "vllm",
    }
    ollama = next(p for p in PRESETS if p.key == "ollama")
    assert ollama.base_url == "http://localhost:11434/v1"
    assert ollama.local
    assert next(p for p in PRESETS if p.key == "lmstudio").base_url == "http://localhost:1234/v1"


def test_resolve_server_prefers_an_explicit_url_and_recognises_presets():
    assert resolve_server({})[0] == "https://api.openai.com/v1"
    url, preset = resolve_server({"preset": "groq"})
    assert url == "https://api.groq.com/openai/v1"
    assert preset.label == "Groq"
    url, preset = resolve_server({"base_url": "http://localhost:11434/v1/"})
    assert url == "http://localhost:11434/v1"
    assert preset.key == "ollama"
    url, preset = resolve_server({"base_url": "http://10.0.0.2:9000/v1", "preset": "custom"})
    assert preset is None
    with pytest.raises(ValueError, match="Unknown server preset 'olama'"):
        resolve_server({"preset": "olama"})


@pytest.mark.parametrize(
    ("model", "tags"),
    [
        ("gpt-4o-mini", ["streaming", "tools", "vision"]),
        ("deepseek-r1:14b", ["streaming", "tools", "reasoning"]),
        ("llama3.2", ["streaming", "tools"]),
        ("llava:13b", ["streaming", "tools", "vision"]),
        ("o4-mini", ["streaming", "tools", "vision", "reasoning"]),
    ],
)
def test_tags_from_model_names(model, tags):
    assert model_tags(model, None) == tags


def test_a_descriptor_that_reports_capabilities_wins():
    descriptor = {"input_modalities": ["text"], "supported_parameters": ["reasoning"]}
    assert model_tags("gpt-4o", descriptor) == ["streaming", "reasoning"]


def test_the_base_url_placeholder_is_the_chosen_servers_address():
    provider = OpenAICompatibleProvider()

    def placeholder(config: dict) -> str:
        (base_url,) = [e for e in provider.get_ui_elements(config) if e["key"] == "base_url"]
        return base_url["placeholder"]

    assert placeholder({"preset": "lmstudio"}) == "http://localhost:1234/v1"
    assert placeholder({"preset": "ollama"}) == "http://localhost:11434/v1"
    assert placeholder({}) == "https://api.openai.com/v1"


def test_ui_elements_cover_settings_footer_and_status_bar():
    provider = OpenAICompatibleProvider()
    elements = provider.get_ui_elements({}, {"models": [{"id": "m1", "name": "Model 1"}]})
    by_key = {e["key"]: e for e in elements}
    assert {
        "preset",
        "base_url",
        "model",
        "api_key",
        "temperature",
        "max_tokens",
        "timeout",
    } <= set(by_key)
    assert by_key["model"]["type"] == "model"
    assert by_key["model"]["options"] == [{"value": "m1", "label": "Model 1"}]
    assert by_key["api_key"]["type"] == "secret"
    footer = by_key["usage_footer"]
    assert footer["ui_type"] == "message_footer"
    assert footer["data"] == "metadata.usage_summary"
    assert by_key["session_usage"]["ui_type"] == "status_bar"
    assert set(provider.get_config_schema()) >= {"preset", "model", "api_key", "timeout"}


def test_a_request_without_a_model_or_a_needed_key_is_refused_before_sending():
    provider = OpenAICompatibleProvider()
    with pytest.raises(ProviderError, match="No model is chosen"):
        provider.initialize_request([], provider.init({"preset": "ollama"}))
    with pytest.raises(ProviderError, match="No API key is set for OpenRouter"):
        provider.initialize_request([], provider.init({"preset": "openrouter", "model": "m"}))
    local = provider.init({"preset": "ollama", "model": "llama3.2"})
    assert provider.initialize_request([], local) == ([], local)


def test_display_format_gives_a_single_line_and_the_footer():
    display = OpenAICompatibleProvider().to_display_format(
        {
            "role": "assistant",
            "content": "First line\nsecond",
            "metadata": {"usage_summary": "1 in · 2 out · m"},
        },
        {},
    )
    assert display == {
        "content": "First line\nsecond",
        "single_line": "First line",
        "footer": "1 in · 2 out · m",
    }


@pytest.mark.parametrize("timeout", ["soon", -1, 0])
def test_a_bad_timeout_is_refused_at_init(timeout):
    with pytest.raises(ProviderError, match="timeout must be a positive number of seconds"):
        OpenAICompatibleProvider().init({"model": "m", "timeout": timeout})


@pytest.mark.parametrize(
    ("answer", "ids"),
    [
        ({"data": [{"id": "gpt-x"}, {"id": None}]}, ["gpt-x"]),
        ({"models": [{"name": "llama3"}]}, ["llama3"]),  # Ollama's own list
        ({"data": None}, []),  # a server with nothing loaded; raised TypeError before
        ({"data": "none"}, []),
        (["gpt-x"], []),
    ],
)
def test_model_ids_read_what_a_models_answer_holds(answer, ids):
    assert model_ids(answer) == ids


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"preset": "groq"}, "Groq needs one"),
        ({"preset": "openai"}, "OpenAI needs one"),
        # Settings draws one form per plugin from an empty config, for every entry (a Groq
        # one, a local Ollama one): it said "OpenAI needs one" under each of them.
        ({}, "A cloud service needs one (kept in the system keyring); a local server usually"),
        ({"preset": "ollama"}, "Not needed for local servers."),
        ({"preset": "custom", "base_url": "http://box:9000/v1"}, "Only if your server asks"),
    ],
)
def test_the_api_key_field_says_whether_the_chosen_server_needs_one(config, words):
    # Seen walking the app: a cloud preset's key field said "Not needed for local servers."
    elements = OpenAICompatibleProvider().get_ui_elements(config, {})
    key_field = next(e for e in elements if e.get("key") == "api_key")
    assert words in key_field["description"]
