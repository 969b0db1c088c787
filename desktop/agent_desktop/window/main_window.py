"""The main window: wires the sidebar, the chat column and the menus to the open conversations.

Each chat is a `Conversation` (agent_app, no Qt) holding the only live copy of its session; the
window shows one at a time through a `ConversationBinding`, while others may go on working (a
chat waiting for approval is badged in the sidebar). Plugin questions go through the application's
plugin-query facade, off the GUI thread. What the window's parts do lives with them:
`chat_column`, `conversation_binding`, `agent_bar`, `menus`, `sidebar.session_actions`,
`message_actions`, `chat_opening`, `settings_follow`, `first_run.flow`, `geometry`, `tasks`,
`notice_bar`. The window builds each with the application, the widgets and the few callables
it uses (see `toolkit.window_support`); none of them receives the window.
"""

from __future__ import annotations

import logging
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QMainWindow,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from agent_app.turn_outcome import QUIT
from agent_desktop.composer.message_composer import (
    AttachmentIntake,
    accept_as_copy,
    local_paths,
)
from agent_desktop.first_run.choices import needs_setup
from agent_desktop.sidebar.session_actions import SidebarSessions
from agent_desktop.sidebar.session_list import SessionSidebar
from agent_desktop.toolkit.theme import ThemeManager
from agent_desktop.window.agent_bar import AgentBar
from agent_desktop.window.chat_column import ChatColumn
from agent_desktop.window.chat_opening import ChatOpener
from agent_desktop.window.conversation_binding import ConversationBinding
from agent_desktop.window.geometry import WindowLayout
from agent_desktop.window.menus import MenuCommands, WindowMenus
from agent_desktop.window.message_actions import MessageActions
from agent_desktop.window.notice_bar import BUSY_TOPIC, NoticeBar
from agent_desktop.window.notices import WindowNotices
from agent_desktop.window.settings_follow import (
    DesktopIntegration,
    SettingsOpener,
    follow_settings,
)
from agent_desktop.window.tasks import WindowTasks
from agent_desktop.window.view_menu import ViewMenu, ViewTargets

if TYPE_CHECKING:
    # asyncio and agent_app load after the window is on screen (start-up time).
    import asyncio
    from collections.abc import Callable, Coroutine
    from pathlib import Path

    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QLabel

    from agent_app.application import AgentApplication
    from agent_app.conversation import Conversation, Conversations
    from agent_app.model_choice import ModelChoice
    from agent_core import Session
    from agent_desktop.composer.unsent_text import UnsentTextKeeper
    from agent_desktop.first_run.flow import FirstRunFlow
    from agent_desktop.first_run.welcome import WelcomePane
    from agent_desktop.forms.action_dialogs import SessionActionRunner, SessionActionsController
    from agent_desktop.settings.dialog import SettingsDialog
    from agent_desktop.system.global_shortcut import GlobalShortcut
    from agent_desktop.toolkit.translations import Translations
    from agent_desktop.window.app_view_wiring import WindowAppViews
    from agent_desktop.window.data_commands import DataCommands
    from agent_desktop.window.dropped_paths import DroppedPaths
    from agent_desktop.window.project_chats import ProjectChats

log = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    """One window over one AgentApplication.

    Built in two steps so it can be on screen before the application (plugins, SDKs, the
    database) has loaded: `MainWindow(theme=...)` builds and shows the widgets, `attach(app)`
    connects them. Passing `app` to the constructor does both at once.
    """

    request_finished = Signal()

    def __init__(
        self,
        app: Any = None,
        theme: ThemeManager | None = None,
        parent: QWidget | None = None,
        translations: Translations | None = None,
        *,
        first_launch: bool = False,
    ) -> None:
        """`first_launch`: no config yet, so the welcome pane comes once the application has
        loaded; until then the window shows nothing in its place (not the chat, whose
        "Starting…" flashed before the pane)."""
        super().__init__(parent)
        self.app: AgentApplication = None  # type: ignore[assignment]  # set by attach()
        self.theme = theme
        self.translations = translations
        self.conversations: Conversations | None = None
        self.tasks = WindowTasks()
        self.desktop: DesktopIntegration | None = None  # tray and quick entry, once attached
        self.settings_opener: SettingsOpener | None = None  # once attached
        self.dropped_paths: DroppedPaths | None = None  # once attached
        self.project_chats: ProjectChats | None = None  # once attached
        self.stop_following_settings: Callable[[], None] | None = None
        self.unsent_text: UnsentTextKeeper | None = None
        self.app_views: WindowAppViews | None = None  # MCP App views, once attached
        self.setWindowTitle("Agent Desktop")
        self.setAccessibleName("Agent Desktop")
        self.setAcceptDrops(True)
        self.resize(1180, 780)
        self._build()
        self.layout_keeper = WindowLayout(self, self.splitter)
        # The parts the menus reach are built by attach(): the menus call them late.
        self.menus = WindowMenus(
            self,
            self.session_toolbar,
            MenuCommands(
                new_chat=self.new_chat,
                import_chats=lambda: self.sessions.choose_imports(),
                export_all_data=lambda: self._data_commands(lambda data: data.choose_export()),
                import_all_data=lambda: self._data_commands(lambda data: data.choose_import()),
                connect_server=lambda: self.remote_chats.ask_to_connect(),
                go_to_approval=self.binding.focus_approval,
                open_settings=self.open_settings,
                quit=self.close,
                shown_session_id=self.shown_session_id,
                rename=lambda session_id: self.chat_commands.rename(session_id),
                export=lambda session_id, kind: self.chat_commands.export(session_id, kind),
                delete=lambda session_id: self.chat_commands.delete(session_id),
                edit_instructions=lambda: self.message_actions.edit_chat_instructions(),
                schedule_chat=lambda session_id: self.chat_commands.schedule(session_id),
                open_schedules=lambda: self.open_schedules(),
            ),
        )
        self.session_menu = self.menus.session_menu
        self.settings_action = self.menus.settings_action
        self.view_menu = ViewMenu(
            ViewTargets(
                window=self,
                text_widgets=[self.chat_view, self.composer.edit],
                sidebar=self.sidebar,
                theme=theme,
                on_text_scaled=self.chat_view.theme_changed,
            )
        )
        if theme is not None:
            theme.changed.connect(self.chat_view.theme_changed)
        self.splitter.setEnabled(False)
        if first_launch:
            self.stack.setCurrentIndex(self.stack.addWidget(QWidget()))
        else:
            self.state_label.setText(self.tr("Starting…"))
        if app is not None:
            self.attach(app)

    def _build(self) -> None:
        self.sidebar = SessionSidebar()
        self.sidebar.new_chat_requested.connect(self.new_chat)
        self.sidebar.session_selected.connect(self.open_session)
        self.column = column = ChatColumn()
        self.chat_model, self.chat_view, self.composer = (
            column.chat_model,
            column.chat_view,
            column.composer,
        )
        self.session_toolbar, self.title_label = column.session_toolbar, column.title_label
        column.instructions_badge.clicked.connect(
            lambda: self.message_actions.edit_chat_instructions()
        )
        self.model_picker, self.agent_picker = column.model_picker, column.agent_picker
        self.chat_view.approval_decided.connect(
            lambda call_key, decision: self.conversation.decide(call_key, decision)
        )
        self.chat_view.approval_released_keyboard.connect(self.composer.take_focus)
        self.chat_view.text_typed.connect(self.composer.continue_typing)
        self.composer.send_requested.connect(
            lambda text, attachments: self.spawn(self.send_message(text, attachments))
        )
        self.composer.stop_requested.connect(self.stop)
        column.retry_requested.connect(
            lambda: self.spawn(self.conversation.retry(self.agent_bar.request_overrides()))
        )
        self.stack = QStackedWidget()
        self.stack.setObjectName("centralArea")
        self.stack.addWidget(column)
        self.chat_page = column
        # The notice bar sits under the stack, so start-up notices show on the first-run pane
        # as well as in a chat; it and the first-run pane are built when first needed.
        main_column = QWidget()
        main_layout = QVBoxLayout(main_column)
        main_layout.setContentsMargins(0, 0, 0, 0)
        main_layout.setSpacing(0)
        main_layout.addWidget(self.stack, 1)
        self.notices = WindowNotices(main_layout)
        self.splitter: QSplitter = QSplitter()  # horizontal
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setHandleWidth(1)
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(main_column)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([270, 910])
        self.splitter.setCollapsible(1, False)
        self.setCentralWidget(self.splitter)
        self.agent_bar: AgentBar = AgentBar(column)
        self.agent_bar.agent_changed.connect(self._on_agent_changed)
        self.setStatusBar(self.agent_bar.status_bar)
        self.state_label: QLabel = self.agent_bar.state_label
        self.status_labels = self.agent_bar.status_labels
        self.agent_bar.problem.connect(self.state_label.setText)
        self.agent_bar.model_picked.connect(
            lambda choice: self.spawn(self.conversation.choose_model(choice))
        )
        self.agent_bar.models_wanted.connect(
            lambda refresh: self.spawn(self.agent_bar.list_models(refresh=refresh))
        )
        column.ask_several.send_requested.connect(
            lambda models: self.spawn(self.ask_several(models))
        )
        QShortcut(QKeySequence("Ctrl+K"), self, self.sidebar.focus_search)
        QShortcut(QKeySequence("Ctrl+L"), self, self.focus_composer)
        QShortcut(
            QKeySequence("Ctrl+Shift+C"), self, lambda: self.message_actions.copy_last_code_block()
        )
        # Esc stops a running request; otherwise it stays free for popups and fields.
        self.stop_shortcut = QShortcut(QKeySequence("Esc"), self, self.stop)  # window-wide
        self.stop_shortcut.setEnabled(False)
        self.binding: ConversationBinding = ConversationBinding(
            column, self.state_label, self.stop_shortcut
        )
        self.binding.session_changed.connect(self._on_shown_session_changed)
        self.binding.notice.connect(lambda text, seconds: self.show_notice(text, seconds=seconds))
        self.binding.chat_free.connect(self.notices.withdraw_busy_notice)

    def attach(self, app: Any) -> None:
        """Connect the window to the application and show its sessions."""
        from agent_app.conversation import Conversations
        from agent_desktop.composer.completion import install_completer
        from agent_desktop.composer.unsent_text import UNSENT_TEXT_FILE_NAME, UnsentTextKeeper
        from agent_desktop.conversation.attachment_preview import open_attachment
        from agent_desktop.conversation.empty_chat import EmptyChatHint
        from agent_desktop.first_run.flow import FirstRunFlow
        from agent_desktop.forms.action_dialogs import (
            SessionActionRunner,
            SessionActionsController,
        )
        from agent_desktop.forms.elicitation import ask_in_window
        from agent_desktop.sidebar.projects_panel import ProjectsPanel
        from agent_desktop.tool_servers.row_tasks import cancel_tasks_from_rows
        from agent_desktop.tool_servers.sign_in import confirm_and_open_login
        from agent_desktop.tool_servers.status_button import install_tool_servers_button
        from agent_desktop.window.app_view_wiring import WindowAppViews
        from agent_desktop.window.data_commands import DataCommands
        from agent_desktop.window.dropped_paths import DroppedPaths, ask_what_to_do
        from agent_desktop.window.project_chats import ProjectChats
        from agent_desktop.window.schedule_runs import ScheduleRuns
        from agent_desktop.window.schedules_opening import SchedulesOpener

        self.app = app
        self.conversations = Conversations(app.sessions, app, app.plugin_queries)
        app.set_approval_handler(self.conversations.ask_approval)
        app.tool_servers.set_elicitation_handler(
            partial(ask_in_window, self, self.state_label.setText)
        )
        app.tool_servers.set_sign_in_handler(
            partial(
                confirm_and_open_login,
                self,
                self.state_label.setText,
                lambda: app.secrets.headline,
            )
        )
        self.composer.intake = AttachmentIntake(
            app.sessions.assets, lambda: self.conversation.ensure_session().session_id
        )
        self.composer.set_send_key(app.settings.send_key)
        self.unsent_text = UnsentTextKeeper(
            app.paths.data_dir / UNSENT_TEXT_FILE_NAME,
            self.composer.text,
            self.composer.set_text,
            self,
        )
        self.composer.edit.textChanged.connect(self.unsent_text.text_changed)
        self.agent_bar.attach(
            configuration=app.configuration,
            plugin_queries=app.plugin_queries,
            model_catalog=app.model_catalog,
        )
        self.binding.provider_label = self.agent_bar.provider_label
        self.chat_model.provider_label = self.agent_bar.provider_label
        projects_panel = ProjectsPanel()
        self.sidebar.add_above_chats(projects_panel)
        self.project_chats = ProjectChats(
            app.projects,
            projects_panel,
            self._new_conversation,
            app.sessions.titles_of,
            lambda text: self.show_notice(text, seconds=12),
            self.spawn,
            chat_model=lambda: self.agent_bar.chat_choice,
            shown_model=self.agent_bar.effective_model,
            discard_chat=lambda session_id: self.sessions.discard(session_id),
        )
        projects_panel.chat_chosen.connect(self.open_session)
        self.binding.session_changed.connect(
            lambda: projects_panel.mark_current(self.session.session_id if self.session else None)
        )
        self.sidebar.listed.connect(self.project_chats.refresh)
        self.dropped_paths = DroppedPaths(
            app.plugin_queries,
            lambda: self.agent_bar.agent_id,
            self.composer,
            self.notices.notice_with_undo,
            self.spawn,
            self.project_chats,
            partial(ask_what_to_do, self),
        )
        self._build_parts(app, self.conversations)
        self._build_remote_chats(app)
        self.action_runner: SessionActionRunner = SessionActionRunner(
            self,
            conversation=lambda: self.conversation,
            selected_range=self.chat_view.selected_message_range,
            show_status=lambda message: self.show_notice(message, seconds=8),
            show_busy=lambda message: self.show_notice(message, seconds=8, topic=BUSY_TOPIC),
        )
        self.actions_controller: SessionActionsController = SessionActionsController(
            self.action_runner, menu=self.session_menu, toolbar=self.column.plugin_actions_menu
        )
        self.chat_view.message_context_menu_requested.connect(
            self.actions_controller.add_message_actions
        )
        self.menus.quit_from_every_window()
        self.completer = install_completer(
            self.composer, app, current_agent_id=lambda: self.agent_bar.agent_id
        )
        self.tool_servers = install_tool_servers_button(
            app.tool_servers,
            self.composer,
            self.spawn,
            tool_tasks=app.tool_tasks,
            open_chat=self.open_session,
        )
        self.tool_servers.all_ready.connect(self.chat_view.chat_model.drop_server_readiness)
        cancel_tasks_from_rows(
            self.chat_view,
            app.tool_tasks,
            lambda: self.conversation.session_id,
            self.spawn,
            lambda text: self.statusBar().showMessage(text, 10_000),
        )
        self.app_views = WindowAppViews(
            self.chat_view,
            app.app_views,
            self,
            self._send_from_view,
            lambda: self.conversation.session_id,
        )
        self.layout_keeper.restore(app.settings)
        if self.theme is not None:
            self.theme.set_preference(app.settings.theme)
        if self.translations is not None:
            self.translations.use(app.settings.language)
        self.view_menu.attach(app)
        self.desktop = DesktopIntegration(
            self,
            new_chat=self.new_chat,
            quick_entry=self.quick_entry,
            show_error=self.show_error,
            answer_finished=self.request_finished,
            answer_title=self.title_label.text,
        )
        self.schedule_runs = ScheduleRuns(
            app.paths.schedules_path, self.conversations, self._announce_schedule_run
        )
        self.schedules_opener = SchedulesOpener(
            lambda: self.schedule_runs.runner,
            app.configuration,
            app.model_catalog,
            app.paths,
            dialog_parent=self,
            open_chat=self.open_session,
            chat_title=self.title_label.text,
            spawn=self.spawn,
        )
        self.data_commands = DataCommands(
            app.sessions,
            app.projects,
            app.paths,
            app.configuration,
            dialog_parent=self,
            refresh_chats=self.refresh_sessions,
            spawn=self.spawn,
            tell=lambda text: self.show_notice(text, seconds=15),
            show_error=self.show_error,
        )
        self.stop_following_settings = follow_settings(
            app,
            theme=self.theme,
            translations=self.translations,
            view_menu=self.view_menu,
            composer=self.composer,
            agent_bar=self.agent_bar,
            desktop=self.desktop,
            showing_chat=self._showing_chat,
            setup_done=self.setup_done,
            refresh_agent_ui=self.refresh_agent_ui,
            show_notice=self.show_notice,
            run_in_background=partial(self.spawn, ends_with_window=False),
        )
        self.empty_hint = EmptyChatHint(self.chat_view, partial(self.composer.set_text, focus=True))
        self.chat_view.set_attachment_reader(app.sessions.assets.read_bytes)
        self.chat_view.attachment_activated.connect(
            partial(
                open_attachment,
                self,
                app.sessions.assets,
                app.paths.cache_dir / "opened",
                self.show_error,
            )
        )
        self.first_run: FirstRunFlow = FirstRunFlow(
            self.stack,
            self.show_notice,
            self.spawn,
            configuration=app.configuration,
            plugins=app.plugins,
        )
        self.first_run.finished.connect(self.setup_done)
        self.splitter.setEnabled(True)
        self.show_conversation(self.conversations.new(self.agent_bar.agent_id))
        self.refresh_sessions()
        self._show_setup_or_chat()
        if getattr(app, "notices", None):
            # Problems found while starting (bad settings file, no keyring, broken plugin).
            self.show_notice("\n".join(app.notices))

    def _build_parts(self, app: AgentApplication, conversations: Conversations) -> None:
        """The parts that work on the application's chats, each handed what it uses."""
        self.sessions: SidebarSessions = SidebarSessions(
            app.sessions,
            self.sidebar,
            conversations,
            dialog_parent=self,
            shown_session_id=self.shown_session_id,
            open_session=self.open_session,
            new_chat=self.new_chat,
            spawn=self.spawn,
            show_notice=self.show_notice,
            show_error=self.show_error,
        )
        self.opener = ChatOpener(
            app.sessions,
            conversations,
            sidebar=self.sidebar,
            agent_bar=self.agent_bar,
            shown_session_id=self.shown_session_id,
            show_conversation=self.show_conversation,
            refresh_agent_ui=self.refresh_agent_ui,
            spawn=self.spawn,
        )
        self.message_actions: MessageActions = MessageActions(
            sessions=app.sessions,
            configuration=app.configuration,
            chat_view=self.chat_view,
            sidebar=self.sidebar,
            composer=self.composer,
            agent_bar=self.agent_bar,
            shown=lambda: self.binding.conversation,
            open_session=self.open_session,
            aopen_session=self.aopen_session,
            refresh_sessions=self.refresh_sessions,
            dialog_parent=self,
            spawn=self.spawn,
            say=self.state_label.setText,
            show_notice=self.show_notice,
            show_error=self.show_error,
        )
        self.settings_opener = SettingsOpener(self, app, lambda: self.agent_bar.agent_id)
        from agent_desktop.window.linked_items import LinkedItems  # after the first paint

        self.linked_items = LinkedItems(
            self.settings_opener.open,
            self.spawn,
            lambda text: self.show_notice(text, seconds=8),
            lambda: [project.folder for project in app.projects.all()],
        )
        self.chat_view.link_requested.connect(self.linked_items.open)

    def _build_remote_chats(self, app: AgentApplication) -> None:
        """The agent servers the user connected to, under the chats in the sidebar."""
        from PySide6.QtWidgets import QBoxLayout

        from agent_app.remote.attachments import StagedAttachments
        from agent_app.remote.connections import RemoteConnections
        from agent_app.remote.local_server import SERVER_FOLDER
        from agent_desktop.window.chat_commands import ChatCommands
        from agent_desktop.window.remote_chats import RemoteChats

        self.remote_chats: RemoteChats = RemoteChats(
            RemoteConnections(app.paths.config_dir, app.secrets),
            StagedAttachments(app.sessions),
            cast(QBoxLayout, self.sidebar.layout()),
            local_server_home=app.paths.data_dir / SERVER_FOLDER,
            dialog_parent=self,
            show_conversation=self.show_conversation,
            show_actions=lambda elements, actions: self.actions_controller.set_actions(
                elements, actions
            ),
            spawn=self.spawn,
            show_error=self.show_error,
        )
        self.remote_chats.restore()
        self.chat_commands = ChatCommands(
            self.remote_chats,
            self.sessions,
            self.sidebar,
            shown_session_id=self.shown_session_id,
            new_chat=self.new_chat,
            open_schedules=self.open_schedules,
            show_notice=self.show_notice,
            spawn=self.spawn,
        )

    async def start_plugins(self) -> None:
        """Start the plugins that start once (agent-adapter `initialize`); say which failed."""
        if await self.app.astart():
            # All start-up problems in one notice (`astart` adds its own to them): its own
            # notice would hide what the first one said was set aside, and where.
            self.show_notice("\n".join(self.app.notices))

    @property
    def notice(self) -> NoticeBar:
        """The notice bar (built by this first use when no notice has built it yet)."""
        return self.notices.bar

    def show_notice(
        self,
        text: str,
        action: str | None = None,
        callback: Callable[[], None] | None = None,
        seconds: float = 0,
        topic: str | None = None,
    ) -> None:
        """A line in the notice bar (built when first needed): see `NoticeBar.show_notice`."""
        self.notices.show_notice(text, action, callback, seconds, topic)

    @property
    def welcome(self) -> WelcomePane:
        return self.first_run.welcome

    @property
    def settings_dialog(self) -> SettingsDialog | None:
        """The Settings dialog opened last, once it is open."""
        return self.settings_opener.dialog if self.settings_opener is not None else None

    @property
    def global_shortcut(self) -> GlobalShortcut | None:
        """The quick entry shortcut, once the settings were applied."""
        return self.desktop.global_shortcut if self.desktop is not None else None

    # ------------------------------------------------------------------ the chat shown
    @property
    def conversation(self) -> Conversation:
        assert self.binding.conversation is not None  # one is shown from attach() on
        return self.binding.conversation

    @property
    def session(self) -> Session | None:
        """The session shown (None for a new chat not yet started)."""
        conversation = self.binding.conversation
        return conversation.session if conversation is not None else None

    def shown_session_id(self) -> str | None:
        return self.conversation.session_id

    @property
    def agent_id(self) -> str:
        return self.agent_bar.agent_id

    @property
    def request_defaults(self) -> dict[str, Any]:
        return self.agent_bar.request_defaults

    @request_defaults.setter
    def request_defaults(self, overrides: dict[str, Any]) -> None:
        self.agent_bar.request_defaults = overrides

    def show_conversation(self, conversation: Conversation) -> None:
        previous = self.binding.conversation
        if conversation not in self._watched:
            self._watched.add(conversation)
            conversation.subscribe(partial(self._on_any_event, conversation))
        self.binding.show(conversation)
        if (
            "remote_chats" in self.__dict__
            and previous in self.remote_chats
            and conversation not in self.remote_chats
        ):
            self.refresh_agent_ui()  # the server's actions go, this computer's come back
        if previous is not None and previous is not conversation and self.conversations:
            self.conversations.release(previous)

    @cached_property
    def _watched(self) -> set[Conversation]:
        return set()

    def _on_any_event(self, conversation: Conversation, event: dict[str, Any]) -> None:
        """Every open chat: the sidebar's approval badges and the list's order and names."""
        kind = event.get("type")
        if kind in ("approval_requested", "approval_settled") and self.conversations:
            self.sidebar.set_attention(self.conversations.waiting_for_approval())
            if conversation is self.binding.conversation:
                self.action_runner.step_aside_for_approval(conversation.awaiting_approval)
        elif kind in ("session_created", "title_changed") and conversation.session_id:
            if "remote_chats" in self.__dict__ and conversation in self.remote_chats:
                return  # listed in its server's section, not among this computer's chats
            # The sidebar shows a new chat's name at once (from the chat: many chats started
            # together list the chats once, off the GUI thread).
            self.sessions.show_chat(conversation.session_id, conversation.title)
        elif kind == "action_finished":
            self.refresh_sessions()  # the preview an action left, at once
        elif kind == "assistant" and self.agent_bar.stale:
            self.refresh_agent_ui()  # the agent answers again: its actions and footers come back
        elif kind == "request_finished":
            # Answers finish by themselves, many at once: the list follows them in one refresh.
            self.sessions.follow_chats()
            self._release_freed_memory()
            self.request_finished.emit()
            if conversation is not self.binding.conversation and self.conversations:
                self.conversations.release(conversation)

    def _release_freed_memory(self) -> None:
        """After an answer: what streaming it took (a 5 MB answer: tens of MB of copies, freed
        now) goes back to the system, on a worker (it takes a few milliseconds)."""
        import asyncio

        from agent_desktop.system.heap import release_freed_memory

        self.spawn(asyncio.to_thread(release_freed_memory))

    def _on_shown_session_changed(self) -> None:
        session = self.session
        self.menus.enable_session_commands(session is not None)
        # The highlight in the list is always the chat shown, however it came to be shown.
        self.sidebar.mark_current(session.session_id if session is not None else None)
        if "actions_controller" in self.__dict__:
            self.actions_controller.follow_session(session.metadata if session else {})
        if session is not None:  # a new chat has none yet; agent_core loads with a chat
            from agent_app.instructions import chat_instructions

            own_instructions = bool(chat_instructions(session.metadata))
        else:
            own_instructions = False
        self.column.instructions_badge_action.setVisible(own_instructions)
        if "actions_controller" in self.__dict__:
            # The plugins' session actions sit in one header menu, shown when there are any.
            self.column.plugin_actions_action.setVisible(
                bool(self.actions_controller.session_actions)
            )
        conversation = self.binding.conversation
        # A chat on a server: the picker lists the server's models.
        server_chat = (
            self.remote_chats.chat_of(conversation) if "remote_chats" in self.__dict__ else None
        )
        self.agent_bar.show_chat_model(
            conversation.model_choice if conversation else None, server_chat
        )
        self.agent_bar.update_status_bar(
            conversation.recent_assistant_messages if conversation else lambda _count: []
        )

    def new_chat(self) -> None:
        assert self.conversations is not None
        self.opener.opening = None
        self.show_conversation(self.conversations.new(self.agent_bar.agent_id))
        self.sidebar.list.clearSelection()
        self.focus_composer()

    def _new_conversation(self) -> Conversation:
        """A new chat, shown (for a part that starts one and goes on with it)."""
        self.new_chat()
        return self.conversation

    def open_session(self, session_id: str) -> None:
        """Show a stored chat (see chat_opening: long and giant ones never freeze the window)."""
        opening = self.opener.open(session_id)
        if opening is not None:
            self.spawn(opening)

    async def aopen_session(self, session_id: str) -> bool:
        """`open_session`, done when the chat is shown; False when another was opened first."""
        opening = self.opener.open(session_id)
        if opening is not None:
            await opening
        return self.conversation.session_id == session_id

    # The sidebar's chats (see sidebar_sessions), under the names the rest of the app uses.
    def refresh_sessions(self) -> None:
        self.sessions.refresh()

    async def import_sessions(self, paths: list[Path]) -> None:
        await self.sessions.import_files(paths)

    # ------------------------------------------------------------------ sending
    async def send_message(
        self, text: str, attachments: list[dict[str, Any]] | None = None
    ) -> None:
        from agent_app.conversation import ConversationBusy
        from agent_app.remote.client import RemoteServerError
        from agent_app.store import StoreError

        try:
            await self.conversation.send(text, attachments, self.agent_bar.request_overrides())
        except ConversationBusy as error:
            self.show_notice(str(error), seconds=15, topic=BUSY_TOPIC)
        except RemoteServerError as error:  # a chat on an agent server that is away
            self.show_error(str(error))
        except StoreError as error:
            # The history cannot be written (a damaged database, another program's, a read-only
            # disk): said in its own words; a message no chat could hold goes back to the box.
            if self.conversation.session is None:
                self.composer.set_text(text, focus=True)
            self.show_error(str(error))

    async def ask_several(self, models: list[ModelChoice]) -> None:
        """Send the message box's message to each of `models` at once (answers side by side)."""
        from agent_app.conversation import ConversationBusy

        taken = self.composer.take_message()
        if taken is None:
            self.show_notice(
                self.tr("Type the message for the models first, then choose them."), seconds=8
            )
            return
        text, attachments = taken
        try:
            await self.conversation.ask_several(
                text, attachments, models, self.agent_bar.request_overrides()
            )
        except ConversationBusy as error:
            self.composer.set_text(text, focus=True)
            self.show_notice(str(error), seconds=15, topic=BUSY_TOPIC)

    async def _send_from_view(self, text: str) -> None:
        """A view's message (the user confirmed it): sent like a typed one, without waiting."""
        self.spawn(self.send_message(text))

    def stop(self) -> None:
        if self.conversation.busy:
            self.state_label.setText(self.tr("Stopping…"))
            self.conversation.stop()

    def busy(self) -> bool:
        return self.binding.conversation is not None and self.conversation.busy

    # ------------------------------------------------------------------ agents and plugins
    def _on_agent_changed(self, agent_id: str) -> None:
        self.conversation.switch_agent(agent_id)
        self.refresh_agent_ui()

    def refresh_agent_ui(self) -> None:
        if not needs_setup(
            self.app.config
        ):  # the first-run pane is showing; nothing to describe yet
            self.spawn(self._refresh_agent_ui())

    async def _refresh_agent_ui(self) -> None:
        await self.agent_bar.refresh(self.actions_controller)
        self._on_shown_session_changed()

    # ------------------------------------------------------------------ first run
    def _showing_chat(self) -> bool:
        """The chat is shown, not the first-run pane."""
        return self.stack.currentWidget() is self.chat_page

    def _show_setup_or_chat(self) -> None:
        if self.first_run.needed():
            self.first_run.show_pane()
            return
        self.stack.setCurrentWidget(self.chat_page)
        last = self.app.settings.last_session_id
        if last and last in self.sidebar.session_ids():
            self.open_session(last)
        self.focus_composer()  # what a returning user types at once goes into the message box

    def setup_done(self) -> None:
        self.agent_bar.fill()
        self.stack.setCurrentWidget(self.chat_page)
        self.refresh_agent_ui()
        self.focus_composer()

    # ------------------------------------------------------------------ window life
    def setVisible(self, visible: bool) -> None:
        # Rather than showEvent: no Python event handler runs before the first paint, so
        # PySide need not build its QEvent classes yet (start-up time).
        super().setVisible(visible)
        if visible:
            self.layout_keeper.apply_splitter_state()

    def save_geometry(self) -> None:
        settings = self.app.settings
        self.layout_keeper.save(settings)
        settings.last_session_id = self.session.session_id if self.session else None
        self.app.configuration.save_settings()

    def closeEvent(self, event: QCloseEvent) -> None:
        try:
            self.save_geometry()
        except (OSError, ValueError) as error:
            log.warning("could not save the window layout: %s", error)
        if self.desktop is not None:
            self.desktop.release()  # the quick entry keys go back to the other apps at once
        if self.stop_following_settings is not None:
            self.stop_following_settings()
            self.stop_following_settings = None
        if self.unsent_text is not None:
            self.unsent_text.close()
        if self.conversations is not None:
            # Every chat, shown or not; quitting waits for none. Answers cut short say why.
            self.conversations.stop_all(QUIT)
        if "remote_chats" in self.__dict__:
            # Chats on agent servers go on there; this window only stops following them. The
            # servers it started stop now, not in a task the ending loop might never run.
            self.remote_chats.stop_local_servers()
            self.spawn(self.remote_chats.aclose(), ends_with_window=False)
        self.tasks.cancel_window_tasks()
        if self.app_views is not None:
            self.app_views.stop()
        super().closeEvent(event)

    def spawn(
        self, coroutine: Coroutine[Any, Any, Any], *, ends_with_window: bool = True
    ) -> asyncio.Task[Any]:
        return self.tasks.spawn(coroutine, ends_with_window=ends_with_window)

    def _data_commands(self, command: Callable[[DataCommands], None]) -> None:
        """File → Export all my data / Import data, once the application has loaded."""
        if "data_commands" in self.__dict__:
            command(self.data_commands)

    def open_schedules(self, session_id: str | None = None) -> None:
        """The Schedules window, once the application has loaded (see `SchedulesOpener`)."""
        if "schedules_opener" in self.__dict__:
            self.schedules_opener.open(session_id)

    def _announce_schedule_run(self, heading: str, text: str) -> None:
        tray = self.desktop.tray if self.desktop is not None else None
        if tray is None or not tray.announce(heading, text):
            self.show_notice(f"{heading} — {text}", seconds=12)

    def show_error(self, text: str) -> None:
        self.notices.show_error(text)

    def open_settings(self) -> None:
        if self.settings_opener is not None:  # the application has loaded
            self.settings_opener.open()

    def activate_from_another_launch(self, files: list[Path]) -> None:
        """Another launch on this data folder handed over: come to the front, import its files."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()
        if files and self.app is not None:
            self.spawn(self.import_sessions(files))

    def quick_entry(self) -> None:
        """The quick entry shortcut or `agent-desktop --quick-entry`: the window comes forward
        with the message box ready: of the chat shown while it is new or holds a draft,
        otherwise of a new chat."""
        self.activate_from_another_launch([])
        if self.app is None or not self._showing_chat():
            # Still starting, or first-run setup: the window is all there is to show.
            log.info("quick entry: the window is shown (no chat yet)")
            return
        draft = self.composer.text().strip() or self.composer.chips()
        if self.session is not None and not draft:
            self.new_chat()
            chat = "a new chat"
        else:
            self.focus_composer()
            chat = "the chat shown"
        log.info("quick entry: the message box of %s is ready", chat)

    def focus_composer(self) -> None:
        self.composer.take_focus()

    # ---------------------------------------------------------- drag and drop (whole window)
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        from agent_desktop.window.dropped_paths import drop_hint

        paths = local_paths(event.mimeData())
        if paths and accept_as_copy(event):
            self.composer.show_drop_target(True, drop_hint(paths))

    def dragLeaveEvent(self, event: Any) -> None:
        self.composer.show_drop_target(False)

    def dragMoveEvent(self, event: Any) -> None:
        if local_paths(event.mimeData()):
            accept_as_copy(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.composer.show_drop_target(False)
        paths = local_paths(event.mimeData())
        if paths and accept_as_copy(event):
            if self.dropped_paths is None:  # still starting: the composer says so
                self.composer.attach_files(paths)
            else:
                self.dropped_paths.take(paths)  # files attached; folders asked about
