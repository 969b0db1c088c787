"""The sidebar's agent servers: "Connect to an agent server…" and each server's chats.

`ConnectServerDialog` only collects the address and the token and shows what went wrong;
`RemoteServerSection` lists one server's chats under its name. Reaching the server is done by
the window's `RemoteChats` (they never touch the network themselves).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from agent_desktop.toolkit.icons import ui_icon

SESSION_ID_ROLE = 256  # Qt.ItemDataRole.UserRole, without the `Qt` enums at import


class ConnectServerDialog(QDialog):
    """The address and access token of an agent server (`agent-desktop serve` prints both)."""

    connect_requested = Signal(str, str)  # url, token
    start_local_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Connect to an agent server"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "Chat with an agent that runs on another computer or without a window. Start "
                "it there with 'agent-desktop serve' and type what it printed."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("http://127.0.0.1:8765")
        self.url_edit.setAccessibleName(self.tr("Server address"))
        form.addRow(self.tr("Address"), self.url_edit)
        self.token_edit = QLineEdit()
        self.token_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.token_edit.setAccessibleName(self.tr("Access token"))
        form.addRow(self.tr("Access token"), self.token_edit)
        layout.addLayout(form)
        self.problem = QLabel()
        self.problem.setObjectName("formProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        layout.addWidget(self.problem)
        self.start_local_button = QPushButton(self.tr("Start an agent server on this computer…"))
        self.start_local_button.clicked.connect(self.start_local_requested)
        layout.addWidget(self.start_local_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.connect_button = buttons.addButton(
            self.tr("Connect"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        buttons.rejected.connect(self.reject)
        self.connect_button.clicked.connect(self._ask)
        layout.addWidget(buttons)

    def _ask(self) -> None:
        self.problem.hide()
        self.connect_button.setEnabled(False)
        self.connect_requested.emit(self.url_edit.text(), self.token_edit.text())

    def confirm_certificate(self, fingerprint: str) -> None:
        """Show the fingerprint of the certificate the server presented, to compare with the
        one `agent-desktop serve` printed before trusting it."""
        self.problem.setText(
            self.tr(
                "The server's certificate fingerprint (SHA-256) is {fingerprint}. Check that it "
                "is the one 'agent-desktop serve' printed, then press Connect to trust it."
            ).format(fingerprint=fingerprint)
        )
        self.problem.show()
        self.connect_button.setEnabled(True)

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()
        self.connect_button.setEnabled(True)


class RemoteServerSection(QWidget):
    """One connected server: its name, its chats (newest first) and a new chat on it."""

    chat_selected = Signal(str)  # session id
    new_chat_requested = Signal()
    settings_requested = Signal()

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("remoteServerSection")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        # The server's name on a line of its own, its buttons below: a long address never
        # widens the sidebar.
        self.title = QLabel(self.tr("Agent server {server}").format(server=label))
        self.title.setObjectName("sidebarSectionTitle")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        buttons = QHBoxLayout()
        self.new_button = QPushButton(self.tr("New chat on {server}").format(server=label))
        self.new_button.clicked.connect(self.new_chat_requested)
        buttons.addWidget(self.new_button)
        self.settings_button = QToolButton()
        self.settings_button.setIcon(ui_icon("settings"))
        self.settings_button.setAccessibleName(
            self.tr("Settings of the agent server {server}").format(server=label)
        )
        self.settings_button.setToolTip(self.settings_button.accessibleName())
        self.settings_button.clicked.connect(self.settings_requested)
        buttons.addWidget(self.settings_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Chats on {server}").format(server=label))
        self.list.itemClicked.connect(self._on_clicked)
        self.list.itemActivated.connect(self._on_clicked)
        layout.addWidget(self.list)

    def show_chats(self, sessions: list[dict[str, Any]]) -> None:
        self.list.clear()
        for session in sessions:
            title = str(session.get("title") or "") or self.tr("Untitled chat")
            item = QListWidgetItem(title)
            item.setData(SESSION_ID_ROLE, session.get("session_id"))
            self.list.addItem(item)

    def _on_clicked(self, item: QListWidgetItem) -> None:
        self.chat_selected.emit(str(item.data(SESSION_ID_ROLE)))
