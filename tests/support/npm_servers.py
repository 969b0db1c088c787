"""MCP servers published on npm, installed for the tests that run them.

Each is installed with npm into pytest's cache folder on first use (a few seconds, then reused;
without the cache plugin, `-p no:cacheprovider`, into the run's temporary folder each run); a
test that needs one is skipped only when npm itself is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.file_lock import held_lock


def installed_npm_package(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    packages: dict[str, str],
) -> Path:
    """The folder whose ``node_modules`` holds `packages` (name → pinned version)."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed, so the MCP servers from npm cannot be installed")
    names = "-".join(
        f"{name.rsplit('/', 1)[-1]}-{version}" for name, version in sorted(packages.items())
    )
    folder_name = f"npm-{names}"
    # `config.cache` exists only while pytest's cache plugin is on.
    cache = getattr(request.config, "cache", None)
    prefix = Path(cache.mkdir(folder_name)) if cache else tmp_path_factory.mktemp(folder_name)
    with held_lock(prefix / ".install.lock"):
        missing = [
            f"{name}@{version}"
            for name, version in packages.items()
            if not (prefix / "node_modules" / name / "package.json").is_file()
        ]
        if missing:
            subprocess.run(
                [npm, "install", "--no-audit", "--no-fund", "--prefix", str(prefix), *missing],
                check=True,
                capture_output=True,
                timeout=300,
            )
    return prefix
