"""First-run choices written through the application: a detected local server, or an API key.

Kept apart from the pane (`welcome.py`) so the main window can ask `needs_setup` without
loading any first-run widgets.
"""

from __future__ import annotations

import re
from typing import Any

PROVIDER_KINDS = (
    # (label, provider plugin name, default base URL, default model)
    ("OpenAI", "openai_compatible", "https://api.openai.com/v1", "gpt-4o-mini"),
    ("Anthropic", "anthropic", "https://api.anthropic.com", "claude-sonnet-4-5"),
    ("Other OpenAI-compatible server", "openai_compatible", "", ""),
)


def needs_setup(app: Any) -> bool:
    """True when no agent can reach a provider yet."""
    return not app.config.providers


def _provider_id(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "provider"


def apply_local_server(app: Any, server: dict[str, Any]) -> str:
    """Configure a detected local server as the default agent's provider; returns its id."""
    from agent_app.config import ProviderConfig

    name = str(server.get("name") or server.get("label") or "Local server")
    provider_id = _provider_id(name)
    models = server.get("models") or []
    model = str(server.get("model") or (models[0] if models else "") or "") or None
    app.config.providers[provider_id] = ProviderConfig(
        # `plugin` names the provider plugin that found the server (app.detect_local_servers).
        provider=str(server.get("provider") or server.get("plugin") or "openai_compatible"),
        label=name,
        base_url=str(server.get("base_url") or ""),
        model=model,
    )
    _make_default(app, provider_id, model)
    return provider_id


def apply_api_key(app: Any, kind_index: int, api_key: str, base_url: str, model: str) -> str:
    """Store the key in the keyring and reference it from a new provider entry; returns its id."""
    from agent_app.config import ProviderConfig

    label, provider_name, default_url, default_model = PROVIDER_KINDS[kind_index]
    provider_id = _provider_id(label if kind_index < 2 else "custom")
    secret_name = f"{provider_id}-api-key"
    app.secrets.set(secret_name, api_key)
    app.config.providers[provider_id] = ProviderConfig(
        provider=provider_name,
        label=label,
        base_url=base_url or default_url or None,
        model=model or default_model or None,
        api_key=f"${{keyring:{secret_name}}}",
    )
    _make_default(app, provider_id, model or default_model or None)
    return provider_id


def _make_default(app: Any, provider_id: str, model: str | None) -> None:
    from agent_app.config import AgentConfig

    agent = app.config.agents.get("default") or AgentConfig()
    app.config.agents["default"] = agent.model_copy(
        update={"provider": provider_id, "model": model}
    )
    app.save_config()
