"""The web fetch tool against a real loopback HTTP server started by the test."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import entry_points
from typing import Any

import pytest

from web_fetch_tool import WebFetchTool
from web_fetch_tool.html_text import html_to_text

ARTICLE = """<!doctype html>
<html><head><title>Release  notes</title>
<style>body { color: red }</style><script>var tracking = "secret-script";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>
<article>
<h1>Version 2.0</h1>
<p>We rewrote the <b>engine</b>.
   Read the <a href="/docs/upgrade">upgrade guide</a> first.</p>
<h2>Changes</h2>
<ul><li>Faster start</li><li>New <a href="https://example.org/api">API</a></li></ul>
<pre>  indented code</pre>
</article>
<noscript>Enable JavaScript</noscript>
<footer>© 2026</footer>
</body></html>"""

PAGES: dict[str, tuple[int, dict[str, str], bytes]] = {
    "/article": (200, {"Content-Type": "text/html; charset=utf-8"}, ARTICLE.encode()),
    "/data.json": (200, {"Content-Type": "application/json"}, b'{"b": 1, "a": [1, 2]}'),
    "/notes.txt": (200, {"Content-Type": "text/plain"}, "caf\u00e9 notes\n".encode()),
    "/latin1": (
        200,
        {"Content-Type": "text/html"},
        '<meta charset="iso-8859-1"><p>Gr\u00fc\u00dfe</p>'.encode("latin-1"),
    ),
    "/image.png": (200, {"Content-Type": "image/png"}, b"\x89PNG\r\n\x1a\n" + b"\x00" * 100),
    "/missing": (404, {"Content-Type": "text/html"}, b"<h1>Not here</h1><p>Try the index.</p>"),
    "/big": (200, {"Content-Type": "text/plain"}, b"x" * 300_000),
    "/long": (200, {"Content-Type": "text/plain"}, b"word " * 20_000),
}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/article")
            self.end_headers()
            return
        if self.path == "/loop":
            self.send_response(302)
            self.send_header("Location", "/loop")
            self.end_headers()
            return
        if self.path == "/slow":
            time.sleep(1.5)
        if self.path == "/stream-big":
            # No Content-Length: the limit must hold while reading.
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Connection", "close")
            self.end_headers()
            for _ in range(100):
                self.wfile.write(b"y" * 10_000)
            return
        status, headers, body = PAGES.get(self.path, (200, {"Content-Type": "text/plain"}, b"ok"))
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the test output clean."""


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The size-limit tests hang up mid-body on purpose; anything else is reported.
        if not isinstance(sys.exc_info()[1], BrokenPipeError | ConnectionResetError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    server = _Server(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def fetch(url: str, **config: Any) -> tuple[dict, str, dict]:
    plugin = WebFetchTool()
    state = plugin.init(config)
    result = await plugin.execute_tool_async("web_fetch", {"url": url}, state)
    text = plugin.format_tool_result(result, state)
    return result, text, plugin.to_display_format(text, result, state)


def test_entry_point_schema_and_preview():
    (entry,) = [e for e in entry_points(group="agent_core.plugins") if e.name == "web_fetch"]
    assert entry.load() is WebFetchTool
    (schema,) = WebFetchTool().get_tool_schemas({})
    assert schema["annotations"]["readOnlyHint"] is True
    assert schema["annotations"]["openWorldHint"] is True
    assert WebFetchTool().format_tool_call_preview("web_fetch", {"url": "https://a.b/c"}, {}) == (
        "Fetch https://a.b/c"
    )


def test_html_becomes_readable_text():
    title, text = html_to_text(ARTICLE, "http://site.test/news/")
    assert title == "Release notes"
    assert text == (
        "# Version 2.0\n\n"
        "We rewrote the engine. Read the [upgrade guide](http://site.test/docs/upgrade) first.\n\n"
        "## Changes\n\n"
        "- Faster start\n"
        "- New [API](https://example.org/api)\n\n"
        "indented code"
    )
    for furniture in ("secret-script", "color: red", "Home", "Enable JavaScript"):
        assert furniture not in text


async def test_fetch_html_page(base_url: str):
    result, text, display = await fetch(f"{base_url}/article")
    assert result["success"] is True
    assert text.startswith(f"# Release notes\nSource: {base_url}/article\n\n# Version 2.0\n")
    assert f"[upgrade guide]({base_url}/docs/upgrade)" in text
    assert display["single_line"] == f"fetch 127.0.0.1:{base_url.rsplit(':', 1)[1]}/article " + (
        f"({len(ARTICLE.encode())} B, text/html)"
    )


async def test_redirects_are_followed_and_reported(base_url: str):
    result, text, _ = await fetch(f"{base_url}/redirect")
    assert result["final_url"] == f"{base_url}/article"
    assert f"Source: {base_url}/article" in text
    result, text, _ = await fetch(f"{base_url}/loop")
    assert text == f"Error: {base_url}/loop redirected more than 5 times."


async def test_text_json_and_charsets(base_url: str):
    _, text, _ = await fetch(f"{base_url}/data.json")
    assert text.endswith('{\n  "b": 1,\n  "a": [\n    1,\n    2\n  ]\n}')
    _, text, _ = await fetch(f"{base_url}/notes.txt")
    assert text.endswith("caf\u00e9 notes\n")
    _, text, _ = await fetch(f"{base_url}/latin1")
    assert text.endswith("Gr\u00fc\u00dfe")


async def test_non_2xx_is_an_error_with_the_page_text(base_url: str):
    result, text, display = await fetch(f"{base_url}/missing")
    assert result["success"] is False
    assert text == (
        f"Error: HTTP 404 Not Found for {base_url}/missing. "
        "The page says: # Not here Try the index."
    )
    assert display["single_line"].startswith("fetch 127.0.0.1:")
    assert " — HTTP 404 Not Found" in display["single_line"]


async def test_binary_content_is_refused(base_url: str):
    _, text, _ = await fetch(f"{base_url}/image.png")
    assert text == (
        f"Error: {base_url}/image.png is image/png (108 B), not a text page; web_fetch reads "
        "HTML, text and JSON only."
    )


@pytest.mark.parametrize("path", ["/big", "/stream-big"])
async def test_too_large_is_refused(base_url: str, path: str):
    result, text, _ = await fetch(f"{base_url}{path}", web_fetch_max_bytes=100_000)
    assert result["success"] is False
    assert "is larger than the 97.7 KB download limit; nothing was kept" in text


async def test_long_text_is_cut_with_a_note(base_url: str):
    result, text, _ = await fetch(f"{base_url}/long", web_fetch_max_chars=1000)
    assert result["cut_chars"] == 99_000
    assert text.endswith("\n\n[… 99,000 more characters cut …]")


async def test_timeout_is_a_clear_error(base_url: str):
    _, text, _ = await fetch(f"{base_url}/slow", web_fetch_timeout_seconds=0.3)
    assert text == f"Error: {base_url}/slow did not answer within 0.3 s (timeout)."


async def test_unreachable_and_bad_urls():
    _, text, _ = await fetch("http://127.0.0.1:9/nothing")
    assert text.startswith("Error: Could not connect to 127.0.0.1:9:")
    _, text, _ = await fetch("file:///etc/passwd")
    assert text == (
        "Error: 'file:///etc/passwd' is not an http:// or https:// URL; "
        "only web pages can be fetched."
    )
    plugin = WebFetchTool()
    missing = await plugin.execute_tool_async("web_fetch", {}, plugin.init({}))
    assert missing["error"] == "'url' is required: a full http:// or https:// address."


async def test_blocking_hook_from_a_worker_thread(base_url: str):
    plugin = WebFetchTool()
    result = await asyncio.to_thread(
        plugin.execute_tool, "web_fetch", {"url": f"{base_url}/notes.txt"}, plugin.init({})
    )
    assert result["result"] == "caf\u00e9 notes\n"
