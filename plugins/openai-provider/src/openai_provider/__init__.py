"""OpenAI-compatible chat completions provider (OpenAI, OpenRouter, Groq, Gemini, local servers)."""

from openai_provider.errors import ProviderError
from openai_provider.presets import PRESETS, Preset, detect_local_servers
from openai_provider.provider import OpenAICompatibleProvider

__all__ = ["PRESETS", "OpenAICompatibleProvider", "Preset", "ProviderError", "detect_local_servers"]
