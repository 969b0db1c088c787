"""An MCP server of our own, served over streamable HTTP on loopback for the MCP plugin tests.

Built with the SDK's server side (`MCPServer.streamable_http_app`) under uvicorn in a thread.
Tools: `add` (read-only), `shout` (not read-only), `fail` (reports a tool error). Requests must
carry the bearer token given to `serve_mcp_over_http`, so header passing is tested for real.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from starlette.types import ASGIApp, Receive, Scope, Send


def build_server() -> MCPServer:
    server = MCPServer("loopback-test", version="1.0.0", log_level="WARNING")

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


@dataclass
class RunningServer:
    url: str
    token: str
    port: int


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve_mcp_over_http(
    token: str = "test-token-123", port: int | None = None
) -> Iterator[RunningServer]:
    """Run the server on a loopback port (a free one unless given) for the block."""
    port = port or _free_port()
    app = _RequireBearer(build_server().streamable_http_app(host="127.0.0.1"), token)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, name="mcp-http-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the loopback MCP HTTP server did not start")
        time.sleep(0.02)
    try:
        yield RunningServer(url=f"http://127.0.0.1:{port}/mcp", token=token, port=port)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
