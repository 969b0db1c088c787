"""The settings dialog (Ctrl+,): app settings, agents, providers, plugins, tools, MCP servers,
and one page per plugin generated from what the plugin declares.

Every page edits a draft copy of `app.settings` / `app.config`. OK checks every page, writes the
collected secrets to the keyring, then replaces and saves settings and config in one go (rolling
secrets and memory back if saving fails); Cancel drops the drafts, so nothing changes.

What plugins declare (UI elements, config schema, models, tools) is gathered off the GUI thread
after the dialog is open, because providers may ask their server for a model list; the plugin
pages appear when that is done. A plugin that fails to describe itself is reported on the
Plugins page, never by keeping the dialog closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.forms import (
    FormWidget,
    apply_secret_changes,
    build_form,
    merge_config_elements,
)
from agent_desktop.theme import current_palette

log = logging.getLogger(__name__)

DEFAULT_AGENT_ID = "default"
MCP_PLUGIN_NAMES = ("mcp_tools", "mcp")
MIB = 1024 * 1024


# --------------------------------------------------------------------------- helpers


def get_path(data: Mapping[str, Any], dotted: str) -> Any:
    """`data["a"]["b"]` for "a.b"; None when any step is missing."""
    current: Any = data
    for part in dotted.split("."):
        if not isinstance(current, Mapping) or part not in current:
            return None
        current = current[part]
    return current


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    current = data
    for part in parts[:-1]:
        if not isinstance(current.get(part), dict):
            current[part] = {}
        current = current[part]
    current[parts[-1]] = value


def delete_path(data: dict[str, Any], dotted: str) -> None:
    """Remove a dotted key and any parent block it leaves empty."""
    parts = dotted.split(".")
    chain: list[dict[str, Any]] = [data]
    for part in parts[:-1]:
        child = chain[-1].get(part)
        if not isinstance(child, dict):
            return
        chain.append(child)
    chain[-1].pop(parts[-1], None)
    for depth in range(len(parts) - 1, 0, -1):
        if not chain[depth]:
            chain[depth - 1].pop(parts[depth - 1], None)


def validation_message(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'value'}: {item['msg']}"
        for item in error.errors()
    )


def _scrolling(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


def _heading(text: str, subtitle: str = "") -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 8)
    layout.setSpacing(2)
    title = QLabel(text)
    title.setObjectName("settingsPageTitle")
    font = title.font()
    font.setPointSizeF(font.pointSizeF() * 1.35)
    font.setBold(True)
    title.setFont(font)
    layout.addWidget(title)
    if subtitle:
        hint = QLabel(subtitle)
        hint.setWordWrap(True)
        hint.setStyleSheet(f"color: {current_palette().muted};")
        layout.addWidget(hint)
    return box


def _page_layout(page: QWidget) -> QVBoxLayout:
    layout = QVBoxLayout(page)
    layout.setContentsMargins(24, 20, 24, 12)
    layout.setSpacing(10)
    return layout


def _note(text: str, color_name: str = "muted") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setStyleSheet(f"color: {getattr(current_palette(), color_name)};")
    return label


# --------------------------------------------------------------------------- plugin facts


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


def gather_plugin_facts(app: Any, agent_id: str | None) -> PluginFacts:
    """Ask the core of `agent_id` for UI elements, schema, enablement, models and tools.

    Each question is asked on its own so one failing plugin hook costs only that answer.
    """
    facts = PluginFacts()
    try:
        core = app.build_core(agent_id)
        config = app.build_agent_config(agent_id)
    except Exception as error:  # shown on the Plugins page; the dialog still opens
        facts.problems.append(f"The plugins could not be loaded for the agent: {error}")
        return facts
    try:
        # Resolved keys let a provider list its server's models; unresolved ones still
        # describe everything else.
        config = app.resolve_request_config(config, None)
    except Exception as error:  # e.g. a key not stored yet: noted, the rest still works
        facts.problems.append(f"The agent's settings could not be fully resolved: {error}")
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
        except Exception as error:  # reported with what was being asked
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


# --------------------------------------------------------------------------- pages


def _discard(host: QVBoxLayout, form: QWidget) -> None:
    """Take a form off its page at once: hidden now, deleted once the loop gets to it (until
    then it would still paint under the form that replaces it)."""
    host.removeWidget(form)
    form.hide()
    form.deleteLater()


class SettingsPage(QWidget):
    """One page. `commit()` checks its inputs and writes them into the dialog's drafts."""

    title = ""

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__()
        self.dialog = dialog

    def commit(self) -> dict[str, str]:
        """Write the page into the drafts; {field: error} when it cannot."""
        return {}


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
        layout = _page_layout(self)
        layout.addWidget(_heading("General", "How the app looks and behaves."))
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


class CollectionPage(SettingsPage):
    """A list of named entries (agents, providers, MCP servers) with a form for the chosen one.

    Subclasses say which elements describe an entry and how to read and write its values.
    """

    subtitle = ""
    noun = "entry"
    fixed_ids: frozenset[str] = frozenset()

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.form: FormWidget | None = None
        self.current_id: str | None = None
        layout = _page_layout(self)
        layout.addWidget(_heading(self.title, self.subtitle))
        body = QHBoxLayout()
        body.setSpacing(16)
        side = QVBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName(f"{self.noun}List")
        self.list.setFixedWidth(190)
        self.list.currentItemChanged.connect(self._selection_changed)
        side.addWidget(self.list, 1)
        self.new_id = QLineEdit()
        self.new_id.setPlaceholderText(f"New {self.noun} id")
        self.new_id.returnPressed.connect(self.add_from_field)
        self.new_id.setFixedWidth(190)
        side.addWidget(self.new_id)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add")
        self.add_button.clicked.connect(self.add_from_field)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_current)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        side.addLayout(buttons)
        self.side_message = _note("", "error")
        self.side_message.setFixedWidth(190)
        self.side_message.hide()
        side.addWidget(self.side_message)
        self.extra_side = QVBoxLayout()
        side.addLayout(self.extra_side)
        body.addLayout(side)
        self.detail = QVBoxLayout()
        self.detail_title = QLabel()
        self.detail_title.setStyleSheet("font-weight: 600;")
        self.detail.addWidget(self.detail_title)
        self.form_host = QVBoxLayout()
        self.detail.addLayout(self.form_host)
        self.detail.addStretch(1)
        body.addLayout(self.detail, 1)
        layout.addLayout(body, 1)
        self.reload_list()

    # -- subclass hooks
    def entry_ids(self) -> list[str]:
        raise NotImplementedError

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        raise NotImplementedError

    def read(self, entry_id: str) -> dict[str, Any]:
        raise NotImplementedError

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        """Store form values into the draft; {field: error} when they do not fit."""
        raise NotImplementedError

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        raise NotImplementedError

    def delete(self, entry_id: str) -> None:
        raise NotImplementedError

    def models(self, entry_id: str) -> list[Any]:
        return []

    def label_for(self, entry_id: str) -> str:
        return entry_id

    def secret_namespace(self, entry_id: str) -> str:
        return ""

    # -- list handling
    def reload_list(self, select: str | None = None) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for entry_id in self.entry_ids():
            item = QListWidgetItem(self.label_for(entry_id))
            item.setData(Qt.ItemDataRole.UserRole, entry_id)
            self.list.addItem(item)
        self.list.blockSignals(False)
        target = select if select is not None else self.current_id
        ids = self.entry_ids()
        if target not in ids:
            target = ids[0] if ids else None
        self.current_id = None
        if target is None:
            self._show(None)
            return
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == target:
                self.list.setCurrentRow(row)
                break

    def _selection_changed(self, current: QListWidgetItem | None, previous: Any) -> None:
        if current is None:
            return
        wanted = current.data(Qt.ItemDataRole.UserRole)
        if wanted == self.current_id:
            return
        if self.current_id is not None and self.store_current():
            # Stay on the entry with errors so they can be fixed first.
            self.list.blockSignals(True)
            for row in range(self.list.count()):
                if self.list.item(row).data(Qt.ItemDataRole.UserRole) == self.current_id:
                    self.list.setCurrentRow(row)
            self.list.blockSignals(False)
            return
        self._show(wanted)

    def _show(self, entry_id: str | None) -> None:
        if self.form is not None:
            _discard(self.form_host, self.form)
            self.form = None
        self.current_id = entry_id
        self.remove_button.setEnabled(entry_id is not None and entry_id not in self.fixed_ids)
        if entry_id is None:
            self.detail_title.setText(f"No {self.noun} yet: add one on the left.")
            return
        self.detail_title.setText(f"{self.noun.capitalize()} “{entry_id}”")
        self.form = build_form(
            self.elements(entry_id),
            self.read(entry_id),
            secrets=self.dialog.app.secrets,
            models=self.models(entry_id),
            secret_namespace=self.secret_namespace(entry_id),
        )
        self.form_host.addWidget(self.form)

    def store_current(self) -> dict[str, str]:
        if self.form is None or self.current_id is None:
            return {}
        errors = self.form.validate()
        if errors:
            return errors
        errors = self.write(self.current_id, self.form.values())
        if errors:
            self.form.show_errors(errors)
            return errors
        self.dialog.pending_secrets.update(self.form.pending_secrets())
        return {}

    def commit(self) -> dict[str, str]:
        return self.store_current()

    def add_from_field(self) -> None:
        entry_id = self.new_id.text().strip()
        problem = None
        if not entry_id:
            problem = f"Type an id for the new {self.noun} first."
        elif entry_id in self.entry_ids():
            problem = f"There is already a {self.noun} “{entry_id}”."
        elif any(char.isspace() for char in entry_id) or "." in entry_id:
            problem = "Ids cannot contain spaces or dots."
        elif self.store_current():
            problem = f"Fix the highlighted fields of “{self.current_id}” first."
        self.side_message.setText(problem or "")
        self.side_message.setVisible(problem is not None)
        if problem:
            return
        self.create(entry_id)
        self.new_id.clear()
        self.current_id = None
        self.reload_list(select=entry_id)

    def remove_current(self) -> None:
        if self.current_id is None or self.current_id in self.fixed_ids:
            return
        self.delete(self.current_id)
        self.current_id = None
        if self.form is not None:
            _discard(self.form_host, self.form)
            self.form = None
        self.reload_list()


class AgentsPage(CollectionPage):
    title = "Agents"
    subtitle = (
        "An agent is a provider and model with its own system prompt, parameters and plugins."
    )
    noun = "agent"
    fixed_ids = frozenset({DEFAULT_AGENT_ID})

    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.agents)

    def label_for(self, entry_id: str) -> str:
        label = self.dialog.draft_config.agents[entry_id].label
        return f"{label}  ({entry_id})" if label and label != entry_id else entry_id

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        providers = list(self.dialog.draft_config.providers)
        plugin_names = self.dialog.plugin_names()
        provider_field: dict[str, Any] = (
            {"type": "select", "options": providers}
            if providers
            else {"type": "text", "placeholder": "Add a provider on the Providers page first"}
        )
        elements: list[dict[str, Any]] = [
            {"type": "text", "key": "label", "label": "Name", "required": True},
            {
                **provider_field,
                "key": "provider",
                "label": "Provider",
                "description": "The connection this agent talks through (Providers page).",
            },
            {"type": "model", "key": "model", "label": "Model"},
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
                    "options": plugin_names,
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
        data["label"] = entry_id
        agents[entry_id] = type(next(iter(agents.values()))).model_validate(data)

    def delete(self, entry_id: str) -> None:
        self.dialog.draft_config.agents.pop(entry_id, None)

    def models(self, entry_id: str) -> list[Any]:
        return self.dialog.facts.models


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


class McpServersPage(CollectionPage):
    title = "MCP servers"
    subtitle = (
        "Model Context Protocol servers whose tools the agents can use: a command to start "
        "(stdio) or a URL (HTTP)."
    )
    noun = "server"

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.import_button = QPushButton("Import JSON…")
        self.import_button.setToolTip("Paste an mcpServers block from another app's config")
        self.import_button.clicked.connect(self.show_import)
        self.extra_side.addWidget(self.import_button)
        self.test_button = QPushButton("Test connection")
        self.test_button.clicked.connect(self.start_test)
        self.mcp = dialog.mcp_plugin()
        can_test = self.mcp is not None and hasattr(self.mcp, "test_server")
        self.test_button.setEnabled(can_test)
        unavailable = "" if can_test else "Testing needs the MCP tools plugin, which is not loaded."
        self.test_button.setToolTip(unavailable or "Start the server once and list its tools")
        self.detail.insertWidget(
            self.detail.count() - 1, self.test_button, 0, Qt.AlignmentFlag.AlignLeft
        )
        self.test_result = _note(unavailable)
        self.test_result.setObjectName("mcpTestResult")
        self.detail.insertWidget(self.detail.count() - 1, self.test_result)
        self.import_box = QPlainTextEdit()
        self.import_box.setPlaceholderText('{"mcpServers": {"time": {"command": "uvx", ...}}}')
        self.import_box.setFixedHeight(110)
        self.import_apply = QPushButton("Add these servers")
        self.import_apply.clicked.connect(self.import_from_box)
        self.import_message = _note("")
        for widget in (self.import_box, self.import_apply, self.import_message):
            widget.hide()
            self.detail.insertWidget(self.detail.count() - 1, widget)
        self.test_task: asyncio.Task[Any] | None = None

    def entry_ids(self) -> list[str]:
        return list(self.dialog.draft_config.mcp_servers)

    def label_for(self, entry_id: str) -> str:
        server = self.dialog.draft_config.mcp_servers[entry_id]
        status = self.server_status(entry_id)
        suffix = "" if server.enabled else "  (off)"
        return f"{entry_id}{suffix}{f'  · {status}' if status else ''}"

    def server_status(self, entry_id: str) -> str:
        if self.dialog.mcp_status is None:
            return ""
        status = self.dialog.mcp_status.get(entry_id)
        if isinstance(status, Mapping):
            return str(status.get("state") or status.get("status") or "")
        return str(status or "")

    def elements(self, entry_id: str) -> list[dict[str, Any]]:
        return [
            {"type": "checkbox", "key": "enabled", "label": "Enabled", "default": True},
            {"type": "text", "key": "command", "label": "Command", "placeholder": "uvx"},
            {
                "type": "text",
                "key": "args",
                "label": "Arguments",
                "placeholder": "mcp-server-time --local-timezone UTC",
                "description": "Separated by spaces; quote an argument that contains spaces.",
            },
            {
                "type": "object",
                "key": "env",
                "label": "Environment",
                "description": 'Extra environment variables as JSON, e.g. {"TOKEN": '
                '"${env:TOKEN}"}.',
            },
            {
                "type": "text",
                "key": "url",
                "label": "URL",
                "placeholder": "http://localhost:8000/mcp",
                "description": "For HTTP servers; leave Command empty.",
            },
        ]

    def read(self, entry_id: str) -> dict[str, Any]:
        server = self.dialog.draft_config.mcp_servers[entry_id]
        values: dict[str, Any] = server.model_dump(exclude_none=True)
        values["args"] = shlex.join(server.args) if server.args else None
        values["env"] = server.env or None
        return values

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        server = self.dialog.draft_config.mcp_servers[entry_id]
        try:
            args = shlex.split(values.get("args") or "")
        except ValueError as error:
            return {"args": f"The arguments cannot be split: {error}."}
        if not values.get("command") and not values.get("url"):
            return {"command": "Give a command to start the server, or its URL."}
        data = server.model_dump()
        data.update(
            enabled=bool(values.get("enabled")),
            command=values.get("command"),
            args=args,
            env=values.get("env") or {},
            url=values.get("url"),
        )
        try:
            self.dialog.draft_config.mcp_servers[entry_id] = type(server).model_validate(data)
        except ValidationError as error:
            return {"command": validation_message(error)}
        return {}

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        from agent_app.config import McpServerConfig

        self.dialog.draft_config.mcp_servers[entry_id] = McpServerConfig(command="")

    def delete(self, entry_id: str) -> None:
        self.dialog.draft_config.mcp_servers.pop(entry_id, None)

    # -- import
    def show_import(self) -> None:
        visible = not self.import_box.isVisible()
        for widget in (self.import_box, self.import_apply):
            widget.setVisible(visible)
        self.import_message.setVisible(False)

    def import_from_box(self) -> None:
        added, problem = self.import_json(self.import_box.toPlainText())
        self.import_message.setText(problem or f"Added: {', '.join(added)}.")
        self.import_message.setStyleSheet(
            f"color: {current_palette().error if problem else current_palette().success};"
        )
        self.import_message.show()
        if not problem:
            self.import_box.clear()

    def import_json(self, text: str) -> tuple[list[str], str | None]:
        """Add the servers of an `{"mcpServers": {...}}` block; ([names], problem)."""
        from agent_app.config import McpServerConfig

        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            return [], f"That is not valid JSON (line {error.lineno}): {error.msg}."
        servers = data.get("mcpServers", data) if isinstance(data, dict) else None
        if not isinstance(servers, dict) or not servers:
            return [], 'Expected an object like {"mcpServers": {"name": {"command": ...}}}.'
        if self.store_current():
            return [], f"Fix the highlighted fields of “{self.current_id}” first."
        parsed: dict[str, Any] = {}
        for name, entry in servers.items():
            if not isinstance(entry, dict):
                return [], f"The server “{name}” must be an object."
            try:
                parsed[str(name)] = McpServerConfig.model_validate(entry)
            except ValidationError as error:
                return [], f"The server “{name}” is not valid: {validation_message(error)}."
        self.dialog.draft_config.mcp_servers.update(parsed)
        self.current_id = None
        self.reload_list(select=next(iter(parsed)))
        return list(parsed), None

    # -- test
    def start_test(self) -> None:
        if self.store_current() or self.current_id is None or self.mcp is None:
            return
        server = self.dialog.draft_config.mcp_servers[self.current_id]
        self.test_result.setText("Connecting…")
        self.test_button.setEnabled(False)
        self.test_task = asyncio.ensure_future(
            self.run_test(self.current_id, server.model_dump(exclude_none=True))
        )

    async def run_test(self, name: str, server: dict[str, Any]) -> str:
        try:
            outcome = self.mcp.test_server({"name": name, **server})
            if asyncio.iscoroutine(outcome) or isinstance(outcome, asyncio.Future):
                outcome = await outcome
            text, ok = self.describe_test(outcome)
        except Exception as error:  # the server's failure, shown beside the button
            text, ok = f"Could not connect: {type(error).__name__}: {error}", False
        finally:
            self.test_button.setEnabled(True)
        palette = current_palette()
        self.test_result.setStyleSheet(f"color: {palette.success if ok else palette.error};")
        self.test_result.setText(text)
        return text

    @staticmethod
    def describe_test(outcome: Any) -> tuple[str, bool]:
        if isinstance(outcome, Mapping):
            ok = bool(outcome.get("ok", not outcome.get("error")))
            if not ok:
                reason = outcome.get("error") or outcome.get("message") or "no reason given"
                tail = str(outcome.get("stderr_tail") or "").strip()
                return f"Could not connect: {reason}" + (f"\n\n{tail}" if tail else ""), False
            tools = outcome.get("tools")
            if isinstance(tools, list):
                names = [
                    str(tool.get("name", tool)) if isinstance(tool, Mapping) else str(tool)
                    for tool in tools
                ]
                return f"Connected: {len(names)} tools ({', '.join(names[:8])}).", True
            return str(outcome.get("message") or "Connected."), True
        return (str(outcome) if outcome else "Connected."), bool(outcome is None or outcome)


class PluginsPage(SettingsPage):
    title = "Plugins"

    COLUMNS = ("Plugin", "Kind", "Version", "Enabled", "Source", "Status")

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        layout = _page_layout(self)
        layout.addWidget(
            _heading(
                "Plugins",
                "Everything that was found at start-up. “Enabled” is for the default agent; "
                "change it per agent on the Agents page.",
            )
        )
        self.tree = QTreeWidget()
        self.tree.setObjectName("pluginTable")
        self.tree.setHeaderLabels(list(self.COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.tree, 1)
        self.problems_title = QLabel("Problems")
        self.problems_title.setStyleSheet("font-weight: 600;")
        layout.addWidget(self.problems_title)
        self.problems = QPlainTextEdit()
        self.problems.setObjectName("pluginProblems")
        self.problems.setReadOnly(True)
        self.problems.setFixedHeight(120)
        layout.addWidget(self.problems)
        self.refresh()

    def refresh(self) -> None:
        self.tree.clear()
        palette = current_palette()
        enabled = self.dialog.facts.enabled_names()
        known = bool(self.dialog.facts.enabled)
        for record in self.dialog.catalog_records():
            error = getattr(record, "error", None)
            state = "—" if error or not known else ("on" if record.name in enabled else "off")
            item = QTreeWidgetItem(
                [
                    str(record.name),
                    str(getattr(record, "kind", "") or ""),
                    str(getattr(record, "version", "") or ""),
                    state,
                    str(getattr(record, "source", "") or ""),
                    f"Failed to load: {error}" if error else "Loaded",
                ]
            )
            if error:
                item.setForeground(5, self.dialog.color(palette.error))
                item.setToolTip(5, str(error))
            self.tree.addTopLevelItem(item)
        problems = self.dialog.all_problems()
        self.problems.setPlainText("\n".join(f"• {problem}" for problem in problems))
        self.problems.setVisible(bool(problems))
        self.problems_title.setVisible(bool(problems))


class ToolsPage(SettingsPage):
    title = "Tools"

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.revoked: set[str] = set()
        layout = _page_layout(self)
        layout.addWidget(
            _heading(
                "Tools",
                "Tools that change things ask before they run. “Always allow” answers are "
                "remembered here; revoke one to be asked again.",
            )
        )
        self.approvals = QTreeWidget()
        self.approvals.setObjectName("approvalTable")
        self.approvals.setHeaderLabels(["Tool", "Decision", ""])
        self.approvals.setRootIsDecorated(False)
        self.approvals.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.approvals.header().setStretchLastSection(True)
        layout.addWidget(self.approvals, 1)
        self.empty = _note("No remembered decisions: every tool that changes things will ask.")
        layout.addWidget(self.empty)
        self.available_title = QLabel("Available tools")
        self.available_title.setStyleSheet("font-weight: 600;")
        layout.addWidget(self.available_title)
        self.available = QTreeWidget()
        self.available.setObjectName("toolTable")
        self.available.setHeaderLabels(["Tool", "Plugin", "Runs"])
        self.available.setRootIsDecorated(False)
        self.available.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.available, 1)
        self.refresh()

    def refresh(self) -> None:
        self.approvals.clear()
        decisions = {
            tool: decision
            for tool, decision in self.dialog.app.settings.tool_approvals.items()
            if tool not in self.revoked
        }
        for tool, decision in sorted(decisions.items()):
            item = QTreeWidgetItem([tool, "Always allow" if decision == "always" else decision])
            self.approvals.addTopLevelItem(item)
            revoke = QPushButton("Revoke")
            revoke.setObjectName(f"revoke:{tool}")
            revoke.setToolTip(f"Ask again before “{tool}” runs")
            revoke.clicked.connect(lambda _=False, name=tool: self.revoke(name))
            holder = QWidget()
            row = QHBoxLayout(holder)
            row.setContentsMargins(4, 1, 4, 1)
            row.addWidget(revoke)
            row.addStretch(1)
            self.approvals.setItemWidget(item, 2, holder)
        self.approvals.setVisible(bool(decisions))
        self.empty.setVisible(not decisions)
        self.available.clear()
        for descriptor in self.dialog.facts.tools:
            annotations = (getattr(descriptor, "metadata", {}) or {}).get("annotations") or {}
            decision = decisions.get(getattr(descriptor, "tool_name", ""))
            if annotations.get("readOnlyHint"):
                runs = "Without asking (read-only)"
            elif decision == "always":
                runs = "Without asking (always allowed)"
            else:
                runs = "After asking"
            self.available.addTopLevelItem(
                QTreeWidgetItem(
                    [
                        str(getattr(descriptor, "tool_name", "")),
                        str(getattr(descriptor, "plugin_name", "")),
                        runs,
                    ]
                )
            )
        self.available.setVisible(bool(self.dialog.facts.tools))
        self.available_title.setVisible(bool(self.dialog.facts.tools))

    def revoke(self, tool: str) -> None:
        self.revoked.add(tool)
        self.refresh()


class PluginSettingsPage(SettingsPage):
    """Settings of one plugin, from its `config` elements merged with its config schema.

    Values are stored in the chosen agent (a dotted key such as `compaction.enabled` becomes the
    agent's `compaction: {enabled: ...}` block), which is where the flat config takes them from.
    """

    def __init__(
        self,
        dialog: SettingsDialog,
        plugin: str,
        ui_elements: list[Any],
        schema_entries: list[Any],
    ) -> None:
        super().__init__(dialog)
        self.plugin = plugin
        self.title = plugin
        self.elements = merge_config_elements(ui_elements, schema_entries)
        agents = dialog.draft_config.agents
        self.agent_id = dialog.agent_id if dialog.agent_id in agents else DEFAULT_AGENT_ID
        self.form: FormWidget | None = None
        self.loaded: dict[str, Any] = {}
        layout = _page_layout(self)
        version = dialog.plugin_version(plugin)
        layout.addWidget(_heading(plugin, f"Settings declared by the plugin “{plugin}”{version}."))
        chooser = QHBoxLayout()
        chooser.addWidget(QLabel("Settings for agent"))
        self.agent_combo = QComboBox()
        self.agent_combo.setObjectName("pluginAgentChooser")
        for agent_id in dialog.draft_config.agents:
            self.agent_combo.addItem(agent_id, agent_id)
        self.agent_combo.setCurrentIndex(max(0, self.agent_combo.findData(self.agent_id)))
        self.agent_combo.currentIndexChanged.connect(self._agent_changed)
        chooser.addWidget(self.agent_combo)
        chooser.addStretch(1)
        layout.addLayout(chooser)
        self.form_host = QVBoxLayout()
        layout.addLayout(self.form_host)
        layout.addStretch(1)
        self._build()

    @property
    def problems(self) -> list[str]:
        return list(self.form.problems) if self.form is not None else []

    def _agent_values(self) -> dict[str, Any]:
        agent = self.dialog.draft_config.agents.get(self.agent_id)
        return agent.model_dump(exclude_none=True) if agent is not None else {}

    def _build(self) -> None:
        data = self._agent_values()
        keys = [
            element.get("key", element.get("name"))
            for element in self.elements
            if isinstance(element, Mapping)
        ]
        values = {key: get_path(data, key) for key in keys if isinstance(key, str)}
        values = {key: value for key, value in values.items() if value is not None}
        if self.form is not None:
            _discard(self.form_host, self.form)
        self.form = build_form(
            self.elements,
            values,
            secrets=self.dialog.app.secrets,
            models=self.dialog.facts.models,
            secret_namespace=f"agents.{self.agent_id}.{self.plugin}",
            owner=self.plugin,
        )
        self.loaded = self.form.values()
        self.form_host.addWidget(self.form)

    def _agent_changed(self) -> None:
        wanted = self.agent_combo.currentData()
        if wanted == self.agent_id:
            return
        if self.commit():
            self.agent_combo.blockSignals(True)
            self.agent_combo.setCurrentIndex(self.agent_combo.findData(self.agent_id))
            self.agent_combo.blockSignals(False)
            return
        self.agent_id = wanted
        self._build()

    def commit(self) -> dict[str, str]:
        if self.form is None:
            return {}
        errors = self.form.validate()
        if errors:
            return errors
        agents = self.dialog.draft_config.agents
        agent = agents.get(self.agent_id)
        if agent is None:
            return {}
        data = agent.model_dump(exclude_none=True)
        values = self.form.values()
        for key in self.form.fields:
            value = values.get(key)
            if value == self.loaded.get(key):
                # Untouched here: defaults stay unwritten, and a change made to the same
                # key on another page (the agent's model, say) is not overwritten.
                continue
            if value is None:
                delete_path(data, key)
            else:
                set_path(data, key, value)
        try:
            agents[self.agent_id] = type(agent).model_validate(data)
        except ValidationError as error:
            message = validation_message(error)
            self.form.show_errors(dict.fromkeys(self.form.fields, message))
            return {"": message}
        self.dialog.pending_secrets.update(self.form.pending_secrets())
        return {}


# --------------------------------------------------------------------------- the dialog


class SettingsDialog(QDialog):
    """See the module docstring. `applied` is emitted after OK saved everything."""

    applied = Signal()

    def __init__(
        self, app: Any, parent: QWidget | None = None, *, agent_id: str | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.agent_id = agent_id or DEFAULT_AGENT_ID
        self.setWindowTitle("Settings")
        self.app = app
        self.draft_settings = app.settings.model_copy(deep=True)
        self.draft_config = app.config.model_copy(deep=True)
        self.pending_secrets: dict[str, str | None] = {}
        self.deleted_secrets: dict[str, None] = {}
        self.facts = PluginFacts()
        self.facts_loaded = False
        self.mcp_status: dict[str, Any] | None = self._mcp_status()
        self.loading_task: asyncio.Task[Any] | None = None

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 12)
        body = QHBoxLayout()
        body.setSpacing(0)
        palette = current_palette()
        self.nav = QListWidget()
        self.nav.setObjectName("settingsNav")
        self.nav.setFixedWidth(200)
        self.nav.setFrameShape(QFrame.Shape.NoFrame)
        self.nav.setStyleSheet(
            f"QListWidget#settingsNav {{ background: {palette.sidebar}; padding: 12px 8px; "
            f"border-right: 1px solid {palette.border}; }}"
            "QListWidget#settingsNav { outline: 0; }"
            "QListWidget#settingsNav::item { padding: 6px 10px; border-radius: 5px; }"
            f"QListWidget#settingsNav::item:selected {{ background: {palette.selection}; "
            f"color: {palette.text}; }}"
        )
        self.setStyleSheet(
            "QTreeWidget::item { padding: 3px 2px; }QListWidget::item { padding: 4px 6px; }"
        )
        self.stack = QStackedWidget()
        body.addWidget(self.nav)
        body.addWidget(self.stack, 1)
        layout.addLayout(body, 1)
        self.banner = QLabel()
        self.banner.setObjectName("settingsBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(f"color: {current_palette().error}; padding: 0 16px;")
        self.banner.hide()
        layout.addWidget(self.banner)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.setContentsMargins(16, 4, 16, 0)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.nav.currentItemChanged.connect(self._nav_changed)

        self.pages: list[SettingsPage] = []
        self.plugin_problems: list[str] = []
        self.general = self._add(GeneralPage(self))
        self.agents = self._add(AgentsPage(self))
        if self.agent_id in self.draft_config.agents:
            self.agents.reload_list(select=self.agent_id)
        self.providers = self._add(ProvidersPage(self))
        self.plugins = self._add(PluginsPage(self))
        self.tools = self._add(ToolsPage(self))
        self.mcp_servers = self._add(McpServersPage(self))
        self.plugin_pages: dict[str, PluginSettingsPage] = {}
        self.loading_item = self._add_section("Loading plugin settings…")
        self.nav.setCurrentRow(0)
        self.resize(920, 640)

    # -- pages
    def _add(self, page: SettingsPage) -> Any:
        self.pages.append(page)
        self.stack.addWidget(_scrolling(page))
        item = QListWidgetItem(page.title)
        item.setData(Qt.ItemDataRole.UserRole, len(self.pages) - 1)
        self.nav.addItem(item)
        return page

    def _add_section(self, title: str) -> QListWidgetItem:
        item = QListWidgetItem(title.upper())
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = item.font()
        font.setPointSizeF(font.pointSizeF() * 0.82)
        font.setBold(True)
        item.setFont(font)
        item.setForeground(self.color(current_palette().muted))
        self.nav.addItem(item)
        return item

    def _nav_changed(self, item: QListWidgetItem | None, _previous: Any) -> None:
        index = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if isinstance(index, int):
            self.stack.setCurrentIndex(index)

    def show_page(self, page: SettingsPage) -> None:
        wanted = self.pages.index(page)
        for row in range(self.nav.count()):
            if self.nav.item(row).data(Qt.ItemDataRole.UserRole) == wanted:
                self.nav.setCurrentRow(row)
                return

    # -- plugin facts
    def catalog_records(self) -> list[Any]:
        catalog = getattr(self.app, "plugin_catalog", None)
        return list(catalog) if catalog is not None else []

    def plugin_names(self) -> list[str]:
        return [
            str(record.name)
            for record in self.catalog_records()
            if not getattr(record, "error", None) and getattr(record, "kind", "") != "provider"
        ]

    def provider_plugin_names(self) -> list[str]:
        return [
            str(record.name)
            for record in self.catalog_records()
            if not getattr(record, "error", None) and getattr(record, "kind", "") == "provider"
        ]

    def plugin_version(self, name: str) -> str:
        for record in self.catalog_records():
            if record.name == name and getattr(record, "version", None):
                return f", version {record.version}"
        return ""

    def default_enabled(self, name: str) -> bool:
        for record in self.catalog_records():
            if record.name == name:
                return (
                    getattr(getattr(record, "plugin", None), "default_enabled", True) is not False
                )
        return True

    def app_plugin_instance(self, name: str) -> Any:
        getter = getattr(self.app, "get_plugin_instance", None)
        if getter is None:
            return None
        try:
            return getter(name)
        except (KeyError, LookupError):
            return None

    def mcp_plugin(self) -> Any:
        """The MCP tool plugin instance the application runs, if it is loaded."""
        for name in MCP_PLUGIN_NAMES:
            instance = self.app_plugin_instance(name)
            if instance is not None:
                return instance
        return None

    def _mcp_status(self) -> dict[str, Any] | None:
        """{server name: status dict} from the MCP plugin's `server_status()`, if it has one."""
        mcp = self.mcp_plugin()
        if mcp is None or not hasattr(mcp, "server_status"):
            return None
        try:
            status = mcp.server_status()
        except Exception as error:  # a status we cannot show is logged, the page still works
            log.warning("MCP server status unavailable: %s", error)
            return None
        if isinstance(status, Mapping):
            return dict(status)
        if isinstance(status, list):
            return {
                str(entry["name"]): entry
                for entry in status
                if isinstance(entry, Mapping) and entry.get("name")
            }
        return None

    async def load_plugin_facts(self, agent_id: str | None = None) -> None:
        """Gather plugin facts in a worker thread, then add the plugin pages."""
        loop = asyncio.get_running_loop()
        facts = await loop.run_in_executor(None, gather_plugin_facts, self.app, agent_id)
        self.apply_plugin_facts(facts)

    def apply_plugin_facts(self, facts: PluginFacts) -> None:
        self.facts = facts
        self.facts_loaded = True
        self.loading_item.setText("PLUGIN SETTINGS")
        grouped: dict[str, tuple[list[Any], list[Any]]] = {}
        for element in facts.ui_elements:
            if isinstance(element, Mapping) and element.get("ui_type", "config") in (
                "config",
                None,
                "",
            ):
                grouped.setdefault(str(element.get("plugin") or "?"), ([], []))[0].append(element)
        for entry in facts.schema_entries:
            if isinstance(entry, Mapping):
                grouped.setdefault(str(entry.get("plugin") or "?"), ([], []))[1].append(entry)
        for plugin in sorted(grouped):
            ui_elements, schema_entries = grouped[plugin]
            page = PluginSettingsPage(self, plugin, ui_elements, schema_entries)
            self.plugin_problems.extend(page.problems)
            if page.form is None or not page.form.fields:
                page.deleteLater()
                continue
            self.plugin_pages[plugin] = page
            self._add(page)
        if self.agents.form is not None:
            self.agents.form.set_models(facts.models)
        self.tools.refresh()
        self.plugins.refresh()

    def all_problems(self) -> list[str]:
        load_errors = [
            f"plugin “{record.name}” could not be loaded: {record.error}"
            for record in self.catalog_records()
            if getattr(record, "error", None)
        ]
        return [*load_errors, *self.facts.problems, *self.plugin_problems]

    @staticmethod
    def color(value: str) -> Any:
        from agent_desktop.theme import qcolor

        return qcolor(value)

    # -- OK / Cancel
    def accept(self) -> None:
        if self.apply():
            super().accept()

    def _fail(self, message: str, page: SettingsPage | None = None) -> bool:
        if page is not None:
            self.show_page(page)
        self.banner.setText(message)
        self.banner.show()
        return False

    def apply(self) -> bool:
        """Check every page, then write secrets, settings and config together."""
        self.pending_secrets = dict(self.deleted_secrets)
        for page in self.pages:
            errors = page.commit()
            if errors:
                return self._fail(
                    f"“{page.title}” has settings that need fixing (marked in red).", page
                )
        try:
            new_settings = type(self.app.settings).model_validate(self.draft_settings.model_dump())
            new_config = type(self.app.config).model_validate(self.draft_config.model_dump())
        except ValidationError as error:
            return self._fail(f"The settings are not valid: {validation_message(error)}")
        secrets = self.app.secrets
        previous: dict[str, str | None] = {}
        try:
            for name in self.pending_secrets:
                previous[name] = secrets.get(name) if secrets.has(name) else None
            apply_secret_changes(secrets, self.pending_secrets)
        except Exception as error:  # the keyring refused: nothing else is changed
            self._restore_secrets(previous)
            return self._fail(f"Could not store a secret in the system keyring: {error}")
        old_settings, old_config = self.app.settings, self.app.config
        try:
            revoke = getattr(self.app, "revoke_tool_approval", None)
            if revoke is not None:
                for tool in sorted(self.tools.revoked):
                    revoke(tool)
            # Decisions made while the dialog was open are kept; revoked ones are gone.
            new_settings.tool_approvals = {
                tool: decision
                for tool, decision in self.app.settings.tool_approvals.items()
                if tool not in self.tools.revoked
            }
            self.app.settings = new_settings
            self.app.config = new_config
            self.app.save_settings()
            self.app.save_config()
        except (OSError, ValueError) as error:
            self.app.settings, self.app.config = old_settings, old_config
            self._restore_secrets(previous)
            return self._fail(f"The settings could not be saved: {error}")
        self.banner.hide()
        self.applied.emit()
        return True

    def _restore_secrets(self, previous: Mapping[str, str | None]) -> None:
        try:
            apply_secret_changes(self.app.secrets, dict(previous))
        except Exception as error:  # logged: the user already sees the first failure
            log.error("Could not restore keyring entries after a failed save: %s", error)


def open_settings_dialog(window: QWidget, app: Any, agent_id: str | None = None) -> SettingsDialog:
    """Open the settings dialog over `window` (non-blocking) and start gathering plugin facts."""
    dialog = SettingsDialog(app, window, agent_id=agent_id)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    dialog.loading_task = asyncio.ensure_future(dialog.load_plugin_facts(agent_id))
    return dialog
