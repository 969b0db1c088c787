"""OAuth for remote MCP servers, against a loopback authorization server + protected MCP server
(tests/support/mcp_oauth_server.py, built on the SDK's server auth): discovery, dynamic
registration, the login through the loopback redirect (the test's stand-in browser follows the
authorize URL), tokens in a keyring backend, refresh before expiry and on 401, and a refresh
that fails leaving "sign-in needed"."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx2
import keyring
import pytest
from keyring.backends.fail import Keyring as NoKeyring
from tests.support.keyring_backend import MemoryKeyring
from tests.support.mcp_oauth_server import (
    ACCOUNT,
    SECRET_WORD,
    RunningOAuthServer,
    pre_registered_client,
    serve_oauth_mcp,
    serve_retired_authorization_server,
    stand_in_browser,
)

from agent_app.secrets import PluginSecrets, SecretStore, redact
from mcp_tools import McpTools
from mcp_tools.oauth import LoopbackRedirect, free_loopback_port

pytestmark = pytest.mark.integration

TOOL = "mcp__secure__secret_word"
SECRET_NAME = "plugin:mcp_tools:mcp_oauth:secure"


class User:
    """Agrees to sign in and lets the stand-in browser complete the login."""

    def __init__(self, agree: bool = True) -> None:
        self.agree = agree
        self.asked: list[dict[str, Any]] = []
        self.pages: list[httpx2.Response] = []
        self._visits: list[asyncio.Task[None]] = []

    async def __call__(self, request: dict[str, Any]) -> bool:
        self.asked.append(request)
        if self.agree:
            self._visits.append(asyncio.create_task(self._visit(request["url"])))
        return self.agree

    async def _visit(self, url: str) -> None:
        self.pages.append(await stand_in_browser(url))


def _plugin(user: User | None) -> McpTools:
    plugin = McpTools()
    plugin.set_secret_store(PluginSecrets(SecretStore(), "mcp_tools"))
    plugin.set_sign_in_handler(user)
    return plugin


@pytest.fixture
async def server() -> AsyncIterator[RunningOAuthServer]:
    with serve_oauth_mcp() as running:
        yield running


async def _signed_in(
    server: RunningOAuthServer, user: User
) -> tuple[McpTools, dict[str, Any], dict[str, Any]]:
    plugin = _plugin(user)
    config = {"mcp_servers": {"secure": {"url": server.url}}}
    state = plugin.init(config)
    await plugin.start_servers(state)
    return plugin, state, config


async def test_first_use_discovers_registers_signs_in_and_keeps_tokens_in_the_keyring(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring
):
    user = User()
    plugin, state, config = await _signed_in(server, user)
    try:
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert result["success"] is True, result
        assert SECRET_WORD in result["result"]
        # One question to the user, naming the authorization server's host.
        assert [(asked["server"], asked["host"]) for asked in user.asked] == [
            ("secure", server.base.removeprefix("http://"))
        ]
        assert server.authority.registrations == 1
        assert server.authority.code_exchanges == 1
        assert "You are signed in. You can close this tab." in user.pages[0].text
        stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
        access_token = stored["tokens"]["access_token"]
        assert stored["client"]["client_id"] in server.authority.clients
        assert stored["tokens"]["refresh_token"]
        # Not in the config, not in the server's log, and blanked out of whatever the app writes.
        assert access_token not in json.dumps(config)
        assert access_token not in plugin.server_log("secure")
        assert "signed in: tokens kept in the secret store" in plugin.server_log("secure")
        assert access_token not in redact(f"Authorization: Bearer {access_token}")
        auth = plugin.server_status()[0]["auth"]
        assert auth["state"] == "signed_in"
        assert auth["account"] == ACCOUNT
        assert auth["kept_for_session"] is None
        assert 3500 < auth["expires_at"] - time.time() <= 3600
    finally:
        await plugin.aclose()

    # The next run of the app reads the tokens from the keyring: no question, no registration.
    again_user = User()
    plugin, state, _config = await _signed_in(server, again_user)
    try:
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert SECRET_WORD in result["result"]
        assert again_user.asked == []
        assert server.authority.registrations == 1
        assert server.authority.authorizations == 1
    finally:
        await plugin.aclose()


async def test_a_token_is_renewed_before_it_expires():
    with serve_oauth_mcp(access_token_seconds=2) as server:
        user = User()
        plugin, state, _config = await _signed_in(server, user)
        try:
            first_expiry = plugin.server_status()[0]["auth"]["expires_at"]
            await asyncio.sleep(1.9)  # within the renewal margin, before the server refuses it
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            assert server.authority.refreshes == 1
            assert len(user.asked) == 1  # renewed without the user
            assert "the access token was renewed" in plugin.server_log("secure")
            assert plugin.server_status()[0]["auth"]["expires_at"] > first_expiry
        finally:
            await plugin.aclose()


async def test_a_refused_token_is_renewed_on_401_without_a_new_login(server: RunningOAuthServer):
    user = User()
    plugin, state, _config = await _signed_in(server, user)
    try:
        server.authority.revoke_access_tokens()  # valid for hours, but refused from now on
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert result["success"] is True, result
        assert SECRET_WORD in result["result"]
        assert server.authority.refreshes == 1
        assert server.authority.authorizations == 1
        assert len(user.asked) == 1
        assert "the server refused the token (401): renewing it" in plugin.server_log("secure")
    finally:
        await plugin.aclose()


async def test_a_failed_renewal_leaves_sign_in_needed_until_the_user_signs_in_again(
    server: RunningOAuthServer,
):
    user = User()
    plugin, state, config = await _signed_in(server, user)
    try:
        server.authority.refuse_refresh = True
        server.authority.revoke_access_tokens()
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert result["success"] is False
        assert "needs you to sign in" in result["error"]
        assert server.authority.refused_refreshes >= 1
        assert len(user.asked) == 1  # no login opened by itself
        status = plugin.server_status()[0]
        assert status["auth"]["state"] == "sign_in_needed"
        assert "no longer renews the access" in status["auth"]["problem"]
        notice = await plugin.readiness_notice(config)
        assert notice is not None
        assert "'secure' needs you to sign in" in notice
        assert "Sign in again" in notice

        # "Sign in again": the login opens (after the user agrees) and the tool works again.
        server.authority.refuse_refresh = False
        outcome = await plugin.sign_in("secure")
        assert outcome == {"ok": True}
        assert len(user.asked) == 2
        assert server.authority.registrations == 1  # the registration is kept
        assert plugin.server_status()[0]["auth"]["state"] == "signed_in"
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert SECRET_WORD in result["result"]
    finally:
        await plugin.aclose()


async def test_declining_the_login_leaves_sign_in_needed_and_sign_out_forgets_everything(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring
):
    decliner = User(agree=False)
    plugin, _state, config = await _signed_in(server, decliner)
    try:
        status = plugin.server_status()[0]
        assert status["state"] == "failed"
        assert status["auth"]["state"] == "sign_in_needed"
        assert status["auth"]["problem"] == "you chose not to sign in"
        assert "needs you to sign in: you chose not to sign in" in status["error"]
        await plugin.readiness_notice(config)  # does not start it again: no second question
        await asyncio.sleep(0.2)
        assert len(decliner.asked) == 1

        decliner.agree = True
        assert await plugin.sign_in("secure") == {"ok": True}
        assert ("agent-desktop", SECRET_NAME) in memory_keyring.secrets
        await plugin.sign_out("secure")
        assert ("agent-desktop", SECRET_NAME) not in memory_keyring.secrets
        status = plugin.server_status()[0]
        assert status["state"] == "stopped"
        assert status["auth"] == {
            "state": "sign_in_needed",
            "account": None,
            "issuer": server.base.removeprefix("http://"),
            "expires_at": None,
            "problem": "you signed out",
            "kept_for_session": None,
        }
    finally:
        await plugin.aclose()


async def test_without_a_keyring_tokens_are_kept_for_this_session_and_the_status_says_so(
    server: RunningOAuthServer,
):
    previous = keyring.get_keyring()
    keyring.set_keyring(NoKeyring())
    try:
        user = User()
        plugin, state, _config = await _signed_in(server, user)
        try:
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            kept = plugin.server_status()[0]["auth"]["kept_for_session"]
            assert kept is not None
            assert "No system keyring is available" in kept
        finally:
            await plugin.aclose()
    finally:
        keyring.set_keyring(previous)


async def test_the_loopback_redirect_takes_only_the_state_it_waits_for():
    redirect = LoopbackRedirect(free_loopback_port())
    await redirect.open("expected-state")
    try:
        async with httpx2.AsyncClient() as browser:
            stray = await browser.get(f"{redirect.uri}?code=evil&state=other")
            assert stray.status_code == 400
            assert "not the one the app is waiting for" in stray.text
            elsewhere = await browser.get(f"http://127.0.0.1:{redirect.port}/favicon.ico")
            assert elsewhere.status_code == 404
            good = await browser.get(f"{redirect.uri}?code=abc&state=expected-state")
            assert good.status_code == 200
            assert "You can close this tab" in good.text
        assert await redirect.wait(1) == {"code": "abc", "state": "expected-state"}
    finally:
        await redirect.close()


# ---------------------------------------------------------------- pre-registered clients


async def _start(plugin: McpTools, config: dict[str, Any]) -> dict[str, Any]:
    state = plugin.init(config)
    await plugin.start_servers(state)
    return state


def _authorize_query(user: User, index: int = -1) -> dict[str, list[str]]:
    return parse_qs(urlsplit(user.asked[index]["url"]).query)


async def test_a_server_without_registration_says_where_to_enter_the_client_id_and_then_signs_in():
    app_client = pre_registered_client("desktop-app-id", None)
    with serve_oauth_mcp(dynamic_registration=False, clients=(app_client,)) as server:
        user = User()
        plugin = _plugin(user)
        try:
            # No client ID yet: nothing is registered, nothing opens, the status says what to do.
            await _start(plugin, {"mcp_servers": {"secure": {"url": server.url}}})
            status = plugin.server_status()[0]
            assert status["state"] == "failed"
            assert status["auth"]["state"] == "sign_in_needed"
            assert status["auth"]["problem"] == (
                "this server does not let apps register themselves; enter the OAuth client ID "
                "the server's owner gave you in Settings → MCP servers → secure"
            )
            assert (
                "needs you to sign in: this server does not let apps register" in (status["error"])
            )
            assert user.asked == []
            assert server.authority.registrations == 0
            notice = await plugin.readiness_notice({"mcp_servers": {"secure": {"url": server.url}}})
            assert notice is not None
            assert (
                "'secure' cannot sign in: this server does not let apps register themselves; "
                "enter the OAuth client ID the server's owner gave you in Settings → MCP servers "
                "→ secure"
            ) in notice

            # The client ID entered in the server's settings: the sign-in uses it at once.
            config = {
                "mcp_servers": {"secure": {"url": server.url, "oauth_client_id": "desktop-app-id"}}
            }
            state = await _start(plugin, config)
            assert plugin.server_status()[0]["state"] == "running"
            assert _authorize_query(user)["client_id"] == ["desktop-app-id"]
            assert urlsplit(_authorize_query(user)["redirect_uri"][0]).path == "/oauth/callback"
            assert server.authority.registrations == 0
            assert server.authority.issued_to == ["desktop-app-id"]
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            assert plugin.server_status()[0]["auth"]["state"] == "signed_in"
        finally:
            await plugin.aclose()


async def test_a_refused_registration_says_where_to_enter_the_client_id(
    server: RunningOAuthServer,
):
    server.authority.refuse_registration = True
    user = User()
    plugin = _plugin(user)
    try:
        await _start(plugin, {"mcp_servers": {"secure": {"url": server.url}}})
        problem = plugin.server_status()[0]["auth"]["problem"]
        assert problem == (
            "this server refused to let the app register itself (HTTP 400: registration is "
            "closed to new apps); enter the OAuth client ID the server's owner gave you in "
            "Settings → MCP servers → secure"
        )
        assert user.asked == []
    finally:
        await plugin.aclose()


async def test_a_client_secret_is_used_but_not_stored_and_a_new_client_id_signs_in_anew(
    memory_keyring: MemoryKeyring,
):
    client_secret = "owner-gave-this-secret-91"
    clients = (
        pre_registered_client("first-app", client_secret),
        pre_registered_client("second-app", None),
    )
    with serve_oauth_mcp(dynamic_registration=False, clients=clients) as server:
        user = User()
        plugin = _plugin(user)
        first = {"url": server.url, "oauth_client_id": "first-app"}
        try:
            state = await _start(
                plugin, {"mcp_servers": {"secure": {**first, "oauth_client_secret": client_secret}}}
            )
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            # The server takes the code exchange only with the client's secret.
            assert server.authority.issued_to == ["first-app"]
            stored_text = memory_keyring.secrets[("agent-desktop", SECRET_NAME)]
            assert client_secret not in stored_text
            stored = json.loads(stored_text)
            assert stored["preregistered_client"] == "first-app"
            assert "client" not in stored
            assert client_secret not in plugin.server_log("secure")
            assert client_secret not in redact(f"secret={client_secret}")

            # Another client ID: the first client's tokens are forgotten, the new one signs in.
            asked_before = len(user.asked)
            state = await _start(
                plugin,
                {"mcp_servers": {"secure": {"url": server.url, "oauth_client_id": "second-app"}}},
            )
            assert plugin.server_status()[0]["state"] == "running"
            assert len(user.asked) == asked_before + 1
            assert _authorize_query(user)["client_id"] == ["second-app"]
            assert server.authority.issued_to[-1] == "second-app"
            stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
            assert stored["preregistered_client"] == "second-app"
            assert "the old client's access is forgotten" in plugin.server_log("secure")
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]

            # A wrong secret: the server refuses the code exchange; the error does not show it.
            wrong = "not-the-owners-secret-3"
            state = await _start(
                plugin,
                {"mcp_servers": {"secure": {**first, "oauth_client_secret": wrong}}},
            )
            assert await plugin.sign_in("secure") != {"ok": True}
            assert wrong not in json.dumps(plugin.server_status())
            assert wrong not in plugin.server_log("secure")
            assert "Invalid client_secret" in plugin.server_status()[0]["error"]
        finally:
            await plugin.aclose()


# ---------------------------------------------------------------- sign out revokes


async def test_sign_out_revokes_the_tokens_at_the_server_before_forgetting_them(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring, caplog: pytest.LogCaptureFixture
):
    user = User()
    plugin, _state, _config = await _signed_in(server, user)
    await plugin.aclose()
    # Another run of the app (tokens from the keyring, no metadata fetched) signs out.
    plugin, _state, _config = await _signed_in(server, User())
    try:
        stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
        access_token = stored["tokens"]["access_token"]
        refresh_token = stored["tokens"]["refresh_token"]
        client_id = stored["client"]["client_id"]
        assert await server.authority.load_access_token(access_token) is not None

        caplog.set_level(logging.DEBUG)
        outcome = await plugin.sign_out("secure")
        host = server.base.removeprefix("http://")
        assert outcome == f"{host} revoked the app's access."
        assert server.authority.revoked == [
            ("refresh_token", client_id),
            ("access_token", client_id),
        ]
        assert await server.authority.load_access_token(access_token) is None
        assert refresh_token not in server.authority.refresh_tokens
        assert ("agent-desktop", SECRET_NAME) not in memory_keyring.secrets
        assert f"{host} revoked the access" in plugin.server_log("secure")
        for text in (plugin.server_log("secure"), caplog.text):
            assert access_token not in text
            assert refresh_token not in text
    finally:
        await plugin.aclose()


async def test_a_revocation_that_fails_is_logged_with_the_server_name_and_the_tokens_are_forgotten(
    memory_keyring: MemoryKeyring, caplog: pytest.LogCaptureFixture
):
    with serve_oauth_mcp() as server:
        plugin, _state, _config = await _signed_in(server, User())
        stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
        await plugin.aclose()
    # The authorization server is gone: the revocation cannot reach it.
    plugin = _plugin(User(agree=False))
    try:
        plugin.init({"mcp_servers": {"secure": {"url": server.url}}})
        caplog.set_level(logging.WARNING)
        started = time.monotonic()
        outcome = await plugin.sign_out("secure")
        assert time.monotonic() - started < 12
        assert outcome is not None
        assert "did not confirm the revocation (refresh token: ConnectError" in outcome
        assert "the app forgot the access anyway" in outcome
        assert ("agent-desktop", SECRET_NAME) not in memory_keyring.secrets
        assert "MCP server 'secure':" in caplog.text
        assert "did not confirm the revocation" in caplog.text
        for token in (stored["tokens"]["access_token"], stored["tokens"]["refresh_token"]):
            assert token not in caplog.text
            assert token not in plugin.server_log("secure")
    finally:
        await plugin.aclose()


async def test_testing_an_unsaved_client_id_leaves_the_saved_sign_in_alone(
    memory_keyring: MemoryKeyring,
):
    with serve_oauth_mcp(clients=(pre_registered_client("trial-app", None),)) as server:
        user = User()
        plugin, state, _config = await _signed_in(server, user)
        try:
            stored_before = memory_keyring.secrets[("agent-desktop", SECRET_NAME)]
            outcome = await plugin.test_server(
                {"name": "secure", "url": server.url, "oauth_client_id": "trial-app"}
            )
            assert outcome["ok"] is True, outcome
            assert _authorize_query(user)["client_id"] == ["trial-app"]
            assert server.authority.issued_to[-1] == "trial-app"
            # The saved server keeps its own client and tokens, in the keyring and in use.
            assert memory_keyring.secrets[("agent-desktop", SECRET_NAME)] == stored_before
            assert plugin.server_status()[0]["auth"]["state"] == "signed_in"
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            assert len(user.asked) == 2
        finally:
            await plugin.aclose()


CLIENT_DOCUMENT = "https://example.test/agent-desktop/client.json"


@pytest.mark.parametrize("supported", [True, False], ids=["documents-supported", "not-supported"])
async def test_a_client_metadata_document_is_the_client_id_where_the_server_takes_one(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring, supported: bool
):
    """The specification's first choice: the document's address is the client ID, no
    registration; a server that does not take such documents is registered with as before."""
    server.authority.client_metadata_documents = supported
    user = User()
    plugin = _plugin(user)
    try:
        config = {
            "mcp_servers": {
                "secure": {"url": server.url, "oauth_client_metadata_url": CLIENT_DOCUMENT}
            }
        }
        state = await _start(plugin, config)
        result = await plugin.execute_tool_async(TOOL, {}, state)
        assert SECRET_WORD in result["result"]
        stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
        if supported:
            assert _authorize_query(user)["client_id"] == [CLIENT_DOCUMENT]
            assert server.authority.registrations == 0
            assert server.authority.issued_to == [CLIENT_DOCUMENT]
            assert stored["client"]["client_id"] == CLIENT_DOCUMENT
        else:
            assert server.authority.registrations == 1
            assert stored["client"]["client_id"] in server.authority.clients
    finally:
        await plugin.aclose()


@pytest.mark.parametrize("from_the_issuer", [True, False], ids=["its-issuer", "another-issuer"])
async def test_a_login_redirect_naming_another_issuer_is_refused(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring, from_the_issuer: bool
):
    """RFC 9207: the redirect's `iss` must be the authorization server the login went to (a
    mix-up attack sends the code of another one); a refused one is never exchanged."""
    server.authority.redirect_iss = server.base if from_the_issuer else "https://mix-up.test/"
    user = User()
    plugin = _plugin(user)
    try:
        await _start(plugin, {"mcp_servers": {"secure": {"url": server.url}}})
        status = plugin.server_status()[0]
        if from_the_issuer:
            assert status["state"] == "running", status["error"]
            assert server.authority.code_exchanges == 1
            return
        assert status["state"] == "failed"
        assert server.authority.code_exchanges == 0
        assert (
            "could not sign in: Authorization response iss mismatch: https://mix-up.test/"
            in (status["error"])
        )
        stored = json.loads(memory_keyring.secrets.get(("agent-desktop", SECRET_NAME), "{}"))
        assert "tokens" not in stored
    finally:
        await plugin.aclose()


async def test_credentials_of_another_authorization_server_never_reach_the_current_one(
    server: RunningOAuthServer, memory_keyring: MemoryKeyring
):
    """Kept from when the MCP server signed in at another authorization server (its issuer and
    metadata kept with them): the renewal goes to that server, never to the current one; the
    user signs in again, the app registers anew at the current server, and the record is then
    bound to it."""
    with serve_retired_authorization_server() as retired:
        memory_keyring.secrets[("agent-desktop", SECRET_NAME)] = json.dumps(
            {
                "url": server.url,
                "client": {
                    "client_id": "client-of-the-old-server",
                    "redirect_uris": [f"http://127.0.0.1:{free_loopback_port()}/oauth/callback"],
                    "token_endpoint_auth_method": "none",
                    "issuer": retired.issuer,
                },
                "tokens": {
                    "access_token": "old-server-access-token",
                    "token_type": "Bearer",
                    "refresh_token": "old-server-refresh-token",
                    "expires_in": 3600,
                },
                "expires_at": time.time() - 60,  # expired: the next use renews it first
                "authorization_server": retired.metadata(),
            }
        )
        user = User()
        plugin = _plugin(user)
        try:
            config = {"mcp_servers": {"secure": {"url": server.url}}}
            state = await _start(plugin, config)
            assert [asked["refresh_token"] for asked in retired.token_requests] == [
                "old-server-refresh-token"
            ]
            assert plugin.server_status()[0]["auth"]["state"] == "sign_in_needed"

            assert await plugin.sign_in("secure") == {"ok": True}
            result = await plugin.execute_tool_async(TOOL, {}, state)
            assert SECRET_WORD in result["result"]
            assert (
                f"the server now signs in at {server.base} instead of {retired.issuer}: the old "
                "authorization server's access is forgotten"
            ) in plugin.server_log("secure")
        finally:
            await plugin.aclose()
    assert "client-of-the-old-server" not in server.authority.clients_asked
    assert server.authority.registrations == 1
    stored = json.loads(memory_keyring.secrets[("agent-desktop", SECRET_NAME)])
    assert stored["authorization_server"]["issuer"] == server.base
    assert stored["client"]["client_id"] in server.authority.clients
    assert stored["tokens"]["refresh_token"] in server.authority.refresh_tokens
