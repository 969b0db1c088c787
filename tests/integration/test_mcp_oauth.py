"""OAuth for remote MCP servers, against a loopback authorization server + protected MCP server
(tests/support/mcp_oauth_server.py, built on the SDK's server auth): discovery, dynamic
registration, the login through the loopback redirect (the test's stand-in browser follows the
authorize URL), tokens in a keyring backend, refresh before expiry and on 401, and a refresh
that fails leaving "sign-in needed"."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx2
import keyring
import pytest
from keyring.backends.fail import Keyring as NoKeyring
from tests.support.keyring_backend import MemoryKeyring
from tests.support.mcp_oauth_server import (
    ACCOUNT,
    SECRET_WORD,
    RunningOAuthServer,
    serve_oauth_mcp,
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
