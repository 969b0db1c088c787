"""First-run choices written through the application: a detected local server, or an API key.

Kept apart from the pane (`welcome.py`) so the main window can ask `needs_setup` without
loading any first-run widgets. Both choices become a `SettingsChange` the application applies
like OK in Settings (off the GUI thread: `settings_saving`): one atomic change, and honest
notices (a key kept for this session only is said to be, never said to be stored).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_app import DEFAULT_AGENT_ID

# The main window imports this module before the first paint; the application modules below
# are imported when a choice is made (see README "Start-up time is a budget").
if TYPE_CHECKING:
    from agent_app.config import AppConfig
    from agent_app.provider_presets import ProviderPreset
    from agent_app.settings_changes import SettingsChange

_ENV_REFERENCE = re.compile(r"^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$")


def needs_setup(config: AppConfig) -> bool:
    """True when no agent can reach a provider yet."""
    return not config.providers


def _provider_id(preset: ProviderPreset, config: AppConfig) -> str:
    from agent_app.provider_presets import new_provider_id

    return new_provider_id(preset.title, config.providers)


def _with_default_agent(
    config: AppConfig, change: SettingsChange, provider_id: str, model: str
) -> None:
    agent = config.agents.get(DEFAULT_AGENT_ID)
    data: dict[str, Any] = (
        agent.model_dump(exclude_none=True) if agent is not None else {"label": "Default"}
    )
    data.update(provider=provider_id, model=model or None)
    change.agents[DEFAULT_AGENT_ID] = data


def local_server_change(config: AppConfig, server: dict[str, Any]) -> SettingsChange:
    """A detected local server as the default agent's provider."""
    from agent_app.provider_presets import detected_preset
    from agent_app.settings_changes import SettingsChange

    preset = detected_preset(server)
    provider_id = _provider_id(preset, config)
    change = SettingsChange(providers={provider_id: preset.entry()})
    _with_default_agent(config, change, provider_id, preset.model)
    return change


def api_key_change(
    config: AppConfig,
    preset_index: int,
    api_key: str,
    base_url: str,
    model: str,
    *,
    session_only: bool = False,
) -> SettingsChange:
    """A cloud provider with its key as the default agent's provider.

    A `${env:VARIABLE}` reference is kept as it is; a key goes to the keyring, or is kept for
    this session only (chosen, or because no keyring can take it: the result's notices say so).
    """
    from agent_app.provider_presets import CLOUD_PRESETS
    from agent_app.settings_changes import SettingsChange

    preset = CLOUD_PRESETS[preset_index]
    provider_id = _provider_id(preset, config)
    entry = preset.entry()
    if base_url:
        entry["base_url"] = base_url
    if model:
        entry["model"] = model
    change = SettingsChange(providers={provider_id: entry})
    if _ENV_REFERENCE.match(api_key.strip()):
        entry["api_key"] = api_key.strip()
    elif api_key.strip():  # none for a server of the user's own that takes no key
        secret_name = f"providers.{provider_id}.api_key"
        entry["api_key"] = "${keyring:" + secret_name + "}"
        change.secrets[secret_name] = api_key
        if session_only:
            change.session_only_secrets.add(secret_name)
    _with_default_agent(config, change, provider_id, model or preset.model)
    return change
