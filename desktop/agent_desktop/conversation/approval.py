"""The inline approval prompt shown inside a tool row.

It never takes keyboard focus by itself: a user typing in the composer when it appears keeps
typing there (a Space must not press "Allow once"). The prompt is reached on purpose with the
"Go to approval" shortcut (`APPROVAL_SHORTCUT`) or the mouse. What the tool claims about itself
is shown: destructive and network tools say so, and so does a tool whose definition changed since
the user approved it. A call's text arguments can be edited before it is allowed ("Edit…"): the
tool then runs with what the user wrote (the model proposed, the user decides).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from agent_desktop.toolkit.flow_layout import FlowLayout
from agent_desktop.toolkit.shortcuts import APPROVAL_SHORTCUT

DECISIONS = (
    ("allow_once", "Allow once", "Run this call once"),
    ("allow_session", "Allow for this session", "Run this tool without asking until the app quits"),
    ("allow_always", "Always allow", "Never ask again for this tool (revocable in Settings)"),
    ("deny", "Deny", "Do not run it; the model is told why"),
)


def warnings_for(details: dict[str, Any]) -> list[str]:
    """The plain-words warnings the prompt shows for one approval request."""
    warnings = []
    runs_on = details.get("runs_on")
    if runs_on:  # a chat on an agent server: the tool runs there, with the server's access
        warnings.append(
            QCoreApplication.translate(
                "ApprovalPrompt", "It runs on the agent server {server}, not on this computer."
            ).format(server=runs_on)
        )
    if details.get("changed_since_approval"):
        warnings.append("Its definition changed since you approved it: check what it does now.")
    if details.get("destructive"):
        warnings.append("It may delete or overwrite things.")
    if details.get("open_world"):
        warnings.append("It reaches outside this computer (network).")
    description = " ".join(str(details.get("tool_description") or "").split())
    if description:
        cut = description if len(description) <= 240 else description[:239] + "…"
        warnings.append(f"It describes itself as: “{cut}”")
    server = details.get("mcp_server")
    if server:
        warnings.append(
            f"From the MCP server “{server}”: its description and hints are the server's claims."
        )
    return warnings


class ApprovalPrompt(QFrame):
    """Allow once / for this session / always / by rule / deny (with an optional reason)."""

    decided = Signal(dict)
    resized = Signal()  # the editor of the arguments was opened: the row needs more room

    def __init__(
        self, tool_name: str, parent: Any = None, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(parent)
        details = details or {}
        # Whether the keyboard was in the prompt when it was answered (the keyboard then goes
        # back to writing; a click leaves it where it was).
        self.held_keyboard = False
        self.setObjectName("approvalPrompt")
        self.setAccessibleName(self.tr("Approve tool {tool_name}").format(tool_name=tool_name))
        self.setProperty("destructive", bool(details.get("destructive")))
        # Focus only on purpose (Tab, click, the shortcut): never while the user types elsewhere.
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 10)
        layout.setSpacing(6)
        question = QLabel(
            f"<b>{_escape(tool_name)}</b> wants to run. Allow it? "
            f"<span style='opacity:0.7'>({APPROVAL_SHORTCUT} to get here)</span>"
        )
        question.setObjectName("approvalQuestion")
        layout.addWidget(question)
        self.warnings = [QLabel("⚠ " + text) for text in warnings_for(details)]
        for warning in self.warnings:
            warning.setTextFormat(Qt.TextFormat.PlainText)  # a server's words are never markup
            warning.setObjectName(
                "approvalDanger"
                if "delete" in warning.text() or "changed" in warning.text()
                else "approvalNote"
            )
            warning.setWordWrap(True)
            layout.addWidget(warning)
        # The buttons wrap instead of shrinking (a narrow window clipped their labels), and the
        # reason gets a line of its own.
        row = FlowLayout(spacing=6)
        self.buttons: dict[str, QPushButton] = {}
        choices = list(DECISIONS)
        rule = details.get("suggested_rule")
        if isinstance(rule, dict) and rule.get("label"):
            choices.insert(
                2,
                (
                    "allow_rule",
                    f"Always allow {rule['label']}",
                    "Run this tool without asking for calls like this one (revocable in "
                    "Settings → Tools)",
                ),
            )
        for decision, label, tip in choices:
            button = QPushButton(label)
            button.setObjectName("denyButton" if decision == "deny" else "approveButton")
            button.setToolTip(tip)
            button.setAccessibleName(
                self.tr("{label}: {tool_name}").format(label=label, tool_name=tool_name)
            )
            # Enter or Space presses the focused button (a QPushButton outside a dialog answers
            # Enter only when auto-default); it gets focus only on purpose (Tab, the shortcut).
            button.setAutoDefault(True)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(lambda _=False, d=decision: self._decide(d))
            row.addWidget(button)
            self.buttons[decision] = button
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(self.tr("Reason for denying (optional)"))
        self.reason.setAccessibleName(self.tr("Reason for denying"))
        self.reason.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.reason.returnPressed.connect(lambda: self._decide("deny"))
        layout.addLayout(row)
        layout.addWidget(self.reason)
        question.setBuddy(self.buttons["allow_once"])
        arguments = details.get("arguments")
        self.arguments: dict[str, Any] = dict(arguments) if isinstance(arguments, dict) else {}
        self.argument_edits: dict[str, QLineEdit] = {}
        if any(isinstance(value, str) for value in self.arguments.values()):
            self._offer_editing(tool_name, row, layout)

    def _offer_editing(self, tool_name: str, row: FlowLayout, layout: QVBoxLayout) -> None:
        edit = QPushButton(self.tr("Edit…"))
        edit.setObjectName("approveButton")
        edit.setToolTip(self.tr("Change what the call says before you allow it"))
        edit.setAccessibleName(self.tr("Edit before allowing: {tool}").format(tool=tool_name))
        edit.setAutoDefault(True)
        edit.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        row.addWidget(edit)
        self.buttons["edit"] = edit
        self.editor = QFrame()
        form = QFormLayout(self.editor)
        form.setContentsMargins(0, 0, 0, 0)
        for name, value in self.arguments.items():
            if not isinstance(value, str):
                continue  # only text is edited here; numbers, lists and objects run as written
            field = QLineEdit(value)
            field.setAccessibleName(self.tr("Argument {name}").format(name=name))
            field.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
            form.addRow(name, field)
            self.argument_edits[name] = field
        self.editor.hide()
        layout.addWidget(self.editor)
        edit.clicked.connect(self._open_editor)

    def _open_editor(self) -> None:
        self.editor.show()
        self.buttons["edit"].setEnabled(False)
        first = next(iter(self.argument_edits.values()))
        first.setFocus(Qt.FocusReason.OtherFocusReason)  # the user asked to type here
        self.resized.emit()

    def edited_arguments(self) -> dict[str, Any] | None:
        """The call's arguments with the user's edits, or None when nothing was changed."""
        edited = {name: field.text() for name, field in self.argument_edits.items()}
        if all(self.arguments.get(name) == text for name, text in edited.items()):
            return None
        return {**self.arguments, **edited}

    def take_focus(self) -> None:
        """Put the keyboard on the prompt (the user asked for it with the shortcut)."""
        self.buttons["deny"].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _decide(self, decision: str) -> None:
        reason = self.reason.text().strip() if decision == "deny" else ""
        # Read before disabling, which moves the keyboard out of the prompt.
        focused = QApplication.focusWidget()
        self.held_keyboard = focused is not None and self.isAncestorOf(focused)
        answer: dict[str, Any] = {"decision": decision, "reason": reason or None}
        edited = self.edited_arguments() if decision != "deny" else None
        if edited is not None:
            answer["arguments"] = edited
        self.setEnabled(False)
        self.decided.emit(answer)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
