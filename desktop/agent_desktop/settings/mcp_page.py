"""The MCP servers page: one place for every MCP server, its test and its import."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QPushButton

from agent_app.config import MCP_SERVER, ConfigError, McpServerConfig
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import (
    note,
    validation_message,
)
from agent_desktop.settings.mcp_panels import ImportPreview, ServerStatusLog
from agent_desktop.settings.mcp_sign_in import ServerSignInPanel
from agent_desktop.settings.model_form import model_elements
from agent_desktop.toolkit.theme import current_palette

if TYPE_CHECKING:
    from agent_desktop.settings.common import SettingsHost


class McpServersPage(CollectionPage):
    title = QT_TRANSLATE_NOOP("SettingsPages", "MCP servers")
    subtitle = QT_TRANSLATE_NOOP(
        "SettingsPages",
        "Model Context Protocol servers whose tools the agents can use: a command to start "
        "(stdio) or a URL (HTTP).",
    )
    noun = QT_TRANSLATE_NOOP("SettingsPages", "server")
    section = "mcp_servers"
    status_log: ServerStatusLog | None = None  # built after the first form (see __init__)
    sign_in_panel: ServerSignInPanel | None = None

    def __init__(self, dialog: SettingsHost) -> None:
        super().__init__(dialog)
        self.import_button = QPushButton(self.tr("Import JSON…"))
        self.import_button.setToolTip(
            self.tr("Paste an mcpServers block from another app's config")
        )
        self.import_button.clicked.connect(self.show_import)
        self.extra_side.addWidget(self.import_button)
        self.test_button = QPushButton(self.tr("Test connection"))
        self.test_button.clicked.connect(self.start_test)
        self.mcp = dialog.mcp_plugin()
        can_test = self.mcp is not None and hasattr(self.mcp, "test_server")
        self.test_button.setEnabled(can_test)
        unavailable = "" if can_test else "Testing needs the MCP tools plugin, which is not loaded."
        self.test_button.setToolTip(unavailable or "Start the server once and list its tools")
        self.detail.insertWidget(
            self.detail.count() - 1, self.test_button, 0, Qt.AlignmentFlag.AlignLeft
        )
        self.test_unavailable = unavailable
        self.test_result = note(unavailable)
        self.test_result.setObjectName("mcpTestResult")
        self.test_result_style = self.test_result.styleSheet()
        self.detail.insertWidget(self.detail.count() - 1, self.test_result)
        self.status_log = ServerStatusLog(self.mcp)
        self.status_log.show_server(self.current_id)
        self.detail.insertWidget(self.detail.count() - 1, self.status_log)
        self.sign_in_panel = ServerSignInPanel(self.mcp)
        self.sign_in_panel.show_server(self.current_id)
        self.status_log.timer.timeout.connect(self.sign_in_panel.refresh)
        self.sign_in_panel.finished.connect(self.status_log.refresh)
        self.detail.insertWidget(self.detail.count() - 1, self.sign_in_panel)
        preview = getattr(self.mcp, "preview_import", None)
        self.importer = ImportPreview(preview, self.entry_ids)
        self.importer.accepted.connect(self.add_imported)
        self.importer.hide()
        self.detail.insertWidget(self.detail.count() - 1, self.importer)
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
        return model_elements(McpServerConfig, MCP_SERVER)

    def secret_namespace(self, entry_id: str) -> str:
        return f"mcp_servers.{entry_id}"

    def read(self, entry_id: str) -> dict[str, Any]:
        server: McpServerConfig = self.dialog.draft_config.mcp_servers[entry_id]
        return server.model_dump(exclude_none=True)

    def write(self, entry_id: str, values: dict[str, Any]) -> dict[str, str]:
        if not values.get("command") and not values.get("url"):
            return {"command": "Give a command to start the server, or its URL."}
        server = self.dialog.draft_config.mcp_servers[entry_id]
        try:
            self.dialog.draft_config.mcp_servers[entry_id] = self.updated(server, values)
        except ValidationError as error:
            return {"command": validation_message(error)}
        return {}

    def create(self, entry_id: str) -> None:  # type: ignore[override]
        self.dialog.draft_config.mcp_servers[entry_id] = McpServerConfig(command="")

    def delete(self, entry_id: str) -> None:
        self.dialog.draft_config.mcp_servers.pop(entry_id, None)

    def _show(self, entry_id: str | None) -> None:
        super()._show(entry_id)
        if hasattr(self, "test_button"):  # built after the first form (see __init__)
            # A server's test result is not left beside the next one; nothing to test: no button.
            self.test_button.setVisible(entry_id is not None)
            testing = getattr(self, "test_task", None)
            if testing is None or testing.done():
                self.test_result.setStyleSheet(self.test_result_style)
                self.test_result.setText(self.test_unavailable)
        if entry_id is None:
            self.form_built()

    def form_built(self) -> None:
        if self.status_log is not None:
            self.status_log.show_server(self.current_id)
        if self.sign_in_panel is not None:
            self.sign_in_panel.show_server(self.current_id)

    # -- import
    def show_import(self) -> None:
        self.importer.setVisible(not self.importer.isVisible())

    def import_json(self, text: str) -> tuple[list[str], str | None]:
        """Preview and add the servers of another app's MCP file; ([names], problem)."""
        if self.store_current():
            return [], f"Fix the highlighted fields of “{self.current_id}” first."
        self.importer.box.setPlainText(text)
        outcome = self.importer.show_preview()
        if not self.importer.pending:
            problem = outcome.get("error") or self.importer.message.text()
            return [], str(problem or "Nothing to import.")
        names = list(self.importer.pending)
        self.importer.add_button.click()
        return names, None

    def add_imported(self, servers: dict[str, Any]) -> None:
        if self.store_current():
            self.importer.pending = servers
            self.importer.message.setText(
                self.tr("Fix the highlighted fields of “{current_id}” first.").format(
                    current_id=self.current_id
                )
            )
            return
        for name, settings in servers.items():
            self.dialog.draft_config.mcp_servers[name] = McpServerConfig.model_validate(settings)
        self.current_id = None
        self.reload_list(select=next(iter(servers)))

    # -- test
    def start_test(self) -> None:
        if self.store_current() or self.current_id is None or self.mcp is None:
            return
        server = self.dialog.draft_config.mcp_servers[self.current_id]
        self.test_result.setText(self.tr("Connecting…"))
        self.test_button.setEnabled(False)
        self.test_task = asyncio.ensure_future(
            self.run_test(
                self.current_id,
                server.model_dump(exclude_none=True),
                dict(self.dialog.pending_secrets),
            )
        )

    async def run_test(
        self, name: str, server: dict[str, Any], typed_secrets: dict[str, str | None]
    ) -> str:
        try:
            # Values just typed (a token ticked Secret) are tried before they are stored; the
            # stored ones are read in a worker, as the keyring may keep the reading waiting.
            resolved = await asyncio.to_thread(
                self.dialog.app.configuration.resolve_unsaved, server, typed_secrets
            )
            outcome = self.mcp.test_server({"name": name, **resolved})
            if asyncio.iscoroutine(outcome) or isinstance(outcome, asyncio.Future):
                outcome = await outcome
            text, ok = self.describe_test(outcome)
        except ConfigError as error:  # a reference that cannot be resolved says which
            text, ok = f"Could not connect: {error}", False
        except Exception as error:  # noqa: BLE001 - the server's failure, shown beside the button
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
                reason = (
                    outcome.get("error")
                    or outcome.get("message")
                    or QCoreApplication.translate("McpServersPage", "no reason given")
                )
                tail = str(outcome.get("stderr_tail") or "").strip()
                said = QCoreApplication.translate(
                    "McpServersPage", "Could not connect: {reason}"
                ).format(reason=reason)
                # The plugin's reason may already end with the server's last stderr lines.
                shown_already = not tail or tail in str(reason)
                return said + ("" if shown_already else f"\n\n{tail}"), False
            tools = outcome.get("tools")
            if isinstance(tools, list):
                names = [
                    str(tool.get("name", tool)) if isinstance(tool, Mapping) else str(tool)
                    for tool in tools
                ]
                return (
                    McpServersPage.tr("Connected: %n tool(s) ({tools}).", "", len(names)).format(  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
                        tools=", ".join(names[:8])
                    ),
                    True,
                )
            return str(
                outcome.get("message") or QCoreApplication.translate("McpServersPage", "Connected.")
            ), True
        return (
            str(outcome) if outcome else QCoreApplication.translate("McpServersPage", "Connected.")
        ), bool(outcome is None or outcome)
