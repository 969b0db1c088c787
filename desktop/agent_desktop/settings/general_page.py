"""The app's own settings pages, built from the `Settings` model (napari's preferences do this).

Every field of `agent_app.settings.Settings` with a `section` in its schema extras is shown on
the page of that name, with the field's title, description and limits, through the same form
engine as plugin pages. Nothing here restates the model: a new setting is one field there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from agent_app.settings import GENERAL, Settings
from agent_desktop.forms import FormWidget, build_form
from agent_desktop.settings.common import SettingsPage, heading, page_layout, validation_message

if TYPE_CHECKING:
    from agent_desktop.settings_dialog import SettingsDialog


def model_elements(model: type[BaseModel], section: str) -> list[dict[str, Any]]:
    """UI elements for the fields of `model` shown in `section`, from its JSON schema."""
    properties = model.model_json_schema()["properties"]
    elements: list[dict[str, Any]] = []
    for name, prop in properties.items():
        if prop.get("section") != section:
            continue
        scale = prop.get("unit_scale") or 1
        element: dict[str, Any] = {
            "key": name,
            "type": {"boolean": "checkbox"}.get(prop.get("type", ""), prop.get("type", "text")),
            "label": prop.get("title") or name,
            "description": prop.get("description", ""),
        }
        if "items" in prop:
            element["items"] = prop["items"]
        if prop.get("widget"):
            element["type"] = prop["widget"]
        if prop.get("availability"):
            element["unavailable"] = _unavailable_reason(prop["availability"])
        if prop.get("unit"):
            element["label"] += f" ({prop['unit']})"
        labels = prop.get("option_labels") or {}
        if "enum" in prop:
            element["type"] = "select"
            element["options"] = [
                {"value": value, "label": labels.get(value, value)} for value in prop["enum"]
            ]
        low = prop.get("minimum", prop.get("exclusiveMinimum"))
        if low is not None:
            element["min"] = max(low / scale, 1) if scale != 1 else low
        if prop.get("maximum") is not None:
            element["max"] = prop["maximum"] / scale
        if element["type"] == "number":
            element["step"] = 1
        elements.append(element)
    return elements


def _unavailable_reason(feature: str) -> str | None:
    """Why a platform feature a field needs is missing here (None when it is not)."""
    if feature == "global_shortcut":
        from agent_desktop.global_shortcut import unavailable_reason

        return unavailable_reason()
    raise ValueError(f"unknown platform feature {feature!r} in the settings model")


def _scale(model: type[BaseModel], name: str) -> float:
    extra = model.model_fields[name].json_schema_extra
    scale = extra.get("unit_scale") if isinstance(extra, dict) else None
    return float(scale) if isinstance(scale, int | float) else 1.0


class ModelPage(SettingsPage):
    """A page of `Settings` fields: `section` names them; OK writes only those changed."""

    section = GENERAL
    subtitle = ""

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.title = self.section
        self.elements = model_elements(Settings, self.section)
        settings = dialog.draft_settings
        self.loaded = {
            element["key"]: self._shown_value(element["key"], getattr(settings, element["key"]))
            for element in self.elements
        }
        layout = page_layout(self)
        layout.addWidget(heading(self.title, self.subtitle))
        self.form: FormWidget = build_form(self.elements, self.loaded)
        self.loaded = self.form.values()
        layout.addWidget(self.form)
        layout.addStretch(1)

    @staticmethod
    def _shown_value(name: str, value: Any) -> Any:
        scale = _scale(Settings, name)
        return value / scale if scale != 1 and isinstance(value, int | float) else value

    def commit(self) -> dict[str, str]:
        values = self.form.values()
        changed = [key for key in self.form.fields if values.get(key) != self.loaded.get(key)]
        if not changed:
            return {}
        errors = self.form.validate()
        if errors:
            return errors
        settings = self.dialog.draft_settings
        for key in changed:
            value = values.get(key)
            scale = _scale(Settings, key)
            if scale != 1 and isinstance(value, int | float):
                value = round(value * scale)
            if value is None:
                value = Settings.model_fields[key].get_default(call_default_factory=True)
            try:
                setattr(settings, key, value)
            except ValidationError as error:
                errors[key] = validation_message(error)
        self.form.show_errors(errors)
        return errors

    def show_problems(self, errors: dict[str, str]) -> None:
        self.form.show_errors(errors)


class GeneralPage(ModelPage):
    section = GENERAL
    subtitle = "How the app looks and behaves."
