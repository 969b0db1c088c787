"""Fetch a web page and return readable text."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from agent_core.tool_arguments import ToolArgumentsError, tool_arguments
from agent_core.workers import run_on_private_loop
from web_fetch_tool.html_text import html_to_text

if TYPE_CHECKING:
    import httpx

WEB_FETCH = "web_fetch"
DEFAULT_TIMEOUT_SECONDS = 20.0
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
DEFAULT_MAX_CHARS = 40_000
MAX_REDIRECTS = 5
USER_AGENT = "AgentDesktop/0.1 (web_fetch tool)"
HTML_TYPES = ("text/html", "application/xhtml+xml")
SINGLE_LINE_CHARS = 120

TOOL_SCHEMA: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": WEB_FETCH,
        "description": (
            "Fetch a web page (http or https) and return its readable text: headings as '#' "
            "lines, links as [text](url); scripts, styles and navigation left out. Plain text "
            "and JSON come back as they are."
        ),
        "parameters": {
            "type": "object",
            "properties": {"url": {"type": "string", "description": "The full http(s) URL."}},
            "required": ["url"],
            "additionalProperties": False,
        },
    },
    "annotations": {
        "title": "Fetch web page",
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": True,
    },
}


class FetchError(Exception):
    """A fetch that failed; the message says what happened and what can be done."""


def _arguments(payload: Any) -> dict[str, Any]:
    try:
        return tool_arguments(payload)
    except ToolArgumentsError as exc:
        raise FetchError(str(exc)) from exc


def _checked_url(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FetchError("'url' is required: a full http:// or https:// address.")
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise FetchError(
            f"{url!r} is not an http:// or https:// URL; only web pages can be fetched."
        )
    return url


def _short_url(url: str) -> str:
    parts = urlsplit(url)
    text = parts.netloc + (parts.path if parts.path != "/" else "")
    return text if len(text) <= 80 else text[:79] + "…"


def _size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def _media_type(response: httpx.Response) -> str:
    content_type: str = response.headers.get("content-type", "")  # httpx types get() as Any
    return content_type.split(";")[0].strip().lower()


def _is_text(media_type: str) -> bool:
    return (
        media_type.startswith("text/")
        or media_type in ("application/json", "application/xml", "application/javascript", "")
        or media_type.endswith(("+json", "+xml"))
    )


def _decode(body: bytes, response: httpx.Response, media_type: str) -> str:
    encoding = response.charset_encoding
    if encoding is None and media_type in HTML_TYPES:
        declared = re.search(rb"""<meta[^>]+charset=["']?([\w-]+)""", body[:4096], re.IGNORECASE)
        encoding = declared.group(1).decode("ascii") if declared else None
    try:
        return body.decode(encoding or "utf-8", errors="replace")
    except LookupError:  # a charset name Python does not know
        return body.decode("utf-8", errors="replace")


class WebFetchTool:
    """Tool plugin `web_fetch`: one `web_fetch` tool (read-only, open world)."""

    name = "web_fetch"
    version = "0.1.0"

    def get_config_schema(self) -> dict[str, Any]:
        return {
            "web_fetch_timeout_seconds": {
                "type": "number",
                "default": DEFAULT_TIMEOUT_SECONDS,
                "description": "Seconds to wait for a page.",
            },
            "web_fetch_max_bytes": {
                "type": "integer",
                "default": DEFAULT_MAX_BYTES,
                "description": "Largest download; bigger pages are refused.",
            },
            "web_fetch_max_chars": {
                "type": "integer",
                "default": DEFAULT_MAX_CHARS,
                "description": "Longest text given to the model; the rest is cut with a note.",
            },
        }

    def get_ui_elements(
        self, config: dict[str, Any], context: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [
            {
                "type": "number",
                "key": "web_fetch_timeout_seconds",
                "label": "Page timeout (seconds)",
                "min": 1,
                "default": DEFAULT_TIMEOUT_SECONDS,
            },
            {
                "type": "integer",
                "key": "web_fetch_max_bytes",
                "label": "Largest page (bytes)",
                "description": "Bigger downloads are refused.",
                "min": 1024,
                "default": DEFAULT_MAX_BYTES,
            },
            {
                "type": "integer",
                "key": "web_fetch_max_chars",
                "label": "Longest text (characters)",
                "description": "Text beyond this is cut before the model sees it.",
                "min": 1000,
                "default": DEFAULT_MAX_CHARS,
            },
        ]

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        return {"config": config}

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        return [json.loads(json.dumps(TOOL_SCHEMA))]

    def format_tool_call_preview(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> str:
        try:
            url = _arguments(payload).get("url")
        except FetchError:
            return ""
        return f"Fetch {url}" if isinstance(url, str) else ""

    # ------------------------------------------------------------------ execution
    async def execute_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        config = dict(state.get("config") or {})
        url = ""
        try:
            if tool_name != WEB_FETCH:
                raise FetchError(f"Unknown tool {tool_name!r}; this plugin offers 'web_fetch'.")
            url = _checked_url(_arguments(payload).get("url"))
            return await self._fetch(url, config)
        except FetchError as exc:
            return {"success": False, "tool": tool_name, "url": url, "error": str(exc)}

    def execute_tool(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        """Blocking twin for callers in a worker thread (no event loop running there)."""
        return run_on_private_loop(self.execute_tool_async(tool_name, payload, state, **kwargs))

    async def _fetch(self, url: str, config: dict[str, Any]) -> dict[str, Any]:
        timeout = float(config.get("web_fetch_timeout_seconds") or DEFAULT_TIMEOUT_SECONDS)
        max_bytes = int(config.get("web_fetch_max_bytes") or DEFAULT_MAX_BYTES)
        max_chars = int(config.get("web_fetch_max_chars") or DEFAULT_MAX_CHARS)
        import httpx  # noqa: PLC0415 - httpx loads on the first fetch: plugin discovery stays cheap

        try:
            async with (
                httpx.AsyncClient(
                    follow_redirects=True,
                    max_redirects=MAX_REDIRECTS,
                    timeout=timeout,
                    headers={
                        "User-Agent": USER_AGENT,
                        "Accept": "text/html,text/*;q=0.9,*/*;q=0.5",
                    },
                ) as client,
                client.stream("GET", url) as response,
            ):
                body = await self._read_body(response, url, max_bytes)
        except httpx.TimeoutException as exc:
            raise FetchError(f"{url} did not answer within {timeout:g} s (timeout).") from exc
        except httpx.TooManyRedirects as exc:
            raise FetchError(f"{url} redirected more than {MAX_REDIRECTS} times.") from exc
        except httpx.ConnectError as exc:
            raise FetchError(f"Could not connect to {urlsplit(url).netloc}: {exc}.") from exc
        except httpx.HTTPError as exc:
            raise FetchError(f"Fetching {url} failed: {exc or type(exc).__name__}.") from exc

        media_type = _media_type(response)
        final_url = str(response.url)
        if not response.is_success:
            snippet = _decode(body[:2000], response, media_type)
            if media_type in HTML_TYPES:
                snippet = html_to_text(snippet, final_url)[1]
            detail = f" The page says: {' '.join(snippet.split())[:300]}" if snippet.strip() else ""
            raise FetchError(
                f"HTTP {response.status_code} {response.reason_phrase} for {final_url}.{detail}"
            )
        if not _is_text(media_type):
            raise FetchError(
                f"{final_url} is {media_type} ({_size(len(body))}), not a text page; web_fetch "
                "reads HTML, text and JSON only."
            )
        raw = _decode(body, response, media_type)
        title = ""
        if media_type in HTML_TYPES:
            title, text = html_to_text(raw, final_url)
        elif media_type == "application/json" or media_type.endswith("+json"):
            try:
                text = json.dumps(json.loads(raw), indent=2, ensure_ascii=False)
            except json.JSONDecodeError:
                text = raw
        else:
            text = raw
        cut = max(len(text) - max_chars, 0)
        if cut:
            text = f"{text[:max_chars]}\n\n[… {cut:,} more characters cut …]"
        return {
            "success": True,
            "tool": WEB_FETCH,
            "url": url,
            "final_url": final_url,
            "status": response.status_code,
            "content_type": media_type,
            "title": title,
            "bytes": len(body),
            "cut_chars": cut,
            "result": text,
        }

    @staticmethod
    async def _read_body(response: httpx.Response, url: str, max_bytes: int) -> bytes:
        declared = response.headers.get("content-length")
        too_large = (
            f"{url} is larger than the {_size(max_bytes)} download limit; nothing was kept. "
            "Raise the limit in the tool's settings if this page is needed."
        )
        if declared and declared.isdigit() and int(declared) > max_bytes:
            raise FetchError(too_large)
        body = bytearray()
        async for chunk in response.aiter_bytes():
            body += chunk
            if len(body) > max_bytes:
                raise FetchError(too_large)
        return bytes(body)

    # ------------------------------------------------------------------ results
    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> str:
        if not result.get("success"):
            return f"Error: {result.get('error')}"
        header = f"# {result['title']}\n" if result.get("title") else ""
        source = f"Source: {result['final_url']}\n\n"
        return f"{header}{source}{result['result']}"

    def to_display_format(
        self, text: str, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        if result.get("success"):
            single_line = (
                f"fetch {_short_url(result['final_url'])} "
                f"({_size(result['bytes'])}, {result['content_type'] or 'no type'})"
            )
        else:
            target = f" {_short_url(result['url'])}" if result.get("url") else ""
            single_line = f"fetch{target} — {result.get('error')}"
        if len(single_line) > SINGLE_LINE_CHARS:
            single_line = single_line[: SINGLE_LINE_CHARS - 1].rstrip() + "…"
        return {"type": "text", "content": text, "single_line": single_line}
