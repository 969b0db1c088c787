"""The Plugins page (what was found at start-up) and the pages plugins declare."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import shiboken6
from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from agent_app import DEFAULT_AGENT_ID
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_core import Session
from agent_desktop.forms.fields import (
    FormWidget,
    build_form,
    merge_config_elements,
    takes_wheel_only_when_focused,
)
from agent_desktop.settings.common import (
    SettingsPage,
    delete_path,
    discard,
    get_path,
    heading,
    page_layout,
    set_path,
    validation_message,
)
from agent_desktop.settings.plugin_actions import PluginActions, kind_in_words
from agent_desktop.settings.plugin_installer import PluginInstaller
from agent_desktop.toolkit.agent_names import agent_name
from agent_desktop.toolkit.theme import current_palette, qcolor

if TYPE_CHECKING:
    from agent_app.plugin_queries import PluginQueries
    from agent_desktop.settings.common import SettingsHost

log = logging.getLogger(__name__)


class PluginFieldActions:
    """Runs the actions a plugin's `records` and `action` fields name (an edit, a deletion, an
    install) for one agent, through the application's plugin queries (off the GUI thread), on a
    chat of no messages: they act on the plugin's data, not a chat's. `done` runs only while
    `page` exists."""

    def __init__(
        self, queries: Callable[[], PluginQueries], plugin: str, agent_id: str, page: Any
    ) -> None:
        self.queries = queries  # asked when an action runs: most pages have no records
        self.plugin = plugin
        self.agent_id = agent_id
        self.page = page
        self.running: set[asyncio.Task[None]] = set()

    def run(
        self, action_id: str, params: dict[str, Any], done: Callable[[dict[str, Any]], None]
    ) -> None:
        task = asyncio.ensure_future(self._run(action_id, params, done))
        self.running.add(task)
        task.add_done_callback(self.running.discard)

    async def _run(
        self, action_id: str, params: dict[str, Any], done: Callable[[dict[str, Any]], None]
    ) -> None:
        session = Session(uuid.uuid4().hex, [], {"agent_id": self.agent_id})
        try:
            _session, result = await self.queries().run_session_action(
                session, action_id, params, owner=self.plugin
            )
        except Exception as error:  # noqa: BLE001 - said beside the list, which stays as it was
            log.warning("The %s action %s failed: %s", self.plugin, action_id, error)
            result = {"status": "error", "message": f"{action_id} failed: {error}"}
        if shiboken6.isValid(self.page):
            done(result)


class PluginsPage(SettingsPage):
    title = QT_TRANSLATE_NOOP("SettingsPages", "Plugins")

    COLUMNS = (
        QT_TRANSLATE_NOOP("PluginsPage", "Plugin"),
        QT_TRANSLATE_NOOP("PluginsPage", "Kind"),
        QT_TRANSLATE_NOOP("PluginsPage", "Version"),
        QT_TRANSLATE_NOOP("PluginsPage", "Enabled"),
        QT_TRANSLATE_NOOP("PluginsPage", "Source"),
        QT_TRANSLATE_NOOP("PluginsPage", "Status"),
    )
    SOURCE_COLUMN = 4

    def __init__(self, dialog: SettingsHost) -> None:
        super().__init__(dialog)
        layout = page_layout(self)
        layout.addWidget(
            heading(
                self.title,
                self.tr(
                    "Everything that was found at start-up. “Enabled” is for the default agent; "
                    "change it per agent on the Agents page."
                ),
            )
        )
        self.known_at_open = {record.name for record in dialog.app.plugins.catalog}
        self.installer = PluginInstaller(dialog.app.plugin_manager, dialog.draft_config.plugins)
        self.installer.installed.connect(self._installed)
        layout.addWidget(self.installer)
        self.plugin_actions = PluginActions(
            dialog.app.plugin_manager, dialog.draft_config, dialog.app.plugins.catalog.get
        )
        self.plugin_actions.changed.connect(self.refresh)
        self.installer.details_wanted.connect(self.plugin_actions.describe_candidate)
        self.tree = QTreeWidget()
        self.tree.setObjectName("pluginTable")
        self.tree.setAccessibleName(self.title)
        self.tree.setHeaderLabels(
            [QCoreApplication.translate("PluginsPage", column) for column in self.COLUMNS]
        )
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The source (a long package name or path) gives way, so Status always shows whole in
        # every language with no sideways scrolling; its cell's tooltip holds all of it.
        header.setSectionResizeMode(self.SOURCE_COLUMN, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.tree, 1)
        self.tree.currentItemChanged.connect(self._chosen)
        layout.addWidget(self.plugin_actions)
        self.problems_title = QLabel(self.tr("Problems"))
        self.problems_title.setStyleSheet("font-weight: 600;")
        layout.addWidget(self.problems_title)
        self.problems = QPlainTextEdit()
        self.problems.setObjectName("pluginProblems")
        self.problems.setReadOnly(True)
        self.problems.setFixedHeight(120)
        layout.addWidget(self.problems)
        self.refresh()

    def _installed(self, plugins: list[str]) -> None:
        """Draw the table again with the plugin just installed chosen: its details show."""
        self.refresh()
        rows = [self.tree.topLevelItem(row) for row in range(self.tree.topLevelItemCount())]
        for item in filter(None, rows):
            if plugins and item.data(0, Qt.ItemDataRole.UserRole) == plugins[0]:
                self.tree.setCurrentItem(item)
                self.tree.scrollToItem(item)

    def _chosen(self, item: QTreeWidgetItem | None) -> None:
        self.plugin_actions.choose(
            item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        )

    def refresh(self) -> None:
        chosen = self.plugin_actions.current
        self.tree.blockSignals(True)  # drawn again: the chosen plugin stays chosen
        self.tree.clear()
        palette = current_palette()
        enabled = self.dialog.facts.enabled_names()
        known = bool(self.dialog.facts.enabled)
        saved_off = set(self.dialog.app.config.disabled_plugins or [])
        draft_off = set(self.dialog.draft_config.disabled_plugins or [])
        for record in self.dialog.catalog_records():
            error = getattr(record, "error", None)
            # A plugin installed since the dialog opened is not in its facts yet: it is on
            # unless it is off by default (`default_enabled = False`).
            installed_since = record.name not in self.known_at_open
            on_by_default = getattr(record.plugin, "default_enabled", True) is not False
            on = record.name not in draft_off and (
                record.name in enabled
                or record.name in saved_off
                or (installed_since and on_by_default)
            )
            switched = self.tr("on") if on else self.tr("off")
            state = "—" if error or not known else switched
            kind = str(getattr(record, "kind", "") or "")
            status = (
                self.tr("Failed to load: {error}").format(error=error)
                if error
                else self.tr("Loaded")
            )
            item = QTreeWidgetItem(
                [
                    str(getattr(record, "title", record.name)),
                    kind_in_words(kind),
                    str(getattr(record, "version", "") or ""),
                    state,
                    str(getattr(record, "source", "") or ""),
                    status,
                ]
            )
            item.setToolTip(0, f"id: {record.name}")
            item.setToolTip(self.SOURCE_COLUMN, item.text(self.SOURCE_COLUMN))
            item.setData(0, Qt.ItemDataRole.UserRole, record.name)
            if error:
                item.setForeground(5, qcolor(palette.error))
                item.setToolTip(5, str(error))
            self.tree.addTopLevelItem(item)
            if record.name == chosen:
                self.tree.setCurrentItem(item)
        self.tree.blockSignals(False)
        problems = self.dialog.all_problems()
        self.problems.setPlainText("\n".join(f"• {problem}" for problem in problems))
        self.problems.setVisible(bool(problems))
        self.problems_title.setVisible(bool(problems))


class PluginSettingsPage(SettingsPage):
    """Settings of one plugin, from its `config` elements merged with its config schema.

    Values are stored in the chosen agent (a dotted key such as `compaction.enabled` becomes the
    agent's `compaction: {enabled: ...}` block), which is where the flat config takes them from.
    """

    def __init__(
        self,
        dialog: SettingsHost,
        plugin: str,
        ui_elements: list[Any],
        schema_entries: list[Any],
        *,
        per_agent: bool = True,
    ) -> None:
        super().__init__(dialog)
        self.plugin = plugin
        self.title = dialog.plugin_title(plugin)
        self.elements = merge_config_elements(ui_elements, schema_entries)
        agents = dialog.draft_config.agents
        self.agent_id = dialog.agent_id if dialog.agent_id in agents else DEFAULT_AGENT_ID
        if not per_agent:
            # One instance serves the whole app (an agent-adapter plugin's runtime): it reads
            # its settings from the default agent, so that is the only one edited here.
            self.agent_id = DEFAULT_AGENT_ID
        self.form: FormWidget | None = None
        self.loaded: dict[str, Any] = {}
        layout = page_layout(self)
        version = dialog.plugin_version(plugin)
        if per_agent:
            layout.addWidget(
                heading(
                    self.title,
                    self.tr("Settings of the plugin “{plugin}”{version}, for each agent.").format(
                        plugin=plugin, version=version
                    ),
                )
            )
        else:
            whole_app = self.tr("Settings of the plugin “{plugin}”{version}, for the whole app.")
            layout.addWidget(heading(self.title, whole_app.format(plugin=plugin, version=version)))
        chooser = QHBoxLayout()
        chooser.addWidget(QLabel(self.tr("Settings for agent")))
        self.agent_combo = QComboBox()
        self.agent_combo.setObjectName("pluginAgentChooser")
        takes_wheel_only_when_focused(self.agent_combo)
        for agent_id, agent in dialog.draft_config.agents.items():
            self.agent_combo.addItem(agent_name(agent_id, agent.label), agent_id)
        self.agent_combo.setCurrentIndex(max(0, self.agent_combo.findData(self.agent_id)))
        self.agent_combo.currentIndexChanged.connect(self._agent_changed)
        chooser.addWidget(self.agent_combo)
        chooser.addStretch(1)
        if per_agent:
            layout.addLayout(chooser)
        else:
            self.agent_combo.hide()
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
            discard(self.form_host, self.form)
        self.form = build_form(
            self.elements,
            values,
            secrets=self.dialog.secrets,
            models=self.dialog.facts.models,
            secret_namespace=f"agents.{self.agent_id}.{self.plugin}",
            owner=self.plugin,
            plugin_actions=PluginFieldActions(
                lambda: self.dialog.app.plugin_queries, self.plugin, self.agent_id, self
            ),
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
        """Write what the user changed for the agent shown. Only what cannot be read as typed
        (bad JSON, say) is refused here; the application checks the rest (required values for
        the agents that have the plugin on) and the dialog shows its problems."""
        if self.form is None:
            return {}
        values = self.form.values()
        changed = [key for key in self.form.fields if values.get(key) != self.loaded.get(key)]
        errors = self.form.validate(changed, required=False)
        if errors or not changed:
            return errors
        agents = self.dialog.draft_config.agents
        agent = agents.get(self.agent_id)
        if agent is None:
            return {}
        data = agent.model_dump(exclude_none=True)
        for key in changed:
            # Untouched keys stay as they are: defaults stay unwritten, and a change made to
            # the same key on another page (the agent's model, say) is not overwritten.
            value = values.get(key)
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
        self.loaded = values  # written into the draft: a second OK does not write it again
        return {}

    def show_problems(self, agent_id: str, errors: Mapping[str, str]) -> None:
        """Show problems the application found in agent `agent_id`'s settings of this plugin."""
        if agent_id != self.agent_id:
            self.show_agent(agent_id)  # what was typed for the agent shown stays as typed
        if self.form is not None:
            self.form.show_errors(errors)

    def show_agent(self, agent_id: str) -> None:
        """Show (and edit) this plugin's settings for agent `agent_id`."""
        self.agent_combo.blockSignals(True)
        self.agent_combo.setCurrentIndex(self.agent_combo.findData(agent_id))
        self.agent_combo.blockSignals(False)
        self.agent_id = agent_id
        self._build()
