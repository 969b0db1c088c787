"""The settings pages of an agent server's plugins, drawn by the forms engine as local plugin
pages are (`PluginSettingsPage`): the server sends what each plugin declares and the values its
agent has (``GET /settings/plugins``); the dialog shows them and collects what the user changed.

The dialog never reaches the server: `save_requested` hands the changes (values, and the secrets
typed, which go to the server's keyring) to the window's `RemoteChats`, which sends them and
answers with `show_problem` or `accept`; `agent_chosen` asks it for the pages of another of the
server's agents (answered with `show_pages`); `action_requested` asks it to run a page's action
(a button, a list's edit or delete) on the server and hand the result to the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.forms.fields import FormWidget, build_form, merge_config_elements
from agent_desktop.settings.common import heading, page_layout

# A plugin, {dotted key: new value or None} and {keyring name: new secret or None}.
PluginChange = tuple[str, dict[str, Any], dict[str, str | None]]
# The dialog, a plugin, its action, the action's params, and what takes the result dict.
ActionRequest = tuple[
    "ServerSettingsDialog", str, str, dict[str, Any], Callable[[dict[str, Any]], None]
]
# Button elements that first pick a file or folder: the pick would be on this computer, the
# action on the server, which cannot read it.
LOCAL_PICKS = ("folder", "file")


class ServerSecrets:
    """What a form asks about secrets, answered from the server: which keyring names it holds
    (the texts stay there)."""

    available = True
    problem = None

    def __init__(self, stored: list[str]) -> None:
        self._stored = set(stored)

    def has(self, name: str) -> bool:
        return name in self._stored

    def session_only(self, name: str) -> bool:
        return False


class ServerPageActions:
    """Runs the actions of `plugin`'s page (its buttons, its lists' edits and deletions) on
    the server, through the dialog's `action_requested`."""

    def __init__(self, dialog: ServerSettingsDialog, plugin: str) -> None:
        self.dialog = dialog
        self.plugin = plugin

    def run(
        self, action_id: str, params: dict[str, Any], done: Callable[[dict[str, Any]], None]
    ) -> None:
        drawn = self.dialog.pages_drawn

        def still_shown(result: dict[str, Any]) -> None:
            if self.dialog.pages_drawn == drawn:  # the field that asked still exists
                done(result)

        self.dialog.action_requested.emit(
            (self.dialog, self.plugin, action_id, params, still_shown)
        )


def _server_side(elements: list[Any]) -> list[Any]:
    """`elements` with the buttons that pick a local file or folder shown disabled, saying why."""
    reason = QCoreApplication.translate(
        "ServerSettingsDialog",
        "Not available for an agent server: it would pick a file or folder on this computer, "
        "which the server cannot read. Use it in the settings of the app on the server's "
        "computer.",
    )
    return [
        {**element, "unavailable": reason, "description": reason}
        if isinstance(element, Mapping)
        and element.get("type") == "action"
        and element.get("ask") in LOCAL_PICKS
        else element
        for element in elements
    ]


class ServerSettingsDialog(QDialog):
    """The plugin pages of the agent server `server_label`."""

    save_requested = Signal(list)  # list[PluginChange]
    revoke_requested = Signal()
    agent_chosen = Signal(str)  # the agent id whose pages to show
    action_requested = Signal(tuple)  # ActionRequest

    def __init__(self, parent: QWidget | None, server_label: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            self.tr("Settings of the agent server {server}").format(server=server_label)
        )
        self.resize(760, 520)
        self.forms: dict[str, FormWidget] = {}
        self.loaded: dict[str, dict[str, Any]] = {}
        self.agent_id = ""
        self.pages_drawn = 0  # counts redraws: a result for pages since replaced is dropped
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "These settings are kept on the agent server {server} and used by its agent; "
                "secrets typed here go to that server's keyring and are never sent back."
            ).format(server=server_label)
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        agent_row = QHBoxLayout()
        agent_label = QLabel(self.tr("Agent:"))
        self.agent_combo = QComboBox()
        self.agent_combo.setAccessibleName(self.tr("Agent of the server"))
        self.agent_combo.setToolTip(self.tr("Whose settings these pages show and change."))
        agent_label.setBuddy(self.agent_combo)
        self.agent_combo.setEnabled(False)  # until the server names its agents
        self.agent_combo.activated.connect(self._agent_activated)
        agent_row.addWidget(agent_label)
        agent_row.addWidget(self.agent_combo)
        agent_row.addStretch(1)
        layout.addLayout(agent_row)
        body = QHBoxLayout()
        self.pages_list = QListWidget()
        self.pages_list.setAccessibleName(self.tr("Plugins of the server"))
        self.pages_list.setMaximumWidth(200)
        self.pages = QStackedWidget()
        self.pages_list.currentRowChanged.connect(self.pages.setCurrentIndex)
        body.addWidget(self.pages_list)
        body.addWidget(self.pages, 1)
        layout.addLayout(body, 1)
        self.problem = QLabel(self.tr("Reading the settings from the server…"))
        self.problem.setObjectName("formProblem")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setEnabled(False)
        self.revoke_button = QPushButton(self.tr("Revoke the access token…"))
        self.revoke_button.setToolTip(
            self.tr(
                "The server refuses this token from then on, from every computer that has it; "
                "restarting the server makes a new one."
            )
        )
        self.revoke_button.clicked.connect(self._confirm_revoke)
        buttons.addButton(self.revoke_button, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def show_pages(self, described: Mapping[str, Any]) -> None:
        """Draw a page per plugin of the server's answer (``GET /settings/plugins``) for the
        agent it names, in place of the pages shown before."""
        agent_id = str(described.get("agent_id") or "")
        self._clear_pages()
        self.agent_id = agent_id
        self.agent_combo.clear()
        for agent in described.get("agents") or []:
            self.agent_combo.addItem(str(agent["label"]), str(agent["id"]))
        self.agent_combo.setCurrentIndex(self.agent_combo.findData(agent_id))
        self.agent_combo.setEnabled(self.agent_combo.count() > 1)
        for page in described.get("plugins") or []:
            plugin = str(page["plugin"])
            form = build_form(
                _server_side(merge_config_elements(page["elements"], page["schema_entries"])),
                page["values"],
                secrets=ServerSecrets(list(page.get("stored_secrets") or [])),
                secret_namespace=f"agents.{agent_id}.{plugin}",
                owner=plugin,
                plugin_actions=ServerPageActions(self, plugin),
            )
            if not form.fields:
                form.deleteLater()
                continue
            holder = QWidget()
            holder_layout = page_layout(holder)
            holder_layout.addWidget(
                heading(
                    str(page["title"]),
                    self.tr("Settings of the plugin “{plugin}” on the server.").format(
                        plugin=plugin
                    ),
                )
            )
            holder_layout.addWidget(form)
            holder_layout.addStretch(1)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(holder)
            self.pages.addWidget(scroll)
            self.pages_list.addItem(str(page["title"]))
            self.forms[plugin] = form
            self.loaded[plugin] = form.values()
        self.pages_list.setCurrentRow(0)
        self.problem.setVisible(not self.forms)
        self.problem.setText(self.tr("The server's plugins have no settings to change."))
        self.save_button.setEnabled(bool(self.forms))

    def _clear_pages(self) -> None:
        self.pages_list.clear()
        while (page := self.pages.widget(0)) is not None:
            self.pages.removeWidget(page)
            page.deleteLater()
        self.pages_drawn += 1
        self.forms.clear()
        self.loaded.clear()

    def _agent_activated(self, index: int) -> None:
        """Another agent's pages, read from the server; unsaved changes are not dropped."""
        wanted = str(self.agent_combo.itemData(index) or "")
        if wanted == self.agent_id:
            return
        if self.changes():
            self.agent_combo.setCurrentIndex(self.agent_combo.findData(self.agent_id))
            self.show_problem(self.tr("Save or cancel the changes to this agent's settings first."))
            return
        self.agent_combo.setEnabled(False)
        self.save_button.setEnabled(False)
        self.problem.setText(self.tr("Reading the settings from the server…"))
        self.problem.show()
        self.agent_chosen.emit(wanted)

    def changes(self) -> list[PluginChange]:
        """What the user changed, per plugin (only changed keys, as the local pages write)."""
        found: list[PluginChange] = []
        for plugin, form in self.forms.items():
            values = form.values()
            loaded = self.loaded[plugin]
            changed = {
                key: values.get(key) for key in form.fields if values.get(key) != loaded.get(key)
            }
            secrets = form.pending_secrets()
            if changed or secrets:
                found.append((plugin, changed, secrets))
        return found

    def _save(self) -> None:
        for form in self.forms.values():
            errors = form.validate(list(form.fields), required=False)
            if errors:
                form.show_errors(errors)
                return
        changes = self.changes()
        if not changes:
            self.accept()
            return
        self.save_button.setEnabled(False)
        self.problem.hide()
        self.save_requested.emit(changes)

    def _confirm_revoke(self) -> QMessageBox:
        question = QMessageBox(
            QMessageBox.Icon.Warning,
            self.tr("Revoke the access token?"),
            self.tr(
                "The server refuses this token from now on, here and on every computer it was "
                "given to, and this window disconnects from it. To connect again, restart "
                "'agent-desktop serve': it makes and shows a new token."
            ),
            QMessageBox.StandardButton.Cancel,
            self,
        )
        revoke = question.addButton(self.tr("Revoke"), QMessageBox.ButtonRole.DestructiveRole)
        question.finished.connect(
            lambda _result: (
                self.revoke_requested.emit() if question.clickedButton() is revoke else None
            )
        )
        question.open()
        return question

    def show_problem(self, text: str) -> None:
        """The server refused or could not be reached: said here, the dialog stays open."""
        self.problem.setText(text)
        self.problem.show()
        self.save_button.setEnabled(bool(self.forms))
