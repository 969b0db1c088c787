"""The Agents page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import Qt

from agent_app.provider_presets import new_provider_id
from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import (
    DEFAULT_AGENT_ID,
    validation_message,
)

if TYPE_CHECKING:
    pass


class AgentsPage(CollectionPage):
    title = "Agents"
    subtitle = (
        "An agent is a provider and model with its own system prompt, parameters and plugins."
    )
    noun = "agent"
    section = "agents"
    fixed_ids = frozenset({DEFAULT_AGENT_ID})
    typed_ids = False

    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.agents)

    def label_for(self, entry_id: str) -> str:
        return self.dialog.draft_config.agents[entry_id].label or entry_id

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        providers = [
            {"value": provider_id, "label": provider.label or provider_id}
            for provider_id, provider in self.dialog.draft_config.providers.items()
        ]
        plugin_names = self.dialog.plugin_names()
        provider_field: dict[str, Any] = (
            {"type": "select", "options": providers}
            if providers
            else {"type": "text", "placeholder": "Add a provider on the Providers page first"}
        )
        elements: list[dict[str, Any]] = [
            {"type": "text", "key": "label", "label": "Name"},
            {
                **provider_field,
                "key": "provider",
                "label": "Provider",
                "description": "The connection this agent talks through (Providers page).",
            },
            {
                "type": "model",
                "key": "model",
                "label": "Default model",
                "placeholder": self._provider_model_hint(entry_id),
                "description": "Empty: the provider's own default model. “Test connection” on "
                "the Providers page lists what the server offers.",
            },
            {
                "type": "textarea",
                "key": "system_prompt",
                "label": "System prompt",
                "placeholder": "You are a helpful assistant…",
            },
            {
                "type": "object",
                "key": "parameters",
                "label": "Parameters",
                "description": 'Extra request settings as JSON, e.g. {"temperature": 0.2}.',
            },
        ]
        if plugin_names:
            elements.append(
                {
                    "type": "multi-select",
                    "key": "plugins",
                    "label": "Enabled plugins",
                    "options": [
                        {"value": name, "label": self.dialog.plugin_title(name)}
                        for name in plugin_names
                    ],
                    "description": "Unchecked plugins are turned off for this agent.",
                }
            )
        return elements

    def read(self, entry_id: str) -> dict[str, Any]:
        agent = self.dialog.draft_config.agents[entry_id]
        values: dict[str, Any] = agent.model_dump(exclude_none=True)
        values["label"] = agent.label or entry_id
        values["parameters"] = agent.parameters or None
        disabled = set(agent.disabled_plugins)
        enabled = set(agent.enabled_plugins or [])
        values["plugins"] = [
            name
            for name in self.dialog.plugin_names()
            if name not in disabled and (self.dialog.default_enabled(name) or name in enabled)
        ]
        return values

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        agent = self.dialog.draft_config.agents[entry_id]
        data = agent.model_dump()
        data["label"] = values.get("label")
        data["provider"] = values.get("provider") or None
        data["model"] = values.get("model")
        data["system_prompt"] = values.get("system_prompt")
        data["parameters"] = values.get("parameters") or {}
        if "plugins" in self.form_keys():
            chosen = set(values.get("plugins") or [])
            names = self.dialog.plugin_names()
            # Ids of plugins not installed right now are kept: the user could not touch those.
            data["disabled_plugins"] = [name for name in names if name not in chosen] + [
                name for name in agent.disabled_plugins if name not in names
            ]
            off_by_default = [
                name for name in names if name in chosen and not self.dialog.default_enabled(name)
            ]
            kept = [name for name in agent.enabled_plugins or [] if name not in names]
            data["enabled_plugins"] = (off_by_default + kept) or None
        try:
            self.dialog.draft_config.agents[entry_id] = type(agent).model_validate(data)
        except ValidationError as error:
            return {"label": validation_message(error)}
        self.reload_labels()
        return {}

    def form_keys(self) -> set[str]:
        return set(self.form.fields) if self.form is not None else set()

    def reload_labels(self) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setText(self.label_for(item.data(Qt.ItemDataRole.UserRole)))

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        agents = self.dialog.draft_config.agents
        template = agents.get(DEFAULT_AGENT_ID)
        data = template.model_dump() if template is not None else {}
        data["label"] = f"Agent {len(agents) + 1}"
        agents[entry_id] = type(next(iter(agents.values()))).model_validate(data)

    def delete(self, entry_id: str) -> None:
        self.dialog.draft_config.agents.pop(entry_id, None)

    def _provider_model_hint(self, entry_id: str) -> str:
        provider_id = self.dialog.draft_config.agents[entry_id].provider
        provider = self.dialog.draft_config.providers.get(provider_id or "")
        if provider is None or not provider.model:
            return "Model id"
        return f"{provider.model} (the provider's default)"

    def models(self, entry_id: str) -> list[Any]:
        provider = self.dialog.draft_config.agents[entry_id].provider
        listed = self.dialog.providers.models_by_entry.get(provider or "")
        return listed if listed else self.dialog.facts.models

    def add_clicked(self) -> None:
        if self.store_current():
            return
        entry_id = new_provider_id("agent", self.entry_ids())
        self.create(entry_id)
        self.added(entry_id)
