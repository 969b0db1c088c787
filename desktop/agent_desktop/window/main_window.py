"""The main window: assembles the window's parts and wires their signals; it does no work itself.

Each chat is a `Conversation` (agent_app, no Qt) holding the only live copy of its session; the
window shows one at a time through a `ConversationBinding`, while others may go on working (a
chat waiting for approval is badged in the sidebar). What the window's parts do lives with them
(desktop/README.md, "The window's parts", maps them): each is built with the services, the
widgets and the few callables it uses (see `toolkit.window_support`), never the window. The
window keeps the names the entry point and the tests use, each handing over to its part.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMainWindow, QWidget

from agent_app.turn_outcome import QUIT
from agent_desktop.composer.message_composer import AttachmentIntake
from agent_desktop.sidebar.session_list import SessionSidebar
from agent_desktop.toolkit.theme import ThemeManager
from agent_desktop.window.agent_bar import AgentBar
from agent_desktop.window.bring_forward import BringForward
from agent_desktop.window.central_area import lay_out_central_area
from agent_desktop.window.chat_column import ChatColumn
from agent_desktop.window.chat_controls import connect_chat_controls
from agent_desktop.window.conversation_binding import ConversationBinding
from agent_desktop.window.file_drops import WindowDrops
from agent_desktop.window.geometry import WindowLayout
from agent_desktop.window.menus import MenuCommands, WindowMenus
from agent_desktop.window.message_actions import MessageActions
from agent_desktop.window.notice_bar import NoticeBar
from agent_desktop.window.sending import ChatSending
from agent_desktop.window.settings_follow import (
    DesktopIntegration,
    SettingsOpener,
    follow_settings,
)
from agent_desktop.window.tasks import WindowTasks
from agent_desktop.window.view_menu import ViewMenu, ViewTargets
from agent_desktop.window.window_keys import install_window_keys

if TYPE_CHECKING:
    # asyncio and agent_app load after the window is on screen (start-up time).
    import asyncio
    from collections.abc import Callable, Coroutine
    from pathlib import Path

    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QLabel

    from agent_app.application import AgentApplication
    from agent_app.conversation import Conversation, Conversations
    from agent_core import Session
    from agent_desktop.composer.unsent_text import UnsentTextKeeper
    from agent_desktop.first_run.welcome import WelcomePane
    from agent_desktop.settings.dialog import SettingsDialog
    from agent_desktop.system.global_shortcut import GlobalShortcut
    from agent_desktop.toolkit.translations import Translations
    from agent_desktop.window.app_view_wiring import WindowAppViews
    from agent_desktop.window.data_commands import DataCommands
    from agent_desktop.window.dropped_paths import DroppedPaths
    from agent_desktop.window.project_chats import ProjectChats
    from agent_desktop.window.schedules_opening import WindowSchedules

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
        self.data_commands: DataCommands | None = None  # once attached
        self.schedules: WindowSchedules | None = None  # once attached
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
        """The widgets of the first paint, and what works before the application has loaded."""
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
        self.model_picker, self.agent_picker = column.model_picker, column.agent_picker
        self.chat_page = column
        self.stack, self.splitter, self.notices = lay_out_central_area(self, self.sidebar, column)
        self.agent_bar: AgentBar = AgentBar(column)
        self.setStatusBar(self.agent_bar.status_bar)
        self.state_label: QLabel = self.agent_bar.state_label
        self.status_labels = self.agent_bar.status_labels
        self.sending = ChatSending(
            lambda: self.binding.conversation,
            self.composer,
            self.agent_bar.request_overrides,
            say=self.state_label.setText,
            show_notice=self.notices.show_notice,
            show_error=self.show_error,
            spawn=self.spawn,
        )
        connect_chat_controls(
            column,
            self.agent_bar,
            self.sending,
            shown=lambda: self.conversation,
            edit_instructions=lambda: self.message_actions.edit_chat_instructions(),
            refresh_agent_ui=self.refresh_agent_ui,
            spawn=self.spawn,
        )
        self.stop_shortcut = install_window_keys(
            self,
            focus_search=self.sidebar.focus_search,
            focus_composer=self.composer.take_focus,
            copy_last_code_block=lambda: self.message_actions.copy_last_code_block(),
            stop=self.sending.stop,
        )
        self.drops = WindowDrops(self.composer, lambda: self.dropped_paths)
        self.bring_forward = BringForward(
            self,
            self.composer,
            loaded=lambda: self.app is not None,
            showing_chat=lambda: self.setup_or_chat.showing_chat(),
            chat_stored=lambda: self.session is not None,
            new_chat=self.new_chat,
            import_files=self.import_sessions,
            spawn=self.spawn,
        )
        self.binding: ConversationBinding = ConversationBinding(
            column, self.state_label, self.stop_shortcut
        )
        self.binding.notice.connect(
            lambda text, seconds: self.notices.show_notice(text, seconds=seconds)
        )
        self.binding.chat_free.connect(self.notices.withdraw_busy_notice)

    def attach(self, app: Any) -> None:
        """Connect the window to the application and show its sessions."""
        from agent_app.conversation import Conversations
        from agent_desktop.composer.completion import install_completer
        from agent_desktop.composer.unsent_text import UNSENT_TEXT_FILE_NAME, UnsentTextKeeper
        from agent_desktop.window.chat_header import ShownChatHeader
        from agent_desktop.window.chat_view_wiring import wire_chat_view
        from agent_desktop.window.data_commands import DataCommands
        from agent_desktop.window.project_wiring import install_projects
        from agent_desktop.window.schedules_opening import WindowSchedules
        from agent_desktop.window.session_actions_wiring import install_session_actions
        from agent_desktop.window.setup_or_chat import SetupOrChat
        from agent_desktop.window.tool_wiring import wire_tools

        self.app = app
        # The first paint is done (the entry point attaches the shown window): these widgets
        # follow style, font and language changes from now on (`toolkit.event_reactions`).
        self.chat_view.follow_language()
        self.composer.edit.follow_style_and_font()
        self.conversations = Conversations(app.sessions, app, app.plugin_queries)
        app.set_approval_handler(self.conversations.ask_approval)
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
        self.project_chats, self.dropped_paths = install_projects(
            app.projects,
            app.plugin_queries,
            titles_of=app.sessions.titles_of,
            new_conversation=lambda: self.switching.new_conversation(),
            open_session=self.open_session,
            discard_chat=lambda session_id: self.sessions.discard(session_id),
            sidebar=self.sidebar,
            binding=self.binding,
            agent_bar=self.agent_bar,
            composer=self.composer,
            dialog_parent=self,
            tell=lambda text: self.notices.show_notice(text, seconds=12),
            notice_with_undo=self.notices.notice_with_undo,
            spawn=self.spawn,
        )
        self._build_chat_parts(app, self.conversations)
        self.action_runner, self.actions_controller = install_session_actions(
            lambda: self.conversation,
            self.chat_view,
            session_menu=self.session_menu,
            header_menu=self.column.plugin_actions_menu,
            dialog_parent=self,
            show_notice=self.notices.show_notice,
        )
        self.setup_or_chat = SetupOrChat(
            self.stack,
            self.chat_page,
            app.configuration,
            app.plugins,
            listed=self.sidebar.session_ids,
            open_session=self.open_session,
            fill_agents=self.agent_bar.fill,
            refresh_agent_ui=self.refresh_agent_ui,
            focus_composer=self.composer.take_focus,
            show_notice=self.notices.show_notice,
            spawn=self.spawn,
        )
        self.first_run = self.setup_or_chat.first_run
        self.header = ShownChatHeader(
            lambda: self.binding.conversation,
            menus=self.menus,
            sidebar=self.sidebar,
            column=self.column,
            actions=self.actions_controller,
            agent_bar=self.agent_bar,
            server_chat_of=self.remote_chats.chat_of,
            setting_up=self.first_run.needed,
            spawn=self.spawn,
        )
        self.binding.session_changed.connect(self.header.follow)
        self.menus.quit_from_every_window()
        self.completer = install_completer(
            self.composer, app, current_agent_id=lambda: self.agent_bar.agent_id
        )
        self.tool_servers, self.app_views = wire_tools(
            app.tool_servers,
            app.tool_tasks,
            app.app_views,
            keyring_name=lambda: app.secrets.headline,
            chat_view=self.chat_view,
            composer=self.composer,
            dialog_parent=self,
            shown_session_id=lambda: self.conversation.session_id,
            open_chat=self.open_session,
            send_from_view=self.sending.send_from_view,
            say=self.state_label.setText,
            tell=lambda text: self.statusBar().showMessage(text, 10_000),
            spawn=self.spawn,
        )
        self.layout_keeper.restore(app.settings)
        self.desktop = DesktopIntegration(
            self,
            new_chat=self.new_chat,
            quick_entry=self.quick_entry,
            show_error=self.show_error,
            answer_finished=self.request_finished,
            answer_title=self.title_label.text,
        )
        self.schedules = WindowSchedules(
            self.conversations,
            app.configuration,
            app.model_catalog,
            app.paths,
            dialog_parent=self,
            open_chat=self.open_session,
            chat_title=self.title_label.text,
            tray=lambda: self.desktop.tray if self.desktop is not None else None,
            show_notice=self.notices.show_notice,
            spawn=self.spawn,
        )
        self.schedule_runs = self.schedules.runs
        self.data_commands = DataCommands(
            app.sessions,
            app.projects,
            app.paths,
            app.configuration,
            dialog_parent=self,
            refresh_chats=self.refresh_sessions,
            spawn=self.spawn,
            tell=lambda text: self.notices.show_notice(text, seconds=15),
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
            showing_chat=self.setup_or_chat.showing_chat,
            setup_done=self.setup_done,
            refresh_agent_ui=self.refresh_agent_ui,
            show_notice=self.notices.show_notice,
            run_in_background=partial(self.spawn, ends_with_window=False),
        )
        self.settings_opener = opener = SettingsOpener(self, app, lambda: self.agent_bar.agent_id)
        self.empty_hint, self.linked_items = wire_chat_view(
            self.chat_view,
            app.sessions.assets,
            app.paths.cache_dir / "opened",
            dialog_parent=self,
            write_message=partial(self.composer.set_text, focus=True),
            open_settings=opener.open,
            project_folders=lambda: [project.folder for project in app.projects.all()],
            spawn=self.spawn,
            tell=lambda text: self.notices.show_notice(text, seconds=8),
            show_error=self.show_error,
        )
        self.splitter.setEnabled(True)
        self.switching.show(self.conversations.new(self.agent_bar.agent_id))
        self.refresh_sessions()
        self.setup_or_chat.show_at_start()
        if getattr(app, "notices", None):
            # Problems found while starting (bad settings file, no keyring, broken plugin).
            self.notices.show_notice("\n".join(app.notices))

    def _build_chat_parts(self, app: AgentApplication, conversations: Conversations) -> None:
        """The parts that work on the application's chats, each handed what it uses."""
        from agent_desktop.window.chat_parts import WindowChats

        chats = WindowChats(
            app.sessions,
            conversations,
            app.paths,
            app.secrets,
            sidebar=self.sidebar,
            binding=self.binding,
            agent_bar=self.agent_bar,
            dialog_parent=self,
            refresh_agent_ui=self.refresh_agent_ui,
            focus_composer=self.composer.take_focus,
            answer_finished=self.request_finished.emit,
            approval_pending=lambda waiting: self.action_runner.step_aside_for_approval(waiting),
            show_actions=lambda elements, actions: self.actions_controller.set_actions(
                elements, actions
            ),
            open_schedules=self.open_schedules,
            show_notice=self.notices.show_notice,
            show_error=self.show_error,
            spawn=self.spawn,
        )
        self.sessions, self.remote_chats = chats.sessions, chats.remote_chats
        self.switching, self.chat_commands = chats.switching, chats.commands
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
            show_notice=self.notices.show_notice,
            show_error=self.show_error,
        )

    def _data_commands(self, command: Callable[[DataCommands], None]) -> None:
        """File → Export all my data / Import data, once the application has loaded."""
        if self.data_commands is not None:
            command(self.data_commands)

    def open_schedules(self, session_id: str | None = None) -> None:
        """The Schedules window, once the application has loaded (see `schedules_opening`)."""
        if self.schedules is not None:
            self.schedules.open(session_id)

    async def start_plugins(self) -> None:
        """Start the plugins that start once (agent-adapter `initialize`); say which failed."""
        if await self.app.astart():
            # All start-up problems in one notice (`astart` adds its own to them): its own
            # notice would hide what the first one said was set aside, and where.
            self.notices.show_notice("\n".join(self.app.notices))

    # ------------------------------------------------------------------ the parts, by name
    @property
    def notice(self) -> NoticeBar:
        """The notice bar (built by this first use when no notice has built it yet)."""
        return self.notices.bar

    def show_error(self, text: str) -> None:
        self.notices.show_error(text)

    @property
    def welcome(self) -> WelcomePane:
        return self.first_run.welcome

    @property
    def settings_dialog(self) -> SettingsDialog | None:
        """The Settings dialog opened last, once it is open."""
        return self.settings_opener.dialog if self.settings_opener is not None else None

    def open_settings(self) -> None:
        if self.settings_opener is not None:  # the application has loaded
            self.settings_opener.open()

    @property
    def global_shortcut(self) -> GlobalShortcut | None:
        """The quick entry shortcut, once the settings were applied."""
        return self.desktop.global_shortcut if self.desktop is not None else None

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
    def request_defaults(self) -> dict[str, Any]:
        return self.agent_bar.request_defaults

    @request_defaults.setter
    def request_defaults(self, overrides: dict[str, Any]) -> None:
        self.agent_bar.request_defaults = overrides

    def new_chat(self) -> None:
        self.switching.new_chat()

    def open_session(self, session_id: str) -> None:
        self.switching.open(session_id)

    async def aopen_session(self, session_id: str) -> bool:
        return await self.switching.aopen(session_id)

    def refresh_sessions(self) -> None:
        self.sessions.refresh()

    async def import_sessions(self, paths: list[Path]) -> None:
        await self.sessions.import_files(paths)

    async def send_message(
        self, text: str, attachments: list[dict[str, Any]] | None = None
    ) -> None:
        await self.sending.send(text, attachments)

    def busy(self) -> bool:
        return self.sending.busy()

    def refresh_agent_ui(self) -> None:
        self.header.refresh_agent_ui()

    async def _refresh_agent_ui(self) -> None:
        await self.header.describe_agent()

    def setup_done(self) -> None:
        self.setup_or_chat.setup_done()

    def activate_from_another_launch(self, files: list[Path]) -> None:
        self.bring_forward.activate(files)

    def quick_entry(self) -> None:
        self.bring_forward.quick_entry()

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

    # Files dragged anywhere over the window (see file_drops).
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.drops.enter(event)

    def dragLeaveEvent(self, event: Any) -> None:
        self.drops.leave()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.drops.move(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.drops.drop(event)
