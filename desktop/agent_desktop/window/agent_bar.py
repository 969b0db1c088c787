"""The agent and model pickers, and what the agent's plugins add around the chat.

What plugins declare (UI schema, actions, the model list) is asked through the application's
plugin-query facade, on the core's workers: a provider that takes seconds to list its models
never holds up the window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar

from agent_app import DEFAULT_AGENT_ID
from agent_desktop.conversation.ui_templates import elements_of, render_element

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.plugin_queries import PluginQueries
    from agent_desktop.forms.action_dialogs import SessionActionsController
    from agent_desktop.window.chat_column import ChatColumn

log = logging.getLogger(__name__)

# How many answers back the status bar looks for an element's data (a few stops in a row).
STATUS_LOOKBACK = 8


class AgentBar(QObject):
    """The pickers, the status bar (the request state and the plugins' status labels) and the
    plugin UI of the agent shown."""

    agent_changed = Signal(str)
    problem = Signal(str)

    def __init__(self, column: ChatColumn) -> None:
        super().__init__(column)
        self.column = column
        self.status_bar = QStatusBar()
        self.status_bar.setAccessibleName("Status bar")
        self.status_bar.setSizeGripEnabled(False)
        self.state_label = QLabel("Ready")
        self.state_label.setAccessibleName("Request state")
        # A long message is cut at the window's edge; it never widens the window.
        self.state_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_bar.addWidget(self.state_label, 1)
        # The services it reads, given once the application has loaded (`attach`).
        self.configuration: Configuration | None = None
        self.plugin_queries: PluginQueries | None = None
        self.agent_id = DEFAULT_AGENT_ID
        self.ui_schema: list[dict[str, Any]] = []
        self.status_labels: list[QLabel] = []
        # The agent's plugin UI could not be described last time: the next sign that its
        # settings work (an answer arrived) describes it again.
        self.stale = False
        # Fixed per-request overrides (the self-test and demos pin the scripted provider here).
        self.request_defaults: dict[str, Any] = {}
        column.agent_picker.currentIndexChanged.connect(self._on_agent_picked)

    def attach(self, *, configuration: Configuration, plugin_queries: PluginQueries) -> None:
        """Agents and models come from `configuration`; the plugin UI from `plugin_queries`."""
        self.configuration = configuration
        self.plugin_queries = plugin_queries
        self.fill()

    def fill(self) -> None:
        """List the configured agents; the model picker starts with the agent's own model."""
        assert self.configuration is not None
        picker = self.column.agent_picker
        picker.blockSignals(True)
        picker.clear()
        for agent_id, agent in self.configuration.config.agents.items():
            picker.addItem(agent.label or agent_id.replace("_", " ").title(), agent_id)
        picker.setCurrentIndex(max(0, picker.findData(self.agent_id)))
        self.agent_id = picker.currentData() or DEFAULT_AGENT_ID
        picker.setVisible(picker.count() > 1)
        picker.blockSignals(False)
        self.column.model_picker.clear()
        default_model = self._default_model()
        if default_model:
            self.column.model_picker.addItem(default_model)

    def select(self, agent_id: str) -> bool:
        """Show `agent_id` (a chat of that agent was opened); True when it changed."""
        assert self.configuration is not None
        if agent_id == self.agent_id or agent_id not in self.configuration.config.agents:
            return False
        self.agent_id = agent_id
        self.fill()
        return True

    def _default_model(self) -> str | None:
        assert self.configuration is not None
        config = self.configuration.config
        agent = config.agents.get(self.agent_id)
        provider = config.providers.get(agent.provider) if agent and agent.provider else None
        return (agent.model if agent else None) or (provider.model if provider else None)

    def _on_agent_picked(self, _index: int) -> None:
        self.agent_id = self.column.agent_picker.currentData() or DEFAULT_AGENT_ID
        self.fill()
        self.agent_changed.emit(self.agent_id)

    def request_overrides(self) -> dict[str, Any]:
        model = self.column.model_picker.currentText().strip()
        overrides = dict(self.request_defaults)
        if model and model != self._default_model():
            overrides["model"] = model
        return overrides

    async def refresh(self, actions: SessionActionsController) -> None:
        """UI schema (footers, status bar, actions), then the model list; both off the GUI
        thread."""
        assert self.plugin_queries is not None
        queries, agent_id = self.plugin_queries, self.agent_id
        try:
            described = await queries.describe_agent(agent_id)
        except Exception as error:  # noqa: BLE001 - plugin code may raise anything; the window lives on
            log.warning("could not load the UI elements of agent %s: %s", agent_id, error)
            self.stale = True
            self.problem.emit(f"Agent “{agent_id}” is not ready: {error}")
            return
        self.stale = False
        self.ui_schema = described.ui_schema
        self.column.chat_view.set_footer_elements(elements_of(self.ui_schema, "message_footer"))
        actions.set_actions(self.ui_schema, described.actions)
        try:
            names = await queries.models(agent_id)
        except Exception as error:  # noqa: BLE001 - a provider that cannot list models keeps its default
            log.info("model list unavailable for %s: %s", agent_id, error)
            return
        picker = self.column.model_picker
        current = picker.currentText()
        for name in names:
            if picker.findText(name) < 0:
                picker.addItem(name)
        self.column.show_model(current or (names[0] if names else ""))

    def update_status_bar(self, recent_assistants: Callable[[int], list[dict[str, Any]]]) -> None:
        elements = elements_of(self.ui_schema, "status_bar")
        while len(self.status_labels) < len(elements):
            label = QLabel()
            label.setAccessibleName("Status")
            self.status_bar.addPermanentWidget(label)
            self.status_labels.append(label)
        # Each element shows the newest answer that has its data: an answer stopped or failed
        # midway carries no session totals, and the last finished one's still hold.
        recent = recent_assistants(STATUS_LOOKBACK) if elements else []
        for label, element in zip(self.status_labels, elements, strict=False):
            text = next(filter(None, (render_element(element, m) for m in recent)), "")
            label.setText(text)
            label.setVisible(bool(text))
        for label in self.status_labels[len(elements) :]:
            label.setVisible(False)
