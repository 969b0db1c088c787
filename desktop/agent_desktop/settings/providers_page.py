"""The Providers page."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import (
    validation_message,
)

if TYPE_CHECKING:
    pass


class ProvidersPage(CollectionPage):
    title = "Providers"
    subtitle = (
        "Connections to model servers. API keys are kept in the system keyring, never in the "
        "config file; ${env:VAR} reads one from the environment instead."
    )
    noun = "provider"

    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.providers)

    def label_for(self, entry_id: str) -> str:
        label = self.dialog.draft_config.providers[entry_id].label
        return f"{label}  ({entry_id})" if label and label != entry_id else entry_id

    def secret_namespace(self, entry_id: str) -> str:
        return f"providers.{entry_id}"

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        kinds = self.dialog.provider_plugin_names()
        current = self.dialog.draft_config.providers[entry_id].provider
        if current and current not in kinds:
            kinds.append(current)
        return [
            {"type": "text", "key": "label", "label": "Name", "placeholder": "e.g. OpenAI"},
            {
                "type": "select",
                "key": "provider",
                "label": "Provider plugin",
                "options": kinds or [current or "openai"],
                "required": True,
            },
            {
                "type": "text",
                "key": "base_url",
                "label": "Server address",
                "placeholder": "https://api.example.com/v1",
            },
            {"type": "model", "key": "model", "label": "Default model"},
            {"type": "password", "key": "api_key", "label": "API key"},
            {
                "type": "number",
                "key": "timeout",
                "label": "Timeout (seconds)",
                "min": 1,
                "max": 3600,
                "step": 1,
            },
            {"type": "object", "key": "request_options", "label": "Request options"},
        ]

    def read(self, entry_id: str) -> dict[str, Any]:
        provider = self.dialog.draft_config.providers[entry_id]
        values: dict[str, Any] = provider.model_dump(exclude_none=True)
        values["request_options"] = provider.request_options or None
        return values

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        provider = self.dialog.draft_config.providers[entry_id]
        data = provider.model_dump()
        for key in ("label", "provider", "base_url", "model", "api_key", "timeout"):
            data[key] = values.get(key)
        data["request_options"] = values.get("request_options") or {}
        try:
            self.dialog.draft_config.providers[entry_id] = type(provider).model_validate(data)
        except ValidationError as error:
            return {"provider": validation_message(error)}
        return {}

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        from agent_app.config import ProviderConfig

        kinds = self.dialog.provider_plugin_names()
        self.dialog.draft_config.providers[entry_id] = ProviderConfig(
            provider=kinds[0] if kinds else "openai"
        )

    def delete(self, entry_id: str) -> None:
        provider = self.dialog.draft_config.providers.pop(entry_id)
        reference = f"${{keyring:providers.{entry_id}.api_key}}"
        if provider.api_key == reference:
            self.dialog.deleted_secrets[f"providers.{entry_id}.api_key"] = None
