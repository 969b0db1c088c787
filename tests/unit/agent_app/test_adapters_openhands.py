"""The OpenHands-style tool model and its core tool plugin adapter, with tools written here."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

import pytest
from pydantic import BaseModel, Field

from agent_app.adapters.openhands import (
    Action,
    FinishAction,
    FinishTool,
    ImageContent,
    Observation,
    OpenHandsToolPlugin,
    TextContent,
    ThinkTool,
    ToolAnnotations,
    ToolDefinition,
    ToolExecutor,
)

PIXEL = "data:image/png;base64,iVBORw0KGgo="


class Region(BaseModel):
    width: int
    height: int


class ScreenshotAction(Action):
    url: str = Field(description="Page to capture")
    mode: Literal["full", "viewport"] = "viewport"
    region: Region | None = None


class ScreenshotObservation(Observation):
    pass


class ScreenshotExecutor(ToolExecutor[ScreenshotAction, ScreenshotObservation]):
    def __init__(self) -> None:
        self.closed = False

    def __call__(self, action: ScreenshotAction, conversation: Any = None) -> ScreenshotObservation:
        if action.url.startswith("bad:"):
            return ScreenshotObservation.from_text(f"cannot open {action.url}", is_error=True)
        return ScreenshotObservation(
            content=[TextContent(text=f"captured {action.url}"), ImageContent(image_urls=[PIXEL])]
        )

    def close(self) -> None:
        self.closed = True


class ScreenshotTool(ToolDefinition[ScreenshotAction, ScreenshotObservation]):
    @classmethod
    def create(cls, conv_state: Any = None, **params: Any) -> Sequence[ScreenshotTool]:
        return [
            cls(
                description="Capture a web page",
                action_type=ScreenshotAction,
                observation_type=ScreenshotObservation,
                annotations=ToolAnnotations(title="Screenshot", readOnlyHint=True),
                executor=ScreenshotExecutor(),
            )
        ]


class CountAction(Action):
    upto: int


class AsyncCounter(ToolExecutor[CountAction, Observation]):
    async def __call__(self, action: CountAction, conversation: Any = None) -> dict[str, Any]:
        await asyncio.sleep(0)
        # Returned as plain data on purpose: the tool coerces it into its observation type.
        return {"content": [{"type": "text", "text": ",".join(map(str, range(action.upto)))}]}


class CountObservation(Observation):
    pass


class CountTool(ToolDefinition[CountAction, CountObservation]):
    name: ClassVar[str] = "count"

    @classmethod
    def create(cls, conv_state: Any = None, **params: Any) -> Sequence[CountTool]:
        return [
            cls(
                description="Count",
                action_type=CountAction,
                observation_type=CountObservation,
                executor=AsyncCounter(),
            )
        ]


def test_action_schema_becomes_the_tool_parameters() -> None:
    [tool] = ScreenshotTool.create()

    schema = tool.to_openai_tool()

    assert tool.tool_name == "screenshot"  # from the class name
    assert tool.title == "Screenshot"
    assert schema["type"] == "function"
    function = schema["function"]
    assert function["name"] == "screenshot"
    assert function["description"] == "Capture a web page"
    parameters = function["parameters"]
    assert parameters["required"] == ["url"]
    assert parameters["properties"]["url"] == {"type": "string", "description": "Page to capture"}
    assert parameters["properties"]["mode"]["enum"] == ["full", "viewport"]
    assert "title" not in parameters
    assert parameters["$defs"]["Region"]["properties"]["width"] == {"type": "integer"}
    with_risk = tool.to_openai_tool(add_security_risk_prediction=True)["function"]["parameters"]
    assert with_risk["required"] == ["url", "security_risk"]
    assert with_risk["properties"]["security_risk"]["enum"] == ["LOW", "MEDIUM", "HIGH", "UNKNOWN"]


def test_mcp_export_and_annotations_defaults() -> None:
    [tool] = ScreenshotTool.create()

    mcp_tool = tool.to_mcp_tool()

    assert mcp_tool["name"] == "screenshot"
    assert mcp_tool["inputSchema"]["required"] == ["url"]
    assert mcp_tool["annotations"] == {
        "title": "Screenshot",
        "readOnlyHint": True,
        "destructiveHint": True,
        "idempotentHint": False,
        "openWorldHint": True,
    }
    assert ToolAnnotations().readOnlyHint is False


async def test_adapter_exposes_annotations_for_the_approval_policy() -> None:
    plugin = OpenHandsToolPlugin([*ScreenshotTool.create(), *CountTool.create()], name="web")

    schemas = {s["function"]["name"]: s for s in plugin.get_tool_schemas(plugin.init({}))}

    assert plugin.name == "web"
    assert schemas["screenshot"]["annotations"]["readOnlyHint"] is True
    assert "annotations" not in schemas["count"]


async def test_image_observation_becomes_a_multimodal_tool_result() -> None:
    plugin = OpenHandsToolPlugin(ScreenshotTool.create())

    result = await plugin.execute_tool_async("screenshot", {"url": "https://example.org"}, {})
    content = plugin.format_tool_result(result, {})

    assert result["success"] is True
    assert result["is_error"] is False
    assert content == {
        "type": "provider_native_tool_result",
        "format": "openai.chat_completions",
        "content": [
            {"type": "text", "text": "captured https://example.org"},
            {"type": "image_url", "image_url": {"url": PIXEL}},
        ],
    }
    display = plugin.to_display_format(content, result, {})
    assert display["content"] == "captured https://example.org"
    assert display["single_line"] == "captured https://example.org"


async def test_error_observation_is_an_error_result_with_the_header() -> None:
    plugin = OpenHandsToolPlugin(ScreenshotTool.create())

    result = await plugin.execute_tool_async("screenshot", {"url": "bad:page"}, {})

    assert result["success"] is False
    assert result["is_error"] is True
    assert plugin.format_tool_result(result, {}) == (
        "[An error occurred during execution.]\ncannot open bad:page"
    )


async def test_invalid_arguments_go_back_to_the_model_in_plain_words() -> None:
    plugin = OpenHandsToolPlugin(ScreenshotTool.create())

    result = await plugin.execute_tool_async("screenshot", {"mode": "poster", "extra": 1}, {})

    assert result["success"] is False
    error = plugin.format_tool_result(result, {})
    assert error.startswith("Error: invalid arguments for screenshot:")
    assert "url: Field required" in error
    assert "mode: Input should be 'full' or 'viewport'" in error
    assert "extra: Extra inputs are not permitted" in error


async def test_async_executor_and_coerced_observation() -> None:
    plugin = OpenHandsToolPlugin(CountTool.create())

    result = await plugin.execute_tool_async("count", {"upto": 4}, {})

    assert plugin.format_tool_result(result, {}) == "0,1,2,3"
    [tool] = CountTool.create()
    with pytest.raises(TypeError, match=r"is async; await tool\.acall"):
        tool(CountAction(upto=1))


async def test_finish_and_think_tools() -> None:
    plugin = OpenHandsToolPlugin([*ThinkTool.create(), *FinishTool.create()])

    think = await plugin.execute_tool_async("think", {"thought": "plan first"}, {})
    finish = await plugin.execute_tool_async("finish", {"message": "All done."}, {})

    assert plugin.name == "openhands-think-finish"
    assert plugin.format_tool_result(think, {}) == "Your thought has been logged."
    assert think["finish"] is False
    assert plugin.format_tool_result(finish, {}) == "All done."
    assert finish["finish"] is True
    for schema in plugin.get_tool_schemas({}):
        assert schema["annotations"]["readOnlyHint"] is True
    [finish_tool] = FinishTool.create()
    assert finish_tool(FinishAction(message="sync")).text == "sync"
    with pytest.raises(ValueError, match="FinishTool takes no parameters, got: colour"):
        FinishTool.create(colour="red")


async def test_tool_definition_helpers() -> None:
    [tool] = ScreenshotTool.create()
    bare = tool.set_executor(None)  # type: ignore[arg-type]

    assert ToolDefinition.resolve_kind("ScreenshotTool") is ScreenshotTool
    with pytest.raises(ValueError, match="unknown tool kind 'Nope'"):
        ToolDefinition.resolve_kind("Nope")
    with pytest.raises(NotImplementedError, match="'screenshot' has no executor"):
        bare.as_executable()
    assert tool.action_from_arguments({"url": "u"}).kind == "ScreenshotAction"
    assert "url: u" in tool.action_from_arguments({"url": "u"}).visualize
    renamed = CountTool(name="tally", description="d", action_type=CountAction)
    assert renamed.tool_name == "tally"
    assert renamed.set_executor(AsyncCounter()).tool_name == "tally"


async def test_unknown_tool_duplicate_names_and_shutdown() -> None:
    [tool] = ScreenshotTool.create()
    plugin = OpenHandsToolPlugin([tool])

    unknown = await plugin.execute_tool_async("nope", {}, {})
    assert plugin.format_tool_result(unknown, {}) == "Error: unknown tool 'nope'"
    with pytest.raises(ValueError, match="share a name"):
        OpenHandsToolPlugin([tool, tool])
    with pytest.raises(ValueError, match="at least one tool"):
        OpenHandsToolPlugin([])
    assert await plugin.shutdown() == []
    assert tool.executor.closed is True


class RepeatAction(Action):
    word: str


class Repeater(ToolExecutor[RepeatAction, Observation]):
    def __init__(self, times: int) -> None:
        self.times = times

    def __call__(self, action: RepeatAction, conversation: Any = None) -> Observation:
        return Observation.from_text(" ".join([action.word] * self.times))


class RepeatTool(ToolDefinition[RepeatAction, Observation]):
    """A tool whose `create` takes a setting: how often it repeats a word."""

    @classmethod
    def create(cls, conv_state: Any = None, *, times: int = 2) -> Sequence[RepeatTool]:
        return [
            cls(
                description=f"Repeat a word {times} times",
                action_type=RepeatAction,
                observation_type=Observation,
                executor=Repeater(times),
            )
        ]


async def test_a_tools_create_parameters_are_its_settings_with_their_defaults() -> None:
    plugin = OpenHandsToolPlugin(RepeatTool.create(), name="repeat", tool_class=RepeatTool)
    assert plugin.get_config_schema() == {
        "repeat.times": {
            "description": "Given to RepeatTool.create",
            "type": "integer",
            "default": 2,
        }
    }
    default_state = plugin.init({})
    said = await plugin.execute_tool_async("repeat", {"word": "hi"}, default_state)
    assert said["text"] == "hi hi"
    configured = plugin.init({"repeat": {"times": 3, "unrelated": True}})
    [schema] = plugin.get_tool_schemas(configured)
    assert schema["function"]["description"] == "Repeat a word 3 times"
    said = await plugin.execute_tool_async("repeat", {"word": "hi"}, configured)
    assert said["text"] == "hi hi hi"
    assert plugin.init({"repeat": {"times": 3}})["tool_params"] == configured["tool_params"]
