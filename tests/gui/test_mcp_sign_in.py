"""The sign-in line of an OAuth MCP server in Settings → MCP servers: what it says per state."""

from __future__ import annotations

import pytest

from agent_desktop.settings.mcp_sign_in import describe_sign_in

pytestmark = pytest.mark.gui

NOW = 1_800_000_000.0


def auth(**changes: object) -> dict[str, object]:
    return {
        "state": "signed_in",
        "account": "ada@example.test",
        "issuer": "auth.example.test",
        "expires_at": NOW + 3540,
        "problem": None,
        "kept_for_session": None,
        **changes,
    }


def test_signed_in_names_the_account_the_site_and_the_time_left():
    assert describe_sign_in(auth(), NOW) == (
        "Signed in as ada@example.test at auth.example.test · token expires in 59 min"
    )
    assert describe_sign_in(auth(account=None, expires_at=NOW + 30), NOW) == (
        "Signed in at auth.example.test · token expires in 30 s"
    )
    assert describe_sign_in(auth(expires_at=NOW + 5 * 3600), NOW).endswith("expires in 5 h")
    assert describe_sign_in(auth(expires_at=None), NOW).endswith("the token does not expire")
    assert describe_sign_in(auth(expires_at=NOW - 10), NOW).endswith(
        "the token expired; it is renewed on the next use"
    )


def test_signing_in_and_sign_in_needed_say_what_to_do():
    assert describe_sign_in(auth(state="signing_in"), NOW) == (
        "Signing in at auth.example.test… finish the login in your browser."
    )
    needed = auth(state="sign_in_needed", problem="the server no longer renews the access")
    assert describe_sign_in(needed, NOW) == (
        "Sign-in needed: the server no longer renews the access."
    )
    assert describe_sign_in(None, NOW) == ""


def test_tokens_kept_for_this_session_only_are_said_so():
    kept = auth(kept_for_session="No system keyring is available")
    assert describe_sign_in(kept, NOW).endswith(
        "\nKept for this session only, not stored: No system keyring is available"
    )
