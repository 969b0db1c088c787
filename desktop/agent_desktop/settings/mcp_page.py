"""The MCP servers page: one place for every MCP server, its test and its import."""

from __future__ import annotations

import asyncio
import json
import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QPlainTextEdit,
    QPushButton,
)

from agent_desktop.settings.collection import CollectionPage
from agent_desktop.settings.common import (
    note,
    validation_message,
)
from agent_desktop.theme import current_palette

if TYPE_CHECKING:
    from agent_desktop.settings_dialog import SettingsDialog


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
        self.test_result = note(unavailable)
        self.test_result.setObjectName("mcpTestResult")
        self.detail.insertWidget(self.detail.count() - 1, self.test_result)
        self.import_box = QPlainTextEdit()
        self.import_box.setPlaceholderText('{"mcpServers": {"time": {"command": "uvx", ...}}}')
        self.import_box.setFixedHeight(110)
        self.import_apply = QPushButton("Add these servers")
        self.import_apply.clicked.connect(self.import_from_box)
        self.import_message = note("")
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
