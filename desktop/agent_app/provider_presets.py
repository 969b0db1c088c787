"""Starting points for a new provider entry: cloud services, and local servers found running.

A preset fills in a provider entry (plugin, address, model) so that adding a provider is picking
a name from a list, not typing ids. The entry gets an id made from its title, unique in the
config. Which plugin serves a preset is named here; the plugin itself decides how to talk to it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from agent_app.ui_text import QT_TRANSLATE_NOOP

#: The context the presets' titles are marked in, for the GUI to translate them.
PRESET_WORDS = "ProviderPresets"

OPENAI_COMPATIBLE = "openai_compatible"
ANTHROPIC = "anthropic"


@dataclass(frozen=True)
class ProviderPreset:
    title: str
    plugin: str
    base_url: str = ""
    model: str = ""
    needs_key: bool = True
    #: The `preset` key the OpenAI-compatible plugin knows the server by ("" for none).
    server_preset: str = ""
    environment_variable: str = ""

    def entry(self) -> dict[str, Any]:
        """The provider entry this preset starts (no key yet)."""
        data: dict[str, Any] = {"provider": self.plugin, "label": self.title}
        if self.base_url:
            data["base_url"] = self.base_url
        if self.model:
            data["model"] = self.model
        if self.server_preset:
            data["preset"] = self.server_preset
        return data


CLOUD_PRESETS: tuple[ProviderPreset, ...] = (
    ProviderPreset(
        "OpenAI",
        OPENAI_COMPATIBLE,
        "https://api.openai.com/v1",
        "gpt-4o-mini",
        server_preset="openai",
        environment_variable="OPENAI_API_KEY",
    ),
    ProviderPreset(
        "Anthropic",
        ANTHROPIC,
        "https://api.anthropic.com",
        "claude-sonnet-4-6",
        environment_variable="ANTHROPIC_API_KEY",
    ),
    ProviderPreset(
        "OpenRouter",
        OPENAI_COMPATIBLE,
        "https://openrouter.ai/api/v1",
        server_preset="openrouter",
        environment_variable="OPENROUTER_API_KEY",
    ),
    ProviderPreset(
        "Groq",
        OPENAI_COMPATIBLE,
        "https://api.groq.com/openai/v1",
        server_preset="groq",
        environment_variable="GROQ_API_KEY",
    ),
    ProviderPreset(
        "Gemini",
        OPENAI_COMPATIBLE,
        "https://generativelanguage.googleapis.com/v1beta/openai",
        server_preset="gemini",
        environment_variable="GEMINI_API_KEY",
    ),
    # Shown in the window's language (the other titles are names); entries keep the English.
    ProviderPreset(
        QT_TRANSLATE_NOOP("ProviderPresets", "Other OpenAI-compatible server"),
        OPENAI_COMPATIBLE,
        server_preset="custom",
    ),
)


def detected_preset(server: dict[str, Any]) -> ProviderPreset:
    """A preset for a local server found by `PluginHost.detect_local_servers`."""
    models = server.get("models") or []
    title = str(server.get("label") or server.get("name") or "Local server")
    return ProviderPreset(
        title=title,
        plugin=str(server.get("provider") or server.get("plugin") or OPENAI_COMPATIBLE),
        base_url=str(server.get("base_url") or ""),
        model=str(server.get("model") or (models[0] if models else "") or ""),
        needs_key=False,
        server_preset=str(server.get("preset") or ""),
    )


def new_provider_id(title: str, taken: Iterable[str]) -> str:
    """An id for a new entry made from `title` ("LM Studio" -> "lm-studio"), unique in `taken`."""
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "provider"
    existing = set(taken)
    candidate, number = base, 2
    while candidate in existing:
        candidate, number = f"{base}-{number}", number + 1
    return candidate
