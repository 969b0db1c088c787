"""The Tools page: remembered approvals and the tools the agents can use."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from agent_app.settings import TOOLS
from agent_desktop.settings.common import button_cell, note
from agent_desktop.settings.general_page import ModelPage
from agent_desktop.settings.tool_rules_list import McpServerTrustList, ToolRulesList


class ToolsPage(ModelPage):
    """The `Settings` fields of the Tools section, then the approvals, rules and server trust
    the user gave, and the tools the agents can use."""

    section = TOOLS
    subtitle = (
        "Tools that change things ask before they run. “Always allow” answers are remembered "
        "here; revoke one to be asked again."
    )

    def build_below(self, layout: QVBoxLayout) -> None:
        dialog = self.dialog
        self.revoked: set[str] = set()
        self.approvals = QTreeWidget()
        self.approvals.setObjectName("approvalTable")
        self.approvals.setHeaderLabels([self.tr("Tool"), self.tr("Decision"), ""])
        self.approvals.setAccessibleName(self.tr("Remembered approvals"))
        self.approvals.setRootIsDecorated(False)
        self.approvals.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.approvals.header().setStretchLastSection(True)
        layout.addWidget(self.approvals, 1)
        self.empty = note(
            self.tr("No remembered decisions: every tool that changes things will ask.")
        )
        layout.addWidget(self.empty)
        settings = dialog.draft_settings
        self.rules = ToolRulesList(settings.tool_rules)
        layout.addWidget(self.rules, 1)
        self.server_trust = McpServerTrustList(
            list(dialog.draft_config.mcp_servers), settings.mcp_server_trust
        )
        layout.addWidget(self.server_trust)
        self.available_title = QLabel(self.tr("Available tools"))
        self.available_title.setStyleSheet("font-weight: 600;")
        layout.addWidget(self.available_title)
        self.available = QTreeWidget()
        self.available.setObjectName("toolTable")
        self.available.setHeaderLabels([self.tr("Tool"), self.tr("Plugin"), self.tr("Runs")])
        self.available.setAccessibleName(self.available_title.text())
        self.available.setRootIsDecorated(False)
        self.available.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout.addWidget(self.available, 1)
        self.refresh()

    def refresh(self) -> None:
        self.approvals.clear()
        decisions = {
            tool: decision
            for tool, decision in self.dialog.app.settings.tool_approvals.items()
            if tool not in self.revoked
        }
        for tool, decision in sorted(decisions.items()):
            item = QTreeWidgetItem(
                [tool, self.tr("Always allow") if decision == "always" else decision]
            )
            self.approvals.addTopLevelItem(item)
            revoke = QPushButton(self.tr("Revoke"))
            revoke.setObjectName(f"revoke:{tool}")
            revoke.setToolTip(self.tr("Ask again before “{tool}” runs").format(tool=tool))
            revoke.clicked.connect(lambda _=False, name=tool: self.revoke(name))
            self.approvals.setItemWidget(item, 2, button_cell(revoke))
        self.approvals.setVisible(bool(decisions))
        self.empty.setVisible(not decisions)
        self.available.clear()
        for descriptor in self.dialog.facts.tools:
            annotations = (getattr(descriptor, "metadata", {}) or {}).get("annotations") or {}
            decision = decisions.get(getattr(descriptor, "tool_name", ""))
            if annotations.get("readOnlyHint"):
                runs = "Without asking if its read-only hint is trusted"
            elif decision == "always":
                runs = "Without asking (always allowed)"
            else:
                runs = "After asking"
            self.available.addTopLevelItem(
                QTreeWidgetItem(
                    [
                        str(getattr(descriptor, "tool_name", "")),
                        str(getattr(descriptor, "plugin_name", "")),
                        runs,
                    ]
                )
            )
        self.available.setVisible(bool(self.dialog.facts.tools))
        self.available_title.setVisible(bool(self.dialog.facts.tools))

    def revoke(self, tool: str) -> None:
        self.revoked.add(tool)
        self.refresh()

    def commit(self) -> dict[str, str]:
        errors = super().commit()
        if not errors:
            self.dialog.draft_settings.mcp_server_trust = self.server_trust.values()
        return errors
