"""Sign-in to remote MCP servers that answer 401: OAuth on the SDK's `OAuthClientProvider`.

The SDK does discovery (protected-resource and authorization-server metadata), dynamic client
registration, PKCE, the code exchange and refresh. This module adds what a desktop app needs:

- a pre-registered client (the client ID, and maybe secret, the server's owner gave the user)
  for servers that do not let apps register themselves; without one such a server's status says
  where to enter it;
- or a client ID metadata document's address, which the SDK uses as the client ID where the
  authorization server says it supports that (the specification's first choice), registering
  otherwise;
- tokens and the registered client kept in the app's secret store (the OS keyring), one entry
  per server, never in the config file, the log or an error;
- the browser login only after the user agreed (the app's sign-in handler asks and opens the
  page; this package never touches the GUI), with a loopback redirect: a tiny HTTP listener on
  127.0.0.1 that takes the `code` for the `state` it waits for and answers "You can close this
  tab";
- refresh before expiry (with a margin) and on a 401 before any new login; a refresh that fails
  asks for nothing on its own: the server's state becomes "sign-in needed" until the user
  chooses "Sign in again";
- "Sign out" asks the authorization server to revoke the tokens (RFC 7009) when it offers that,
  then forgets them;
- credentials bound to the authorization server (its issuer) that issued them: its metadata is
  kept with the tokens, so a renewal after a restart goes to that server and never to another
  one (without it the SDK would post the refresh token to the MCP server's own origin); when the
  MCP server names another authorization server, the SDK registers anew there and the old
  server's tokens are forgotten.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import socket
import time
from collections.abc import AsyncGenerator, Awaitable, Callable
from html import escape
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import parse_qs, urlsplit

if TYPE_CHECKING:
    import httpx2
    from mcp.client.auth import OAuthClientProvider
    from mcp.shared.auth import (
        AuthorizationCodeResult,
        OAuthClientInformationFull,
        OAuthMetadata,
        OAuthToken,
    )

logger = logging.getLogger(__name__)

SIGNED_IN = "signed_in"
SIGNING_IN = "signing_in"
SIGN_IN_NEEDED = "sign_in_needed"

# How long the user has to finish the login in the browser.
LOGIN_TIMEOUT_SECONDS = 300.0
# Tokens are renewed this long before they expire (a tenth of a short token's life), so a call
# never leaves with a token that expires on its way.
REFRESH_MARGIN_SECONDS = 60.0
# How long Sign out waits for the authorization server to confirm a revocation.
REVOCATION_TIMEOUT_SECONDS = 5.0
SECRET_PREFIX = "mcp_oauth:"
CALLBACK_PATH = "/oauth/callback"

# Asks the user to sign in: ``{"server", "host", "url"}`` → True when the user agreed and the
# browser was asked to open ``url``; False when the user declined.
SignInHandler = Callable[[dict[str, Any]], Awaitable[bool]]


def on_its_loop(handler: SignInHandler) -> SignInHandler:
    """``handler`` bound to the event loop running now (if any): called from another loop,
    it refuses with `SignInNeeded` instead of showing anything from the wrong thread."""
    try:
        home: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        home = None

    async def ask(request: dict[str, Any]) -> bool:
        if home is not None and asyncio.get_running_loop() is not home:
            raise SignInNeeded("the sign-in opens from the app's window")
        return await handler(request)

    return ask


class SecretKeeper(Protocol):
    """What this package needs of the app's secret store (a keyring, or memory for the run)."""

    def get(self, name: str) -> str | None: ...

    def store(self, name: str, value: str) -> tuple[str, str]:
        """Keeps ``value``; returns ("keyring" or "session", why it is session-only or "")."""
        ...

    def delete(self, name: str) -> None: ...

    def remember(self, value: str) -> None:
        """Makes the app blank ``value`` out of every text it writes."""
        ...


class SignInNeeded(Exception):
    """The server needs a login the user has not (yet) agreed to; the text is for people."""


def _refresh_margin(lifetime: float) -> float:
    return min(REFRESH_MARGIN_SECONDS, lifetime / 10)


def _account_from_token(access_token: str) -> str | None:
    """Who the token is for, when it is a JWT that says so (shown only, never trusted)."""
    parts = access_token.split(".")
    if len(parts) != 3:
        return None
    try:
        padded = parts[1] + "=" * (-len(parts[1]) % 4)
        claims = json.loads(base64.urlsafe_b64decode(padded))
    except ValueError:
        return None
    if not isinstance(claims, dict):
        return None
    for key in ("email", "preferred_username", "name", "sub"):
        if isinstance(claims.get(key), str) and claims[key]:
            return str(claims[key])
    return None


def free_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LoopbackRedirect:
    """The redirect target of a login: 127.0.0.1:<port>, waiting for one `state`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._server: asyncio.Server | None = None
        self._state = ""
        self._result: asyncio.Future[dict[str, str]] | None = None

    @property
    def uri(self) -> str:
        return f"http://127.0.0.1:{self.port}{CALLBACK_PATH}"

    async def open(self, state: str) -> None:
        """Listen for the redirect carrying ``state``; OSError when the port is taken."""
        self._state = state
        self._result = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._answer, "127.0.0.1", self.port)

    async def wait(self, timeout: float) -> dict[str, str]:
        """The redirect's query (``code``/``state`` or ``error``), or TimeoutError."""
        assert self._result is not None, "open() first"
        return await asyncio.wait_for(asyncio.shield(self._result), timeout)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):  # a browser keeping the socket open
                await asyncio.wait_for(self._server.wait_closed(), 1.0)
            self._server = None

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request_line = (await asyncio.wait_for(reader.readline(), 10.0)).decode("latin-1")
            while (await asyncio.wait_for(reader.readline(), 10.0)) not in (b"\r\n", b"\n", b""):
                pass  # the headers: nothing in them matters here
            parts = request_line.split()
            target = urlsplit(parts[1]) if len(parts) >= 2 else urlsplit("/")
            query = {key: values[0] for key, values in parse_qs(target.query).items()}
            waiting = self._result is not None and not self._result.done()
            if target.path != CALLBACK_PATH or not waiting:
                status, text = "404 Not Found", "This page is not a sign-in the app waits for."
            elif query.get("state") != self._state:
                # Not the login the app started (an old tab, another site): it cannot end it.
                status = "400 Bad Request"
                text = (
                    "This sign-in link is not the one the app is waiting for. "
                    "Start the sign-in again from the app."
                )
            else:
                assert self._result is not None
                self._result.set_result(query)
                if "error" in query:
                    status, text = "200 OK", "The sign-in did not finish. You can close this tab."
                else:
                    status, text = "200 OK", "You are signed in. You can close this tab."
            body = (
                "<!doctype html><html><head><meta charset='utf-8'><title>Agent Desktop</title>"
                f"</head><body><p>{escape(text)}</p></body></html>"
            ).encode()
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        except (TimeoutError, ConnectionError, UnicodeDecodeError) as exc:
            logger.debug("sign-in redirect listener: %s", exc)
        finally:
            writer.close()


class ServerSignIn:
    """One server's OAuth sign-in: its stored tokens, its state, and the SDK provider."""

    def __init__(
        self,
        server: str,
        url: str,
        secrets: SecretKeeper | None,
        sign_in_handler: Callable[[], SignInHandler | None],
        log: Callable[[str, str], None],
    ) -> None:
        self.server = server
        self.url = url
        self.secrets = secrets
        self._handler = sign_in_handler
        self._log = log
        self.state: str | None = None
        self.problem: str | None = None  # why a sign-in is needed
        self.account: str | None = None
        self.issuer_host: str | None = None
        self.expires_at: float | None = None
        self.kept_for_session: str | None = None  # why the tokens are not in a keyring
        self.requested = False  # the user asked to sign in: the login may open
        # The client the server's owner registered for the user (settings); None: register.
        self.client_id: str | None = None
        self.client_secret: str | None = None
        self.client_metadata_url: str | None = None  # a client ID metadata document's address
        self._client_checked = False  # the record was matched with the configured client
        self._record: dict[str, Any] | None = None
        self._redirect: LoopbackRedirect | None = None

    def use_client(
        self,
        client_id: str | None,
        client_secret: str | None,
        client_metadata_url: str | None = None,
    ) -> None:
        """The pre-registered client, or the client metadata document's address, from the
        server's settings (neither: the app registers).

        Another client than before cannot use the tokens issued to the old one: they are
        forgotten on the next use, and the server may ask for a login again.
        """
        client_id, client_secret = client_id or None, client_secret or None
        client_metadata_url = client_metadata_url or None
        if (client_id, client_metadata_url) != (self.client_id, self.client_metadata_url):
            self._client_checked = False
            if self.state != SIGNING_IN:
                self.state = self.problem = self.account = self.expires_at = None
        self.client_id, self.client_secret = client_id, client_secret
        self.client_metadata_url = client_metadata_url

    # ------------------------------------------------------------------ the stored record
    @property
    def secret_name(self) -> str:
        return f"{SECRET_PREFIX}{self.server}"

    async def _load(self) -> dict[str, Any]:
        if self._record is None:
            raw = None
            if self.secrets is not None:
                raw = await asyncio.to_thread(self.secrets.get, self.secret_name)
            record = json.loads(raw) if raw else {}
            if record.get("url") != self.url:  # another server under this name before
                record = {}
            self._record = record
            self._remember_values(record)
            self._describe_tokens()
        if not self._client_checked:
            self._client_checked = True
            if self._follow_client_change(self._record):
                await self._save()
                self._describe_tokens()
        return self._record

    def _follow_client_change(self, record: dict[str, Any]) -> bool:
        """Forget what was issued to another client than the configured one; True if changed."""
        if (record.get("preregistered_client"), record.get("client_metadata_url")) == (
            self.client_id,
            self.client_metadata_url,
        ):
            return False
        issued = [key for key in ("tokens", "client") if record.get(key)]
        for key in (
            "tokens",
            "expires_at",
            "client",
            "sign_in_needed",
            "needs_client_id",
            "preregistered_client",
            "client_metadata_url",
        ):
            record.pop(key, None)
        if self.client_id:
            record["preregistered_client"] = self.client_id
        if self.client_metadata_url:
            record["client_metadata_url"] = self.client_metadata_url
        if issued:
            self._log("sign-in", "the OAuth client changed: the old client's access is forgotten")
        return True

    async def _save(self) -> None:
        record = self._record or {}
        record["url"] = self.url
        self._remember_values(record)
        if self.secrets is None:
            self.kept_for_session = "the app gave this plugin no secret store"
            return
        where, why = await asyncio.to_thread(
            self.secrets.store, self.secret_name, json.dumps(record)
        )
        self.kept_for_session = why if where != "keyring" else None

    def _remember_values(self, record: dict[str, Any]) -> None:
        if self.secrets is None:
            return
        tokens = record.get("tokens") or {}
        client = record.get("client") or {}
        for value in (
            tokens.get("access_token"),
            tokens.get("refresh_token"),
            client.get("client_secret"),
            self.client_secret,
        ):
            if value:
                self.secrets.remember(str(value))

    def _describe_tokens(self) -> None:
        record = self._record or {}
        tokens = record.get("tokens")
        if tokens:
            self.state = SIGNED_IN
            self.problem = None
            self.account = _account_from_token(tokens.get("access_token", ""))
            self.expires_at = record.get("expires_at")
        elif record.get("sign_in_needed"):
            self.state = SIGN_IN_NEEDED
            self.problem = record["sign_in_needed"]
        self.issuer_host = record.get("issuer_host") or self.issuer_host

    @property
    def secrets_redacted(self) -> list[str]:
        """Token values to hide from this server's log (the app hides them everywhere else)."""
        record = self._record or {}
        tokens = record.get("tokens") or {}
        client = record.get("client") or {}
        return [
            str(value)
            for value in (
                tokens.get("access_token"),
                tokens.get("refresh_token"),
                client.get("client_secret"),
                self.client_secret,
            )
            if value
        ]

    # ------------------------------------------------------------------ TokenStorage
    async def get_tokens(self) -> OAuthToken | None:
        from mcp.shared.auth import OAuthToken  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        record = await self._load()
        tokens = record.get("tokens")
        if not tokens:
            return None
        token = OAuthToken.model_validate(tokens)
        expires_at = record.get("expires_at")
        # The SDK counts expiry from `expires_in`: give it what is left of the stored lifetime.
        token.expires_in = int(expires_at - time.time()) if expires_at is not None else None
        return token

    async def set_tokens(self, tokens: OAuthToken) -> None:
        record = await self._load()
        record["tokens"] = tokens.model_dump(mode="json", exclude_none=True)
        record["expires_at"] = time.time() + tokens.expires_in if tokens.expires_in else None
        if self.issuer_host:
            record["issuer_host"] = self.issuer_host  # shown after a restart too
        record.pop("sign_in_needed", None)
        record.pop("needs_client_id", None)
        self.requested = False
        await self._save()
        self._describe_tokens()

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        """The pre-registered client when one is configured (the SDK then registers nothing),
        else the one the app registered earlier, if any."""
        from mcp.shared.auth import OAuthClientInformationFull  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        client = (await self._load()).get("client")
        if self.client_id:
            redirect = self._redirect or LoopbackRedirect(free_loopback_port())
            return OAuthClientInformationFull.model_validate(
                {
                    "client_id": self.client_id,
                    "client_secret": self.client_secret,
                    "redirect_uris": [redirect.uri],
                    "grant_types": ["authorization_code", "refresh_token"],
                    "response_types": ["code"],
                    "token_endpoint_auth_method": self.client_auth_method(None),
                }
            )
        return OAuthClientInformationFull.model_validate(client) if client else None

    def client_auth_method(self, metadata: OAuthMetadata | None) -> str:
        """How a pre-registered client proves itself at the token endpoint: by its secret in
        the form (what most OAuth apps take), or in a Basic header when the server takes only
        that; no secret, no proof (a public client)."""
        if not self.client_secret:
            return "none"
        supported = (metadata.token_endpoint_auth_methods_supported if metadata else None) or []
        if "client_secret_post" not in supported and "client_secret_basic" in supported:
            return "client_secret_basic"
        return "client_secret_post"

    def note_metadata(self, metadata: OAuthMetadata | None) -> None:
        """Keep the metadata of the authorization server the tokens come from (after a restart
        it is not fetched again while the tokens work): renewals go to its token endpoint,
        Sign out to its revocation endpoint."""
        if metadata is not None and self._record is not None:
            endpoint = metadata.revocation_endpoint
            self._record["revocation_endpoint"] = str(endpoint) if endpoint else None
            self._record["authorization_server"] = metadata.model_dump(
                mode="json", exclude_none=True
            )

    def kept_metadata(self) -> OAuthMetadata | None:
        """The metadata of the authorization server that issued the kept tokens, if known."""
        from mcp.shared.auth import OAuthMetadata  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        kept = (self._record or {}).get("authorization_server")
        return OAuthMetadata.model_validate(kept) if kept else None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        from mcp.client.auth.utils import issuers_match  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        record = await self._load()
        kept_issuer = (record.get("authorization_server") or {}).get("issuer")
        if (
            client_info.issuer
            and kept_issuer
            and not issuers_match(kept_issuer, client_info.issuer)
        ):
            # The MCP server moved to another authorization server: what the old one issued
            # is never shown to the new one.
            for key in ("tokens", "expires_at", "authorization_server", "revocation_endpoint"):
                record.pop(key, None)
            self._log(
                "sign-in",
                f"the server now signs in at {client_info.issuer} instead of {kept_issuer}: "
                "the old authorization server's access is forgotten",
            )
        record["client"] = client_info.model_dump(mode="json", exclude_none=True)
        self._log("sign-in", f"registered as client {client_info.client_id}")
        await self._save()

    # ------------------------------------------------------------------ what the user does
    async def request_sign_in(self) -> None:
        """ "Sign in again": forget the tokens (keep the registration) and allow the login."""
        record = await self._load()
        for key in ("tokens", "expires_at", "sign_in_needed", "needs_client_id"):
            record.pop(key, None)
        await self._save()
        self.requested = True
        self.state = None
        self.problem = None
        self.account = None
        self.expires_at = None

    async def sign_out(self) -> str | None:
        """Ask the server to revoke the tokens (when it offers that), then forget them and the
        registration; nothing opens until the user signs in. Returns what became of the
        revocation, for people (None: the server offers none, or there was nothing to revoke)."""
        revoked = await self._revoke(await self._load())
        self._record = {"sign_in_needed": "you signed out"}
        if self.client_id:
            self._record["preregistered_client"] = self.client_id
        if self.client_metadata_url:
            self._record["client_metadata_url"] = self.client_metadata_url
        if self.secrets is not None:
            await asyncio.to_thread(self.secrets.delete, self.secret_name)
        self.requested = False
        self.state = SIGN_IN_NEEDED
        self.problem = "you signed out"
        self.account = None
        self.expires_at = None
        self._log("sign-in", "signed out: tokens and registration forgotten")
        return revoked

    async def _revoke(self, record: dict[str, Any]) -> str | None:
        """RFC 7009, best effort: the refresh token first (servers then end the whole grant),
        then the access token. Failures are logged with the server's name, never a token."""
        import httpx2  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.client.auth.oauth2 import OAuthContext  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)
        from mcp.shared.auth import OAuthClientMetadata  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        endpoint = record.get("revocation_endpoint")
        tokens = record.get("tokens") or {}
        client = await self.get_client_info()
        kinds = [kind for kind in ("refresh_token", "access_token") if tokens.get(kind)]
        if not endpoint or client is None or not kinds:
            return None
        # The SDK's own client authentication (none, secret in the form, or Basic), which reads
        # only the registered client; the context also wants what a registration would ask for.
        context = OAuthContext(
            server_url=self.url,
            client_metadata=OAuthClientMetadata(redirect_uris=client.redirect_uris or None),
            storage=self,
            redirect_handler=None,
            callback_handler=None,
            client_info=client,
        )
        failures: list[str] = []
        async with httpx2.AsyncClient(timeout=REVOCATION_TIMEOUT_SECONDS) as http:
            for kind in kinds:
                data, headers = context.prepare_token_auth(
                    {"token": tokens[kind], "token_type_hint": kind, "client_id": client.client_id},
                    {},
                )
                try:
                    response = await http.post(endpoint, data=data, headers=headers)
                except httpx2.HTTPError as exc:
                    failures.append(f"{kind.replace('_', ' ')}: {type(exc).__name__}")
                    continue
                if response.status_code != 200:
                    failures.append(f"{kind.replace('_', ' ')}: HTTP {response.status_code}")
        host = urlsplit(endpoint).netloc
        if failures:
            problem = f"{host} did not confirm the revocation ({'; '.join(failures)})"
            self._log("sign-in", problem)
            logger.warning("MCP server %r: %s", self.server, problem)
            return f"{problem}; the app forgot the access anyway."
        self._log("sign-in", f"{host} revoked the access")
        return f"{host} revoked the app's access."

    async def need_sign_in(self, why: str, *, needs_client_id: bool = False) -> None:
        """Nothing opens by itself from now on; the status says why."""
        record = await self._load()
        record.pop("tokens", None)
        record.pop("expires_at", None)
        record["sign_in_needed"] = why
        record["needs_client_id"] = needs_client_id
        await self._save()
        self.state = SIGN_IN_NEEDED
        self.problem = why
        self.requested = False
        self._log("sign-in", f"sign-in needed: {why}")

    async def cannot_register(self, why: str) -> SignInNeeded:
        """The server takes no registration from the app: the user must enter a client ID."""
        await self.need_sign_in(
            f"{why}; enter the OAuth client ID the server's owner gave you in "
            f"Settings → MCP servers → {self.server}",
            needs_client_id=True,
        )
        return SignInNeeded(self.problem or why)

    @property
    def needs_client_id(self) -> bool:
        """Signing in again cannot help: the server needs a client ID in the settings."""
        return self.state == SIGN_IN_NEEDED and bool((self._record or {}).get("needs_client_id"))

    def may_open_login(self) -> bool:
        """The user asked, or this server was never signed in to and nobody said no."""
        return self.requested or self.state is None

    def status(self) -> dict[str, Any] | None:
        if self.state is None:
            return None
        return {
            "state": self.state,
            "account": self.account,
            "issuer": self.issuer_host,
            "expires_at": self.expires_at,
            "problem": self.problem,
            "kept_for_session": self.kept_for_session,
        }

    # ------------------------------------------------------------------ the SDK's provider
    async def provider(self) -> OAuthClientProvider:
        from mcp.shared.auth import OAuthClientMetadata  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        record = await self._load()
        port = free_loopback_port()
        # A pre-registered client's redirect is any loopback port (RFC 8252, section 7.3).
        registered = [] if self.client_id else (record.get("client") or {}).get("redirect_uris")
        for uri in registered or []:
            # The registered redirect (its port) is reused, so the registration stays valid.
            with contextlib.suppress(ValueError):
                port = urlsplit(str(uri)).port or port
                break
        self._redirect = LoopbackRedirect(port)
        metadata = OAuthClientMetadata.model_validate(
            {
                "client_name": "Agent Desktop",
                "redirect_uris": [self._redirect.uri],
                "grant_types": ["authorization_code", "refresh_token"],
                "response_types": ["code"],
                "token_endpoint_auth_method": "none",
            }
        )
        return _make_provider(self, metadata)

    async def open_login(self, authorization_url: str) -> None:
        """The SDK's redirect handler: ask the user, then let the app open the page."""
        if not self.may_open_login():
            raise SignInNeeded(self.problem or "sign in again to renew the access")
        handler = self._handler()
        if handler is None:  # not kept: the next run, with a window, may ask
            self.state = SIGN_IN_NEEDED
            self.problem = "there is no window to sign in from"
            raise SignInNeeded(self.problem)
        assert self._redirect is not None
        host = urlsplit(authorization_url).netloc
        self.issuer_host = host
        state = parse_qs(urlsplit(authorization_url).query).get("state", [""])[0]
        try:
            await self._redirect.open(state)
        except OSError as exc:
            # The registered port is taken: register again (with a new port) next time.
            record = await self._load()
            record.pop("client", None)
            await self._save()
            await self.need_sign_in(
                f"the sign-in port {self._redirect.port} is in use ({exc.strerror}); "
                "choose Sign in again"
            )
            raise SignInNeeded(self.problem or "") from None
        self.state = SIGNING_IN
        self._log("sign-in", f"asks the user to sign in at {host}")
        try:
            agreed = await handler({"server": self.server, "host": host, "url": authorization_url})
        except SignInNeeded as exc:  # not from here (another thread's loop): nothing kept
            await self._redirect.close()
            self.state, self.problem = SIGN_IN_NEEDED, str(exc)
            raise
        except Exception as exc:  # the dialog failed: no login, the status says why
            await self._redirect.close()
            await self.need_sign_in(f"the sign-in could not be shown: {type(exc).__name__}")
            raise SignInNeeded(self.problem or "") from exc
        if not agreed:
            await self._redirect.close()
            await self.need_sign_in("you chose not to sign in")
            raise SignInNeeded(self.problem or "")
        self._log("sign-in", f"the browser was asked to open the login at {host}")

    async def wait_for_code(self) -> AuthorizationCodeResult:
        """The SDK's callback handler: the loopback redirect's code (the SDK checks `state`)."""
        from mcp.shared.auth import AuthorizationCodeResult  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

        assert self._redirect is not None
        try:
            query = await self._redirect.wait(LOGIN_TIMEOUT_SECONDS)
        except TimeoutError:
            await self.need_sign_in(
                f"the sign-in was not finished within {LOGIN_TIMEOUT_SECONDS / 60:.0f} minutes"
            )
            raise SignInNeeded(self.problem or "") from None
        finally:
            await self._redirect.close()
        if "error" in query:
            detail = query.get("error_description") or query["error"]
            await self.need_sign_in(f"the sign-in was refused: {detail}")
            raise SignInNeeded(self.problem or "")
        self._log("sign-in", "the browser came back with an authorization code")
        return AuthorizationCodeResult(
            code=query.get("code", ""), state=query.get("state"), iss=query.get("iss")
        )

    def expiry_for_sdk(self) -> float | None:
        """When the SDK should stop using the token: its expiry less the refresh margin."""
        record = self._record or {}
        expires_at = record.get("expires_at")
        tokens = record.get("tokens") or {}
        if expires_at is None or not tokens:
            return None
        lifetime = float(tokens.get("expires_in") or 0)
        return float(expires_at) - _refresh_margin(lifetime)


def _oauth_error(response: httpx2.Response) -> str:
    """``: <error_description or error>`` of an OAuth error answer, or nothing."""
    try:
        body = response.json()
    except ValueError:
        return ""
    if not isinstance(body, dict):
        return ""
    detail = body.get("error_description") or body.get("error")
    return f": {detail}" if isinstance(detail, str) and detail else ""


def _make_provider(sign_in: ServerSignIn, metadata: Any) -> OAuthClientProvider:
    """The SDK's provider with expiry margins, refresh on 401, and the outcome kept."""
    from mcp.client.auth import OAuthClientProvider  # noqa: PLC0415 - the MCP SDK loads when the first server starts (load_sdk)

    class AppOAuthProvider(OAuthClientProvider):
        async def _initialize(self) -> None:
            await super()._initialize()
            self.context.token_expiry_time = sign_in.expiry_for_sdk()
            # Renewals go to the server that issued the tokens (its token endpoint), not to
            # the MCP server's origin; a 401 still discovers the current one afresh.
            self.context.oauth_metadata = sign_in.kept_metadata()

        def _prove_client(self) -> None:
            # A pre-registered client's secret goes the way the server's metadata allows.
            if sign_in.client_id and self.context.client_info is not None:
                method = sign_in.client_auth_method(self.context.oauth_metadata)
                self.context.client_info.token_endpoint_auth_method = method

        async def _perform_authorization(self) -> httpx2.Request:
            self._prove_client()
            return await super()._perform_authorization()

        async def _refresh_token(self) -> httpx2.Request:
            self._prove_client()
            return await super()._refresh_token()

        async def _handle_token_response(self, response: httpx2.Response) -> None:
            sign_in.note_metadata(self.context.oauth_metadata)
            await super()._handle_token_response(response)
            self.context.token_expiry_time = sign_in.expiry_for_sdk()
            sign_in._log("sign-in", "signed in: tokens kept in the secret store")

        async def _handle_refresh_response(self, response: httpx2.Response) -> bool:
            sign_in.note_metadata(self.context.oauth_metadata)
            renewed = await super()._handle_refresh_response(response)
            if renewed:
                self.context.token_expiry_time = sign_in.expiry_for_sdk()
                sign_in._log("sign-in", "the access token was renewed")
            else:
                await sign_in.need_sign_in(
                    f"the server no longer renews the access (HTTP {response.status_code})"
                )
            return renewed

        async def _auth_flow(
            self, request: httpx2.Request
        ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
            # The SDK answers any 401 with a new login; a token the server stopped taking
            # before its time is renewed first, and only a failed renewal needs the user.
            flow = super()._auth_flow(request)
            renewed_once = False
            try:
                outgoing = await flow.__anext__()
                while True:
                    registering = (
                        outgoing is not request
                        and outgoing.method == "POST"
                        and self.context.client_info is None
                    )  # with no client yet, the SDK's only other POST is the registration
                    metadata = self.context.oauth_metadata
                    if registering and metadata is not None and not metadata.registration_endpoint:
                        # The SDK would still try <server>/register; RFC 8414 says there is none.
                        raise await sign_in.cannot_register(
                            "this server does not let apps register themselves"
                        )
                    response = yield outgoing
                    if registering and 400 <= response.status_code < 500:
                        await response.aread()
                        raise await sign_in.cannot_register(
                            "this server refused to let the app register itself "
                            f"(HTTP {response.status_code}{_oauth_error(response)})"
                        )
                    if (
                        outgoing is request
                        and response.status_code == 401
                        and not renewed_once
                        and self.context.can_refresh_token()
                    ):
                        renewed_once = True
                        sign_in._log("sign-in", "the server refused the token (401): renewing it")
                        refresh_response = yield await self._refresh_token()
                        if await self._handle_refresh_response(refresh_response):
                            self._add_auth_header(request)
                            response = yield request
                    outgoing = await flow.asend(response)
            except StopAsyncIteration:
                return
            finally:
                await flow.aclose()

    return AppOAuthProvider(
        sign_in.url,
        metadata,
        sign_in,
        redirect_handler=sign_in.open_login,
        callback_handler=sign_in.wait_for_code,
        # Used only where the authorization server says it supports such documents; a
        # pre-registered client ID wins (the SDK registers nothing then).
        client_metadata_url=None if sign_in.client_id else sign_in.client_metadata_url,
    )
