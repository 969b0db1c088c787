"""The MCP tools plugin: every configured MCP server's tools as `mcp__<server>__<tool>`.

Servers start in the background (at application start through ``start_servers``, or when a
request prepares its tools) and a request never waits for one: it goes out with the tools of the
servers that are ready, and ``readiness_notice`` says in one line which are still starting or
failed. Servers stop at ``aclose()``; one that died is started again after a back-off. MCP
sessions live on one event loop, the loop of the first async hook that used them (the app's
Qt/asyncio loop); a sync hook called from a worker thread hands its work to that loop. Without
any running loop (plain sync use) a sync call starts the servers it needs, does its work and
stops them again.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from agent_core.tool_arguments import ToolArgumentsError, tool_arguments
from agent_core.workers import run_on_private_loop
from mcp_tools.apps import APP_MIME_TYPE, UI_SCHEME, resource_ui, resource_uri, tool_ui
from mcp_tools.config import McpConfigError, normalize_server, preview_import, server_entries
from mcp_tools.connection import (
    EXITED,
    FAILED,
    RUNNING,
    STARTING,
    STOPPED,
    ElicitationHandler,
    McpServerError,
    ServerConnection,
    load_sdk,
)
from mcp_tools.oauth import SecretKeeper, SignInHandler, on_its_loop
from mcp_tools.results import capped, convert, model_image_parts, pretty_json

if TYPE_CHECKING:  # the MCP SDK is imported when a server starts (see connection.py)
    import mcp_types
    from mcp.shared.dispatcher import ProgressFnT

T = TypeVar("T")
logger = logging.getLogger(__name__)

TOOL_PREFIX = "mcp__"
MAX_TOOL_NAME = 64  # what OpenAI-style function names allow
PREVIEW_CHARS = 160
SINGLE_LINE_CHARS = 100
_UNSAFE_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]")


def _safe_part(name: str) -> str:
    """``name`` made safe for function names; a changed name gets a short hash of the original,
    so `my.server` and `my_server` stay apart (and each keeps its prefix across restarts)."""
    safe = _UNSAFE_NAME_CHARS.sub("_", name)
    if safe == name and "__" not in name:
        return name
    return f"{safe}_{hashlib.sha1(name.encode()).hexdigest()[:4]}"


def exposed_tool_name(server: str, tool: str) -> str:
    """``mcp__<server>__<tool>``, unique per (server, tool), safe and at most 64 chars."""
    name = f"{TOOL_PREFIX}{_safe_part(server)}__{_safe_part(tool) if tool else ''}"
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
        # Who serves it, so approval rules can be per server without parsing the name.
        "mcp": {"server": server, "tool": tool.name},
    }


def _model_text(result: dict[str, Any]) -> str:
    if not result.get("success"):
        return f"Error: {result.get('error')}"
    return str(result.get("result", ""))


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _says_the_same(text: str, structured: Any) -> bool:
    """Whether structured content only repeats the text (as JSON, or the SDK's `{"result": …}`
    wrapper of a plain return value), so the row need not show it twice."""
    if text == pretty_json(structured):
        return True
    if isinstance(structured, dict) and list(structured) == ["result"]:
        value = structured["result"]
        return (
            text in (value, pretty_json(value))
            if isinstance(value, str)
            else (text == pretty_json(value))
        )
    return False


def readiness_text(
    connections: list[ServerConnection], starting: set[str] | frozenset[str] = frozenset()
) -> str | None:
    """ "2 of 3 tool servers ready — 'x' is still starting; 'y' failed: …", or None when all are."""
    waiting = [connection for connection in connections if connection.state != RUNNING]
    if not waiting:
        return None
    reasons = []
    for connection in waiting:
        if connection.sign_in is not None and connection.sign_in.needs_client_id:
            reasons.append(f"{connection.name!r} cannot sign in: {connection.sign_in.problem}")
        elif connection.needs_sign_in:
            problem = connection.sign_in.problem if connection.sign_in else None
            reasons.append(
                f"{connection.name!r} needs you to sign in ({_shorten(problem or 'signed out', 80)}"
                "; use Sign in again)"
            )
        elif connection.signing_in:
            reasons.append(f"{connection.name!r} is waiting for you to sign in in the browser")
        elif connection.state in (FAILED, EXITED):
            problem = connection.problem or (connection.error or "failed").splitlines()[0]
            # What the server itself said last is most often the reason (a missing token).
            said = connection.stderr_tail().strip().splitlines()[-1:]
            because = f" (stderr: {_shorten(said[0], 120)})" if said else ""
            reasons.append(f"{connection.name!r} failed: {_shorten(problem, 120)}{because}")
        elif connection.state == STARTING and connection.failures and connection.problem:
            problem = _shorten(connection.problem, 120)
            reasons.append(f"{connection.name!r} failed: {problem} (trying again)")
        elif (
            connection.state == STARTING
            or connection.name in starting  # its start task is queued
            or connection.replacement_config is not None
        ):
            reasons.append(f"{connection.name!r} is still starting")
        else:
            reasons.append(f"{connection.name!r} is not started yet")
    ready = len(connections) - len(waiting)
    return (
        f"{ready} of {len(connections)} tool servers ready — {'; '.join(reasons)}. "
        "Their logs: the Tools button beside the model picker, or Settings → MCP servers."
    )


def _progress_part(progress: float, total: float | None, message: str | None) -> dict[str, Any]:
    """A progress notification (or a task's status) as a part of the call's stream: its line
    of text for the row's output, and the numbers for its progress bar (`total` None: how much
    is left is not known)."""
    amount = f"{progress / total:.0%}" if total else f"{progress:g}"
    text = f"{message} ({amount})\n" if message else f"Progress: {amount}\n"
    return {"text": text, "progress": {"value": progress, "total": total, "message": message}}


def _arguments(payload: Any) -> dict[str, Any]:
    try:
        return tool_arguments(payload)
    except ToolArgumentsError as exc:
        raise McpServerError(str(exc)) from exc


class McpTools:
    """Tool plugin `mcp_tools`: tools of the MCP servers in config key `mcp_servers`."""

    name = "mcp_tools"
    display_name = "MCP servers"
    version = "0.1.0"

    def __init__(self) -> None:
        self._connections: dict[str, ServerConnection] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._starts: dict[str, asyncio.Task[None]] = {}  # server name -> its start in progress
        # Calls other threads wait for (sync hooks run on the owning loop); closing ends them.
        self._waited_on: set[concurrent.futures.Future[Any]] = set()
        self._closed = False
        self._elicitation_handler: ElicitationHandler | None = None
        self._secret_keeper: SecretKeeper | None = None
        self._sign_in_handler: SignInHandler | None = None
        self._invalid: dict[str, str] = {}  # server name -> why its settings cannot be used
        self._leaving = False  # the app quits: tasks outlive it (`leave_tasks_running`)
        # The loop of a sync call made while no loop held the servers (`_run_sync`); it ends
        # with that call, and its servers with it.
        self._private_loop: asyncio.AbstractEventLoop | None = None
        self._private_call_ended: concurrent.futures.Future[None] | None = None

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
                self._connections[name] = self._new_connection(name, settings)
            elif connection.config != settings:
                connection.use_oauth_client(settings)  # a new client may sign in at once
                # A running server keeps serving until its next use restarts it with these.
                if connection.state == RUNNING:
                    connection.replacement_config = settings
                else:
                    connection.config = settings
                    connection.failures = 0  # changed settings are tried now, not after a wait
        return {"config": config, "servers": servers}

    def _new_connection(self, name: str, settings: dict[str, Any]) -> ServerConnection:
        connection = ServerConnection(name, settings)
        connection.on_exit = self._restart_later
        connection.elicitation_handler = self._elicitation_handler
        connection.secret_keeper = self._secret_keeper
        connection.sign_in_handler = self._sign_in_handler
        connection.leave_tasks_running = self._leaving
        return connection

    def set_secret_store(self, keeper: SecretKeeper | None) -> None:
        """Where OAuth tokens and client registrations are kept (the app's keyring store)."""
        self._secret_keeper = keeper
        for connection in self._connections.values():
            connection.secret_keeper = keeper

    def set_sign_in_handler(self, handler: SignInHandler | None) -> None:
        """Who asks the user to sign in to a server and opens the login page (the window);
        None: a server that needs a login waits with "sign-in needed".

        Set on the window's event loop: the handler is used there only, never from a server
        run on a private loop of a worker thread (a window cannot be shown from there).
        """
        if handler is not None:
            handler = on_its_loop(handler)
        self._sign_in_handler = handler
        for connection in self._connections.values():
            connection.sign_in_handler = handler

    def set_elicitation_handler(self, handler: ElicitationHandler | None) -> None:
        """Who answers a server's request for user input (the app's form dialog); None declines.

        Called on the event loop that owns the sessions; see `ElicitationHandler`.
        """
        self._hold_servers_on_the_running_loop()
        self._elicitation_handler = handler
        for connection in self._connections.values():
            connection.elicitation_handler = handler

    def _hold_servers_on_the_running_loop(self) -> None:
        """The app sets its handlers on the loop that is to hold the servers. Taken now, a worker
        thread's sync call at start-up (the agent's UI schema) hands its work to that loop, rather
        than starting every server on a private loop of its own and stopping it when it ends."""
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            return  # not on a loop: the first async call takes the servers to its own
        if self._loop is None:
            self._adopt_loop(running)

    def _restart_later(self, connection: ServerConnection) -> None:
        """Supervision: a server that ended on its own is started again after its back-off."""

        def restart() -> None:
            current = self._connections.get(connection.name)
            if current is connection and connection.config["enabled"]:
                self._start_waiting([connection])

        if self._loop is not None and not self._loop.is_closed():
            # Just past the back-off, so `_wants_start` sees it over.
            self._loop.call_later(connection.back_off_seconds() + 0.05, restart)

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
            fresh = self._new_connection(name, connection.replacement_config or connection.config)
            fresh.tools = connection.tools
            self._connections[name] = fresh
        self._starts = {}  # tasks of the old loop, which will never run again
        self._loop = loop
        self._loop_thread = threading.get_ident()

    async def _on_owner_loop(self, make: Callable[[], Awaitable[T]]) -> T:
        running = asyncio.get_running_loop()
        await self._after_a_private_call(running)
        owner = self._loop
        if owner is None or owner.is_closed() or (owner is not running and not owner.is_running()):
            self._adopt_loop(running)
            owner = running
        if owner is running:
            return await make()
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(_await(make), owner))

    async def _after_a_private_call(self, running: asyncio.AbstractEventLoop) -> None:
        """A sync call's private loop holds the servers and stops them when the call ends: work
        handed there from another loop (the app's warm-up, a followed task) would be cut off
        with it. That work waits for the call to end; the servers then come to its own loop."""
        ended = self._private_call_ended
        private = self._private_loop
        if ended is not None and private not in (None, running) and self._loop is private:
            await asyncio.wrap_future(ended)

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
        if owner is not None and not owner.is_closed():
            if self._closed and not owner.is_running():
                raise McpServerError(_CLOSED)  # its loop has stopped for good (the app quit)
            # The sessions live on that loop; if it is between two runs (a test harness pumping
            # Qt events), the call waits for its next run rather than replacing the servers.
            return self._wait_for(asyncio.run_coroutine_threadsafe(_await(make), owner))

        async def once() -> T:
            self._private_loop = asyncio.get_running_loop()
            ended: concurrent.futures.Future[None] = concurrent.futures.Future()
            self._private_call_ended = ended
            try:
                return await self._on_owner_loop(make)
            finally:
                # Servers started on this private loop end with it. If meanwhile the app's loop
                # took the servers (it adopted them first), they are its own: left running.
                if self._loop is asyncio.get_running_loop():
                    # From now on a call from another loop takes the servers to its own loop
                    # instead of being handed to this one, which ends before it could run it.
                    self._loop = None
                    await self._stop_all()
                self._private_loop = None
                ended.set_result(None)

        return run_on_private_loop(once())

    def _wait_for(self, call: concurrent.futures.Future[T]) -> T:
        """The result of a call on the owning loop; closing the plugin ends the wait."""
        self._waited_on.add(call)
        try:
            return call.result()
        except concurrent.futures.CancelledError:
            raise McpServerError(_CLOSED) from None
        finally:
            self._waited_on.discard(call)

    def _end_waits(self) -> None:
        """Closing: calls other threads wait for are cancelled (on their loop too), so no
        thread stays blocked in this plugin after the app quit."""
        self._closed = True
        for call in list(self._waited_on):
            call.cancel()

    # ------------------------------------------------------------------ preparation
    async def prepare_async(
        self,
        config: dict[str, Any],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Report the tools of the servers that are ready; start the others in the background.

        Never waits for a server: a request goes out with what is ready now.
        """
        return await self._on_owner_loop(lambda: self._begin_starts(state))

    async def start_servers(self, state: dict[str, Any]) -> dict[str, Any]:
        """Start every enabled server (concurrently), wait until each is ready or failed, and
        report their tools: the application's warm-up at start, and "wait for them" callers."""
        return await self._on_owner_loop(lambda: self._prepare(state))

    def prepare(
        self,
        config: dict[str, Any],
        state: dict[str, Any],
        *,
        context: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        if not self._loop_runs_on_this_thread():
            owner = self._loop
            if owner is not None and owner.is_running():
                # A worker thread of the app: like `prepare_async`, never wait for a server.
                return self._run_sync(lambda: self._begin_starts(state))
            return self._run_sync(lambda: self._prepare(state))
        # Called on the event-loop thread (previews, descriptors): never block the loop. Report
        # what is known now and start servers that are not running in the background.
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None  # the loop's thread, between callbacks
        if running is not None and self._loop in (None, running):
            if self._loop is None:
                self._adopt_loop(running)
            self._start_waiting(self._enabled(state))
        return self._report(self._enabled(state))

    async def _begin_starts(self, state: dict[str, Any]) -> dict[str, Any]:
        connections = self._enabled(state)
        self._start_waiting(connections)
        return self._report(connections)

    def _start_waiting(self, connections: list[ServerConnection]) -> None:
        """Start, as tasks on the running (owner) loop, the servers that should run but don't."""
        for connection in connections:
            if connection.name in self._starts or not self._wants_start(connection):
                continue
            task = asyncio.get_running_loop().create_task(
                self._start_one(connection), name=f"mcp-start-{connection.name}"
            )
            self._starts[connection.name] = task

    async def _start_one(self, connection: ServerConnection) -> None:
        try:
            # The SDK's first import takes about half a second: not on the GUI's loop thread.
            await asyncio.to_thread(load_sdk)
            await connection.ensure_running()
        except McpServerError:
            pass  # kept as the server's state and error; reported by status and notices
        finally:
            self._starts.pop(connection.name, None)

    @staticmethod
    def _wants_start(connection: ServerConnection) -> bool:
        if connection.needs_sign_in:
            return False  # it starts when the user signs in
        if connection.replacement_config is not None:
            return True
        return connection.state in (STOPPED, EXITED, FAILED) and not connection.backing_off()

    async def _prepare(self, state: dict[str, Any]) -> dict[str, Any]:
        connections = self._enabled(state)
        self._start_waiting(connections)
        starts = [self._starts[c.name] for c in connections if c.name in self._starts]
        # Each start ends in the server's state (ready, failed); stopping cancels them all.
        await asyncio.gather(*starts, return_exceptions=True)
        return self._report(connections)

    async def readiness_notice(self, config: dict[str, Any]) -> str | None:
        """One line for the chat when not every enabled server is ready, else None.

        Also starts (in the background) the servers that should run, so the line is accurate.
        """
        state = self.init(config)

        async def look() -> str | None:
            connections = self._enabled(state)
            self._start_waiting(connections)
            return readiness_text(connections, set(self._starts))

        return await self._on_owner_loop(look)

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
        """The call, with the server's progress notifications as parts first (``{"part":
        {"text", "progress": {"value", "total", "message"}}}``, see `_progress_part`); a call
        the server turns into a task also yields ``{"part": {"task": handle, "text": ""}}``
        (`handle`: ``{"server", "tool", "task_id"}``), which the app keeps with the chat so the
        task can be followed again (`follow_task`) or cancelled (`cancel_task`) after a restart."""
        caller = asyncio.get_running_loop()
        parts: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

        async def on_progress(progress: float, total: float | None, message: str | None) -> None:
            # Runs on the loop owning the session, which may be another thread's.
            caller.call_soon_threadsafe(parts.put_nowait, _progress_part(progress, total, message))

        def on_task(handle: dict[str, Any]) -> None:
            caller.call_soon_threadsafe(parts.put_nowait, {"task": handle, "text": ""})

        call = asyncio.ensure_future(
            self._on_owner_loop(
                lambda: self._execute(tool_name, payload, state, on_progress, on_task)
            )
        )
        next_part: asyncio.Future[dict[str, Any]] | None = None
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
        on_task: Callable[[dict[str, Any]], None] | None = None,
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

            def task_started(task_id: str) -> None:
                if on_task is not None:
                    on_task({"server": connection.name, "tool": name, "task_id": task_id})

            outcome = await connection.call_tool(
                name, arguments, progress, task_started=task_started
            )
        except McpServerError as exc:
            return {**failure, "error": str(exc)}
        result = self._result(connection, name, tool_name, outcome, started)
        view = _app_view(connection, name, arguments, outcome)
        if view is not None:
            result["app_view"] = view
        return result

    @staticmethod
    def _result(
        connection: ServerConnection,
        name: str,
        tool_name: str | None,
        outcome: mcp_types.CallToolResult,
        started: float,
    ) -> dict[str, Any]:
        from mcp_tools.tasks import was_cancelled_by_user  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        output = convert(outcome)
        text = capped(output.text, connection.config["max_output_chars"])
        result = {
            "success": not outcome.is_error,
            "server": connection.name,
            "tool": name,
            "tool_name": tool_name,
            "structured_content": output.structured,
            "images": output.images,
            "seconds": round(time.monotonic() - started, 3),
        }
        if was_cancelled_by_user(outcome):
            result["cancelled_by_user"] = True
        if outcome.is_error:  # the tool itself reported failure: the model reads why
            return {**result, "error": text or f"{name} reported an error without details."}
        return {**result, "result": text}

    # ------------------------------------------------------------------ tasks after a restart
    def leave_tasks_running(self) -> None:
        """The app quits: tasks that calls became are left running on their servers (their ids
        are kept with the chats), instead of being cancelled with the calls."""
        self._leaving = True
        for connection in self._connections.values():
            connection.leave_tasks_running = True

    def _task_server(self, handle: dict[str, Any]) -> ServerConnection:
        connection = self._connections.get(str(handle.get("server") or ""))
        if connection is None:
            raise McpServerError(
                f"No MCP server named {handle.get('server')!r} is configured any more; add it "
                "again in Settings → MCP servers to get the task's result."
            )
        return connection

    async def follow_task(
        self,
        handle: dict[str, Any],
        on_progress: Callable[[dict[str, Any]], None] | None = None,
    ) -> dict[str, Any]:
        """The outcome of a task an earlier run left running (`handle` as `stream_tool_async`
        gave it), once it ends: ``{"content", "display", "is_error"}`` for its tool message;
        `on_progress` hears its status messages as they come (parts, see `_progress_part`)."""
        name = str(handle.get("tool") or "")
        server = str(handle.get("server") or "")
        tool_name = exposed_tool_name(server, name)

        async def progress(progress: float, total: float | None, message: str | None) -> None:
            if on_progress is not None:
                on_progress(_progress_part(progress, total, message))

        async def follow() -> dict[str, Any]:
            started = time.monotonic()
            # At start-up the servers load the SDK on a worker thread meanwhile: its first
            # import goes through load_sdk, or the two meet a half-imported module.
            await asyncio.to_thread(load_sdk)
            try:
                connection = self._task_server(handle)
                outcome = await connection.follow_task(str(handle.get("task_id")), progress)
            except McpServerError as exc:
                return {"success": False, "server": server, "tool": name, "error": str(exc)}
            return self._result(connection, name, tool_name, outcome, started)

        result = await self._on_owner_loop(follow)
        content = self.format_tool_result(result, {})
        text = content if isinstance(content, str) else json.dumps(content, default=str)
        return {
            "content": content,
            "display": self.to_display_format(text, result, {}),
            "is_error": not result.get("success"),
        }

    async def cancel_task(self, handle: dict[str, Any]) -> None:
        """Ask the server of a task an earlier run left running to cancel it; McpServerError
        says why it could not be asked."""

        async def cancel() -> None:
            await asyncio.to_thread(load_sdk)  # see follow_task
            await self._task_server(handle).cancel_task(str(handle.get("task_id")))

        await self._on_owner_loop(cancel)

    # ------------------------------------------------------------------ MCP App views
    def _connection(self, server: str) -> ServerConnection:
        connection = self._connections.get(server)
        if connection is None:
            raise McpServerError(f"No MCP server named {server!r} is configured.")
        return connection

    def knows_server(self, server: str) -> bool:
        return server in self._connections

    async def read_app_view(self, server: str, uri: str) -> dict[str, Any]:
        """A tool's view (``resources/read`` of its ``ui://`` resource): ``{"html", "csp"?,
        "permissions"?, "prefersBorder"?}``, the security settings from the content's
        ``_meta.ui``, else from its entry in the resource list; McpServerError says why not."""
        connection = self._connection(server)
        if not uri.startswith(UI_SCHEME):
            raise McpServerError(
                f"MCP server {server!r} named {uri!r} as a view; views are ui:// resources."
            )
        content = await self._on_owner_loop(lambda: connection.read_resource_content(uri))
        mime = (content.mime_type or "").replace(" ", "")
        if mime.split(";")[0] != APP_MIME_TYPE.split(";")[0]:
            raise McpServerError(
                f"MCP server {server!r} sent {uri} as {mime or 'no type'}, not as an MCP App "
                f"view ({APP_MIME_TYPE})."
            )
        text = getattr(content, "text", None)
        if text is None:
            text = base64.b64decode(getattr(content, "blob", "")).decode("utf-8", "replace")
        settings = resource_ui(content.meta) or resource_ui(connection.listed_resource_meta(uri))
        return {"html": text, **settings}

    def app_view_before_result(
        self, server: str, tool: str, arguments: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The view a call of `tool` will show, known from the tool's definition before the call
        has a result (it waits for approval or runs): what `_app_view` gives, without the
        result. None when the tool names no view (a result may still name one)."""
        connection = self._connections.get(server)
        definition = connection.tool_definition(tool) if connection is not None else None
        if definition is None:
            return None
        uri = tool_ui(definition.meta).resource_uri
        if uri is None:
            return None
        return {
            "server": server,
            "tool": tool,
            "resource_uri": uri,
            "arguments": arguments,
            "tool_definition": definition.model_dump(by_alias=True, mode="json", exclude_none=True),
        }

    def _app_callable(self, server: str, tool: str) -> mcp_types.Tool:
        """The definition of a tool a server's view may call; McpServerError says why not."""
        connection = self._connection(server)
        definition = connection.tool_definition(tool)
        if definition is None:
            raise McpServerError(f"MCP server {server!r} has no tool named {tool!r}.")
        if not tool_ui(definition.meta).for_app:
            raise McpServerError(
                f"The view may not call {tool!r}: MCP server {server!r} made it visible to the "
                "model only (its _meta.ui.visibility lacks 'app')."
            )
        return definition

    def app_tool_schema(self, server: str, tool: str) -> dict[str, Any]:
        """The schema (annotations included) of a tool a view asks for, for the approval
        decision, whether or not the model sees it; McpServerError when the view may not
        call it (so the user is never asked about a call that would be refused)."""
        return tool_schema(server, self._app_callable(server, tool))

    async def call_tool_for_app(
        self, server: str, tool: str, arguments: dict[str, Any]
    ) -> dict[str, Any]:
        """A call a server's view makes (``tools/call`` over its bridge), once the app has
        approved it: the MCP ``CallToolResult`` as JSON. Refused unless the tool's visibility
        includes ``"app"``."""
        self._app_callable(server, tool)
        connection = self._connection(server)
        outcome = await self._on_owner_loop(lambda: connection.call_tool(tool, arguments))
        return dict(outcome.model_dump(by_alias=True, mode="json", exclude_none=True))

    # ------------------------------------------------------------------ results
    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> Any:
        """The text, and the tool's images as parts the provider sends to models that read them
        (models that do not keep the text, which describes each image)."""
        text = _model_text(result)
        if not result.get("success"):
            return text
        parts = model_image_parts(result.get("images") or [])
        if not parts:
            return text
        return {
            "type": "provider_native_tool_result",
            "format": "openai.chat_completions",
            "content": [{"type": "text", "text": text}, *parts],
        }

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        text = _model_text(result)  # not the envelope `format_tool_result` may have made
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
        if result.get("cancelled_by_user"):
            single_line = f"{where}: cancelled by you"
        display: dict[str, Any] = {
            "type": "text",
            "content": text,
            "single_line": _shorten(single_line, 140),
        }
        if result.get("cancelled_by_user"):
            display["ended"] = "cancelled_by_user"  # the row says so instead of "failed"
        structured = result.get("structured_content")
        if structured is not None and not _says_the_same(text, structured):
            display["content"] = f"{text}\n\nStructured content:\n{pretty_json(structured)}"
        if result.get("images"):
            display["images"] = result["images"]
        if result.get("app_view"):
            display["app_view"] = result["app_view"]
        return display

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
                "hidden_tools": {},
                "error": error,
                "stderr_tail": "",
                "exit_code": None,
                "server_info": None,
            }
            for name, error in self._invalid.items()
        ]

    def preview_import(self, json_text: str) -> dict[str, Any]:
        """What "Import JSON…" would add: ``{"source", "servers", "skipped"}`` or ``{"error"}``."""
        try:
            return preview_import(json_text)
        except McpConfigError as exc:
            return {"error": str(exc)}

    def prompt_commands(self) -> list[dict[str, Any]]:
        """The running servers' prompts, for `/` commands: server, name, description, arguments."""
        return [
            {
                "server": connection.name,
                "name": prompt.name,
                "title": prompt.title or prompt.name,
                "description": prompt.description or "",
                "arguments": [
                    {
                        "name": argument.name,
                        "title": argument.title or argument.name,
                        "description": argument.description or "",
                        "required": bool(argument.required),
                    }
                    for argument in prompt.arguments or []
                ],
            }
            for connection in self._connections.values()
            if connection.state == RUNNING and connection.config["enabled"]
            for prompt in connection.prompts
        ]

    async def get_prompt(self, server: str, name: str, arguments: dict[str, str]) -> str:
        """A server's prompt filled with ``arguments``, as text; McpServerError says why not."""
        connection = self._connections.get(server)
        if connection is None:
            raise McpServerError(f"No MCP server named {server!r} is configured.")
        return await self._on_owner_loop(lambda: connection.get_prompt(name, arguments))

    def resource_list(self) -> list[dict[str, Any]]:
        """The running servers' resources, to browse and attach: server, uri, name, mime."""
        return [
            {
                "server": connection.name,
                "uri": str(resource.uri),
                "name": resource.name,
                "title": resource.title or resource.name,
                "description": resource.description or "",
                "mime": resource.mime_type,
            }
            for connection in self._connections.values()
            if connection.state == RUNNING and connection.config["enabled"]
            for resource in connection.resources
        ]

    def resource_template_list(self) -> list[dict[str, Any]]:
        """The running servers' resource templates (URIs with ``{parameters}``) to fill in."""
        return [
            {
                "server": connection.name,
                "uri_template": template.uri_template,
                "name": template.name,
                "title": template.title or template.name,
                "description": template.description or "",
                "mime": template.mime_type,
            }
            for connection in self._connections.values()
            if connection.state == RUNNING and connection.config["enabled"]
            for template in connection.resource_templates
        ]

    async def read_resource(self, server: str, uri: str) -> tuple[bytes, str | None]:
        """One resource's bytes and MIME type; McpServerError says why not."""
        connection = self._connections.get(server)
        if connection is None:
            raise McpServerError(f"No MCP server named {server!r} is configured.")
        return await self._on_owner_loop(lambda: connection.read_resource(uri))

    async def sign_in(self, name: str) -> dict[str, Any]:
        """ "Sign in again": forget the server's tokens, start it, and let it open the login.

        Returns ``{"ok": True}`` once signed in and running, else ``{"ok": False, "error"}``.
        """
        connection = self._connections.get(name)
        if connection is None:
            return {"ok": False, "error": f"No MCP server named {name!r} is configured."}

        async def sign_in_and_start() -> dict[str, Any]:
            connection._prepare_sign_in()
            if connection.sign_in is None:
                return {
                    "ok": False,
                    "error": f"MCP server {name!r} does not sign in with OAuth (it is not an "
                    "HTTP server, or its headers carry its own Authorization).",
                }
            await connection.sign_in.request_sign_in()
            connection.failures = 0
            try:
                await connection.restart()
            except McpServerError as exc:
                return {"ok": False, "error": str(exc)}
            return {"ok": True}

        return await self._on_owner_loop(sign_in_and_start)

    async def sign_out(self, name: str) -> str | None:
        """Revoke the server's tokens where it offers that, forget them and the registration,
        and stop it until the user signs in. Returns what became of the revocation (None: the
        server offers none)."""
        connection = self._connections.get(name)
        if connection is None:
            return None

        async def sign_out_and_stop() -> str | None:
            connection._prepare_sign_in()  # also a server not started in this run
            if connection.sign_in is None:
                return None
            revocation = await connection.sign_in.sign_out()
            await connection.stop()
            return revocation

        return await self._on_owner_loop(sign_out_and_stop)

    def server_log(self, name: str) -> str:
        """One server's log (stderr, its log messages, starts and exits), secrets hidden."""
        connection = self._connections.get(name)
        return connection.log_text() if connection is not None else ""

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
        probe = self._new_connection(name, {**settings, "enabled": True})
        probe.on_exit = None
        known_connection = self._connections.get(name)
        if known_connection is not None:
            client_keys = ("oauth_client_id", "oauth_client_secret", "oauth_client_metadata_url")
            if all(settings.get(k) == known_connection.config.get(k) for k in client_keys):
                # One sign-in per server: the probe uses (and renews) the server's own tokens.
                probe.sign_in = known_connection.sign_in
            else:
                # An OAuth client not saved yet: its trial sign-in replaces nothing stored.
                probe.secret_keeper = None
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
        """Stop every running server and end the calls other threads wait for; the app calls
        this once at exit."""
        self._end_waits()
        if self._loop is None:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            # Driven after its event loop stopped (a quit): nothing async can run, so the
            # server processes are killed instead of failing with "no running event loop".
            self._kill_all()
            return
        if self._loop.is_closed():  # nothing can run there any more: kill what is left
            self._kill_all()
            return
        await self._on_owner_loop(self._stop_all)

    async def _stop_all(self) -> None:
        # The servers of this loop: another loop may take fresh ones while these stop.
        connections = list(self._connections.values())
        starts = list(self._starts.values())
        for task in starts:
            task.cancel()
        await asyncio.gather(*starts, return_exceptions=True)
        await asyncio.gather(*(connection.stop() for connection in connections))

    def close(self, timeout: float = 15.0) -> None:
        """Sync twin of :meth:`aclose`: a clean stop through the owning loop when it runs in
        another thread, otherwise the server processes are killed."""
        self._end_waits()
        owner = self._loop
        if owner is not None and owner.is_running() and not self._loop_runs_on_this_thread():
            asyncio.run_coroutine_threadsafe(self._stop_all(), owner).result(timeout)
            return
        self._kill_all()

    def _kill_all(self) -> None:
        for connection in self._connections.values():
            connection.abandon()


_CLOSED = "The MCP tools were closed (the app is quitting); the call did not run to its end."


def _app_view(
    connection: ServerConnection,
    tool: str,
    arguments: dict[str, Any],
    outcome: mcp_types.CallToolResult,
) -> dict[str, Any] | None:
    """What a view of this call needs, kept with the result so a reopened chat shows it again:
    the server, the ``ui://`` resource (the result's own, else the tool's), the call's arguments,
    its result and the tool's definition (the view's ``toolInfo``). None for tools without one."""
    definition = connection.tool_definition(tool)
    uri = resource_uri(outcome.meta) or (
        tool_ui(definition.meta).resource_uri if definition else None
    )
    if uri is None:
        return None
    return {
        "server": connection.name,
        "tool": tool,
        "resource_uri": uri,
        "arguments": arguments,
        "result": outcome.model_dump(by_alias=True, mode="json", exclude_none=True),
        "tool_definition": (
            definition.model_dump(by_alias=True, mode="json", exclude_none=True)
            if definition is not None
            else {"name": tool, "inputSchema": {"type": "object"}}
        ),
    }


async def _await(make: Callable[[], Awaitable[T]]) -> T:
    return await make()
