"""The OpenHands-style tool model, and an adapter that runs such tools as a core tool plugin.

A tool is a `ToolDefinition`: a pydantic `Action` type (its JSON schema becomes the tool's
parameters), an optional `Observation` type, `ToolAnnotations` (MCP hints, which feed the approval
policy) and a `ToolExecutor` that turns an action into an observation. `FinishTool` and
`ThinkTool` are the two stock tools. `OpenHandsToolPlugin` shows any set of them to the core.

Two kinds of tools run: those written against this module (our copy of the SDK's tool model, for
environments where the SDK cannot be installed: it needs Python ≥ 3.12), and those written
against the real SDK (``from openhands.sdk import ToolDefinition, Action, ...``), adapted as they
are when the ``openhands`` extra is installed. The adapter only uses what both share: `name`,
`description`, `annotations`, `to_openai_tool()`, `action_from_arguments()`, the executor, and
observations' `is_error` / `to_llm_content` / `text`.

Readings chosen where the SDK docs are loose (the most permissive one each time):

- A tool's name: the class variable `name`, set from the class name when a subclass does not set
  it (``GrepTool`` → ``grep``, as the SDK does); a ``name=`` passed to the constructor (the SDK
  docstring's ``cls(name="finish", ...)``) wins for that instance.
- `create()` is called with one positional ``conv_state``: a stand-in whose
  ``workspace.working_dir`` is the application's working folder (the SDK docs' tools read it);
  tools that take no state ignore it.
- `visualize` is Rich `Text` (as the SDK documents); ``str(action.visualize)`` is its plain text.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from agent_app.text_pieces import one_line

if TYPE_CHECKING:
    from rich.text import Text


class TextContent(BaseModel):
    type: Literal["text"] = "text"
    text: str


class ImageContent(BaseModel):
    type: Literal["image"] = "image"
    image_urls: list[str]


class Schema(BaseModel):
    """Base of actions and observations."""

    model_config = ConfigDict(extra="forbid")

    @property
    def kind(self) -> str:
        return type(self).__name__


class Action(Schema, ABC):
    """The validated input of a tool call."""

    @property
    def visualize(self) -> Text:
        """Rich Text: every field as `name: value`, one per line (names in bold)."""
        from rich.text import Text  # noqa: PLC0415 - rich loads only when an OpenHands result is shown

        text = Text()
        for index, (name, value) in enumerate(self.model_dump().items()):
            if index:
                text.append("\n")
            text.append(f"{name}: ", style="bold")
            text.append(str(value))
        return text


class Observation(Schema, ABC):
    """What a tool call produced, as text and image content."""

    ERROR_MESSAGE_HEADER: ClassVar[str] = "[An error occurred during execution.]\n"

    content: list[TextContent | ImageContent] = Field(default_factory=list)
    is_error: bool = False

    @property
    def text(self) -> str:
        return "".join(item.text for item in self.content if isinstance(item, TextContent))

    @property
    def to_llm_content(self) -> Sequence[TextContent | ImageContent]:
        if self.is_error:
            return [TextContent(text=self.ERROR_MESSAGE_HEADER), *self.content]
        return self.content

    @property
    def visualize(self) -> Text:
        """Rich Text of what the model is sent (errors in red)."""
        from rich.text import Text  # noqa: PLC0415 - rich loads only when an OpenHands result is shown

        shown = "".join(item.text for item in self.to_llm_content if isinstance(item, TextContent))
        return Text(shown, style="red" if self.is_error else "")

    @classmethod
    def from_text(cls, text: str, is_error: bool = False, **kwargs: Any) -> Observation:
        return cls(content=[TextContent(text=text)], is_error=is_error, **kwargs)


class ToolAnnotations(BaseModel):
    """Hints about a tool's behaviour, with the Model Context Protocol's defaults."""

    model_config = ConfigDict(frozen=True)

    title: str | None = None
    readOnlyHint: bool = False  # the MCP field names
    destructiveHint: bool = True
    idempotentHint: bool = False
    openWorldHint: bool = True


ActionT = TypeVar("ActionT", bound=Action)
ObservationT = TypeVar("ObservationT", bound=Observation)


class ToolExecutor(ABC, Generic[ActionT, ObservationT]):
    """Runs an action. `__call__` may also be `async def`."""

    @abstractmethod
    def __call__(self, action: ActionT, conversation: Any = None) -> ObservationT: ...

    def close(self) -> None:
        """Release resources (connections, processes). Called at application exit."""


def _snake_case(name: str) -> str:
    """``FileEditorTool`` → ``file_editor_tool``, ``XMLHttpRequest`` → ``xml_http_request``."""
    words = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z0-9])([A-Z])", r"\1_\2", words).lower()


def _without_titles(schema: Any) -> Any:
    """Drop pydantic's generated `title`s (noise for the model); property names stay untouched."""
    if isinstance(schema, list):
        return [_without_titles(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    cleaned = {}
    for key, value in schema.items():
        if key == "title":
            continue
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            cleaned[key] = {name: _without_titles(sub) for name, sub in value.items()}
        else:
            cleaned[key] = _without_titles(value)
    return cleaned


SECURITY_RISK_LEVELS = ["LOW", "MEDIUM", "HIGH", "UNKNOWN"]


class ToolDefinition(BaseModel, ABC, Generic[ActionT, ObservationT]):
    """Base class of OpenHands-style tools; subclasses implement `create()`."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    name: ClassVar[str] = ""

    description: str
    action_type: type[Action]
    observation_type: type[Observation] | None = None
    annotations: ToolAnnotations | None = None
    meta: dict[str, Any] | None = None
    executor: ToolExecutor[Any, Any] | None = Field(default=None, exclude=True)

    _instance_name: str | None = PrivateAttr(default=None)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # As the SDK does: a subclass without its own `name` is named after the class.
        super().__init_subclass__(**kwargs)
        if "name" not in cls.__dict__:
            cls.name = _snake_case(cls.__name__).removesuffix("_tool")

    def __init__(self, *, name: str | None = None, **data: Any):
        # Older OpenHands code passes `name=` per instance; newer code sets the class variable.
        super().__init__(**data)
        self._instance_name = name
        if name:
            # `tool.name` answers the instance's own name (the class keeps its own).
            object.__setattr__(self, "name", name)

    @classmethod
    @abstractmethod
    def create(cls, conv_state: Any = None, **params: Any) -> Sequence[ToolDefinition[Any, Any]]:
        """Build the tool instances (with their executors)."""

    @property
    def tool_name(self) -> str:
        """The name the model calls: the instance name, else the class `name`."""
        return self._instance_name or type(self).name

    @property
    def kind(self) -> str:
        return type(self).__name__

    @property
    def title(self) -> str:
        return (self.annotations.title if self.annotations else None) or self.tool_name

    @classmethod
    def resolve_kind(cls, kind: str) -> type[ToolDefinition[Any, Any]]:
        pending: list[type[ToolDefinition[Any, Any]]] = [cls]
        while pending:
            candidate = pending.pop()
            if candidate.__name__ == kind:
                return candidate
            pending.extend(candidate.__subclasses__())
        raise ValueError(f"unknown tool kind {kind!r}")

    def action_from_arguments(self, arguments: dict[str, Any]) -> Action:
        return self.action_type.model_validate(arguments)

    def as_executable(self) -> ToolDefinition[ActionT, ObservationT]:
        if self.executor is None:
            raise NotImplementedError(f"tool {self.tool_name!r} has no executor")
        return self

    def set_executor(self, executor: ToolExecutor[Any, Any]) -> ToolDefinition[Any, Any]:
        copy = self.model_copy(update={"executor": executor})
        copy._instance_name = self._instance_name
        return copy

    def __call__(self, action: Action, conversation: Any = None) -> Observation:
        """Run a synchronous executor; for `async def` executors use `await tool.acall(...)`."""
        result = self._executor()(action, conversation)
        if inspect.isawaitable(result):
            if inspect.iscoroutine(result):
                result.close()
            raise TypeError(f"the executor of {self.tool_name!r} is async; await tool.acall()")
        return self._coerce(result)

    async def acall(self, action: Action, conversation: Any = None) -> Observation:
        """Run the executor without blocking the event loop (sync executors in a thread)."""
        executor = self._executor()
        if inspect.iscoroutinefunction(type(executor).__call__):
            result = await executor(action, conversation)
        else:
            result = await asyncio.to_thread(executor, action, conversation)
        return self._coerce(result)

    def _executor(self) -> ToolExecutor[Any, Any]:
        executor = self.as_executable().executor
        assert executor is not None  # as_executable() raised otherwise
        return executor

    def _coerce(self, result: Any) -> Observation:
        if isinstance(result, Observation):
            return result
        if self.observation_type is not None:
            return self.observation_type.model_validate(result)
        raise TypeError(
            f"the executor of {self.tool_name!r} returned {type(result).__name__}, not an "
            "Observation"
        )

    def parameters_schema(self, action_type: type[Action] | None = None) -> dict[str, Any]:
        generated = (action_type or self.action_type).model_json_schema()
        schema: dict[str, Any] = _without_titles(generated)
        schema.setdefault("properties", {})
        return schema

    def to_openai_tool(
        self,
        add_security_risk_prediction: bool = False,
        action_type: type[Action] | None = None,
    ) -> dict[str, Any]:
        parameters = self.parameters_schema(action_type)
        if add_security_risk_prediction:
            parameters["properties"]["security_risk"] = {
                "type": "string",
                "enum": SECURITY_RISK_LEVELS,
                "description": "How risky this call is for the user's system and data.",
            }
            parameters["required"] = [*parameters.get("required", []), "security_risk"]
        return {
            "type": "function",
            "function": {
                "name": self.tool_name,
                "description": self.description,
                "parameters": parameters,
            },
        }

    def to_responses_tool(
        self,
        add_security_risk_prediction: bool = False,
        action_type: type[Action] | None = None,
    ) -> dict[str, Any]:
        """The tool as a Responses API function tool (top-level name/description/parameters)."""
        function = self.to_openai_tool(add_security_risk_prediction, action_type)["function"]
        return {
            "type": "function",
            "name": function["name"],
            "description": function["description"],
            "parameters": function["parameters"],
            "strict": False,
        }

    def to_mcp_tool(
        self,
        input_schema: dict[str, Any] | None = None,
        output_schema: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        tool: dict[str, Any] = {
            "name": self.tool_name,
            "title": self.title,
            "description": self.description,
            "inputSchema": input_schema or self.parameters_schema(),
        }
        if output_schema is not None:
            tool["outputSchema"] = output_schema
        if self.annotations is not None:
            tool["annotations"] = self.annotations.model_dump(exclude_none=True)
        return tool


# ------------------------------------------------------------------------------- stock tools

_HARMLESS = ToolAnnotations(
    readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False
)


class FinishAction(Action):
    message: str = Field(description="The final message to the user: what was done, and results.")


class FinishObservation(Observation):
    pass


class FinishExecutor(ToolExecutor[FinishAction, FinishObservation]):
    def __call__(self, action: FinishAction, conversation: Any = None) -> FinishObservation:
        return FinishObservation(content=[TextContent(text=action.message)])


class FinishTool(ToolDefinition[FinishAction, FinishObservation]):
    """Signals that the task is complete."""

    name: ClassVar[str] = "finish"

    @classmethod
    def create(cls, conv_state: Any = None, **params: Any) -> Sequence[FinishTool]:
        if params:
            raise ValueError(f"FinishTool takes no parameters, got: {', '.join(sorted(params))}")
        return [
            cls(
                description=(
                    "Signals that the task is complete. Call it once everything is done, with a "
                    "message summarising the outcome for the user."
                ),
                action_type=FinishAction,
                observation_type=FinishObservation,
                annotations=_HARMLESS.model_copy(update={"title": "finish"}),
                executor=FinishExecutor(),
            )
        ]


class ThinkAction(Action):
    thought: str = Field(description="The thought to log.")


def _thought_logged() -> list[TextContent | ImageContent]:
    return [TextContent(text="Your thought has been logged.")]


class ThinkObservation(Observation):
    content: list[TextContent | ImageContent] = Field(default_factory=_thought_logged)


class ThinkExecutor(ToolExecutor[ThinkAction, ThinkObservation]):
    def __call__(self, action: ThinkAction, conversation: Any = None) -> ThinkObservation:
        return ThinkObservation()


class ThinkTool(ToolDefinition[ThinkAction, ThinkObservation]):
    """Lets the model think out loud without changing anything."""

    name: ClassVar[str] = "think"

    @classmethod
    def create(cls, conv_state: Any = None, **params: Any) -> Sequence[ThinkTool]:
        if params:
            raise ValueError(f"ThinkTool takes no parameters, got: {', '.join(sorted(params))}")
        return [
            cls(
                description=(
                    "Use the tool to think about something. It will not obtain new information or "
                    "change anything; it only logs the thought. Use it for complex reasoning or "
                    "to plan the next steps."
                ),
                action_type=ThinkAction,
                observation_type=ThinkObservation,
                annotations=_HARMLESS.model_copy(update={"title": "think"}),
                executor=ThinkExecutor(),
            )
        ]


# ------------------------------------------------------------------------------- core adapter


def _llm_content(observation: Any) -> Any:
    """Plain text, or the explicit multimodal envelope when the observation holds images.

    Content items are read by their `type` ("text" / "image"), so the real SDK's content
    classes work as well as this module's.
    """
    items = list(observation.to_llm_content)
    if not any(getattr(item, "type", None) == "image" for item in items):
        return "".join(str(getattr(item, "text", "")) for item in items)
    parts: list[dict[str, Any]] = []
    for item in items:
        if getattr(item, "type", None) == "image":
            parts.extend(
                {"type": "image_url", "image_url": {"url": url}} for url in item.image_urls
            )
        else:
            parts.append({"type": "text", "text": str(getattr(item, "text", ""))})
    return {
        "type": "provider_native_tool_result",
        "format": "openai.chat_completions",
        "content": parts,
    }


def tool_name_of(tool: Any) -> str:
    """The name the model calls: this module's `tool_name`, else the SDK's `name`."""
    return str(getattr(tool, "tool_name", None) or tool.name)


_JSON_TYPES = {"int": "integer", "float": "number", "bool": "boolean", "str": "string"}


def declared_parameters(tool_class: Any) -> dict[str, dict[str, Any]]:
    """A tool class's settings: its `config_schema` dict, else the keyword-only parameters of
    its `create` ({type from the annotation, default})."""
    declared = getattr(tool_class, "config_schema", None)
    if isinstance(declared, dict):
        return {str(key): dict(entry) for key, entry in declared.items()}
    entries: dict[str, dict[str, Any]] = {}
    for parameter in inspect.signature(tool_class.create).parameters.values():
        if parameter.kind is not parameter.KEYWORD_ONLY:
            continue
        entry: dict[str, Any] = {"description": f"Given to {tool_class.__name__}.create"}
        annotation = parameter.annotation
        spelled = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if spelled in _JSON_TYPES:
            entry["type"] = _JSON_TYPES[spelled]
        if parameter.default is not parameter.empty and parameter.default is not None:
            entry["default"] = parameter.default
        entries[parameter.name] = entry
    return entries


def conversation_state_stand_in() -> Any:
    """What `create(conv_state)` gets: the SDK docs' tools read `workspace.working_dir`."""
    return SimpleNamespace(workspace=SimpleNamespace(working_dir=os.getcwd()))


class OpenHandsToolPlugin:
    """A set of OpenHands-style tools shown to the core as one ordinary tool plugin.

    With `tool_class`, the keyword parameters its `create` takes (or its `config_schema`
    dict) are the plugin's settings: declared in `get_config_schema` under the plugin's block,
    and the tools are created again with the values an agent's config gives them.
    """

    kind = "tool"

    def __init__(
        self, tools: Sequence[Any], *, name: str | None = None, tool_class: Any = None
    ) -> None:
        if not tools:
            raise ValueError("an OpenHands tool plugin needs at least one tool")
        self.tools = {tool_name_of(tool): tool for tool in tools}
        if len(self.tools) != len(tools):
            raise ValueError("two OpenHands tools share a name")
        self.name: str = name or "openhands-" + "-".join(self.tools)
        self.version = "0"
        self.tool_class = tool_class
        self._configured: dict[str, dict[str, Any]] = {}  # params as JSON -> tools made so

    def get_config_schema(self) -> dict[str, Any]:
        """The tool class's parameters, as settings in this plugin's block."""
        if self.tool_class is None:
            return {}
        return {
            f"{self.name}.{key}": entry
            for key, entry in declared_parameters(self.tool_class).items()
        }

    def init(self, config: dict[str, Any]) -> dict[str, Any]:
        block = config.get(self.name)
        params = {
            key: value
            for key, value in (block.items() if isinstance(block, dict) else [])
            if self.tool_class is not None and key in declared_parameters(self.tool_class)
        }
        if not params:
            return {"config": config}
        key = json.dumps(params, sort_keys=True, default=repr)
        if key not in self._configured:
            made = self.tool_class.create(conversation_state_stand_in(), **params)
            self._configured[key] = {tool_name_of(tool): tool for tool in made}
        return {"config": config, "tool_params": key}

    def _tools(self, state: dict[str, Any]) -> dict[str, Any]:
        return self._configured.get(state.get("tool_params") or "", self.tools)

    def get_tool_schemas(
        self, state: dict[str, Any], *, prepared: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        schemas = []
        for tool in self._tools(state).values():
            schema = dict(tool.to_openai_tool())
            if tool.annotations is not None:
                schema["annotations"] = tool.annotations.model_dump(exclude_none=True)
            schemas.append(schema)
        return schemas

    async def execute_tool_async(
        self, tool_name: str | None, payload: Any, state: dict[str, Any], **_: Any
    ) -> dict[str, Any]:
        tool = self._tools(state).get(str(tool_name))
        if tool is None:
            return {"success": False, "error": f"unknown tool {tool_name!r}"}
        try:
            action = tool.action_from_arguments(payload if isinstance(payload, dict) else {})
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in error['loc']) or 'arguments'}: {error['msg']}"
                for error in exc.errors()
            )
            return {"success": False, "error": f"invalid arguments for {tool_name}: {problems}"}
        observation = await tool.acall(action)
        return {
            "success": not observation.is_error,
            "is_error": observation.is_error,
            "observation": observation.model_dump(mode="json"),
            "llm_content": _llm_content(observation),
            "text": observation.text,
            # Same flag as the think/finish plugin's `finish`, so a tool loop can stop on it.
            "finish": tool_name_of(tool) == FinishTool.name and not observation.is_error,
        }

    def format_tool_result(self, result: dict[str, Any], state: dict[str, Any]) -> Any:
        if "llm_content" in result:
            return result["llm_content"]
        return f"Error: {result.get('error')}"

    def to_display_format(
        self, text: Any, result: dict[str, Any], state: dict[str, Any]
    ) -> dict[str, Any]:
        shown = text if isinstance(text, str) else result.get("text", "")
        display: dict[str, Any] = {"type": "text", "content": shown, "single_line": one_line(shown)}
        return display

    async def shutdown(self) -> list[str]:
        problems = []
        every_set = [self.tools, *self._configured.values()]
        for tool in (tool for tools in every_set for tool in tools.values()):
            if tool.executor is None:
                continue
            try:
                await asyncio.to_thread(tool.executor.close)
            except Exception as exc:  # noqa: BLE001 - every executor gets its close() even if one fails
                problems.append(f"tool {tool_name_of(tool)!r} failed to close: {exc}")
        return problems
