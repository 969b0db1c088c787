"""Fixtures the GUI tests share: the Qt-driven asyncio loop and an application whose default agent
answers through the scripted provider."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.support.qt_async import QtAsync
from tests.support.qt_async import qt_async as qt_async  # a fixture, registered by importing it

from agent_app.application import AgentApplication
from agent_app.config import ProviderConfig
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations
from scripted_provider import ScriptedProvider


@pytest.fixture(autouse=True, scope="session")
def english(qapp: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Widgets built here speak English as a user's window does: with its plural forms
    ("1 tool", "2 tools"), which the English catalogue holds."""
    Translations(qapp, tmp_path_factory.mktemp("cache")).use(SOURCE_LANGUAGE)


@pytest.fixture
def qt_loop(qt_async: QtAsync) -> QtAsync:
    """The same loop under the name most GUI tests use."""
    return qt_async


@pytest.fixture
def app_plugins() -> list[type]:
    """Plugins `app` loads beside the scripted provider; a module overrides this to add its own."""
    return []


@pytest.fixture
def app(app_plugins: list[type]) -> Iterator[AgentApplication]:
    """An application in the test's fresh home whose default agent talks to the scripted provider
    (provider entry "local"); closed after the test."""
    application = AgentApplication(plugins=[ScriptedProvider, *app_plugins])
    application.config.providers["local"] = ProviderConfig(provider="scripted")
    application.config.agents["default"].provider = "local"
    application.configuration.save_config()
    yield application
    application.close()
