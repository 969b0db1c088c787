"""File tools through `AgentCore`, with the application's context giving the workspace."""

from __future__ import annotations

import json
from pathlib import Path

from agent_core import AgentCore
from file_tools import FileTools
from scripted_provider import ScriptedProvider


def tool_call(call_id: str, name: str, **arguments: object) -> dict:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments)},
    }


async def test_write_edit_read_and_an_escape_through_the_core(tmp_path: Path):
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_tool(FileTools)
    config = {"provider": "scripted", "agent_id": "writer"}
    context = {"runtime_state_root": str(tmp_path / "state")}
    descriptors = {
        d.tool_name: d.metadata["annotations"] for d in core.get_tool_descriptors(config)
    }
    assert descriptors["read_file"]["readOnlyHint"] is True
    assert descriptors["edit_file"]["readOnlyHint"] is False

    calls = [
        tool_call("c1", "write_file", path="notes.md", content="alpha\nbeta\n"),
        tool_call("c2", "edit_file", path="notes.md", old_string="beta", new_string="gamma\ndelta"),
        tool_call("c3", "read_file", path="notes.md"),
        tool_call("c4", "read_file", path="../../outside.txt"),
    ]
    previews = core.get_tool_call_previews(calls, config)
    assert [p["preview"] for p in previews] == [
        "Write notes.md (2 lines, 11 B)",
        "Edit notes.md: replace 1 line(s) with 2 line(s)",
        "Read notes.md",
        "Read ../../outside.txt",
    ]
    written, edited, read, escaped = await core.aexecute_tool_calls(calls, config, context=context)
    assert (tmp_path / "state" / "workspaces" / "writer" / "notes.md").read_text() == (
        "alpha\ngamma\ndelta\n"
    )
    assert written["metadata"]["display"]["single_line"] == "write notes.md (+2 −0) new file"
    assert edited["metadata"]["display"]["single_line"] == "edit notes.md (+2 −1)"
    assert edited["content"].startswith("--- a/notes.md\n+++ b/notes.md\n")
    assert read["content"] == "alpha\ngamma\ndelta\n"
    assert escaped["metadata"]["is_error"] is True
    assert "is outside the workspace folder" in escaped["content"]
