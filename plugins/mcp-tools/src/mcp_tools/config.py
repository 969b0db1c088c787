"""MCP server settings: the `mcp_servers` config shape, checks, and import of `mcpServers` JSON.

One server is ``{"transport": "stdio", "command", "args", "env", "cwd"?, "enabled"}`` or
``{"transport": "http", "url", "headers", "oauth_client_id"?, "oauth_client_secret"?,
"oauth_client_metadata_url"?, "enabled"}`` (the OAuth client the server's owner registered for
the user, for servers that do not let apps register themselves; or the https:// address of a
client ID metadata document, which authorization servers that support it take as the client
ID, the specification's first choice over registering); optional ``startup_timeout`` and
``call_timeout`` (seconds) and ``max_output_chars`` (the cap on a result the model reads).
Secret values in ``env``/``headers`` arrive already resolved by the application; they are never
written into messages, statuses or logs by this package.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

DEFAULT_MAX_OUTPUT_CHARS = 50_000  # what a tool's result may give the model, in characters
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


def _optional_text(name: str, key: str, value: Any) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, str):
        raise McpConfigError(f"MCP server {name!r}: '{key}' must be text.")
    return value.strip()


def _client_metadata_url(name: str, value: Any) -> str | None:
    """The client ID metadata document's address: https with a path, as the OAuth draft asks."""
    url = _optional_text(name, "oauth_client_metadata_url", value)
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.netloc or parts.path in ("", "/"):
        raise McpConfigError(
            f"MCP server {name!r}: 'oauth_client_metadata_url' must be the https:// address of "
            "your client metadata document, with a path (e.g. "
            "https://example.com/agent-desktop/client.json); leave it empty to register."
        )
    return url


def _output_limit(name: str, value: Any) -> int:
    if value is None:
        return DEFAULT_MAX_OUTPUT_CHARS
    if isinstance(value, bool) or not isinstance(value, int) or value < 1000:
        raise McpConfigError(
            f"MCP server {name!r}: 'max_output_chars' must be a whole number of at least 1000."
        )
    return value


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
        "max_output_chars": _output_limit(name, raw.get("max_output_chars")),
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
            "oauth_client_id": _optional_text(name, "oauth_client_id", raw.get("oauth_client_id")),
            "oauth_client_secret": _optional_text(
                name, "oauth_client_secret", raw.get("oauth_client_secret")
            ),
            "oauth_client_metadata_url": _client_metadata_url(
                name, raw.get("oauth_client_metadata_url")
            ),
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


# Where other apps keep their server lists: Claude Desktop, Cursor, Cline and Windsurf use
# "mcpServers"; VS Code's mcp.json uses "servers" (its settings.json nests it under "mcp");
# Goose calls them "extensions" (cmd / envs / uri keys).
_SERVER_BLOCKS = (("mcpServers",), ("servers",), ("mcp", "servers"), ("extensions",))
_GOOSE_KEYS = {"cmd": "command", "envs": "env", "uri": "url"}
_GOOSE_TYPES = {"streamable_http": "http", "builtin": "builtin", "platform": "builtin"}


def _server_block(document: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    for path in _SERVER_BLOCKS:
        value: Any = document
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, dict):
            return ".".join(path), value
    return None


def _foreign_entry(name: str, raw: Any) -> dict[str, Any]:
    """One server of another app's file in our shape (only what was given), or McpConfigError."""
    if not isinstance(raw, dict):
        raise McpConfigError(f"MCP server {name!r}: settings must be an object.")
    entry = {_GOOSE_KEYS.get(key, key): value for key, value in raw.items()}
    kind = entry.pop("type", None) or entry.pop("transport", None)
    kind = _GOOSE_TYPES.get(kind, kind) if isinstance(kind, str) else kind
    if kind == "builtin":
        raise McpConfigError(f"MCP server {name!r} is built into Goose; there is nothing to start.")
    if kind == "sse":
        raise McpConfigError(
            f"MCP server {name!r} uses the old SSE transport, which is not supported; "
            "use its streamable HTTP endpoint (usually ending in /mcp)."
        )
    normalized = normalize_server(name, {**entry, **({"transport": kind} if kind else {})})
    kept = {"enabled": normalized["enabled"]}
    if normalized["transport"] == HTTP:
        kept.update(transport=HTTP, url=normalized["url"])
        if normalized["headers"]:
            kept["headers"] = normalized["headers"]
    else:
        kept.update(command=normalized["command"], args=normalized["args"])
        if normalized["env"]:
            kept["env"] = normalized["env"]
        if normalized["cwd"]:
            kept["cwd"] = normalized["cwd"]
    for key in ("startup_timeout", "call_timeout", "max_output_chars"):
        if key in raw:
            kept[key] = normalized[key]
    return kept


def preview_import(json_text: str) -> dict[str, Any]:
    """What importing another app's MCP server list would add, before anything is added.

    Returns ``{"source": key, "servers": {name: settings}, "skipped": {name: why}}``; the
    settings are in the `mcp_servers` shape, disabled ones (``"disabled": true``) kept but off.
    Raises McpConfigError when the text is not such a list at all.
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
    block = _server_block(document)
    if block is None:
        raise McpConfigError(
            'No server list found; expected {"mcpServers": {...}} (Claude Desktop, Cursor, '
            'Cline), {"servers": {...}} (VS Code) or {"extensions": {...}} (Goose).'
        )
    source, servers = block
    preview: dict[str, Any] = {"source": source, "servers": {}, "skipped": {}}
    for name, raw in servers.items():
        try:
            preview["servers"][name] = _foreign_entry(name, raw)
        except McpConfigError as exc:
            preview["skipped"][name] = str(exc)
    return preview
