"""The main window: wires the sidebar, the chat column and the menus to the open conversations.

Each chat is a `Conversation` (agent_app, no Qt) holding the only live copy of its session; the
window shows one at a time through a `ConversationBinding`, while others may go on working (a
chat waiting for approval is badged in the sidebar). Plugin questions go through the application's
plugin-query facade, off the GUI thread. The parts live in their own modules: `chat_column`,
`conversation_binding`, `agent_bar`, `window_menus`, `session_files`, `notice_bar`.
"""

from __future__ import annotations

import logging
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QLabel,
    QMainWindow,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from agent_desktop import session_files
from agent_desktop.agent_bar import AgentBar
from agent_desktop.chat_column import COMPOSER_MAX_WIDTH, ChatColumn, centred_row
from agent_desktop.composer import AttachmentIntake, local_paths
from agent_desktop.conversation_binding import ConversationBinding
from agent_desktop.first_run import apply_api_key, apply_local_server, needs_setup
from agent_desktop.lazy_qt import Qt
from agent_desktop.notice_bar import NoticeBar
from agent_desktop.sessions_sidebar import SessionSidebar
from agent_desktop.theme import ThemeManager
from agent_desktop.window_menus import WindowMenus

if TYPE_CHECKING:
    # asyncio and agent_app load after the window is on screen (start-up time).
    import asyncio

    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent

    from agent_app.application import AgentApplication
    from agent_app.conversation import Conversation, Conversations
    from agent_core import Session
    from agent_desktop.welcome import WelcomePane

log = logging.getLogger(__name__)

UNDO_SECONDS = 10
SESSION_LIST_LIMIT = 200
# Messages loaded for the first paint of a long session; the rest follow a moment later.
HISTORY_PAGE = 150


def _encode_state(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode("ascii")


def _decode_state(text: str) -> QByteArray:
    return QByteArray.fromBase64(QByteArray(text.encode("ascii")))


class MainWindow(QMainWindow):
    """One window over one AgentApplication.

    Built in two steps so it can be on screen before the application (plugins, SDKs, the
    database) has loaded: `MainWindow(theme=...)` builds and shows the widgets, `attach(app)`
    connects them. Passing `app` to the constructor does both at once.
    """

    request_finished = Signal()

    def __init__(
        self, app: Any = None, theme: ThemeManager | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.app: AgentApplication = None  # type: ignore[assignment]  # set by attach()
        self.theme = theme
        self.conversations: Conversations | None = None
        self._splitter_state: QByteArray | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._window_tasks: set[asyncio.Task[Any]] = set()  # cancelled when the window closes
        self.tray: Any = None  # TrayIcon, once attached where the platform has a tray
        self.setWindowTitle("Agent Desktop")
        self.setAccessibleName("Agent Desktop")
        self.setAcceptDrops(True)
        self.resize(1180, 780)
        self._build()
        self.menus = WindowMenus(self)
        self.session_menu = self.menus.session_menu
        self.settings_action = self.menus.settings_action
        self.view_menu = self.menus.view_menu
        if theme is not None:
            theme.changed.connect(self.chat_view.theme_changed)
        self.splitter.setEnabled(False)
        self.state_label.setText("Starting…")
        if app is not None:
            self.attach(app)

    def _build(self) -> None:
        self.sidebar = SessionSidebar()
        self.sidebar.new_chat_requested.connect(self.new_chat)
        self.sidebar.session_selected.connect(self.open_session)
        self.sidebar.message_selected.connect(self.open_message)
        self.sidebar.search_changed.connect(lambda _query: self.refresh_sessions())
        self.sidebar.rename_requested.connect(self.rename_session)
        self.sidebar.delete_requested.connect(self.delete_session)
        self.sidebar.export_requested.connect(self.export_session)
        self.column = column = ChatColumn()
        self.chat_model, self.chat_view, self.composer = (
            column.chat_model,
            column.chat_view,
            column.composer,
        )
        self.session_toolbar, self.title_label = column.session_toolbar, column.title_label
        self.model_picker, self.agent_picker = column.model_picker, column.agent_picker
        self.chat_view.action_requested.connect(self._on_message_action)
        self.chat_view.approval_decided.connect(self._on_approval_decided)
        self.composer.send_requested.connect(self._on_send_requested)
        self.composer.stop_requested.connect(self.stop)
        column.retry_requested.connect(self.retry_last_turn)
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
        self._notice_host = main_layout
        self.splitter = QSplitter()  # horizontal
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setHandleWidth(1)
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(main_column)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([270, 910])
        self.splitter.setCollapsible(1, False)
        self.setCentralWidget(self.splitter)
        status = QStatusBar()
        status.setAccessibleName("Status bar")
        status.setSizeGripEnabled(False)
        self.setStatusBar(status)
        self.state_label = QLabel("Ready")
        self.state_label.setAccessibleName("Request state")
        # A long message is cut at the window's edge; it never widens the window.
        self.state_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        status.addWidget(self.state_label, 1)
        QShortcut(QKeySequence("Ctrl+K"), self, self.sidebar.focus_search)
        QShortcut(QKeySequence("Ctrl+L"), self, self.focus_composer)
        QShortcut(QKeySequence("Ctrl+Shift+C"), self, self.copy_last_code_block)
        self.composer.edit.edit_last_requested.connect(self.edit_last_message)
        # Esc stops a running request; otherwise it stays free for popups and fields.
        self.stop_shortcut = QShortcut(QKeySequence("Esc"), self, self.stop)  # window-wide
        self.stop_shortcut.setEnabled(False)
        self.binding = ConversationBinding(column, self.state_label, self.stop_shortcut)
        self.binding.session_changed.connect(self._on_shown_session_changed)
        self.binding.notice.connect(
            lambda text, seconds: self.notice.show_notice(text, seconds=seconds)
        )
        self.agent_bar = AgentBar(column, status)
        self.agent_bar.agent_changed.connect(self._on_agent_changed)
        self.agent_bar.problem.connect(self.state_label.setText)
        self.status_labels = self.agent_bar.status_labels

    def attach(self, app: Any) -> None:
        """Connect the window to the application and show its sessions."""
        from agent_app.conversation import Conversations
        from agent_desktop.action_dialogs import SessionActionRunner, SessionActionsController
        from agent_desktop.completion import install_completer
        from agent_desktop.empty_chat import EmptyChatHint

        self.app = app
        self.conversations = Conversations(app)
        app.set_approval_handler(self.conversations.ask_approval)
        app.set_elicitation_handler(self.ask_for_input)
        self.composer.intake = AttachmentIntake(
            app.assets, lambda: self.ensure_session().session_id
        )
        self.composer.set_send_key(app.settings.send_key)
        self.agent_bar.attach(app)
        self.action_runner = SessionActionRunner(
            self,
            conversation=lambda: self.conversation,
            selected_range=self.chat_view.selected_message_range,
            show_status=lambda message: self.notice.show_notice(message, seconds=8),
        )
        self.actions_controller = SessionActionsController(
            self.action_runner, menu=self.session_menu, toolbar=self.session_toolbar
        )
        self.chat_view.message_context_menu_requested.connect(
            self.actions_controller.add_message_actions
        )
        self.completer = install_completer(
            self.composer, app, current_agent_id=lambda: self.agent_bar.agent_id
        )
        self._restore_geometry()
        if self.theme is not None:
            self.theme.set_preference(app.settings.theme)
        self.view_menu.attach(app)
        self._install_tray(app)
        self.empty_hint = EmptyChatHint(self.chat_view, self._start_from)
        self.chat_view.set_attachment_reader(app.assets.read_bytes)
        self.chat_view.attachment_activated.connect(self.open_attachment)
        self.splitter.setEnabled(True)
        self._show(self.conversations.new(self.agent_bar.agent_id))
        self.refresh_sessions()
        self._show_setup_or_chat()
        if getattr(app, "notices", None):
            # Problems found while starting (bad settings file, no keyring, broken plugin).
            self.notice.show_notice("\n".join(app.notices))

    async def start_plugins(self) -> None:
        """Start the plugins that start once (agent-adapter `initialize`); say which failed."""
        problems = await self.app.astart()
        if problems:
            self.notice.show_notice("\n".join(problems))

    @cached_property
    def notice(self) -> NoticeBar:
        bar = NoticeBar()
        bar.setMaximumWidth(COMPOSER_MAX_WIDTH)
        self._notice_host.addLayout(centred_row(bar))
        return bar

    @cached_property
    def welcome(self) -> WelcomePane:
        from agent_desktop.welcome import WelcomePane

        pane = WelcomePane()
        pane.detect_requested.connect(self.detect_local_servers)
        pane.local_server_chosen.connect(self._on_local_server_chosen)
        pane.api_key_entered.connect(self._on_api_key_entered)
        self.stack.addWidget(pane)
        return pane

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

    @property
    def agent_id(self) -> str:
        return self.agent_bar.agent_id

    @property
    def request_defaults(self) -> dict[str, Any]:
        return self.agent_bar.request_defaults

    @request_defaults.setter
    def request_defaults(self, overrides: dict[str, Any]) -> None:
        self.agent_bar.request_defaults = overrides

    def _show(self, conversation: Conversation) -> None:
        previous = self.binding.conversation
        if conversation not in self._watched:
            self._watched.add(conversation)
            conversation.subscribe(partial(self._on_any_event, conversation))
        self.binding.show(conversation)
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
                self._step_aside_for_approval(conversation.awaiting_approval)
        elif kind in ("session_created", "title_changed"):
            self.refresh_sessions()  # the sidebar shows a new chat's name at once
        elif kind == "request_finished":
            self.refresh_sessions()
            self.request_finished.emit()
            if conversation is not self.binding.conversation and self.conversations:
                self.conversations.release(conversation)

    def _on_shown_session_changed(self) -> None:
        session = self.session
        self.menus.enable_session_commands(session is not None)
        # The highlight in the list is always the chat shown, however it came to be shown.
        self.sidebar.mark_current(session.session_id if session is not None else None)
        if "actions_controller" in self.__dict__:
            self.actions_controller.follow_session(session.metadata if session else {})
        self.update_status_bar()

    def update_status_bar(self) -> None:
        conversation = self.binding.conversation
        self.agent_bar.update_status_bar(
            conversation.last_assistant_message if conversation else lambda: None
        )

    # ------------------------------------------------------------------ sessions
    def refresh_sessions(self) -> None:
        """Show the sessions, or the results of the search typed in the sidebar (found on a
        worker thread; a result for text no longer typed is dropped)."""
        from agent_app.store import StoreError

        query = self.sidebar.query()
        if query:
            self.spawn(self._show_search_results(query))
            return
        try:  # the newest few hundred rows of one indexed table: quick, unlike a search
            sessions = self.app.list_sessions(limit=SESSION_LIST_LIMIT)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            sessions = []
        self.sidebar.set_sessions(list(sessions), self.conversation.session_id)

    async def _show_search_results(self, query: str) -> None:
        from agent_app.store import StoreError

        try:
            results = await self.app.asearch_sessions(query)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            return
        if self.sidebar.query() == query:
            self.sidebar.set_results(results)

    def ensure_session(self) -> Session:
        return self.conversation.ensure_session()

    def new_chat(self) -> None:
        assert self.conversations is not None
        self._show(self.conversations.new(self.agent_bar.agent_id))
        self.sidebar.list.clearSelection()
        self.focus_composer()

    def open_session(self, session_id: str) -> None:
        """Show a session. A long one paints its newest messages first; the older ones are
        added above them right after (first paint stays fast however long the chat)."""
        assert self.conversations is not None
        if self.conversation.session_id == session_id:
            return
        total = self.sidebar.message_count(session_id)
        if total is None:
            total = self.app.message_count(session_id)
        page = HISTORY_PAGE if total > HISTORY_PAGE else None
        conversation = self.conversations.open(session_id, page=page)
        if self.agent_bar.select(conversation.agent_id):
            self.refresh_agent_ui()
        self._show(conversation)
        if conversation.index_offset:
            QTimer.singleShot(0, lambda: self.spawn(conversation.load_full_history()))

    def open_message(self, session_id: str, message_index: int, matched: str = "") -> None:
        """Open a session at one of its messages (a search result), scrolled to it; when
        `matched` lies beyond the shown part of a giant message, its whole text opens there."""
        self.open_session(session_id)
        if self.conversation.session_id == session_id:
            self.spawn(self._reveal(message_index, matched))

    async def _reveal(self, message_index: int, matched: str) -> None:
        if message_index < self.conversation.index_offset:
            await self.conversation.load_full_history()
        self.chat_view.reveal_message(message_index, find=matched)

    def rename_session(self, session_id: str, title: str) -> None:
        found = self.conversations.find(session_id) if self.conversations else None
        if found is not None:
            found.rename(title)
        else:
            self.app.rename_session(session_id, title)
        self.refresh_sessions()

    def delete_session(self, session_id: str) -> None:
        item = self.sidebar.item_for(session_id)
        title = item.text() if item is not None else "the chat"
        found = self.conversations.find(session_id) if self.conversations else None
        if found is not None:
            found.stop()
        self.app.delete_session(session_id)
        if self.conversation.session_id == session_id:
            self.new_chat()
        self.refresh_sessions()
        self.notice.show_notice(
            f"Deleted “{title}”.", "Undo", lambda: self.restore_session(session_id), UNDO_SECONDS
        )

    def restore_session(self, session_id: str) -> None:
        self.app.restore_session(session_id)
        self.refresh_sessions()
        self.open_session(session_id)

    def export_session(self, session_id: str, export_format: str) -> None:
        item = self.sidebar.item_for(session_id)
        session_files.choose_export_file(
            self,
            item.text() if item else "chat",
            export_format,
            partial(self._export_in_background, session_id, export_format),
        )

    def _export_in_background(self, session_id: str, export_format: str, path: Path) -> None:
        self.spawn(self.write_export(session_id, export_format, path))

    async def write_export(self, session_id: str, export_format: str, path: Path) -> None:
        said = await session_files.write_export(self.app, session_id, export_format, path)
        self.notice.show_notice(said, seconds=6 if said.startswith("Exported") else 15)

    def choose_imports(self) -> None:
        session_files.choose_import_files(self, self._import_in_background)

    def _import_in_background(self, paths: list[Path]) -> None:
        self.spawn(self.import_sessions(paths))

    async def import_sessions(self, paths: list[Path]) -> None:
        """Import exported chats (File → Import, or files the desktop opened the app with)."""
        imported, problems, already_here = await session_files.import_files(self.app, paths)
        if imported:
            self.refresh_sessions()
            self.open_session(imported[-1])
            copied = len(imported) - len(already_here)
            if copied:
                count = "1 chat" if copied == 1 else f"{copied} chats"
                problems.insert(0, f"Imported {count}.")
        if problems:
            self.show_error("\n".join(problems))

    # ------------------------------------------------------------------ sending and messages
    def _on_send_requested(self, text: str, attachments: list[dict[str, Any]]) -> None:
        self.spawn(self.send_message(text, attachments))

    async def send_message(
        self, text: str, attachments: list[dict[str, Any]] | None = None
    ) -> None:
        from agent_app.conversation import ConversationBusy

        try:
            await self.conversation.send(text, attachments, self.agent_bar.request_overrides())
        except ConversationBusy as error:
            self.show_error(str(error))

    def retry_last_turn(self) -> None:
        """Send the last user message again, dropping whatever answered it."""
        self.spawn(self.conversation.retry(self.agent_bar.request_overrides()))

    def stop(self) -> None:
        if self.conversation.busy:
            self.state_label.setText("Stopping…")
            self.conversation.stop()

    def busy(self) -> bool:
        return self.binding.conversation is not None and self.conversation.busy

    def _on_approval_decided(self, tool_call_id: str, decision: dict[str, Any]) -> None:
        self.conversation.decide(tool_call_id, decision)

    def _on_message_action(self, name: str, index: int) -> None:
        conversation = self.conversation
        if conversation.busy:
            return
        if name == "edit":
            self.composer.set_text(conversation.begin_edit(index))
            self.notice.show_notice(
                "Editing an earlier message: sending starts a new version of the chat from "
                "there; the current one stays (switch with ‹ › on the message).",
                seconds=8,
            )
            self.focus_composer()
        elif name == "fork":
            self.spawn(self._fork(index))
        elif name in ("previous_version", "next_version"):
            self.spawn(self._switch_version(index, -1 if name == "previous_version" else 1))
        elif name == "regenerate":
            self.spawn(conversation.regenerate(index, self.agent_bar.request_overrides()))
        elif name == "delete":
            self.spawn(conversation.delete(index))

    async def _fork(self, index: int) -> None:
        """A new chat holding this one's messages up to and including message `index`."""
        import asyncio

        from agent_app.assets import AssetError
        from agent_app.export import fork_session
        from agent_app.store import StoreError

        source = self.session
        if source is None:
            return
        title = f"{source.metadata.get('title') or 'Chat'} (fork)"
        self.state_label.setText("Forking the chat…")
        try:  # attachments are copied for the fork: off the GUI thread
            fork = await asyncio.to_thread(
                fork_session, self.app.store, self.app.assets, source, index, title
            )
        except (AssetError, StoreError, OSError) as error:
            self.show_error(f"Could not fork the chat: {error}")
            return
        self.refresh_sessions()
        self.open_session(fork.session_id)
        self.state_label.setText(f"Forked into “{title}”.")

    def edit_last_message(self) -> None:
        """Up in the empty message box: edit the last message the user sent."""
        session = self.session
        if session is None or self.busy():
            return
        for position in range(len(session.messages) - 1, -1, -1):
            if session.messages[position].role == "user":
                self._on_message_action("edit", self.conversation.index_offset + position)
                return

    def copy_last_code_block(self) -> None:
        if not self.chat_view.copy_last_code_block():
            self.state_label.setText("This chat has no code block to copy.")

    def edit_chat_instructions(self) -> None:
        from agent_app.instructions import chat_instructions
        from agent_desktop.instructions_dialog import InstructionsDialog

        agent = self.app.config.agents.get(self.agent_id)
        agent_text = (agent.system_prompt or "") if agent is not None else ""
        current = chat_instructions(self.session.metadata if self.session else None)
        dialog = InstructionsDialog(self, current, agent_text)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.saved.connect(self.set_chat_instructions)
        dialog.open()

    async def _switch_version(self, index: int, step: int) -> None:
        # Saved off the GUI thread: save-prepare actions may call a model.
        await self.conversation.switch_version(index, step)
        self.refresh_sessions()  # the chat's preview is its newest message, now another one

    def set_chat_instructions(self, text: str) -> None:
        """Keep the chat's own instructions with it ("" gives the agent's back)."""
        from agent_app.instructions import CHAT_INSTRUCTIONS_KEY

        self.spawn(self.conversation.set_metadata(CHAT_INSTRUCTIONS_KEY, text or None))
        self.state_label.setText(
            "This chat has its own instructions."
            if text
            else "This chat uses its agent's instructions."
        )

    # ------------------------------------------------------------------ approvals and input
    async def ask_for_input(self, request: dict[str, Any]) -> dict[str, Any]:
        """The application's elicitation handler: a tool server's form (or link) as a dialog."""
        from agent_desktop.elicitation import ask_user

        self.state_label.setText(f"{request.get('server')} is asking for your input")
        return await ask_user(request, self)

    def focus_approval(self) -> bool:
        """Move the keyboard to the oldest approval prompt of this chat; False if none waits."""
        for request in self.conversation.pending_approvals():
            prompt = self.chat_view.approval_prompt(str(request.get("tool_call_id")))
            if prompt is not None and prompt.isVisible():
                prompt.take_focus()
                return True
        return False

    def _step_aside_for_approval(self, waiting: bool) -> None:
        """A session action's own request (a feature calling `app.send_request`) may ask while
        the action's window-modal progress dialog is up: it steps aside for the prompt."""
        progress = self.action_runner.progress_dialog
        if progress is None:
            return
        if waiting and progress.isVisible():
            progress.hide()
        elif not waiting and not progress.isVisible():
            progress.open()

    # ------------------------------------------------------------------ agents and plugins
    def _on_agent_changed(self, agent_id: str) -> None:
        self.conversation.switch_agent(agent_id)
        self.refresh_agent_ui()

    def refresh_agent_ui(self) -> None:
        if not needs_setup(self.app):  # the first-run pane is showing; nothing to describe yet
            self.spawn(self._refresh_agent_ui())

    async def _refresh_agent_ui(self) -> None:
        await self.agent_bar.refresh(self.actions_controller)
        self._on_shown_session_changed()

    def request_overrides(self) -> dict[str, Any]:
        return self.agent_bar.request_overrides()

    # ------------------------------------------------------------------ first run
    def _show_setup_or_chat(self) -> None:
        if needs_setup(self.app):
            self.stack.setCurrentWidget(self.welcome)
            QTimer.singleShot(0, self.detect_local_servers)
        else:
            self.stack.setCurrentWidget(self.chat_page)
            last = self.app.settings.last_session_id
            if last and last in self.sidebar.session_ids():
                self.open_session(last)

    def detect_local_servers(self) -> None:
        self.welcome.set_detecting()
        self.spawn(self._detect_local_servers())

    async def _detect_local_servers(self) -> None:
        import asyncio

        # Where a key would be kept is said before one is typed; asking the keyring may block.
        loop = asyncio.get_running_loop()
        problem = await loop.run_in_executor(None, lambda: self.app.secrets.headline)
        self.welcome.set_key_storage(problem)
        try:
            servers = await self.app.detect_local_servers()
        except (OSError, RuntimeError, ValueError) as error:
            self.welcome.set_servers([], f"Could not look for local servers: {error}")
            return
        self.welcome.set_servers(list(servers))

    def _on_local_server_chosen(self, server: dict[str, Any]) -> None:
        result = apply_local_server(self.app, server)
        if not result.ok:
            self.welcome.set_servers([], "; ".join(result.problems.values()))
            return
        self._setup_done()

    def _on_api_key_entered(
        self, kind: int, key: str, base_url: str, model: str, session_only: bool
    ) -> None:
        result = apply_api_key(self.app, kind, key, base_url, model, session_only=session_only)
        if not result.ok:
            self.welcome.show_key_problem("; ".join(result.problems.values()))
            return
        self._setup_done()
        if result.notices:
            self.notice.show_notice("\n".join(result.notices))

    def _setup_done(self) -> None:
        self.agent_bar.fill()
        self.stack.setCurrentWidget(self.chat_page)
        self.refresh_agent_ui()
        self.focus_composer()

    # ------------------------------------------------------------------ geometry
    def _restore_geometry(self) -> None:
        settings = self.app.settings
        if settings.window_geometry:
            self.restoreGeometry(_decode_state(settings.window_geometry))
        if settings.window_state:
            self.restoreState(_decode_state(settings.window_state))
        if settings.splitter_state:
            # Sizes only stick once the window has its final size: now if shown, else on show.
            self._splitter_state = _decode_state(settings.splitter_state)
            if self.isVisible():
                self._apply_splitter_state()

    def setVisible(self, visible: bool) -> None:
        # Rather than showEvent: no Python event handler runs before the first paint, so
        # PySide need not build its QEvent classes yet (start-up time).
        super().setVisible(visible)
        if visible:
            self._apply_splitter_state()

    def _apply_splitter_state(self) -> None:
        state, self._splitter_state = self._splitter_state, None
        if state is not None:
            self.splitter.restoreState(state)

    def save_geometry(self) -> None:
        settings = self.app.settings
        settings.window_geometry = _encode_state(self.saveGeometry())
        settings.window_state = _encode_state(self.saveState())
        settings.splitter_state = _encode_state(self.splitter.saveState())
        settings.last_session_id = self.session.session_id if self.session else None
        self.app.save_settings()

    def closeEvent(self, event: QCloseEvent) -> None:
        try:
            self.save_geometry()
        except (OSError, ValueError) as error:
            log.warning("could not save the window layout: %s", error)
        if self.conversations is not None:
            self.conversations.stop_all()  # every chat, shown or not; quitting waits for none
        # What the window started for itself (refreshing its panes, imports) would otherwise
        # resume after its widgets are gone.
        for task in list(self._window_tasks):
            task.cancel()
        super().closeEvent(event)

    def _install_tray(self, app: Any) -> None:
        """The tray icon, where the platform has a tray and the user wants one."""
        from agent_desktop.icons import app_icon
        from agent_desktop.tray import TrayIcon

        self.setWindowIcon(app_icon())
        if self.tray is None and app.settings.tray_icon and TrayIcon.available():
            self.tray = TrayIcon(self, self.new_chat)
            self.request_finished.connect(
                lambda: self.tray is not None and self.tray.announce_answer(self.title_label.text())
            )
        if self.tray is not None:
            self.tray.set_shown(app.settings.tray_icon)

    # ------------------------------------------------------------------ helpers
    def spawn(self, coroutine: Any, *, ends_with_window: bool = True) -> asyncio.Task[Any]:
        """Run a coroutine as a task; failures reach sys.excepthook (logged + notice).

        Closing the window cancels the tasks that only serve it (`ends_with_window`); the
        application's own start-up work (plugins, tool servers) is left to its `aclose`."""
        import asyncio

        task: asyncio.Task[Any] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        if ends_with_window:
            self._window_tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        import sys

        self._tasks.discard(task)
        self._window_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            error = task.exception()
            assert error is not None
            sys.excepthook(type(error), error, error.__traceback__)

    def show_error(self, text: str) -> None:
        self.notice.show_notice(text, seconds=15)

    def activate_from_another_launch(self, files: list[Path]) -> None:
        """Another launch on this data folder handed over: come to the front, import its files."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()
        if files and self.app is not None:
            self.spawn(self.import_sessions(files))

    def open_attachment(self, part: dict[str, Any]) -> None:
        """A sent attachment was clicked: show it, with Save as… and Open."""
        from agent_app.assets import AssetError
        from agent_desktop.attachment_preview import AttachmentPreview

        try:
            record = self.app.assets.get(str(part.get("asset_id")))
        except AssetError as error:
            self.show_error(str(error))
            return
        preview = AttachmentPreview(
            self, part, record, self.app.assets.read_bytes, self.app.paths.cache_dir / "opened"
        )
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        preview.show()

    def _start_from(self, prompt: str) -> None:
        """A starter was picked on an empty chat: the prompt waits in the composer, unsent."""
        self.composer.set_text(prompt)
        self.focus_composer()

    def focus_composer(self) -> None:
        self.composer.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    # ---------------------------------------------------------- drag and drop (whole window)
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()
            self.composer.show_drop_target(True)

    def dragLeaveEvent(self, event: Any) -> None:
        self.composer.show_drop_target(False)

    def dragMoveEvent(self, event: Any) -> None:
        if local_paths(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        self.composer.show_drop_target(False)
        paths = local_paths(event.mimeData())
        if paths:
            event.acceptProposedAction()
            self.composer.attach_files(paths)

    # ---------------------------------------------------------- settings (forms engineer's dialog)
    def open_settings(self) -> None:
        from agent_desktop.settings_dialog import open_settings_dialog

        self.settings_dialog = open_settings_dialog(self, self.app, self.agent_id)
        self.settings_dialog.applied.connect(self.settings_applied)

    def settings_applied(self) -> None:
        """Settings or config changed: theme, send key, agents and plugin UI follow."""
        notices = getattr(self.settings_dialog, "notices", None)
        if notices:
            self.notice.show_notice("\n".join(notices))
        if self.theme is not None:
            self.theme.set_preference(self.app.settings.theme)
        self.view_menu.sync_theme(self.app.settings.theme)
        self._install_tray(self.app)
        self.composer.set_send_key(self.app.settings.send_key)
        if self.app.config.agents.get(self.agent_id) is None:
            self.agent_bar.agent_id = "default"
        self.agent_bar.fill()
        if self.stack.currentWidget() is not self.chat_page and not needs_setup(self.app):
            self._setup_done()
        else:
            self.refresh_agent_ui()
