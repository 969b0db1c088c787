"""Loading the plugin (as discovery does at start-up) must not import the openai SDK or httpx."""

from __future__ import annotations

from tests.support.import_probe import load_entry_point, sdk_modules_imported_by


def test_discovery_and_configuration_import_no_sdk():
    code = (
        "import openai_provider\n"
        + load_entry_point("agent_core.plugins", "openai_compatible")
        + "provider = plugin()\n"
        "provider.get_config_schema()\n"
        "provider.get_ui_elements({})\n"
        "provider.init({'preset': 'ollama', 'model': 'llama3'})\n"
    )
    assert sdk_modules_imported_by(code) == []


def test_first_client_imports_the_sdk():
    code = (
        "from openai_provider.provider import ServerSettings\n"
        "ServerSettings({'preset': 'ollama', 'model': 'llama3'}).client()\n"
    )
    assert {"openai", "httpx2"} <= set(sdk_modules_imported_by(code))
