"""The app's own settings pages, built from the `Settings` model (napari's preferences do this).

Every field of `agent_app.settings.Settings` with a `section` in its schema extras is shown on
the page of that name (see `model_form`). Nothing here restates the model: a new setting is one
field there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtWidgets import QVBoxLayout

from agent_app.settings import GENERAL, Settings
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.forms.fields import FormWidget, build_form
from agent_desktop.settings.common import SettingsPage, heading, page_layout, validation_message
from agent_desktop.settings.model_form import model_elements, shown_words, unit_scale

if TYPE_CHECKING:
    from agent_desktop.settings.common import SettingsHost


class ModelPage(SettingsPage):
    """A page of `Settings` fields: `section` names them; OK writes only those changed."""

    section = GENERAL
    subtitle = ""

    def __init__(self, dialog: SettingsHost) -> None:
        super().__init__(dialog)
        self.title = shown_words(self.section)
        self.elements = model_elements(Settings, self.section)
        settings = dialog.draft_settings
        self.loaded = {
            element["key"]: self._shown_value(element["key"], getattr(settings, element["key"]))
            for element in self.elements
        }
        layout = page_layout(self)
        layout.addWidget(heading(self.title, self.tr(self.subtitle) if self.subtitle else ""))
        self.form: FormWidget = build_form(self.elements, self.loaded)
        self.loaded = self.form.values()
        layout.addWidget(self.form)
        self.build_below(layout)
        layout.addStretch(1)

    def build_below(self, layout: QVBoxLayout) -> None:
        """Add what the page shows under its fields (subclasses)."""

    @staticmethod
    def _shown_value(name: str, value: Any) -> Any:
        scale = unit_scale(Settings, name)
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
            scale = unit_scale(Settings, key)
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
    subtitle = QT_TRANSLATE_NOOP("GeneralPage", "How the app looks and behaves.")
