"""The headless server's access token: made on first start, kept in the keyring, revocable.

Every request to `agent-desktop serve` carries ``Authorization: Bearer <token>``. The token is
made on the first start (`secrets.token_urlsafe`, 256 bits) and kept in the system keyring under
the service ``agent-desktop-serve``, one entry per data folder; it is printed once, when made.
Without a usable keyring the server refuses to start unless the user chose one of two honest
places for it: the environment variable `TOKEN_ENVIRONMENT_VARIABLE` (its value is the token),
or a token file (``--token-file``) that only its owner can read (mode 0600; made so when missing).

`agent-desktop serve --revoke-token` deletes the token; a running server looks again at most every
`RECHECK_SECONDS`, and from then on refuses every request until it is restarted (which makes and
shows a new token). A client holding the token revokes it with ``DELETE /token`` (the desktop's
"Revoke the access token"): refused from the next request on.
"""

from __future__ import annotations

import hmac
import os
import secrets
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from agent_app.secrets import SecretAccessError, SecretStore, remember_secret_value

SERVE_KEYRING_SERVICE = "agent-desktop-serve"
TOKEN_ENVIRONMENT_VARIABLE = "AGENT_DESKTOP_SERVE_TOKEN"
#: Shorter tokens could be guessed; `secrets.token_urlsafe(32)` gives 43 characters.
MINIMUM_TOKEN_LENGTH = 32
#: How stale a running server's idea of the token may be after `--revoke-token`.
RECHECK_SECONDS = 2.0


class TokenError(RuntimeError):
    """The token cannot be kept or read; the message says why and what to do."""


@dataclass(frozen=True)
class TokenSource:
    """Where the token lives: exactly one of the three is used."""

    keyring_entry: str
    token_file: Path | None = None

    @property
    def described(self) -> str:
        if os.environ.get(TOKEN_ENVIRONMENT_VARIABLE):
            return f"the environment variable {TOKEN_ENVIRONMENT_VARIABLE}"
        if self.token_file is not None:
            return f"the token file {self.token_file}"
        return f"the system keyring (service {SERVE_KEYRING_SERVICE!r})"


def keyring_entry_for(data_home: Path) -> str:
    """One keyring entry per data folder: two servers on one machine have their own tokens."""
    return f"api-token {data_home}"


class AccessToken:
    """The current token of one server, looked up again at most every `RECHECK_SECONDS`."""

    def __init__(self, source: TokenSource, keyring: SecretStore | None = None) -> None:
        self.source = source
        self._keyring = keyring or SecretStore(SERVE_KEYRING_SERVICE)
        self._lock = threading.Lock()
        self._cached: tuple[float, str | None] | None = None

    # ------------------------------------------------------------------ start and revoke

    def ensure(self) -> str | None:
        """Make the token if there is none; returns it when it was just made (to show once),
        None when one existed. Raises `TokenError` when no place can keep it."""
        if self._read() is not None:
            return None
        token = secrets.token_urlsafe(32)
        self._write(token)
        self._cached = None
        return token

    def revoke(self) -> bool:
        """Delete the token; True when there was one to delete."""
        if os.environ.get(TOKEN_ENVIRONMENT_VARIABLE):
            raise TokenError(
                f"The token comes from the environment variable {TOKEN_ENVIRONMENT_VARIABLE}: "
                "unset it (or give it a new value) and restart the server."
            )
        if self.source.token_file is not None:
            existed = self.source.token_file.exists()
            self.source.token_file.unlink(missing_ok=True)
        else:
            self._require_keyring()
            existed = self._keyring.has(self.source.keyring_entry)
            self._keyring.delete(self.source.keyring_entry)
        with self._lock:
            self._cached = None  # this server refuses the token from its next request on
        return existed

    # ------------------------------------------------------------------ checking requests

    def matches(self, presented: str) -> bool:
        """Whether `presented` is the current token (constant-time; False once revoked)."""
        current = self.current()
        if current is None:
            return False
        return hmac.compare_digest(presented.encode("utf-8"), current.encode("utf-8"))

    def current(self) -> str | None:
        now = time.monotonic()
        with self._lock:
            if self._cached is not None and now - self._cached[0] < RECHECK_SECONDS:
                return self._cached[1]
        try:
            token = self._read()
        except TokenError:
            token = None  # a keyring that went away refuses requests, never lets them in
        with self._lock:
            self._cached = (now, token)
        return token

    # ------------------------------------------------------------------ the three places

    def _read(self) -> str | None:
        from_environment = os.environ.get(TOKEN_ENVIRONMENT_VARIABLE)
        if from_environment:
            if len(from_environment) < MINIMUM_TOKEN_LENGTH:
                raise TokenError(
                    f"{TOKEN_ENVIRONMENT_VARIABLE} holds {len(from_environment)} characters; "
                    f"use at least {MINIMUM_TOKEN_LENGTH} random ones (for example the output "
                    "of: python -c 'import secrets; print(secrets.token_urlsafe(32))')."
                )
            remember_secret_value(from_environment)
            return from_environment
        if self.source.token_file is not None:
            return _read_token_file(self.source.token_file)
        self._require_keyring()
        try:
            token = self._keyring.get(self.source.keyring_entry, fresh=True)
        except SecretAccessError as error:
            raise TokenError(str(error)) from None
        return token

    def _write(self, token: str) -> None:
        remember_secret_value(token)
        if self.source.token_file is not None:
            _write_token_file(self.source.token_file, token)
            return
        self._require_keyring()
        try:
            self._keyring.set(self.source.keyring_entry, token)
        except SecretAccessError as error:
            raise TokenError(str(error)) from None

    def _require_keyring(self) -> None:
        if not self._keyring.available:
            raise TokenError(
                f"No system keyring can keep the server's access token ({self._keyring.headline}). "
                f"Set the environment variable {TOKEN_ENVIRONMENT_VARIABLE} to a random value "
                f"of at least {MINIMUM_TOKEN_LENGTH} characters, or start with "
                "--token-file FILE (the server makes the file, readable by you only), "
                "or unlock or install a keyring (GNOME Keyring, KWallet)."
            )


def _read_token_file(path: Path) -> str | None:
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise TokenError(
            f"The token file {path} can be read by other users (mode "
            f"{stat.S_IMODE(info.st_mode):o}); run: chmod 600 {path}"
        )
    token = path.read_text(encoding="utf-8").strip()
    if len(token) < MINIMUM_TOKEN_LENGTH:
        raise TokenError(
            f"The token file {path} holds {len(token)} characters; use at least "
            f"{MINIMUM_TOKEN_LENGTH} random ones, or delete it to have a new token made."
        )
    remember_secret_value(token)
    return token


def _write_token_file(path: Path, token: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(token + "\n")
