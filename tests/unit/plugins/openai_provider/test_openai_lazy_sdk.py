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


def test_a_cloud_server_without_a_key_is_not_asked_for_its_models():
    # First run: the default agent points at OpenAI with no key yet. Listing would be refused,
    # so the provider answers with the configured model and loads no SDK for it.
    code = (
        "from openai_provider import OpenAICompatibleProvider\n"
        "models = OpenAICompatibleProvider().get_models({'preset': 'openai', 'model': 'gpt-x'})\n"
        "assert [m['id'] for m in models] == ['gpt-x'], models\n"
    )
    assert sdk_modules_imported_by(code) == []


def test_detecting_local_servers_loads_no_http_stack():
    code = (
        "import asyncio\n"
        "from openai_provider import OpenAICompatibleProvider, Preset\n"
        "nothing_there = Preset('x', 'X', 'http://127.0.0.1:9/v1', local=True)\n"
        "from openai_provider.presets import detect_local_servers\n"
        "assert asyncio.run(detect_local_servers(0.5, [nothing_there])) == []\n"
    )
    assert sdk_modules_imported_by(code) == []
