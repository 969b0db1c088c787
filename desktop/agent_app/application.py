"""AgentApplication: the composition root of the application layer (no Qt).

It builds the services of one installation, each with one concern, and hands each only what it
uses:

- `configuration` (`Configuration`): settings, config and secrets; applying a change all or
  nothing and announcing it (`settings_events`); the tool approval policy (`approvals`);
- `plugins` (`PluginHost`): the plugins found, instantiated once, and the core they register with;
- `agents` (`Agents`): what a request of one agent runs with (core, resolved config, the spec's
  layer-2 context);
- `sessions` (`Sessions`): the session database, attachments, lifecycle triggers, session actions;
- `tool_servers` (`ToolServers`): the MCP servers tool plugins run, and what the GUI shows of them;
- `tool_tasks` (`ToolTasks`): tool calls that became tasks on their servers, across restarts;
- `app_views` (`AppViews`): MCP App views' pages, the tool calls views make (approved like
  any other), and what views tell the model;
- `tool_loop` (`ToolLoopRunner`) runs requests; `plugin_queries` (`PluginQueries`) answers what
  the GUI asks plugins, off its thread;
- `model_catalog` (`ModelCatalog`): every configured provider's models for the model picker,
  the pinned and recent ones.

It keeps the platform's face, which plugins reach as the layer-2 context's ``app``:
`send_request` (both call shapes), `update_agent`, `build_agent_config`,
`resolve_request_config`, `cancel_request`, the `paths`, `settings`, `config` and `secrets` of
the installation; and start (`astart`) and close (`aclose`). A new capability is a new service or
a plugin, not a new method here.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from agent_app.adapters.agent_adapter import runtime_factory_for_app
from agent_app.agents import Agents
from agent_app.app_views import AppViews, ViewContexts
from agent_app.configuration import Configuration, load_configuration
from agent_app.model_catalog import ModelCatalog
from agent_app.paths import AppPaths, resolve_paths
from agent_app.plugin_host import PluginHost, catalog_of, find_plugins
from agent_app.plugin_installs import PluginEnvironment, plugin_env_dir
from agent_app.plugin_manager import PluginManager
from agent_app.plugin_queries import PluginQueries
from agent_app.plugin_sources import configured_cache_dir
from agent_app.projects import Projects
from agent_app.sessions import Sessions, open_session_store
from agent_app.settings_events import SECRETS_KEY, SettingsChanged
from agent_app.spec_requests import SpecRequestEvents, spec_request_arguments
from agent_app.tool_loop import RequestTarget, ToolLoopRunner
from agent_app.tool_servers import ToolServers
from agent_app.tool_tasks import ToolTasks
from agent_app.turn_outcome import STOPPED
from agent_core import AgentCore, Session

if TYPE_CHECKING:
    from agent_app.approval import ApprovalHandler
    from agent_app.config import AppConfig
    from agent_app.secrets import SecretStore
    from agent_app.settings import Settings

logger = logging.getLogger(__name__)


class AgentApplication:
    """The services of one installation, wired together, behind the platform's face."""

    close_deadline_seconds = 5.0
    """How long quitting waits for running requests, then for plugins, to stop."""

    def __init__(self, paths: AppPaths | None = None, *, plugins: list[Any] | None = None) -> None:
        self.paths = paths or resolve_paths()
        self.notices: list[str] = []
        """Plain-words problems found while starting (bad settings file, no keyring, damaged
        database, plugins that failed to load), each saying what was set aside and where the
        original is kept; the GUI shows them once. Start-up never fails on them."""
        self.notices.extend(self.paths.ensure_exist())
        settings, config, secrets = load_configuration(self.paths, self.notices)
        store, assets = open_session_store(self.paths, settings.max_attachment_bytes, self.notices)
        catalog = (
            find_plugins(self.paths, settings, self.notices, config)
            if plugins is None
            else catalog_of(plugins)
        )
        self.plugins = PluginHost(catalog, secrets, self.notices)
        self.configuration = Configuration(self.paths, self.plugins, settings, config, secrets)
        self.agents = Agents(
            self, self.configuration, self.plugins, assets, self.paths.runtime_state_root
        )
        self.sessions = Sessions(store, assets, self.agents, self.configuration)
        self.tool_servers = ToolServers(self.plugins, self.agents, assets)
        self.projects = Projects(self.paths.projects_path, self.notices)
        """The user's projects: a folder (its chats' workspace), instructions, its chats."""
        self.app_views = AppViews(
            self.plugins, self.configuration.approvals, self.configuration, ViewContexts()
        )
        """MCP App views: their pages, the tool calls they make (approved like any other), and
        what they tell the model."""
        self.tool_loop = ToolLoopRunner(
            self.agents,
            self.configuration,
            self.sessions,
            self.tool_servers,
            self.plugins,
            self.projects,
            self.app_views,
        )
        self.tool_tasks = ToolTasks(store, self.tool_servers, self.tool_loop.running_tasks)
        """Tool calls running as tasks on their servers, in this run or left by an earlier one."""
        self.plugin_manager = PluginManager(
            PluginEnvironment(plugin_env_dir(self.paths.data_dir)),
            self.plugins,
            lambda: self.configuration.settings.plugin_index_url,
            lambda: configured_cache_dir(self.configuration.config, self.paths.cache_dir),
        )
        """Plugin wheels installed while the app runs, and plugin sources (Settings → Plugins)."""
        self.plugin_queries = PluginQueries(self.agents, self.plugins, self.sessions)
        """What the GUI asks plugins (UI schema, models, completions, ...), off its thread."""
        self.model_catalog = ModelCatalog(self.configuration, self.plugins)
        """Every configured provider's models (the model picker), pinned and recent ones."""
        self.configuration.settings_events.subscribe(
            self._follow_attachment_limit, ("max_attachment_bytes",)
        )
        # An agent-adapter plugin's page writes the default agent's block and the keyring.
        self.configuration.settings_events.subscribe(
            lambda _change: self.plugins.adapters_follow_settings(), ("agents", SECRETS_KEY)
        )
        self._closed = False

    def _follow_attachment_limit(self, _change: SettingsChanged) -> None:
        self.sessions.assets.max_bytes = self.configuration.settings.max_attachment_bytes

    # ------------------------------------------------------------------ what plugins read

    @property
    def settings(self) -> Settings:
        """The current settings (read them here; change them through `configuration`)."""
        return self.configuration.settings

    @property
    def config(self) -> AppConfig:
        """The current config: providers, agents, MCP servers (references unresolved)."""
        return self.configuration.config

    @property
    def secrets(self) -> SecretStore:
        return self.configuration.secrets

    # ------------------------------------------------------------------ the platform's face

    def build_agent_config(self, agent_id: str | None = None) -> dict[str, Any]:
        """The flat config of agent `agent_id` (default agent if None), references unresolved."""
        return self.agents.build_agent_config(agent_id)

    def resolve_request_config(
        self,
        base_config: dict[str, Any],
        overrides: dict[str, Any] | None = None,
        unresolved: list[str] | None = None,
    ) -> dict[str, Any]:
        """The effective request config, secrets resolved in memory (see `Agents`)."""
        return self.agents.resolve_request_config(base_config, overrides, unresolved)

    def update_agent(
        self, agent_id: str | None, session: Session
    ) -> tuple[AgentCore, dict[str, Any], Session]:
        """Switch `session` to agent `agent_id`: returns (core, base config, session), the
        session not saved (plugins use this for temporary sessions)."""
        return self.agents.update_agent(agent_id, session)

    def send_request(self, *args: Any, stream: bool = True, **kwargs: Any) -> Any:
        """Run the tool loop; two call shapes.

        - ``send_request(session, overrides=None, *, stream=True)``: the conversation's own
          request (stored as it goes); returns an async iterator of events.
        - ``send_request(core, session, config, overrides=None, stream=...)``: the spec's
          layer-2 shape, used by features that switch agent (``app.update_agent``). The full tool
          loop runs on `core` with `config` (a base config, resolved here with `overrides`) over
          a copy of `session` that is never stored; the caller keeps what it needs from the
          events. ``stream=False`` returns the list of every event once the loop has finished
          (``request_completed``'s ``session`` holds the result); ``stream=True`` returns
          `SpecRequestEvents`, iterable with ``async for`` on the loop or ``for`` in a worker
          thread. Plugin code that runs in a worker thread (sync actions) blocks only itself.
        """
        if (args and isinstance(args[0], Session)) or (not args and "session" in kwargs):
            return self.tool_loop.run(*args, stream=stream, **kwargs)
        core, session, config, overrides = spec_request_arguments(args, kwargs)
        events = SpecRequestEvents(
            self.tool_loop.run(
                session, overrides, stream=stream, target=RequestTarget(core, dict(config))
            ),
            self.agents.loop,
        )
        return events if stream else list(events)

    def cancel_request(self, request_id: str, reason: str = STOPPED) -> bool:
        """Stop a running request (provider and tools); False when it is not running.
        `reason`: `STOPPED` (the user) or `QUIT` (the app), kept with the partial answer."""
        return self.tool_loop.cancel(request_id, reason)

    def set_approval_handler(self, handler: ApprovalHandler | None) -> None:
        """Install the callback that asks the user about tool calls (None: deny, headless)."""
        self.configuration.approvals.set_handler(handler)

    # ------------------------------------------------------------------ start and close

    async def astart(self) -> list[str]:
        """Start-up work that needs the loop: agent-adapter plugins' `initialize(runtime)`, and
        a look at the keyring for provider keys the config refers to but no longer finds.

        Each plugin is initialized once, now, with its own RuntimeAPI. Returns the problems in
        words (also added to `notices`); a plugin that failed is tried again before its tools
        are next offered.
        """
        self.agents.remember_loop()
        problems = await self.plugins.start_adapters(runtime_factory_for_app(self))
        keys_gone = await asyncio.to_thread(self.configuration.keys_gone_notice)
        if keys_gone:
            self.notices.append(keys_gone)
            problems.append(keys_gone)
        return problems

    async def aclose(self) -> None:
        """Stop running requests, shut down plugin instances (MCP connections, ...), the core
        and the database."""
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.wait_for(self.tool_loop.stop_all(), self.close_deadline_seconds)
        except TimeoutError:
            logger.error("Running requests did not stop in time; quitting without them")
        self.tool_loop.close()
        await self.plugins.aclose(self.close_deadline_seconds)
        self.configuration.close()
        self.sessions.close()

    def close(self) -> None:
        """Synchronous shutdown (no running event loop): runs `aclose` to completion."""
        if self._closed:
            return
        asyncio.run(self.aclose())
