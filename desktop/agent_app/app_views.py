"""MCP App views, the host's side without Qt: what a view may do, and its JSON-RPC bridge.

A tool result that names a view keeps ``app_view`` in its display dict (see the MCP plugin's
`mcp_tools.apps`). `AppViews` reads the view's page from its server and runs the tool calls
views make: each passes the approval decision every tool call passes (`ApprovalPolicy`, with
the same remembered answers), and is refused unless the tool's visibility includes ``"app"``
(the plugin refuses it). `AppViewBridge` answers one view's messages (``ui/initialize``,
``tools/call``, ``resources/read``, ``ui/open-link``, ``ui/message``,
``ui/update-model-context``, ``ui/request-display-mode``, size changes, log messages) and sends
it the call's input and result once it is initialized, then what changes of the host's context,
the arguments so far while the model still writes the call (``tool-input-partial``, when the
row showed early), the whole input once,
a cancelled call, and ``ui/resource-teardown`` before the view goes; whatever needs the user (a
link, a message, an approval) goes through the `ViewHost` the GUI gives it.

`ViewContexts` keeps what views tell the model (``ui/update-model-context``): each update
replaces the view's previous one, and every later request of the chat carries the latest, inside
the result of the tool call the view belongs to, fenced and named as the view's (untrusted) text.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

from agent_app.tool_trust import facts_for_call
from agent_core import Message

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
# What a view may put into the model's context; more is cut (a view cannot fill the context).
MAX_VIEW_CONTEXT_CHARS = 16_000
VIEW_CONTEXT_START = (
    "[The interactive view of {source} shows the user this (the view's own text, not the user's):]"
)
VIEW_CONTEXT_END = "[End of the view's text.]"
VIEW_CONTEXT_CUT = "[… the rest of the view's text was cut.]"
# Log levels of the MCP logging notification a view may send (``notifications/message``).
VIEW_LOG_LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO,
    "warning": logging.WARNING,
}


class AppViewRefused(Exception):
    """A view asked for something it may not have; the text says what and why."""


class ViewHost(Protocol):
    """What a view's bridge needs from the window: the user's answers and the row's display."""

    async def confirm_link(self, url: str) -> bool: ...

    async def send_message(self, text: str) -> bool: ...

    def update_model_context(self, content: Any, structured: Any) -> None: ...

    def set_display_mode(self, mode: str) -> str: ...

    def set_height(self, height: int) -> None: ...


@dataclass(frozen=True)
class ViewContext:
    """What one view told the model: `source` names the view (server › tool)."""

    source: str
    text: str


class ViewContexts:
    """What views told the model, per chat and tool call (``ui/update-model-context``).

    Each update replaces the view's previous one; an empty one takes it back. `applied` gives a
    request's messages with each text at the end of its call's tool result, between lines that
    name it as the view's: the model reads it as that tool's (untrusted) output. It is text in
    a message and nothing else: it never becomes a message of its own, a role or a setting.
    """

    def __init__(self) -> None:
        self._by_session: dict[str, dict[str, ViewContext]] = {}

    def update(
        self, session_id: str, tool_call_id: str, source: str, content: Any, structured: Any
    ) -> None:
        text = _text_of(content)
        if isinstance(structured, dict) and structured:
            text = f"{text}\n{json.dumps(structured, ensure_ascii=False)}".strip()
        contexts = self._by_session.setdefault(session_id, {})
        if not text.strip():
            contexts.pop(tool_call_id, None)
            return
        contexts[tool_call_id] = ViewContext(source, text)

    def of_call(self, session_id: str, tool_call_id: str) -> str | None:
        context = self._by_session.get(session_id, {}).get(tool_call_id)
        return None if context is None else context.text

    def applied(self, session_id: str, messages: list[Message]) -> list[Message]:
        """`messages` with each view's text in the last result of its tool call."""
        contexts = self._by_session.get(session_id)
        if not contexts:
            return messages
        last_result: dict[str, int] = {}
        for index, message in enumerate(messages):
            call_id = (message.metadata or {}).get("tool_call_id")
            if message.role == "tool" and call_id in contexts:
                last_result[str(call_id)] = index
        if not last_result:
            return messages
        given = list(messages)
        for call_id, index in last_result.items():
            block = _fenced(contexts[call_id])
            given[index] = replace(given[index], content=_with_block(given[index].content, block))
        return given


def _fenced(context: ViewContext) -> str:
    text = context.text.replace(VIEW_CONTEXT_END, "")  # the view cannot end its fence early
    if len(text) > MAX_VIEW_CONTEXT_CHARS:
        text = f"{text[:MAX_VIEW_CONTEXT_CHARS]}\n{VIEW_CONTEXT_CUT}"
    return f"{VIEW_CONTEXT_START.format(source=context.source)}\n{text}\n{VIEW_CONTEXT_END}"


def _with_block(content: Any, block: str) -> Any:
    """A tool result's content with `block` after it, in whatever shape the content has."""
    if isinstance(content, str):
        return f"{content}\n\n{block}"
    part = {"type": "text", "text": block}
    if isinstance(content, list):
        return [*content, part]
    if isinstance(content, dict) and isinstance(content.get("content"), list):
        return {**content, "content": [*content["content"], part]}
    return f"{json.dumps(content, ensure_ascii=False, default=str)}\n\n{block}"


class AppViews:
    """Reads views and runs their tool calls for the tool plugins that offer them."""

    def __init__(
        self,
        plugins: PluginHost,
        approvals: ApprovalPolicy,
        settings: ApprovalSettings,
        contexts: ViewContexts,
    ) -> None:
        self._plugins = plugins
        self._approvals = approvals
        self._settings = settings
        self.contexts = contexts

    def view_before_result(self, described: dict[str, Any]) -> dict[str, Any] | None:
        """The view a described call (the core's `describe_tool_calls`) will show, when its
        tool's definition names one: the row shows it while the call waits and runs."""
        schema = getattr(described.get("descriptor"), "schema", None)
        where = schema.get("mcp") if isinstance(schema, dict) else None
        arguments = described.get("arguments")
        if not isinstance(where, dict) or not isinstance(arguments, dict):
            return None
        for name, plugin in self._plugins.offering("tool", "app_view_before_result"):
            if name == described.get("plugin_name"):
                view: dict[str, Any] | None = plugin.app_view_before_result(
                    str(where.get("server")), str(where.get("tool")), arguments
                )
                return view
        return None

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
    """One view's JSON-RPC peer: `receive` each message of the view; `post` sends to it.

    The view may be made before its call has a result (the call still waits for approval or
    runs): it gets the input once initialized, then the result (`show_result`) or word that the
    call was cancelled (`cancel`). It may even be made while the model still writes the call
    (its view dict marked ``input_partial``): it then gets the arguments so far
    (``ui/notifications/tool-input-partial``, the newest only if it initializes late) until
    `show_input` gives the whole input (``ui/notifications/tool-input``, once)."""

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
        self.cancelled: str | None = None  # why the call was cancelled, once it was
        self._next_id = 0
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}

    def _notify(self, method: str, params: dict[str, Any]) -> None:
        self._post({"jsonrpc": "2.0", "method": method, "params": params})

    def change_context(self, **changes: Any) -> None:
        """Tell the view what changed of the host's context (theme, locale, display mode)."""
        changes = {key: value for key, value in changes.items() if self.context.get(key) != value}
        if not changes:
            return
        self.context.update(changes)
        if self.initialized:
            self._notify("ui/notifications/host-context-changed", changes)

    def _send_input(self) -> None:
        arguments = self._view.get("arguments")
        if not self._view.get("input_partial"):
            self._notify("ui/notifications/tool-input", {"arguments": arguments or {}})
        elif isinstance(arguments, dict):  # nothing readable yet: the view hears nothing
            self._notify("ui/notifications/tool-input-partial", {"arguments": arguments})

    def show_input(self, view: dict[str, Any]) -> None:
        """The call's input as the row now has it (`view`): more of it while the model writes
        the call (``input_partial``), then all of it. Once the whole input was given, nothing
        more is sent."""
        if not self._view.get("input_partial"):
            return
        if view.get("input_partial") and view.get("arguments") == self._view.get("arguments"):
            return
        self._view = view
        if self.initialized:
            self._send_input()

    def show_result(self, view: dict[str, Any]) -> None:
        """The call's result arrived (`view` as the result names it): the view gets it."""
        had_result = "result" in self._view
        self._view = view
        if self.initialized and not had_result and "result" in view:
            self._notify("ui/notifications/tool-result", view["result"])

    def cancel(self, reason: str) -> None:
        """The call ended without a result (denied, stopped): the view is told why, once."""
        if self.cancelled is not None or "result" in self._view:
            return
        self.cancelled = reason
        if self.initialized:
            self._notify("ui/notifications/tool-cancelled", {"reason": reason})

    async def teardown(self) -> dict[str, Any]:
        """``ui/resource-teardown``: the view's answer once it has cleaned up (the caller
        bounds the wait: a view that never answers is closed all the same)."""
        self._next_id += 1
        request_id = self._next_id
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[request_id] = answer
        self._post(
            {"jsonrpc": "2.0", "id": request_id, "method": "ui/resource-teardown", "params": {}}
        )
        try:
            return await answer
        finally:
            self._answers.pop(request_id, None)

    async def receive(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if not isinstance(method, str):
            self._answered(message)
            return
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

    def _answered(self, message: dict[str, Any]) -> None:
        """The view's answer to one of the host's requests (a teardown)."""
        request_id = message.get("id")
        answer = self._answers.get(request_id) if isinstance(request_id, int) else None
        if answer is None or answer.done():
            return
        result = message.get("result")
        answer.set_result(result if isinstance(result, dict) else {"error": message.get("error")})

    def _notified(self, method: str, params: dict[str, Any]) -> None:
        if method == "ui/notifications/initialized":
            self.initialized = True
            self._send_input()
            if "result" in self._view:
                self._notify("ui/notifications/tool-result", self._view["result"])
            elif self.cancelled is not None:
                self._notify("ui/notifications/tool-cancelled", {"reason": self.cancelled})
        elif method == "ui/notifications/size-changed":
            height = params.get("height")
            if isinstance(height, int | float) and height > 0:
                self._host.set_height(int(height))
        elif method == "notifications/message":
            level = VIEW_LOG_LEVELS.get(str(params.get("level")), logging.WARNING)
            logger.log(
                level,
                "view of %s › %s: %s",
                self._view.get("server"),
                self._view.get("tool"),
                str(params.get("data"))[:MAX_VIEW_CONTEXT_CHARS],
            )

    async def _answer(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if method == "ui/initialize":
            return {
                "protocolVersion": PROTOCOL_VERSION,
                "hostInfo": {"name": HOST_NAME, "version": HOST_VERSION},
                "hostCapabilities": {
                    "openLinks": {},
                    "serverTools": {},
                    "serverResources": {},
                    "logging": {},
                    "updateModelContext": {"text": {}, "structuredContent": {}},
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
            self._host.update_model_context(params.get("content"), params.get("structuredContent"))
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
