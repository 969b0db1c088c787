"""The MCP tools plugin: every configured MCP server's tools as `mcp__<server>__<tool>`.

Servers start lazily (``prepare_async`` or the first call), stop at ``aclose()``, and a server
that died is started again on its next use. MCP sessions live on one event loop, the loop of
the first async hook that used them (the app's Qt/asyncio loop); a sync hook called from a
worker thread hands its work to that loop. Without any running loop (plain sync use) a sync
call starts the servers it needs, does its work and stops them again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from agent_core.tool_arguments import ToolArgumentsError, tool_arguments
from mcp_tools.config import McpConfigError, normalize_server, server_entries
from mcp_tools.connection import EXITED, RUNNING, STOPPED, McpServerError, ServerConnection

if TYPE_CHECKING:  # the MCP SDK is imported when a server starts (see connection.py)
    import mcp_types
    from mcp.shared.dispatcher import ProgressFnT

T = TypeVar("T")
logger = logging.getLogger(__name__)

TOOL_PREFIX = "mcp__"
MAX_TOOL_NAME = 64  # what OpenAI-style function names allow
PREVIEW_CHARS = 160
SINGLE_LINE_CHARS = 100
# The core prepares tools for every request and tool call; a broken server is retried by
# preparation at most this often (a call to one of its tools always tries at once).
PREPARE_RETRY_SECONDS = 30.0
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]")


def exposed_tool_name(server: str, tool: str) -> str:
    """``mcp__<server>__<tool>``, made safe for function-name rules and at most 64 chars."""
    name = (
        f"{TOOL_PREFIX}{_UNSAFE_NAME_CHARS.sub('_', server)}__{_UNSAFE_NAME_CHARS.sub('_', tool)}"
    )
    if len(name) <= MAX_TOOL_NAME:
        return name
    digest = hashlib.sha1(name.encode()).hexdigest()[:8]
    return f"{name[: MAX_TOOL_NAME - 9]}_{digest}"


def _annotations(tool: mcp_types.Tool) -> dict[str, Any]:
    annotations = (
        tool.annotations.model_dump(by_alias=True, exclude_none=True) if tool.annotations else {}
    )
    if tool.title and "title" not in annotations:
        annotations["title"] = tool.title
    return annotations


def tool_schema(server: str, tool: mcp_types.Tool) -> dict[str, Any]:
    """The OpenAI chat function schema for one MCP tool, annotations copied."""
    parameters = dict(tool.input_schema or {})
    parameters.setdefault("type", "object")
    parameters.setdefault("properties", {})
    description = tool.description or tool.title or tool.name
    return {
        "type": "function",
        "function": {
            "name": exposed_tool_name(server, tool.name),
            "description": f"{description}\n\n(MCP server: {server})",
            "parameters": parameters,
        },
        "annotations": _annotations(tool),
    }


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _content_text(block: Any) -> str:
    import mcp_types

    if isinstance(block, mcp_types.TextContent):
        return block.text
    if isinstance(block, mcp_types.ImageContent):
        return f"[image: {block.mime_type}, {len(block.data) * 3 // 4} bytes]"
    if isinstance(block, mcp_types.AudioContent):
        return f"[audio: {block.mime_type}, {len(block.data) * 3 // 4} bytes]"
    if isinstance(block, mcp_types.ResourceLink):
        return f"[resource: {block.name} <{block.uri}>]"
    if isinstance(block, mcp_types.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, mcp_types.TextResourceContents):
            return resource.text
        return f"[binary resource: {resource.uri} ({resource.mime_type or 'unknown type'})]"
    return f"[{getattr(block, 'type', 'unknown')} content]"


def _progress_text(progress: float, total: float | None, message: str | None) -> str:
    amount = f"{progress / total:.0%}" if total else f"{progress:g}"
    return f"{message} ({amount})\n" if message else f"Progress: {amount}\n"


def _arguments(payload: Any) -> dict[str, Any]:
    try:
        return tool_arguments(payload)
    except ToolArgumentsError as exc:
        raise McpServerError(str(exc)) from exc


class McpTools:
    """Tool plugin `mcp_tools`: tools of the MCP servers in config key `mcp_servers`."""

    name = "mcp_tools"
    version = "0.1.0"

    def __init__(self) -> None:
        self._connections: dict[str, ServerConnection] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._background: asyncio.Task[dict[str, Any]] | None = None
        self._invalid: dict[str, str] = {}  # server name -> why its settings cannot be used

    # ------------------------------------------------------------------ description
    def get_config_schema(self) -> dict[str, Any]:
        return {
            "mcp_servers": {
                "type": "object",
                "default": {},
                "description": "MCP servers by name: {transport: 'stdio', command, args, env, "
                "enabled} or {transport: 'http', url, headers, enabled}.",
            }
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        # Servers are app-wide settings with their own page (list, import, test connection).
        return []

    # ------------------------------------------------------------------ configuration
    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        servers: dict[str, dict[str, Any]] = {}
        for name, raw in server_entries(config.get("mcp_servers")).items():
            try:
                settings = normalize_server(name, raw)
            except McpConfigError as exc:
                # One mistyped server is reported in its status; the others keep working.
                self._invalid[name] = str(exc)
                continue
            self._invalid.pop(name, None)
            servers[name] = settings
            connection = self._connections.get(name)
            if connection is None:
                self._connections[name] = ServerConnection(name, settings)
            elif connection.config != settings:
                # A running server keeps serving until its next use restarts it with these.
                if connection.state == RUNNING:
                    connection.replacement_config = settings
                else:
                    connection.config = settings
        return {"config": config, "servers": servers}

    def _enabled(self, state: dict[str, Any]) -> list[ServerConnection]:
        servers = state.get("servers")
        if servers is None:
            servers = self.init(state.get("config") or {})["servers"]
        return [
            self._connections[name]
            for name, settings in servers.items()
            if settings["enabled"] and name in self._connections
        ]

    # ------------------------------------------------------------------ event-loop affinity
    def _adopt_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """Bind the sessions to ``loop``; servers left from a loop that is gone are killed."""
        for name, connection in list(self._connections.items()):
            connection.abandon()
            fresh = ServerConnection(name, connection.replacement_config or connection.config)
            fresh.tools = connection.tools
            self._connections[name] = fresh
        self._background = None  # a task of the old loop, which will never run again
        self._loop = loop
        self._loop_thread = threading.get_ident()

    async def _on_owner_loop(self, make: Callable[[], Awaitable[T]]) -> T:
        running = asyncio.get_running_loop()
        owner = self._loop
        if owner is None or owner.is_closed() or (owner is not running and not owner.is_running()):
            self._adopt_loop(running)
            owner = running
        if owner is running:
            return await make()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(_await(make), owner))

    def _loop_runs_on_this_thread(self) -> bool:
        """Whether blocking here would stall an event loop (ours or any running one)."""
        try:
            asyncio.get_running_loop()
            return True
        except RuntimeError:
            owner = self._loop
            return (
                owner is not None
                and owner.is_running()
                and self._loop_thread == threading.get_ident()
            )

    def _run_sync(self, make: Callable[[], Awaitable[T]]) -> T:
        if self._loop_runs_on_this_thread():
            # Blocking here would stop the very loop that has to do the work.
            raise McpServerError(
                "MCP tools were called synchronously on the event-loop thread; use the async "
                "hooks (prepare_async, execute_tool_async) there."
            )
        owner = self._loop
        if owner is not None and owner.is_running():
            return asyncio.run_coroutine_threadsafe(_await(make), owner).result()

        async def once() -> T:
            try:
                return await self._on_owner_loop(make)
            finally:
                await self.aclose()

        return asyncio.run(once())

    # ------------------------------------------------------------------ preparation
    async def prepare_async(
        self,
        config: dict[str, Any],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Start every enabled server (concurrently) and report their tools as JSON."""
        return await self._on_owner_loop(lambda: self._prepare(state))

    def prepare(
        self,
        config: dict[str, Any],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        if not self._loop_runs_on_this_thread():
            return self._run_sync(lambda: self._prepare(state))
        # Called on the event-loop thread (previews, descriptors): never block the loop. Report
        # what is known now and start servers that are not running in the background.
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None  # the loop's thread, between callbacks
        if (
            running is not None
            and self._loop in (None, running)
            and self._background is None
            and any(self._wants_start(connection) for connection in self._enabled(state))
        ):
            self._background = running.create_task(self.prepare_async(config, state))
            self._background.add_done_callback(self._background_done)
        return self._report(self._enabled(state))

    def _background_done(self, task: asyncio.Task[dict[str, Any]]) -> None:
        self._background = None
        if not task.cancelled() and task.exception() is not None:
            logger.error("Starting MCP servers in the background failed: %s", task.exception())

    @staticmethod
    def _wants_start(connection: ServerConnection) -> bool:
        return connection.state in (STOPPED, EXITED) and not connection.failed_recently(
            PREPARE_RETRY_SECONDS
        )

    async def _prepare(self, state: dict[str, Any]) -> dict[str, Any]:
        connections = self._enabled(state)
        outcomes = await asyncio.gather(
            *(
                connection.ensure_running()
                for connection in connections
                if not connection.failed_recently(PREPARE_RETRY_SECONDS)
            ),
            return_exceptions=True,
        )
        for outcome in outcomes:
            if isinstance(outcome, BaseException) and not isinstance(outcome, McpServerError):
                raise outcome
        return self._report(connections)

    @staticmethod
    def _report(connections: list[ServerConnection]) -> dict[str, Any]:
        return {
            "servers": {
                connection.name: {
                    "state": connection.state,
                    "error": connection.error,
                    "tools": [tool_schema(connection.name, tool) for tool in connection.tools],
                }
                for connection in connections
            }
        }

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        if prepared and isinstance(prepared.get("servers"), dict):
            return [
                schema
                for connection in self._enabled(state)
                for schema in prepared["servers"].get(connection.name, {}).get("tools", [])
            ]
        return [
            tool_schema(connection.name, tool)
            for connection in self._enabled(state)
            for tool in connection.tools
        ]

    # ------------------------------------------------------------------ routing
    def _route(
        self, state: dict[str, Any], exposed: str | None
    ) -> tuple[ServerConnection, str] | None:
        for connection in self._enabled(state):
            for tool in connection.tools:
                if exposed_tool_name(connection.name, tool.name) == exposed:
                    return connection, tool.name
        return None

    def _server_for(self, state: dict[str, Any], exposed: str | None) -> ServerConnection | None:
        """The server a tool name belongs to, judged by its `mcp__<server>__` prefix alone."""
        for connection in self._enabled(state):
            prefix = exposed_tool_name(connection.name, "")
            if exposed and exposed.startswith(prefix):
                return connection
        return None

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        route = self._route(state, tool_name)
        server = self._server_for(state, tool_name)
        if route is not None:
            server_name, name = route[0].name, route[1]
        elif server is not None:
            server_name = server.name
            name = (tool_name or "")[len(exposed_tool_name(server.name, "")) :]
        else:
            return ""
        try:
            arguments = _arguments(payload)
        except McpServerError:
            return f"{server_name} › {name}(…)"
        shown = ", ".join(
            f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in arguments.items()
        )
        return _shorten(f"{server_name} › {name}({shown})", PREVIEW_CHARS)

    # ------------------------------------------------------------------ execution
    async def execute_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        return await self._on_owner_loop(lambda: self._execute(tool_name, payload, state))

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        try:
            return self._run_sync(lambda: self._execute(tool_name, payload, state))
        except McpServerError as exc:
            return {"success": False, "tool_name": tool_name, "error": str(exc)}

    async def stream_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> AsyncIterator[dict[str, Any]]:
        """The call, with the server's progress notifications as ``{"part": text}`` first."""
        caller = asyncio.get_running_loop()
        parts: asyncio.Queue[str] = asyncio.Queue()

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            # Runs on the loop owning the session, which may be another thread's.
            caller.call_soon_threadsafe(parts.put_nowait, _progress_text(progress, total, message))

        call = asyncio.ensure_future(
            self._on_owner_loop(lambda: self._execute(tool_name, payload, state, on_progress))
        )
        next_part: asyncio.Future[str] | None = None
        try:
            while not call.done():
                next_part = asyncio.ensure_future(parts.get())
                await asyncio.wait({next_part, call}, return_when=asyncio.FIRST_COMPLETED)
                if next_part.done():
                    yield {"part": next_part.result()}
            while not parts.empty():
                yield {"part": parts.get_nowait()}
            yield call.result()
        finally:
            # Both are no-ops once finished; otherwise the consumer left and the call stops.
            if next_part is not None:
                next_part.cancel()
            call.cancel()

    async def _execute(
        self,
        tool_name: str | None,
        payload: Any,
        state: dict[str, Any],
        progress: ProgressFnT | None = None,
    ) -> dict[str, Any]:
        failure: dict[str, Any] = {"success": False, "tool_name": tool_name}
        try:
            arguments = _arguments(payload)
            route = self._route(state, tool_name)
            if route is None:
                server = self._server_for(state, tool_name)
                if server is None:
                    return {**failure, "error": f"No enabled MCP server offers {tool_name!r}."}
                await server.ensure_running()  # a fresh instance learns the tools first
                route = self._route(state, tool_name)
                if route is None:
                    offered = ", ".join(tool.name for tool in server.tools) or "no tools"
                    return {
                        **failure,
                        "server": server.name,
                        "error": f"MCP server {server.name!r} has no tool for {tool_name!r} "
                        f"(it offers: {offered}).",
                    }
            connection, name = route
            failure.update(server=connection.name, tool=name)
            started = time.monotonic()
            outcome = await connection.call_tool(name, arguments, progress)
        except McpServerError as exc:
            return {**failure, "error": str(exc)}
        text = "\n".join(_content_text(block) for block in outcome.content)
        if not text and outcome.structured_content is not None:
            text = json.dumps(outcome.structured_content, ensure_ascii=False, indent=2)
        result = {
            "success": not outcome.is_error,
            "server": connection.name,
            "tool": name,
            "tool_name": tool_name,
            "structured_content": outcome.structured_content,
            "seconds": round(time.monotonic() - started, 3),
        }
        if outcome.is_error:  # the tool itself reported failure: the model reads why
            return {**result, "error": text or f"{name} reported an error without details."}
        return {**result, "result": text}

    # ------------------------------------------------------------------ results
    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        return str(result.get("result", ""))

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        where = (
            f"{result['server']} › {result['tool']}"
            if result.get("server") and result.get("tool")
            else str(result.get("tool_name") or "MCP tool")
        )
        if result.get("success"):
            summary = _shorten(str(result.get("result", "")), SINGLE_LINE_CHARS)
            single_line = f"{where} → {summary}" if summary else f"{where} → (no output)"
        else:
            error_lines = str(result.get("error") or "error").splitlines() or ["error"]
            single_line = f"{where} failed: {error_lines[0]}"
        return {"type": "text", "content": text, "single_line": _shorten(single_line, 140)}

    # ------------------------------------------------------------------ status and control
    def server_status(self) -> list[dict[str, Any]]:
        """Every known server: name, state, tools, error, stderr tail, exit code."""
        statuses = [
            connection.status()
            for name, connection in self._connections.items()
            if name not in self._invalid
        ]
        return statuses + [
            {
                "name": name,
                "transport": None,
                "enabled": False,
                "state": "invalid",
                "tools": [],
                "error": error,
                "stderr_tail": "",
                "exit_code": None,
                "server_info": None,
            }
            for name, error in self._invalid.items()
        ]

    async def test_server(self, name_or_config: str | dict[str, Any]) -> dict[str, Any]:
        """Start a server on its own, list its tools, stop it: the "test connection" button.

        Takes a configured server's name, or settings (``{"name"?, ...}``) not saved yet.
        """
        if isinstance(name_or_config, str):
            known = self._connections.get(name_or_config)
            if known is None:
                return {
                    "ok": False,
                    "name": name_or_config,
                    "error": f"No MCP server named {name_or_config!r} is configured.",
                }
            name, settings = name_or_config, known.replacement_config or known.config
        else:
            name = str(name_or_config.get("name") or "test")
            try:
                settings = normalize_server(
                    name, {k: v for k, v in name_or_config.items() if k != "name"}
                )
            except McpConfigError as exc:
                return {"ok": False, "name": name, "error": str(exc)}
        probe = ServerConnection(name, {**settings, "enabled": True})
        started = time.monotonic()
        try:
            await probe.ensure_running()
        except McpServerError as exc:
            return {
                "ok": False,
                "name": name,
                "error": str(exc),
                "stderr_tail": probe.stderr_tail(),
                "exit_code": probe.status()["exit_code"],
                "seconds": round(time.monotonic() - started, 3),
            }
        finally:
            await probe.stop()
        return {
            "ok": True,
            "name": name,
            "server_info": probe.server_info,
            "tools": [
                {
                    "name": tool.name,
                    "description": tool.description,
                    "annotations": _annotations(tool),
                }
                for tool in probe.tools
            ],
            "stderr_tail": probe.stderr_tail(),
            "seconds": round(time.monotonic() - started, 3),
        }

    async def aclose(self) -> None:
        """Stop every running server; the app calls this once at exit."""
        if self._background is not None:
            self._background.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._background
        if self._loop is None:
            return
        if self._loop.is_closed():  # nothing can run there any more: kill what is left
            for connection in self._connections.values():
                connection.abandon()
            return
        await self._on_owner_loop(self._stop_all)

    async def _stop_all(self) -> None:
        await asyncio.gather(*(connection.stop() for connection in self._connections.values()))

    def close(self, timeout: float = 15.0) -> None:
        """Sync twin of :meth:`aclose`: a clean stop through the owning loop when it runs in
        another thread, otherwise the server processes are killed."""
        owner = self._loop
        if owner is not None and owner.is_running() and not self._loop_runs_on_this_thread():
            asyncio.run_coroutine_threadsafe(self._stop_all(), owner).result(timeout)
            return
        for connection in self._connections.values():
            connection.abandon()


async def _await(make: Callable[[], Awaitable[T]]) -> T:
    return await make()
