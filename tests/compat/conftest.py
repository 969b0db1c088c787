"""Fixtures of the compatibility tests: a real application over a temp data dir."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from agent_app.application import AgentApplication
from agent_app.paths import resolve_paths


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Callable[..., AgentApplication]]:
    """`make_app(*plugins)`: an application with exactly these plugins, closed at teardown."""
    made: list[AgentApplication] = []

    def make(*plugins: Any) -> AgentApplication:
        app = AgentApplication(resolve_paths(tmp_path / "home"), plugins=list(plugins))
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()
