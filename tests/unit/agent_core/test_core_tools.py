"""Tools through AgentCore: schemas, descriptors, previews, execution, streaming and errors."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from typing import Any, ClassVar

import pytest
from tests.support.core_test_plugins import StreamingProvider
from tests.support.spec_example_plugins import DummyCalc

from agent_core import AgentCore, ToolDescriptor, ToolInteropContribution
from agent_core.tool_interop import ToolCallPayload
from agent_core.tools import argument_problems, parameters_schema

CONFIG: dict[str, Any] = {"reply": "ok"}


def _call(name: str, arguments: Any, call_id: str = "call_1") -> dict[str, Any]:
    encoded = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": encoded}}


def _core(*tools: Any) -> AgentCore:
    core = AgentCore()
    core.register_provider(StreamingProvider)
    for tool in tools:
        core.register_tool(tool)
    return core


class ShellLikeTool:
    """A tool with every optional hook: annotations, previews, display, prepare, streaming."""

    name = "shell_like"
    version = "1.0.0"

    def __init__(self) -> None:
        self.contexts: list[dict[str, Any]] = []
        self.prepared_seen: list[Any] = []
        self.threads: list[str] = []

    def init(self, config):
        return {"cwd": config.get("cwd", "/tmp")}

    def prepare(self, config, state, *, context=None):
        self.threads.append(threading.current_thread().name)
        return {"discovered": ["run"]}

    def get_tool_schemas(self, state, *, prepared=None):
        return [
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": "Run a command",
                    "parameters": {"type": "object", "properties": {"cmd": {"type": "string"}}},
                },
                "annotations": {"readOnlyHint": False, "destructiveHint": True, "title": "Run"},
            }
            for name in (prepared or {}).get("discovered", [])
        ]

    def format_tool_call_preview(self, tool_name, payload, state, *, prepared=None, **_):
        return f"$ {payload['cmd']}"

    def execute_tool(self, tool_name, payload, state, *, context=None, prepared=None, **_):
        self.contexts.append(context)
        self.prepared_seen.append(prepared)
        self.threads.append(threading.current_thread().name)
        if payload["cmd"] == "crash":
            raise OSError("disk on fire")
        if payload["cmd"] == "false":
            return {"success": False, "error": "exit status 1"}
        return {"success": True, "result": f"ran {payload['cmd']} in {state['cwd']}"}

    def format_tool_result(self, result, state):
        return result.get("result") or f"failed: {result.get('error')}"

    def to_display_format(self, text, result, state):
        return {"type": "text", "content": text, "single_line": text.split(" in ")[0]}


class StreamingTool:
    name = "streaming_tool"
    version = "1.0.0"

    def get_tool_schemas(self, state, *, prepared=None):
        return [
            {"type": "function", "function": {"name": "count", "parameters": {}}},
            {"type": "function", "function": {"name": "count_sync", "parameters": {}}},
        ]

    async def stream_tool_async(self, tool_name, payload, state, **kwargs):
        if tool_name != "count":
            for chunk in self.stream_tool(tool_name, payload, state, **kwargs):
                yield chunk
            return
        for number in range(payload.get("to", 3)):
            await asyncio.sleep(0)
            yield {"part": number}
        yield {"success": True, "result": "counted"}

    def stream_tool(self, tool_name, payload, state, **kwargs):
        for number in range(payload.get("to", 3)):
            yield {"part": {"n": number, "thread": threading.current_thread().name}}
        yield {"success": True, "result": "counted in a thread"}


class AsyncOnlyTool:
    name = "async_only"
    version = "1.0.0"

    def __init__(self) -> None:
        self.prepare_threads: list[str] = []
        self.execute_threads: list[str] = []

    async def prepare_async(self, config, state, *, context=None):
        self.prepare_threads.append(threading.current_thread().name)
        await asyncio.sleep(0)
        return {"ready": True}

    def get_tool_schemas(self, state, *, prepared=None):
        assert prepared == {"ready": True}
        return [{"type": "function", "function": {"name": "ping", "parameters": {}}}]

    async def execute_tool_async(self, tool_name, payload, state, **_):
        self.execute_threads.append(threading.current_thread().name)
        await asyncio.sleep(0)
        return {"success": True, "result": "pong"}


# ---------------------------------------------------------------------------------- catalog
def test_schemas_and_descriptors_of_the_spec_calculator() -> None:
    core = _core(DummyCalc)

    (schema,) = core.get_tool_schemas(CONFIG)
    (descriptor,) = core.get_tool_descriptors(CONFIG)

    assert schema["function"]["name"] == "add"
    assert descriptor == ToolDescriptor(
        plugin_name="calculator",
        tool_name="add",
        schema=schema,
        metadata={"annotations": {}, "format": "openai.chat_completions"},
    )


def test_descriptors_carry_annotations_and_prepared_schemas() -> None:
    core = _core(ShellLikeTool)

    (descriptor,) = core.get_tool_descriptors(CONFIG)

    assert descriptor.tool_name == "run"
    assert descriptor.metadata["annotations"] == {
        "readOnlyHint": False,
        "destructiveHint": True,
        "title": "Run",
    }


def test_prepare_tools_filters_the_catalog_and_the_filtered_tool_cannot_run() -> None:
    class OnlyReadOnly:
        name = "policy"
        version = "1.0.0"

        def prepare_tools(self, config, tools, context=None):
            assert [tool.tool_name for tool in context["available_tools"]] == ["add", "run"]
            assert context["provider"] == "streamer"
            return [
                tool
                for tool in tools
                if tool.metadata["annotations"].get("readOnlyHint") is not False
            ]

    core = _core(DummyCalc, ShellLikeTool)
    core.register_feature(OnlyReadOnly)

    assert [schema["function"]["name"] for schema in core.get_tool_schemas(CONFIG)] == ["add"]
    (message,) = core.execute_tool_calls([_call("run", {"cmd": "ls"})], CONFIG)
    assert message["metadata"]["is_error"] is True
    assert "no tool named 'run'" in message["content"]
    assert "Available tools: add" in message["content"]


def test_a_tool_whose_init_raises_is_left_out_and_reported() -> None:
    class BrokenTool:
        name = "broken_tool"
        version = "1.0.0"

        def init(self, config):
            raise RuntimeError("cannot start")

    core = _core(BrokenTool, DummyCalc)

    assert [schema["function"]["name"] for schema in core.get_tool_schemas(CONFIG)] == ["add"]
    assert core.plugin_errors[-1]["plugin"] == "broken_tool"
    assert core.plugin_errors[-1]["hook"] == "init"


def test_duplicate_tool_names_keep_the_first_registered(caplog: pytest.LogCaptureFixture) -> None:
    class OtherCalc(DummyCalc):
        name = "other_calculator"

    core = _core(DummyCalc, OtherCalc)

    with caplog.at_level(logging.WARNING, logger="agent_core"):
        (descriptor,) = core.get_tool_descriptors(CONFIG)

    assert descriptor.plugin_name == "calculator"
    assert "provided by both 'calculator' and 'other_calculator'" in caplog.text


# ---------------------------------------------------------------------------------- previews
def test_previews_come_from_format_tool_call_preview() -> None:
    core = _core(ShellLikeTool, DummyCalc)

    previews = core.get_tool_call_previews(
        [
            _call("run", {"cmd": "ls -la"}, "a"),
            _call("add", {"a": 1, "b": 2}, "b"),
            _call("nope", {}, "c"),
        ],
        CONFIG,
    )

    assert previews == [
        {"tool_call_id": "a", "tool_name": "run", "preview": "$ ls -la"},
        {"tool_call_id": "b", "tool_name": "add", "preview": ""},
        {"tool_call_id": "c", "tool_name": "nope", "preview": ""},
    ]


def test_tool_call_facts_are_the_previews_and_descriptions_from_one_catalog() -> None:
    core = _core(ShellLikeTool, DummyCalc)
    calls = [_call("run", {"cmd": "ls -la"}, "a"), _call("add", {"a": 1, "b": 2}, "b")]

    previews, described = core.get_tool_call_facts(calls, CONFIG)

    assert previews == core.get_tool_call_previews(calls, CONFIG)
    assert described == core.describe_tool_calls(calls, CONFIG)
    assert [facts["tool_name"] for facts in described] == ["run", "add"]


# ---------------------------------------------------------------------------------- execution
def test_execute_tool_calls_builds_tool_result_messages() -> None:
    core = _core(DummyCalc, ShellLikeTool)

    messages = core.execute_tool_calls(
        [_call("add", {"a": 2, "b": 3}, "c1"), _call("run", {"cmd": "ls"}, "c2")], {"cwd": "/srv"}
    )

    assert messages == [
        {
            "role": "tool",
            "content": "Result: 5",
            "metadata": {
                "tool_call_id": "c1",
                "name": "add",
                "display": {"type": "text", "content": "Result: 5"},
                "is_error": False,
            },
        },
        {
            "role": "tool",
            "content": "ran ls in /srv",
            "metadata": {
                "tool_call_id": "c2",
                "name": "run",
                "display": {"type": "text", "content": "ran ls in /srv", "single_line": "ran ls"},
                "is_error": False,
            },
        },
    ]


def test_unsuccessful_results_are_marked_as_errors() -> None:
    core = _core(ShellLikeTool)

    (message,) = core.execute_tool_calls([_call("run", {"cmd": "false"})], CONFIG)

    assert message["metadata"]["is_error"] is True
    assert message["content"] == "failed: exit status 1"


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object, not list"),
    ],
)
def test_malformed_arguments_become_error_results(arguments: str, expected: str) -> None:
    core = _core(DummyCalc)

    (message,) = core.execute_tool_calls([_call("add", arguments, "bad")], CONFIG)

    assert message["role"] == "tool"
    assert message["metadata"]["tool_call_id"] == "bad"
    assert message["metadata"]["name"] == "add"
    assert message["metadata"]["is_error"] is True
    assert expected in message["content"]
    assert message["metadata"]["display"]["single_line"]


def test_a_raising_tool_is_an_error_result_naming_plugin_and_hook() -> None:
    core = _core(ShellLikeTool)

    (message,) = core.execute_tool_calls([_call("run", {"cmd": "crash"})], CONFIG)

    assert message["metadata"]["is_error"] is True
    assert "Plugin 'shell_like' failed in execute_tool: OSError: disk on fire" in message["content"]
    assert message["metadata"]["error"]["plugin"] == "shell_like"
    assert message["metadata"]["error"]["hook"] == "execute_tool"
    # the core stays usable
    (again,) = core.execute_tool_calls([_call("run", {"cmd": "ls"})], CONFIG)
    assert again["metadata"]["is_error"] is False


def test_tools_get_the_layer_one_context_and_their_prepared_data(
    caplog: pytest.LogCaptureFixture,
) -> None:
    core = _core(ShellLikeTool)
    tool = core.plugins()["tools"][0]

    with caplog.at_level(logging.WARNING, logger="agent_core"):
        core.execute_tool_calls(
            [_call("run", {"cmd": "ls"})],
            CONFIG,
            context={"app": "the-app", "core": "not the core"},
        )

    (context,) = tool.contexts
    assert context["core"] is core
    assert context["config"] is CONFIG
    assert context["trigger_source"] == "core"
    assert context["app"] == "the-app"
    assert "reserved by the core: core" in caplog.text
    assert tool.prepared_seen == [{"discovered": ["run"]}]


def test_can_handle_tool_call_routes_and_refuses() -> None:
    class Router:
        name = "router"
        version = "1.0.0"

        def get_tool_schemas(self, state, *, prepared=None):
            return [{"type": "function", "function": {"name": "route", "parameters": {}}}]

        def can_handle_tool_call(self, tool_name, payload, state, **_):
            return False if payload.get("refuse") else None

        def execute_tool(self, tool_name, payload, state, **_):
            return {"success": True, "result": "routed"}

    core = _core(Router)

    accepted, refused = core.execute_tool_calls(
        [_call("route", {}, "a"), _call("route", {"refuse": True}, "b")], CONFIG
    )

    assert accepted["content"] == "Result: routed"
    assert refused["metadata"]["is_error"] is True


def test_blocking_api_runs_async_only_tools() -> None:
    core = _core(AsyncOnlyTool)

    (message,) = core.execute_tool_calls([_call("ping", {})], CONFIG)

    assert message["content"] == "Result: pong"
    core.close()


# ---------------------------------------------------------------------------------- async execution
async def test_async_execution_awaits_async_hooks_on_the_loop() -> None:
    core = _core(AsyncOnlyTool)
    tool = core.plugins()["tools"][0]

    (message,) = await core.aexecute_tool_calls([_call("ping", {})], CONFIG)

    assert message["content"] == "Result: pong"
    loop_thread = threading.current_thread().name
    assert tool.prepare_threads == [loop_thread]
    assert tool.execute_threads == [loop_thread]


async def test_async_execution_runs_sync_hooks_in_worker_threads() -> None:
    core = _core(ShellLikeTool)
    tool = core.plugins()["tools"][0]

    (message,) = await core.aexecute_tool_calls([_call("run", {"cmd": "ls"})], CONFIG)

    assert message["content"] == "ran ls in /tmp"
    prepare_thread, execute_thread = tool.threads
    assert prepare_thread.startswith("agent-core")
    assert execute_thread.startswith("agent-core")


async def test_astream_tool_call_forwards_async_parts_then_the_result() -> None:
    core = _core(StreamingTool)

    events = [
        event async for event in core.astream_tool_call(_call("count", {"to": 3}, "s1"), CONFIG)
    ]

    assert events[:3] == [
        {"type": "tool_partial", "tool_call_id": "s1", "part": number} for number in range(3)
    ]
    assert events[3]["type"] == "tool_result"
    assert events[3]["tool_call_id"] == "s1"
    assert events[3]["message"]["content"] == "Result: counted"


async def test_astream_tool_call_pumps_a_sync_stream_from_a_thread() -> None:
    class SyncStreamOnly(StreamingTool):
        name = "sync_stream"
        stream_tool_async = None  # type: ignore[assignment]

    core = _core(SyncStreamOnly)

    events = [
        event async for event in core.astream_tool_call(_call("count", {"to": 2}, "s2"), CONFIG)
    ]

    parts = [event["part"] for event in events if event["type"] == "tool_partial"]
    assert [part["n"] for part in parts] == [0, 1]
    assert all(part["thread"].startswith("agent-core") for part in parts)
    assert events[-1]["message"]["content"] == "Result: counted in a thread"


async def test_astream_tool_call_turns_errors_into_results() -> None:
    core = _core(DummyCalc)

    unknown = [event async for event in core.astream_tool_call(_call("nope", {}, "u"), CONFIG)]
    malformed = [event async for event in core.astream_tool_call(_call("add", "{", "m"), CONFIG)]

    assert unknown[0]["type"] == "tool_result"
    assert unknown[0]["message"]["metadata"]["is_error"] is True
    assert malformed[0]["message"]["metadata"]["is_error"] is True
    assert "not valid JSON" in malformed[0]["message"]["content"]


async def test_astream_tool_call_passes_the_cancellation_token() -> None:
    class Watcher:
        name = "watcher"
        version = "1.0.0"
        seen: ClassVar[list[Any]] = []

        def get_tool_schemas(self, state, *, prepared=None):
            return [{"type": "function", "function": {"name": "watch", "parameters": {}}}]

        async def execute_tool_async(self, tool_name, payload, state, *, cancellation=None, **_):
            self.seen.append(cancellation)
            return {"success": True, "result": None}

    core = _core(Watcher)
    token = asyncio.Event()

    [
        event
        async for event in core.astream_tool_call(_call("watch", {}), CONFIG, cancellation=token)
    ]

    assert Watcher.seen == [token]


# ---------------------------------------------------------------------------------- interop
def test_schemas_are_adapted_to_the_formats_the_provider_accepts() -> None:
    class ResponsesProvider(StreamingProvider):
        name = "responses"

        def accepted_tool_schema_formats(self, config, state=None):
            return ["openai.responses"]

    core = AgentCore()
    core.register_provider(ResponsesProvider)
    core.register_tool(DummyCalc)

    (schema,) = core.get_tool_schemas(CONFIG)

    assert schema["type"] == "function"
    assert schema["name"] == "add"
    assert "function" not in schema


def test_responses_style_calls_and_contributed_accessors_are_read() -> None:
    class XmlCallExtension:
        name = "xml_calls"
        version = "1.0.0"

        def get_tool_interop_contribution(self, config, state=None):
            def read(tool_call: dict[str, Any]) -> ToolCallPayload | None:
                if tool_call.get("type") != "xml":
                    return None
                return ToolCallPayload(
                    tool_call["id"], tool_call["tool"], {"a": 20, "b": 22}, "object", "xml"
                )

            return ToolInteropContribution(tool_call_accessors={"xml": read})

    core = _core(DummyCalc)
    core.register_extension(XmlCallExtension)

    responses_call = {
        "type": "function_call",
        "call_id": "r1",
        "name": "add",
        "arguments": '{"a": 1, "b": 1}',
    }
    xml_call = {"type": "xml", "id": "x1", "tool": "add"}
    first, second = core.execute_tool_calls([responses_call, xml_call], CONFIG)

    assert (first["metadata"]["tool_call_id"], first["content"]) == ("r1", "Result: 2")
    assert (second["metadata"]["tool_call_id"], second["content"]) == ("x1", "Result: 42")


def test_freeform_custom_tools_get_their_text_payload() -> None:
    class PatchTool:
        name = "patcher"
        version = "1.0.0"

        def get_tool_schemas(self, state, *, prepared=None):
            return [{"type": "custom", "name": "apply_patch", "description": "Apply a patch"}]

        def execute_tool(self, tool_name, payload, state, *, payload_kind=None, **_):
            return {"success": True, "result": f"{payload_kind}:{payload}"}

    core = _core(PatchTool)
    call = {"type": "custom_tool_call", "call_id": "p1", "name": "apply_patch", "input": "*** x"}

    (descriptor,) = core.get_tool_descriptors(CONFIG)
    (message,) = core.execute_tool_calls([call], CONFIG)

    assert descriptor.metadata["format"] == "openai.responses.custom"
    assert message["content"] == "Result: text:*** x"


class _Recorder:
    """A tool that records every run, for checks that something did NOT run."""

    name = "recorder"
    version = "1.0.0"
    runs: ClassVar[list[Any]] = []

    def get_tool_schemas(self, state, *, prepared=None):
        return [
            {
                "type": "function",
                "function": {"name": "shell", "parameters": {"type": "object"}},
                "annotations": {"destructiveHint": True},
            },
            {"type": "custom", "name": "apply_patch", "description": "Apply a patch"},
        ]

    def execute_tool(self, tool_name, payload, state, **_):
        type(self).runs.append((tool_name, payload))
        return {"success": True, "result": "ran"}


@pytest.mark.parametrize(
    ("call", "name", "call_id", "arguments"),
    [
        (_call("shell", {"command": "ls"}, "c1"), "shell", "c1", {"command": "ls"}),
        (
            {"type": "function_call", "call_id": "r1", "name": "shell", "arguments": '{"a": 1}'},
            "shell",
            "r1",
            {"a": 1},
        ),
        (
            {"type": "custom_tool_call", "call_id": "p1", "name": "apply_patch", "input": "x"},
            "apply_patch",
            "p1",
            "x",
        ),
    ],
)
def test_describe_reads_every_call_format_as_execution_does(call, name, call_id, arguments):
    _Recorder.runs = []
    core = _core(_Recorder)
    (facts,) = core.describe_tool_calls([call], CONFIG)
    assert facts["runnable"] is True
    assert (facts["tool_name"], facts["tool_call_id"], facts["arguments"]) == (
        name,
        call_id,
        arguments,
    )
    assert facts["plugin_name"] == "recorder"
    assert facts["descriptor"].tool_name == name
    assert _Recorder.runs == []  # describing runs nothing


@pytest.mark.parametrize(
    "call",
    [
        _call("nope", {}),
        _call("shell", "{not json"),
        {"type": "mystery", "id": "m1"},
        "not a dict",
    ],
)
def test_calls_that_cannot_run_are_described_with_their_error_result(call):
    core = _core(_Recorder)
    (facts,) = core.describe_tool_calls([call], CONFIG)
    assert facts["runnable"] is False
    assert facts["error_message"]["metadata"]["is_error"] is True


async def test_authorize_refusing_runs_nothing() -> None:
    """The tool loop's last check: what runs must be what was approved."""
    _Recorder.runs = []
    core = _core(_Recorder)
    seen: list[dict[str, Any]] = []

    def refuse(facts: dict[str, Any]) -> bool:
        seen.append(facts)
        return False

    events = [
        event
        async for event in core.astream_tool_call(
            _call("shell", {"command": "rm -rf ~"}), CONFIG, authorize=refuse
        )
    ]
    assert _Recorder.runs == []
    assert seen[0]["tool_name"] == "shell"
    (result,) = events
    assert result["message"]["metadata"]["error"]["type"] == "not_authorized"
    allowed = [
        event
        async for event in core.astream_tool_call(
            _call("shell", {"command": "ls"}), CONFIG, authorize=lambda facts: True
        )
    ]
    assert _Recorder.runs == [("shell", {"command": "ls"})]
    assert allowed[-1]["message"]["content"] == "Result: ran"


# ------------------------------------------------------------------------- argument check
class _Notes:
    """A tool whose parameters require `text` and take nothing else; it records every run."""

    name = "notes"
    version = "1.0.0"
    runs: ClassVar[list[Any]] = []

    def get_tool_schemas(self, state, *, prepared=None):
        parameters = {
            "type": "object",
            "properties": {"text": {"type": "string"}, "tags": {"type": "array"}},
            "required": ["text"],
            "additionalProperties": False,
        }
        return [{"type": "function", "function": {"name": "note", "parameters": parameters}}]

    def execute_tool(self, tool_name, payload, state, **_):
        type(self).runs.append(payload)
        return {"success": True, "result": f"noted {payload.get('text')}"}


WRONG_NOTE = {"fact": "The user likes tea"}
REFUSAL = (
    "Error: the call to tool 'note' was not run: its arguments do not fit the tool's "
    "parameters.\n"
    "The required argument 'text' is missing.\n"
    "The tool does not take an argument 'fact'.\n"
    "Send the call again with the arguments the tool takes: 'text', 'tags'."
)


def test_a_call_its_tool_cannot_take_is_described_with_the_problem_and_stays_runnable() -> None:
    core = _core(_Notes)
    right, wrong = core.describe_tool_calls(
        [_call("note", {"text": "tea"}, "ok"), _call("note", WRONG_NOTE, "bad")], CONFIG
    )
    assert right["arguments_problem"] is None
    # Still the facts of a call of `note` (its tool, its view): only flagged.
    assert (wrong["runnable"], wrong["plugin_name"], wrong["arguments"]) == (
        True,
        "notes",
        WRONG_NOTE,
    )
    problem = wrong["arguments_problem"]
    assert problem["role"] == "tool"
    assert problem["content"] == REFUSAL
    assert problem["metadata"]["tool_call_id"] == "bad"
    assert problem["metadata"]["name"] == "note"
    assert problem["metadata"]["is_error"] is True
    assert problem["metadata"]["error"]["type"] == "invalid_arguments"
    assert problem["metadata"]["display"]["single_line"] == (
        "The required argument 'text' is missing."
    )


def test_a_call_still_being_written_keeps_its_facts_whatever_it_lacks() -> None:
    """The facts of a call the model is still writing (its arguments empty so far) name its
    tool, as before: an MCP App view shows in its row while the call is written."""
    core = _core(_Notes)
    (facts,) = core.describe_tool_calls([_call("note", {}, "writing")], CONFIG)
    assert facts["runnable"] is True
    assert facts["descriptor"].tool_name == "note"
    assert "'text' is missing" in facts["arguments_problem"]["content"]


async def test_a_call_its_tool_cannot_take_is_not_run_and_answers_with_the_problem() -> None:
    _Notes.runs = []
    core = _core(_Notes)
    asked: list[dict[str, Any]] = []

    def authorize(facts: dict[str, Any]) -> bool:
        asked.append(facts)
        return True

    events = [
        event
        async for event in core.astream_tool_call(
            _call("note", WRONG_NOTE, "bad"), CONFIG, authorize=authorize
        )
    ]
    (result,) = events
    assert result["type"] == "tool_result"
    assert result["message"]["content"] == REFUSAL
    # The blocking path refuses it the same way.
    (blocking,) = core.execute_tool_calls([_call("note", {"tags": []}, "b2")], CONFIG)
    assert blocking["metadata"]["error"]["type"] == "invalid_arguments"
    assert "The required argument 'text' is missing." in blocking["content"]
    assert _Notes.runs == []
    assert asked == []  # nothing to authorize: it was never going to run
    (ran,) = core.execute_tool_calls([_call("note", {"text": "tea"})], CONFIG)
    assert ran["content"] == "Result: noted tea"
    assert _Notes.runs == [{"text": "tea"}]


@pytest.mark.parametrize(
    ("schema", "arguments"),
    [
        # Extra arguments are fine unless the parameters forbid them.
        ({"type": "function", "function": {"name": "t", "parameters": {"type": "object"}}}, {}),
        (
            {
                "type": "function",
                "function": {
                    "name": "t",
                    "parameters": {"properties": {"a": {}}, "required": ["a"]},
                },
            },
            {"a": 1, "b": 2},
        ),
        # A freeform tool's payload is its own text.
        ({"type": "custom", "name": "t"}, "any text"),
    ],
)
def test_arguments_that_fit_or_are_the_tools_own_to_read_have_no_problem(schema, arguments):
    parameters = parameters_schema(schema)
    assert argument_problems(parameters or {}, arguments) == []


@pytest.mark.parametrize("key", ["input_schema", "inputSchema"])
def test_the_parameters_are_read_in_every_schema_format(key: str) -> None:
    parameters = parameters_schema({"name": "t", key: {"required": ["path"]}})
    assert argument_problems(parameters or {}, {}) == ["The required argument 'path' is missing."]


class PreparedCalculator:
    name = "prepared_calculator"
    version = "1.0.0"

    def __init__(self) -> None:
        self.prepared = 0

    def prepare(self, config, state, *, context=None):
        self.prepared += 1
        return {}

    def get_tool_schemas(self, state, *, prepared=None):
        return [{"type": "function", "function": {"name": "add", "parameters": {}}}]

    def execute_tool(self, tool_name, payload, state, **_):
        return {"success": True, "result": payload["a"] + payload["b"]}


async def test_a_call_runs_from_the_catalog_it_was_described_from() -> None:
    """`tool_catalog` serves the calls' facts and then the call: the tools are not prepared a
    second time to run it."""
    core = _core(PreparedCalculator)
    tool = core.plugins()["tools"][0]
    call = _call("add", {"a": 2, "b": 3})

    catalog = await asyncio.to_thread(core.tool_catalog, CONFIG)
    _previews, [described] = core.get_tool_call_facts([call], CONFIG, catalog=catalog)
    events = [event async for event in core.astream_tool_call(call, CONFIG, catalog=catalog)]

    assert described["tool_name"] == "add"
    assert events[-1]["message"]["content"] == "Result: 5"
    assert tool.prepared == 1


async def test_a_catalog_prepared_on_a_private_loop_is_built_again_to_run_a_call() -> None:
    """A tool's `prepare_async` run by the blocking API had a loop of its own, gone since: the
    call is not run from that catalog but from one prepared on the caller's loop."""
    core = _core(AsyncOnlyTool)
    tool = core.plugins()["tools"][0]
    catalog = await asyncio.to_thread(core.tool_catalog, CONFIG)

    events = [
        event async for event in core.astream_tool_call(_call("ping", {}), CONFIG, catalog=catalog)
    ]

    assert events[-1]["message"]["content"] == "Result: pong"
    assert catalog.prepared_on_a_private_loop
    assert tool.prepare_threads[-1] == threading.current_thread().name
    assert len(tool.prepare_threads) == 2
    core.close()
