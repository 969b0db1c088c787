"""What the transports learn about a server: pid, exit code, stderr tail, and its log.

Kept apart from the transport (which needs the MCP SDK and anyio) so that a server's status and
log can be kept and shown without importing either.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable
from dataclasses import dataclass, field

STDERR_TAIL_LINES = 40
LOG_LINES = 1000


class ServerLog:
    """One server's log across its restarts: stderr lines, its `notifications/message` and what
    happened to it (started, exited, reconnected, tools changed). Newest last, bounded."""

    def __init__(self, max_lines: int = LOG_LINES) -> None:
        self.entries: collections.deque[tuple[float, str, str]] = collections.deque(
            maxlen=max_lines
        )

    def add(self, source: str, text: str) -> None:
        self.entries.append((time.time(), source, text))

    def text(self, redact: Callable[[str], str]) -> str:
        """The log as lines ``HH:MM:SS source: text``, secrets hidden by ``redact``."""
        return "\n".join(
            f"{time.strftime('%H:%M:%S', time.localtime(when))} {source}: {redact(text)}"
            for when, source, text in self.entries
        )


@dataclass
class ProcessWatch:
    """What the transport learned about its server process; read by status and errors."""

    stderr_lines: collections.deque[str] = field(
        default_factory=lambda: collections.deque(maxlen=STDERR_TAIL_LINES)
    )
    pid: int | None = None
    exit_code: int | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    log: ServerLog = field(default_factory=ServerLog)

    def add_stderr(self, line: str) -> None:
        self.stderr_lines.append(line)
        self.log.add("stderr", line)

    def stderr_tail(self, lines: int = STDERR_TAIL_LINES) -> str:
        return "\n".join(list(self.stderr_lines)[-lines:])
