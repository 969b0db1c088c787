"""A process that crashes hard the way the app can: its crash dump open, then a segfault."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Opens the crash dump as `agent-desktop` does before Qt starts, then dies in a C call (as a
# plugin's C extension or Qt can): faulthandler writes the stack, no Python code runs after.
_CRASHING_SCRIPT = """
import faulthandler, sys
from pathlib import Path
from agent_desktop.system.crash_dump import CrashDump
dump = CrashDump.start(Path(sys.argv[1]))
def render_the_answer():
    faulthandler._sigsegv()
render_the_answer()
"""


def crash_a_process(log_dir: Path) -> None:
    """Run a process that opens its crash dump in `log_dir`, then segfaults in
    `render_the_answer`; returns once it is dead."""
    result = subprocess.run(
        [sys.executable, "-c", _CRASHING_SCRIPT, str(log_dir)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode < 0, result.stderr[-2000:]  # ended by the signal
