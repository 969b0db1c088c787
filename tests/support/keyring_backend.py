"""An in-process keyring backend for tests, so no test touches the real user's keyring.

This is a test double by necessity: the real Secret Service is exercised separately by the
integration test that starts gnome-keyring under dbus-run-session.
"""

from __future__ import annotations

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    """Keeps secrets in a dict for the lifetime of the process."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.secrets[(service, username)]
        except KeyError:
            raise PasswordDeleteError(f"no secret stored for {username!r}") from None
