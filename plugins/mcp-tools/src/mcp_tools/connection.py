"""One MCP server: started on demand, watched, stopped, restarted after it dies.

The MCP client's task groups must be entered and left in one task, so each started server lives
in its own runner task: the runner opens the transport and the client session, lists the tools,
then waits until it is told to stop or the server process ends. Calls from any task on the same
event loop go through the live session.

The MCP SDK, ``mcp_types`` and ``httpx2`` are imported when a server starts (or a failure from
one is explained), not when the plugin loads: discovery at start-up imports every plugin, and the
SDK with its pydantic models costs about half a second and 40 MB.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import os
import signal
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from mcp_tools.apps import APP_ONLY_REASON, tool_ui, ui_extension
from mcp_tools.config import STDIO
from mcp_tools.oauth import SIGN_IN_NEEDED, SIGNING_IN, SecretKeeper, ServerSignIn, SignInHandler
from mcp_tools.process_watch import ProcessWatch, ServerLog

if TYPE_CHECKING:
    import httpx2
    import mcp_types
    from mcp import Client
    from mcp.client._transport import TransportStreams
    from mcp.shared.dispatcher import ProgressFnT

    from mcp_tools.tasks import TasksExtension

logger = logging.getLogger(__name__)

# Shows a server's request for input to the user: ``{"server", "mode": "form"|"url", "message",
# "schema"|"url"}`` → ``{"action": "accept"|"decline"|"cancel", "content"?: {...}}``.
ElicitationHandler = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]

STOPPED = "stopped"
STARTING = "starting"
RUNNING = "running"
FAILED = "failed"
EXITED = "exited"

ERROR_STDERR_LINES = 12
# Restarts after a failure or an exit wait 1, 2, 4 … seconds, at most this long.
MAX_BACK_OFF_SECONDS = 60.0
# A server that ran this long before it ended starts its back-off from the beginning again.
STABLE_RUN_SECONDS = 60.0
SETTLE_SECONDS = 5.0
HTTP_TIMEOUT_SECONDS = 30.0
HTTP_READ_TIMEOUT_SECONDS = 300.0
CLIENT_NAME = "agent-desktop"
ElicitationAction = Literal["accept", "decline", "cancel"]
#: What the user may answer a server's question with; anything else is taken as "cancel".
ELICITATION_ACTIONS: tuple[ElicitationAction, ...] = ("accept", "decline", "cancel")
# The SDK's client cannot run MCP Tasks (long-running calls polled for their result) yet.
TASK_ONLY_REASON = (
    "it can only run as an MCP task (taskSupport: required), which this app cannot run yet"
)
CLIENT_VERSION = "0.1.0"
# How the SDK words the error of a request whose response stream broke before the response (and
# could not be resumed); the connection itself lives on.
BROKEN_STREAM_MESSAGE_START = "SSE stream"


_SDK_IMPORT = threading.Lock()


def load_sdk() -> None:
    """Import the MCP SDK and the transports (safe on a worker thread; later imports are free).
    One thread at a time, and every first import of the SDK comes through here: two threads
    importing its modules in different orders meet a half-imported module (an ImportError)."""
    with _SDK_IMPORT:
        _import_sdk()


def _import_sdk() -> None:
    import httpx2  # noqa: F401, PLC0415 - load_sdk imports the SDK here, on a worker thread
    import mcp.client.streamable_http  # noqa: F401, PLC0415 - load_sdk imports the SDK here, on a worker thread
    import mcp_types  # noqa: F401, PLC0415 - load_sdk imports the SDK here, on a worker thread
    from mcp import Client  # noqa: F401, PLC0415 - load_sdk imports the SDK here, on a worker thread

    import mcp_tools.stdio_transport  # noqa: PLC0415 - load_sdk imports the SDK here, on a worker thread
    import mcp_tools.tasks  # noqa: F401, PLC0415 - load_sdk imports the SDK here, on a worker thread


_Item = TypeVar("_Item")
_Answer = TypeVar("_Answer")


async def _every_page(
    fetch: Callable[..., Awaitable[Any]], items: Callable[[Any], list[_Item]]
) -> list[_Item]:
    """Every item of a paginated MCP list (each page names the cursor of the next)."""
    found: list[_Item] = []
    cursor: str | None = None
    while True:
        page = await fetch(cursor=cursor)
        found.extend(items(page))
        cursor = page.next_cursor
        if not cursor:
            return found


def _back_off_seconds(failures: int) -> float:
    """1, 2, 4 … seconds after the first, second, third … failure in a row, at most a minute."""
    if failures <= 0:
        return 0.0
    return float(min(MAX_BACK_OFF_SECONDS, 2.0 ** (failures - 1)))


class McpServerError(RuntimeError):
    """A server that would not start, died, or refused a call; the text is for people."""


def _leaf_exceptions(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in _leaf_exceptions(inner)]
    return [exc]


def _root_cause(exc: BaseException) -> BaseException:
    """The exception that explains a failure, out of anyio's exception groups."""
    leaves = [
        leaf for leaf in _leaf_exceptions(exc) if not isinstance(leaf, asyncio.CancelledError)
    ]
    return leaves[0] if leaves else exc


class ServerConnection:
    """The live state of one configured MCP server."""

    def __init__(self, name: str, config: dict[str, Any]) -> None:
        self.name = name
        self.config = config
        self.state = STOPPED
        self.tools: list[mcp_types.Tool] = []
        self.hidden_tools: dict[str, str] = {}  # tool name -> why the model does not see it
        # Tools only the server's app views may call (MCP Apps visibility without "model").
        self.app_only_tools: list[mcp_types.Tool] = []
        self.prompts: list[mcp_types.Prompt] = []
        self.resources: list[mcp_types.Resource] = []
        self.resource_templates: list[mcp_types.ResourceTemplate] = []
        self.error: str | None = None
        self.server_info: dict[str, Any] | None = None
        self.log = ServerLog()
        self.watch = ProcessWatch(log=self.log)
        self.http_error: str | None = None
        self.failed_at: float | None = None
        self.problem: str | None = None  # why the last run ended, without the name and stderr
        self.replacement_config: dict[str, Any] | None = None
        self.failures = 0  # failed starts and exits in a row, for the back-off
        # How the last run failed ({"error", "stderr_tail"}), kept while the server is started
        # again: the status still says why until the new start ends one way or the other.
        self.last_failure: dict[str, str] | None = None
        self.started_at: float | None = None
        self.elicitation_handler: ElicitationHandler | None = None
        self.secret_keeper: SecretKeeper | None = None
        self.sign_in_handler: SignInHandler | None = None
        self.sign_in: ServerSignIn | None = None  # OAuth, for HTTP servers without credentials
        self.on_exit: Callable[[ServerConnection], None] | None = None
        # Set when the app quits: the tasks its calls became keep running on the server.
        self.leave_tasks_running = False
        self._tasks: TasksExtension | None = None
        """Called when the server ended on its own (not stopped): the plugin restarts it."""
        self._client: Client | None = None
        self._runner: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._stopping = False
        self._lock = asyncio.Lock()
        self._refresh: asyncio.Future[None] | None = None

    # ------------------------------------------------------------------ reporting
    @property
    def is_stdio(self) -> bool:
        transport: str = self.config["transport"]
        return transport == STDIO

    @property
    def secrets(self) -> list[str]:
        """Values never to show: env and header values, and a header's token on its own
        ("Bearer abc" → "abc" too). Longest first, so a value hides whole."""
        values = [*self.config.get("env", {}).values(), *self.config.get("headers", {}).values()]
        tokens = [value.split()[-1] for value in self.config.get("headers", {}).values() if value]
        if self.sign_in is not None:
            tokens += self.sign_in.secrets_redacted
        return sorted({v for v in [*values, *tokens] if len(v) >= 4}, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return text

    def stderr_tail(self, lines: int = ERROR_STDERR_LINES) -> str:
        return self.redact(self.watch.stderr_tail(lines))

    def status(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "transport": self.config["transport"],
            "enabled": self.config["enabled"],
            "state": self.state,
            "tools": [tool.name for tool in self.tools],
            "hidden_tools": dict(self.hidden_tools),
            "error": self.error,
            "stderr_tail": self.stderr_tail(),
            "last_failure": self.last_failure if self.state == STARTING else None,
            "exit_code": self.watch.exit_code if self.is_stdio else None,
            "server_info": self.server_info,
            "auth": self.sign_in.status() if self.sign_in is not None else None,
        }

    def log_text(self) -> str:
        """The server's log (stderr, its own messages, what happened), secrets hidden."""
        return self.log.text(self.redact)

    def failure_message(self, problem: str) -> str:
        """``MCP server 'x' <problem>.`` plus the exit code and the last stderr lines."""
        lines = [f"MCP server {self.name!r} {self.redact(problem)}."]
        if self.is_stdio and self.watch.exit_code is not None:
            lines.append(f"Exit code: {self.watch.exit_code}.")
        tail = self.stderr_tail()
        if tail:
            lines.append("Last stderr lines:\n" + tail)
        return "\n".join(lines)

    def _describe(self, exc: BaseException) -> str:
        import httpx2  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.client.auth import OAuthFlowError, OAuthRegistrationError, OAuthTokenError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp_types import CONNECTION_CLOSED  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        cause = _root_cause(exc)
        if self.needs_sign_in:
            return f"needs you to sign in: {self.sign_in.problem if self.sign_in else ''}"
        if isinstance(cause, OAuthFlowError | OAuthRegistrationError | OAuthTokenError):
            return f"could not sign in: {cause}"
        if isinstance(cause, FileNotFoundError):
            cwd = self.config.get("cwd")
            if cwd and not Path(cwd).is_dir():
                return f"could not start: its working folder {cwd} does not exist"
            return f"could not start: the command {self.config['command']!r} was not found"
        if isinstance(cause, PermissionError):
            return f"could not start: the command {self.config['command']!r} is not executable"
        if isinstance(cause, MCPError) and cause.code == CONNECTION_CLOSED:
            if self.is_stdio:
                return "exited before the MCP handshake finished"
            return "closed the connection during the MCP handshake"
        if isinstance(cause, MCPError) and self.http_error:
            refused = self.http_error.startswith(("HTTP 401", "HTTP 403"))
            hint = "; check its headers (for example the access token)" if refused else ""
            return f"answered {self.http_error} at {self.config['url']}{hint}"
        if isinstance(cause, httpx2.TransportError):
            return f"could not be reached at {self.config['url']}: {cause or type(cause).__name__}"
        if isinstance(cause, MCPError):
            return f"failed the MCP handshake: {cause.error.message}"
        return f"failed: {type(cause).__name__}: {cause}"

    @property
    def needs_sign_in(self) -> bool:
        """The server waits for the user to sign in (nothing opens a login by itself)."""
        return self.sign_in is not None and self.sign_in.state == SIGN_IN_NEEDED

    @property
    def signing_in(self) -> bool:
        return self.sign_in is not None and self.sign_in.state == SIGNING_IN

    def _wants_oauth(self) -> bool:
        """HTTP servers without their own Authorization header sign in when they answer 401."""
        if self.is_stdio:
            return False
        return not any(key.lower() == "authorization" for key in self.config["headers"])

    def _prepare_sign_in(self) -> None:
        if not self._wants_oauth():
            self.sign_in = None
            return
        if self.sign_in is None or self.sign_in.url != self.config["url"]:
            self.sign_in = ServerSignIn(
                self.name,
                self.config["url"],
                self.secret_keeper,
                lambda: self.sign_in_handler,
                self.log.add,
            )
        self.sign_in.secrets = self.secret_keeper
        self.use_oauth_client(self.config)

    def use_oauth_client(self, settings: dict[str, Any]) -> None:
        """The OAuth client of ``settings``: pre-registered, or a client metadata document's
        address, or neither (the app registers); a change forgets the old tokens."""
        if self.sign_in is not None:
            self.sign_in.use_client(
                settings.get("oauth_client_id"),
                settings.get("oauth_client_secret"),
                settings.get("oauth_client_metadata_url"),
            )

    # ------------------------------------------------------------------ lifecycle
    @asynccontextmanager
    async def _transport(self) -> AsyncIterator[TransportStreams]:
        if self.is_stdio:
            from mcp_tools.stdio_transport import stdio_transport  # noqa: PLC0415 - the stdio transport loads with the first stdio server

            async with stdio_transport(
                self.config["command"],
                self.config["args"],
                self.config["env"],
                self.config.get("cwd"),
                self.watch,
            ) as streams:
                yield streams
            return

        import httpx2  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        async def remember_error_status(response: httpx2.Response) -> None:
            # The SDK turns a failed HTTP answer into a generic JSON-RPC error; keep the status.
            if response.status_code >= 400:
                self.http_error = f"HTTP {response.status_code} {response.reason_phrase}".strip()

        auth = await self.sign_in.provider() if self.sign_in is not None else None
        async with (
            httpx2.AsyncClient(
                auth=auth,
                headers=self.config["headers"],
                timeout=httpx2.Timeout(HTTP_TIMEOUT_SECONDS, read=HTTP_READ_TIMEOUT_SECONDS),
                event_hooks={"response": [remember_error_status]},
            ) as http,
            streamable_http_client(self.config["url"], http_client=http) as streams,
        ):
            yield streams

    async def ensure_running(self) -> None:
        """Start the server unless it runs; a server that died is started again."""
        async with self._lock:
            if self.replacement_config is not None:
                await self._stop_runner()
                self.config, self.replacement_config = self.replacement_config, None
                self.tools, self.app_only_tools = [], []
            if self.state == RUNNING and self._runner is not None and not self._runner.done():
                return
            await self._start()

    def back_off_seconds(self) -> float:
        """How long after its last failure the server is started again (doubling, capped)."""
        return _back_off_seconds(self.failures)

    def backing_off(self) -> bool:
        """Whether the server failed or died and its back-off has not passed yet."""
        return (
            self.state in (FAILED, EXITED)
            and self.failed_at is not None
            and time.monotonic() - self.failed_at < self.back_off_seconds()
        )

    def _count_failure(self) -> None:
        stable = self.started_at is not None and (
            time.monotonic() - self.started_at >= STABLE_RUN_SECONDS
        )
        self.failures = 1 if stable else self.failures + 1
        self.failed_at = time.monotonic()

    async def _start(self) -> None:
        self._prepare_sign_in()
        self.log.add("start", "starting")
        if self.error:
            self.last_failure = {"error": self.error, "stderr_tail": self.stderr_tail()}
        self.watch = ProcessWatch(log=self.log)
        self.http_error = None
        self._wake = asyncio.Event()
        self._stopping = False
        self.error = None
        self.state = STARTING
        ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        # A start given up on (timeout, cancel) still gets its outcome; nobody waits for it.
        ready.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._runner = asyncio.create_task(self._run(ready), name=f"mcp-server-{self.name}")
        timeout = self.config["startup_timeout"]
        try:
            while True:
                try:
                    await asyncio.wait_for(asyncio.shield(ready), timeout)
                    break
                except TimeoutError:
                    # A login in the browser has its own time limit; the user is not a hang.
                    if not self.signing_in:
                        raise
        except TimeoutError:
            await self._cancel_runner()
            self.state = FAILED
            self._count_failure()
            self.problem = f"did not finish starting within {timeout:g} s"
            self.error = self.failure_message(self.problem)
            raise McpServerError(self.error) from None
        except asyncio.CancelledError:
            await self._cancel_runner()
            raise

    async def _cancel_runner(self) -> None:
        """Abandon a start: the transport still stops the process on its way out."""
        if self._runner is not None and not self._runner.done():
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner

    async def _run(self, ready: asyncio.Future[None]) -> None:
        import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp import Client  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        from mcp_tools.tasks import TasksExtension  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        client_info = mcp_types.Implementation(name=CLIENT_NAME, version=CLIENT_VERSION)
        try:
            async with AsyncExitStack() as stack:
                tasks = TasksExtension(
                    self.log.add,
                    lambda params: self._on_elicitation(None, params),
                    lambda: self.leave_tasks_running,
                )
                client = await stack.enter_async_context(
                    Client(
                        self._transport(),
                        client_info=client_info,
                        cache=None,
                        logging_callback=self._on_log_message,
                        log_level="info",
                        message_handler=self._on_notification,
                        elicitation_callback=self._on_elicitation,
                        extensions=[tasks, ui_extension()],
                    )
                )
                self.tools = await self._list_tools(client)
                self.prompts = await self._list_prompts(client)
                self.resources = await self._list_resources(client)
                self.resource_templates = await self._list_resource_templates(client)
                info = client.server_info
                self.server_info = {"name": info.name, "version": info.version} if info else None
                self._client = client
                self._tasks = tasks
                self.state = RUNNING
                self.started_at = time.monotonic()
                self.problem = None
                self.log.add("start", f"ready with {len(self.tools)} tools")
                ready.set_result(None)
                listener = asyncio.create_task(
                    self._follow_changes(client), name=f"mcp-changes-{self.name}"
                )
                try:
                    await self._wait_for_stop_or_exit()
                finally:
                    listener.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await listener
        except asyncio.CancelledError:
            self._stopping = True  # cancelled from outside (timeout, loop shutdown): a stop
            raise
        except Exception as exc:  # noqa: BLE001 - every failure becomes this server's state, never the app's
            self.state = FAILED
            self.problem = self._describe(exc)
            self.error = self.failure_message(self.problem)
            self.log.add("failed", self.problem)
            logger.warning("%s", self.error)
            if not ready.done():
                ready.set_exception(McpServerError(self.error))
        finally:
            self._client = None
            self._tasks = None
            if not self._stopping:
                self._count_failure()
            if self._stopping:
                self.state = STOPPED
            elif self.state in (RUNNING, STARTING):
                self.state = EXITED
                self.problem = "exited"
                self.error = self.failure_message("exited")
                self.log.add("exited", f"exit code {self.watch.exit_code}")
                logger.warning("%s", self.error)
            if not ready.done():
                ready.set_exception(
                    McpServerError(self.error or f"MCP server {self.name!r} stopped.")
                )
            elif not self._stopping and self.on_exit is not None:
                self.on_exit(self)  # it ran and ended on its own: supervision restarts it

    async def _wait_for_stop_or_exit(self) -> None:
        waiters = [asyncio.ensure_future(self._wake.wait())]
        if self.is_stdio:
            waiters.append(asyncio.ensure_future(self.watch.ended.wait()))
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()

    async def _on_elicitation(self, context: Any, params: Any) -> mcp_types.ElicitResult:
        """A server asks the user for input: the app's handler shows the form (or the link)."""
        import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        request: dict[str, Any] = {"server": self.name, "message": params.message}
        if isinstance(params, mcp_types.ElicitRequestURLParams):
            request.update(mode="url", url=params.url)
        else:
            request.update(mode="form", schema=dict(params.requested_schema))
        handler = self.elicitation_handler
        if handler is None:
            self.log.add("elicitation", "declined: no one can answer here (no window)")
            return mcp_types.ElicitResult(action="decline")
        self.log.add("elicitation", f"asks the user ({request['mode']}): {params.message}")
        try:
            answer = await handler(request)
        except Exception as exc:  # noqa: BLE001 - the form failed: the server hears "cancel", the log says why
            self.log.add("elicitation", f"cancelled: {type(exc).__name__}: {exc}")
            return mcp_types.ElicitResult(action="cancel")
        chosen = answer.get("action")
        action: ElicitationAction = next(
            (known for known in ELICITATION_ACTIONS if known == chosen), "cancel"
        )
        self.log.add("elicitation", f"the user chose {action!r}")
        accepted_form = action == "accept" and request["mode"] == "form"
        content = answer.get("content") if accepted_form else None
        return mcp_types.ElicitResult(action=action, content=content)

    async def _on_log_message(self, params: mcp_types.LoggingMessageNotificationParams) -> None:
        data = params.data if isinstance(params.data, str) else json.dumps(params.data, default=str)
        where = f" [{params.logger}]" if params.logger else ""
        self.log.add(f"server {params.level}{where}", data)

    async def _follow_changes(self, client: Client) -> None:
        """Re-list tools, prompts and resources when the server says they changed.

        Servers of protocol 2026-07-28 announce changes only on a ``subscriptions/listen``
        stream the client opens (over stdio and HTTP alike); handshake-era servers send
        notifications by themselves (over HTTP on the session's GET stream, which the SDK
        opens), handled by `_on_notification`. A stream that breaks (an HTTP server restarted,
        the network dropped) is opened again and the lists are fetched again: there is no
        replay, so a change made meanwhile would go unnoticed. A server that refuses the new
        stream is asked again with back-off; one that cannot be reached ends the connection,
        and supervision (`on_exit`) starts a new one, which lists and listens afresh.
        """
        from mcp.client.subscriptions import ListenNotSupportedError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        capabilities = client.server_capabilities
        tools = bool(capabilities.tools and capabilities.tools.list_changed)
        prompts = bool(capabilities.prompts and capabilities.prompts.list_changed)
        resources = bool(capabilities.resources and capabilities.resources.list_changed)
        if not (tools or prompts or resources):
            return
        broken = False  # a stream broke: what changed since was told to nobody
        failures = 0  # breaks and refusals since a stream last opened, for the back-off

        def opened() -> None:
            nonlocal failures
            failures = 0

        while True:
            try:
                await self._listen(client, tools, prompts, resources, broken, opened)
            except ListenNotSupportedError:
                return  # a handshake-era server: its notifications come without asking
            except Exception as exc:  # noqa: BLE001 - the tools still work; the stream is opened again
                broken = True
                failures += 1
                delay = _back_off_seconds(failures)
                self.log.add(
                    "changes",
                    f"the stream of list changes broke ({self._describe(exc)}); "
                    f"listening again in {delay:g} s",
                )
                await asyncio.sleep(delay)
                continue
            # The server's graceful close: it chose to stop telling (not a loss to repair).
            self.log.add("changes", "the server closed the stream of list changes")
            return

    async def _listen(
        self,
        client: Client,
        tools: bool,
        prompts: bool,
        resources: bool,
        refetch: bool,
        opened: Callable[[], None],
    ) -> None:
        """One ``subscriptions/listen`` stream, followed until the server closes it (raises
        when it breaks); `opened` is told when the server acknowledged it, and with `refetch`
        every list is fetched again then."""
        from mcp.client.subscriptions import (  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
            PromptsListChanged,
            ResourcesListChanged,
            ToolsListChanged,
        )

        async with client.listen(
            tools_list_changed=tools,
            prompts_list_changed=prompts,
            resources_list_changed=resources,
        ) as subscription:
            self.log.add("changes", "listening for changes to the server's lists")
            opened()
            if refetch:
                await self._refresh_tools()
                await self._refresh_prompts()
                await self._refresh_resources()
            async for event in subscription:
                if isinstance(event, ToolsListChanged):
                    await self._refresh_tools()
                elif isinstance(event, PromptsListChanged):
                    await self._refresh_prompts()
                elif isinstance(event, ResourcesListChanged):
                    await self._refresh_resources()

    async def _on_notification(self, message: Any) -> None:
        """Handshake-era servers announce a changed tool list with a notification."""
        import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        if isinstance(message, Exception):
            self.log.add("error", f"{type(message).__name__}: {message}")
        elif isinstance(message, mcp_types.ToolListChangedNotification):
            self._refresh = asyncio.ensure_future(self._refresh_tools())
        elif isinstance(message, mcp_types.PromptListChangedNotification):
            self._refresh = asyncio.ensure_future(self._refresh_prompts())
        elif isinstance(message, mcp_types.ResourceListChangedNotification):
            self._refresh = asyncio.ensure_future(self._refresh_resources())

    async def _refresh_resources(self) -> None:
        client = self._client
        if client is not None:
            self.resources = await self._list_resources(client)
            self.resource_templates = await self._list_resource_templates(client)
            self.log.add("resources", f"the resource list changed: {len(self.resources)}")

    async def _offered_list(
        self,
        offered: object | None,
        what: str,
        fetch: Callable[..., Awaitable[Any]],
        items: Callable[[Any], list[_Item]],
    ) -> list[_Item]:
        """Every page of a list the server may offer: none when it does not (`offered` is its
        capability), and none with a logged reason when listing fails (its tools still work)."""
        if offered is None:
            return []
        try:
            return await _every_page(self._reissuable(f"the list of {what}", fetch), items)
        except Exception as exc:  # noqa: BLE001 - in the server's log; the lists stay empty
            self.log.add("error", f"could not list the {what}: {self._describe(exc)}")
            return []

    async def _list_resources(self, client: Client) -> list[mcp_types.Resource]:
        return await self._offered_list(
            client.server_capabilities.resources,
            "resources",
            client.list_resources,
            lambda page: page.resources,
        )

    async def _list_resource_templates(self, client: Client) -> list[mcp_types.ResourceTemplate]:
        """The server's resource templates (URIs with parameters)."""
        return await self._offered_list(
            client.server_capabilities.resources,
            "resource templates",
            client.list_resource_templates,
            lambda page: page.resource_templates,
        )

    async def read_resource(self, uri: str) -> tuple[bytes, str | None]:
        """A resource's content (the first part) and its MIME type."""
        import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        content = await self.read_resource_content(uri)
        if isinstance(content, mcp_types.TextResourceContents):
            return content.text.encode(), content.mime_type or "text/plain"
        return base64.b64decode(content.blob), content.mime_type

    def listed_resource_meta(self, uri: str) -> dict[str, Any] | None:
        """The ``_meta`` of ``uri``'s entry in the server's resource list (views read their
        security settings from the content first, from this entry when the content has none)."""
        for resource in self.resources:
            if str(resource.uri) == uri:
                return resource.meta
        return None

    async def read_resource_content(
        self, uri: str
    ) -> mcp_types.TextResourceContents | mcp_types.BlobResourceContents:
        """The first part of a resource, as the server sent it (with its ``_meta``)."""
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        await self.ensure_running()
        client = self._client
        if client is None:
            raise McpServerError(self.error or self.failure_message("is not running"))
        try:
            result = await self._reissuing("resources/read", lambda: client.read_resource(uri))
        except MCPError as exc:
            raise McpServerError(
                f"MCP server {self.name!r} could not read {uri}: {self.redact(exc.error.message)}"
            ) from None
        if not result.contents:
            raise McpServerError(f"MCP server {self.name!r} sent nothing for {uri}.")
        return result.contents[0]

    async def _refresh_prompts(self) -> None:
        client = self._client
        if client is not None:
            self.prompts = await self._list_prompts(client)
            self.log.add("prompts", f"the prompt list changed: {len(self.prompts)} prompts")

    async def _list_prompts(self, client: Client) -> list[mcp_types.Prompt]:
        return await self._offered_list(
            client.server_capabilities.prompts,
            "prompts",
            client.list_prompts,
            lambda page: page.prompts,
        )

    async def get_prompt(self, name: str, arguments: dict[str, str]) -> str:
        """The prompt's messages as the text to put in the composer."""
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        await self.ensure_running()
        client = self._client
        if client is None:
            raise McpServerError(self.error or self.failure_message("is not running"))
        try:
            result = await self._reissuing(
                "prompts/get", lambda: client.get_prompt(name, arguments)
            )
        except MCPError as exc:
            raise McpServerError(
                f"MCP server {self.name!r} refused the prompt {name!r}: "
                f"{self.redact(exc.error.message)}"
            ) from None
        import mcp_types  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        texts = []
        for message in result.messages:
            content = message.content
            if isinstance(content, mcp_types.TextContent):
                texts.append(content.text)
            elif isinstance(content, mcp_types.EmbeddedResource) and isinstance(
                content.resource, mcp_types.TextResourceContents
            ):
                texts.append(content.resource.text)
            else:
                texts.append(f"[{content.type} content from the prompt]")
        return "\n\n".join(texts)

    async def _refresh_tools(self) -> None:
        client = self._client
        if client is None:
            return
        try:
            tools = await self._list_tools(client)
        except Exception as exc:  # noqa: BLE001 - the old list stays; the log says why
            self.log.add("error", f"could not list the changed tools: {self._describe(exc)}")
            return
        before = {tool.name for tool in self.tools}
        after = {tool.name for tool in tools}
        self.tools = tools
        added, removed = sorted(after - before), sorted(before - after)
        self.log.add(
            "tools",
            "the tool list changed"
            + (f"; added {', '.join(added)}" if added else "")
            + (f"; removed {', '.join(removed)}" if removed else ""),
        )

    async def _list_tools(self, client: Client) -> list[mcp_types.Tool]:
        """The server's tools the model may call; task-only tools, and tools only its app
        views may call (kept in `app_only_tools`), are left out with a reason."""
        tools: list[mcp_types.Tool] = await _every_page(
            self._reissuable("the list of tools", client.list_tools), lambda page: page.tools
        )
        self.hidden_tools = {
            tool.name: TASK_ONLY_REASON
            for tool in tools
            if tool.execution is not None and tool.execution.task_support == "required"
        }
        self.app_only_tools = [
            tool
            for tool in tools
            if tool.name not in self.hidden_tools and not tool_ui(tool.meta).for_model
        ]
        self.hidden_tools |= {tool.name: APP_ONLY_REASON for tool in self.app_only_tools}
        for name, reason in self.hidden_tools.items():
            self.log.add("tools", f"{name} is hidden from the model: {reason}")
        return [tool for tool in tools if tool.name not in self.hidden_tools]

    def tool_definition(self, name: str) -> mcp_types.Tool | None:
        """A listed tool by name, whether the model sees it or only the server's app views."""
        return next(
            (tool for tool in [*self.tools, *self.app_only_tools] if tool.name == name), None
        )

    async def _stop_runner(self) -> None:
        runner = self._runner
        if runner is None or runner.done():
            return
        self._stopping = True
        self._wake.set()
        try:
            await asyncio.wait_for(asyncio.shield(runner), SETTLE_SECONDS * 2)
        except TimeoutError:
            await self._cancel_runner()

    async def stop(self) -> None:
        if self.state == STARTING:
            # A start holds the lock until the server is ready or its start-up time runs out
            # (a server that never answers: minutes). Stopping ends the start now; whoever
            # waits for it hears that the server stopped.
            self._stopping = True
            await self._cancel_runner()
        async with self._lock:
            await self._stop_runner()

    async def restart(self) -> None:
        """A fresh connection (a new session for HTTP, a new process for stdio)."""
        async with self._lock:
            await self._stop_runner()
            await self._start()

    def abandon(self) -> None:
        """Kill the server without its event loop (that loop is gone); last resort, no wait."""
        if self.is_stdio and self.watch.pid is not None and self.state in (RUNNING, STARTING):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.watch.pid, signal.SIGKILL)
        self.state = STOPPED

    # ------------------------------------------------------------------ calls
    async def call_tool(
        self,
        tool_name: str,
        arguments: dict[str, Any],
        progress: ProgressFnT | None = None,
        *,
        task_started: Callable[[str], None] | None = None,
        reconnect: bool = True,
    ) -> mcp_types.CallToolResult:
        import httpx2  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        from mcp_tools.tasks import reporting_progress_to  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        await self.ensure_running()
        client = self._client
        if client is None:
            raise McpServerError(self.error or self.failure_message("is not running"))
        started = time.monotonic()
        self.http_error = None
        try:
            with reporting_progress_to(progress, task_started):
                return await self._reissuing(
                    "tools/call",
                    lambda: client.call_tool(
                        tool_name,
                        arguments,
                        read_timeout_seconds=self.config["call_timeout"],
                        progress_callback=progress,
                    ),
                )
        except MCPError as exc:
            if reconnect and self._session_forgotten(client):
                # The server forgot the session (it restarted): the protocol says start a new one.
                self.log.add(
                    "reconnect", f"the server no longer knows the session ({self.http_error})"
                )
                await self.restart()
                return await self.call_tool(
                    tool_name, arguments, progress, task_started=task_started, reconnect=False
                )
            if exc.code == CONNECTION_CLOSED:
                raise McpServerError(await self._after_death(tool_name)) from None
            if exc.code == REQUEST_TIMEOUT:
                waited = time.monotonic() - started
                raise McpServerError(
                    f"MCP server {self.name!r} did not answer the call to {tool_name!r} within "
                    f"{waited:.0f} s."
                ) from None
            raise McpServerError(
                f"MCP server {self.name!r} refused the call to {tool_name!r}: "
                f"{self.redact(exc.error.message)}"
            ) from None
        except (httpx2.HTTPError, OSError) as exc:
            await self.stop()
            self.state = FAILED
            self.error = self.failure_message(
                f"failed during the call to {tool_name!r}: {self._describe(exc)}"
            )
            raise McpServerError(self.error) from None

    async def _task_session(self) -> tuple[TasksExtension, Any]:
        await self.ensure_running()
        client, tasks = self._client, self._tasks
        if client is None or tasks is None:
            raise McpServerError(self.error or self.failure_message("is not running"))
        return tasks, client.session

    async def follow_task(
        self, task_id: str, progress: ProgressFnT | None = None
    ) -> mcp_types.CallToolResult:
        """The result of a task a call of an earlier run of the app became, polled to its end."""
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp_types import CONNECTION_CLOSED  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        tasks, session = await self._task_session()
        self.log.add("task", f"following task {task_id} again")
        try:
            return await tasks.follow(session, task_id, progress=progress, watching=True)
        except MCPError as exc:
            if exc.code == CONNECTION_CLOSED:
                raise McpServerError(
                    f"The connection to MCP server {self.name!r} closed while the app followed "
                    f"the task {task_id}; its result was not received."
                ) from None
            raise McpServerError(
                f"MCP server {self.name!r} no longer knows the task {task_id} "
                f"({self.redact(exc.error.message)}); its result is lost."
            ) from None

    async def cancel_task(self, task_id: str) -> None:
        """Ask the server to cancel a task a call of an earlier run of the app became."""
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        tasks, session = await self._task_session()
        try:
            await tasks.cancel(session, task_id, by_user=True)
        except MCPError as exc:
            raise McpServerError(
                f"MCP server {self.name!r} refused to cancel the task {task_id}: "
                f"{self.redact(exc.error.message)}"
            ) from None

    async def _reissuing(self, what: str, send: Callable[[], Awaitable[_Answer]]) -> _Answer:
        """The answer to the request `send` sends; one lost to a broken response stream is sent
        once more, which mints a new JSON-RPC id, as the 2026-07-28 specification asks.

        The SDK first resumes the stream itself when the server numbered its events; when that
        is impossible or fails, it ends the request with a "connection closed" error whose
        message names the stream. A second loss is reported like any other failure.
        """
        from mcp.shared.exceptions import MCPError  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp_types import CONNECTION_CLOSED  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        try:
            return await send()
        except MCPError as exc:
            message = exc.error.message
            lost = exc.code == CONNECTION_CLOSED and message.startswith(BROKEN_STREAM_MESSAGE_START)
            if self.is_stdio or not lost:
                raise
            self.log.add(
                "reissue",
                f"the answer to {what} was lost to a broken response stream ({message}); "
                "sending the request again with a new id",
            )
            return await send()

    def _reissuable(
        self, what: str, fetch: Callable[..., Awaitable[_Answer]]
    ) -> Callable[..., Awaitable[_Answer]]:
        """`fetch` (a page of a list) sent again once when its answer is lost, see `_reissuing`."""

        async def fetch_reissuing(**arguments: Any) -> _Answer:
            return await self._reissuing(what, lambda: fetch(**arguments))

        return fetch_reissuing

    def _session_forgotten(self, client: Client) -> bool:
        """An HTTP answer saying the session is gone: 404 as the protocol says, or the 400
        ("no valid session ID") that servers on the TypeScript SDK send, e.g. server-everything."""
        from mcp_types.version import MODERN_PROTOCOL_VERSIONS  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        status = self.http_error or ""
        if self.is_stdio or not status.startswith(("HTTP 404", "HTTP 400")):
            return False
        with_session = client.session.protocol_version not in MODERN_PROTOCOL_VERSIONS
        return status.startswith("HTTP 404") or with_session

    async def _after_death(self, tool_name: str) -> str:
        """Wait for the runner to notice the end, so the exit code and stderr are known."""
        runner = self._runner
        if runner is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(runner), SETTLE_SECONDS)
        self.state = EXITED if self.is_stdio else FAILED
        cause = f" ({self.problem})" if self.problem and not self.is_stdio else ""
        self.error = self.failure_message(f"stopped during the call to {tool_name!r}{cause}")
        return self.error
