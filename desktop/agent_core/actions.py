"""Session actions: params checked against `inputs`, error dicts, and the layer-1 context.

An action's `inputs` is either a mapping ``{name: {"type", "required", "default", "enum"}}``
(the spec's action definitions) or a list of ``{"name", "type", "required", ...}`` (the dialog
form shape). Types: ``string``, ``integer``, ``number``, ``boolean``, ``array``, ``object``;
anything else (or no type) passes values through. Values are coerced where the intent is clear
(``"5"`` → 5 for integers, ``"true"`` → True for booleans) and rejected otherwise.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from agent_core.ui_text import QT_TRANSLATE_NOOP

logger = logging.getLogger(__name__)

_TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
_FALSE_WORDS = frozenset({"false", "no", "off", "0"})


def error_result(error_type: str, message: str, **extra: Any) -> dict[str, Any]:
    """The result dict of an action that did not run: ``{"status": "error", "error": {...}}``."""
    return {"status": "error", "error": {"type": error_type, "message": message, **extra}}


def action_triggers(action: Mapping[str, Any]) -> list[str]:
    """The lifecycle triggers an action definition declares (``trigger``: str or list)."""
    trigger = action.get("trigger")
    if isinstance(trigger, str):
        return [trigger]
    if isinstance(trigger, list | tuple):
        return [item for item in trigger if isinstance(item, str)]
    return []


def _input_specs(inputs: Any) -> dict[str, dict[str, Any]]:
    if isinstance(inputs, Mapping):
        return {
            str(name): dict(spec) if isinstance(spec, Mapping) else {}
            for name, spec in inputs.items()
        }
    if isinstance(inputs, list):
        return {
            str(spec["name"]): dict(spec)
            for spec in inputs
            if isinstance(spec, Mapping) and spec.get("name")
        }
    return {}


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


T = TypeVar("T", int, float)


def _parsed(kind: Callable[[str], T], text: str) -> T | None:
    """`kind(text)` (int or float), or None when the text is not such a number."""
    try:
        return kind(text.strip())
    except ValueError:
        return None


def _coerce(value: Any, expected: Any) -> tuple[Any, str | None]:
    """Return (coerced value, None) or (value, problem)."""
    if expected == "integer":
        if isinstance(value, bool):
            return value, f"expected an integer, got {_describe(value)}"
        if isinstance(value, int):
            return value, None
        if isinstance(value, float) and value.is_integer():
            return int(value), None
        if isinstance(value, str):
            whole = _parsed(int, value)
            if whole is not None:
                return whole, None
        return value, f"expected an integer, got {_describe(value)}"
    if expected == "number":
        if isinstance(value, bool):
            return value, f"expected a number, got {_describe(value)}"
        if isinstance(value, int | float):
            return value, None
        if isinstance(value, str):
            number = _parsed(float, value)
            if number is not None and math.isfinite(number):
                return (int(number) if number.is_integer() else number), None
        return value, f"expected a number, got {_describe(value)}"
    if expected == "boolean":
        if isinstance(value, bool):
            return value, None
        if isinstance(value, int) and value in (0, 1):
            return bool(value), None
        if isinstance(value, str) and value.strip().lower() in _TRUE_WORDS | _FALSE_WORDS:
            return value.strip().lower() in _TRUE_WORDS, None
        return value, f"expected true or false, got {_describe(value)}"
    if expected == "string":
        if isinstance(value, str):
            return value, None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value), None
        return value, f"expected text, got {_describe(value)}"
    if expected == "array":
        if isinstance(value, list | tuple):
            return list(value), None
        return value, f"expected a list, got {_describe(value)}"
    if expected == "object":
        if isinstance(value, Mapping):
            return dict(value), None
        return value, f"expected an object, got {_describe(value)}"
    return value, None


def validate_params(
    action_id: str, inputs: Any, params: Any
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """Check and coerce `params` against an action's `inputs`.

    Returns ``(params, None)`` on success, or ``(params, error)`` where error is the spec-style
    error dict ``{"type": "invalid_params", "message", "errors": {name: problem}}``. Params the
    action does not declare pass through unchanged; declared defaults fill in missing ones.
    """
    if params is not None and not isinstance(params, Mapping):
        return {}, {
            "type": "invalid_params",
            "message": QT_TRANSLATE_NOOP(
                "Errors", "Parameters for action '{action_id}' must be an object, not {kind}."
            ).format(action_id=action_id, kind=type(params).__name__),
            "errors": {},
        }
    result = dict(params or {})
    problems: dict[str, str] = {}
    for name, spec in _input_specs(inputs).items():
        value = result.get(name)
        if value is None or value == "":
            if "default" in spec:
                result[name] = spec["default"]
            elif spec.get("required"):
                problems[name] = "is required"
            continue
        coerced, problem = _coerce(value, spec.get("type"))
        allowed = spec.get("enum")
        if problem is None and isinstance(allowed, list) and coerced not in allowed:
            problem = "must be one of " + ", ".join(_describe(option) for option in allowed)
        if problem is None:
            result[name] = coerced
        else:
            problems[name] = problem
    if problems:
        listing = "; ".join(f"{name} {problem}" for name, problem in problems.items())
        return result, {
            "type": "invalid_params",
            "message": QT_TRANSLATE_NOOP(
                "Errors", "Invalid parameters for action '{action_id}': {listing}."
            ).format(action_id=action_id, listing=listing),
            "errors": problems,
        }
    return result, None


_LAYER_TRIGGER_SOURCES = ("core", "application")


def layered_context(owned: Mapping[str, Any], caller: Mapping[str, Any] | None) -> dict[str, Any]:
    """Merge caller context under the core-owned layer-1 keys.

    Caller context is additive only: on a clash the owned value is kept and a warning names the
    keys the caller tried to override.
    """
    context = dict(caller or {})
    owned = dict(owned)
    # The application layer is a context builder too: it may say the action came from it.
    if context.get("trigger_source") in _LAYER_TRIGGER_SOURCES:
        owned["trigger_source"] = context["trigger_source"]
    clashes = sorted(
        key for key, value in owned.items() if key in context and context[key] is not value
    )
    if clashes:
        logger.warning(
            "Ignoring caller context keys reserved by the core: %s (the core's values are kept)",
            ", ".join(clashes),
        )
    context.update(owned)
    return context
