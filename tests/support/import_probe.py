"""What a fresh interpreter has imported after running some code: for keeping plugin loading cheap.

Plugin discovery imports every plugin at start-up, so a plugin package must not pull in its
SDK (``openai``, ``anthropic``, ``mcp``, ``httpx``, ``pydantic``, ...) until a request needs it.
The probe runs in a new process because this test process has long imported all of them.
"""

from __future__ import annotations

import json
import subprocess
import sys

#: Modules that cost tens of MB and up to a second each to import.
SDK_MODULES = ("openai", "anthropic", "mcp", "mcp_types", "httpx", "httpx2", "anyio", "pydantic")


def sdk_modules_imported_by(code: str) -> list[str]:
    """The `SDK_MODULES` packages (or their submodules) in `sys.modules` after `code` ran in a
    fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    output = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert output.returncode == 0, f"the probe failed:\n{output.stderr}"
    loaded = json.loads(output.stdout.strip().splitlines()[-1])
    return sorted({name.split(".")[0] for name in loaded if name.split(".")[0] in SDK_MODULES})


def load_entry_point(group: str, name: str) -> str:
    """Code that loads the entry point `name` of `group` the way discovery does, as `plugin`."""
    return (
        "from importlib.metadata import entry_points\n"
        f"(entry,) = entry_points(group={group!r}, name={name!r})\n"
        "plugin = entry.load()\n"
    )
