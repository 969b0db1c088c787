"""A real package index on the loopback interface: the simple repository API over HTTP.

It serves the wheel files given to it, each project at ``/simple/<normalized name>/`` as
PEP 691 JSON (when the client accepts it, as the app does) or as PEP 503 HTML (``html_only``,
as a plain static mirror would), and the files themselves at ``/files/<filename>``. The listed
SHA-256 is the file's own unless a test puts another in ``wrong_hashes``.
"""

from __future__ import annotations

import hashlib
import html
import json
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from packaging.utils import canonicalize_name, parse_wheel_filename

from tests.support.plugin_fixtures import write_wheel

JSON_TYPE = "application/vnd.pypi.simple.v1+json"


@dataclass
class IndexContents:
    wheels: list[Path] = field(default_factory=list)
    html_only: bool = False
    wrong_hashes: set[str] = field(default_factory=set)  # filenames listed with a wrong hash
    requests: list[str] = field(default_factory=list)  # the paths asked for, in order

    def add(self, wheel: Path) -> None:
        self.wheels.append(wheel)

    def project(self, name: str) -> list[Path]:
        wanted = canonicalize_name(name)
        return [w for w in self.wheels if parse_wheel_filename(w.name)[0] == wanted]

    def sha256(self, wheel: Path) -> str:
        if wheel.name in self.wrong_hashes:
            return "0" * 64
        return hashlib.sha256(wheel.read_bytes()).hexdigest()


@contextmanager
def package_index(contents: IndexContents) -> Iterator[str]:
    """Serve `contents`; yields the index URL (``http://127.0.0.1:PORT/simple/``)."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the tests read `contents.requests` instead."""

        def do_GET(self) -> None:
            contents.requests.append(self.path)
            parts = [part for part in self.path.split("/") if part]
            if len(parts) == 2 and parts[0] == "simple":
                self._project(parts[1])
            elif len(parts) == 2 and parts[0] == "files":
                self._file(parts[1])
            else:
                self.send_error(404)

        def _project(self, name: str) -> None:
            wheels = contents.project(name)
            if not wheels:
                self.send_error(404)
                return
            if JSON_TYPE in (self.headers.get("Accept") or "") and not contents.html_only:
                page = {
                    "meta": {"api-version": "1.1"},
                    "name": name,
                    "files": [
                        {
                            "filename": wheel.name,
                            "url": f"../../files/{wheel.name}",
                            "hashes": {"sha256": contents.sha256(wheel)},
                            "requires-python": ">=3.8",
                        }
                        for wheel in wheels
                    ],
                }
                self._send(json.dumps(page).encode(), JSON_TYPE)
                return
            anchors = "".join(
                f'<a href="/files/{html.escape(wheel.name)}#sha256={contents.sha256(wheel)}" '
                f'data-requires-python="&gt;=3.8">{html.escape(wheel.name)}</a><br>'
                for wheel in wheels
            )
            self._send(f"<!DOCTYPE html><html><body>{anchors}</body></html>".encode(), "text/html")

        def _file(self, filename: str) -> None:
            found = [wheel for wheel in contents.wheels if wheel.name == filename]
            if not found:
                self.send_error(404)
                return
            self._send(found[0].read_bytes(), "application/octet-stream")

        def _send(self, body: bytes, content_type: str) -> None:
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, name="package-index", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/simple/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass
class MoonPlugin:
    """A plugin package `name` whose tool uses the package `maths` (both on the index)."""

    name: str
    package: str
    maths: str
    maths_package: str


def moon_plugin(
    dist: Path, contents: IndexContents, *, maths_requires: tuple[str, ...] = ()
) -> MoonPlugin:
    tag = uuid.uuid4().hex[:8]
    plugin = MoonPlugin(
        f"moon-tides-{tag}", f"moon_tides_{tag}", f"moon-maths-{tag}", f"moon_maths_{tag}"
    )
    for version in ("1.0", "2.0"):  # the newest that fits is the one installed
        contents.add(
            write_wheel(
                dist,
                plugin.maths,
                version,
                {f"{plugin.maths_package}/__init__.py": f"VERSION = {version!r}\n"},
                {},
                list(maths_requires),
            )
        )
    contents.add(
        write_wheel(
            dist,
            plugin.name,
            "0.4.0",
            {
                f"{plugin.package}/__init__.py": f"""
                    import {plugin.maths_package} as maths

                    class MoonPlugin:
                        name = "moon-tides"
                        namespace = "moon"
                        tools = [{{"name": "moon__phase", "description": "Today's moon"}}]
                        async def initialize(self, runtime):
                            pass
                        async def execute(self, tool_name, args):
                            return {{"phase": "waxing", "maths": maths.VERSION}}
                        async def shutdown(self):
                            pass
                """
            },
            {"agent_adapter.tool_plugins": {"moon": f"{plugin.package}:MoonPlugin"}},
            [f"{plugin.maths}>=1", "pydantic>=2"],  # pydantic: the app's, never fetched
        )
    )
    return plugin
