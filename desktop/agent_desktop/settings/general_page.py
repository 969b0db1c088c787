"""The General page: how the app looks and behaves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_desktop.forms import (
    build_form,
)
from agent_desktop.settings.common import (
    MIB,
    SettingsPage,
    heading,
    page_layout,
)

if TYPE_CHECKING:
    from agent_desktop.settings_dialog import SettingsDialog


class GeneralPage(SettingsPage):
    title = "General"

    ELEMENTS = (
        {
            "type": "select",
            "key": "theme",
            "label": "Appearance",
            "options": [
                {"value": "system", "label": "Follow the system"},
                {"value": "light", "label": "Light"},
                {"value": "dark", "label": "Dark"},
            ],
            "required": True,
        },
        {
            "type": "select",
            "key": "send_key",
            "label": "Send messages with",
            "options": [
                {"value": "enter", "label": "Enter (Shift+Enter for a new line)"},
                {"value": "ctrl_enter", "label": "Ctrl+Enter"},
            ],
            "required": True,
        },
        {
            "type": "integer",
            "key": "max_tool_iterations",
            "label": "Tool rounds per request",
            "min": 1,
            "max": 1000,
            "required": True,
            "description": "The agent stops after this many rounds of tool calls in one request.",
        },
        {
            "type": "number",
            "key": "tool_timeout_seconds",
            "label": "Tool time limit (seconds)",
            "min": 1,
            "max": 86400,
            "step": 1,
            "required": True,
        },
        {
            "type": "number",
            "key": "max_attachment_mib",
            "label": "Largest attachment (MiB)",
            "min": 1,
            "max": 4096,
            "step": 1,
            "required": True,
        },
        {
            "type": "textarea",
            "key": "plugin_folders",
            "label": "Extra plugin folders",
            "placeholder": "One folder per line",
            "description": "Folders holding agent_plugin.json plugins; loaded on the next start.",
        },
    )

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        settings = dialog.draft_settings
        values = {
            "theme": settings.theme,
            "send_key": settings.send_key,
            "max_tool_iterations": settings.max_tool_iterations,
            "tool_timeout_seconds": settings.tool_timeout_seconds,
            "max_attachment_mib": settings.max_attachment_bytes / MIB,
            "plugin_folders": "\n".join(settings.plugin_folders),
        }
        layout = page_layout(self)
        layout.addWidget(heading("General", "How the app looks and behaves."))
        self.form = build_form(list(self.ELEMENTS), values)
        layout.addWidget(self.form)
        layout.addStretch(1)

    def commit(self) -> dict[str, str]:
        errors = self.form.validate()
        if errors:
            return errors
        values = self.form.values()
        settings = self.dialog.draft_settings
        settings.theme = values["theme"]
        settings.send_key = values["send_key"]
        settings.max_tool_iterations = values["max_tool_iterations"]
        settings.tool_timeout_seconds = values["tool_timeout_seconds"]
        settings.max_attachment_bytes = round(values["max_attachment_mib"] * MIB)
        settings.plugin_folders = [
            line.strip()
            for line in str(values.get("plugin_folders") or "").splitlines()
            if line.strip()
        ]
        return {}
