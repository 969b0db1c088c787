"""Panels the MCP servers page embeds: a server's live status and log, and the import preview.

Each talks to the MCP plugin instance only through its public methods (`server_status`,
`server_log`, `preview_import`), so the page that holds them can change shape freely.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.tool_servers import FAILED_STATES, failure_reason
from agent_desktop.settings.common import entry_id_from, note
from agent_desktop.toolkit.file_dialog_folders import open_in_remembered_folder
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread
from agent_desktop.toolkit.theme import current_palette
from agent_desktop.toolkit.timers import SelfStoppingTimer

LOG_REFRESH_MS = 1000

STATE_WORDS = {
    "running": "Running",
    "starting": "Starting…",
    "stopped": "Not started yet",
    "failed": "Failed",
    "exited": "Exited (restarting after a pause)",
    "invalid": "Settings cannot be used",
}


def describe_status(status: Mapping[str, Any] | None) -> str:
    """One or two lines for a server's status dict (state, tools, error)."""
    if not status:
        return "Not started yet (saved servers start when the settings are applied)."
    state = str(status.get("state") or "")
    words = STATE_WORDS.get(state, state.title() or "Unknown")
    tools = status.get("tools") or []
    if state == "running":
        words += " · " + ServerStatusLog.tr("%n tool(s)", "", len(tools))  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
        hidden = status.get("hidden_tools") or {}
        for name, why in hidden.items():
            words += f"\n{name} is hidden from the model: {why}."
    if state in FAILED_STATES:
        reason, said = failure_reason(status)
        if said:  # what the server itself said last is most often why (a missing token)
            return QCoreApplication.translate(
                "ServerStatusLog", "{state}: {reason} (stderr: {said})"
            ).format(state=words, reason=reason, said=said)
        return f"{words}: {reason}"
    last_failure = status.get("last_failure")
    if state == "starting" and isinstance(last_failure, Mapping):  # started again after failing
        reason, said = failure_reason(last_failure)
        return QCoreApplication.translate(
            "ServerStatusLog", "{state} It failed before: {reason} (stderr: {said})"
        ).format(state=words, reason=reason, said=said or "—")
    error = str(status.get("error") or "").strip()
    return f"{words}\n{error.splitlines()[0]}" if error and state != "running" else words


class ServerStatusLog(QWidget):
    """The chosen server's live status line and its log (stderr, log messages, restarts)."""

    def __init__(self, plugin: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plugin = plugin
        self.server: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.status = note("")
        self.status.setAccessibleName(self.tr("MCP server status"))
        self.toggle = QPushButton(self.tr("Show log"))
        self.toggle.setCheckable(True)
        self.toggle.toggled.connect(self._toggled)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.toggle)
        layout.addLayout(row)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setAccessibleName(self.tr("MCP server log"))
        self.log.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.log.setPlaceholderText(self.tr("Nothing logged yet."))
        self.log.setMinimumHeight(160)
        self.log.hide()
        layout.addWidget(self.log)
        self.timer = SelfStoppingTimer(self.refresh, LOG_REFRESH_MS, self)
        self.setVisible(plugin is not None)

    def show_server(self, name: str | None) -> None:
        self.server = name
        self.setVisible(self.plugin is not None and name is not None)
        self.refresh()

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self.plugin is not None:
            self.timer.start()  # live status and log while the page is on screen
        self.refresh()

    def hideEvent(self, event: Any) -> None:
        super().hideEvent(event)
        self.timer.stop()

    def _toggled(self, shown: bool) -> None:
        self.log.setVisible(shown)
        self.toggle.setText(self.tr("Hide log") if shown else self.tr("Show log"))
        self.refresh()

    def refresh(self) -> None:
        if self.plugin is None or self.server is None:
            return
        statuses = {status.get("name"): status for status in self.plugin.server_status()}
        self.status.setText(describe_status(statuses.get(self.server)))
        if self.log.isVisible():
            text = self.plugin.server_log(self.server)
            if text != self.log.toPlainText():
                self.log.setPlainText(text)
                bar = self.log.verticalScrollBar()
                bar.setValue(bar.maximum())


class ImportPreview(QWidget):
    """Paste another app's MCP server list, see what would be added, then add it."""

    accepted = Signal(dict)  # {name: settings in the mcp_servers shape}

    def __init__(
        self,
        preview: Callable[[str], dict[str, Any]] | None,
        existing: Callable[[], list[str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.preview_import = preview
        self.existing = existing
        self.pending: dict[str, Any] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.box = QPlainTextEdit()
        self.box.setAccessibleName(self.tr("Server list to import"))
        self.box.setPlaceholderText(
            self.tr(
                '{"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}\n'
                "Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files "
                "work."
            )
        )
        self.box.setFixedHeight(110)
        self.box.textChanged.connect(self._forget_preview)
        self.preview_button = QPushButton(self.tr("Preview"))
        self.preview_button.clicked.connect(self.show_preview)
        self.file_button = QPushButton(self.tr("From a file…"))
        self.file_button.setToolTip(self.tr("Read another app's MCP configuration file"))
        self.file_button.clicked.connect(self.choose_file)
        self.add_button = QPushButton(self.tr("Add these servers"))
        self.add_button.setEnabled(False)
        self.add_button.clicked.connect(self._add)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setAccessibleName(self.tr("Import preview"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.file_button)
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        layout.addWidget(self.box)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        if preview is None:
            self.preview_button.setEnabled(False)
            self._say("Importing needs the MCP tools plugin, which is not loaded.", error=True)

    def _say(self, text: str, *, error: bool = False) -> None:
        palette = current_palette()
        self.message.setStyleSheet(f"color: {palette.error if error else palette.text};")
        self.message.setText(text)

    def choose_file(self) -> QFileDialog:
        """Pick another app's MCP file (e.g. claude_desktop_config.json); it is read and
        previewed like pasted text."""
        dialog = QFileDialog(self, self.tr("Import MCP servers from a file"))
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setNameFilters([self.tr("JSON files (*.json)"), self.tr("All files (*)")])
        open_in_remembered_folder(dialog, "import")
        dialog.fileSelected.connect(self.load_file)
        dialog.open()
        return dialog

    def load_file(self, path: str) -> None:
        """Read `path` off the GUI thread (it may sit on a slow drive), then preview it."""
        run_off_gui_thread(self, partial(_read_config_file, Path(path)), self._file_read)

    def _file_read(self, read: tuple[str, str | None]) -> None:
        text, problem = read
        if problem is not None:
            self._say(problem, error=True)
            return
        self.box.setPlainText(text)
        self.show_preview()

    def _forget_preview(self) -> None:
        self.pending = {}
        self.add_button.setEnabled(False)
        self.add_button.setText(self.tr("Add these servers"))

    def show_preview(self) -> dict[str, Any]:
        """Read the pasted text and list what would be added (nothing is added yet)."""
        self._forget_preview()
        if self.preview_import is None:
            return {}
        outcome = self.preview_import(self.box.toPlainText())
        if outcome.get("error"):
            self._say(str(outcome["error"]), error=True)
            return outcome
        skipped: dict[str, str] = outcome.get("skipped") or {}
        known = set(self.existing())
        lines = [f"From “{outcome.get('source')}”:"]
        servers: dict[str, Any] = {}
        for named, settings in (outcome.get("servers") or {}).items():
            # The same ids as servers added by hand (no spaces or dots).
            name = entry_id_from(named) or "server"
            servers[name] = settings
            what = settings.get("url") or " ".join([settings["command"], *settings["args"]])
            notes = [] if settings.get("enabled", True) else ["off: disabled in the file"]
            if name != named:
                notes.append(f"“{named}” in the file")
            if name in known:
                notes.append("replaces the server of that name")
            extra = f" ({'; '.join(notes)})" if notes else ""
            lines.append(f"  + {name}: {what}{extra}")
        lines.extend(f"  – {name} is skipped: {why}" for name, why in skipped.items())
        if not servers:
            lines.append("Nothing can be added.")
        self._say("\n".join(lines), error=not servers)
        self.pending = servers
        self.add_button.setEnabled(bool(servers))
        self.add_button.setText(self.tr("Add %n server(s)", "", len(servers)))
        return outcome

    def _add(self) -> None:
        if self.pending:
            chosen, self.pending = self.pending, {}
            self.accepted.emit(chosen)
            self.box.clear()
            self._say(f"Added: {', '.join(chosen)}. Apply or OK saves them.")


MAX_CONFIG_FILE_BYTES = 1_000_000


def _read_config_file(path: Path) -> tuple[str, str | None]:
    """The file's text, or why it cannot be imported (in words naming the file)."""
    try:
        if path.stat().st_size > MAX_CONFIG_FILE_BYTES:
            return "", QCoreApplication.translate(
                "ImportPreview",
                "“{name}” is larger than an MCP configuration file can be (over 1 MB); choose "
                "the app's MCP settings file.",
            ).format(name=path.name)
        return path.read_text(encoding="utf-8"), None
    except (OSError, UnicodeDecodeError) as error:
        return "", QCoreApplication.translate(
            "ImportPreview",
            "Could not read “{name}”: {error}. Choose another file or paste its text.",
        ).format(name=path.name, error=error)
