"""The settings dialog (Ctrl+,): app settings, agents, providers, plugins, tools, MCP servers,
and one page per plugin generated from what the plugin declares.

Every page edits a draft copy of `app.settings` / `app.config`. OK hands what the user changed
(a `SettingsChange`) to the application (`settings_saving.apply_settings_change`), which checks
it, writes it all or nothing on a worker thread and answers with per-field problems; the dialog
only shows them. While it is written (the keyring may ask to be unlocked first) the dialog says
"Saving…", keeps drawing, and OK and Cancel wait: a save is not stopped half-way. Pages the user
did not touch are neither checked nor written. Cancel drops the drafts, so nothing changes.

Providers and MCP servers each have one page; provider plugins and the MCP plugin get no raw
plugin page of their own. Plugins that exist for tests are listed only in developer mode.

What plugins declare (UI elements, config schema, models, tools) is gathered off the GUI thread
after the dialog is open, because providers may ask their server for a model list; the plugin
pages appear when that is done. A plugin that fails to describe itself is reported on the
Plugins page, never by keeping the dialog closed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from agent_app import DEFAULT_AGENT_ID
from agent_app.adapters.agent_adapter import AgentAdapterToolPlugin
from agent_app.settings_changes import ApplyResult, SettingsChange
from agent_app.settings_facts import (
    MCP_PLUGIN_NAMES,
    PluginFacts,
    gather_plugin_facts,
    plugin_forms,
)
from agent_desktop.forms.fields import SecretStoreLike, merge_config_elements
from agent_desktop.settings.agents_page import AgentsPage
from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import (
    SettingsPage,
    scrolling,
)
from agent_desktop.settings.general_page import GeneralPage
from agent_desktop.settings.mcp_page import McpServersPage
from agent_desktop.settings.plugins_page import PluginSettingsPage, PluginsPage
from agent_desktop.settings.providers_page import ProvidersPage
from agent_desktop.settings.saving import apply_settings_change
from agent_desktop.settings.tools_page import ToolsPage
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread
from agent_desktop.toolkit.screen_fit import resize_within_screen
from agent_desktop.toolkit.theme import current_palette, qcolor

__all__ = ["SettingsDialog", "gather_plugin_facts", "open_settings_dialog"]

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------- the dialog


class SettingsDialog(QDialog):
    """See the module docstring. What OK applied reaches the window as the application's
    settings event (`app.configuration.settings_events`), never from here."""

    #: Page names other parts of the app can open the dialog on.
    PAGE_NAMES = ("General", "Providers", "Agents", "MCP servers", "Tools", "Plugins")

    def __init__(
        self,
        app: Any,
        parent: QWidget | None = None,
        *,
        agent_id: str | None = None,
        secrets: SecretStoreLike | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.agent_id = agent_id or DEFAULT_AGENT_ID
        self.setWindowTitle(self.tr("Settings"))
        self.app = app
        # What the secret fields show: a glance at the keyring taken off the GUI thread
        # (`open_settings_dialog`); without one (headless use) the store itself is asked.
        self.secrets: SecretStoreLike = secrets if secrets is not None else app.secrets
        self.draft_settings = app.settings.model_copy(deep=True)
        self.draft_config = app.config.model_copy(deep=True)
        self.pending_secrets: dict[str, str | None] = {}
        self.deleted_secrets: dict[str, None] = {}
        self.facts = PluginFacts()
        self.facts_loaded = False
        self.mcp_status: dict[str, Any] | None = self._mcp_status()
        self.loading_task: asyncio.Task[Any] | None = None
        self.provider_forms: dict[str, list[Any]] = {}

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 12)
        body = QHBoxLayout()
        body.setSpacing(0)
        palette = current_palette()
        self.nav = QListWidget()
        self.nav.setObjectName("settingsNav")
        self.nav.setAccessibleName(self.tr("Settings pages"))
        self.nav.setFixedWidth(170)
        self.nav.setFrameShape(QFrame.Shape.NoFrame)
        self.nav.setStyleSheet(
            f"QListWidget#settingsNav {{ background: {palette.sidebar}; padding: 12px 8px; "
            f"border-right: 1px solid {palette.border}; }}"
            "QListWidget#settingsNav { outline: 0; }"
            "QListWidget#settingsNav::item { padding: 6px 10px; border-radius: 5px; }"
            f"QListWidget#settingsNav::item:selected {{ background: {palette.selection}; "
            f"color: {palette.text}; }}"
            # The page list's current page is ringed while the list has the keyboard.
            "QListWidget#settingsNav::item:selected:focus "
            f"{{ border: 1px solid {palette.accent}; }}"
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
        footer = QHBoxLayout()
        footer.setContentsMargins(16, 4, 16, 0)
        self.save_status = QLabel()
        self.save_status.setObjectName("mutedLabel")
        self.save_status.setAccessibleName(self.tr("Saving status"))
        self.save_status.setWordWrap(True)
        footer.addWidget(self.save_status, 1)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        footer.addWidget(self.buttons)
        layout.addLayout(footer)
        self.saving = False
        self.nav.currentItemChanged.connect(self._nav_changed)

        self.pages: list[SettingsPage] = []
        self.plugin_problems: list[str] = []
        self.general = self._add(GeneralPage(self))
        self.providers = self._add(ProvidersPage(self))
        self.agents = self._add(AgentsPage(self, provider_models=self.providers.models))
        if self.agent_id in self.draft_config.agents:
            self.agents.reload_list(select=self.agent_id)
        self.mcp_servers = self._add(McpServersPage(self))
        self.tools = self._add(ToolsPage(self))
        self.plugins = self._add(PluginsPage(self))
        self.plugin_pages: dict[str, PluginSettingsPage] = {}
        self.loading_item = self._add_section(self.tr("Loading plugin settings…"))
        self.nav.setCurrentRow(0)
        resize_within_screen(self, 920, 640)

    # -- pages
    def _add(self, page: SettingsPage) -> Any:
        self.pages.append(page)
        self.stack.addWidget(page if page.scrolls_itself else scrolling(page))
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

    # -- plugins, as people know them
    def catalog_records(self) -> list[Any]:
        """Loaded or failed plugins, without those for tests unless in developer mode."""
        return [
            record
            for record in self.app.plugins.catalog
            if self.developer_mode() or not getattr(record, "for_testing", False)
        ]

    def developer_mode(self) -> bool:
        return bool(getattr(self.app.settings, "developer_mode", False))

    def _record(self, name: str) -> Any:
        return self.app.plugins.catalog.get(name)

    def plugin_title(self, name: str) -> str:
        record = self._record(name)
        return str(record.title) if record is not None else name

    def is_for_testing(self, name: str) -> bool:
        record = self._record(name)
        return bool(record is not None and record.for_testing)

    def plugin_names(self) -> list[str]:
        """Plugins an agent can turn on or off (providers are chosen, not enabled)."""
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

    def has_own_page(self, plugin: str) -> bool:
        """Providers and MCP servers are set up on their own pages, not on a plugin page."""
        record = self._record(plugin)
        if record is not None and record.kind == "provider":
            return True
        return plugin in MCP_PLUGIN_NAMES or (record is not None and record.for_testing)

    def set_per_agent(self, plugin: str) -> bool:
        """Whether each agent has its own settings of `plugin`: not an agent-adapter plugin,
        whose one runtime serves the whole app."""
        record = self._record(plugin)
        return not isinstance(getattr(record, "plugin", None), AgentAdapterToolPlugin)

    def plugin_version(self, name: str) -> str:
        record = self._record(name)
        return f", version {record.version}" if record is not None and record.version else ""

    def default_enabled(self, name: str) -> bool:
        record = self._record(name)
        plugin = getattr(record, "plugin", None)
        return getattr(plugin, "default_enabled", True) is not False

    def app_plugin_instance(self, name: str) -> Any:
        return self.app.plugins.instance(name)

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
        except Exception as error:  # noqa: BLE001 - a status we cannot show is logged, the page still works
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
        """Gather what plugins declare in worker threads, then fill the pages.

        Provider forms come first (no server is contacted for them); local servers are looked
        for meanwhile; the full facts (which may list a server's models) come last.
        """
        detection = asyncio.ensure_future(self.detect_local_servers())
        try:
            queries = self.app.plugin_queries
            forms, problems = await queries.provider_forms()
            self.set_provider_forms(forms)
            self.plugin_problems.extend(problems)
            self.apply_plugin_facts(await queries.settings_facts(agent_id))
            await detection
        finally:
            detection.cancel()  # the dialog closed first: nothing is left to fill

    def set_provider_forms(self, forms: Mapping[str, tuple[list[Any], list[Any]]]) -> None:
        """Each provider plugin's (UI elements, schema entries): its entries' forms, and the
        parameters an agent using it can set, are drawn from them from now on."""
        self.provider_forms = {
            plugin: [
                element
                for element in merge_config_elements(elements, entries)
                if not (
                    isinstance(element, Mapping) and element.get("key") in ("provider", "label")
                )
            ]
            for plugin, (elements, entries) in forms.items()
        }
        self.providers.rebuild_form()
        self.agents.rebuild_form()

    async def detect_local_servers(self) -> None:
        try:
            servers = await self.app.plugins.detect_local_servers()
        except Exception as error:  # noqa: BLE001 - detection only fills the Add menu: say why it is empty
            log.warning("Looking for local servers failed: %s", error)
            return
        self.providers.set_detected(list(servers))

    def apply_plugin_facts(self, facts: PluginFacts) -> None:
        self.facts = facts
        self.facts_loaded = True
        self.loading_item.setText(self.tr("PLUGIN SETTINGS"))
        grouped = plugin_forms(facts)
        for plugin in sorted(grouped, key=self.plugin_title):
            if self.has_own_page(plugin):
                continue
            ui_elements, schema_entries = grouped[plugin]
            page = PluginSettingsPage(
                self, plugin, ui_elements, schema_entries, per_agent=self.set_per_agent(plugin)
            )
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
        return qcolor(value)

    # -- OK / Cancel
    def accept(self) -> None:
        """OK: the change goes to the application; the dialog closes once it is saved."""
        if self.saving:
            return
        change = self.committed_change()
        if change is None:
            return
        if change.is_empty():
            self.banner.hide()
            super().accept()
            return
        self._show_saving(change)
        apply_settings_change(self.app.configuration, change, self, self._saved)

    def reject(self) -> None:
        """Cancel, Esc or closing: nothing changes. Not while saving: the save is all or
        nothing and cannot be stopped half-way; the dialog closes when it is done."""
        if not self.saving:
            super().reject()

    def done(self, result: int) -> None:
        """Closed (saved or not): stop filling pages that are about to go."""
        if self.loading_task is not None:
            self.loading_task.cancel()
        super().done(result)

    def _show_saving(self, change: SettingsChange) -> None:
        self.saving = True
        self.banner.hide()
        waits_for_keyring = any(value is not None for value in change.secrets.values())
        self.save_status.setText(
            self.tr("Saving… (the system keyring may ask to be unlocked first)")
            if waits_for_keyring
            else self.tr("Saving…")
        )
        for button in self.buttons.buttons():
            button.setEnabled(False)

    def _saved(self, result: ApplyResult) -> None:
        self.saving = False
        self.save_status.clear()
        for button in self.buttons.buttons():
            button.setEnabled(True)
        if not result.ok:
            self._fail(self.show_problems(result.problems))
            return
        self.banner.hide()
        super().accept()

    def _fail(self, message: str, page: SettingsPage | None = None) -> None:
        if page is not None:
            self.show_page(page)
        self.banner.setText(message)
        self.banner.show()

    def collect_change(self) -> SettingsChange:
        """What the user changed: settings fields, entries (whole), secrets, revocations."""
        change = SettingsChange()
        before, after = self.app.settings.model_dump(), self.draft_settings.model_dump()
        change.settings = {
            key: value
            for key, value in after.items()
            # Approvals and rules are kept as they are now, minus what was revoked here.
            if before.get(key) != value
            and key not in ("tool_approvals", "approved_tool_definitions", "tool_rules")
        }
        for section in ("providers", "agents", "mcp_servers"):
            old = getattr(self.app.config, section)
            new = getattr(self.draft_config, section)
            entries: dict[str, dict[str, Any] | None] = {
                entry_id: entry.model_dump(exclude_none=True)
                for entry_id, entry in new.items()
                if entry_id not in old or old[entry_id].model_dump() != entry.model_dump()
            }
            entries.update({entry_id: None for entry_id in old if entry_id not in new})
            setattr(change, section, entries)
        if self.draft_config.plugins != self.app.config.plugins:
            change.plugin_sources = list(self.draft_config.plugins)
        if self.draft_config.disabled_plugins != self.app.config.disabled_plugins:
            change.disabled_plugins = list(self.draft_config.disabled_plugins or [])
        # Keys typed on every entry visited, not just the one shown now.
        change.secrets = {**self.deleted_secrets, **self.pending_secrets}
        change.revoked_tools = set(self.tools.revoked)
        change.revoked_rules = set(self.tools.rules.revoked)
        return change

    def committed_change(self) -> SettingsChange | None:
        """Write the touched pages into the drafts and collect the change; None when a page
        has values that cannot be read (marked on the page, which is shown)."""
        for page in self.pages:
            errors = page.commit()
            if errors:
                self._fail(
                    self.tr("“{page}” has settings that need fixing (marked in red).").format(
                        page=page.title
                    ),
                    page,
                )
                return None
        return self.collect_change()

    def _plugin_page_with(self, key: str) -> PluginSettingsPage | None:
        """The plugin page that edits an agent's dotted key `key` (`every.greeting`)."""
        return next(
            (
                page
                for page in self.plugin_pages.values()
                if page.form is not None and key in page.form.fields
            ),
            None,
        )

    def show_problems(self, problems: Mapping[str, str]) -> str:
        """Put each problem beside its field; returns the banner text."""
        pages: dict[str, CollectionPage] = {
            "providers": self.providers,
            "agents": self.agents,
            "mcp_servers": self.mcp_servers,
        }
        shown_on: SettingsPage | None = None
        where: list[str] = []
        for path, message in problems.items():
            section, _, rest = path.partition(".")
            entry_id, _, key = rest.partition(".")
            plugin_page = self._plugin_page_with(key) if section == "agents" else None
            if plugin_page is not None:
                plugin_page.show_problems(entry_id, {key: message})
                shown_on = shown_on or plugin_page
                agents = self.draft_config.agents
                label = self.agents.label_for(entry_id) if entry_id in agents else entry_id
                field = _field_label(plugin_page.form, key)
                where.append(f"{plugin_page.title} › {label} › {field}: {message}")
            elif section in pages and entry_id:
                page = pages[section]
                page.show_problems(entry_id, {key: message})
                shown_on = shown_on or page
                label = page.label_for(entry_id) if entry_id in page.entry_ids() else entry_id
                where.append(f"{page.title} › {label} › {_field_label(page.form, key)}: {message}")
            elif section == "settings":
                page = self.tools if entry_id in self.tools.form.fields else self.general
                page.show_problems({entry_id: message})
                shown_on = shown_on or page
                where.append(f"{page.title} › {_field_label(page.form, entry_id)}: {message}")
            else:
                where.append(message)
        if shown_on is not None:
            self.show_page(shown_on)
        details = "; ".join(where)
        return self.tr("Nothing was saved: {details}").format(details=details)


def _field_label(form: Any, key: str) -> str:
    """How the field `key` is labelled on its form (the key itself when it is not shown)."""
    fields = getattr(form, "fields", None) or {}
    return str(fields[key].spec.label) if key in fields else key


def open_settings_dialog(
    window: QWidget,
    app: Any,
    agent_id: str | None = None,
    opened: Callable[[SettingsDialog], None] | None = None,
) -> None:
    """Look at the keyring off the GUI thread (it may wait until it is unlocked), then open the
    settings dialog over `window` (non-blocking), tell `opened`, and gather plugin facts."""

    def show(glance: SecretStoreLike) -> None:
        dialog = SettingsDialog(app, window, agent_id=agent_id, secrets=glance)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        dialog.loading_task = asyncio.ensure_future(dialog.load_plugin_facts(agent_id))
        if opened is not None:
            opened(dialog)

    run_off_gui_thread(window, app.configuration.keyring_glance, show)
