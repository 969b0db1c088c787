"""Loading the plugin and reading its configuration must not import the MCP SDK, its pydantic
types, anyio or httpx2: they arrive when a server is started."""

from __future__ import annotations

from tests.support.import_probe import load_entry_point, sdk_modules_imported_by


def test_discovery_configuration_and_status_import_no_sdk():
    code = (
        "import mcp_tools\n"
        + load_entry_point("agent_core.plugins", "mcp_tools")
        + "tools = plugin()\n"
        "tools.get_config_schema()\n"
        "state = tools.init({'mcp_servers': {\n"
        "    'local': {'command': 'some-mcp-server', 'args': ['--stdio']},\n"
        "    'remote': {'transport': 'http', 'url': 'http://127.0.0.1:9/mcp'},\n"
        "}})\n"
        "assert tools.get_tool_schemas(state) == []\n"
        "assert [s['state'] for s in tools.server_status()] == ['stopped', 'stopped']\n"
    )
    assert sdk_modules_imported_by(code) == []
