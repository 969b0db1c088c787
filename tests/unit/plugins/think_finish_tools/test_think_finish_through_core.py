"""think and finish through `AgentCore`: read-only annotations and result messages."""

from __future__ import annotations

import json

from agent_core import AgentCore
from scripted_provider import ScriptedProvider
from think_finish_tools import ThinkFinishTools


async def test_finish_result_message_through_the_core():
    core = AgentCore()
    core.register_provider(ScriptedProvider)
    core.register_tool(ThinkFinishTools)
    config = {"provider": "scripted"}
    annotations = {
        d.tool_name: d.metadata["annotations"] for d in core.get_tool_descriptors(config)
    }
    assert annotations["think"]["readOnlyHint"] is annotations["finish"]["readOnlyHint"] is True
    arguments = json.dumps({"message": "Report written to out.md"})
    (message,) = await core.aexecute_tool_calls(
        [{"id": "f1", "type": "function", "function": {"name": "finish", "arguments": arguments}}],
        config,
    )
    assert message["content"] == "Task finished: Report written to out.md"
    assert message["metadata"]["is_error"] is False
    assert message["metadata"]["display"]["single_line"] == "Finished: Report written to out.md"
