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

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.toolkit.flow_layout import FlowLayout
from agent_desktop.toolkit.shortcuts import APPROVAL_SHORTCUT

#: The answers, with their buttons' words (translated when the prompt is built).
DECISIONS = (
    (
        "allow_once",
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Allow once"),
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Run this call once"),
    ),
    (
        "allow_session",
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Allow for this session"),
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Run this tool without asking until the app quits"),
    ),
    (
        "allow_always",
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Always allow"),
        QT_TRANSLATE_NOOP(
            "ApprovalPrompt", "Never ask again for this tool (revocable in Settings)"
        ),
    ),
    (
        "deny",
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Deny"),
        QT_TRANSLATE_NOOP("ApprovalPrompt", "Do not run it; the model is told why"),
    ),
)


def warnings_for(details: dict[str, Any]) -> list[tuple[str, bool]]:
    """The plain-words warnings the prompt shows for one approval request, each with whether
    it warns of harm (drawn as a danger)."""
    warnings = []
    runs_on = details.get("runs_on")
    if runs_on:  # a chat on an agent server: the tool runs there, with the server's access
        warnings.append(
            (
                QCoreApplication.translate(
                    "ApprovalPrompt", "It runs on the agent server {server}, not on this computer."
                ).format(server=runs_on),
                False,
            )
        )
    if details.get("changed_since_approval"):
        warnings.append(
            (
                QCoreApplication.translate(
                    "ApprovalPrompt",
                    "Its definition changed since you approved it: check what it does now.",
                ),
                True,
            )
        )
    if details.get("destructive"):
        warnings.append(
            (
                QCoreApplication.translate("ApprovalPrompt", "It may delete or overwrite things."),
                True,
            )
        )
    if details.get("open_world"):
        warnings.append(
            (
                QCoreApplication.translate(
                    "ApprovalPrompt", "It reaches outside this computer (network)."
                ),
                False,
            )
        )
    description = " ".join(str(details.get("tool_description") or "").split())
    if description:
        cut = description if len(description) <= 240 else description[:239] + "…"
        warnings.append(
            (
                QCoreApplication.translate(
                    "ApprovalPrompt", "It describes itself as: “{description}”"
                ).format(description=cut),
                False,
            )
        )
    server = details.get("mcp_server")
    if server:
        warnings.append(
            (
                QCoreApplication.translate(
                    "ApprovalPrompt",
                    "From the MCP server “{server}”: its description and hints are the "
                    "server's claims.",
                ).format(server=server),
                False,
            )
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
        self.details = details
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
            self.tr(
                "<b>{tool_name}</b> wants to run. Allow it? "
                "<span style='opacity:0.7'>({shortcut} to get here)</span>"
            ).format(tool_name=_escape(tool_name), shortcut=APPROVAL_SHORTCUT)
        )
        question.setObjectName("approvalQuestion")
        layout.addWidget(question)
        self.warnings = []
        for text, danger in warnings_for(details):
            warning = QLabel("⚠ " + text)
            self.warnings.append(warning)
            warning.setTextFormat(Qt.TextFormat.PlainText)  # a server's words are never markup
            warning.setObjectName("approvalDanger" if danger else "approvalNote")
            warning.setWordWrap(True)
            layout.addWidget(warning)
        # The buttons wrap instead of shrinking (a narrow window clipped their labels), and the
        # reason gets a line of its own.
        row = FlowLayout(spacing=6)
        self.buttons: dict[str, QPushButton] = {}
        choices = [(decision, self.tr(label), self.tr(tip)) for decision, label, tip in DECISIONS]
        rule = details.get("suggested_rule")
        if isinstance(rule, dict) and rule.get("label"):
            choices.insert(
                2,
                (
                    "allow_rule",
                    self.tr("Always allow {rule}").format(rule=shown_rule(rule)),
                    self.tr(
                        "Run this tool without asking for calls like this one (revocable in "
                        "Settings → Tools)"
                    ),
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

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate_composed_words()
        super().changeEvent(event)

    def _retranslate_composed_words(self) -> None:
        """The warnings and the rule's button put one translated text into another (the
        server's claim into a sentence, a rule into "Always allow …"): they are written anew
        in the language now installed; the plain labels follow the catalogue by themselves."""
        for warning, (text, _danger) in zip(self.warnings, warnings_for(self.details), strict=True):
            warning.setText("⚠ " + text)
        rule = self.details.get("suggested_rule")
        if "allow_rule" in self.buttons and isinstance(rule, dict):
            self.buttons["allow_rule"].setText(
                self.tr("Always allow {rule}").format(rule=shown_rule(rule))
            )

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


def shown_rule(rule: dict[str, Any]) -> str:
    """A rule's words (`label`, from `label_template` with its `value`) in the window's language."""
    template = rule.get("label_template")
    if not isinstance(template, str):
        return str(rule["label"])
    return QCoreApplication.translate("ToolRule", template).format(value=rule.get("value", ""))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class PromptLayer(QWidget):
    """Where a chat view's approval prompts live: a see-through widget laid exactly over the
    view's viewport, beside the view in its parent rather than inside it.

    Why: a list view tells assistive technology about its rows only, so prompts placed in its
    viewport were missing from the accessibility tree: a screen reader could not reach
    "Allow once" (tests/journeys/test_screen_reader.py). Prompts keep viewport coordinates (the
    layer has the viewport's geometry) and are clipped to it; the layer's mask is the prompts,
    so clicks everywhere else reach the chat below."""

    def __init__(self, view: QAbstractScrollArea) -> None:
        super().__init__(view.parentWidget() or view)
        self._view = view
        self.setAccessibleName(self.tr("Approval prompts"))

    def follow(self) -> None:
        """Cover the view's viewport and let only the shown prompts take clicks."""
        viewport = self._view.viewport()
        parent = self.parentWidget()
        corner = viewport.pos()  # a view without a parent holds the layer itself
        if parent is not None and parent is not self._view:
            corner = viewport.mapTo(parent, QPoint(0, 0))
        self.setGeometry(QRect(corner, viewport.size()))
        shown = QRegion()
        for prompt in self.findChildren(
            ApprovalPrompt, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            if prompt.isVisibleTo(self):
                shown += prompt.geometry()
        # An empty mask means no mask at all (the whole layer): hide the layer instead.
        self.setVisible(not shown.isEmpty())
        if not shown.isEmpty():
            self.setMask(shown)
            self.raise_()
