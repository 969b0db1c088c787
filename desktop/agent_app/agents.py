"""What a request of one agent runs with: the core, the agent's config resolved, the context.

The tool loop, session actions and lifecycle triggers, the plugin queries and the tool servers all
set up their work the same way, through `Agents`:

- `build_core(agent_id)`: the one `AgentCore` of the `PluginHost` (an unknown agent is reported);
- `build_agent_config(agent_id)` then `resolve_request_config(base, overrides)`: the flat config
  of the agent with secrets resolved in memory (`Configuration`), plus the application's
  `session_asset_store`, `runtime_state_root`, `skills_dir` and `memory_path`;
- `build_context(session, config=...)`: the spec's layer-2 (application) context, whose `app` /
  `application` keys are the `AgentApplication` plugins reach through it.

`remember_loop()` notes the loop requests run on, so sync plugin code in worker threads can
start requests there (see `spec_requests`).
"""

from __future__ import annotations

import asyncio
import logging
from copy import deepcopy
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_app import DEFAULT_AGENT_ID
from agent_app import config as config_module
from agent_app.config import CONFIG_OVERRIDES_KEY, ConfigError
from agent_app.model_choice import CHAT_MODEL_KEY, ModelChoice, chat_model_choice
from agent_core import AgentCore, Session

if TYPE_CHECKING:
    from agent_app.assets import SessionAssetStore
    from agent_app.configuration import Configuration
    from agent_app.plugin_host import PluginHost

logger = logging.getLogger(__name__)


class Agents:
    """Sets up requests of any configured agent.

    `application` is only handed on, as the layer-2 context's `app`; `configuration` gives the
    config, `plugins` the core, `assets` and `runtime_state_root` what requests may use.
    """

    def __init__(
        self,
        application: object,
        configuration: Configuration,
        plugins: PluginHost,
        assets: SessionAssetStore,
        runtime_state_root: Path,
    ) -> None:
        self._application = application
        self._configuration = configuration
        self._plugins = plugins
        self._assets = assets
        self.runtime_state_root = runtime_state_root
        self.loop: asyncio.AbstractEventLoop | None = None
        """The loop requests run on; sync plugin code in worker threads reaches it here."""

    def remember_loop(self) -> None:
        """Note the running loop as the one requests run on (called by the async entry points,
        so sync plugin code they start in worker threads can run requests there)."""
        self.loop = asyncio.get_running_loop()

    def build_core(self, agent_id: str | None = None) -> AgentCore:
        """The core with every loaded plugin registered (one per application, built lazily).

        Enablement is decided per request from the config, so one core serves every agent;
        `agent_id` is checked so an unknown agent is reported here.
        """
        configuration = self._configuration
        if agent_id is not None:
            configuration.config.agent(agent_id)
        return self._plugins.core(configuration.settings.plugin_hook_time_limit_seconds)

    def build_agent_config(
        self, agent_id: str | None = None, provider_id: str | None = None
    ) -> dict[str, Any]:
        """The flat config of agent `agent_id` (default agent if None), references unresolved;
        `provider_id`: a configured provider in place of the agent's (a chat's own choice)."""
        return self._configuration.build_agent_config(agent_id, provider_id)

    def chat_config(
        self, session: Session, choice: ModelChoice | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """(base config, the chat's own overrides) of a request of `session`: its agent, with
        the provider and model picked for the chat (`choice`, else the one stored with it)
        and the chat's stored overrides. Raises ConfigError for a provider no longer there."""
        choice = choice or chat_model_choice(session.metadata.get(CHAT_MODEL_KEY))
        base_config = self.build_agent_config(
            session.metadata.get("agent_id"), choice.provider_id if choice else None
        )
        overrides, _refused = config_module.session_overrides(
            session.metadata.get(CONFIG_OVERRIDES_KEY)
        )
        if choice is not None:
            overrides["model"] = choice.model
        return base_config, overrides

    def resolve_request_config(
        self,
        base_config: dict[str, Any],
        overrides: dict[str, Any] | None = None,
        unresolved: list[str] | None = None,
    ) -> dict[str, Any]:
        """The effective request config with secrets resolved in memory, plus the app's
        `session_asset_store`, `runtime_state_root`, `skills_dir` and `memory_path`. A reference
        that cannot be resolved raises ConfigError, or with `unresolved` given is left out and
        explained there."""
        resolved = self._configuration.resolve_request_config(base_config, overrides, unresolved)
        with_declared_defaults(resolved, self._plugins.declared_defaults())
        resolved["session_asset_store"] = self._assets
        return resolved

    def update_agent(
        self, agent_id: str | None, session: Session
    ) -> tuple[AgentCore, dict[str, Any], Session]:
        """Switch `session` to agent `agent_id`: returns (core, base config, session).

        The returned session is not saved (plugins use this for temporary sessions); save it
        to make the switch stick.
        """
        key = agent_id or DEFAULT_AGENT_ID
        base_config = self.build_agent_config(key)
        core = self.build_core(key)
        switched = Session(
            session.session_id, session.messages, {**session.metadata, "agent_id": key}
        )
        return core, base_config, switched

    def build_context(
        self,
        session: Session,
        *,
        config: dict[str, Any],
        base_config: dict[str, Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The layer-2 (application) context for actions and tools.

        `base_config` defaults to the flat config of the session's agent (or `config` when
        that agent cannot be built). `extra` adds layer-3 keys; it cannot replace layer-2 keys.
        """
        if base_config is None:
            try:
                base_config = self.build_agent_config(session.metadata.get("agent_id"))
            except ConfigError:
                base_config = config
        owned = {
            "trigger_source": "application",
            "app": self._application,
            "application": self._application,
            "base_config": base_config,
            "session_asset_store": self._assets,
            "runtime_state_root": str(self.runtime_state_root),
        }
        context = dict(extra or {})
        clashes = sorted(key for key in owned if key in context)
        if clashes:
            logger.warning("Ignoring context keys reserved by the application: %s", clashes)
        context.update(owned)
        return context

    def session_config(
        self, session: Session, unresolved: list[str] | None = None
    ) -> tuple[AgentCore, dict[str, Any], dict[str, Any]]:
        """(core, resolved config, base config) for actions on `session`: its agent's config
        with the model picked for it and its own overrides; see `resolve_request_config` for
        `unresolved`."""
        base_config, overrides = self.chat_config(session)
        config = self.resolve_request_config(base_config, overrides, unresolved)
        return self.build_core(session.metadata.get("agent_id")), config, base_config


def with_declared_defaults(config: dict[str, Any], defaults: dict[str, Any]) -> None:
    """Fill in `config` each declared default whose dotted key (`compaction.enabled` is the
    `compaction: {enabled: …}` block) holds no value, copying the blocks it passes through so
    the caller's nested dicts stay as they were."""
    for dotted, default in defaults.items():
        *parents, last = dotted.split(".")
        block = config
        for part in parents:
            child = block.get(part)
            if child is not None and not isinstance(child, dict):
                break  # a value where the declaration expects a block: the value stands
            block[part] = dict(child or {})
            block = block[part]
        else:
            if block.get(last) is None:
                block[last] = deepcopy(default)
