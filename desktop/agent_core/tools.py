"""Tools for AgentCore: the per-request tool catalog and the execution of tool calls.

Catalog: tools `init` → `prepare` (or `prepare_async`) → `get_tool_schemas` read through the
interop registry → features' `prepare_tools`; the effective schemas (adapted to the formats the
provider accepts) become the provider's ``config["tools"]``.

Calls: a tool call is read through the interop registry, routed to its tool (by
`can_handle_tool_call`, else by name) and run: async hooks are awaited, sync ones run in the
worker pool on the async path, `stream_tool` / `stream_tool_async` parts are forwarded. Results
become tool result messages; unreadable calls, unknown tools, arguments that do not fit the
tool's parameters and failing tools become ``is_error`` results in plain words.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from agent_core.actions import layered_context
from agent_core.enablement import Enablement
from agent_core.errors import AgentCoreError, PluginHookError, redact_secrets
from agent_core.hooks import PLUGIN_FAULTS, PluginHandle, expect, invoke
from agent_core.tool_interop import ToolCallPayload, ToolInteropRegistry
from agent_core.types import ToolDescriptor
from agent_core.ui_text import QT_TRANSLATE_NOOP
from agent_core.workers import Workers, await_hook, iterate_plugin_stream

logger = logging.getLogger(__name__)

JsonDict = dict[str, Any]
HookCall = Callable[..., Any]
"""Calls one plugin hook: `invoke(handle, hook, *args, **kwargs)` or a request's own."""
Offload = Callable[[Callable[[], Any]], Awaitable[Any]]
"""Runs a blocking call off the event loop and awaits its value."""
_SINGLE_LINE_LIMIT = 160


def _single_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= _SINGLE_LINE_LIMIT else line[: _SINGLE_LINE_LIMIT - 1] + "…"


def _tool_error_message(
    tool_call_id: str,
    tool_name: str,
    text: str,
    error_type: str,
    *,
    plugin: str | None = None,
    hook: str | None = None,
) -> JsonDict:
    """A tool result message for a call that did not produce a result."""
    return {
        "role": "tool",
        "content": text,
        "metadata": {
            "tool_call_id": tool_call_id,
            "name": tool_name,
            "display": {"type": "text", "content": text, "single_line": _single_line(text)},
            "is_error": True,
            "error": {"type": error_type, "message": text, "plugin": plugin, "hook": hook},
        },
    }


@dataclass
class ToolEntry:
    """One enabled tool plugin of a request: its own state and prepared data."""

    handle: PluginHandle
    state: JsonDict
    prepared: JsonDict = field(default_factory=dict)


@dataclass
class ToolCatalog:
    """The tools of one request: states, prepared data, descriptors and interop registry."""

    entries: list[ToolEntry]
    available: list[ToolDescriptor]
    effective: list[ToolDescriptor]
    schemas: list[JsonDict]
    interop: ToolInteropRegistry
    owners: dict[str, tuple[ToolEntry, ToolDescriptor]]
    failures: list[PluginHookError] = field(default_factory=list)
    """Tool and feature hooks that failed while building it; those plugins are left out."""
    prepared_on_a_private_loop: bool = False
    """A tool's `prepare_async` ran on a loop of its own (`ToolRunner.catalog`, the blocking
    API): what it set up may belong to that loop, gone since, so no call runs from this
    catalog on the event loop (`AgentCore.astream_tool_call` builds one there)."""


@dataclass
class ResolvedCall:
    """A tool call matched to the tool that runs it."""

    tool_call: JsonDict
    call: ToolCallPayload
    entry: ToolEntry
    descriptor: ToolDescriptor
    tool_call_id: str
    tool_name: str

    def hook_kwargs(self, context: JsonDict, cancellation: Any) -> JsonDict:
        return {
            "payload_kind": self.call.payload_kind,
            "payload_format": self.call.payload_format,
            "payload_metadata": dict(self.call.payload_metadata),
            "tool_call": self.tool_call,
            "cancellation": cancellation,
            "context": context,
            "prepared": self.entry.prepared,
        }


class ToolRunner:
    """Builds tool catalogs and runs tool calls for one `AgentCore`.

    `core` is only handed on: tool hooks find it in their context as `context["core"]`
    (typed `object` here, so this module need not import the core that imports it)."""

    def __init__(
        self, core: object, workers: Workers, record: Callable[[AgentCoreError], None]
    ) -> None:
        self._core = core
        self._workers = workers
        self._record = record

    def context(self, config: JsonDict, context: JsonDict | None) -> JsonDict:
        owned = {"core": self._core, "config": config, "trigger_source": "core"}
        return layered_context(owned, context)

    def _recording(self, failures: list[PluginHookError]) -> Callable[[PluginHookError], None]:
        """A recorder that logs a failure like `_record` and keeps it for the catalog, so the
        request can tell the user which plugin was left out and why."""

        def record(exc: PluginHookError) -> None:
            self._record(exc)
            failures.append(exc)

        return record

    def _init(
        self, plan: Enablement, config: JsonDict, record: Callable[[PluginHookError], None]
    ) -> list[ToolEntry]:
        entries = []
        for handle in plan.tools:
            try:
                entries.append(self._init_one(handle, config, invoke))
            except PluginHookError as exc:
                record(exc)
        return entries

    @staticmethod
    def _init_one(handle: PluginHandle, config: JsonDict, call: HookCall) -> ToolEntry:
        state = expect(handle, "init", call(handle, "init", config), dict, "a dict")
        return ToolEntry(handle, state)

    def catalog(self, plan: Enablement, config: JsonDict, context: JsonDict | None) -> ToolCatalog:
        failures: list[PluginHookError] = []
        record = self._recording(failures)
        entries = self._init(plan, config, record)
        tool_context = self.context(config, context)
        prepared_entries = []
        on_a_private_loop = False
        for entry in entries:
            handle = entry.handle
            try:
                if handle.has_own("prepare_async") and not handle.has_own("prepare"):
                    hook = "prepare_async"
                    call = invoke(handle, hook, config, entry.state, context=tool_context)
                    on_a_private_loop = True
                    prepared = self._workers.run_blocking(await_hook(handle, hook, call))
                else:
                    hook = "prepare"
                    prepared = invoke(handle, hook, config, entry.state, context=tool_context)
                entry.prepared = expect(handle, hook, prepared, dict, "a dict")
            except PluginHookError as exc:
                record(exc)
                continue
            prepared_entries.append(entry)
        catalog = self._finish(plan, config, prepared_entries, failures)
        catalog.prepared_on_a_private_loop = on_a_private_loop
        return catalog

    async def acatalog(
        self,
        plan: Enablement,
        config: JsonDict,
        context: JsonDict | None,
        *,
        offload: Offload | None = None,
        call: HookCall = invoke,
    ) -> ToolCatalog:
        """`catalog` for the event loop: `prepare_async` is awaited here; every sync hook runs
        through `offload` (default: the worker pool) and `call` (the core passes its watchdog
        and the request's call, which notes the running hook)."""
        run_off_loop = offload or self._workers.run
        failures: list[PluginHookError] = []
        record = self._recording(failures)
        entries = []
        for handle in plan.tools:
            try:
                entries.append(await run_off_loop(partial(self._init_one, handle, config, call)))
            except PluginHookError as exc:
                record(exc)
        tool_context = self.context(config, context)

        async def prepare(entry: ToolEntry) -> ToolEntry | None:
            handle = entry.handle
            try:
                if handle.has_own("prepare_async"):
                    pending = invoke(
                        handle, "prepare_async", config, entry.state, context=tool_context
                    )
                    prepared = await await_hook(handle, "prepare_async", pending)
                    hook = "prepare_async"
                else:
                    hook = "prepare"
                    prepared = await run_off_loop(
                        partial(call, handle, hook, config, entry.state, context=tool_context)
                    )
                entry.prepared = expect(handle, hook, prepared, dict, "a dict")
            except PluginHookError as exc:
                record(exc)
                return None
            return entry

        prepared = await asyncio.gather(*(prepare(entry) for entry in entries))
        ready = [entry for entry in prepared if entry]
        catalog: ToolCatalog = await run_off_loop(
            partial(self._finish, plan, config, ready, failures, call)
        )
        return catalog

    def _finish(
        self,
        plan: Enablement,
        config: JsonDict,
        entries: list[ToolEntry],
        failures: list[PluginHookError],
        call: HookCall = invoke,
    ) -> ToolCatalog:
        record = self._recording(failures)
        contributions = []
        for handle in (plan.provider, *plan.extensions):
            try:
                contributions.append(call(handle, "get_tool_interop_contribution", config, None))
            except PluginHookError as exc:
                self._record(exc)
        for entry in entries:
            try:
                contributions.append(
                    call(entry.handle, "get_tool_interop_contribution", entry.state)
                )
            except PluginHookError as exc:
                self._record(exc)
        interop = ToolInteropRegistry(contributions)
        available: list[ToolDescriptor] = []
        entry_by_plugin: dict[str, ToolEntry] = {}
        for entry in entries:
            handle = entry.handle
            try:
                schemas = call(handle, "get_tool_schemas", entry.state, prepared=entry.prepared)
                schemas = expect(handle, "get_tool_schemas", schemas, list, "a list of schemas")
            except PluginHookError as exc:
                record(exc)
                continue
            entry_by_plugin[handle.name] = entry
            for schema in schemas:
                described = interop.describe_schema(schema) if isinstance(schema, dict) else None
                if described is None:
                    self._record(
                        PluginHookError(
                            handle.name,
                            "get_tool_schemas",
                            f"returned a tool schema no interop accessor reads: {schema!r:.100}",
                        )
                    )
                    continue
                schema_format, tool_name = described
                annotations = schema.get("annotations")
                available.append(
                    ToolDescriptor(
                        plugin_name=handle.name,
                        tool_name=tool_name,
                        schema=schema,
                        metadata={
                            "annotations": dict(annotations)
                            if isinstance(annotations, dict)
                            else {},
                            "format": schema_format,
                        },
                    )
                )
        available = self._unique(available)
        effective = list(available)
        preparation_context = {
            "core": self._core,
            "config": config,
            "provider": plan.provider.name,
            "tags": list(plan.tags),
            "models": list(plan.models),
            "available_tools": list(available),
        }
        for handle in plan.features:
            # A feature failing here is left out of the request (see `ToolCatalog.failures`);
            # the tools stay as the features before it left them.
            try:
                result = call(
                    handle,
                    "prepare_tools",
                    config,
                    list(effective),
                    {**preparation_context, "tools": list(effective)},
                )
                if not isinstance(result, list) or not all(
                    isinstance(item, ToolDescriptor) for item in result
                ):
                    raise PluginHookError(
                        handle.name,
                        "prepare_tools",
                        "returned something other than ToolDescriptors",
                    )
            except PluginHookError as exc:
                record(exc)
                continue
            effective = self._unique(result)
        owners = {}
        for descriptor in effective:
            owner = entry_by_plugin.get(descriptor.plugin_name)
            if owner is not None:
                owners[descriptor.tool_name] = (owner, descriptor)
        accepted = self._declared_formats(plan, config, "accepted_tool_schema_formats")
        interop.prefer_call_formats(
            self._declared_formats(plan, config, "emitted_tool_call_formats")
        )
        schemas = [
            interop.adapt_schema(
                descriptor.schema, str(descriptor.metadata.get("format", "")), accepted
            )
            for descriptor in effective
        ]
        return ToolCatalog(entries, available, effective, schemas, interop, owners, failures)

    def _unique(self, descriptors: list[ToolDescriptor]) -> list[ToolDescriptor]:
        unique: dict[str, ToolDescriptor] = {}
        for descriptor in descriptors:
            kept = unique.get(descriptor.tool_name)
            if kept is None:
                unique[descriptor.tool_name] = descriptor
            elif kept is not descriptor:
                logger.warning(
                    "Tool name '%s' is provided by both '%s' and '%s'; keeping '%s'",
                    descriptor.tool_name,
                    kept.plugin_name,
                    descriptor.plugin_name,
                    kept.plugin_name,
                )
        return list(unique.values())

    def _declared_formats(self, plan: Enablement, config: JsonDict, hook: str) -> list[str]:
        """The formats provider then extensions declare through `hook` (first mention wins)."""
        declared: list[str] = []
        for handle in (plan.provider, *plan.extensions):
            try:
                formats = invoke(handle, hook, config, None)
            except PluginHookError as exc:
                self._record(exc)
                continue
            if isinstance(formats, list):
                declared.extend(item for item in formats if item not in declared)
        return declared

    # ------------------------------------------------------------------ calls
    def previews(self, catalog: ToolCatalog, tool_calls: list[JsonDict]) -> list[JsonDict]:
        """``[{"tool_call_id", "tool_name", "preview"}]`` for `tool_calls`."""
        previews = []
        for tool_call in tool_calls:
            resolved = self.resolve(catalog, tool_call)
            if isinstance(resolved, dict):
                metadata = resolved["metadata"]
                previews.append(
                    {
                        "tool_call_id": metadata["tool_call_id"],
                        "tool_name": metadata["name"],
                        "preview": "",
                    }
                )
                continue
            call = resolved.call
            try:
                preview = invoke(
                    resolved.entry.handle,
                    "format_tool_call_preview",
                    resolved.tool_name,
                    call.payload,
                    resolved.entry.state,
                    payload_kind=call.payload_kind,
                    payload_format=call.payload_format,
                    payload_metadata=dict(call.payload_metadata),
                    tool_call=resolved.tool_call,
                    prepared=resolved.entry.prepared,
                )
            except PluginHookError as exc:
                self._record(exc)
                preview = ""
            previews.append(
                {
                    "tool_call_id": resolved.tool_call_id,
                    "tool_name": resolved.tool_name,
                    "preview": preview if isinstance(preview, str) else str(preview or ""),
                }
            )
        return previews

    def describe(self, catalog: ToolCatalog, tool_calls: list[JsonDict]) -> list[JsonDict]:
        """What each call would run, read the way execution reads it (any wire format).

        Per call: ``tool_call_id``, ``tool_name``, ``runnable``; a runnable call adds
        ``plugin_name``, ``descriptor`` (the effective `ToolDescriptor`), ``arguments`` (the
        payload) and ``arguments_problem``: None, or the error tool result it gets instead of
        running when its arguments do not fit the tool's parameters (execution checks that
        again; a caller deciding approval refuses such a call unasked). A call that reaches no
        tool adds ``error_message``, the tool result it gets instead. The facts of a call the
        model is still writing are these too: its tool and view stay known, whatever its
        arguments lack so far.
        """
        facts = []
        for tool_call in tool_calls:
            resolved = self.resolve(catalog, tool_call)
            if isinstance(resolved, dict):
                metadata = resolved["metadata"]
                facts.append(
                    {
                        "tool_call_id": metadata["tool_call_id"],
                        "tool_name": metadata["name"],
                        "runnable": False,
                        "error_message": resolved,
                    }
                )
                continue
            facts.append(_resolved_facts(resolved, _arguments_refusal(resolved)))
        return facts

    def execute(
        self,
        catalog: ToolCatalog,
        tool_calls: list[JsonDict],
        config: JsonDict,
        context: JsonDict | None,
    ) -> list[JsonDict]:
        """Run tool calls in order, blocking; one tool result message per call."""
        tool_context = self.context(config, context)
        messages = []
        for tool_call in tool_calls:
            resolved = self._resolve_runnable(catalog, tool_call)
            if isinstance(resolved, dict):
                messages.append(resolved)
                continue
            try:
                result = self._run_blocking(resolved, tool_context, None)
                messages.append(self._result_message(resolved, result))
            except PluginHookError as exc:
                messages.append(self._failure(resolved, exc, config))
        return messages

    async def astream(
        self,
        catalog: ToolCatalog,
        tool_call: JsonDict,
        config: JsonDict,
        context: JsonDict | None,
        cancellation: Any,
        authorize: Callable[[JsonDict], bool] | None = None,
    ) -> AsyncIterator[JsonDict]:
        resolved = self._resolve_runnable(catalog, tool_call)
        refused = (
            not isinstance(resolved, dict)
            and authorize is not None
            and not authorize(_resolved_facts(resolved, None))
        )
        if refused and isinstance(resolved, ResolvedCall):
            resolved = _tool_error_message(
                resolved.tool_call_id,
                resolved.tool_name,
                f"Error: the call to tool '{resolved.tool_name}' was not run: the tool it "
                "reaches is not the one that was approved.",
                "not_authorized",
            )
        if isinstance(resolved, dict):
            yield {
                "type": "tool_result",
                "tool_call_id": resolved["metadata"]["tool_call_id"],
                "message": resolved,
            }
            return
        tool_context = self.context(config, context)
        result: Any = None
        try:
            async for kind, value in self._run_async(resolved, tool_context, cancellation):
                if kind == "part":
                    yield {
                        "type": "tool_partial",
                        "tool_call_id": resolved.tool_call_id,
                        "part": value,
                    }
                else:
                    result = value
            message = self._result_message(resolved, result)
        except PluginHookError as exc:
            message = self._failure(resolved, exc, config)
        yield {"type": "tool_result", "tool_call_id": resolved.tool_call_id, "message": message}

    def resolve(self, catalog: ToolCatalog, tool_call: Any) -> ResolvedCall | JsonDict:
        """Find the tool that handles a call, or return the error tool result message."""
        if not isinstance(tool_call, dict):
            return _tool_error_message(
                "",
                "",
                f"Error: a tool call must be an object, not {type(tool_call).__name__}.",
                "invalid_tool_call",
            )
        call = catalog.interop.read_tool_call(tool_call)
        if call is None:
            raw_id = tool_call.get("id") or tool_call.get("call_id") or ""
            return _tool_error_message(
                str(raw_id),
                "",
                "Error: this tool call is in a format no active tool interop accessor reads.",
                "invalid_tool_call",
            )
        tool_call_id = call.tool_call_id or ""
        tool_name = call.tool_name or ""
        if call.error is not None:
            return _tool_error_message(
                tool_call_id,
                tool_name,
                f"Error: the call to tool '{tool_name}' was not run because {call.error}. "
                "Send the arguments as a JSON object matching the tool's parameters.",
                "invalid_arguments",
            )
        owner = self._owner_of(catalog, call, tool_call)
        if owner is None:
            names = ", ".join(descriptor.tool_name for descriptor in catalog.effective) or "none"
            return _tool_error_message(
                tool_call_id,
                tool_name,
                f"Error: there is no tool named '{tool_name}'. Available tools: {names}.",
                "unknown_tool",
            )
        entry, descriptor = owner
        return ResolvedCall(tool_call, call, entry, descriptor, tool_call_id, tool_name)

    def _resolve_runnable(self, catalog: ToolCatalog, tool_call: Any) -> ResolvedCall | JsonDict:
        """`resolve`, and the error tool result too when the call's arguments do not fit its
        tool's parameters: nothing runs a call that cannot work (also one whose arguments the
        user edited before allowing it)."""
        resolved = self.resolve(catalog, tool_call)
        if isinstance(resolved, dict):
            return resolved
        return _arguments_refusal(resolved) or resolved

    def _owner_of(
        self, catalog: ToolCatalog, call: ToolCallPayload, tool_call: JsonDict
    ) -> tuple[ToolEntry, ToolDescriptor] | None:
        refused: set[str] = set()
        for tool_name, (entry, descriptor) in catalog.owners.items():
            handle = entry.handle
            if not handle.has_own("can_handle_tool_call") or handle.name in refused:
                continue
            try:
                verdict = invoke(
                    handle,
                    "can_handle_tool_call",
                    call.tool_name,
                    call.payload,
                    entry.state,
                    payload_kind=call.payload_kind,
                    payload_format=call.payload_format,
                    payload_metadata=dict(call.payload_metadata),
                    tool_call=tool_call,
                    tool_schema=descriptor.schema,
                    prepared=entry.prepared,
                )
            except PluginHookError as exc:
                self._record(exc)
                verdict = False
            if verdict is True and (tool_name == call.tool_name or call.tool_name is None):
                return entry, descriptor
            if verdict is False:
                refused.add(handle.name)
        owner = catalog.owners.get(call.tool_name or "")
        if owner is None or owner[0].handle.name in refused:
            return None
        return owner

    def _run_blocking(self, resolved: ResolvedCall, context: JsonDict, cancellation: Any) -> Any:
        handle, state = resolved.entry.handle, resolved.entry.state
        args = (resolved.tool_name, resolved.call.payload, state)
        kwargs = resolved.hook_kwargs(context, cancellation)
        if handle.has_own("execute_tool"):
            return invoke(handle, "execute_tool", *args, **kwargs)
        if handle.has_own("stream_tool"):
            result = None
            stream = invoke(handle, "stream_tool", *args, **kwargs)
            try:
                for item in stream:
                    if not (isinstance(item, dict) and "part" in item):
                        result = item
            except PLUGIN_FAULTS as exc:
                raise PluginHookError(handle.name, "stream_tool", exc) from exc
            if result is None:
                raise PluginHookError(handle.name, "stream_tool", "ended without a result")
            return result
        if handle.has_own("execute_tool_async") or handle.has_own("stream_tool_async"):

            async def collect() -> Any:
                result = None
                async for kind, value in self._run_async(resolved, context, cancellation):
                    if kind == "result":
                        result = value
                return result

            return self._workers.run_blocking(collect())
        return invoke(handle, "execute_tool", *args, **kwargs)

    async def _run_async(
        self, resolved: ResolvedCall, context: JsonDict, cancellation: Any
    ) -> AsyncIterator[tuple[str, Any]]:
        """Yield ``("part", part)`` for streamed parts and finally ``("result", result)``."""
        handle, state = resolved.entry.handle, resolved.entry.state
        args = (resolved.tool_name, resolved.call.payload, state)
        kwargs = resolved.hook_kwargs(context, cancellation)
        stream: AsyncIterator[Any] | None = None
        if handle.has_own("stream_tool_async"):
            hook = "stream_tool_async"
            stream = invoke(handle, hook, *args, **kwargs)
        elif handle.has_own("stream_tool"):
            hook = "stream_tool"
            stream = self._workers.pump(partial(handle.hook(hook), *args, **kwargs))
        if stream is not None:
            result = None
            async for item in iterate_plugin_stream(handle, hook, stream, self._record):
                if isinstance(item, dict) and "part" in item:
                    yield "part", item["part"]
                else:
                    result = item
            if result is None:
                raise PluginHookError(handle.name, hook, "ended without a result")
            yield "result", result
            return
        if handle.has_own("execute_tool_async"):
            call = invoke(handle, "execute_tool_async", *args, **kwargs)
            yield "result", await await_hook(handle, "execute_tool_async", call)
            return
        yield (
            "result",
            await self._workers.run(partial(invoke, handle, "execute_tool", *args, **kwargs)),
        )

    def _result_message(self, resolved: ResolvedCall, result: Any) -> JsonDict:
        handle, state = resolved.entry.handle, resolved.entry.state
        hook = "execute_tool"
        if not isinstance(result, dict):
            raise PluginHookError(
                handle.name, hook, f"returned {type(result).__name__}, expected a result dict"
            )
        content = invoke(handle, "format_tool_result", result, state)
        text = content if isinstance(content, str) else json.dumps(content, default=str)
        try:
            display = expect(
                handle,
                "to_display_format",
                invoke(handle, "to_display_format", text, result, state),
                dict,
                "a display dict",
            )
        except PluginHookError as exc:
            self._record(exc)
            display = {"type": "text", "content": text}
        is_error = not bool(result.get("success", "error" not in result))
        return {
            "role": "tool",
            "content": content,
            "metadata": {
                "tool_call_id": resolved.tool_call_id,
                "name": resolved.tool_name,
                "display": display,
                "is_error": is_error,
            },
        }

    def _failure(self, resolved: ResolvedCall, exc: PluginHookError, config: Any) -> JsonDict:
        logger.warning("%s", exc.message, exc_info=exc.__cause__ or exc)
        message = redact_secrets(exc.message, config)
        return _tool_error_message(
            resolved.tool_call_id,
            resolved.tool_name,
            f"Error: the tool '{resolved.tool_name}' failed. {message}",
            exc.error_type,
            plugin=exc.plugin,
            hook=exc.hook,
        )

    def catalog_failure(self, tool_call: Any, exc: AgentCoreError, config: Any) -> JsonDict:
        tool_call_id, tool_name = "", ""
        if isinstance(tool_call, dict):
            tool_call_id = str(tool_call.get("id") or tool_call.get("call_id") or "")
            function = tool_call.get("function")
            name = function.get("name") if isinstance(function, dict) else tool_call.get("name")
            tool_name = name if isinstance(name, str) else ""
        return _tool_error_message(
            tool_call_id,
            tool_name,
            f"Error: tools could not be prepared. {redact_secrets(exc.message, config)}",
            exc.error_type,
            plugin=exc.plugin,
            hook=exc.hook,
        )


def parameters_schema(schema: Any) -> JsonDict | None:
    """The JSON schema of a tool's arguments, in any of the wire formats a tool is offered in
    (OpenAI's function, Anthropic's ``input_schema``, MCP's ``inputSchema``); None for a tool
    without one (a freeform tool reads its text itself)."""
    if not isinstance(schema, dict):
        return None
    function = schema.get("function")
    holder = function if isinstance(function, dict) else schema
    for key in ("parameters", "input_schema", "inputSchema"):
        found = holder.get(key)
        if isinstance(found, dict):
            return found
    return None


def argument_problems(parameters: JsonDict, arguments: Any) -> list[str]:
    """One sentence per reason a tool with these `parameters` (its arguments' JSON schema)
    cannot take `arguments`: a required argument missing, or one it does not take when its
    parameters allow no others. Empty when they fit, and for arguments that are not an object
    (other payload formats are the tool's own to read).

    Only what makes a call certainly fail is checked: a value of another type may still be
    taken (many tools convert "5" to 5), so values are the tool's to judge."""
    if not isinstance(arguments, dict):
        return []
    properties = parameters.get("properties")
    known = properties if isinstance(properties, dict) else {}
    required = parameters.get("required")
    problems = [
        QT_TRANSLATE_NOOP("Errors", "The required argument '{name}' is missing.").format(name=name)
        for name in (required if isinstance(required, list) else [])
        if isinstance(name, str) and name not in arguments
    ]
    if parameters.get("additionalProperties") is False:
        problems.extend(
            QT_TRANSLATE_NOOP("Errors", "The tool does not take an argument '{name}'.").format(
                name=name
            )
            for name in arguments
            if name not in known
        )
    return problems


def _arguments_refusal(resolved: ResolvedCall) -> JsonDict | None:
    """The error tool result of a call whose arguments do not fit its tool's parameters, in
    lines the model reads (and the window shows translated, line by line): the tool, what is
    wrong, what it takes. None when they fit."""
    parameters = parameters_schema(resolved.descriptor.schema)
    problems = argument_problems(parameters, resolved.call.payload) if parameters else []
    if not parameters or not problems:
        return None
    properties = parameters.get("properties")
    takes = ", ".join(f"'{name}'" for name in properties) if isinstance(properties, dict) else ""
    advice = (
        QT_TRANSLATE_NOOP(
            "Errors", "Send the call again with the arguments the tool takes: {names}."
        ).format(names=takes)
        if takes
        else QT_TRANSLATE_NOOP("Errors", "Send the call again without arguments.")
    )
    heading = QT_TRANSLATE_NOOP(
        "Errors",
        "Error: the call to tool '{tool}' was not run: its arguments do not fit the "
        "tool's parameters.",
    ).format(tool=resolved.tool_name)
    text = "\n".join([heading, *problems, advice])
    message = _tool_error_message(
        resolved.tool_call_id, resolved.tool_name, text, "invalid_arguments"
    )
    # The row's collapsed line says what is wrong; the tool's name is beside it already.
    message["metadata"]["display"]["single_line"] = _single_line(problems[0])
    return message


def _resolved_facts(resolved: ResolvedCall, arguments_problem: JsonDict | None) -> JsonDict:
    return {
        "tool_call_id": resolved.tool_call_id,
        "tool_name": resolved.tool_name,
        "runnable": True,
        "plugin_name": resolved.entry.handle.name,
        "descriptor": resolved.descriptor,
        "arguments": resolved.call.payload,
        "arguments_problem": arguments_problem,
    }
