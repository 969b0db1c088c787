"""Where the bundle is, whether it is fresh, and the scrubbed environment it runs in.

A build is fresh when `packaging/build/bundle.fingerprint` (written by `packaging/build-linux.sh`)
matches the fingerprint of the current sources, so a test run right after
`packaging/build-linux.sh` does not build twice, and a run after a source change never tests an
old bundle.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.file_lock import held_lock

REPO = Path(__file__).resolve().parents[2]
BUNDLE_DIR = REPO / "packaging" / "dist" / "agent-desktop"
BINARY = BUNDLE_DIR / "agent-desktop"
BUILD_SCRIPT = REPO / "packaging" / "build-linux.sh"
# A cold build (PyInstaller fetched, every binary analysed) takes a few minutes on two cores.
BUILD_TIMEOUT_SECONDS = 20 * 60


def load_packaging_module(relative_path: str) -> ModuleType:
    """A module from packaging/, which is no import package (`packaging` is a PyPI library)."""
    path = REPO / "packaging" / relative_path
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module


def bundle_is_fresh() -> bool:
    fingerprints = load_packaging_module("bundle_fingerprint.py")
    stamp = fingerprints.STAMP_FILE
    if not BINARY.is_file() or not stamp.is_file():
        return False
    return stamp.read_text().strip() == fingerprints.fingerprint()


def scrubbed_environment(root: Path) -> dict[str, str]:
    """No Python or app variables from the test process; user folders under `root`."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "UV_", "AGENT_DESKTOP", "XDG_"))
    }
    home = root / "home"
    home.mkdir()
    environment.update(
        HOME=str(home),
        XDG_RUNTIME_DIR=str(root),
        QT_QPA_PLATFORM="offscreen",
        PATH="/usr/bin:/bin",
    )
    return environment


def fresh_bundle() -> Path:
    """The one-folder bundle, built by packaging/build-linux.sh unless a fresh one exists (one
    build at a time, across test processes)."""
    with held_lock(BUNDLE_DIR.parent / ".build.lock"):
        if not bundle_is_fresh():
            _build()
    assert BINARY.is_file(), f"the build did not produce {BINARY}"
    return BUNDLE_DIR


def _build() -> None:
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
