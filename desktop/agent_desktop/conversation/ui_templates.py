"""`message_footer` and `status_bar` UI elements: a dotted `data` path into a core message dict and
a `template` in which `{{data}}` is replaced by the value found there."""

from __future__ import annotations

from typing import Any

DEFAULT_TEMPLATE = "{{data}}"


def resolve_path(data: Any, path: str) -> Any:
    """Follow `a.b.0.c` through dicts and lists; None when any step is missing."""
    value = data
    for step in path.split(".") if path else []:
        if isinstance(value, dict):
            value = value.get(step)
        elif isinstance(value, list) and step.lstrip("-").isdigit():
            position = int(step)
            value = value[position] if -len(value) <= position < len(value) else None
        else:
            return None
        if value is None:
            return None
    return value


def render_element(element: dict[str, Any], message: dict[str, Any] | None) -> str:
    """The text of one footer / status element, or '' when its data is absent."""
    if message is None:
        return ""
    path = str(element.get("data") or "")
    value = resolve_path(message, path) if path else None
    if value is None:
        return ""
    if isinstance(value, float):
        value = f"{value:g}"
    template = str(element.get("template") or DEFAULT_TEMPLATE)
    return template.replace("{{data}}", str(value))


def elements_of(ui_schema: list[dict[str, Any]], ui_type: str) -> list[dict[str, Any]]:
    return [element for element in ui_schema if element.get("ui_type") == ui_type]
