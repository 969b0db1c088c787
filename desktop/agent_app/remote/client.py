"""A client of an agent server's HTTP API: requests in plain-words errors, and events followed
across network cuts and restarts.

`follow_events` long-polls ``GET /events`` with ``since_id`` and ``session_id``. When the server
cannot be reached (stopped, restarting, the network cut, the computer asleep) it waits a moment
and asks again from the last event id it handed on: nothing is lost, and since ids only grow, an
event already handed on is never handed on again.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from agent_app.ui_text import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

LONG_POLL_SECONDS = 20
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0)
REQUEST_TIMEOUT_SECONDS = 30.0


class RemoteServerError(RuntimeError):
    """A request to the server failed; the message names the server and what to do."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


def fetch_certificate(url: str) -> str:
    """The PEM certificate an https server presents (blocking: call it off the loop)."""
    parts = urlsplit(url)
    try:
        return ssl.get_server_certificate((parts.hostname or "", parts.port or 443), timeout=10)
    except OSError as error:
        raise RemoteServerError(
            QT_TRANSLATE_NOOP(
                "Errors",
                "The agent server at {url} cannot be reached ({error}). Check "
                "that it runs and that this address is right.",
            ).format(url=url, error=error)
        ) from None


def pinned_context(certificate_pem: str) -> ssl.SSLContext:
    """TLS that trusts exactly `certificate_pem` (a server's self-signed certificate, pinned
    on first connect): any other certificate, even one a public authority signed, is refused.
    The name in it is not checked: the pin already says which server this is."""
    context = ssl.create_default_context(cadata=certificate_pem)
    context.check_hostname = False
    return context


class RemoteAgentClient:
    """One agent server at `url`, reached with `token`; over https, trusting only
    `certificate` (PEM) when one was pinned."""

    def __init__(
        self,
        url: str,
        token: str,
        *,
        certificate: str | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
    ):
        # httpx loads with the first server chat: the window imports this module to offer one,
        # and httpx brings click, rich and pygments (its command line) with it.
        import httpx  # noqa: PLC0415 - see above

        self.url = url.rstrip("/")
        self._http = httpx.AsyncClient(
            base_url=self.url,
            headers={"Authorization": f"Bearer {token}"},
            timeout=httpx.Timeout(REQUEST_TIMEOUT_SECONDS, read=LONG_POLL_SECONDS + 10),
            verify=pinned_context(certificate) if certificate else True,
            transport=transport,
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def request(self, method: str, path: str, **options: Any) -> Any:
        """The JSON answer of one request; `RemoteServerError` in words when it fails."""
        import httpx  # noqa: PLC0415 - loaded by __init__ already: only a lookup here

        try:
            answer = await self._http.request(method, path, **options)
        except httpx.TransportError as error:
            if "CERTIFICATE_VERIFY_FAILED" in str(error):
                raise RemoteServerError(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "The agent server at {url} presented another certificate than "
                        "the one pinned when you connected: someone may be in "
                        "between. If the server's certificate was renewed, connect "
                        "again and compare the fingerprint it prints.",
                    ).format(url=self.url)
                ) from None
            raise RemoteServerError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The agent server at {url} cannot be reached ({kind}). Check "
                    "that it runs and that this address is right.",
                ).format(url=self.url, kind=type(error).__name__)
            ) from None
        if answer.status_code == 401:
            raise RemoteServerError(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "The agent server at {url} refused the token: it is wrong or "
                    "was revoked. Connect again with the token the server showed.",
                ).format(url=self.url),
                401,
            )
        if answer.status_code >= 400:
            try:
                reason = str(answer.json().get("error") or answer.text)
            except ValueError:
                reason = answer.text[:200]
            raise RemoteServerError(
                QT_TRANSLATE_NOOP(
                    "Errors", "The agent server at {url} answered {status_code}: {reason}"
                ).format(url=self.url, status_code=answer.status_code, reason=reason),
                answer.status_code,
            )
        return answer.json() if answer.content else None

    # ------------------------------------------------------------------ the API

    async def latest_event_id(self) -> str:
        return str((await self.request("GET", "/events"))["latest_event_id"])

    async def list_sessions(self) -> list[dict[str, Any]]:
        return list((await self.request("GET", "/sessions"))["sessions"])

    async def create_session(self, title: str = "") -> dict[str, Any]:
        created: dict[str, Any] = await self.request("POST", "/sessions", json={"title": title})
        return created

    async def read_session(self, session_id: str) -> dict[str, Any]:
        found: dict[str, Any] = await self.request("GET", f"/sessions/{session_id}")
        return found

    async def models(self, *, refresh: bool = False) -> list[dict[str, Any]]:
        """The server's providers with their models (``GET /models``)."""
        params = {"refresh": "true"} if refresh else None
        return list((await self.request("GET", "/models", params=params))["providers"])

    async def choose_model(
        self, session_id: str, stored: dict[str, str] | None
    ) -> dict[str, Any] | None:
        """Pick the session's provider and model on the server (None: its agent's); the
        model the server now uses for it."""
        chosen = await self.request("PUT", f"/sessions/{session_id}/model", json=stored)
        model: dict[str, Any] | None = chosen.get("model")
        return model

    async def revoke_token(self) -> None:
        """Revoke the token this client holds: the server refuses it from now on."""
        await self.request("DELETE", "/token")

    async def plugin_settings(self, agent_id: str | None = None) -> dict[str, Any]:
        """The settings pages of the server's plugins with `agent_id`'s values (None: its
        first agent's) and the server's agents (``GET /settings/plugins``; secrets only as
        references)."""
        params = {"agent_id": agent_id} if agent_id else None
        described: dict[str, Any] = await self.request("GET", "/settings/plugins", params=params)
        return described

    async def run_plugin_settings_action(
        self, plugin: str, action_id: str, params: dict[str, Any], agent_id: str | None = None
    ) -> dict[str, Any]:
        """Run an action `plugin`'s settings page names (a button, a list's edit or delete)
        on the server, for `agent_id`; the plugin's result dict."""
        query = {"agent_id": agent_id} if agent_id else None
        body = {"action_id": action_id, "params": params}
        answer = await self.request(
            "POST", f"/settings/plugins/{plugin}/actions", json=body, params=query
        )
        result: dict[str, Any] = answer["result"]
        return result

    async def change_plugin_settings(
        self,
        plugin: str,
        values: dict[str, Any],
        secrets: dict[str, str | None],
        agent_id: str | None = None,
    ) -> dict[str, Any]:
        """Change `plugin`'s settings on the server; `secrets` go to the server's keyring."""
        params = {"agent_id": agent_id} if agent_id else None
        body = {"values": values, "secrets": secrets}
        changed: dict[str, Any] = await self.request(
            "PUT", f"/settings/plugins/{plugin}", json=body, params=params
        )
        return changed

    async def rename_session(self, session_id: str, title: str) -> None:
        await self.request("PATCH", f"/sessions/{session_id}", json={"title": title})

    async def delete_session(self, session_id: str) -> None:
        await self.request("DELETE", f"/sessions/{session_id}")

    async def send(
        self,
        session_id: str,
        text: str,
        asset_ids: list[str],
        overrides: dict[str, Any] | None = None,
    ) -> str:
        body: dict[str, Any] = {"message": text, "attachments": asset_ids}
        if overrides:
            body["overrides"] = overrides
        started = await self.request("POST", f"/sessions/{session_id}/send", json=body)
        return str(started["since_id"])

    async def upload(self, session_id: str, name: str, data: bytes, mime: str) -> dict[str, Any]:
        record: dict[str, Any] = await self.request(
            "POST",
            f"/sessions/{session_id}/uploads",
            params={"name": name},
            content=data,
            headers={"Content-Type": mime},
        )
        return record

    async def decide(self, session_id: str, call_key: list[int], decision: dict[str, Any]) -> None:
        await self.request(
            "POST", f"/sessions/{session_id}/approvals", json={"call_key": call_key, **decision}
        )

    async def cancel(self, session_id: str) -> None:
        await self.request("POST", f"/sessions/{session_id}/cancel")

    async def ui_schema(self, session_id: str) -> dict[str, Any]:
        schema: dict[str, Any] = await self.request("GET", f"/sessions/{session_id}/ui-schema")
        return schema

    async def run_action(
        self, session_id: str, action_id: str, params: dict[str, Any], owner: str | None
    ) -> dict[str, Any]:
        body = {"action_id": action_id, "params": params, "action_owner": owner}
        answer = await self.request("POST", f"/sessions/{session_id}/actions", json=body)
        return dict(answer["result"])

    # ------------------------------------------------------------------ events

    async def follow_events(self, session_id: str, since_id: str) -> AsyncIterator[dict[str, Any]]:
        """Every event of the session after `since_id`, each once, for as long as it is
        iterated; waits out a server that cannot be reached (see the module docstring)."""
        last = int(since_id)
        failures = 0
        while True:
            params = {"since_id": str(last), "session_id": session_id, "wait": LONG_POLL_SECONDS}
            try:
                page = await self.request("GET", "/events", params=params)
            except RemoteServerError as error:
                if error.status is not None and error.status not in (429, 502, 503, 504):
                    raise
                delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS) - 1)]
                failures += 1
                if failures == 1:
                    log.info("Lost the agent server at %s; retrying: %s", self.url, error)
                await asyncio.sleep(delay)
                continue
            failures = 0
            for event in page["events"]:
                event_id = int(event["event_id"])
                if event_id > last:
                    last = event_id
                    yield event
            last = max(last, int(page.get("next_since_id") or last))
