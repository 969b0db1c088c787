"""An MCP server of our own, served over streamable HTTP on loopback for the MCP plugin tests.

Built with the SDK's server side (`MCPServer.streamable_http_app`) under uvicorn in a thread.
Tools: `add` (read-only), `shout` (not read-only), `fail` (reports a tool error), `learn` (adds
the tool `fresh` at runtime and announces the change: on `subscriptions/listen` streams for
clients of protocol 2026-07-28, with `notifications/tools/list_changed` on the session's GET
stream for handshake-era clients). Requests must carry the bearer token given to
`serve_mcp_over_http`, so header passing is tested for real.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tests.support.mcp_tasks import TASK_TOOL, TasksOnTheServer


def build_server(
    *, with_telling_add: bool = False, tasks: TasksOnTheServer | None = None
) -> MCPServer:
    """``with_telling_add``: also `telling_add`, whose answer comes on an event stream;
    ``tasks``: also `render`, run as an MCP task for clients that declare the extension."""
    server = MCPServer(
        "loopback-test", version="1.0.0", log_level="WARNING", extensions=[tasks] if tasks else []
    )

    if tasks is not None:

        @server.tool(name=TASK_TOOL)
        def render(scene: str) -> str:
            """Render a scene (a long job: an MCP task where the client takes one)."""
            return f"rendered {scene}"

    if with_telling_add:

        @server.tool()
        async def telling_add(a: int, b: int, context: Context) -> str:
            """Add two whole numbers, logging it first."""
            # A message before the result: a 2026-07-28 server then answers on an event stream.
            await context.info(f"adding {a} and {b}")
            return str(a + b)

    @server.tool(
        annotations=ToolAnnotations(title="Add numbers", read_only_hint=True, open_world_hint=False)
    )
    def add(a: int, b: int) -> str:
        """Add two whole numbers."""
        return str(a + b)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False))
    def shout(text: str) -> str:
        """Answer the text in capitals."""
        return text.upper()

    @server.tool()
    def fail(reason: str) -> str:
        """Always fails with the given reason."""
        raise ToolError(f"failed on purpose: {reason}")

    def fresh() -> str:
        """A tool that exists only after `learn` ran."""
        return "fresh works"

    @server.tool()
    async def learn(context: Context) -> str:
        """Add the tool `fresh` and tell the client its tool list changed."""
        server.add_tool(fresh)
        await context.notify_tools_changed()  # reaches 2026-07-28 clients' listen streams
        # Reaches handshake-era sessions on their GET stream; dropped for 2026-07-28 clients.
        await context.session.send_tool_list_changed()
        return "added the tool 'fresh'"

    return server


class _RequireBearer:
    """Answers 401 unless the request carries the expected Authorization header."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or [])
        if scope["type"] == "http" and headers.get(b"authorization") != self.expected:
            await send({"type": "http.response.start", "status": 401, "headers": []})
            await send({"type": "http.response.body", "body": b"missing or wrong token"})
            return
        await self.app(scope, receive, send)


async def _whole_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """`receive` for the app after the middleware read the request body itself."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _json_rpc(body: bytes) -> dict[str, Any]:
    message = json.loads(body or b"{}")
    return message if isinstance(message, dict) else {}


class _HandshakeEraOnly:
    """Answers `server/discover` with "method not found", like servers written before 2026: the
    client then uses `initialize` and an `Mcp-Session-Id` session, which a restart forgets."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        body = await _whole_body(receive)
        request = _json_rpc(body)
        if request.get("method") == "server/discover":
            answer = json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": request.get("id"),
                    "error": {"code": -32601, "message": "Method not found"},
                }
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": answer})
            return
        await self.app(scope, _replaying(body, receive), send)


class _BreaksOneResponseStream:
    """Cuts the response stream of the first `tools/call` just before its result (the tool ran),
    as a proxy or a dropped network would; keeps the JSON-RPC id of every `tools/call`."""

    def __init__(self, app: ASGIApp, call_ids: list[Any]) -> None:
        self.app = app
        self.call_ids = call_ids

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        body = await _whole_body(receive)
        request = _json_rpc(body)
        if request.get("method") != "tools/call":
            await self.app(scope, _replaying(body, receive), send)
            return
        self.call_ids.append(request.get("id"))
        if len(self.call_ids) > 1:
            await self.app(scope, _replaying(body, receive), send)
            return

        async def cut_before_the_result(message: Message) -> None:
            if message["type"] == "http.response.body" and b'"result"' in message.get("body", b""):
                # Raised after the headers went out: the server drops the connection mid-body.
                raise ConnectionAbortedError("the test server broke the response stream")
            await send(message)

        await self.app(scope, _replaying(body, receive), cut_before_the_result)


@dataclass
class RunningServer:
    url: str
    token: str
    port: int
    call_ids: list[Any] = field(default_factory=list)  # with break_one_response only
    tasks: TasksOnTheServer | None = None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve_mcp_over_http(
    token: str = "test-token-123",
    port: int | None = None,
    *,
    handshake_era: bool = False,
    break_one_response: bool = False,
    tasks: TasksOnTheServer | None = None,
) -> Iterator[RunningServer]:
    """Run the server on a loopback port (a free one unless given) for the block.

    ``handshake_era``: behave like a server from before protocol 2026-07-28 (sessions).
    ``break_one_response``: break the response stream of the first tool call before its result
    (call `telling_add`: its answer comes on a stream; a plain JSON answer cut short ends the
    whole connection in the SDK, not just the one request).
    """
    port = port or _free_port()
    call_ids: list[Any] = []
    app: ASGIApp = build_server(
        with_telling_add=break_one_response, tasks=tasks
    ).streamable_http_app(host="127.0.0.1")
    if handshake_era:
        app = _HandshakeEraOnly(app)
    if break_one_response:
        app = _BreaksOneResponseStream(app, call_ids)
    app = _RequireBearer(app, token)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            log_level="warning",
            lifespan="on",
            # Open event streams would hold a graceful shutdown until the join below gives up.
            timeout_graceful_shutdown=1,
        )
    )
    thread = threading.Thread(target=server.run, name="mcp-http-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the loopback MCP HTTP server did not start")
        time.sleep(0.02)
    try:
        yield RunningServer(
            url=f"http://127.0.0.1:{port}/mcp",
            token=token,
            port=port,
            call_ids=call_ids,
            tasks=tasks,
        )
    finally:
        server.should_exit = True
        thread.join(timeout=10)
