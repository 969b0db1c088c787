"""The bundle's runtime hook gives programs the app starts the user's LD_LIBRARY_PATH back."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.packaging.bundle_build import REPO

HOOK = REPO / "packaging" / "pyinstaller" / "rthook_child_library_path.py"
# Runs the hook as the bootloader would (before the app), then starts a child like a tool does.
PROBE = f"""
import runpy, subprocess
runpy.run_path({str(HOOK)!r})
child = subprocess.run(["sh", "-c", 'echo "${{LD_LIBRARY_PATH-unset}}"'], capture_output=True,
                       text=True, check=True)
print(child.stdout.strip())
"""


def library_path_seen_by_child(environment: dict[str, str]) -> str:
    base = {k: v for k, v in os.environ.items() if not k.startswith("LD_LIBRARY_PATH")}
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={**base, **environment},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stdout.strip()


def test_child_gets_the_users_library_path_back():
    environment = {
        "LD_LIBRARY_PATH": "/opt/bundle/_internal:/home/u/lib",
        "LD_LIBRARY_PATH_ORIG": "/home/u/lib",
    }
    assert library_path_seen_by_child(environment) == "/home/u/lib"


def test_child_has_no_library_path_when_the_user_had_none():
    assert library_path_seen_by_child({"LD_LIBRARY_PATH": "/opt/bundle/_internal"}) == "unset"


@pytest.mark.packaging
def test_the_bundle_runs_the_hook(bundle):
    # PyInstaller's package table of the build that produced the bundle lists its runtime hooks.
    package_table = REPO / "packaging" / "build" / "work" / "agent-desktop" / "PKG-00.toc"
    assert "rthook_child_library_path" in package_table.read_text()
