"""Form elements from a pydantic model's JSON schema (napari's preferences do the same).

A model field with a `section` in its schema extras is shown on that section's form, with the
field's title, description, limits and presentation hints (`widget`, `placeholder`,
`option_labels`, `unit`, `unit_scale`, `availability`). The elements go through
`forms.build_form`, the engine that draws plugin pages, so nothing in the Settings pages
restates a model. The words come marked for translation in the "Settings" context
(`agent_app.ui_text`) and are translated here, where they are shown.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication

from agent_desktop.system.global_shortcut import unavailable_reason

#: What a JSON-schema type is drawn as when the field names no `widget`.
_KINDS = {"boolean": "checkbox", "string": "text", "integer": "integer", "number": "number"}


def model_elements(model: type[BaseModel], section: str) -> list[dict[str, Any]]:
    """UI elements for the fields of `model` shown in `section`, in the model's order."""
    schema = model.model_json_schema()
    required = set(schema.get("required") or [])
    elements: list[dict[str, Any]] = []
    for name, prop in schema["properties"].items():
        if prop.get("section") != section:
            continue
        element = _element(name, _without_null(prop))
        if name in required:
            element["required"] = True
        elements.append(element)
    return elements


def _without_null(prop: dict[str, Any]) -> dict[str, Any]:
    """`X | None` is drawn as an X that can be left unset."""
    variants = [item for item in prop.get("anyOf") or [] if item.get("type") != "null"]
    if len(variants) != 1:
        return prop
    return {**{k: v for k, v in prop.items() if k != "anyOf"}, **variants[0]}


def _element(name: str, prop: dict[str, Any]) -> dict[str, Any]:
    scale = prop.get("unit_scale") or 1
    kind = prop.get("type", "string")
    element: dict[str, Any] = {
        "key": name,
        "type": prop.get("widget") or _KINDS.get(kind, kind),
        "label": shown_words(prop.get("title") or name),
        "description": shown_words(prop.get("description", "")),
    }
    for key in ("items", "additionalProperties", "advanced"):
        if key in prop:
            element[key] = prop[key]
    if prop.get("placeholder"):
        element["placeholder"] = shown_words(prop["placeholder"])
    if prop.get("availability"):
        element["unavailable"] = _unavailable_reason(prop["availability"])
    if prop.get("default") is not None and not isinstance(prop["default"], dict | list):
        element["default"] = prop["default"]
    if prop.get("unit"):
        element["label"] = QCoreApplication.translate("Settings", "{label} ({unit})").format(
            label=element["label"], unit=shown_words(prop["unit"])
        )
    labels = prop.get("option_labels") or {}
    if "enum" in prop:
        element["type"] = "select"
        element["options"] = [
            {"value": value, "label": shown_words(labels.get(value, value))}
            for value in prop["enum"]
        ]
    low = prop.get("minimum", prop.get("exclusiveMinimum"))
    if low is not None:
        element["min"] = max(low / scale, 1) if scale != 1 else low
    if prop.get("maximum") is not None:
        element["max"] = prop["maximum"] / scale
    if element["type"] == "number":
        element["step"] = 1
    return element


def shown_words(text: str) -> str:
    """A title, description, unit or option of the settings model in the window's language."""
    return QCoreApplication.translate("Settings", text) if text else text


def _unavailable_reason(feature: str) -> str | None:
    """Why a platform feature a field needs is missing here (None when it is not)."""
    if feature == "global_shortcut":
        return unavailable_reason()
    raise ValueError(f"unknown platform feature {feature!r} in the settings model")


def unit_scale(model: type[BaseModel], name: str) -> float:
    """How much one shown unit of field `name` is worth (1024*1024 for a size shown in MiB)."""
    extra = model.model_fields[name].json_schema_extra
    scale = extra.get("unit_scale") if isinstance(extra, dict) else None
    return float(scale) if isinstance(scale, int | float) else 1.0
