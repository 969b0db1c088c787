"""A loopback HTTP server speaking provider wire formats, replaying recorded responses.

The provider SDKs talk to it over a real socket. Each POST takes the next queued recording; GETs of
``.../models`` answer with :attr:`WireServer.models`. Every request is kept (method, path, headers,
JSON body) for assertions.

A recording is a dict (usually a file in ``tests/support/recordings/``)::

    {"status": 200, "headers": {...}, "body": {...}}                   # plain JSON answer
    {"status": 200, "events": [{"event"?: str, "data": dict | str}],    # SSE stream
     "delay": seconds between events, "drop_after": n (cut the socket after n events),
     "delay_before": seconds before the status line}
    {"status": 200, "content_type": str, "raw": str,                    # any body, as-is
     "raw_chunks": [str | bytes]}                                       # or in pieces (chunked)

Servers that answer by what they are asked (streamed or not, with tools or not) are made with
:meth:`WireServer.behave`: a function of the request body returning the recording to send.
``tests/support/server_behaviours.py`` holds such functions modelled on real servers.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RECORDINGS = Path(__file__).parent / "recordings"


def load_recording(name: str) -> dict[str, Any]:
    """A recording from ``tests/support/recordings/<name>.json``."""
    return json.loads((RECORDINGS / f"{name}.json").read_text(encoding="utf-8"))


@dataclass
class ReceivedRequest:
    method: str
    path: str
    headers: dict[str, str]  # names in lower case
    raw_body: bytes
    body: Any = None
    received_at: float = field(default_factory=time.monotonic)  # for "how long until it came"


@dataclass
class _State:
    recordings: deque[dict[str, Any]] = field(default_factory=deque)
    requests: list[ReceivedRequest] = field(default_factory=list)
    models: Any = field(default_factory=lambda: {"object": "list", "data": []})
    behaviour: Callable[[Any], dict[str, Any]] | None = None
    #: Streamed or chunked answers the client closed before the server finished writing them.
    abandoned_streams: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        return

    def _record(self) -> ReceivedRequest:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        headers = {key.lower(): value for key, value in self.headers.items()}
        received = ReceivedRequest(self.command, self.path, headers, raw, body)
        with self.server.state.lock:
            self.server.state.requests.append(received)
        return received

    def do_GET(self) -> None:
        self._record()
        if self.path.split("?", 1)[0].rstrip("/").endswith("/models"):
            models = self.server.state.models
            if isinstance(models, dict) and ("raw" in models or "raw_chunks" in models):
                self._send_raw(models)
            else:
                self._send_json(200, models)
        else:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        received = self._record()
        with self.server.state.lock:
            behaviour = self.server.state.behaviour
            recording = (
                self.server.state.recordings.popleft() if self.server.state.recordings else None
            )
        if recording is None and behaviour is not None:
            recording = behaviour(received.body)
        if recording is None:
            self._send_json(500, {"error": {"message": "the test queued no recording"}})
            return
        time.sleep(recording.get("delay_before", 0))
        if "events" in recording:
            self._send_events(recording)
        elif "raw" in recording or "raw_chunks" in recording:
            self._send_raw(recording)
        else:
            self._send_json(
                recording.get("status", 200), recording.get("body", {}), recording.get("headers")
            )

    def _send_json(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(payload)

    def _send_raw(self, recording: dict[str, Any]) -> None:
        """A body exactly as given: an HTML page, plain text, bytes split mid-character."""
        self.send_response(recording.get("status", 200))
        self.send_header("content-type", recording.get("content_type", "text/plain"))
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        pieces = recording.get("raw_chunks") or [recording.get("raw", "")]
        try:
            for piece in pieces:
                self._write_chunk(piece.encode() if isinstance(piece, str) else piece)
                time.sleep(recording.get("delay", 0))
            self._write_chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            with self.server.state.lock:
                self.server.state.abandoned_streams += 1
            self.close_connection = True

    def _send_events(self, recording: dict[str, Any]) -> None:
        self.send_response(recording.get("status", 200))
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        for key, value in (recording.get("headers") or {}).items():
            self.send_header(key, value)
        self.end_headers()
        drop_after = recording.get("drop_after")
        try:
            for number, event in enumerate(recording["events"]):
                if drop_after is not None and number >= drop_after:
                    # Vanish mid-body: no terminating chunk, the socket just goes away.
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                self._write_chunk(_sse(event))
                time.sleep(recording.get("delay", 0))
            self._write_chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            with self.server.state.lock:
                self.server.state.abandoned_streams += 1
            self.close_connection = True

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


def _sse(event: dict[str, Any]) -> bytes:
    data = event["data"]
    text = data if isinstance(data, str) else json.dumps(data)
    head = f"event: {event['event']}\n" if event.get("event") else ""
    return f"{head}data: {text}\n\n".encode()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    state: _State


class WireServer:
    """Run with ``with WireServer() as server:``; ``server.url`` is ``http://127.0.0.1:<port>``."""

    def __init__(self) -> None:
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.state = _State()
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> WireServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[ReceivedRequest]:
        with self._server.state.lock:
            return list(self._server.state.requests)

    @property
    def posts(self) -> list[ReceivedRequest]:
        return [r for r in self.requests if r.method == "POST"]

    @property
    def abandoned_streams(self) -> int:
        with self._server.state.lock:
            return self._server.state.abandoned_streams

    @property
    def models(self) -> Any:
        return self._server.state.models

    @models.setter
    def models(self, payload: Any) -> None:
        """The ``GET .../models`` answer: JSON data, or a raw recording (``{"raw": ...}``)."""
        self._server.state.models = payload

    def behave(self, behaviour: Callable[[Any], dict[str, Any]] | None) -> None:
        """Answer POSTs (once the queue is empty) with ``behaviour(request_body)``."""
        with self._server.state.lock:
            self._server.state.behaviour = behaviour

    def enqueue(self, *recordings: dict[str, Any] | str) -> None:
        """Queue answers for the next POSTs: recording dicts or recording file names."""
        with self._server.state.lock:
            for recording in recordings:
                self._server.state.recordings.append(
                    load_recording(recording) if isinstance(recording, str) else recording
                )


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving_models(*model_ids: str) -> Iterator[WireServer]:
    """A running `WireServer` whose ``/models`` lists `model_ids` (what most tests start)."""
    with WireServer() as running:
        running.models = {
            "object": "list",
            "data": [{"id": model_id, "object": "model"} for model_id in model_ids],
        }
        yield running
