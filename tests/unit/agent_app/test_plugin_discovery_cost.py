"""Discovering every installed plugin at start-up imports no SDK (they load on first use)."""

from tests.support.import_probe import sdk_modules_imported_by

DISCOVER_INSTALLED_PLUGINS = """
from types import SimpleNamespace
from agent_app.plugin_discovery import discover_plugins
paths = SimpleNamespace(user_plugins_dir=None)
catalog = discover_plugins(paths, SimpleNamespace(plugin_folders=[]))
assert not catalog.failed(), catalog.failed()
assert len(catalog.loaded()) >= 10, [record.name for record in catalog.records]
"""


def test_discovering_the_installed_plugins_imports_no_sdk():
    assert sdk_modules_imported_by(DISCOVER_INSTALLED_PLUGINS) == []
