"""Settings → Plugins: what the chosen plugin is, and Enable/Disable, Update and Remove for it.

Choosing a row (or pressing Details for what the install field names) shows what the plugin
is: kind, version, author, the tools it adds with their descriptions and the settings it adds.
It is read by the plugin manager in a probe process off the GUI thread (`plugin_description`):
a plugin not installed or not enabled yet does not run in the app to say what it is.

- **Disable / Enable** turns the plugin off (or on again) for every agent, in the dialog's draft
  config (`disabled_plugins`): written on OK like every page; its tools are gone from the next
  request. A provider plugin is not turned off here (the chats that use it would stop): its
  provider is removed on the Providers page.
- **Update** installs the plugin's package again from where it came from (the newest version on
  its index, or its wheel file), or fetches a ``git+`` source again; it runs from the next
  start.
- **Remove…** asks first; then an installed package is deleted and its tools are gone at once,
  and a source leaves the draft's sources (on OK). The app's own plugins are disabled instead.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from agent_app.config import AppConfig
from agent_app.plugin_installs import InstallRefused
from agent_app.plugin_manager import Description, PluginManager
from agent_app.plugin_sources import SourceError
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread


@dataclass(frozen=True)
class _Chosen:
    """A row's plugin, as read on a worker: what it is (or why that is unknown) and whether
    it is a package of the plugin environment (which Update and Remove act on)."""

    name: str
    description: Description | None
    problem: str
    installed_here: bool


#: The kinds `plugin_discovery` sorts plugins into, and the tool plugins' flavours
#: (`agent_app.plugin_offers`), as the Kind column and the details name them.
KIND_WORDS: Mapping[str, str] = {
    "provider": QT_TRANSLATE_NOOP("PluginsPage", "provider"),
    "extension": QT_TRANSLATE_NOOP("PluginsPage", "extension"),
    "feature": QT_TRANSLATE_NOOP("PluginsPage", "feature"),
    "tool": QT_TRANSLATE_NOOP("PluginsPage", "tool"),
    "unknown": QT_TRANSLATE_NOOP("PluginsPage", "unknown"),
    "agent-adapter tool": QT_TRANSLATE_NOOP("PluginsPage", "agent-adapter tool"),
    "OpenHands tool": QT_TRANSLATE_NOOP("PluginsPage", "OpenHands tool"),
    "Node tool": QT_TRANSLATE_NOOP("PluginsPage", "Node tool"),
}


def kind_in_words(kind: str) -> str:
    """A plugin's kind in the window's language (a kind nobody names as it is written)."""
    return (
        QCoreApplication.translate("PluginsPage", KIND_WORDS[kind]) if kind in KIND_WORDS else kind
    )


def description_html(description: Description) -> str:
    """The details view's text for `description` (every value escaped: a plugin names them)."""
    parts = []
    for plugin in description.plugins or [{}]:
        title = html.escape(str(plugin.get("title") or description.name))
        kind = kind_in_words(str(plugin.get("flavour") or plugin.get("kind") or "?"))
        facts = (
            QCoreApplication.translate(
                "PluginActions", "{kind} plugin, version {version}, by {author}"
            )
            if description.author
            else QCoreApplication.translate("PluginActions", "{kind} plugin, version {version}")
        ).format(
            kind=html.escape(kind),
            version=html.escape(str(plugin.get("version") or description.version or "?")),
            author=html.escape(description.author),
        )
        parts.append(f"<p><b>{title}</b> — {facts}</p>")
        if plugin.get("error"):
            problem = QCoreApplication.translate(
                "PluginActions", "It cannot be loaded: {error}"
            ).format(error=html.escape(str(plugin["error"])))
            parts.append(f"<p>{problem}</p>")
        tools = plugin.get("tools") or []
        if tools:
            heading = QCoreApplication.translate("PluginActions", "Tools it adds:")
            items = "".join(
                f"<li><b>{html.escape(tool['name'])}</b> — {html.escape(tool['description'])}</li>"
                for tool in tools
            )
            parts.append(f"<p>{heading}</p><ul>{items}</ul>")
        else:
            none = QCoreApplication.translate("PluginActions", "It adds no tools.")
            parts.append(f"<p>{none}</p>")
        settings = plugin.get("settings") or []
        if settings:
            heading = QCoreApplication.translate("PluginActions", "Settings it adds:")
            items = "".join(_setting_item(setting) for setting in settings)
            parts.append(f"<p>{heading}</p><ul>{items}</ul>")
        else:
            none = QCoreApplication.translate("PluginActions", "It adds no settings.")
            parts.append(f"<p>{none}</p>")
    for problem in description.problems:
        said = QCoreApplication.translate(
            "PluginActions", "It would not be installed: {problem}"
        ).format(problem=html.escape(problem))
        parts.append(f"<p>{said}</p>")
    return "".join(parts)


def _setting_item(setting: dict[str, Any]) -> str:
    kind = (
        QCoreApplication.translate("PluginActions", "secret, kept in the keyring")
        if setting.get("secret")
        else setting.get("type")
    )
    # The title a person reads; the key (what the config file says) only on hover.
    title = html.escape(str(setting.get("title") or setting["key"]))
    key = html.escape(str(setting["key"]), quote=True)
    text = f'<b title="{key}">{title}</b> ({html.escape(str(kind))})'
    if setting.get("description"):
        text += f" — {html.escape(str(setting['description']))}"
    if setting.get("default") is not None and not setting.get("secret"):
        default = QCoreApplication.translate("PluginActions", "default: {value}").format(
            value=html.escape(str(setting["default"]))
        )
        text += f" ({default})"
    return f"<li>{text}</li>"


class PluginActions(QWidget):
    """The buttons for the chosen plugin, the outcome line and the details view. `changed`
    is emitted when the table should be drawn again (draft or installed plugins changed)."""

    changed = Signal()

    def __init__(
        self,
        manager: PluginManager,
        draft_config: AppConfig,
        record_of: Callable[[str], Any],
    ) -> None:
        super().__init__()
        self.manager = manager
        self.draft_config = draft_config  # the dialog's draft: written on OK, not before
        self.record_of = record_of
        self.chosen: _Chosen | None = None
        self.current: str | None = None  # the plugin chosen, while what it is is being read
        self.switch_button = QPushButton(self.tr("Disable"))
        self.switch_button.clicked.connect(self.switch)
        self.update_button = QPushButton(self.tr("Update"))
        self.update_button.clicked.connect(self.update_plugin)
        self.remove_button = QPushButton(self.tr("Remove…"))
        self.remove_button.clicked.connect(self.ask_to_remove)
        self.outcome = QLabel()
        self.outcome.setObjectName("pluginActionOutcome")
        self.outcome.setWordWrap(True)
        self.outcome.hide()
        self.details = QTextBrowser()
        self.details.setObjectName("pluginDetails")
        self.details.setAccessibleName(self.tr("Plugin details"))
        self.details.setOpenLinks(False)
        self.details.setMinimumHeight(120)
        self.details.setMaximumHeight(200)  # the table above keeps the room it needs
        self.details.setPlaceholderText(
            self.tr("Choose a plugin to see what it is: its kind, tools and settings.")
        )
        self.confirmation: QMessageBox | None = None  # the Remove question while it is open
        buttons = QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        for button in (self.switch_button, self.update_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        stack = QVBoxLayout(self)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addLayout(buttons)
        stack.addWidget(self.outcome)
        stack.addWidget(self.details)
        self.choose(None)

    # ------------------------------------------------------------------ choosing

    def choose(self, name: str | None) -> None:
        """Show plugin `name` (None: nothing chosen) and read what it is off the GUI thread."""
        self.chosen = None
        self.current = name
        for button in (self.switch_button, self.update_button, self.remove_button):
            button.setEnabled(False)
        self.outcome.hide()
        if name is None:
            self.details.clear()
            return
        record = self.record_of(name)
        self._show_switch(name, record)
        self.details.setPlainText(self.tr("Reading what {plugin} is…").format(plugin=name))
        run_off_gui_thread(self, lambda: self._read(name, record), self._chosen)

    def describe_candidate(self, text: str) -> None:
        """Show what `text` (a wheel, a package name, a source) is, before it is installed."""
        self.details.setPlainText(self.tr("Reading what {plugin} is…").format(plugin=text))
        run_off_gui_thread(self, lambda: self._read_candidate(text), self._candidate_read)

    def _read(self, name: str, record: Any) -> _Chosen:
        """On a worker."""
        distribution = getattr(record, "distribution", None)
        installed_here = (
            distribution is not None and self.manager.environment.entry(distribution) is not None
        )
        try:
            return _Chosen(name, self.manager.describe_plugin(name), "", installed_here)
        except InstallRefused as refusal:
            return _Chosen(name, None, str(refusal), installed_here)

    def _read_candidate(self, text: str) -> Description | str:
        """On a worker."""
        try:
            return self.manager.describe(text)
        except (InstallRefused, SourceError) as refusal:
            return str(refusal)

    def _chosen(self, chosen: _Chosen) -> None:
        if chosen.name != self.current:
            return  # another plugin was chosen meanwhile
        self.chosen = chosen
        record = self.record_of(chosen.name)
        source = str(getattr(record, "config_source", None) or "")
        self.update_button.setEnabled(chosen.installed_here or source.startswith("git+"))
        self.remove_button.setEnabled(chosen.installed_here or bool(source))
        if chosen.description is None:
            self.details.setPlainText(chosen.problem)
        else:
            self.details.setHtml(description_html(chosen.description))

    def _candidate_read(self, outcome: Description | str) -> None:
        if isinstance(outcome, str):
            self.details.setPlainText(outcome)
        else:
            self.details.setHtml(description_html(outcome))

    # ------------------------------------------------------------------ enable, disable

    def _disabled(self) -> list[str]:
        return list(self.draft_config.disabled_plugins or [])

    def _show_switch(self, name: str, record: Any) -> None:
        off = name in self._disabled()
        self.switch_button.setText(self.tr("Enable") if off else self.tr("Disable"))
        provider = getattr(record, "kind", "") == "provider"
        self.switch_button.setEnabled(bool(getattr(record, "ok", False)) and not provider)
        self.switch_button.setToolTip(
            self.tr("A provider is turned off by removing its connection on the Providers page.")
            if provider
            else ""
        )

    def switch(self) -> None:
        name = self._current_name()
        if name is None:
            return
        disabled = self._disabled()
        if name in disabled:
            disabled.remove(name)
            said = self.tr("{plugin} is turned on for every agent when you press OK.")
        else:
            disabled.append(name)
            said = self.tr(
                "{plugin} is turned off for every agent when you press OK: its tools are gone "
                "from the next request."
            )
        self.draft_config.disabled_plugins = sorted(disabled) or None
        record = self.record_of(name)
        self._show_switch(name, record)
        self._say(said.format(plugin=getattr(record, "title", name)))
        self.changed.emit()

    # ------------------------------------------------------------------ update

    def update_plugin(self) -> None:
        name = self._current_name()
        if name is None:
            return
        source = str(getattr(self.record_of(name), "config_source", None) or "")
        self.update_button.setEnabled(False)
        self._say(self.tr("Updating {plugin}…").format(plugin=name))
        run_off_gui_thread(self, lambda: self._update(name, source), self._updated)

    def _update(self, name: str, source: str) -> str:
        """On a worker: what happened, in words."""
        try:
            if source.startswith("git+"):
                self.manager.update_source(source)
                return QCoreApplication.translate(
                    "PluginActions",
                    "Fetched {source} again: the new version loads at the next start.",
                ).format(source=source)
            facts = self.manager.update(name)
        except (InstallRefused, SourceError) as refusal:
            return str(refusal)
        return QCoreApplication.translate(
            "PluginActions", "Updated {name} to {version}: it runs from the next start."
        ).format(name=facts.name, version=facts.version)

    def _updated(self, said: str) -> None:
        self.update_button.setEnabled(True)
        self._say(said)

    # ------------------------------------------------------------------ remove

    def ask_to_remove(self) -> None:
        name = self._current_name()
        if name is None or self.chosen is None:
            return
        box = QMessageBox(self)
        box.setObjectName("pluginRemoveQuestion")
        box.setIcon(QMessageBox.Icon.Question)
        title = str(getattr(self.record_of(name), "title", name))
        box.setWindowTitle(self.tr("Remove {plugin}?").format(plugin=title))
        box.setText(self.tr("Remove {plugin}?").format(plugin=title))
        box.setInformativeText(
            self.tr("Its package is deleted from the plugin folder; its tools are gone at once.")
            if self.chosen.installed_here
            else self.tr(
                "Its source leaves the config when you press OK; it is gone from the next start."
            )
        )
        remove = box.addButton(self.tr("Remove"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        self.confirmation = box

        def answered(button: Any) -> None:
            self.confirmation = None
            if button is remove:
                self._remove(name)

        box.buttonClicked.connect(answered)
        box.open()  # not exec(): no nested event loop

    def _remove(self, name: str) -> None:
        record = self.record_of(name)
        source = getattr(record, "config_source", None)
        if self.chosen is not None and self.chosen.installed_here:
            self.remove_button.setEnabled(False)
            self._say(self.tr("Removing {plugin}…").format(plugin=name))
            run_off_gui_thread(self, lambda: self._remove_installed(name), self._removed)
            return
        if source and source in self.draft_config.plugins:
            self.draft_config.plugins = [
                text for text in self.draft_config.plugins if text != source
            ]
            self._say(
                self.tr("Removed the source {source}: it is saved when you press OK.").format(
                    source=source
                )
            )
            self.changed.emit()

    def _remove_installed(self, name: str) -> str:
        """On a worker."""
        try:
            removed = self.manager.remove(name)
        except InstallRefused as refusal:
            return str(refusal)
        return QCoreApplication.translate(
            "PluginActions", "Removed {name}: its tools are gone."
        ).format(name=removed)

    def _removed(self, said: str) -> None:
        self.choose(None)  # it is gone: nothing is chosen, no button acts on it
        self._say(said)
        self.changed.emit()

    # ------------------------------------------------------------------ helpers

    def _current_name(self) -> str | None:
        return self.current

    def _say(self, message: str) -> None:
        self.outcome.setText(message)
        self.outcome.show()
