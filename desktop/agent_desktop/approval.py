"""The inline approval prompt shown inside a tool row, and the async handler that awaits it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QLineEdit, QPushButton, QVBoxLayout

from agent_desktop.flow_layout import FlowLayout

DECISIONS = (
    ("allow_once", "Allow once", "Run this call once"),
    ("allow_session", "Allow for this session", "Run this tool without asking until the app quits"),
    ("allow_always", "Always allow", "Never ask again for this tool (revocable in Settings)"),
    ("deny", "Deny", "Do not run it; the model is told why"),
)


class ApprovalPrompt(QFrame):
    """Allow once / for this session / always / deny (with an optional reason)."""

    decided = Signal(dict)

    def __init__(self, tool_name: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("approvalPrompt")
        self.setAccessibleName(f"Approve tool {tool_name}")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        layout.setSpacing(6)
        question = QLabel(f"<b>{tool_name}</b> wants to run. Allow it?")
        question.setObjectName("approvalQuestion")
        layout.addWidget(question)
        # The buttons wrap instead of shrinking (a narrow window clipped their labels), and the
        # reason gets a line of its own.
        row = FlowLayout(spacing=6)
        self.buttons: dict[str, QPushButton] = {}
        for decision, label, tip in DECISIONS:
            button = QPushButton(label)
            button.setObjectName("denyButton" if decision == "deny" else "approveButton")
            button.setToolTip(tip)
            button.setAccessibleName(f"{label}: {tool_name}")
            button.setAutoDefault(True)
            button.clicked.connect(lambda _=False, d=decision: self._decide(d))
            row.addWidget(button)
            self.buttons[decision] = button
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Reason for denying (optional)")
        self.reason.setAccessibleName("Reason for denying")
        self.reason.returnPressed.connect(lambda: self._decide("deny"))
        layout.addLayout(row)
        layout.addWidget(self.reason)
        question.setBuddy(self.buttons["allow_once"])
        self.setFocusProxy(self.buttons["allow_once"])

    def _decide(self, decision: str) -> None:
        reason = self.reason.text().strip() if decision == "deny" else ""
        self.setEnabled(False)
        self.decided.emit({"decision": decision, "reason": reason or None})
