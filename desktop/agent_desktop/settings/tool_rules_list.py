"""Settings → Tools: the argument rules the user made, and how far each MCP server is trusted.

`ToolRulesList` lists every rule ("shell: commands starting with “git status”") with a Revoke
button; revoking takes effect when the settings are saved (`kept`). `McpServerTrustList` offers, per
configured MCP server, whether its read-only hints may let a tool run without asking (off by
default: a server's annotations are its own claims).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from agent_app.settings import Settings
from agent_app.tool_trust import ToolRule
from agent_desktop.conversation.approval import shown_rule
from agent_desktop.forms.fields import build_form
from agent_desktop.settings.common import button_cell, note
from agent_desktop.settings.model_form import shown_words


class ToolRulesList(QWidget):
    """The argument rules with a Revoke button each."""

    def __init__(self, rules: list[ToolRule], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Argument rules"))
        self.revoked: set[str] = set()
        self._rules = list(rules)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(self.tr("Allowed by rule"))
        title.setStyleSheet("font-weight: 600;")
        layout.addWidget(title)
        self.table = QTreeWidget()
        self.table.setObjectName("ruleTable")
        self.table.setAccessibleName(self.tr("Allowed by rule"))
        self.table.setHeaderLabels([self.tr("Tool"), self.tr("Runs without asking for"), ""])
        self.table.setRootIsDecorated(False)
        self.table.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.header().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        self.empty = QLabel(
            self.tr(
                "No rules. Choose “Always allow …” in an approval prompt to allow one tool only "
                "for calls like that one (a command prefix, a folder, a web domain)."
            )
        )
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        self.refresh()

    def refresh(self) -> None:
        self.table.clear()
        shown = [rule for rule in self._rules if rule.rule_id not in self.revoked]
        for rule in shown:
            covered = shown_rule(
                {"label_template": rule.description_template(), "value": rule.value}
            )
            item = QTreeWidgetItem([rule.tool, covered])
            self.table.addTopLevelItem(item)
            revoke = QPushButton(self.tr("Revoke"))
            revoke.setObjectName(f"revoke-rule:{rule.rule_id}")
            revoke.setAccessibleName(
                self.tr("Revoke rule: {tool} {rule}").format(tool=rule.tool, rule=covered)
            )
            revoke.setToolTip(
                self.tr("Ask again before “{tool}” runs for {rule}").format(
                    tool=rule.tool, rule=covered
                )
            )
            revoke.clicked.connect(lambda _=False, rule_id=rule.rule_id: self.revoke(rule_id))
            self.table.setItemWidget(item, 2, button_cell(revoke))
        self.table.setVisible(bool(shown))
        self.empty.setVisible(not shown)

    def revoke(self, rule_id: str) -> None:
        self.revoked.add(rule_id)
        self.refresh()

    def kept(self, current: list[ToolRule]) -> list[ToolRule]:
        """`current` (rules may have been added while the dialog was open) minus the revoked."""
        return [rule for rule in current if rule.rule_id not in self.revoked]


class McpServerTrustList(QWidget):
    """One choice per configured MCP server, drawn from `Settings.mcp_server_trust` (its title,
    description and option labels): ask always, or obey the server's read-only hints."""

    ASK = "ask"  # a server not listed is asked about

    def __init__(
        self, server_names: list[str], trust: dict[str, Any], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("MCP server trust"))
        schema = Settings.model_json_schema()["properties"]["mcp_server_trust"]
        labels = schema.get("option_labels") or {}
        options = [
            {"value": value, "label": shown_words(labels.get(value, value))}
            for value in schema["additionalProperties"]["enum"]
        ]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(shown_words(schema["title"]))
        title.setStyleSheet("font-weight: 600;")
        layout.addWidget(title)
        self.form = build_form(
            [
                {
                    "key": name,
                    "type": "select",
                    "label": f"“{name}”",
                    "options": options,
                    "default": self.ASK,
                }
                for name in sorted(server_names)
            ],
            {name: value for name, value in trust.items() if name in server_names},
        )
        description = shown_words(schema.get("description", ""))
        self.form.setToolTip(description)
        layout.addWidget(self.form)
        layout.addWidget(note(description))
        self.setVisible(bool(server_names))

    @property
    def choices(self) -> dict[str, Any]:
        """{server name: its choice (a combo box)}."""
        return {name: field.widget for name, field in self.form.fields.items()}

    def values(self) -> dict[str, str]:
        """The non-default choices (servers left on "ask" are not stored)."""
        return {name: str(value) for name, value in self.form.values().items() if value != self.ASK}
