"""Where tests put the pictures they take, for people to look at.

In the folder the environment variable `AGENT_DESKTOP_SCREENSHOTS` names, when it is set (a
session that wants to look at them sets it); otherwise in a temporary folder of this test run.
Tests write nowhere else.
"""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path

ENVIRONMENT_VARIABLE = "AGENT_DESKTOP_SCREENSHOTS"


@lru_cache(maxsize=1)
def _root() -> Path:
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    return Path(chosen) if chosen else Path(tempfile.mkdtemp(prefix="agent-desktop-shots-"))


def shots_folder(name: str) -> Path:
    """The folder `name` below the screenshot root (the root exists; `name` may not yet)."""
    root = _root()
    root.mkdir(parents=True, exist_ok=True)
    return root / name
