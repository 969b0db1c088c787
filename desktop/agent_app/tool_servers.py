"""Tool servers: the long-lived servers (MCP) that tool plugins run, as one service.

`AgentApplication.tool_servers` starts them in the background, installs who asks the user
(elicitation, sign-in), and answers what the GUI shows about them: state, logs, prompts for `/`,
resources for `@` and the Tools button, and the one-line notice a chat gets while some are not
ready. Everything here is asked of the tool plugins that offer the method (see
`PluginHost.offering`); a plugin failing in an optional view costs only its own entries.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from agent_app.config import ConfigError
from agent_app.secrets import redact
from agent_core.hooks import PLUGIN_FAULTS

if TYPE_CHECKING:
    from agent_app.assets import SessionAssetStore
    from agent_app.plugin_host import PluginHost
    from agent_app.ports import RequestConfigs

logger = logging.getLogger(__name__)

FAILED_STATES = ("failed", "exited", "invalid")
_SERVER_NAMED = re.compile(r"^MCP server '[^']*' ")


def failure_reason(status: Mapping[str, Any]) -> tuple[str, str]:
    """Why a server (its status dict) failed: the first line of its error, without the "MCP
    server 'x'" its name already says where it is shown ("exited before the MCP handshake
    finished"), and the last line it wrote to stderr, most often the real reason (a missing
    token), or "" when it wrote none."""
    error = str(status.get("error") or "").strip()
    reason = error.splitlines()[0] if error else str(status.get("state") or "")
    said = str(status.get("stderr_tail") or "").strip().splitlines()[-1:]
    return _SERVER_NAMED.sub("", reason).rstrip("."), said[0] if said else ""


class ToolServers:
    """The tool plugins' servers: `plugins` runs them, `configs` resolves the config they start
    with, `assets` stores a resource attached to a chat."""

    def __init__(
        self, plugins: PluginHost, configs: RequestConfigs, assets: SessionAssetStore
    ) -> None:
        self._plugins = plugins
        self._configs = configs
        self._assets = assets

    def _offering(self, method: str) -> list[tuple[str, Any]]:
        return self._plugins.offering("tool", method)

    def _plugin(self, name: str) -> Any:
        """The tool plugin that reported an item (its `plugin` key)."""
        instance = self._plugins.instance(name)
        if instance is None:
            raise KeyError(f"The plugin {name!r} that runs this server is not loaded")
        return instance

    def _config(self, overrides: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """The config the servers start with (the default agent's, secrets resolved), or None
        when it is broken (the chat reports a broken config when it is used)."""
        try:
            return self._configs.resolve_request_config(
                self._configs.build_agent_config(None), overrides or {}
            )
        except ConfigError as error:
            logger.warning("Tool servers not started: %s", error)
            return None

    async def start(self, overrides: dict[str, Any] | None = None) -> None:
        """Start the configured tool servers so the first chat finds them ready.

        Run in the background at start-up; a server that hangs or fails only delays this task
        (each has its own start-up timeout), never a chat.
        """
        config = self._config(overrides)
        if config is None:
            return
        for name, plugin in self._offering("start_servers"):
            try:
                await plugin.start_servers(plugin.init(config))
            except PLUGIN_FAULTS:  # a server problem is the plugin's status, never the app's
                logger.exception("Plugin %r failed to start its servers", name)

    def set_elicitation_handler(self, handler: Any) -> None:
        """Install who asks the user when a tool server requests input (MCP elicitation):
        ``async (request) -> {"action", "content"?}``; None: every request is declined."""
        for _name, plugin in self._offering("set_elicitation_handler"):
            plugin.set_elicitation_handler(handler)

    def set_sign_in_handler(self, handler: Any) -> None:
        """Install who asks the user to sign in to a tool server (MCP OAuth) and opens the login
        page: ``async ({"server", "host", "url"}) -> bool``; None: such servers wait, "sign-in
        needed"."""
        for _name, plugin in self._offering("set_sign_in_handler"):
            plugin.set_sign_in_handler(handler)

    def leave_tasks_running(self) -> None:
        """The app quits: tasks that tool calls became stay running on their servers."""
        for name, plugin in self._offering("leave_tasks_running"):
            try:
                plugin.leave_tasks_running()
            except PLUGIN_FAULTS:  # its tasks are then cancelled with their calls, as before
                logger.exception("Plugin %r failed in leave_tasks_running", name)

    async def follow_task(
        self, task: dict[str, Any], on_progress: Callable[[dict[str, Any]], None]
    ) -> dict[str, Any]:
        """The outcome of a task an earlier run left running (`task` as kept with the chat),
        once it ends: ``{"content", "display", "is_error"}``; `on_progress` hears its status."""
        plugin = self._plugin(str(task.get("plugin") or ""))
        config = self._config()
        if config is not None:
            plugin.init(config)  # the servers as configured now, even before they all started
        return dict(await plugin.follow_task(task, on_progress))

    async def cancel_task(self, task: dict[str, Any]) -> None:
        """Ask the server running `task` to cancel it (its outcome then ends `follow_task`)."""
        plugin = self._plugin(str(task.get("plugin") or ""))
        config = self._config()
        if config is not None:
            plugin.init(config)
        await plugin.cancel_task(task)

    def prompts(self) -> list[dict[str, Any]]:
        """Prompts the running tool servers offer (MCP `prompts/list`), for `/` commands."""
        prompts: list[dict[str, Any]] = []
        for name, plugin in self._offering("prompt_commands"):
            try:
                prompts.extend({**prompt, "plugin": name} for prompt in plugin.prompt_commands())
            except Exception:  # prompts are optional; the composer works without them
                logger.exception("Plugin %r failed in prompt_commands", name)
        return prompts

    async def get_prompt(self, prompt: dict[str, Any], arguments: dict[str, str]) -> str:
        """The text of one of `prompts()` filled with `arguments`."""
        plugin = self._plugin(prompt["plugin"])
        return str(await plugin.get_prompt(prompt["server"], prompt["name"], arguments))

    def resources(self) -> list[dict[str, Any]]:
        """Resources the running tool servers offer (MCP `resources/list`), to attach."""
        return self._gather("resource_list")

    def resource_templates(self) -> list[dict[str, Any]]:
        """Resource templates (URIs with ``{parameters}``) the running tool servers offer."""
        return self._gather("resource_template_list")

    def status(self) -> list[dict[str, Any]]:
        """Every tool server's live state (ready, starting, failed, sign-in needed), tools."""
        return self._gather("server_status")

    def _gather(self, method: str) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for name, plugin in self._offering(method):
            try:
                found.extend({**item, "plugin": name} for item in getattr(plugin, method)())
            except Exception:  # optional views; the chat works without them
                logger.exception("Plugin %r failed in %s", name, method)
        return found

    def log(self, server: dict[str, Any]) -> str:
        """The log of one of `status()`'s servers (secrets already hidden)."""
        return str(self._plugin(server["plugin"]).server_log(server["name"]))

    async def read_resource(self, resource: dict[str, Any]) -> tuple[bytes, str]:
        """The bytes and MIME type of one of `resources()`."""
        plugin = self._plugin(resource["plugin"])
        data, mime = await plugin.read_resource(resource["server"], resource["uri"])
        return data, mime or "application/octet-stream"

    async def attach_resource(self, session_id: str, resource: dict[str, Any]) -> dict[str, Any]:
        """Read one of `resources()` into the session's asset store; its record."""
        plugin = self._plugin(resource["plugin"])
        data, mime = await plugin.read_resource(resource["server"], resource["uri"])
        name = str(resource.get("name") or resource["uri"].rsplit("/", 1)[-1] or "resource")
        return await asyncio.to_thread(self._assets.add_bytes, session_id, data, name, mime)

    async def readiness_notice(self, config: dict[str, Any]) -> str | None:
        """One line for the chat when some tool servers are not ready (starting or failed)."""
        lines = []
        disabled = set(config.get("disabled_plugins") or [])
        for name, plugin in self._offering("readiness_notice"):
            if name in disabled:
                continue  # this agent does not use that plugin's servers
            try:
                line = await plugin.readiness_notice(config)
            except PLUGIN_FAULTS:  # the notice is a courtesy; the request goes on without it
                logger.exception("Plugin %r failed in readiness_notice", name)
                continue
            if line:
                lines.append(redact(str(line)))
        return "\n".join(lines) or None
