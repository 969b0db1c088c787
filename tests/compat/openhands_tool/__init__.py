"""Writing the OpenHands SDK guide's custom tool into a plugin folder, with either SDK's imports."""

from __future__ import annotations

import json
from pathlib import Path

BODY = (Path(__file__).parent / "grep_tool_body.txt").read_text(encoding="utf-8")

REAL_SDK_IMPORTS = """\
from openhands.sdk import Action, ImageContent, Observation, TextContent, ToolDefinition
from openhands.sdk.tool import ToolExecutor
"""
OUR_COPY_IMPORTS = """\
from agent_app.adapters.openhands import (
    Action, ImageContent, Observation, TextContent, ToolDefinition, ToolExecutor,
)
"""


def write_grep_plugin_folder(folder: Path, imports: str, package: str) -> Path:
    """A plugin folder (agent_plugin.json + package) holding the guide's GrepTool."""
    (folder / package).mkdir(parents=True)
    (folder / package / "__init__.py").write_text("", encoding="utf-8")
    (folder / package / "grep_tool.py").write_text(imports + BODY, encoding="utf-8")
    descriptor = {"entries": [f"{package}.grep_tool.GrepTool"]}
    (folder / "agent_plugin.json").write_text(json.dumps(descriptor), encoding="utf-8")
    return folder
