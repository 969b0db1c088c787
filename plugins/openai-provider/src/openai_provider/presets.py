"""Known OpenAI-compatible servers, and detection of local ones that are already running."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    base_url: str
    local: bool = False
    needs_api_key: bool = True
    #: Accepts PDF ``file`` content parts in chat messages.
    accepts_documents: bool = False
    #: OpenAI's newer models take ``max_completion_tokens``; other servers know ``max_tokens``.
    max_tokens_parameter: str = "max_tokens"


PRESETS: tuple[Preset, ...] = (
    Preset(
        "openai",
        "OpenAI",
        "https://api.openai.com/v1",
        accepts_documents=True,
        max_tokens_parameter="max_completion_tokens",
    ),
    Preset("openrouter", "OpenRouter", "https://openrouter.ai/api/v1", accepts_documents=True),
    Preset("groq", "Groq", "https://api.groq.com/openai/v1"),
    Preset("gemini", "Gemini", "https://generativelanguage.googleapis.com/v1beta/openai"),
    Preset("ollama", "Ollama", "http://localhost:11434/v1", local=True, needs_api_key=False),
    Preset("lmstudio", "LM Studio", "http://localhost:1234/v1", local=True, needs_api_key=False),
    Preset(
        "llamacpp", "llama.cpp server", "http://localhost:8080/v1", local=True, needs_api_key=False
    ),
    Preset("vllm", "vLLM", "http://localhost:8000/v1", local=True, needs_api_key=False),
)

PRESETS_BY_KEY = {preset.key: preset for preset in PRESETS}
DEFAULT_PRESET = PRESETS_BY_KEY["openai"]


def normalize_url(url: str) -> str:
    return url.strip().rstrip("/")


def resolve_server(config: dict[str, Any]) -> tuple[str, Preset | None]:
    """``(base URL, matching preset or None)`` for a provider config.

    An explicit ``base_url`` wins; otherwise the ``preset`` key picks the address. A ``base_url``
    equal to a preset's address is recognised as that preset (for its label and quirks).
    """
    base_url = normalize_url(str(config.get("base_url") or ""))
    preset_key = config.get("preset")
    if preset_key and preset_key not in PRESETS_BY_KEY and preset_key != "custom":
        known = ", ".join(PRESETS_BY_KEY)
        raise ValueError(f"Unknown server preset {preset_key!r}; choose one of {known} or custom.")
    if not base_url:
        preset = PRESETS_BY_KEY.get(str(preset_key)) or DEFAULT_PRESET
        return preset.base_url, preset
    by_url = next((p for p in PRESETS if normalize_url(p.base_url) == base_url), None)
    return base_url, by_url or PRESETS_BY_KEY.get(str(preset_key))


def model_ids(payload: Any) -> list[str]:
    """Model ids from a ``GET /models`` answer (``{"data": [{"id"}]}``, or Ollama-style lists)."""
    entries = payload.get("data", payload.get("models")) if isinstance(payload, dict) else None
    if not isinstance(entries, list):
        return []
    ids = [str(e.get("id") or e.get("name")) for e in entries if isinstance(e, dict)]
    return [model_id for model_id in ids if model_id and model_id != "None"]


async def detect_local_servers(
    timeout: float = 0.5, candidates: Sequence[Preset] | None = None
) -> list[dict[str, Any]]:
    """Probe the local presets' ``/models`` at once; list those that answer, in preset order.

    The probe uses the standard library: it runs on the first-run screen, where importing an
    HTTP stack only to find nothing listening would cost start-up memory.
    """
    presets = [p for p in PRESETS if p.local] if candidates is None else list(candidates)
    found = await asyncio.gather(
        *(asyncio.to_thread(_probe, preset, timeout) for preset in presets)
    )
    return [server for server in found if server is not None]


def _probe(preset: Preset, timeout: float) -> dict[str, Any] | None:
    import urllib.error  # noqa: PLC0415 - urllib loads only when local servers are probed
    import urllib.request  # noqa: PLC0415 - urllib loads only when local servers are probed

    # Local servers only: never route the probe through a proxy from the environment.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    request = urllib.request.Request(
        f"{normalize_url(preset.base_url)}/models", headers={"Accept": "application/json"}
    )
    try:
        with opener.open(request, timeout=timeout) as response:
            models = model_ids(json.loads(response.read(_MAX_PROBE_BYTES)))
    except (OSError, ValueError):  # URLError, refused, timeout, bad JSON: no usable server
        return None
    return {
        "preset": preset.key,
        "label": preset.label,
        "base_url": preset.base_url,
        "models": models,
    }


#: A model list is a few KB; a larger answer is cut (and then fails to parse: not a server).
_MAX_PROBE_BYTES = 4 * 1024 * 1024
