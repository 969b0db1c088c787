"""MCP server settings: the `mcp_servers` config shape, checks, and import of `mcpServers` JSON.

One server is ``{"transport": "stdio", "command", "args", "env", "cwd"?, "enabled"}`` or
``{"transport": "http", "url", "headers", "enabled"}``; optional ``startup_timeout`` and
``call_timeout`` (seconds). Secret values in ``env``/``headers`` arrive already resolved by the
application; they are never written into messages, statuses or logs by this package.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

STDIO = "stdio"
HTTP = "http"
DEFAULT_STARTUP_TIMEOUT = 60.0
# Names other clients use for streamable HTTP in their mcpServers files.
HTTP_ALIASES = frozenset({"http", "streamable-http", "streamable_http", "streamableHttp"})


class McpConfigError(ValueError):
    """A server setting that cannot be used; the message names the server and the fix."""


def _string_map(name: str, key: str, value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise McpConfigError(f"MCP server {name!r}: '{key}' must be an object of names to text.")
    return {k: str(v) for k, v in value.items()}


def _timeout(name: str, key: str, value: Any, default: float | None) -> float | None:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise McpConfigError(f"MCP server {name!r}: '{key}' must be a number of seconds above 0.")
    return float(value)


def normalize_server(name: str, raw: Any) -> dict[str, Any]:
    """One server's settings checked and completed with defaults."""
    if not isinstance(name, str) or not name.strip():
        raise McpConfigError("Every MCP server needs a non-empty name.")
    if not isinstance(raw, dict):
        raise McpConfigError(f"MCP server {name!r}: settings must be an object.")
    transport = raw.get("transport") or raw.get("type")
    if not transport:
        transport = HTTP if raw.get("url") else STDIO
    if transport == "sse":
        raise McpConfigError(
            f"MCP server {name!r} uses the old SSE transport, which is not supported; "
            "use its streamable HTTP endpoint (usually ending in /mcp)."
        )
    common = {
        "enabled": bool(raw.get("enabled", not raw.get("disabled", False))),
        "startup_timeout": _timeout(
            name, "startup_timeout", raw.get("startup_timeout"), DEFAULT_STARTUP_TIMEOUT
        ),
        "call_timeout": _timeout(name, "call_timeout", raw.get("call_timeout"), None),
    }
    if transport == STDIO:
        command = raw.get("command")
        if not isinstance(command, str) or not command.strip():
            raise McpConfigError(f"MCP server {name!r}: a stdio server needs a 'command' to run.")
        args = raw.get("args") or []
        if not isinstance(args, list):
            raise McpConfigError(f"MCP server {name!r}: 'args' must be a list.")
        cwd = raw.get("cwd")
        return {
            "transport": STDIO,
            "command": command,
            "args": [str(arg) for arg in args],
            "env": _string_map(name, "env", raw.get("env")),
            "cwd": str(cwd) if cwd else None,
            **common,
        }
    if transport in HTTP_ALIASES:
        url = raw.get("url")
        parts = urlsplit(url) if isinstance(url, str) else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
            raise McpConfigError(
                f"MCP server {name!r}: an HTTP server needs a 'url' starting with http:// or "
                "https://."
            )
        return {
            "transport": HTTP,
            "url": url,
            "headers": _string_map(name, "headers", raw.get("headers")),
            **common,
        }
    raise McpConfigError(
        f"MCP server {name!r}: unknown transport {transport!r}; use 'stdio' or 'http'."
    )


def server_entries(raw: Any) -> dict[str, Any]:
    """The raw `mcp_servers` mapping (each entry still unchecked), or McpConfigError."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise McpConfigError("'mcp_servers' must be an object mapping server names to settings.")
    return raw


def import_mcp_servers(json_text: str) -> dict[str, dict[str, Any]]:
    """Servers from the common ``{"mcpServers": {...}}`` JSON (Claude Desktop, Cursor, VS Code
    ``{"servers": {...}}``), normalized to the `mcp_servers` shape.

    Raises McpConfigError naming every problem at once; nothing is imported partially.
    """
    try:
        document = json.loads(json_text)
    except json.JSONDecodeError as exc:
        raise McpConfigError(
            f"The MCP server list is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg})."
        ) from exc
    if not isinstance(document, dict):
        raise McpConfigError('Expected a JSON object like {"mcpServers": {"name": {...}}}.')
    servers = document.get("mcpServers", document.get("servers"))
    if not isinstance(servers, dict):
        raise McpConfigError(
            'No "mcpServers" object found; expected {"mcpServers": {"name": {"command": ...}}}.'
        )
    imported: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for name, settings in servers.items():
        try:
            imported[name] = normalize_server(name, settings)
        except McpConfigError as exc:
            problems.append(str(exc))
    if problems:
        raise McpConfigError("Nothing was imported:\n" + "\n".join(problems))
    return imported
