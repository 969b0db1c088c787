"""One facade for what the GUI asks plugins: UI schema and actions, completions, actions.

Every question may block (a provider lists its models over the network, resolving a config reads
the keyring, enablement itself asks the provider), so each is answered on the core's worker threads
and awaited; the GUI thread only waits on the loop. Widgets never build an `AgentCore`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from agent_app import DEFAULT_AGENT_ID
from agent_app.settings_facts import PluginFacts, gather_plugin_facts, gather_provider_forms

if TYPE_CHECKING:
    from agent_app.agents import Agents
    from agent_app.plugin_host import PluginHost
    from agent_app.sessions import Sessions
    from agent_core import AgentCore, Session
    from agent_core.action_cancel import ActionCancellation

T = TypeVar("T")


@dataclass
class AgentDescription:
    """What an agent's plugins show around a chat: UI elements and session-action definitions."""

    ui_schema: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)


class PluginQueries:
    """Plugin questions about one agent, each answered off the GUI thread: `agents` sets up
    the agent's core and config, `plugins` has the provider forms, `sessions` runs actions."""

    def __init__(self, agents: Agents, plugins: PluginHost, sessions: Sessions) -> None:
        self._agents = agents
        self._plugins = plugins
        self._sessions = sessions

    async def _on_worker(self, question: Callable[[AgentCore], T]) -> T:
        core = self._agents.build_core()
        return await core.run_in_worker(lambda: question(core))

    def _config(self, agent_id: str | None) -> dict[str, Any]:
        """The agent's resolved config (runs on a worker: it may read the keyring). A key that
        is not stored (kept for a past session only, keyring locked) is left out: what the
        plugins declare and the models a server lists without it are still answered; running
        a request or an action says what is missing."""
        agents = self._agents
        return agents.resolve_request_config(agents.build_agent_config(agent_id), {}, unresolved=[])

    async def describe_agent(self, agent_id: str | None) -> AgentDescription:
        """UI elements (footers, status bar, actions) and action definitions of the agent."""

        def ask(core: AgentCore) -> AgentDescription:
            self._agents.build_core(agent_id or DEFAULT_AGENT_ID)  # an unknown agent says so
            config = self._config(agent_id)
            return AgentDescription(list(core.get_ui_schema(config)), core.get_actions(config))

        return await self._on_worker(ask)

    def _completion_config(self, agent_id: str | None) -> dict[str, Any]:
        config = dict(self._agents.build_agent_config(agent_id))
        # The workspace-aware features need to know where the workspaces live.
        config.setdefault("runtime_state_root", str(self._agents.runtime_state_root))
        return config

    async def completions(
        self, agent_id: str | None, text: str
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """(the features' completions for `text`, the prompt templates they offer)."""

        def ask(core: AgentCore) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            config = self._completion_config(agent_id)
            return list(core.get_completions(config, text) or []), list(core.get_templates(config))

        return await self._on_worker(ask)

    async def apply_completion(
        self, agent_id: str | None, text: str, completion: dict[str, Any]
    ) -> str:
        return await self._on_worker(
            lambda core: str(
                core.apply_completion(self._completion_config(agent_id), text, completion) or ""
            )
        )

    async def settings_facts(self, agent_id: str | None) -> PluginFacts:
        """What plugins declare for the settings dialog, for agent `agent_id`."""
        return await self._on_worker(lambda _core: gather_plugin_facts(self._agents, agent_id))

    async def provider_forms(
        self,
    ) -> tuple[dict[str, tuple[list[Any], list[dict[str, Any]]]], list[str]]:
        """Each provider plugin's settings form (elements, schema entries), and problems."""
        return await self._on_worker(lambda _core: gather_provider_forms(self._plugins))

    async def run_session_action(
        self,
        session: Session,
        action_id: str,
        params: dict[str, Any] | None = None,
        owner: str | None = None,
        cancellation: ActionCancellation | None = None,
    ) -> tuple[Session, dict[str, Any]]:
        """Run a session action on `session` (not saved): (changed session, result dict);
        `cancellation.cancel()` stops its model calls."""
        return await self._on_worker(
            lambda _core: self._sessions.run_session_action(
                session, action_id, params, owner, cancellation
            )
        )
