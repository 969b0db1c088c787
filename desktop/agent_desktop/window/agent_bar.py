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
from agent_app.model_choice import ModelChoice
from agent_desktop.conversation.ui_templates import elements_of, render_element
from agent_desktop.toolkit.agent_names import agent_name

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.model_catalog import ModelCatalog, ProviderModels
    from agent_app.plugin_queries import PluginQueries
    from agent_app.remote.conversation import RemoteConversation
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
    model_picked = Signal(object)  # ModelChoice: the user picked it for the chat shown
    models_wanted = Signal(bool)  # the model lists are to be asked for (True: ask again)

    def __init__(self, column: ChatColumn) -> None:
        super().__init__(column)
        self.column = column
        self.status_bar = QStatusBar()
        self.status_bar.setAccessibleName(self.tr("Status bar"))
        self.status_bar.setSizeGripEnabled(False)
        self.state_label = QLabel(self.tr("Ready"))
        self.state_label.setAccessibleName(self.tr("Request state"))
        # A long message is cut at the window's edge; it never widens the window.
        self.state_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_bar.addWidget(self.state_label, 1)
        # The services it reads, given once the application has loaded (`attach`).
        self.configuration: Configuration | None = None
        self.plugin_queries: PluginQueries | None = None
        self.model_catalog: ModelCatalog | None = None
        # The chat shown has a model of its own (None: it uses its agent's).
        self.chat_choice: ModelChoice | None = None
        self.listed: list[ProviderModels] = []  # the providers' models, as last listed
        # The chat shown runs on an agent server: the picker lists and picks the server's
        # models (None: this computer's providers).
        self.server_chat: RemoteConversation | None = None
        self.agent_id = DEFAULT_AGENT_ID
        self.ui_schema: list[dict[str, Any]] = []
        self.status_labels: list[QLabel] = []
        # The agent's plugin UI could not be described last time: the next sign that its
        # settings work (an answer arrived) describes it again.
        self.stale = False
        # Fixed per-request overrides (the self-test and demos pin the scripted provider here).
        self.request_defaults: dict[str, Any] = {}
        column.agent_picker.currentIndexChanged.connect(self._on_agent_picked)
        picker = column.model_picker
        picker.picked.connect(self._on_model_picked)
        picker.pin_toggled.connect(self._on_pin_toggled)
        picker.refresh_requested.connect(lambda: self.models_wanted.emit(True))
        picker.opened.connect(lambda: self.models_wanted.emit(False))
        column.ask_several.opened.connect(lambda: self.models_wanted.emit(False))

    def attach(
        self,
        *,
        configuration: Configuration,
        plugin_queries: PluginQueries,
        model_catalog: ModelCatalog,
    ) -> None:
        """Agents come from `configuration`, the plugin UI from `plugin_queries`, every
        provider's models from `model_catalog`."""
        self.configuration = configuration
        self.plugin_queries = plugin_queries
        self.model_catalog = model_catalog
        self.fill()

    def fill(self) -> None:
        """List the configured agents; the model picker starts with the agent's own model."""
        assert self.configuration is not None
        picker = self.column.agent_picker
        picker.blockSignals(True)
        picker.clear()
        for agent_id, agent in self.configuration.config.agents.items():
            picker.addItem(agent_name(agent_id, agent.label), agent_id)
        picker.setCurrentIndex(max(0, picker.findData(self.agent_id)))
        self.agent_id = picker.currentData() or DEFAULT_AGENT_ID
        picker.blockSignals(False)
        self._show_agents()
        self._show_model()

    def _show_agents(self) -> None:
        """This computer's agents to choose from, when there are several; a chat on an agent
        server runs the server's agent, which none of them is."""
        picker = self.column.agent_picker
        picker.setVisible(picker.count() > 1 and self.server_chat is None)

    def select(self, agent_id: str) -> bool:
        """Show `agent_id` (a chat of that agent was opened); True when it changed."""
        assert self.configuration is not None
        if agent_id == self.agent_id or agent_id not in self.configuration.config.agents:
            return False
        self.agent_id = agent_id
        self.fill()
        return True

    def _agent_model(self) -> ModelChoice | None:
        """The agent's own provider and model (what a chat without a choice uses)."""
        assert self.configuration is not None
        config = self.configuration.config
        agent = config.agents.get(self.agent_id)
        provider = config.providers.get(agent.provider) if agent and agent.provider else None
        model = (agent.model if agent else None) or (provider.model if provider else None)
        if agent is None or agent.provider is None:
            return None
        if not model:  # the provider's own default: the first model it lists
            listed = next((p for p in self.listed if p.provider_id == agent.provider), None)
            model = listed.models[0].model_id if listed and listed.models else None
        return ModelChoice(agent.provider, model) if model else None

    def effective_model(self) -> ModelChoice | None:
        """The model the chat shown sends to: its own, else its agent's (a server's chat: the
        one the server said it uses)."""
        if self.server_chat is not None:
            return self.chat_choice
        return self.chat_choice or self._agent_model()

    def model_without_images(self) -> str | None:
        """The name of the model the chat sends to when its provider's list says it does not
        read images; None when it does, or when its capabilities are not known."""
        choice = self.effective_model()
        if choice is None:
            return None
        provider = next((p for p in self.listed if p.provider_id == choice.provider_id), None)
        models = provider.models if provider is not None else ()
        model = next((m for m in models if m.model_id == choice.model), None)
        if model is None or not model.capabilities or "vision" in model.capabilities:
            return None
        return model.name

    def show_chat_model(
        self, choice: ModelChoice | None, server_chat: RemoteConversation | None = None
    ) -> None:
        """The chat shown has `choice` as its own model (None: its agent's); a chat on an
        agent server (`server_chat`) shows the model the server uses, from its providers."""
        if server_chat is not self.server_chat:
            self.listed = []  # the other side's models are no choice for this chat
        self.server_chat = server_chat
        self.chat_choice = choice
        self._show_agents()
        self._show_model()

    def provider_label(self, provider_id: str) -> str:
        """How the user named provider `provider_id` (its id when unnamed); a server's
        provider also names the server."""
        if self.server_chat is not None:
            return self.tr("{provider} on {server}").format(
                provider=self.server_chat.provider_labels.get(provider_id, provider_id),
                server=self.server_chat.server_label,
            )
        providers = self.configuration.config.providers if self.configuration else {}
        provider = providers.get(provider_id)
        return (provider.label if provider else None) or provider_id

    def _show_model(self) -> None:
        if self.configuration is None:
            return
        shown = self.effective_model()
        label = self.provider_label(shown.provider_id) if shown else ""
        self.column.model_picker.show_choice(shown, label)

    def _on_model_picked(self, choice: ModelChoice) -> None:
        if self.server_chat is not None:  # the server keeps the pick, and says what it uses
            self.show_chat_model(choice, self.server_chat)
            self.model_picked.emit(choice)
            return
        # The agent's own model is no choice of the chat's: the chat follows the agent again.
        self.show_chat_model(None if choice == self._agent_model() else choice)
        self.model_picked.emit(self.chat_choice)
        if self.model_catalog is not None:
            self.model_catalog.note_used(choice)

    def _on_pin_toggled(self, choice: ModelChoice, pinned: bool) -> None:
        if self.model_catalog is not None:
            self.model_catalog.set_pinned(choice, pinned)
            self.models_wanted.emit(False)

    async def list_models(self, *, refresh: bool = False) -> None:
        """Ask every configured provider for its models (off the GUI thread) and put them in
        the picker's popup."""
        if self.model_catalog is None:
            return
        catalog, popup = self.model_catalog, self.column.model_picker.popup
        popup.show_listing()
        server_chat = self.server_chat
        # Pinned models are this computer's: a server's are not pinned among them.
        popup.pin_button.setVisible(server_chat is None)
        if server_chat is not None:
            await self._list_server_models(server_chat, refresh)
            return
        asking = self.column.ask_several.popup
        asking.show_listing()
        self.listed = await catalog.providers(refresh=refresh)
        self._show_model()
        popup.show_models(self.listed, catalog.pinned(), catalog.recent(), self.effective_model())
        asking.show_models(self.listed)

    async def _list_server_models(self, server_chat: RemoteConversation, refresh: bool) -> None:
        """The server's providers and models in the popup (pinned and recent models are this
        computer's: not offered for a server's chat)."""
        from agent_app.remote.client import RemoteServerError  # noqa: PLC0415 - httpx loads with the first server chat, not the first paint

        popup = self.column.model_picker.popup
        try:
            listed = await server_chat.list_models(refresh=refresh)
        except RemoteServerError as error:
            popup.state.setText(str(error))
            return
        if server_chat is not self.server_chat:
            return  # another chat is shown now
        self.listed = listed
        self._show_model()
        popup.show_models(listed, [], [], self.effective_model())

    def _on_agent_picked(self, _index: int) -> None:
        self.agent_id = self.column.agent_picker.currentData() or DEFAULT_AGENT_ID
        self.fill()
        self.agent_changed.emit(self.agent_id)

    def request_overrides(self) -> dict[str, Any]:
        """This request's own overrides (the chat's model is stored with the chat)."""
        return dict(self.request_defaults)

    async def refresh(self, actions: SessionActionsController) -> None:
        """UI schema (footers, status bar, actions), then the model lists; both off the GUI
        thread."""
        assert self.plugin_queries is not None
        queries, agent_id = self.plugin_queries, self.agent_id
        try:
            described = await queries.describe_agent(agent_id)
        except Exception as error:  # noqa: BLE001 - plugin code may raise anything; the window lives on
            log.warning("could not load the UI elements of agent %s: %s", agent_id, error)
            self.stale = True
            self.problem.emit(
                self.tr("Agent “{agent}” is not ready: {error}").format(agent=agent_id, error=error)
            )
            await self.list_models()  # the other providers' models can still be picked
            return
        self.stale = False
        self.ui_schema = described.ui_schema
        self.column.chat_view.set_footer_elements(elements_of(self.ui_schema, "message_footer"))
        actions.set_actions(self.ui_schema, described.actions)
        await self.list_models()

    def update_status_bar(self, recent_assistants: Callable[[int], list[dict[str, Any]]]) -> None:
        elements = elements_of(self.ui_schema, "status_bar")
        while len(self.status_labels) < len(elements):
            label = QLabel()
            label.setAccessibleName(self.tr("Status"))
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
