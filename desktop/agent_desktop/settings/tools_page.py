"""The Tools page: remembered approvals and the tools the agents can use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
)

from agent_desktop.settings.common import (
    SettingsPage,
    button_cell,
    heading,
    note,
    page_layout,
)
from agent_desktop.settings.tool_rules_list import McpServerTrustList, ToolRulesList

if TYPE_CHECKING:
    from agent_desktop.settings_dialog import SettingsDialog


class ToolsPage(SettingsPage):
    title = "Tools"

    def __init__(self, dialog: SettingsDialog) -> None:
        super().__init__(dialog)
        self.revoked: set[str] = set()
        layout = page_layout(self)
        layout.addWidget(
            heading(
                "Tools",
                "Tools that change things ask before they run. “Always allow” answers are "
                "remembered here; revoke one to be asked again.",
            )
        )
        self.approvals = QTreeWidget()
        self.approvals.setObjectName("approvalTable")
        self.approvals.setHeaderLabels(["Tool", "Decision", ""])
        self.approvals.setRootIsDecorated(False)
        self.approvals.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.approvals.header().setStretchLastSection(True)
        layout.addWidget(self.approvals, 1)
        self.empty = note("No remembered decisions: every tool that changes things will ask.")
        layout.addWidget(self.empty)
        settings = dialog.draft_settings
        self.rules = ToolRulesList(settings.tool_rules)
        layout.addWidget(self.rules, 1)
        self.server_trust = McpServerTrustList(
            list(dialog.draft_config.mcp_servers), settings.mcp_server_trust
        )
        layout.addWidget(self.server_trust)
        self.available_title = QLabel("Available tools")
        self.available_title.setStyleSheet("font-weight: 600;")
        layout.addWidget(self.available_title)
        self.available = QTreeWidget()
        self.available.setObjectName("toolTable")
        self.available.setHeaderLabels(["Tool", "Plugin", "Runs"])
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
            item = QTreeWidgetItem([tool, "Always allow" if decision == "always" else decision])
            self.approvals.addTopLevelItem(item)
            revoke = QPushButton("Revoke")
            revoke.setObjectName(f"revoke:{tool}")
            revoke.setToolTip(f"Ask again before “{tool}” runs")
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
        self.dialog.draft_settings.mcp_server_trust = self.server_trust.values()
        return {}
