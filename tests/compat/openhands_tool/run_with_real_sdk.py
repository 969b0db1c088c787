"""Run by the Python 3.12 environment that has the real openhands-sdk (see test_openhands_sdk).

Usage: run_with_real_sdk.py <plugin folder> <folder to search>. Discovers the plugin folder the
way the application does, runs the tool through `AgentCore`, and prints what it saw as JSON.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from agent_app.adapters.openhands import OpenHandsToolPlugin
from agent_app.paths import resolve_paths
from agent_app.plugin_discovery import discover_plugins
from agent_app.settings import Settings
from agent_core import AgentCore
from scripted_provider import ScriptedProvider


def main() -> None:
    folder, searched = Path(sys.argv[1]), Path(sys.argv[2])
    catalog = discover_plugins(resolve_paths(), Settings(plugin_folders=[str(folder)]))
    record = catalog.get("GrepTool")
    if record is None or not record.ok:
        print(json.dumps({"error": getattr(record, "error", "not found")}))
        return
    plugin = record.plugin
    [tool] = plugin.tools.values()
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_tool(plugin)
    call = {
        "id": "call_1",
        "type": "function",
        "function": {
            "name": "grep",
            "arguments": json.dumps({"pattern": "needle", "path": str(searched)}),
        },
    }
    [result] = core.execute_tool_calls([call], {"provider": "scripted"})
    print(
        json.dumps(
            {
                "adapter": isinstance(plugin, OpenHandsToolPlugin),
                "tool_module": type(tool).__mro__[1].__module__,
                "sdk_base": [
                    c.__module__ for c in type(tool).__mro__ if c.__name__ == "ToolDefinition"
                ],
                "schema_names": [
                    s["function"]["name"] for s in core.get_tool_schemas({"provider": "scripted"})
                ],
                "responses_name": tool.to_responses_tool()["name"],
                "visualize_type": type(tool.action_type(pattern="x").visualize).__module__,
                "result": result,
            }
        )
    )


if __name__ == "__main__":
    main()
