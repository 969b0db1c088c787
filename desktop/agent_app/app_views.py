"""MCP App views, the host's side without Qt: what a view may do, and its JSON-RPC bridge.

A tool result that names a view keeps ``app_view`` in its display dict (see the MCP plugin's
`mcp_tools.apps`). `AppViews` reads the view's page from its server and runs the tool calls
views make: each passes the approval decision every tool call passes (`ApprovalPolicy`, with
the same remembered answers), and is refused unless the tool's visibility includes ``"app"``
(the plugin refuses it). `AppViewBridge` answers one view's messages (``ui/initialize``,
``tools/call``, ``resources/read``, ``ui/open-link``, ``ui/message``,
``ui/update-model-context``, ``ui/request-display-mode``, size changes) and sends it the call's
input and result once it is initialized; whatever needs the user (a link, a message, an
approval) goes through the `ViewHost` the GUI gives it.
"""

from __future__ import annotations

import asyncio
import base64
import logging
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

from agent_app.tool_trust import facts_for_call

if TYPE_CHECKING:
    from agent_app.approval import ApprovalHandler, ApprovalPolicy
    from agent_app.plugin_host import PluginHost
    from agent_app.ports import ApprovalSettings

logger = logging.getLogger(__name__)

PROTOCOL_VERSION = "2026-01-26"
HOST_NAME = "agent-desktop"
HOST_VERSION = "0.1.0"
DISPLAY_MODES = ("inline", "fullscreen")
# JSON-RPC error codes the bridge answers with.
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
REFUSED = -32000
# How long a view waits for the tool plugins to know its server (they start in the background).
SERVER_KNOWN_WITHIN_SECONDS = 60.0
SERVER_POLL_SECONDS = 0.25
# A server restarting as the app starts drops the first read; it is asked again a few times.
PAGE_READ_ATTEMPTS = 4
PAGE_RETRY_SECONDS = 1.0


class AppViewRefused(Exception):
    """A view asked for something it may not have; the text says what and why."""


class ViewHost(Protocol):
    """What a view's bridge needs from the window: the user's answers and the row's display."""

    async def confirm_link(self, url: str) -> bool: ...

    async def send_message(self, text: str) -> bool: ...

    def update_model_context(self, text: str) -> None: ...

    def set_display_mode(self, mode: str) -> str: ...

    def set_height(self, height: int) -> None: ...


class AppViews:
    """Reads views and runs their tool calls for the tool plugins that offer them."""

    def __init__(
        self, plugins: PluginHost, approvals: ApprovalPolicy, settings: ApprovalSettings
    ) -> None:
        self._plugins = plugins
        self._approvals = approvals
        self._settings = settings

    def _plugin_for(self, server: str) -> tuple[str, Any]:
        for name, plugin in self._plugins.offering("tool", "read_app_view"):
            if plugin.knows_server(server):
                return name, plugin
        raise AppViewRefused(f"No running tool plugin knows the MCP server {server!r} any more.")

    async def _plugin_once_known(self, server: str) -> tuple[str, Any]:
        """The plugin running `server`, waiting while the tool servers still start (a chat
        reopened at start-up shows its views before the plugins have read their config)."""
        deadline = asyncio.get_running_loop().time() + SERVER_KNOWN_WITHIN_SECONDS
        while True:
            try:
                return self._plugin_for(server)
            except AppViewRefused:
                if asyncio.get_running_loop().time() > deadline:
                    raise
            await asyncio.sleep(SERVER_POLL_SECONDS)

    async def read_page(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view's page: ``{"html", "csp"?, "permissions"?, "prefersBorder"?}``."""
        _name, plugin = await self._plugin_once_known(str(view["server"]))
        problem = ""
        for attempt in range(PAGE_READ_ATTEMPTS):
            if attempt:
                await asyncio.sleep(PAGE_RETRY_SECONDS)
            try:
                page: dict[str, Any] = await plugin.read_app_view(
                    view["server"], view["resource_uri"]
                )
            except Exception as exc:  # noqa: BLE001 - a server (re)starting at start-up: asked again, then named
                problem = str(exc)
                continue
            return page
        raise AppViewRefused(problem)

    async def read_resource(self, view: dict[str, Any], uri: str) -> dict[str, Any]:
        """A resource of the view's own server, as ``resources/read`` answers it."""
        server = str(view["server"])
        _name, plugin = self._plugin_for(server)
        try:
            data, mime = await plugin.read_resource(server, uri)
        except Exception as exc:  # noqa: BLE001 - the server's refusal is the view's answer
            raise AppViewRefused(str(exc)) from None
        content: dict[str, Any] = {"uri": uri, "mimeType": mime or "application/octet-stream"}
        try:
            content["text"] = data.decode()
        except UnicodeDecodeError:
            content["blob"] = base64.b64encode(data).decode()
        return {"contents": [content]}

    async def call_tool(
        self,
        session_id: str,
        view: dict[str, Any],
        tool: str,
        arguments: dict[str, Any],
        ask: ApprovalHandler,
    ) -> dict[str, Any]:
        """Run a tool a view calls, after the approval decision (asking through `ask` when the
        policy asks); the ``CallToolResult`` as JSON. AppViewRefused says why it did not run."""
        server = str(view["server"])
        name, plugin = self._plugin_for(server)
        try:
            schema = plugin.app_tool_schema(server, tool)
        except Exception as exc:  # noqa: BLE001 - the plugin's refusal (visibility, no such tool) is the view's answer
            raise AppViewRefused(str(exc)) from None
        described = {
            "tool_name": schema["function"]["name"],
            "plugin_name": name,
            "arguments": arguments,
            "descriptor": SimpleNamespace(
                metadata={"annotations": schema.get("annotations") or {}}, schema=schema
            ),
        }
        facts = facts_for_call(
            described,
            plugin_instance=plugin,
            server_trust=dict(self._settings.settings.mcp_server_trust),
            server_names=[server],
        )
        verdict = self._approvals.automatic_verdict(session_id, facts)
        if verdict is None:
            request = {
                "session_id": session_id,
                "tool_name": facts.tool_name,
                "arguments": arguments,
                "preview": f"{server} › {tool} (asked by its view)",
                "annotations": facts.annotations,
                "from_view": True,
                **self._approvals.request_details(facts),
            }
            verdict = await self._approvals.ask(request, facts, ask)
        if not verdict.allowed:
            raise AppViewRefused(verdict.denial_text())
        try:
            result: dict[str, Any] = await plugin.call_tool_for_app(server, tool, arguments)
        except Exception as exc:  # noqa: BLE001 - the plugin's refusal or failure is the view's answer
            raise AppViewRefused(str(exc)) from None
        return result


def _text_of(content: Any) -> str:
    """The text blocks of MCP content, joined (other blocks named by their type)."""
    if not isinstance(content, list):
        return ""
    parts = []
    for block in content:
        if isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        elif isinstance(block, dict):
            parts.append(f"[{block.get('type', 'unknown')} content]")
    return "\n".join(parts)


class AppViewBridge:
    """One view's JSON-RPC peer: `receive` each message of the view; `post` sends to it."""

    def __init__(
        self,
        view: dict[str, Any],
        host: ViewHost,
        call_tool: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]],
        read_resource: Callable[[str], Awaitable[dict[str, Any]]],
        post: Callable[[dict[str, Any]], None],
        context: dict[str, Any],
    ) -> None:
        self._view = view
        self._host = host
        self._call_tool = call_tool
        self._read_resource = read_resource
        self._post = post
        self.context = {
            "toolInfo": {"tool": view.get("tool_definition") or {"name": view.get("tool")}},
            "displayMode": "inline",
            "availableDisplayModes": list(DISPLAY_MODES),
            "platform": "desktop",
            "userAgent": HOST_NAME,
            **context,
        }
        self.initialized = False

    def change_context(self, **changes: Any) -> None:
        """Tell the view what changed of the host's context (theme, display mode, size)."""
        changes = {key: value for key, value in changes.items() if self.context.get(key) != value}
        if not changes:
            return
        self.context.update(changes)
        if self.initialized:
            self._post(
                {
                    "jsonrpc": "2.0",
                    "method": "ui/notifications/host-context-changed",
                    "params": changes,
                }
            )

    def teardown(self, request_id: int) -> None:
        self._post(
            {"jsonrpc": "2.0", "id": request_id, "method": "ui/resource-teardown", "params": {}}
        )

    async def receive(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if not isinstance(method, str):
            return  # an answer to one of ours (teardown); nothing waits for it
        given = message.get("params")
        params: dict[str, Any] = given if isinstance(given, dict) else {}
        if "id" not in message:
            self._notified(method, params)
            return
        try:
            result = await self._answer(method, params)
        except AppViewRefused as refused:
            self._post(
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": REFUSED, "message": str(refused)},
                }
            )
            return
        except _Unknown:
            self._post(
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "error": {"code": METHOD_NOT_FOUND, "message": f"{method} is not offered"},
                }
            )
            return
        self._post({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def _notified(self, method: str, params: dict[str, Any]) -> None:
        if method == "ui/notifications/initialized":
            self.initialized = True
            self._post(
                {
                    "jsonrpc": "2.0",
                    "method": "ui/notifications/tool-input",
                    "params": {"arguments": self._view.get("arguments") or {}},
                }
            )
            self._post(
                {
                    "jsonrpc": "2.0",
                    "method": "ui/notifications/tool-result",
                    "params": self._view.get("result") or {"content": []},
                }
            )
        elif method == "ui/notifications/size-changed":
            height = params.get("height")
            if isinstance(height, int | float) and height > 0:
                self._host.set_height(int(height))

    async def _answer(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if method == "ui/initialize":
            return {
                "protocolVersion": PROTOCOL_VERSION,
                "hostInfo": {"name": HOST_NAME, "version": HOST_VERSION},
                "hostCapabilities": {
                    "openLinks": {},
                    "serverTools": {},
                    "serverResources": {},
                    "updateModelContext": {"text": {}},
                    "message": {"text": {}},
                },
                "hostContext": self.context,
            }
        if method == "tools/call":
            name, arguments = params.get("name"), params.get("arguments") or {}
            if not isinstance(name, str) or not isinstance(arguments, dict):
                raise AppViewRefused("tools/call needs a tool name and an arguments object")
            return await self._call_tool(name, arguments)
        if method == "resources/read":
            uri = params.get("uri")
            if not isinstance(uri, str):
                raise AppViewRefused("resources/read needs a uri")
            return await self._read_resource(uri)
        if method == "ui/open-link":
            url = params.get("url")
            if not isinstance(url, str) or not url.startswith(("https://", "http://")):
                raise AppViewRefused(f"only web links open; {url!r} is not one")
            return {} if await self._host.confirm_link(url) else {"isError": True}
        if method == "ui/message":
            text = _text_of(params.get("content"))
            if params.get("role") != "user" or not text.strip():
                raise AppViewRefused("a message to the chat is the user's, with text")
            return {} if await self._host.send_message(text) else {"isError": True}
        if method == "ui/update-model-context":
            self._host.update_model_context(_text_of(params.get("content")))
            return {}
        if method == "ui/request-display-mode":
            mode = params.get("mode")
            chosen = self._host.set_display_mode(mode if mode in DISPLAY_MODES else "inline")
            self.change_context(displayMode=chosen)
            return {"mode": chosen}
        if method == "ping":
            return {}
        raise _Unknown(method)


class _Unknown(Exception):
    """A request the bridge does not offer."""
