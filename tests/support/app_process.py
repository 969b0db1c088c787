"""Start the real app in a subprocess and read what its window shows (see `start_probe`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_SECONDS = 120


def start_app(
    home: Path, *, wrapper: list[str] | None = None, try_saves: bool = False
) -> dict[str, Any]:
    """Start the real app on `home` in a subprocess; what its window shows once ready.

    `wrapper` is a command prefix (a mount namespace, ...) the app runs under; with `try_saves`
    the app then saves its settings and starts a new chat (see `start_probe`).
    """
    command = [sys.executable, "-m", "tests.support.start_probe", "--data-dir", str(home)]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if try_saves:
        env["START_PROBE_SAVES"] = "1"
    result = subprocess.run(
        [*(wrapper or []), *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT_SECONDS,
    )
    assert result.returncode == 0, f"the app did not start:\n{result.stderr[-4000:]}"
    report: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return report
