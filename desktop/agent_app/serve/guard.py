"""What every request to the headless server passes before any route sees it.

In this order, each refusal logged with the client's address and never with what it sent:

1. **Rate**: each client address gets `requests_per_second` with a burst; beyond it, 429.
2. **Host** (loopback servers only): the `Host` header must name the loopback address the server
   listens on (``127.0.0.1``, ``localhost``, ``[::1]``): a web page whose DNS name was rebound to
   127.0.0.1 sends its own name and is refused (DNS rebinding).
3. **Origin**: browsers send it on every cross-site request; the desktop client and scripts send
   none. A request that carries one not listed in ``allowed_origins`` is refused (CSRF).
4. **Token**: ``Authorization: Bearer <token>``, compared in constant time. Failed attempts are
   counted per address: after `max_failures` within `failure_window` seconds, that address is
   refused (429) until the window has passed, even with the right token (brute force).
5. **Size**: a body larger than the route's limit is refused (413) from its `Content-Length`,
   or when the bytes that arrive pass the limit; a body that stops arriving for
   `body_timeout` seconds ends the request (408).

A client that sends its request head slower than `HEADER_TIMEOUT_SECONDS` (slowloris) is cut
off by `SlowHeadersProtocol`, uvicorn's own HTTP/1.1 protocol with a deadline for the head.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from agent_app.serve.access_token import AccessToken

log = logging.getLogger("agent_app.serve")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADER_TIMEOUT_SECONDS = 10.0
LOOPBACK_HOST_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: Routes that take files; every other route takes JSON and gets `json_body_limit`.
UPLOAD_PATH_SUFFIX = "/uploads"
#: Routes a client may reach without a token: none. (Listed so that adding one is a decision.)
PUBLIC_PATHS: frozenset[str] = frozenset()


@dataclass
class GuardLimits:
    json_body_limit: int = 1024 * 1024
    upload_body_limit: int = 50 * 1024 * 1024
    body_timeout: float = 15.0
    requests_per_second: float = 50.0
    burst: int = 200
    max_failures: int = 10
    failure_window: float = 60.0


@dataclass
class _Bucket:
    tokens: float
    updated: float


@dataclass
class ClientLimits:
    """Per-address request rate (token bucket) and failed-token count (sliding window)."""

    limits: GuardLimits
    buckets: dict[str, _Bucket] = field(default_factory=dict)
    failures: dict[str, deque[float]] = field(default_factory=dict)

    def take(self, client: str, now: float) -> bool:
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:  # many addresses (a scan): start over, never grow
                self.buckets.clear()
            bucket = self.buckets[client] = _Bucket(float(self.limits.burst), now)
        bucket.tokens = min(
            float(self.limits.burst),
            bucket.tokens + (now - bucket.updated) * self.limits.requests_per_second,
        )
        bucket.updated = now
        if bucket.tokens < 1.0:
            return False
        bucket.tokens -= 1.0
        return True

    def recent_failures(self, client: str, now: float) -> int:
        times = self.failures.get(client)
        if not times:
            return 0
        while times and now - times[0] > self.limits.failure_window:
            times.popleft()
        return len(times)

    def fail(self, client: str, now: float) -> int:
        if client not in self.failures and len(self.failures) > 10_000:
            self.failures.clear()
        times = self.failures.setdefault(client, deque())
        times.append(now)
        return self.recent_failures(client, now)


class RequestGuard:
    """The ASGI middleware in front of the API (see the module docstring)."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        token: AccessToken,
        loopback: bool,
        allowed_origins: frozenset[str] = frozenset(),
        limits: GuardLimits | None = None,
    ) -> None:
        self.app = app
        self.token = token
        self.loopback = loopback
        self.allowed_origins = allowed_origins
        self.limits = limits or GuardLimits()
        self.clients = ClientLimits(self.limits)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("unknown", 0))[0]
        headers = {
            name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]
        }
        now = time.monotonic()
        refusal = self._refusal(scope, headers, client, now)
        if refusal is not None:
            status, reason = refusal
            log.warning("Refused %s %s from %s: %s", scope["method"], scope["path"], client, reason)
            await _send_error(send, status, reason)
            return
        limit = (
            self.limits.upload_body_limit
            if scope["path"].endswith(UPLOAD_PATH_SUFFIX)
            else self.limits.json_body_limit
        )
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            reason = (
                f"the body ({int(declared)} bytes) is larger than this route takes ({limit} bytes)"
            )
            log.warning("Refused %s %s from %s: %s", scope["method"], scope["path"], client, reason)
            await _send_error(send, 413, reason)
            return
        await self.app(
            scope, _BodyLimit(receive, limit, self.limits.body_timeout, scope, client), send
        )

    def _refusal(
        self, scope: Scope, headers: dict[str, str], client: str, now: float
    ) -> tuple[int, str] | None:
        if not self.clients.take(client, now):
            return 429, "too many requests from this address; slow down"
        if self.loopback and not _is_loopback_host(headers.get("host", "")):
            return 421, (
                f"the Host header {headers.get('host', '')[:80]!r} is not this loopback server "
                "(a web page's DNS name pointing here is refused)"
            )
        origin = headers.get("origin")
        if origin is not None and origin not in self.allowed_origins:
            return 403, f"requests from web pages ({origin[:80]}) are refused"
        if scope["path"] in PUBLIC_PATHS:
            return None
        if self.clients.recent_failures(client, now) >= self.limits.max_failures:
            return 429, (
                f"{self.limits.max_failures} wrong tokens from this address within "
                f"{self.limits.failure_window:.0f} s; wait and try again with the right token"
            )
        scheme, _, presented = headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not presented:
            return 401, "no access token: send 'Authorization: Bearer <token>'"
        if not self.token.matches(presented.strip()):
            failures = self.clients.fail(client, now)
            return 401, (
                f"the access token is wrong or revoked ({failures} failed attempts from this "
                f"address in {self.limits.failure_window:.0f} s)"
            )
        return None


def _is_loopback_host(host: str) -> bool:
    """Whether a `Host` header (name, optional port) names the loopback interface."""
    host = host.strip().lower()
    name = host[: host.find("]") + 1] if host.startswith("[") else host.partition(":")[0]
    return name in LOOPBACK_HOST_NAMES


class _BodyLimit:
    """`receive` that refuses bodies past `limit` bytes or stalled for `timeout` seconds."""

    def __init__(self, receive: Receive, limit: int, timeout: float, scope: Scope, client: str):
        self.receive = receive
        self.limit = limit
        self.timeout = timeout
        self.scope = scope
        self.client = client
        self.received = 0

    async def __call__(self) -> Message:
        try:
            async with asyncio.timeout(self.timeout):
                message = await self.receive()
        except TimeoutError:
            log.warning(
                "Ended %s %s from %s: its body stalled for %.0f s",
                self.scope["method"],
                self.scope["path"],
                self.client,
                self.timeout,
            )
            raise BodyRefused(408, f"the body stopped arriving for {self.timeout:.0f} s") from None
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit:
                log.warning(
                    "Refused %s %s from %s: the body passed %d bytes",
                    self.scope["method"],
                    self.scope["path"],
                    self.client,
                    self.limit,
                )
                raise BodyRefused(
                    413, f"the body is larger than this route takes ({self.limit} bytes)"
                )
        return message


class BodyRefused(Exception):
    """A body that broke a limit while it was read; the API answers with `status`."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


async def _send_error(send: Send, status: int, reason: str) -> None:
    body = json.dumps({"error": reason}).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class SlowHeadersProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request head: a client that has
    not sent a whole head `HEADER_TIMEOUT_SECONDS` after connecting (or after its previous
    response) is disconnected (uvicorn only times out idle keep-alive connections)."""

    header_timeout = HEADER_TIMEOUT_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_header_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        deadline = getattr(self, "_header_deadline", None)
        if deadline is not None:
            deadline.cancel()
        super().connection_lost(exc)

    def _arm_header_deadline(self) -> None:
        previous = getattr(self, "_header_deadline", None)
        if previous is not None:
            previous.cancel()
        self._header_deadline = self.loop.call_later(self.header_timeout, self._head_overdue)

    def _head_overdue(self) -> None:
        # Before a whole head has arrived, h11 still waits for the client's request (IDLE).
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        client = self.client[0] if self.client else "unknown"
        log.warning(
            "Disconnected %s: no whole request head within %.0f s (a slow or stalled client)",
            client,
            self.header_timeout,
        )
        self.transport.close()
