"""First run: offer a detected local server, or set up an API key.

Where the key will be kept is said before it is typed: in the system keyring, or — when none is
usable — for this session only, with the other choices (unlock or install a keyring, or type
`${env:VARIABLE}` to read the key from the environment on every start).

Shown instead of an empty chat when no provider is configured. The pane only collects choices;
`first_run_flow` has the application write them (off the GUI thread; the pane says "Saving…"
and its buttons wait meanwhile).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
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

from agent_app.provider_presets import CLOUD_PRESETS, PRESET_WORDS
from agent_app.secrets import NO_KEYRING_CHOICES
from agent_desktop.toolkit.window_language import in_window_language


class WelcomePane(QWidget):
    """Emits `local_server_chosen(dict)` or
    `api_key_entered(preset_index, key, base_url, model, session_only)`."""

    local_server_chosen = Signal(dict)
    api_key_entered = Signal(int, str, str, str, bool)
    detect_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcomePane")
        self.setAccessibleName(self.tr("Welcome and setup"))
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        card = QFrame()
        card.setObjectName("welcomeCard")
        card.setMaximumWidth(560)
        layout = QVBoxLayout(card)
        layout.setContentsMargins(28, 24, 28, 24)
        layout.setSpacing(10)
        title = QLabel(self.tr("Welcome to Agent Desktop"))
        title.setObjectName("welcomeTitle")
        layout.addWidget(title)
        intro = QLabel(
            self.tr(
                "Connect a model to start chatting. A local server needs no key; a cloud "
                "provider's key is never written to a file."
            )
        )
        intro.setWordWrap(True)
        intro.setObjectName("mutedLabel")
        layout.addWidget(intro)

        layout.addSpacing(6)
        layout.addWidget(self._section(self.tr("Local servers on this computer")))
        self.servers = QListWidget()
        self.servers.setObjectName("localServers")
        self.servers.setAccessibleName(self.tr("Detected local servers"))
        self.servers.setMaximumHeight(96)
        layout.addWidget(self.servers)
        server_buttons = QHBoxLayout()
        self.detect_status = QLabel(self.tr("Looking for local servers…"))
        self.detect_status.setObjectName("mutedLabel")
        self.detect_status.setWordWrap(True)
        server_buttons.addWidget(self.detect_status, 1)
        self.rescan_button = QPushButton(self.tr("Scan again"))
        self.rescan_button.setAccessibleName(self.tr("Scan again for local servers"))
        self.rescan_button.clicked.connect(self.detect_requested)
        self.use_server_button = QPushButton(self.tr("Use this server"))
        self.use_server_button.setObjectName("approveButton")
        self.use_server_button.setAccessibleName(self.tr("Use the selected local server"))
        self.use_server_button.setEnabled(False)
        self.use_server_button.clicked.connect(self._use_server)
        server_buttons.addWidget(self.rescan_button)
        server_buttons.addWidget(self.use_server_button)
        layout.addLayout(server_buttons)
        self.servers.currentItemChanged.connect(
            lambda item, _old: self.use_server_button.setEnabled(item is not None)
        )

        layout.addSpacing(10)
        layout.addWidget(self._section(self.tr("Or use an API key")))
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.kind = QComboBox()
        self.kind.setAccessibleName(self.tr("Provider"))
        for preset in CLOUD_PRESETS:
            self.kind.addItem(QCoreApplication.translate(PRESET_WORDS, preset.title))
        self.base_url = QLineEdit()
        self.base_url.setAccessibleName(self.tr("Server address"))
        self.model = QLineEdit()
        self.model.setAccessibleName(self.tr("Model"))
        self.api_key = QLineEdit()
        self.api_key.setAccessibleName(self.tr("API key"))
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText(self.tr("sk-…  or  ${env:OPENAI_API_KEY}"))
        form.addRow(self.tr("Provider"), self.kind)
        form.addRow(self.tr("Server address"), self.base_url)
        form.addRow(self.tr("Model"), self.model)
        form.addRow(self.tr("API key"), self.api_key)
        layout.addLayout(form)
        self.key_storage = QLabel(self.tr("Checking where keys can be kept…"))
        self.key_storage.setObjectName("mutedLabel")
        self.key_storage.setAccessibleName(self.tr("Where the key is kept"))
        self.key_storage.setWordWrap(True)
        layout.addWidget(self.key_storage)
        self.session_only = QCheckBox(self.tr("Keep this key for this session only"))
        self.session_only.setAccessibleName(self.tr("Keep this key for this session only"))
        layout.addWidget(self.session_only)
        for field in (self.base_url, self.model, self.api_key):
            field.returnPressed.connect(self._save_key)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed(0)
        self.key_message = QLabel()
        self.key_message.setObjectName("composerMessage")
        self.key_message.setWordWrap(True)
        self.key_message.setVisible(False)
        layout.addWidget(self.key_message)
        save_row = QHBoxLayout()
        self.save_status = QLabel()
        self.save_status.setObjectName("mutedLabel")
        self.save_status.setAccessibleName(self.tr("Saving status"))
        self.save_status.setVisible(False)
        save_row.addWidget(self.save_status)
        save_row.addStretch(1)
        self.save_key_button = QPushButton(self.tr("Save and start"))
        self.save_key_button.setObjectName("sendButton")
        self.save_key_button.setAccessibleName(self.tr("Save the API key and start"))
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
        preset = CLOUD_PRESETS[index]
        self.base_url.setText(preset.base_url)
        self.base_url.setPlaceholderText(self.tr("http://localhost:8000/v1"))
        self.model.setText(preset.model)
        if preset.base_url:
            variable = preset.environment_variable or "API_KEY"
            self.api_key.setPlaceholderText(
                self.tr("sk-…  or  ${{env:{variable}}}").format(variable=variable)
            )
        else:  # a server of the user's own: most local servers take no key
            self.api_key.setPlaceholderText(self.tr("Optional: most local servers need none"))

    def set_key_storage(self, problem: str | None) -> None:
        """Say where a typed key will be kept: the keyring, or (with `problem`, one sentence
        saying why there is none) this session, with the other choices."""
        if problem is None:
            self.key_storage.setText(
                self.tr(
                    "The key is stored in the system keyring. Or type ${env:VARIABLE} to read it "
                    "from the environment instead."
                )
            )
            self.session_only.setEnabled(True)
            return
        self.key_storage.setText(
            in_window_language(problem)
            + " "
            + QCoreApplication.translate("Secrets", NO_KEYRING_CHOICES)
        )
        self.session_only.setChecked(True)
        self.session_only.setEnabled(False)

    def set_detecting(self) -> None:
        self.detect_status.setText(self.tr("Looking for local servers…"))
        self.rescan_button.setEnabled(False)

    def set_servers(self, servers: list[dict[str, Any]], problem: str | None = None) -> None:
        self.servers.clear()
        for server in servers:
            models = server.get("models") or []
            name = server.get("name") or server.get("label") or self.tr("Server")
            text = f"{name} — {server.get('base_url', '')}"
            if models:
                text += "  " + self.tr("(%n model(s))", "", len(models))
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
                self.tr("Found %n.", "", len(servers))
                if servers
                else self.tr("None found (Ollama, LM Studio, llama.cpp, vLLM).")
            )

    def _use_server(self) -> None:
        item = self.servers.currentItem()
        if item is not None:
            self.local_server_chosen.emit(dict(item.data(Qt.ItemDataRole.UserRole)))

    def _save_key(self) -> None:
        key = self.api_key.text().strip()
        own_server = not CLOUD_PRESETS[self.kind.currentIndex()].base_url
        if not key and not own_server:
            self.show_key_problem(self.tr("Enter the API key first."))
            return
        if own_server and not self.base_url.text().strip():
            self.show_key_problem(
                self.tr("Enter the server address, for example http://localhost:8000/v1.")
            )
            return
        if not self.model.text().strip():
            self.show_key_problem(
                self.tr(
                    "Enter a model in the Model field: a name the server lists, for example "
                    "gpt-4o-mini or llama3.1."
                )
            )
            return
        self.key_message.setVisible(False)
        self.api_key_entered.emit(
            self.kind.currentIndex(),
            key,
            self.base_url.text().strip(),
            self.model.text().strip(),
            self.session_only.isChecked(),
        )

    def set_saving(self, saving: bool) -> None:
        """While a choice is saved (the keyring may ask to be unlocked first): say so, and
        let neither button start another."""
        self.save_key_button.setEnabled(not saving)
        self.use_server_button.setEnabled(not saving and self.servers.currentItem() is not None)
        self.save_status.setText(self.tr("Saving…") if saving else "")
        self.save_status.setVisible(saving)

    def show_key_problem(self, text: str) -> None:
        self.key_message.setText(text)
        self.key_message.setVisible(True)
