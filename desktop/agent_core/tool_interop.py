"""Tool interop: naming, adapting and reading tool schemas and tool calls across wire formats.

Tools may describe themselves in any schema format an active accessor understands, and providers
may emit tool calls in any call format an accessor understands. Providers, extensions and tools
contribute accessors and adapters through `get_tool_interop_contribution`; the core merges them
with the built-in formats below into one `ToolInteropRegistry` per request (handed to hooks as
`context["tool_interop"]`).

Built-in formats:

- schemas: ``openai.chat_completions`` (``{"type": "function", "function": {"name", ...}}``),
  ``openai.responses`` (``{"type": "function", "name", "parameters"}``) and
  ``openai.responses.custom`` (``{"type": "custom", "name", ...}``, freeform text input);
- tool calls: ``openai.chat_completions`` (``{"id", "type": "function", "function": {"name",
  "arguments"}}``, the core message shape), ``openai.responses`` (``{"type": "function_call",
  "call_id", "name", "arguments"}``) and ``openai.responses.custom`` (``{"type":
  "custom_tool_call", "call_id", "name", "input"}``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

CHAT_COMPLETIONS = "openai.chat_completions"
RESPONSES = "openai.responses"
RESPONSES_CUSTOM = "openai.responses.custom"


@dataclass(frozen=True)
class ToolCallPayload:
    """What a tool call asks for, read out of its wire format.

    `error` is set (and `payload` is None) when the call names a tool but its payload cannot be
    read, e.g. arguments that are not valid JSON.
    """

    tool_call_id: str | None
    tool_name: str | None
    payload: Any
    payload_kind: str
    payload_format: str
    payload_metadata: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


SchemaAccessor = Callable[[dict[str, Any]], str | None]
"""Returns the tool name when the schema is in the accessor's format, else None."""

SchemaAdapter = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a schema of one format into the equivalent schema of another format."""

ToolCallAccessor = Callable[[dict[str, Any]], ToolCallPayload | None]
"""Reads a tool call in the accessor's format, or returns None when it is not in that format."""


@dataclass(frozen=True)
class ToolInteropContribution:
    """Accessors and adapters one plugin adds to a request's interop registry.

    `schema_adapters` is keyed by ``(source_format, target_format)``.
    """

    schema_accessors: Mapping[str, SchemaAccessor] = field(default_factory=dict)
    schema_adapters: Mapping[tuple[str, str], SchemaAdapter] = field(default_factory=dict)
    tool_call_accessors: Mapping[str, ToolCallAccessor] = field(default_factory=dict)


def _chat_schema_name(schema: dict[str, Any]) -> str | None:
    function = schema.get("function")
    if schema.get("type") == "function" and isinstance(function, dict):
        name = function.get("name")
        return name if isinstance(name, str) and name else None
    return None


def _responses_schema_name(schema: dict[str, Any]) -> str | None:
    name = schema.get("name")
    if schema.get("type") == "function" and "function" not in schema and isinstance(name, str):
        return name or None
    return None


def _custom_schema_name(schema: dict[str, Any]) -> str | None:
    name = schema.get("name")
    if schema.get("type") == "custom" and isinstance(name, str):
        return name or None
    return None


def _chat_to_responses(schema: dict[str, Any]) -> dict[str, Any]:
    function = schema["function"]
    adapted = {"type": "function", **function}
    if "annotations" in schema:
        adapted["annotations"] = schema["annotations"]
    return adapted


def _responses_to_chat(schema: dict[str, Any]) -> dict[str, Any]:
    function = {key: value for key, value in schema.items() if key not in ("type", "annotations")}
    adapted: dict[str, Any] = {"type": "function", "function": function}
    if "annotations" in schema:
        adapted["annotations"] = schema["annotations"]
    return adapted


def _object_payload(
    tool_call_id: Any, name: Any, arguments: Any, payload_format: str
) -> ToolCallPayload:
    call_id = tool_call_id if isinstance(tool_call_id, str) else None
    tool_name = name if isinstance(name, str) and name else None
    if arguments is None or arguments == "":
        return ToolCallPayload(call_id, tool_name, {}, "object", payload_format)
    if isinstance(arguments, dict):
        return ToolCallPayload(call_id, tool_name, dict(arguments), "object", payload_format)
    if isinstance(arguments, str):
        try:
            parsed = json.loads(arguments)
        except json.JSONDecodeError as exc:
            return ToolCallPayload(
                call_id,
                tool_name,
                None,
                "object",
                payload_format,
                error=f"its arguments are not valid JSON ({exc.msg} at position {exc.pos})",
            )
        if isinstance(parsed, dict):
            return ToolCallPayload(call_id, tool_name, parsed, "object", payload_format)
        return ToolCallPayload(
            call_id,
            tool_name,
            None,
            "object",
            payload_format,
            error=f"its arguments must be a JSON object, not {type(parsed).__name__}",
        )
    return ToolCallPayload(
        call_id,
        tool_name,
        None,
        "object",
        payload_format,
        error=f"its arguments must be a JSON object string, not {type(arguments).__name__}",
    )


def _read_chat_call(tool_call: dict[str, Any]) -> ToolCallPayload | None:
    function = tool_call.get("function")
    if not isinstance(function, dict) or tool_call.get("type", "function") != "function":
        return None
    return _object_payload(
        tool_call.get("id"), function.get("name"), function.get("arguments"), CHAT_COMPLETIONS
    )


def _read_responses_call(tool_call: dict[str, Any]) -> ToolCallPayload | None:
    if tool_call.get("type") != "function_call":
        return None
    return _object_payload(
        tool_call.get("call_id") or tool_call.get("id"),
        tool_call.get("name"),
        tool_call.get("arguments"),
        RESPONSES,
    )


def _read_custom_call(tool_call: dict[str, Any]) -> ToolCallPayload | None:
    if tool_call.get("type") != "custom_tool_call":
        return None
    call_id = tool_call.get("call_id") or tool_call.get("id")
    name = tool_call.get("name")
    payload = tool_call.get("input")
    return ToolCallPayload(
        call_id if isinstance(call_id, str) else None,
        name if isinstance(name, str) and name else None,
        payload if isinstance(payload, str) else "" if payload is None else str(payload),
        "text",
        RESPONSES_CUSTOM,
    )


BUILTIN_CONTRIBUTION = ToolInteropContribution(
    schema_accessors={
        CHAT_COMPLETIONS: _chat_schema_name,
        RESPONSES: _responses_schema_name,
        RESPONSES_CUSTOM: _custom_schema_name,
    },
    schema_adapters={
        (CHAT_COMPLETIONS, RESPONSES): _chat_to_responses,
        (RESPONSES, CHAT_COMPLETIONS): _responses_to_chat,
    },
    tool_call_accessors={
        CHAT_COMPLETIONS: _read_chat_call,
        RESPONSES: _read_responses_call,
        RESPONSES_CUSTOM: _read_custom_call,
    },
)


class ToolInteropRegistry:
    """The merged accessors and adapters of one request. Later contributions win on clashes."""

    def __init__(self, contributions: Iterable[ToolInteropContribution] = ()) -> None:
        self.schema_accessors: dict[str, SchemaAccessor] = {}
        self.schema_adapters: dict[tuple[str, str], SchemaAdapter] = {}
        self.tool_call_accessors: dict[str, ToolCallAccessor] = {}
        for contribution in (BUILTIN_CONTRIBUTION, *contributions):
            self.schema_accessors.update(contribution.schema_accessors)
            self.schema_adapters.update(contribution.schema_adapters)
            self.tool_call_accessors.update(contribution.tool_call_accessors)

    def describe_schema(self, schema: dict[str, Any]) -> tuple[str, str] | None:
        """Return ``(format, tool_name)`` for a schema, or None when no accessor knows it."""
        for schema_format, accessor in self.schema_accessors.items():
            name = accessor(schema)
            if name:
                return schema_format, name
        return None

    def adapt_schema(
        self, schema: dict[str, Any], schema_format: str, accepted_formats: list[str]
    ) -> dict[str, Any]:
        """Adapt a schema to the first accepted format an adapter reaches; else keep it as is.

        An empty `accepted_formats` means the receiver did not say, so nothing is adapted.
        """
        if not accepted_formats or schema_format in accepted_formats:
            return schema
        for target in accepted_formats:
            adapter = self.schema_adapters.get((schema_format, target))
            if adapter is not None:
                return adapter(schema)
        return schema

    def prefer_call_formats(self, formats: Iterable[str]) -> None:
        """Try the accessors of `formats` first (what the provider and extensions say they emit,
        `emitted_tool_call_formats`); the others stay as a fallback, so a call in a format
        nobody declared is still read."""
        first = [name for name in formats if name in self.tool_call_accessors]
        rest = [name for name in self.tool_call_accessors if name not in first]
        self.tool_call_accessors = {name: self.tool_call_accessors[name] for name in first + rest}

    def read_tool_call(self, tool_call: dict[str, Any]) -> ToolCallPayload | None:
        """Read a tool call with the first accessor that recognises its format."""
        for accessor in self.tool_call_accessors.values():
            payload = accessor(tool_call)
            if payload is not None:
                return payload
        return None
