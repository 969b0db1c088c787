"""The headless server's access token: made once, kept in the keyring (or a 0600 file or an
environment variable when there is none), compared in constant time, revocable."""

from __future__ import annotations

import os
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from agent_app.serve import access_token
from agent_app.serve.access_token import (
    SERVE_KEYRING_SERVICE,
    TOKEN_ENVIRONMENT_VARIABLE,
    AccessToken,
    TokenError,
    TokenSource,
)


def _token(tmp_path: Path, token_file: Path | None = None) -> AccessToken:
    return AccessToken(TokenSource(f"api-token {tmp_path}", token_file))


def test_the_first_start_makes_a_token_kept_in_the_keyring_and_shows_it_once(
    tmp_path: Path, memory_keyring
) -> None:
    token = _token(tmp_path)
    made = token.ensure()
    assert made is not None
    assert len(made) >= 43
    assert memory_keyring.secrets[(SERVE_KEYRING_SERVICE, f"api-token {tmp_path}")] == made
    assert token.ensure() is None  # the next start keeps it and shows nothing
    assert token.matches(made)
    assert not token.matches(made[:-1] + ("x" if made[-1] != "x" else "y"))


def test_a_revoked_token_is_refused_by_the_running_server_within_the_recheck(
    tmp_path: Path, memory_keyring, monkeypatch
) -> None:
    monkeypatch.setattr(access_token, "RECHECK_SECONDS", 0.0)
    running = _token(tmp_path)
    made = running.ensure()
    assert made is not None
    assert running.matches(made)
    assert _token(tmp_path).revoke()  # `agent-desktop serve --revoke-token`, another process
    assert not running.matches(made)
    assert not _token(tmp_path).revoke()


def test_without_a_keyring_the_server_refuses_and_says_what_to_do(tmp_path: Path) -> None:
    keyring.set_keyring(fail.Keyring())
    with pytest.raises(TokenError) as refused:
        _token(tmp_path).ensure()
    message = str(refused.value)
    assert TOKEN_ENVIRONMENT_VARIABLE in message
    assert "--token-file" in message


def test_a_token_file_is_made_readable_by_its_owner_only(tmp_path: Path) -> None:
    keyring.set_keyring(fail.Keyring())
    path = tmp_path / "token"
    token = _token(tmp_path, path)
    made = token.ensure()
    assert made is not None
    assert path.stat().st_mode & 0o777 == 0o600
    assert token.matches(made)
    assert token.revoke()
    assert not path.exists()


def test_a_token_file_others_can_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "token"
    path.write_text("x" * 40)
    os.chmod(path, 0o644)
    with pytest.raises(TokenError, match="chmod 600"):
        _token(tmp_path, path).ensure()


def test_a_short_token_in_the_environment_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(TOKEN_ENVIRONMENT_VARIABLE, "short")
    with pytest.raises(TokenError, match="at least 32"):
        _token(tmp_path).ensure()
    monkeypatch.setenv(TOKEN_ENVIRONMENT_VARIABLE, "k" * 40)
    token = _token(tmp_path)
    assert token.ensure() is None
    assert token.matches("k" * 40)
