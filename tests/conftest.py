"""Suite-wide fixtures: no test touches the real user's directories or keyring."""

from __future__ import annotations

import os

# Set before anything imports Qt or qasync: offscreen rendering and a deterministic binding.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import keyring
import pytest

from tests.support.keyring_backend import MemoryKeyring


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point every platformdirs-derived path of the app at a fresh temporary folder."""
    home = tmp_path_factory.mktemp("agent-desktop-home")
    monkeypatch.setenv("AGENT_DESKTOP_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def memory_keyring() -> MemoryKeyring:
    """Install an in-process keyring backend for the duration of each test."""
    previous = keyring.get_keyring()
    backend = MemoryKeyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)
