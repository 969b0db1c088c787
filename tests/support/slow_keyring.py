"""A keyring backend whose writes take as long as a test wants: the Secret Service takes that
long when its unlock prompt waits for the user, or when D-Bus is slow.

A real backend (keyring's plugin point), kept in memory like `MemoryKeyring`; each
`set_password` (and with `slow_reads` each `get_password`) waits until the test calls
`let_through()` (or `longest` seconds have passed).
"""

from __future__ import annotations

import threading

from tests.support.keyring_backend import MemoryKeyring


class SlowKeyring(MemoryKeyring):
    def __init__(self, longest: float = 30.0, *, slow_reads: bool = False) -> None:
        super().__init__()
        self.longest = longest
        self.slow_reads = slow_reads
        self.reading = threading.Event()  # a read has started and is waiting
        self.writing = threading.Event()  # a write has started and is waiting
        self.writes_done = 0
        self._go = threading.Event()

    def let_through(self) -> None:
        """Let the waiting write, and every later one, finish."""
        self._go.set()

    def set_password(self, service: str, username: str, password: str) -> None:
        self.writing.set()
        self._go.wait(self.longest)
        super().set_password(service, username, password)
        self.writes_done += 1

    def get_password(self, service: str, username: str) -> str | None:
        if self.slow_reads:
            self.reading.set()
            self._go.wait(self.longest)
        return super().get_password(service, username)
