"""An MCP server that requires OAuth, with its own authorization server, on loopback.

Built on the SDK's server auth (`mcp.server.auth`): one app serves the protected resource
metadata, the authorization server metadata, dynamic client registration, `/authorize`, `/token`
and the MCP endpoint, which answers 401 with `WWW-Authenticate` until a valid bearer token
comes. The "user" at `/authorize` consents at once: the login page redirects straight back to
the client's redirect URI with a code (the tests' stand-in browser follows that redirect).

Knobs the tests turn: the access-token lifetime, refusing refresh tokens, revoking every access
token (the server then answers 401 to a token that has not expired), no dynamic registration
(with clients registered beforehand by the server's owner, whose loopback redirect may use any
port as RFC 8252 asks), and counters of what was asked for, including the tokens revoked at the
RFC 7009 revocation endpoint (advertised in the metadata). Client ID metadata documents: the
metadata says they are supported and an https:// client ID is taken as one (the stand-in for
fetching the document; the tests cannot serve https). RFC 9207: the login's redirect carries an
`iss` (the metadata then says so), the server's own issuer or, to test the check, a wrong one.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx2
import uvicorn
from mcp.server.auth.middleware.client_auth import AuthenticationError, ClientAuthenticator
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    RegistrationError,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyUrl
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tests.support.mcp_http_server import _free_port

ACCOUNT = "ada@example.test"
SECRET_WORD = "swordfish-7"


def _jwt_like(claims: dict[str, object]) -> str:
    """A token shaped like a JWT (unsigned: this server is the only one that checks it)."""

    def part(data: dict[str, object]) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none'})}.{part(claims)}.sig"


class PreRegisteredClient(OAuthClientInformationFull):
    """A client the server's owner registered by hand (an "OAuth app"), for the loopback
    redirect http://127.0.0.1/oauth/callback on any port (RFC 8252, section 7.3)."""

    def validate_redirect_uri(self, redirect_uri: AnyUrl | None) -> AnyUrl:
        if redirect_uri is not None:
            asked = urlsplit(str(redirect_uri))
            for registered in self.redirect_uris or []:
                known = urlsplit(str(registered))
                if (asked.scheme, asked.hostname, asked.path) == (
                    known.scheme,
                    known.hostname,
                    known.path,
                ) and known.hostname == "127.0.0.1":
                    return redirect_uri
        return super().validate_redirect_uri(redirect_uri)


def pre_registered_client(client_id: str, client_secret: str | None) -> PreRegisteredClient:
    return PreRegisteredClient(
        client_id=client_id,
        client_secret=client_secret,
        redirect_uris=[AnyUrl("http://127.0.0.1/oauth/callback")],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
        token_endpoint_auth_method="client_secret_post" if client_secret else "none",
        scope="mcp",
    )


@dataclass
class LoopbackAuthorizationServer:
    """The in-memory `OAuthAuthorizationServerProvider` behind the test server."""

    access_token_seconds: int = 3600
    refuse_refresh: bool = False
    refuse_registration: bool = False  # the registration endpoint answers 400
    clients: dict[str, OAuthClientInformationFull] = field(default_factory=dict)
    codes: dict[str, AuthorizationCode] = field(default_factory=dict)
    access_tokens: dict[str, AccessToken] = field(default_factory=dict)
    refresh_tokens: dict[str, RefreshToken] = field(default_factory=dict)
    registrations: int = 0
    authorizations: int = 0
    code_exchanges: int = 0
    refreshes: int = 0
    refused_refreshes: int = 0
    revoked: list[tuple[str, str]] = field(default_factory=list)  # (token kind, client id)
    issued_to: list[str] = field(default_factory=list)  # client id of each token exchange
    client_metadata_documents: bool = False  # an https:// client ID is a metadata document
    documents_resolved: list[str] = field(default_factory=list)
    clients_asked: list[str] = field(default_factory=list)  # every client ID looked up
    redirect_iss: str | None = None  # the RFC 9207 `iss` the login's redirect carries

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        self.clients_asked.append(client_id)
        if self.client_metadata_documents and client_id.startswith("https://"):
            self.documents_resolved.append(client_id)
            return pre_registered_client(client_id, None)  # what its document would describe
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        if self.refuse_registration:
            raise RegistrationError(
                error="invalid_client_metadata",
                error_description="registration is closed to new apps",
            )
        self.registrations += 1
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info

    async def authorize(
        self, client: OAuthClientInformationFull, params: AuthorizationParams
    ) -> str:
        self.authorizations += 1
        code = secrets.token_urlsafe(16)
        assert client.client_id is not None
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or ["mcp"],
            expires_at=time.time() + 300,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
            subject=ACCOUNT,
        )
        return construct_redirect_uri(
            str(params.redirect_uri), code=code, state=params.state, iss=self.redirect_iss
        )

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        return self.codes.get(authorization_code)

    def _issue(self, client_id: str, scopes: list[str], resource: str | None) -> OAuthToken:
        access = _jwt_like({"sub": ACCOUNT, "jti": secrets.token_hex(8)})
        refresh = secrets.token_urlsafe(24)
        expires_at = int(time.time() + self.access_token_seconds)
        self.access_tokens[access] = AccessToken(
            token=access,
            client_id=client_id,
            scopes=scopes,
            expires_at=expires_at,
            resource=resource,
            subject=ACCOUNT,
        )
        self.refresh_tokens[refresh] = RefreshToken(
            token=refresh, client_id=client_id, scopes=scopes, resource=resource, subject=ACCOUNT
        )
        return OAuthToken(
            access_token=access,
            expires_in=self.access_token_seconds,
            scope=" ".join(scopes),
            refresh_token=refresh,
        )

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        self.code_exchanges += 1
        self.codes.pop(authorization_code.code, None)
        assert client.client_id is not None
        self.issued_to.append(client.client_id)
        return self._issue(client.client_id, authorization_code.scopes, authorization_code.resource)

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        if self.refuse_refresh:
            self.refused_refreshes += 1
            return None  # the token endpoint answers invalid_grant
        return self.refresh_tokens.get(refresh_token)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        self.refreshes += 1
        self.refresh_tokens.pop(refresh_token.token, None)
        assert client.client_id is not None
        return self._issue(client.client_id, scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        found = self.access_tokens.get(token)
        if found is None or (found.expires_at is not None and found.expires_at < time.time()):
            return None
        return found

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        kind = "access_token" if isinstance(token, AccessToken) else "refresh_token"
        self.revoked.append((kind, token.client_id))
        self.access_tokens.pop(token.token, None)
        self.refresh_tokens.pop(token.token, None)

    def revoke_access_tokens(self) -> None:
        """Every access token stops working now (refresh tokens still do)."""
        self.access_tokens.clear()


def _revocation_endpoint(
    authority: LoopbackAuthorizationServer,
) -> Callable[[Request], Awaitable[Response]]:
    """RFC 7009: the client proves itself as at the token endpoint; an unknown token is no
    error (200); a known one of this client is revoked."""
    authenticator = ClientAuthenticator(authority)

    async def revoke(request: Request) -> Response:
        try:
            client = await authenticator.authenticate_request(request)
        except AuthenticationError as exc:
            return JSONResponse(
                {"error": "invalid_client", "error_description": exc.message}, status_code=401
            )
        token = str((await request.form()).get("token") or "")
        if not token:
            return JSONResponse({"error": "invalid_request"}, status_code=400)
        found: AccessToken | RefreshToken | None = await authority.load_access_token(token)
        if found is None:
            found = authority.refresh_tokens.get(token)
        if found is not None and found.client_id == client.client_id:
            await authority.revoke_token(found)
        return Response(status_code=200, headers={"Cache-Control": "no-store"})

    return revoke


class _AmendedMetadata:
    """The SDK's authorization server metadata (an ASGI app), plus what this server supports
    beyond it."""

    def __init__(self, sdk_app: ASGIApp, authority: LoopbackAuthorizationServer) -> None:
        self.sdk_app = sdk_app
        self.authority = authority

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        status = 200
        body: list[bytes] = []

        async def keep(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            else:
                body.append(message.get("body", b""))

        await self.sdk_app(scope, receive, keep)
        document = json.loads(b"".join(body) or b"{}")
        if self.authority.client_metadata_documents:
            document["client_id_metadata_document_supported"] = True
        if self.authority.redirect_iss is not None:
            document["authorization_response_iss_parameter_supported"] = True
        await JSONResponse(document, status_code=status)(scope, receive, send)


@dataclass
class RunningOAuthServer:
    url: str
    base: str
    authority: LoopbackAuthorizationServer
    calls: list[str]


@contextmanager
def serve_oauth_mcp(
    access_token_seconds: int = 3600,
    *,
    dynamic_registration: bool = True,
    clients: tuple[OAuthClientInformationFull, ...] = (),
) -> Iterator[RunningOAuthServer]:
    """The protected MCP server with its authorization server, on a free loopback port.

    ``dynamic_registration=False``: the metadata names no registration endpoint and there is
    none; only ``clients`` (registered beforehand, see `pre_registered_client`) can sign in.
    """
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    authority = LoopbackAuthorizationServer(access_token_seconds=access_token_seconds)
    for client in clients:
        assert client.client_id is not None
        authority.clients[client.client_id] = client
    calls: list[str] = []
    server = MCPServer(
        "oauth-test",
        version="1.0.0",
        log_level="WARNING",
        auth_server_provider=authority,
        auth=AuthSettings(
            issuer_url=base,
            resource_server_url=f"{base}/mcp",
            validate_token_resource=False,
            client_registration_options=ClientRegistrationOptions(
                enabled=dynamic_registration, valid_scopes=["mcp"], default_scopes=["mcp"]
            ),
            revocation_options=RevocationOptions(enabled=True),
            required_scopes=["mcp"],
        ),
    )

    @server.tool()
    def secret_word() -> str:
        """Tell the secret word (only to a signed-in client)."""
        calls.append("secret_word")
        return f"The secret word is {SECRET_WORD}."

    app = server.streamable_http_app(host="127.0.0.1")
    # Ahead of the SDK's own /revoke, which wants a `client_secret` field even from a public
    # client (RFC 7009 section 2.1 asks for the client's usual authentication, none for those).
    app.router.routes.insert(0, Route("/revoke", _revocation_endpoint(authority), methods=["POST"]))
    (sdk_metadata,) = [
        route
        for route in app.router.routes
        if isinstance(route, Route) and route.path == "/.well-known/oauth-authorization-server"
    ]
    app.router.routes.insert(
        0, Route(sdk_metadata.path, _AmendedMetadata(sdk_metadata.app, authority))
    )
    with _served(app, port):
        yield RunningOAuthServer(url=f"{base}/mcp", base=base, authority=authority, calls=calls)


@contextmanager
def _served(app: ASGIApp, port: int) -> Iterator[None]:
    """`app` under uvicorn on 127.0.0.1:`port` in a thread, for the block."""
    uvicorn_server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=uvicorn_server.run, name="mcp-oauth-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not uvicorn_server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the loopback OAuth test server did not start")
        time.sleep(0.02)
    try:
        yield
    finally:
        uvicorn_server.should_exit = True
        thread.join(timeout=10)


@dataclass
class RetiredAuthorizationServer:
    """An authorization server an MCP server no longer uses: it keeps every request its token
    endpoint gets (the form fields) and renews nothing."""

    issuer: str
    token_requests: list[dict[str, str]]

    def metadata(self) -> dict[str, object]:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "response_types_supported": ["code"],
        }


@contextmanager
def serve_retired_authorization_server() -> Iterator[RetiredAuthorizationServer]:
    port = _free_port()
    retired = RetiredAuthorizationServer(issuer=f"http://127.0.0.1:{port}", token_requests=[])

    async def token(request: Request) -> Response:
        retired.token_requests.append({k: str(v) for k, v in (await request.form()).items()})
        return JSONResponse({"error": "invalid_grant"}, status_code=400)

    with _served(Starlette(routes=[Route("/token", token, methods=["POST"])]), port):
        yield retired


async def stand_in_browser(url: str) -> httpx2.Response:
    """The test's stand-in for the user's browser: opens the login page and follows its
    redirects (the authorization server's consent, then the app's loopback redirect)."""
    async with httpx2.AsyncClient(follow_redirects=True, timeout=10) as browser:
        return await browser.get(url)
