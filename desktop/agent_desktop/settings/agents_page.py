"""The Agents page: each agent's form is `AgentConfig` (titles and descriptions on the model),
with the parameters its provider plugin declares drawn as fields of their own.

An agent's `parameters` are laid over its provider's settings for each request. Where the
provider plugin declares a parameter (temperature, max tokens, streaming…) it gets that plugin's
field, left "(not set)" to keep the provider's value; only undeclared extras stay JSON.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt

from agent_app import DEFAULT_AGENT_ID
from agent_app.config import AGENT, PROVIDER_ENTRY_KEYS, AgentConfig
from agent_app.provider_presets import new_provider_id
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import SettingsHost, validation_message
from agent_desktop.settings.model_form import model_elements
from agent_desktop.toolkit.agent_names import agent_name, new_agent_name, stored_agent_label

#: Form keys of declared parameters: `parameters.<name>`.
PARAMETER = "parameters."


class AgentsPage(CollectionPage):
    title = QT_TRANSLATE_NOOP("SettingsPages", "Agents")
    subtitle = QT_TRANSLATE_NOOP(
        "SettingsPages",
        "An agent is a provider and model with its own system prompt, parameters and plugins.",
    )
    noun = QT_TRANSLATE_NOOP("SettingsPages", "agent")
    section = "agents"
    fixed_ids = frozenset({DEFAULT_AGENT_ID})
    typed_ids = False

    def __init__(self, dialog: SettingsHost, provider_models: Callable[[str], list[Any]]) -> None:
        """`provider_models` gives the models the Providers page listed for a provider entry."""
        self.provider_models = provider_models
        # Asking a provider chosen for an agent for its models (see `_take_first_listed`).
        self.listing: asyncio.Future[None] | None = None
        super().__init__(dialog)

    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.agents)

    def label_for(self, entry_id: str) -> str:
        return agent_name(entry_id, self.dialog.draft_config.agents[entry_id].label)

    # -- the form
    def declared_parameters(self, entry_id: str) -> list[dict[str, Any]]:
        """The fields the agent's provider plugin declares that an agent may set for itself
        (not where it connects or with which key), as "(not set)" unless the agent sets them."""
        provider_id = self.dialog.draft_config.agents[entry_id].provider
        provider = self.dialog.draft_config.providers.get(provider_id or "")
        declared = self.dialog.provider_forms.get(provider.provider) if provider else None
        fields: list[dict[str, Any]] = []
        for element in declared or []:
            if not isinstance(element, Mapping) or element.get("key") in PROVIDER_ENTRY_KEYS:
                continue
            if element.get("type") in ("secret", "password", "model"):
                continue
            shown = {k: v for k, v in element.items() if k not in ("default", "required")}
            shown["key"] = PARAMETER + str(element.get("key"))
            fields.append(shown)
        return fields

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        own = {element["key"]: element for element in model_elements(AgentConfig, AGENT)}
        providers = [
            {"value": provider_id, "label": provider.label or provider_id}
            for provider_id, provider in self.dialog.draft_config.providers.items()
        ]
        if providers:
            own["provider"]["options"] = providers
        else:
            own["provider"].update(
                type="text", placeholder=self.tr("Add a provider on the Providers page first")
            )
        own["model"]["placeholder"] = self._provider_model_hint(entry_id)
        elements = [own["label"], own["provider"], own["model"], own["system_prompt"]]
        elements += self.declared_parameters(entry_id)
        elements.append(own["parameters"])
        plugin_names = self.dialog.plugin_names()
        if plugin_names:
            elements.append(
                {
                    "type": "multi-select",
                    "key": "plugins",
                    "label": self.tr("Enabled plugins"),
                    "options": [
                        {"value": name, "label": self.dialog.plugin_title(name)}
                        for name in plugin_names
                    ],
                    "description": self.tr("Unchecked plugins are turned off for this agent."),
                }
            )
        return elements

    def read(self, entry_id: str) -> dict[str, Any]:
        agent = self.dialog.draft_config.agents[entry_id]
        values: dict[str, Any] = agent.model_dump(exclude_none=True)
        values["label"] = agent_name(entry_id, agent.label)
        declared = self._declared_names(entry_id)
        for name in declared:
            values[PARAMETER + name] = agent.parameters.get(name)
        extras = {key: value for key, value in agent.parameters.items() if key not in declared}
        values["parameters"] = extras or None
        values["plugins"] = [
            name
            for name in self.dialog.plugin_names()
            if agent.uses_plugin(name, on_by_default=self.dialog.default_enabled(name))
        ]
        return values

    def _declared_names(self, entry_id: str) -> list[str]:
        return [element["key"][len(PARAMETER) :] for element in self.declared_parameters(entry_id)]

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        agent = self.dialog.draft_config.agents[entry_id]
        assert self.form is not None
        extras = dict(values.get("parameters") or {})
        declared = [key[len(PARAMETER) :] for key in self.form.fields if key.startswith(PARAMETER)]
        doubled = sorted(name for name in declared if name in extras)
        if doubled:
            return {
                "parameters": self.tr("{names} has its own field above; set it there.").format(
                    names=", ".join(doubled)
                )
            }
        parameters = {
            **extras,
            **{
                name: values[PARAMETER + name]
                for name in declared
                if values.get(PARAMETER + name) is not None
            },
        }
        own = {key: value for key, value in values.items() if not key.startswith(PARAMETER)}
        own["parameters"] = parameters
        own.pop("plugins", None)
        if isinstance(own.get("label"), str):  # the form shows the stock name translated
            own["label"] = stored_agent_label(entry_id, own["label"])
        try:
            updated = self.updated(agent, own)
        except ValidationError as error:
            return {"label": validation_message(error)}
        if "plugins" in self.form.fields:
            self._write_plugins(agent, updated, set(values.get("plugins") or []))
        self.dialog.draft_config.agents[entry_id] = updated
        self.reload_labels()
        return {}

    def _write_plugins(self, before: AgentConfig, agent: AgentConfig, chosen: set[str]) -> None:
        names = self.dialog.plugin_names()
        # Ids of plugins not installed right now are kept: the user could not touch those.
        agent.disabled_plugins = [name for name in names if name not in chosen] + [
            name for name in before.disabled_plugins if name not in names
        ]
        off_by_default = [
            name for name in names if name in chosen and not self.dialog.default_enabled(name)
        ]
        kept = [name for name in before.enabled_plugins or [] if name not in names]
        agent.enabled_plugins = (off_by_default + kept) or None

    def form_built(self) -> None:
        # Another provider declares other parameters: the form is drawn again for it.
        assert self.form is not None
        provider = self.form.fields.get("provider")
        combo = getattr(provider, "combo", None)
        if combo is not None:
            combo.currentIndexChanged.connect(self._provider_chosen)

    def _provider_chosen(self) -> None:
        if self.current_id is None:
            return
        before = self.dialog.draft_config.agents[self.current_id].provider
        if self.store_current():
            return
        agent = self.dialog.draft_config.agents[self.current_id]
        # Only what the new provider itself listed: the dialog's model list (the fallback of
        # `models`) is the old provider's, and it kept the old model id for the new provider.
        listed = [
            str(m.get("id"))
            for m in self.provider_models(agent.provider or "")
            if isinstance(m, dict) and m.get("id")
        ]
        if agent.provider != before and agent.model not in listed:
            # The model of the provider left behind: the new one's default answers instead,
            # or, with no default set for it, the first model it listed.
            provider = self.dialog.draft_config.providers.get(agent.provider or "")
            has_default = provider is not None and bool(provider.model)
            agent.model = listed[0] if listed and not has_default else None
            if provider is not None and not listed and not has_default:
                # Nothing listed here yet: ask the server, so the agent never goes out with
                # the plugin's own default, which this server may not offer.
                self.listing = asyncio.ensure_future(
                    self._take_first_listed(self.current_id, agent.provider or "")
                )
        self._show(self.current_id)

    async def _take_first_listed(self, agent_id: str, provider_id: str) -> None:
        """Give agent `agent_id` the first model provider `provider_id` lists, if it still
        uses that provider with no model of its own when the list arrives."""
        provider = self.dialog.draft_config.providers.get(provider_id)
        if provider is None:
            return
        outcome = await self.dialog.app.configuration.test_provider_connection(
            provider.model_dump(exclude_none=True), dict(self.dialog.pending_secrets)
        )
        listed = [
            str(m.get("id")) for m in outcome["models"] if isinstance(m, dict) and m.get("id")
        ]
        if self.current_id == agent_id and self.store_current():
            return  # the form holds a problem the user is fixing; theirs to finish first
        # Read after storing the form: storing puts a new entry in the draft.
        agent = self.dialog.draft_config.agents.get(agent_id)
        if not listed or agent is None or agent.provider != provider_id or agent.model:
            return
        agent.model = listed[0]
        if self.current_id == agent_id:
            self._show(agent_id)

    def reload_labels(self) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setText(self.label_for(item.data(Qt.ItemDataRole.UserRole)))

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        agents = self.dialog.draft_config.agents
        template = agents.get(DEFAULT_AGENT_ID)
        data = template.model_dump() if template is not None else {}
        data["label"] = new_agent_name(len(agents) + 1)
        agents[entry_id] = AgentConfig.model_validate(data)

    def delete(self, entry_id: str) -> None:
        self.dialog.draft_config.agents.pop(entry_id, None)

    def _provider_model_hint(self, entry_id: str) -> str:
        provider_id = self.dialog.draft_config.agents[entry_id].provider
        provider = self.dialog.draft_config.providers.get(provider_id or "")
        if provider is None or not provider.model:
            return self.tr("Model id")
        return self.tr("{model} (the provider's default)").format(model=provider.model)

    def models(self, entry_id: str) -> list[Any]:
        provider = self.dialog.draft_config.agents[entry_id].provider
        listed = self.provider_models(provider or "")
        return listed if listed else self.dialog.facts.models

    def add_clicked(self) -> None:
        if self.store_current():
            return
        entry_id = new_provider_id("agent", self.entry_ids())
        self.create(entry_id)
        self.added(entry_id)
