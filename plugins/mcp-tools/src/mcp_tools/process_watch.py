"""What the stdio transport learns about a server process: pid, exit code and stderr tail.

Kept apart from the transport (which needs the MCP SDK and anyio) so that a server's status can
be kept and shown without importing either.
"""

from __future__ import annotations

import asyncio
import collections
from dataclasses import dataclass, field

STDERR_TAIL_LINES = 40


@dataclass
class ProcessWatch:
    """What the transport learned about its server process; read by status and errors."""

    stderr_lines: collections.deque[str] = field(
        default_factory=lambda: collections.deque(maxlen=STDERR_TAIL_LINES)
    )
    pid: int | None = None
    exit_code: int | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    def stderr_tail(self, lines: int = STDERR_TAIL_LINES) -> str:
        return "\n".join(list(self.stderr_lines)[-lines:])
