"""A hand-written MCP server of the handshake era (protocol 2025-11-25) over stdio, for faults and
rich results the SDK's own server does not produce on demand.

It speaks JSON-RPC lines directly, the way many third-party servers (Node, Go) still do: it
refuses `server/discover` (so the client falls back to `initialize`), logs through
`notifications/message`, and changes its tool list at runtime with
`notifications/tools/list_changed`. Tools:

- `picture`: an image (a 2×2 PNG), a text line and a resource link.
- `weather`: `structuredContent` with a text twin.
- `huge`: 200,000 characters of text.
- `grow`: adds the tool `extra` and announces the change.
- `book`: asks the user through `elicitation/create`, answers with what they chose.
- `leak`: logs a line containing the value of the env var `SERVER_TOKEN`.
- `render`: declared task-only (`execution.taskSupport: required`).

one prompt, `review` (arguments `file`, required, and `focus`), one resource,
`release-notes.md` (Markdown text), and one resource template, `notes://release/{version}`.

Run as ``python -m tests.support.mcp_legacy_server`` from the repository root.
"""

from __future__ import annotations

import base64
import json
import os
import sys
from typing import Any

# A 2×2 PNG (red, green / blue, white), so a test can check the bytes that arrive.
PNG_2X2 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC"
)
PROTOCOL_VERSION = "2025-11-25"
HUGE_CHARS = 200_000


def _tool(name: str, description: str, properties: dict[str, Any] | None = None) -> dict:
    return {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": properties or {}},
    }


TOOLS = [
    _tool("picture", "Draw a tiny picture."),
    _tool("weather", "The weather, as structured data.", {"city": {"type": "string"}}),
    _tool("huge", "Far too much text."),
    _tool("grow", "Add a tool at runtime."),
    _tool("book", "Book a table, asking the user for details."),
    _tool("leak", "Log a line with the server's token."),
    {
        **_tool("render", "A long render, only as an MCP task."),
        "execution": {"taskSupport": "required"},
    },
]
NOTES = "# Release notes\n\n- The app starts faster.\n"
NOTES_RESOURCE = {
    "uri": "notes://release/2.0",
    "name": "release-notes.md",
    "title": "Release notes 2.0",
    "mimeType": "text/markdown",
}
NOTES_TEMPLATE = {
    "uriTemplate": "notes://release/{version}",
    "name": "release-notes-by-version",
    "title": "Release notes of a version",
    "description": "The notes of the version you name.",
    "mimeType": "text/markdown",
}
REVIEW_PROMPT = {
    "name": "review",
    "title": "Code review",
    "description": "Ask for a review of one file.",
    "arguments": [
        {"name": "file", "description": "The file to review", "required": True},
        {"name": "focus", "description": "What to look at (default: bugs)"},
    ],
}
EXTRA = _tool("extra", "A tool that was added at runtime.")


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def receive() -> dict[str, Any] | None:
    line = sys.stdin.readline()
    return json.loads(line) if line else None


def log(level: str, data: Any) -> None:
    send(
        {
            "jsonrpc": "2.0",
            "method": "notifications/message",
            "params": {"level": level, "data": data},
        }
    )


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def call(name: str, arguments: dict[str, Any], tools: list[dict[str, Any]]) -> dict[str, Any]:
    if name == "picture":
        return {
            "content": [
                text("A 2×2 test picture."),
                {
                    "type": "image",
                    "data": base64.b64encode(PNG_2X2).decode(),
                    "mimeType": "image/png",
                },
                {
                    "type": "resource_link",
                    "uri": "file:///pictures/test.png",
                    "name": "test.png",
                    "mimeType": "image/png",
                },
            ]
        }
    if name == "weather":
        city = arguments.get("city") or "Paris"
        data = {"city": city, "celsius": 21.5, "sky": "clear"}
        return {"content": [text(json.dumps(data))], "structuredContent": data}
    if name == "huge":
        return {"content": [text("x" * HUGE_CHARS)]}
    if name == "grow":
        if EXTRA not in tools:
            tools.append(EXTRA)
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        return {"content": [text("added the tool 'extra'")]}
    if name == "extra":
        return {"content": [text("extra works")]}
    if name == "leak":
        log("warning", f"using token {os.environ.get('SERVER_TOKEN', '')} for the upstream API")
        return {"content": [text("logged")]}
    return {"content": [text(f"unknown tool {name}")], "isError": True}


def book(request_id: Any) -> None:
    """Ask the client for details, then answer the pending `tools/call` with the outcome."""
    schema = {
        "type": "object",
        "properties": {
            "guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": 12},
            "terrace": {"type": "boolean", "title": "Terrace", "default": False},
            "name": {"type": "string", "title": "Name on the booking"},
        },
        "required": ["guests", "name"],
    }
    send(
        {
            "jsonrpc": "2.0",
            "id": "ask-1",
            "method": "elicitation/create",
            "params": {"message": "How many guests, and whose name?", "requestedSchema": schema},
        }
    )
    while True:
        answer = receive()
        if answer is None:
            return
        if answer.get("id") == "ask-1" and "method" not in answer:
            break
    result = answer.get("result") or {}
    action = result.get("action")
    if action == "accept":
        content = result.get("content") or {}
        outcome = f"booked for {content.get('guests')} under {content.get('name')!r}"
        if content.get("terrace"):
            outcome += " on the terrace"
    else:
        outcome = f"not booked: the user chose {action!r}"
    send({"jsonrpc": "2.0", "id": request_id, "result": {"content": [text(outcome)]}})


def main() -> None:
    print("legacy test server ready", file=sys.stderr, flush=True)
    tools = list(TOOLS)
    while (message := receive()) is not None:
        method, request_id = message.get("method"), message.get("id")
        params = message.get("params") or {}
        if request_id is None:  # a notification (initialized, cancelled)
            continue
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": PROTOCOL_VERSION,
                "capabilities": {
                    "tools": {"listChanged": True},
                    "logging": {},
                    "prompts": {},
                    "resources": {},
                },
                "serverInfo": {"name": "legacy-test", "version": "1.0.0"},
            }
        elif method == "tools/list":
            result = {"tools": tools}
        elif method == "resources/list":
            result = {"resources": [NOTES_RESOURCE]}
        elif method == "resources/templates/list":
            result = {"resourceTemplates": [NOTES_TEMPLATE]}
        elif method == "resources/read":
            uri = str(params.get("uri") or NOTES_RESOURCE["uri"])
            version = uri.rsplit("/", 1)[-1]
            notes = NOTES if uri == NOTES_RESOURCE["uri"] else f"# Release notes {version}\n"
            result = {"contents": [{"uri": uri, "mimeType": "text/markdown", "text": notes}]}
        elif method == "prompts/list":
            result = {"prompts": [REVIEW_PROMPT]}
        elif method == "prompts/get":
            arguments = params.get("arguments") or {}
            request = f"Review {arguments.get('file')} for {arguments.get('focus') or 'bugs'}."
            result = {"messages": [{"role": "user", "content": text(request)}]}
        elif method == "tools/call" and params.get("name") == "book":
            book(request_id)
            continue
        elif method == "tools/call":
            result = call(params.get("name"), params.get("arguments") or {}, tools)
        elif method in ("ping", "logging/setLevel"):
            result = {}
        else:  # `server/discover` among others: this server predates it
            send(
                {
                    "jsonrpc": "2.0",
                    "id": request_id,
                    "error": {"code": -32601, "message": f"Method not found: {method}"},
                }
            )
            continue
        send({"jsonrpc": "2.0", "id": request_id, "result": result})


if __name__ == "__main__":
    main()
