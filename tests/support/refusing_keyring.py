"""A keyring backend that refuses access, for testing how the app copes with a locked keyring.

A test double by necessity: a real Secret Service cannot be made to decline unlock prompts
headlessly. It answers the start-up availability probe unless `refuse_probe` is set, so it
models a keyring that was usable when the app started and is locked now.
"""

from __future__ import annotations

from keyring.backend import KeyringBackend
from keyring.errors import KeyringLocked

AVAILABILITY_PROBE = "__availability_probe__"


class RefusingKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def __init__(self, refuse_probe: bool = False) -> None:
        super().__init__()
        self.refuse_probe = refuse_probe

    def get_password(self, service: str, username: str) -> str | None:
        if username == AVAILABILITY_PROBE and not self.refuse_probe:
            return None
        raise KeyringLocked("the collection is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise KeyringLocked("the collection is locked")

    def delete_password(self, service: str, username: str) -> None:
        raise KeyringLocked("the collection is locked")
