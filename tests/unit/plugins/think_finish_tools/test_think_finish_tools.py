"""The think and finish tools through their plugin hooks."""

from __future__ import annotations

from importlib.metadata import entry_points

from think_finish_tools import ThinkFinishTools


def test_entry_point_names_the_plugin_class():
    (entry,) = [e for e in entry_points(group="agent_core.plugins") if e.name == "think_finish"]
    assert entry.load() is ThinkFinishTools


def test_both_tools_are_read_only_chat_function_schemas():
    schemas = ThinkFinishTools().get_tool_schemas({})
    assert [s["function"]["name"] for s in schemas] == ["think", "finish"]
    for schema in schemas:
        assert schema["type"] == "function"
        assert schema["annotations"]["readOnlyHint"] is True
        assert schema["annotations"]["openWorldHint"] is False


def test_think_logs_the_thought_and_shows_it():
    plugin = ThinkFinishTools()
    state = plugin.init({})
    thought = "First read the config, then decide.\nSecond line."
    assert plugin.format_tool_call_preview("think", {"thought": thought}, state) == (
        "Think: First read the config, then decide.…"
    )
    result = plugin.execute_tool("think", {"thought": thought}, state)
    assert result["success"] is True
    text = plugin.format_tool_result(result, state)
    display = plugin.to_display_format(text, result, state)
    assert display["content"] == thought
    assert display["single_line"] == "Thought: First read the config, then decide.…"


def test_finish_carries_the_message_and_a_finish_flag():
    plugin = ThinkFinishTools()
    state = plugin.init({})
    result = plugin.execute_tool("finish", '{"message": "All 3 files renamed."}', state)
    assert result == {
        "success": True,
        "result": "All 3 files renamed.",
        "finish": True,
        "message": "All 3 files renamed.",
    }
    assert plugin.format_tool_result(result, state) == "Task finished: All 3 files renamed."
    display = plugin.to_display_format(plugin.format_tool_result(result, state), result, state)
    assert display["single_line"] == "Finished: All 3 files renamed."


def test_long_single_line_is_cut_with_an_ellipsis():
    plugin = ThinkFinishTools()
    result = plugin.execute_tool("finish", {"message": "x" * 200}, {})
    single_line = plugin.to_display_format("", result, {})["single_line"]
    assert single_line.endswith("…")
    assert len(single_line) <= len("Finished: ") + 80


def test_missing_or_empty_arguments_are_clear_errors():
    plugin = ThinkFinishTools()
    result = plugin.execute_tool("think", {"thought": "  "}, {})
    assert result["success"] is False
    assert "'thought' is required" in result["error"]
    assert plugin.format_tool_result(result, {}).startswith("Error: think:")
    display = plugin.to_display_format("Error", result, {})
    assert display["single_line"].startswith("think failed:")
    assert plugin.execute_tool("finish", "[1, 2]", {})["error"] == (
        "finish: The arguments must be a JSON object."
    )


def test_unknown_tool_names_the_tools_offered():
    result = ThinkFinishTools().execute_tool("ponder", {}, {})
    assert result["success"] is False
    assert "'think'" in result["error"]
    assert "'finish'" in result["error"]
