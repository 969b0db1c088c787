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
import logging
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, Signal
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

from agent_desktop.forms import (
    apply_secret_changes,
)
from agent_desktop.settings.agents_page import AgentsPage
from agent_desktop.settings.common import (
    DEFAULT_AGENT_ID,
    SettingsPage,
    scrolling,
    validation_message,
)
from agent_desktop.settings.general_page import GeneralPage
from agent_desktop.settings.mcp_page import McpServersPage
from agent_desktop.settings.plugin_facts import PluginFacts, gather_plugin_facts
from agent_desktop.settings.plugins_page import PluginSettingsPage, PluginsPage
from agent_desktop.settings.providers_page import ProvidersPage
from agent_desktop.settings.tools_page import ToolsPage
from agent_desktop.theme import current_palette

__all__ = ["SettingsDialog", "gather_plugin_facts", "open_settings_dialog"]

log = logging.getLogger(__name__)
MCP_PLUGIN_NAMES = ("mcp_tools", "mcp")

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
        self.stack.addWidget(scrolling(page))
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
