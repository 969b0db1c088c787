"""First run: offer a detected local server, or set up an API key (kept in the keyring).

Shown instead of an empty chat when no provider is configured. The pane only collects choices;
`first_run.apply_local_server` / `first_run.apply_api_key` write the configuration through the
application.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.first_run import PROVIDER_KINDS


class WelcomePane(QWidget):
    """Emits `local_server_chosen(dict)` or `api_key_entered(kind_index, key, base_url, model)`."""

    local_server_chosen = Signal(dict)
    api_key_entered = Signal(int, str, str, str)
    detect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePane")
        self.setAccessibleName("Welcome and setup")
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        card = QFrame()
        card.setObjectName("welcomeCard")
        card.setMaximumWidth(560)
        layout = QVBoxLayout(card)
        layout.setContentsMargins(28, 24, 28, 24)
        layout.setSpacing(10)
        title = QLabel("Welcome to Agent Desktop")
        title.setObjectName("welcomeTitle")
        layout.addWidget(title)
        intro = QLabel(
            "Connect a model to start chatting. A local server needs no key; a cloud "
            "provider's key is stored in your system keyring, never in a file."
        )
        intro.setWordWrap(True)
        intro.setObjectName("mutedLabel")
        layout.addWidget(intro)

        layout.addSpacing(6)
        layout.addWidget(self._section("Local servers on this computer"))
        self.servers = QListWidget()
        self.servers.setObjectName("localServers")
        self.servers.setAccessibleName("Detected local servers")
        self.servers.setMaximumHeight(96)
        layout.addWidget(self.servers)
        server_buttons = QHBoxLayout()
        self.detect_status = QLabel("Looking for local servers…")
        self.detect_status.setObjectName("mutedLabel")
        self.detect_status.setWordWrap(True)
        server_buttons.addWidget(self.detect_status, 1)
        self.rescan_button = QPushButton("Scan again")
        self.rescan_button.setAccessibleName("Scan again for local servers")
        self.rescan_button.clicked.connect(self.detect_requested)
        self.use_server_button = QPushButton("Use this server")
        self.use_server_button.setObjectName("approveButton")
        self.use_server_button.setAccessibleName("Use the selected local server")
        self.use_server_button.setEnabled(False)
        self.use_server_button.clicked.connect(self._use_server)
        server_buttons.addWidget(self.rescan_button)
        server_buttons.addWidget(self.use_server_button)
        layout.addLayout(server_buttons)
        self.servers.currentItemChanged.connect(
            lambda item, _old: self.use_server_button.setEnabled(item is not None)
        )

        layout.addSpacing(10)
        layout.addWidget(self._section("Or use an API key"))
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Provider")
        for label, *_rest in PROVIDER_KINDS:
            self.kind.addItem(label)
        self.base_url = QLineEdit()
        self.base_url.setAccessibleName("Server address")
        self.model = QLineEdit()
        self.model.setAccessibleName("Model")
        self.api_key = QLineEdit()
        self.api_key.setAccessibleName("API key")
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText("sk-…")
        form.addRow("Provider", self.kind)
        form.addRow("Server address", self.base_url)
        form.addRow("Model", self.model)
        form.addRow("API key", self.api_key)
        layout.addLayout(form)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed(0)
        self.key_message = QLabel()
        self.key_message.setObjectName("composerMessage")
        self.key_message.setWordWrap(True)
        self.key_message.setVisible(False)
        layout.addWidget(self.key_message)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        self.save_key_button = QPushButton("Save and start")
        self.save_key_button.setObjectName("sendButton")
        self.save_key_button.setAccessibleName("Save the API key and start")
        self.save_key_button.clicked.connect(self._save_key)
        save_row.addWidget(self.save_key_button)
        layout.addLayout(save_row)

        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(card, 10)
        row.addStretch(1)
        outer.addLayout(row)
        outer.addStretch(2)

    @staticmethod
    def _section(text: str) -> QLabel:
        label = QLabel(text)
        font = label.font()
        font.setBold(True)
        label.setFont(font)
        return label

    def _kind_changed(self, index: int) -> None:
        _label, _name, url, model = PROVIDER_KINDS[index]
        self.base_url.setText(url)
        self.base_url.setPlaceholderText("http://localhost:8000/v1")
        self.model.setText(model)

    def set_detecting(self) -> None:
        self.detect_status.setText("Looking for local servers…")
        self.rescan_button.setEnabled(False)

    def set_servers(self, servers: list[dict[str, Any]], problem: str | None = None) -> None:
        self.servers.clear()
        for server in servers:
            models = server.get("models") or []
            name = server.get("name") or server.get("label") or "Server"
            text = f"{name} — {server.get('base_url', '')}"
            if models:
                text += f"  ({len(models)} models)"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, server)
            self.servers.addItem(item)
        if servers:
            self.servers.setCurrentRow(0)
        self.rescan_button.setEnabled(True)
        if problem:
            self.detect_status.setText(problem)
        else:
            self.detect_status.setText(
                f"Found {len(servers)}."
                if servers
                else "None found (Ollama, LM Studio, llama.cpp, vLLM)."
            )

    def _use_server(self) -> None:
        item = self.servers.currentItem()
        if item is not None:
            self.local_server_chosen.emit(dict(item.data(Qt.ItemDataRole.UserRole)))

    def _save_key(self) -> None:
        key = self.api_key.text().strip()
        if not key:
            self.show_key_problem("Enter the API key first.")
            return
        if self.kind.currentIndex() == 2 and not self.base_url.text().strip():
            self.show_key_problem("Enter the server address, for example http://localhost:8000/v1.")
            return
        self.key_message.setVisible(False)
        self.api_key_entered.emit(
            self.kind.currentIndex(), key, self.base_url.text().strip(), self.model.text().strip()
        )

    def show_key_problem(self, text: str) -> None:
        self.key_message.setText(text)
        self.key_message.setVisible(True)
