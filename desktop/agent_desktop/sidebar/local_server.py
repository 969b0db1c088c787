"""Starting an agent server on this computer: where it listens, and its token shown once.

`StartServerDialog` collects the address and whether the server outlives the app, and shows
the server's refusal; `ServerTokenDialog` shows the token the server made, once, with Copy.
Starting the server is done by the window's `RemoteChats`.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.serve.cli import DEFAULT_BIND


class StartServerDialog(QDialog):
    """The address the new server listens on (loopback unless the user types otherwise)."""

    start_requested = Signal(str, bool)  # HOST:PORT, keep running after the app quits

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Start an agent server on this computer"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "The agent runs in a server of its own, without a window, with its own data "
                "folder. Only this computer can reach it on 127.0.0.1; another address needs "
                "TLS, as the server will tell you."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.bind_edit = QLineEdit(DEFAULT_BIND)
        self.bind_edit.setAccessibleName(self.tr("Address to listen on"))
        form.addRow(self.tr("Listen on"), self.bind_edit)
        layout.addLayout(form)
        self.keep_running = QCheckBox(self.tr("Keep running after the app quits"))
        layout.addWidget(self.keep_running)
        self.problem = QLabel()
        self.problem.setObjectName("formProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        layout.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start_button = buttons.addButton(
            self.tr("Start"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        buttons.rejected.connect(self.reject)
        self.start_button.clicked.connect(self._ask)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)

    def _ask(self) -> None:
        self.problem.setText(self.tr("Starting the agent server…"))
        self.problem.show()
        self.start_button.setEnabled(False)
        self.start_requested.emit(self.bind_edit.text().strip(), self.keep_running.isChecked())

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()
        self.start_button.setEnabled(True)
        self.adjustSize()  # the server's refusal can be long: every line of it shows


class ServerTokenDialog(QDialog):
    """The access token a new server made: shown this once, with a button that copies it."""

    def __init__(self, url: str, token: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Access token of the agent server"))
        layout = QVBoxLayout(self)
        explanation = QLabel(
            self.tr(
                "The agent server at {url} is running. Every request to it carries this "
                "token. Copy it now to connect from another app or computer: it will not be "
                "shown again. This app keeps it and connects by itself. To revoke it, use "
                "'Revoke the access token' in the server's settings, or run "
                "'agent-desktop serve --revoke-token'."
            ).format(url=url)
        )
        explanation.setWordWrap(True)
        layout.addWidget(explanation)
        row = QHBoxLayout()
        self.token_field = QLineEdit(token)
        self.token_field.setReadOnly(True)
        self.token_field.setAccessibleName(self.tr("Access token"))
        row.addWidget(self.token_field, 1)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setAccessibleName(self.tr("Copy the access token"))
        self.copy_button.clicked.connect(self._copy)
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.token_field.text())
        self.copy_button.setText(self.tr("Copied"))

    def done(self, result: int) -> None:
        # The token leaves the widget with the dialog: it is not shown again.
        self.token_field.clear()
        super().done(result)
