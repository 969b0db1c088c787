"""The server's plugins' settings pages, for a client to draw and change: what each plugin
declares (its `config` UI elements and config schema entries, as the settings dialog reads them)
and the values one agent has, and writing changed values back through the application's own
settings change (checked, written atomically, rolled back on failure).

Secrets never leave the server: a secret field's value is a ``${keyring:<name>}`` reference (or
an ``${env:…}`` one); a secret written in clear in the server's config is left out. A client
sends new secret texts beside the values; they go to the server's keyring under the names the
plugin's fields use (``agents.<agent>.<plugin>.<key>``, or the element's own `secret_name`), and
the answer only says which names are stored.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from agent_app.serve.runtime import RuntimeInputError
from agent_app.settings_changes import (
    ApplyResult,
    SettingsChange,
    delete_path,
    get_path,
    set_path,
)
from agent_app.settings_facts import MCP_PLUGIN_NAMES, looks_secret, plugin_forms
from agent_app.tool_loop import json_safe
from agent_core import Session

if TYPE_CHECKING:
    from agent_app.application import AgentApplication

_REFERENCE = re.compile(r"^\$\{(keyring|env):[^}]+\}$")
_KEYRING_REFERENCE = re.compile(r"^\$\{keyring:(?P<name>[^}]+)\}$")
_SECRET_TYPES = ("password", "secret")
#: The element keys that name an action a settings page runs (a button, a list's edit/delete).
_ACTION_KEYS = ("action", "update_action", "delete_action")


class SettingsRefused(RuntimeInputError):
    """The application refused the change; `problems` says which field and why."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        words = "; ".join(f"{key or 'settings'}: {text}" for key, text in problems.items())
        super().__init__(f"The settings were not changed: {words}")
        self.problems = dict(problems)


class ServerPluginSettings:
    """The plugin settings of `app`'s agents, read and changed on behalf of a client."""

    def __init__(self, app: AgentApplication) -> None:
        self.app = app

    async def describe(self, agent_id: str | None) -> dict[str, Any]:
        """Every plugin with a settings page: its title, elements, schema entries and the
        values `agent_id` has (secrets as references), and which keyring names are stored."""
        agent_id = self._agent(agent_id)
        facts = await self.app.plugin_queries.settings_facts(agent_id)
        pages = []
        for plugin, (elements, entries) in sorted(plugin_forms(facts).items()):
            if not self._has_plain_page(plugin):
                continue
            fields = _fields(elements, entries)
            values = self._values(agent_id, fields)
            pages.append(
                {
                    "plugin": plugin,
                    "title": self._title(plugin),
                    "elements": elements,
                    "schema_entries": entries,
                    "values": values,
                    "stored_secrets": await asyncio.to_thread(self._stored, values),
                }
            )
        return {
            "agent_id": agent_id,
            "agents": self._agents(),
            "plugins": pages,
            "problems": facts.problems,
        }

    async def run_action(
        self, agent_id: str | None, plugin: str, action_id: str, params: dict[str, Any]
    ) -> dict[str, Any]:
        """Run an action that `plugin`'s settings page names (a button, a list's edit or
        delete) for `agent_id`, on a chat of no messages as the local pages do: they act on
        the plugin's data, not a chat's. Its result dict, as the plugin gave it."""
        agent_id = self._agent(agent_id)
        page = await self._page(agent_id, plugin)
        named = {
            str(element[key])
            for element in page["elements"]
            if isinstance(element, Mapping)
            for key in _ACTION_KEYS
            if element.get(key)
        }
        if action_id not in named:
            raise RuntimeInputError(
                f"The settings page of the plugin {plugin!r} has no action {action_id!r} "
                f"(it has: {', '.join(sorted(named)) or 'none'})."
            )
        session = Session(uuid.uuid4().hex, [], {"agent_id": agent_id})
        _session, result = await self.app.plugin_queries.run_session_action(
            session, action_id, params, owner=plugin
        )
        # The throwaway chat's messages mean nothing to the client.
        return {key: json_safe(value) for key, value in result.items() if key != "native_messages"}

    async def update(
        self,
        agent_id: str | None,
        plugin: str,
        values: Mapping[str, Any],
        secrets: Mapping[str, str | None],
    ) -> dict[str, Any]:
        """Set `values` (dotted keys of `plugin`'s fields; None removes one) for `agent_id`
        and keep `secrets` ({keyring name: text, or None to delete}) in the server's keyring."""
        agent_id = self._agent(agent_id)
        page = await self._page(agent_id, plugin)
        fields = _fields(page["elements"], page["schema_entries"])
        unknown = sorted(set(values) - set(fields))
        if unknown:
            raise RuntimeInputError(
                f"The plugin {plugin!r} has no setting {', '.join(map(repr, unknown))}; "
                f"its settings are: {', '.join(sorted(fields))}."
            )
        allowed = {_secret_name(agent_id, plugin, key, fields[key]) for key in fields}
        for key, value in values.items():
            reference = _KEYRING_REFERENCE.match(value) if isinstance(value, str) else None
            if reference and reference.group("name") not in allowed:
                raise RuntimeInputError(
                    f"The setting {key!r} may only refer to this plugin's own secrets."
                )
        foreign = sorted(set(secrets) - allowed)
        if foreign:
            raise RuntimeInputError(
                f"{', '.join(map(repr, foreign))} is not a secret of the plugin {plugin!r} "
                f"for agent {agent_id!r}."
            )
        agent = self.app.configuration.config.agents[agent_id]
        data = agent.model_dump(exclude_none=True)
        for key, value in values.items():
            if value is None:
                delete_path(data, key)
            else:
                set_path(data, key, value)
        change = SettingsChange(agents={agent_id: data}, secrets=dict(secrets))
        configuration = self.app.configuration
        prepared = configuration.begin_settings_change(change)
        if isinstance(prepared, ApplyResult):
            raise SettingsRefused(prepared.problems)
        # The keyring and the disk may keep it waiting: written off the loop, taken into
        # effect on it (listeners such as tool servers follow there).
        written = await asyncio.to_thread(configuration.write_settings_change, prepared)
        result = configuration.finish_settings_change(prepared, written)
        if not result.ok:
            raise SettingsRefused(result.problems)
        return {**page, "values": self._values(agent_id, fields), "notices": result.notices}

    # ------------------------------------------------------------------ helpers

    async def _page(self, agent_id: str, plugin: str) -> dict[str, Any]:
        described = await self.describe(agent_id)
        page: dict[str, Any] | None = next(
            (p for p in described["plugins"] if p["plugin"] == plugin), None
        )
        if page is None:
            known = ", ".join(p["plugin"] for p in described["plugins"]) or "none"
            raise RuntimeInputError(
                f"This server has no settings page for the plugin {plugin!r} (it has: {known})."
            )
        return page

    def _agents(self) -> list[dict[str, str]]:
        """The server's agents, for a client to choose whose settings it edits."""
        return [
            {"id": agent_id, "label": agent.label or agent_id}
            for agent_id, agent in self.app.configuration.config.agents.items()
        ]

    def _agent(self, agent_id: str | None) -> str:
        agents = self.app.configuration.config.agents
        chosen = agent_id or next(iter(agents), "default")
        if chosen not in agents:
            raise RuntimeInputError(
                f"This server has no agent {chosen!r} (it has: {', '.join(agents) or 'none'})."
            )
        return chosen

    def _has_plain_page(self, plugin: str) -> bool:
        """Providers and MCP servers have pages of their own; test plugins are not shown."""
        record = self.app.plugins.catalog.get(plugin)
        if record is not None and (record.kind == "provider" or record.for_testing):
            return False
        return plugin not in MCP_PLUGIN_NAMES

    def _title(self, plugin: str) -> str:
        record = self.app.plugins.catalog.get(plugin)
        return str(record.title) if record is not None else plugin

    def _values(self, agent_id: str, fields: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        agent = self.app.configuration.config.agents.get(agent_id)
        data = agent.model_dump(exclude_none=True) if agent is not None else {}
        shown: dict[str, Any] = {}
        for key, element in fields.items():
            value = get_path(data, key)
            if value is None:
                continue
            if _is_secret(element, key) and not (
                isinstance(value, str) and _REFERENCE.match(value)
            ):
                continue  # a secret written in clear in the server's config stays there
            shown[key] = value
        return shown

    def _stored(self, values: Mapping[str, Any]) -> list[str]:
        names = [
            match.group("name")
            for value in values.values()
            if isinstance(value, str) and (match := _KEYRING_REFERENCE.match(value))
        ]
        return [name for name in names if self.app.secrets.has(name)]


def _fields(elements: list[Any], entries: list[Any]) -> dict[str, Mapping[str, Any]]:
    """{dotted key: its element (or schema entry)} of a plugin's settings."""
    found: dict[str, Mapping[str, Any]] = {}
    for element in [*entries, *elements]:  # an element's own words win over the schema's
        if isinstance(element, Mapping):
            key = element.get("key", element.get("name"))
            if isinstance(key, str) and key:
                found[key] = {**found.get(key, {}), **element}
    return found


def _is_secret(element: Mapping[str, Any], key: str) -> bool:
    return str(element.get("type") or "").lower() in _SECRET_TYPES or looks_secret(element, key)


def _secret_name(agent_id: str, plugin: str, key: str, element: Mapping[str, Any]) -> str:
    """The keyring name the settings form keeps a field's secret under."""
    return str(element.get("secret_name") or f"agents.{agent_id}.{plugin}.{key}")
