"""The built bundle for the packaging smoke tests: reused when fresh, rebuilt when stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.packaging.bundle_build import BUILD_TIMEOUT_SECONDS, fresh_bundle


@pytest.fixture(scope="session")
def bundle() -> Path:
    """The one-folder bundle, built by packaging/build-linux.sh unless a fresh one exists."""
    return fresh_bundle()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that needs the bundle may build it first: its time limit (pyproject's `timeout`)
    leaves room for the build's own."""
    for item in items:
        if "bundle" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.timeout(BUILD_TIMEOUT_SECONDS + 600))
