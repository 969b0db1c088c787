"""The bundle's binary runs the app's helper modules (`agent-desktop -m <module>`), as the
process supervisor and the plugin import check need: the bundle has no `python`."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from agent_core import process_supervisor
from agent_core.helper_programs import helper_command
from tests.packaging.bundle_build import REPO

LAUNCHER = REPO / "packaging" / "pyinstaller" / "launcher.py"


def test_in_the_bundle_a_helper_is_the_bundles_own_binary_with_the_module(monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/agent-desktop/agent-desktop")
    command = helper_command(
        process_supervisor.__name__, process_supervisor.__file__, standard_library_only=True
    )
    assert command == ["/opt/agent-desktop/agent-desktop", "-m", "agent_core.process_supervisor"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the supervisor needs Linux")
def test_the_launcher_runs_a_helper_module_with_its_arguments():
    """The frozen entry script, run by this interpreter: `-m` hands over to the module."""
    command = ["sh", "-c", "echo from the command; exit 4"]
    result = subprocess.run(
        [
            sys.executable,
            str(LAUNCHER),
            "-m",
            process_supervisor.__name__,
            str(os.getpid()),
            *command,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (4, "from the command\n"), result.stderr
