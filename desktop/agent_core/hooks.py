"""Hook lookup and hook-shape adapters.

Plugins duck-type the protocols in `agent_core.types`: a missing hook means the protocol's
default, and a hook may be written without the optional parameters the spec added over time
(feature hooks without `state` / `context`, providers without `request_id`, the legacy
`get_ui_elements` forms). Each hook's shape is inspected once per plugin instance and turned into
a callable that takes the canonical arguments, so nothing is inspected per call.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from agent_core.errors import PluginHookError
from agent_core.types import (
    FeaturePlugin,
    ProviderExtensionPlugin,
    ProviderPlugin,
    ProviderRequestCancelled,
    ToolPlugin,
)

Hook = Callable[..., Any]

# What a plugin hook may raise that the core turns into a named failure. `SystemExit` and
# `KeyboardInterrupt` count: a plugin calling `sys.exit()` must not end the app. (A user's
# Ctrl+C reaches only the main thread between hooks; `CancelledError` and `GeneratorExit` are
# control flow and pass through.)
PLUGIN_FAULTS: tuple[type[BaseException], ...] = (Exception, SystemExit, KeyboardInterrupt)

PROVIDER = "provider"
EXTENSION = "extension"
FEATURE = "feature"
TOOL = "tool"

PROTOCOLS: dict[str, type] = {
    PROVIDER: ProviderPlugin,
    EXTENSION: ProviderExtensionPlugin,
    FEATURE: FeaturePlugin,
    TOOL: ToolPlugin,
}

_TOOL_CALL_KEYWORDS = (
    "payload_kind",
    "payload_format",
    "payload_metadata",
    "tool_call",
    "cancellation",
    "context",
    "prepared",
)

# hook name -> (required positional count, optional positional names, optional keyword names)
HookSpec = tuple[int, tuple[str, ...], tuple[str, ...]]
_COMMON_SPECS: dict[str, HookSpec] = {
    "get_config_schema": (0, (), ()),
    "get_tags": (2, (), ()),
    "required_tags": (0, (), ()),
    "forbidden_tags": (0, (), ()),
    "is_enabled": (4, (), ()),
}
_SHARED_STATE_SPECS: dict[str, HookSpec] = {
    **_COMMON_SPECS,
    "init": (2, (), ()),
    "get_models": (2, (), ()),
    "to_native_messages": (2, ("state",), ("context",)),
    "from_native_messages": (2, ("state",), ("context",)),
    "initialize_request": (2, (), ("context",)),
    "finalize": (3, (), ("context",)),
    "get_actions": (1, (), ()),
    "execute_action": (6, (), ()),
    "accepted_tool_schema_formats": (1, ("state",), ()),
    "emitted_tool_call_formats": (1, ("state",), ()),
    "get_tool_interop_contribution": (1, ("state",), ()),
}
HOOK_SPECS: dict[str, dict[str, HookSpec]] = {
    PROVIDER: {
        **_COMMON_SPECS,
        "init": (1, (), ()),
        "get_models": (1, (), ()),
        "to_native_messages": (2, (), ("context",)),
        "from_native_messages": (2, (), ("context",)),
        "initialize_request": (2, (), ("request_id", "context")),
        "stream_api": (2, (), ("request_id",)),
        "astream_api": (2, (), ("request_id",)),
        "call_api": (2, (), ("request_id",)),
        "acall_api": (2, (), ("request_id",)),
        "process_chunk": (3, (), ()),
        "finalize": (2, (), ("context",)),
        "cancel_request": (1, (), ()),
        "to_display_format": (2, (), ()),
        "accepted_tool_schema_formats": (1, ("state",), ()),
        "emitted_tool_call_formats": (1, ("state",), ()),
        "get_tool_interop_contribution": (1, ("state",), ()),
    },
    EXTENSION: {**_SHARED_STATE_SPECS, "process_chunk": (5, (), ())},
    FEATURE: {
        **_SHARED_STATE_SPECS,
        "prepare_tools": (2, ("context",), ()),
        "get_template": (1, (), ()),
        "get_completions": (2, (), ()),
        "apply_completion": (3, (), ()),
    },
    TOOL: {
        **_COMMON_SPECS,
        "init": (1, (), ()),
        "prepare": (2, (), ("context",)),
        "prepare_async": (2, (), ("context",)),
        "get_tool_schemas": (1, (), ("prepared",)),
        "get_tool_interop_contribution": (1, (), ()),
        "can_handle_tool_call": (3, (), (*_TOOL_CALL_KEYWORDS, "tool_schema")),
        "format_tool_call_preview": (3, (), _TOOL_CALL_KEYWORDS),
        "execute_tool": (3, (), _TOOL_CALL_KEYWORDS),
        "execute_tool_async": (3, (), _TOOL_CALL_KEYWORDS),
        "stream_tool": (3, (), _TOOL_CALL_KEYWORDS),
        "stream_tool_async": (3, (), _TOOL_CALL_KEYWORDS),
        "format_tool_result": (2, (), ()),
        "to_display_format": (3, (), ()),
    },
}


@dataclass(frozen=True)
class _Shape:
    positional: int | None  # None: takes *args
    keywords: frozenset[str]
    any_keyword: bool  # takes **kwargs


def _shape(function: Hook) -> _Shape | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    positional: int | None = 0
    keywords: set[str] = set()
    any_keyword = False
    for parameter in signature.parameters.values():
        if parameter.kind is parameter.VAR_POSITIONAL:
            positional = None
        elif parameter.kind is parameter.VAR_KEYWORD:
            any_keyword = True
        elif parameter.kind is parameter.KEYWORD_ONLY:
            keywords.add(parameter.name)
        else:
            if positional is not None:
                positional += 1
            if parameter.kind is parameter.POSITIONAL_OR_KEYWORD:
                keywords.add(parameter.name)
    return _Shape(positional, frozenset(keywords), any_keyword)


def adapt(function: Hook, spec: HookSpec) -> Hook:
    """Return a callable taking the canonical arguments of `spec` and forwarding what fits.

    Callers pass required and optional-positional arguments positionally and optional keywords
    by name. Optional arguments the hook does not take are dropped. When the hook takes
    everything, `function` itself is returned (no wrapper on hot paths).
    """
    required, optional_positional, optional_keywords = spec
    shape = _shape(function)
    if shape is None:
        return function
    if shape.positional is None:
        positional_limit = required + len(optional_positional)
    else:
        # Required arguments always go through: a hook that cannot take them fails loudly.
        positional_limit = max(required, min(shape.positional, required + len(optional_positional)))
    # Optional positionals that do not fit positionally may still be taken by name.
    moved_to_keywords = tuple(
        name
        for name in optional_positional[max(0, positional_limit - required) :]
        if shape.any_keyword or name in shape.keywords
    )
    accepted_keywords = frozenset(
        name for name in optional_keywords if shape.any_keyword or name in shape.keywords
    )
    takes_all = positional_limit == required + len(optional_positional) and accepted_keywords == (
        frozenset(optional_keywords)
    )
    if takes_all:
        return function

    def adapted(*args: Any, **kwargs: Any) -> Any:
        forwarded = {name: value for name, value in kwargs.items() if name in accepted_keywords}
        for offset, name in enumerate(optional_positional):
            index = required + offset
            if index >= positional_limit and index < len(args) and name in moved_to_keywords:
                forwarded[name] = args[index]
        return function(*args[:positional_limit], **forwarded)

    return adapted


def own_hook(instance: Any, kind: str, name: str) -> Hook | None:
    """The plugin's own implementation of a hook, or None when missing or inherited from the
    protocol's default (so async defaults that merely call the sync hook count as missing)."""
    hook: Hook | None = getattr(instance, name, None)
    if not callable(hook):
        return None
    default = getattr(PROTOCOLS[kind], name, None)
    if default is not None and getattr(hook, "__func__", None) is default:
        return None
    return hook


def adapt_ui_elements_hook(function: Hook) -> Callable[[dict[str, Any], dict[str, Any]], Any]:
    """Call `get_ui_elements` in whichever of its five documented shapes the plugin wrote.

    ``()``, ``(config)``, ``(config, context=None)`` (canonical), ``(config, tags, models)`` and
    ``(config, tags, models, context)``.
    """
    shape = _shape(function)
    if shape is None or shape.positional is None:
        return lambda config, context: function(config, context)
    if shape.positional == 0:
        return lambda config, context: function()
    if shape.positional == 1:
        if "context" in shape.keywords or shape.any_keyword:
            return lambda config, context: function(config, context=context)
        return lambda config, context: function(config)
    if shape.positional == 2:
        return lambda config, context: function(config, context)
    if shape.positional == 3:
        return lambda config, context: function(config, context["tags"], context["models"])
    return lambda config, context: function(config, context["tags"], context["models"], context)


@dataclass(eq=False)
class PluginHandle:
    """A registered plugin instance with its identity and its resolved, adapted hooks."""

    instance: Any
    kind: str
    name: str
    order: int
    priority: int = 100
    _hooks: dict[str, Hook] = field(default_factory=dict, repr=False)

    @classmethod
    def create(cls, instance: Any, kind: str, order: int) -> PluginHandle:
        name = getattr(instance, "name", None)
        if not isinstance(name, str) or not name:
            name = type(instance).__name__
        priority = getattr(instance, "priority", 100)
        if not isinstance(priority, int | float) or isinstance(priority, bool):
            priority = 100
        return cls(instance=instance, kind=kind, name=name, order=order, priority=int(priority))

    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.priority, self.order)

    @property
    def default_enabled(self) -> bool:
        return getattr(self.instance, "default_enabled", True) is not False

    def hook(self, name: str) -> Hook:
        """The hook adapted to its canonical call shape; the protocol default when missing."""
        hook = self._hooks.get(name)
        if hook is None:
            hook = self._resolve(name)
            self._hooks[name] = hook
        return hook

    def has_own(self, name: str) -> bool:
        return own_hook(self.instance, self.kind, name) is not None

    def _resolve(self, name: str) -> Hook:
        if name == "get_ui_elements":
            function = getattr(self.instance, name, None)
            if not callable(function):
                return lambda config, context: []
            return adapt_ui_elements_hook(function)
        function = getattr(self.instance, name, None)
        if not callable(function):
            default = getattr(PROTOCOLS[self.kind], name, None)
            if default is None:
                raise AttributeError(f"{self.kind} plugin '{self.name}' has no hook {name}")
            function = partial(default, self.instance)
        spec = HOOK_SPECS[self.kind].get(name)
        return function if spec is None else adapt(function, spec)


def invoke(handle: PluginHandle, hook: str, *args: Any, **kwargs: Any) -> Any:
    """Call a plugin hook; any failure becomes a `PluginHookError` naming plugin and hook."""
    try:
        return handle.hook(hook)(*args, **kwargs)
    except ProviderRequestCancelled:
        raise
    except PLUGIN_FAULTS as exc:
        raise PluginHookError(handle.name, hook, exc) from exc


def expect(handle: PluginHandle, hook: str, value: Any, kind: type, what: str) -> Any:
    """Return `value` when it is a `kind`; else a `PluginHookError` saying what was expected."""
    if not isinstance(value, kind):
        raise PluginHookError(
            handle.name, hook, f"returned {type(value).__name__}, expected {what}"
        )
    return value


def expect_tuple(handle: PluginHandle, hook: str, value: Any, size: int) -> tuple[Any, ...]:
    """Return `value` as a tuple when it has `size` items; else a `PluginHookError`."""
    if not isinstance(value, tuple | list) or len(value) != size:
        raise PluginHookError(
            handle.name, hook, f"returned {type(value).__name__}, expected a {size}-tuple"
        )
    return tuple(value)
