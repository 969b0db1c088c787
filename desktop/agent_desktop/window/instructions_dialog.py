"""Session → Chat instructions…: what this chat tells the model first, in place of the agent's."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class InstructionsDialog(QDialog):
    """Edit a chat's instructions; `saved(text)` carries them ("" means the agent's apply)."""

    saved = Signal(str)

    def __init__(self, parent: QWidget | None, current: str, agent_instructions: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Chat instructions"))
        self.setAccessibleName(self.tr("Chat instructions"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "The model reads these before every message of this chat. They replace the "
                "agent's instructions for this chat only."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.editor = QPlainTextEdit(current)
        self.editor.setAccessibleName(self.tr("Instructions for this chat"))
        self.editor.setPlaceholderText(
            self.tr("Empty: this chat uses its agent's instructions:\n\n{instructions}").format(
                instructions=agent_instructions
            )
            if agent_instructions
            else self.tr("Empty: this chat uses its agent's instructions (it has none).")
        )
        layout.addWidget(self.editor, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        use_agent = QPushButton(self.tr("Use the agent's"))
        use_agent.setToolTip(self.tr("Remove this chat's own instructions"))
        use_agent.clicked.connect(self.editor.clear)
        buttons.addButton(use_agent, QDialogButtonBox.ButtonRole.ResetRole)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 360)

    def _save(self) -> None:
        self.saved.emit(self.editor.toPlainText().strip())
        self.accept()
