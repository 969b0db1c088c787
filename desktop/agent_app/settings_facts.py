"""What the registered plugins declare for the settings dialog: UI elements, config schema,
enablement, models and tools, and each provider plugin's settings form.

Gathering may block (a provider lists its server's models), so `PluginQueries` runs it on the
core's worker threads; one failing plugin hook costs only its own answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agent_core.secret_names import is_secret_name

if TYPE_CHECKING:
    from agent_app.agents import Agents
    from agent_app.plugin_host import PluginHost

#: The MCP plugins: their servers are set up on the MCP servers page, not a plugin page.
MCP_PLUGIN_NAMES = ("mcp_tools", "mcp")
#: UI elements of these types are settings (no type: a setting too).
_CONFIG_UI_TYPES = ("config", None, "")


@dataclass
class PluginFacts:
    """What the registered plugins declare, gathered off the GUI thread."""

    ui_elements: list[Any] = field(default_factory=list)
    schema_entries: list[Any] = field(default_factory=list)
    enabled: dict[str, list[str]] = field(default_factory=dict)
    models: list[Any] = field(default_factory=list)
    tools: list[Any] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def enabled_names(self) -> set[str]:
        return {name for names in self.enabled.values() for name in names}


def gather_plugin_facts(agents: Agents, agent_id: str | None) -> PluginFacts:
    """Ask the core of `agent_id` for UI elements, schema, enablement, models and tools.

    Each question is asked on its own so one failing plugin hook costs only that answer.
    """
    facts = PluginFacts()
    try:
        core = agents.build_core(agent_id)
        config = agents.build_agent_config(agent_id)
    except Exception as error:  # noqa: BLE001 - shown on the Plugins page; the dialog still opens
        facts.problems.append(f"The plugins could not be loaded for the agent: {error}")
        return facts
    # Resolved keys let a provider list its server's models; a key not stored yet is left
    # out (never sent as its `${keyring:…}` text), noted, and the rest still works.
    unresolved: list[str] = []
    config = agents.resolve_request_config(config, None, unresolved)
    facts.problems.extend(
        f"The agent's settings could not be fully resolved: {reason}" for reason in unresolved
    )
    questions: list[tuple[str, Callable[[], Any]]] = [
        ("config schema", core.get_config_schema),
        ("UI elements", lambda: core.get_ui_schema(config)),
        ("enabled plugins", lambda: core.get_enabled_plugins(config)),
        ("models", lambda: core.get_models(config)),
    ]
    if hasattr(core, "get_tool_descriptors"):
        questions.append(("tools", lambda: core.get_tool_descriptors(config)))
    answers: dict[str, Any] = {}
    recorded = list(getattr(core, "plugin_errors", ()))
    for what, ask in questions:
        try:
            answers[what] = ask()
        except Exception as error:  # noqa: BLE001 - reported with what was being asked
            facts.problems.append(f"Asking the plugins for their {what} failed: {error}")
    # Hooks that raised were skipped by the core and kept in its error record.
    for failure in list(getattr(core, "plugin_errors", ()))[len(recorded) :]:
        if isinstance(failure, Mapping):
            facts.problems.append(
                f"plugin '{failure.get('plugin')}' failed in {failure.get('hook')}: "
                f"{failure.get('message')}"
            )
    facts.schema_entries = list(answers.get("config schema") or [])
    facts.ui_elements = list(answers.get("UI elements") or [])
    enabled = answers.get("enabled plugins")
    if isinstance(enabled, Mapping):
        facts.enabled = {str(kind): list(names) for kind, names in enabled.items()}
    elif isinstance(enabled, list | tuple):
        facts.enabled = {"plugins": [str(name) for name in enabled]}
    facts.models = list(answers.get("models") or [])
    facts.tools = list(answers.get("tools") or [])
    return facts


def plugin_forms(facts: PluginFacts) -> dict[str, tuple[list[Any], list[Any]]]:
    """{plugin: (its `config` UI elements, its config schema entries)}: the settings page
    each plugin declares (the settings dialog's, and a server's for its clients)."""
    grouped: dict[str, tuple[list[Any], list[Any]]] = {}
    for element in facts.ui_elements:
        if isinstance(element, Mapping) and element.get("ui_type", "config") in _CONFIG_UI_TYPES:
            grouped.setdefault(str(element.get("plugin") or "?"), ([], []))[0].append(element)
    for entry in facts.schema_entries:
        if isinstance(entry, Mapping):
            grouped.setdefault(str(entry.get("plugin") or "?"), ([], []))[1].append(entry)
    return grouped


def looks_secret(element: Mapping[str, Any], key: str) -> bool:
    """Schema entries rarely say "password"; an API key must still never show in clear."""
    if element.get("secret") is True or element.get("format") == "password":
        return True
    return is_secret_name(key)


def gather_provider_forms(
    plugins: PluginHost,
) -> tuple[dict[str, tuple[list[Any], list[dict[str, Any]]]], list[str]]:
    """{provider plugin: (its settings UI elements, its config schema entries)}, and problems.

    A provider's settings belong to each provider entry, so its form is asked for once per
    plugin with an empty config (no server is contacted) and drawn for every entry.
    """
    forms: dict[str, tuple[list[Any], list[dict[str, Any]]]] = {}
    problems: list[str] = []
    for record in plugins.catalog:
        if record.kind != "provider" or not record.ok:
            continue
        instance = plugins.instance(record.name)
        if instance is None:
            continue
        elements: list[Any] = []
        schema: dict[str, Any] = {}
        try:
            if hasattr(instance, "get_ui_elements"):
                # Only settings: footers and status elements describe answers, not the entry.
                elements = [
                    element
                    for element in instance.get_ui_elements({}, {"models": []}) or []
                    if not isinstance(element, Mapping)
                    or element.get("ui_type", "config") in ("config", None, "")
                ]
            if hasattr(instance, "get_config_schema"):
                schema = dict(instance.get_config_schema() or {})
        except Exception as error:  # noqa: BLE001 - reported on the Plugins page; other providers still work
            problems.append(
                f"plugin '{record.name}' failed to describe its settings: "
                f"{type(error).__name__}: {error}"
            )
        entries = [
            {**entry, "key": key} if isinstance(entry, Mapping) else {"key": key}
            for key, entry in schema.items()
        ]
        forms[record.name] = (elements, entries)
    return forms, problems
