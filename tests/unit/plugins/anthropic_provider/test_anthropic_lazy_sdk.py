"""Loading the plugin (as discovery does at start-up) must not import the anthropic or openai
SDKs (it shares openai_provider's modules) nor httpx."""

from __future__ import annotations

from tests.support.import_probe import load_entry_point, sdk_modules_imported_by


def test_discovery_and_configuration_import_no_sdk():
    code = (
        "import anthropic_provider\n"
        + load_entry_point("agent_core.plugins", "anthropic")
        + "provider = plugin()\n"
        "provider.get_config_schema()\n"
        "provider.get_ui_elements({})\n"
        "provider.init({'api_key': 'test-key', 'model': 'claude-sonnet-4-6'})\n"
    )
    assert sdk_modules_imported_by(code) == []


def test_first_client_imports_only_its_own_sdk():
    code = (
        "from anthropic_provider.provider import ServerSettings\n"
        "ServerSettings({'api_key': 'test-key'}).client()\n"
    )
    imported = set(sdk_modules_imported_by(code))
    assert "anthropic" in imported
    assert "openai" not in imported
