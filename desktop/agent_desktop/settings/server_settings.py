"""The settings pages of an agent server's plugins, drawn by the forms engine as local plugin
pages are (`PluginSettingsPage`): the server sends what each plugin declares and the values its
agent has (``GET /settings/plugins``); the dialog shows them and collects what the user changed.

The dialog never reaches the server: `save_requested` hands the changes (values, and the secrets
typed, which go to the server's keyring) to the window's `RemoteChats`, which sends them and
answers with `show_problem` or `accept`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
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


class ServerSettingsDialog(QDialog):
    """The plugin pages of the agent server `server_label`."""

    save_requested = Signal(list)  # list[PluginChange]
    revoke_requested = Signal()

    def __init__(self, parent: QWidget | None, server_label: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            self.tr("Settings of the agent server {server}").format(server=server_label)
        )
        self.resize(760, 520)
        self.forms: dict[str, FormWidget] = {}
        self.loaded: dict[str, dict[str, Any]] = {}
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "These settings are kept on the agent server {server} and used by its agent; "
                "secrets typed here go to that server's keyring and are never sent back."
            ).format(server=server_label)
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
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
        """Draw a page per plugin of the server's answer (``GET /settings/plugins``)."""
        agent_id = str(described.get("agent_id") or "")
        for page in described.get("plugins") or []:
            plugin = str(page["plugin"])
            form = build_form(
                merge_config_elements(page["elements"], page["schema_entries"]),
                page["values"],
                secrets=ServerSecrets(list(page.get("stored_secrets") or [])),
                secret_namespace=f"agents.{agent_id}.{plugin}",
                owner=plugin,
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
