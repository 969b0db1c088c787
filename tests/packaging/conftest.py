"""The built bundle for the packaging smoke tests: reused when fresh, rebuilt when stale."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.packaging.bundle_build import (
    BINARY,
    BUILD_SCRIPT,
    BUILD_TIMEOUT_SECONDS,
    BUNDLE_DIR,
    REPO,
    bundle_is_fresh,
)
from tests.support.file_lock import held_lock


@pytest.fixture(scope="session")
def bundle() -> Path:
    """The one-folder bundle, built by packaging/build-linux.sh unless a fresh one exists."""
    with held_lock(BUNDLE_DIR.parent / ".build.lock"):
        _build_unless_fresh()
    assert BINARY.is_file(), f"the build did not produce {BINARY}"
    return BUNDLE_DIR


def _build_unless_fresh() -> None:
    if not bundle_is_fresh():
        environment = {k: v for k, v in os.environ.items() if k != "AGENT_DESKTOP_HOME"}
        result = subprocess.run(
            ["bash", str(BUILD_SCRIPT)],
            cwd=REPO,
            env=environment,
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT_SECONDS,
            check=False,
        )
        if result.returncode != 0:
            pytest.fail(
                f"packaging/build-linux.sh failed with exit code {result.returncode}:\n"
                f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
            )
        print(result.stdout[-600:])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that needs the bundle may build it first: its time limit (pyproject's `timeout`)
    leaves room for the build's own."""
    for item in items:
        if "bundle" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.timeout(BUILD_TIMEOUT_SECONDS + 600))
