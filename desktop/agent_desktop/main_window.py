"""The main window: sessions sidebar, chat view, composer, agent/model picker, status bar.

Every application call goes through `AgentApplication` (passed in); widgets below only emit what
the user asked for. Long work runs as asyncio tasks on the qasync loop; slots stay thin.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QStatusBar,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from agent_app.turn_outcome import ENDING_LABELS, turn_outcome
from agent_desktop.chat_model import ChatModel
from agent_desktop.chat_view import ChatView
from agent_desktop.composer import AttachmentIntake, Composer, local_paths
from agent_desktop.first_run import apply_api_key, apply_local_server, needs_setup
from agent_desktop.icons import ui_icon
from agent_desktop.lazy_qt import Qt
from agent_desktop.sessions_sidebar import SessionSidebar
from agent_desktop.shortcuts import APPROVAL_SHORTCUT
from agent_desktop.theme import ThemeManager
from agent_desktop.ui_templates import elements_of, render_element

if TYPE_CHECKING:
    # asyncio and agent_core load after the window is on screen (start-up time), so they are
    # imported where they are used.
    import asyncio

    from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent

    from agent_core import Session
    from agent_desktop.turn_outcome_panel import TurnOutcomePanel
    from agent_desktop.welcome import WelcomePane

log = logging.getLogger(__name__)

UNDO_SECONDS = 10
SESSION_FILE_SUFFIX = ".agent-session.json"  # the exported-chat file type (see resources/)
SESSION_LIST_LIMIT = 200
COMPOSER_MAX_WIDTH = 860
# Messages loaded for the first paint of a long session; the rest follow a moment later.
HISTORY_PAGE = 150
TITLE_CHARS = 60
TITLE_MIN_WIDTH = 60


def replace(session: Session, **changes: Any) -> Session:
    """`dataclasses.replace`, imported on first use: nothing before the first paint needs it."""
    import dataclasses

    return dataclasses.replace(session, **changes)


def _encode_state(data: QByteArray) -> str:
    return bytes(data.toBase64().data()).decode("ascii")


def _decode_state(text: str) -> QByteArray:
    return QByteArray.fromBase64(QByteArray(text.encode("ascii")))


class NoticeBar(QFrame):
    """A dismissible one-line notice with an optional action button (e.g. Undo)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noticeBar")
        self.setAccessibleName("Notice")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 6, 6)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.action_button = QPushButton()
        self.action_button.setAccessibleName("Notice action")
        close = QPushButton("Dismiss")
        close.setAccessibleName("Dismiss notice")
        close.clicked.connect(self.hide)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.action_button)
        layout.addWidget(close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self._callback: Any = None
        self.action_button.clicked.connect(self._run_action)
        self.hide()

    def show_notice(
        self, text: str, action: str | None = None, callback: Any = None, seconds: float = 0
    ) -> None:
        self.label.setText(text)
        self._callback = callback
        self.action_button.setText(action or "")
        self.action_button.setVisible(bool(action))
        self.show()
        if seconds:
            self._timer.start(int(seconds * 1000))
        else:
            self._timer.stop()

    def _run_action(self) -> None:
        callback, self._callback = self._callback, None
        self.hide()
        if callback is not None:
            callback()


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
    ) -> None:
        super().__init__(parent)
        self.app: Any = None
        self.theme = theme
        self._session: Session | None = None
        self._session_actions: list[QAction | QToolButton] = []
        self.agent_id = "default"
        self.ui_schema: list[dict[str, Any]] = []
        self._request_task: asyncio.Task[None] | None = None
        self._request_id: str | None = None
        self._pending_approvals: dict[
            str, tuple[dict[str, Any], asyncio.Future[dict[str, Any]]]
        ] = {}
        self._editing_index: int | None = None
        self._history_pending: str | None = None
        self._splitter_state: QByteArray | None = None
        self._writing_shown = False
        # How the running request ended when not with an answer ("timeout", "failed", ...).
        self._request_ending: str | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        # Fixed per-request overrides (the self-test and demos pin the scripted provider here).
        self.request_defaults: dict[str, Any] = {}
        self.tray: Any = None  # TrayIcon, once attached where the platform has a tray
        self.setWindowTitle("Agent Desktop")
        self.setAccessibleName("Agent Desktop")
        self.setAcceptDrops(True)
        self.resize(1180, 780)
        self._build()
        self._build_menus()
        self._build_shortcuts()
        if theme is not None:
            theme.changed.connect(self.chat_view.theme_changed)
        self.splitter.setEnabled(False)
        self.state_label.setText("Starting…")
        if app is not None:
            self.attach(app)

    def attach(self, app: Any) -> None:
        """Connect the window to the application and show its sessions."""
        self.app = app
        self.intake = AttachmentIntake(app.assets, lambda: self.ensure_session().session_id)
        self.composer.intake = self.intake
        self.composer.set_send_key(app.settings.send_key)
        self._fill_agent_picker()
        self.agent_picker.currentIndexChanged.connect(self._on_agent_changed)
        self._install_plugin_hooks()
        self._restore_geometry()
        app.set_approval_handler(self.ask_approval)
        app.set_elicitation_handler(self.ask_for_input)
        if self.theme is not None:
            self.theme.set_preference(app.settings.theme)
        self.view_menu.attach(app)
        self._install_tray(app)
        from agent_desktop.empty_chat import EmptyChatHint

        self.empty_hint = EmptyChatHint(self.chat_view, self._start_from)
        self.chat_view.set_attachment_reader(app.assets.read_bytes)
        self.chat_view.attachment_activated.connect(self.open_attachment)
        self.splitter.setEnabled(True)
        self.state_label.setText("Ready")
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

    # ------------------------------------------------------------------ construction
    def _build(self) -> None:
        self.sidebar = SessionSidebar()
        self.sidebar.new_chat_requested.connect(self.new_chat)
        self.sidebar.session_selected.connect(self.open_session)
        self.sidebar.message_selected.connect(self.open_message)
        self.sidebar.search_changed.connect(lambda _query: self.refresh_sessions())
        self.sidebar.rename_requested.connect(self.rename_session)
        self.sidebar.delete_requested.connect(self.delete_session)
        self.sidebar.export_requested.connect(self.export_session)

        self.chat_model = ChatModel(self)
        self.chat_view = ChatView(self.chat_model)
        self.chat_view.action_requested.connect(self._on_message_action)
        self.chat_view.approval_decided.connect(self._on_approval_decided)

        self.composer = Composer()
        self.composer.setMaximumWidth(COMPOSER_MAX_WIDTH)
        self.composer.send_requested.connect(self._on_send_requested)
        self.composer.stop_requested.connect(self.stop)
        self.agent_picker = QComboBox()
        self.agent_picker.setObjectName("agentPicker")
        self.agent_picker.setAccessibleName("Agent")
        self.agent_picker.setToolTip("Agent")
        self.agent_picker.hide()  # shown once the application lists more than one agent
        self.model_picker = QComboBox()
        self.model_picker.setObjectName("modelPicker")
        self.model_picker.setAccessibleName("Model")
        self.model_picker.setToolTip("Model for this chat")
        self.model_picker.setEditable(True)
        self.model_picker.setMinimumWidth(180)
        model_line = self.model_picker.lineEdit()
        assert model_line is not None  # the picker is editable
        model_line.setAccessibleName("Model name")
        self.composer.accessory_row.addWidget(self.agent_picker)
        self.composer.accessory_row.addWidget(self.model_picker)

        self.session_toolbar = QToolBar("Session")
        self.session_toolbar.setObjectName("sessionToolbar")
        self.session_toolbar.setAccessibleName("Session toolbar")
        self.session_toolbar.setMovable(False)
        self.title_label = QLabel("New chat")
        self.title_label.setObjectName("sessionTitle")
        self.title_label.setAccessibleName("Conversation title")
        # The title takes the free width of the header and gives it up to the actions: a long
        # title is cut at the edge instead of pushing actions out or widening the window.
        self.title_label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.title_label.setMinimumWidth(TITLE_MIN_WIDTH)
        font = self.title_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.title_label.setFont(font)
        self.session_toolbar.addWidget(self.title_label)

        chat_column = QWidget()
        chat_layout = QVBoxLayout(chat_column)
        chat_layout.setContentsMargins(0, 0, 0, 12)
        chat_layout.setSpacing(8)
        chat_layout.addWidget(self.session_toolbar)
        chat_layout.addWidget(self.chat_view, 1)
        # The outcome row is built when first needed (see `outcome_panel`): it does not show
        # on a normal start, and start-up time counts.
        self._outcome_row = QHBoxLayout()
        self._outcome_row.setContentsMargins(16, 0, 16, 0)
        chat_layout.addLayout(self._outcome_row)
        composer_row = QHBoxLayout()
        composer_row.setContentsMargins(16, 0, 16, 0)
        composer_row.addStretch(1)
        composer_row.addWidget(self.composer, 100)
        composer_row.addStretch(1)
        chat_layout.addLayout(composer_row)

        self.stack = QStackedWidget()
        self.stack.setObjectName("centralArea")
        self.stack.addWidget(chat_column)
        self.chat_page = chat_column
        # The notice bar sits under the stack, so start-up notices (a settings file set
        # aside, a damaged database) show on the first-run pane as well as in a chat. It and
        # the first-run pane are built when first needed (see `notice` and `welcome`):
        # neither shows on a normal start, and start-up time counts.
        main_column = QWidget()
        main_layout = QVBoxLayout(main_column)
        main_layout.setContentsMargins(0, 0, 0, 0)
        main_layout.setSpacing(0)
        main_layout.addWidget(self.stack, 1)
        self._notice_row = QHBoxLayout()
        self._notice_row.setContentsMargins(16, 0, 16, 0)
        main_layout.addLayout(self._notice_row)

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
        self.status_labels: list[QLabel] = []

    @cached_property
    def notice(self) -> NoticeBar:
        bar = NoticeBar()
        bar.setMaximumWidth(COMPOSER_MAX_WIDTH)
        self._notice_row.addStretch(1)
        self._notice_row.addWidget(bar, 100)
        self._notice_row.addStretch(1)
        return bar

    @cached_property
    def outcome_panel(self) -> TurnOutcomePanel:
        from agent_desktop.turn_outcome_panel import TurnOutcomePanel

        panel = TurnOutcomePanel()
        panel.setMaximumWidth(COMPOSER_MAX_WIDTH)
        panel.retry_requested.connect(self.retry_last_turn)
        self._outcome_row.addStretch(1)
        self._outcome_row.addWidget(panel, 100)
        self._outcome_row.addStretch(1)
        return panel

    def show_turn_outcome(self) -> None:
        """Show how the shown chat's last request ended, if not with an answer (the failure
        stored with the chat, or an empty answer); nothing while a request runs."""
        outcome = None if self.busy() else turn_outcome(self.session)
        if outcome is not None or "outcome_panel" in self.__dict__:
            self.outcome_panel.show_outcome(outcome)

    def retry_last_turn(self) -> None:
        """Send the last user message again; what answered it (a partial or empty answer)
        stays as a version, as when an answer is regenerated."""
        self.load_full_history()
        if self.session is None or self.busy():
            return
        last_user = max(
            (i for i, m in enumerate(self.session.messages) if m.role == "user"), default=None
        )
        if last_user is None:
            return
        session = self.session
        if last_user + 1 < len(session.messages):
            from agent_app.branches import start_new_version

            session = start_new_version(session, last_user + 1)
        self.session = session
        self.chat_model.load_session(session)
        self.spawn(self.run_request(session))

    @cached_property
    def welcome(self) -> WelcomePane:
        from agent_desktop.welcome import WelcomePane

        pane = WelcomePane()
        pane.detect_requested.connect(self.detect_local_servers)
        pane.local_server_chosen.connect(self._on_local_server_chosen)
        pane.api_key_entered.connect(self._on_api_key_entered)
        self.stack.addWidget(pane)
        return pane

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.new_chat_action = QAction(ui_icon("plus"), "&New chat", self)
        # setShortcuts, not setShortcut: resolving setShortcut's overloads makes PySide build
        # its `Qt` enums, which the first paint does without (see lazy_qt).
        self.new_chat_action.setShortcuts([QKeySequence("Ctrl+N")])
        self.new_chat_action.triggered.connect(self.new_chat)
        file_menu.addAction(self.new_chat_action)
        self.import_action = QAction("&Import chat…", self)
        self.import_action.setToolTip("Import chats exported as JSON")
        self.import_action.triggered.connect(self.choose_imports)
        file_menu.addAction(self.import_action)
        self.approval_action = QAction("Go to &approval", self)
        self.approval_action.setShortcuts([QKeySequence(APPROVAL_SHORTCUT)])
        self.approval_action.triggered.connect(self.focus_approval)
        self.addAction(self.approval_action)
        self.settings_action = QAction(ui_icon("settings"), "&Settings…", self)
        self.settings_action.setShortcuts([QKeySequence("Ctrl+,")])
        self.settings_action.triggered.connect(self.open_settings)
        file_menu.addAction(self.settings_action)
        file_menu.addSeparator()
        quit_action = file_menu.addAction("&Quit")
        quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self._export_actions: list[QAction] = []
        self.session_menu: QMenu = self.menuBar().addMenu("&Session")
        self.session_menu.setAccessibleName("Session menu")
        for icon, text, handler in (
            (
                "rename",
                "&Rename…",
                partial(self._for_shown, self.sidebar.start_rename),
            ),
            (
                "export",
                "Export as &Markdown…",
                partial(self._for_shown, partial(self.export_session, export_format="markdown")),
            ),
            (
                "export",
                "Export as &JSON…",
                partial(self._for_shown, partial(self.export_session, export_format="json")),
            ),
            (
                "delete",
                "&Delete",
                partial(self._for_shown, self.delete_session),
            ),
        ):
            action = QAction(ui_icon(icon), text, self)
            action.setToolTip(text.replace("&", "").rstrip("…"))
            action.triggered.connect(handler)
            self._session_actions.append(action)
            self.session_menu.addAction(action)
            if icon == "export":
                self._export_actions.append(action)
            else:
                self.session_toolbar.addAction(action)
        self.instructions_action = QAction("Chat &instructions…", self)
        self.instructions_action.setShortcuts([QKeySequence("Ctrl+Shift+I")])
        self.instructions_action.setToolTip("What this chat tells the model first")
        self.instructions_action.triggered.connect(self.edit_chat_instructions)
        self.session_menu.addAction(self.instructions_action)
        # One Export button with both formats, between Rename and Delete.
        export_button = QToolButton()
        export_button.setIcon(ui_icon("export"))
        export_button.setToolTip("Export this chat")
        export_button.setAccessibleName("Export this chat")
        export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        export_menu = QMenu(export_button)
        for action in self._export_actions:
            export_menu.addAction(action)
        export_button.setMenu(export_menu)
        self._session_actions.append(export_button)
        delete_action = self.session_toolbar.actions()[-1]
        self.session_toolbar.insertWidget(delete_action, export_button)
        for action in self.session_toolbar.actions():
            widget = self.session_toolbar.widgetForAction(action)
            if widget is not None and action.text():
                widget.setAccessibleName(action.text().replace("&", "").rstrip("…"))
        self._enable_session_actions()
        from agent_desktop.view_menu import ViewMenu, ViewTargets

        self.view_menu = ViewMenu(
            ViewTargets(
                window=self,
                text_widgets=[self.chat_view, self.composer.edit],
                sidebar=self.sidebar,
                theme=self.theme,
                on_text_scaled=self.chat_view.theme_changed,
            )
        )

    @property
    def session(self) -> Session | None:
        """The session shown (None for a new chat not yet started)."""
        return self._session

    @session.setter
    def session(self, session: Session | None) -> None:
        self._session = session
        self._enable_session_actions()
        # The highlight in the list is always the chat shown, however it came to be shown.
        self.sidebar.mark_current(session.session_id if session is not None else None)

    def _for_shown(self, handler: Callable[[str], None]) -> None:
        """Run a session-menu command on the chat shown (the menu is disabled without one)."""
        if self.session is not None:
            handler(self.session.session_id)

    def _enable_session_actions(self) -> None:
        for action in self._session_actions:
            action.setEnabled(self._session is not None)

    def _install_plugin_hooks(self) -> None:
        """Plugin session/message actions and composer completions (built by the forms engineer)."""
        from agent_desktop.action_dialogs import SessionActionRunner, SessionActionsController
        from agent_desktop.completion import install_completer

        self.action_runner = SessionActionRunner(
            self.app,
            self,
            current_session_id=lambda: self.session.session_id if self.session else None,
            refresh_session=self.reload_session,
            show_status=lambda message: self.notice.show_notice(message, seconds=8),
        )
        self.actions_controller = SessionActionsController(
            self.action_runner, menu=self.session_menu, toolbar=self.session_toolbar
        )
        self.chat_view.message_context_menu_requested.connect(
            self.actions_controller.add_message_actions
        )
        self.completer = install_completer(
            self.composer, self.app, current_agent_id=lambda: self.agent_id
        )

    def _build_shortcuts(self) -> None:
        QShortcut(QKeySequence("Ctrl+K"), self, self.sidebar.focus_search)
        QShortcut(QKeySequence("Ctrl+L"), self, self.focus_composer)
        QShortcut(QKeySequence("Ctrl+Shift+C"), self, self.copy_last_code_block)
        self.composer.edit.edit_last_requested.connect(self.edit_last_message)
        # Esc stops a running request; otherwise it stays free for popups and fields.
        self.stop_shortcut = QShortcut(QKeySequence("Esc"), self, self.stop)  # window-wide
        self.stop_shortcut.setEnabled(False)

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
        if self._request_id is not None:
            self.app.cancel_request(self._request_id)
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
    def spawn(self, coroutine: Any) -> asyncio.Task[Any]:
        """Run a coroutine as a task; failures reach sys.excepthook (logged + notice)."""
        import asyncio

        task: asyncio.Task[Any] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        import sys

        self._tasks.discard(task)
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
            self.import_sessions(files)

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

    def set_chat_instructions(self, text: str) -> None:
        """Keep the chat's own instructions with it ("" gives the agent's back)."""
        from agent_app.instructions import CHAT_INSTRUCTIONS_KEY

        session = self.ensure_session()
        metadata = {k: v for k, v in session.metadata.items() if k != CHAT_INSTRUCTIONS_KEY}
        if text:
            metadata[CHAT_INSTRUCTIONS_KEY] = text
        self.session = self.app.save_session(replace(session, metadata=metadata))
        self.state_label.setText(
            "This chat has its own instructions."
            if text
            else "This chat uses its agent's instructions."
        )

    def copy_last_code_block(self) -> None:
        if not self.chat_view.copy_last_code_block():
            self.state_label.setText("This chat has no code block to copy.")

    def edit_last_message(self) -> None:
        """Up in the empty message box: edit the last message the user sent."""
        if self.session is None or self.busy():
            return
        self.load_full_history()  # positions below are then the messages' indexes
        for index in range(len(self.session.messages) - 1, -1, -1):
            if self.session.messages[index].role == "user":
                self._on_message_action("edit", index)
                return

    def _start_from(self, prompt: str) -> None:
        """A starter was picked on an empty chat: the prompt waits in the composer, unsent."""
        self.composer.set_text(prompt)
        self.focus_composer()

    def focus_composer(self) -> None:
        self.composer.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def busy(self) -> bool:
        return self._request_task is not None and not self._request_task.done()

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
        self._fill_agent_picker()
        self.stack.setCurrentWidget(self.chat_page)
        self.refresh_agent_ui()
        self.focus_composer()

    # ------------------------------------------------------------------ agents, models, UI schema
    def _fill_agent_picker(self) -> None:
        self.agent_picker.blockSignals(True)
        self.agent_picker.clear()
        for agent_id, agent in self.app.config.agents.items():
            self.agent_picker.addItem(agent.label or agent_id.replace("_", " ").title(), agent_id)
        index = max(0, self.agent_picker.findData(self.agent_id))
        self.agent_picker.setCurrentIndex(index)
        self.agent_id = self.agent_picker.currentData() or "default"
        self.agent_picker.setVisible(self.agent_picker.count() > 1)
        self.agent_picker.blockSignals(False)
        agent = self.app.config.agents.get(self.agent_id)
        self.model_picker.clear()
        default_model = (agent.model if agent else None) or self._provider_model(agent)
        if default_model:
            self.model_picker.addItem(default_model)

    def _provider_model(self, agent: Any) -> str | None:
        provider = (
            self.app.config.providers.get(agent.provider) if agent and agent.provider else None
        )
        return provider.model if provider else None

    def _on_agent_changed(self, _index: int) -> None:
        self.agent_id = self.agent_picker.currentData() or "default"
        self._fill_agent_picker()
        if self.session is not None:
            _core, _config, self.session = self.app.update_agent(self.agent_id, self.session)
            self.chat_model.set_session(self.session)
        self.refresh_agent_ui()

    def refresh_agent_ui(self) -> None:
        if not needs_setup(self.app):  # the first-run pane is showing; nothing to describe yet
            self.spawn(self._refresh_agent_ui())

    async def _refresh_agent_ui(self) -> None:
        """UI schema (footers, status bar, actions) and the model list, off the paint path."""
        try:
            core = self.app.build_core(self.agent_id)
            config = self.app.resolve_request_config(self.app.build_agent_config(self.agent_id), {})
            self.ui_schema = list(core.get_ui_schema(config))
        except Exception as error:  # plugin code may raise anything; the window lives on
            log.warning("could not load the UI elements of agent %s: %s", self.agent_id, error)
            self.state_label.setText(f"Agent “{self.agent_id}” is not ready: {error}")
            return
        self.chat_view.set_footer_elements(elements_of(self.ui_schema, "message_footer"))
        self.actions_controller.set_actions(self.ui_schema, core.get_actions(config))
        self.update_status_bar()
        import asyncio

        loop = asyncio.get_running_loop()
        try:
            models = await loop.run_in_executor(None, core.get_models, config)
        except Exception as error:  # a provider that cannot list models keeps its default
            log.info("model list unavailable for %s: %s", self.agent_id, error)
            return
        current = self.model_picker.currentText()
        names = [
            str(m.get("id") or m.get("name")) if isinstance(m, dict) else str(m)
            for m in models or []
        ]
        for name in names:
            if self.model_picker.findText(name) < 0:
                self.model_picker.addItem(name)
        self.model_picker.setCurrentText(current or (names[0] if names else ""))

    def request_overrides(self) -> dict[str, Any]:
        model = self.model_picker.currentText().strip()
        agent = self.app.config.agents.get(self.agent_id)
        default = (agent.model if agent else None) or self._provider_model(agent)
        overrides = dict(self.request_defaults)
        if model and model != default:
            overrides["model"] = model
        return overrides

    def update_status_bar(self) -> None:
        elements = elements_of(self.ui_schema, "status_bar")
        while len(self.status_labels) < len(elements):
            label = QLabel()
            label.setAccessibleName("Status")
            self.statusBar().addPermanentWidget(label)
            self.status_labels.append(label)
        last = self._last_assistant_message()
        for label, element in zip(self.status_labels, elements, strict=False):
            text = render_element(element, last)
            label.setText(text)
            label.setVisible(bool(text))
        for label in self.status_labels[len(elements) :]:
            label.setVisible(False)

    def _last_assistant_message(self) -> dict[str, Any] | None:
        session = self.chat_model.session
        for message in reversed(session.messages if session else []):
            if message.role == "assistant":
                return message.to_dict()
        return None

    # ------------------------------------------------------------------ sessions
    def refresh_sessions(self) -> None:
        """Show the sessions, or the results of the search typed in the sidebar (found on a
        worker thread; a result for text no longer typed is dropped)."""
        from agent_app.store import StoreError

        query = self.sidebar.query()
        if query:
            self.spawn(self._show_search_results(query))
            return
        try:
            sessions = self.app.list_sessions(limit=SESSION_LIST_LIMIT)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            sessions = []
        self.sidebar.set_sessions(list(sessions), self.session.session_id if self.session else None)

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
        if self.session is None:
            self.session = self.app.create_session(self.agent_id)
            self.chat_model.set_session(self.session)
            self.refresh_sessions()
        return self.session

    def new_chat(self) -> None:
        self.session = None
        self._editing_index = None
        self.chat_model.load_session(None)
        self.title_label.setText("New chat")
        self.update_status_bar()
        self.show_turn_outcome()
        self.sidebar.list.clearSelection()
        self.focus_composer()

    def open_session(self, session_id: str) -> None:
        """Show a session. A long one paints its newest messages first; the older ones are
        added above them right after (first paint stays fast however long the chat)."""
        if self.session is not None and self.session.session_id == session_id:
            return
        self._editing_index = None
        total = self.sidebar.message_count(session_id)
        if total is None:
            total = self.app.message_count(session_id)
        if total > HISTORY_PAGE:
            page = self.app.load_session(session_id, limit=HISTORY_PAGE)
            self.session = page
            self._history_pending = session_id
            self.chat_model.load_session(page, index_offset=total - len(page.messages))
            self.spawn(self._load_full_history_in_background(session_id))
        else:
            self.session = self.app.load_session(session_id)
            self._history_pending = None
            self.chat_model.load_session(self.session)
        agent_id = (self.session.metadata or {}).get("agent_id")
        if agent_id and agent_id in self.app.config.agents and agent_id != self.agent_id:
            self.agent_id = agent_id
            self._fill_agent_picker()
            self.refresh_agent_ui()
        self.title_label.setText(str(self.session.metadata.get("title") or "New chat"))
        self.update_status_bar()
        self.show_turn_outcome()
        for call_id, (request, _future) in self._pending_approvals.items():
            if request.get("session_id") == session_id:
                self.chat_view.show_approval(call_id, request)

    def open_message(self, session_id: str, message_index: int, matched: str = "") -> None:
        """Open a session at one of its messages (a search result), scrolled to it and
        highlighted; when `matched` lies beyond the shown part of a giant message, its whole
        text opens at that word."""
        self.open_session(session_id)
        if self.session is None or self.session.session_id != session_id:
            return
        offset = int(self.session.metadata.get("message_offset") or 0)
        if message_index < offset:
            self.load_full_history()
        self.chat_view.reveal_message(message_index, find=matched)

    def load_full_history(self) -> None:
        """Complete a session opened with only its newest messages."""
        session_id, self._history_pending = self._history_pending, None
        if session_id is None or self.session is None or self.session.session_id != session_id:
            return
        self._adopt_full_history(self.app.load_session(session_id))

    async def _load_full_history_in_background(self, session_id: str) -> None:
        """The older messages of a long chat, read on a worker thread (a 50,000-message chat
        takes a while to decode); shown as the user scrolls up."""
        import asyncio
        import gc

        # Decoding a long history makes hundreds of thousands of objects, and the cyclic
        # collector would walk all of them again and again (pauses of a quarter second while
        # the window waits). It rests during the load; afterwards what was loaded moves to the
        # permanent generation (it holds no cycles; plain reference counting frees it).
        was_collecting = gc.isenabled()
        gc.disable()
        try:
            full = await asyncio.to_thread(self.app.load_session, session_id)
        finally:
            gc.freeze()
            if was_collecting:
                gc.enable()
        if self._history_pending != session_id or self.session is None:
            return  # completed meanwhile (a message was sent) or another chat is shown
        self._history_pending = None
        self._adopt_full_history(full)

    def _adopt_full_history(self, full: Session) -> None:
        assert self.session is not None
        older = len(full.messages) - len(self.session.messages)
        self.session = full
        self.chat_model.prepend_history(full, older)

    def reload_session(self, session_id: str) -> None:
        """Show the stored state of a session again (after an action changed it)."""
        if self.session is not None and self.session.session_id == session_id:
            self.session = self.app.load_session(session_id)
            self.chat_model.load_session(self.session)
            self.title_label.setText(str(self.session.metadata.get("title") or "New chat"))
            self.update_status_bar()
            self.show_turn_outcome()
        self.refresh_sessions()

    def rename_session(self, session_id: str, title: str) -> None:
        self.app.rename_session(session_id, title)
        if self.session is not None and self.session.session_id == session_id:
            self.session = replace(self.session, metadata={**self.session.metadata, "title": title})
            self.chat_model.set_session(self.session)
            self.title_label.setText(title)
        self.refresh_sessions()

    def delete_session(self, session_id: str) -> None:
        item = self.sidebar.item_for(session_id)
        title = item.text() if item is not None else "the chat"
        self.app.delete_session(session_id)
        if self.session is not None and self.session.session_id == session_id:
            self.new_chat()
        self.refresh_sessions()
        self.notice.show_notice(
            f"Deleted “{title}”.",
            "Undo",
            lambda: self.restore_session(session_id),
            seconds=UNDO_SECONDS,
        )

    def restore_session(self, session_id: str) -> None:
        self.app.restore_session(session_id)
        self.refresh_sessions()
        self.open_session(session_id)

    def export_session(self, session_id: str, export_format: str) -> None:
        from PySide6.QtWidgets import QFileDialog

        suffix = "md" if export_format == "markdown" else "json"
        item = self.sidebar.item_for(session_id)
        stem = re.sub(r"[^\w\- ]+", "", item.text() if item else "chat").strip() or "chat"
        dialog = QFileDialog(self, "Export chat")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(suffix)
        # `.agent-session.json` is the file type the desktop associates with Agent Desktop.
        dialog.selectFile(f"{stem}.md" if suffix == "md" else f"{stem}{SESSION_FILE_SUFFIX}")
        dialog.setNameFilter("Markdown (*.md)" if suffix == "md" else "JSON (*.json)")
        dialog.fileSelected.connect(
            lambda path: self.write_export(session_id, export_format, Path(path))
        )
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def choose_imports(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        dialog = QFileDialog(self, "Import chats")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
        dialog.setNameFilters(
            [f"Agent Desktop chats (*{SESSION_FILE_SUFFIX} *.json)", "All files (*)"]
        )
        dialog.filesSelected.connect(lambda paths: self.import_sessions([Path(p) for p in paths]))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def import_sessions(self, paths: list[Path]) -> None:
        """Import exported chats (File → Import, or files the desktop opened the app with)."""
        from agent_app.assets import AssetError
        from agent_app.export import ExportError
        from agent_app.store import StoreError

        imported: list[str] = []
        problems: list[str] = []
        already_here: list[str] = []
        for path in paths:
            try:
                imported.append(self.app.import_session(path, problems, already_here).session_id)
            except ExportError as error:
                problems.append(str(error))
            except (StoreError, AssetError, OSError) as error:
                problems.append(f"{path} was not imported: {error}")
        if imported:
            self.refresh_sessions()
            self.open_session(imported[-1])
            copied = len(imported) - len(already_here)
            if copied:
                count = "1 chat" if copied == 1 else f"{copied} chats"
                problems.insert(0, f"Imported {count}.")
        if problems:
            self.show_error("\n".join(problems))

    def write_export(self, session_id: str, export_format: str, path: Path) -> None:
        data = self.app.export_session(session_id, export_format)
        try:
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:
                path.write_text(data, encoding="utf-8")
        except OSError as error:
            self.show_error(
                f"Could not write {path}: {error.strerror or error}. Choose another place."
            )
            return
        self.notice.show_notice(f"Exported to {path}.", seconds=6)

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

    # ------------------------------------------------------------------ sending
    def _on_send_requested(self, text: str, attachments: list[dict[str, Any]]) -> None:
        self.spawn(self.send_message(text, attachments))

    async def send_message(
        self, text: str, attachments: list[dict[str, Any]] | None = None
    ) -> None:
        self.load_full_history()
        session = self.ensure_session()
        parts = [
            {
                "type": "image" if str(record.get("mime", "")).startswith("image/") else "file",
                "asset_id": record["asset_id"],
                "name": record.get("name"),
                "mime": record.get("mime"),
            }
            for record in attachments or []
        ]
        editing = self._editing_index is not None
        if self._editing_index is not None:
            from agent_app.branches import start_new_version

            # An edited message keeps the attachments it had; the old one stays a version.
            edited = session.messages[self._editing_index]
            parts = list(edited.multipart_content or []) + parts
            session = start_new_version(session, self._editing_index)
            self._editing_index = None
        messages = list(session.messages)
        from agent_core import Message

        message = Message(role="user", content=text, multipart_content=parts or None)
        if not session.metadata.get("title") and text.strip():
            session = self._title_from(session, text)
        # The tool loop stores the new message (and an edit's shortened history) before it runs.
        session = replace(session, messages=[*messages, message])
        self._adopt(session, rebuild=editing)
        await self.run_request(session)

    def _title_from(self, session: Session, text: str) -> Session:
        """Name an untitled chat after its first message."""
        words = " ".join(text.split())
        title = words if len(words) <= TITLE_CHARS else words[: TITLE_CHARS - 1].rstrip() + "…"
        self.app.rename_session(session.session_id, title)
        self.title_label.setText(title)
        self.refresh_sessions()  # the sidebar shows the name at once, not after the answer
        return replace(session, metadata={**session.metadata, "title": title})

    def _adopt(self, session: Session, rebuild: bool) -> None:
        self.session = session
        if rebuild:
            self.chat_model.load_session(session)
        else:
            self.chat_model.set_session(replace(session, messages=session.messages[:-1]))
            self.chat_model.add_user_message(session.messages[-1], len(session.messages) - 1)
            self.chat_model.set_session(session)
        self.chat_view.follow_bottom()

    async def run_request(self, session: Session) -> None:
        """Stream one request (the whole tool loop) into the view."""
        import asyncio

        self._request_task = asyncio.current_task()
        self._request_ending = None
        self.composer.set_busy(True)
        self.stop_shortcut.setEnabled(True)
        self.state_label.setText("Thinking…")
        self.show_turn_outcome()
        try:
            async for event in self.app.send_request(session, self.request_overrides() or None):
                self._on_event(event)
        finally:
            self._request_task = None
            self._request_id = None
            self.composer.set_busy(False)
            self.stop_shortcut.setEnabled(False)
            self.show_turn_outcome()
            self.refresh_sessions()
            self.request_finished.emit()

    def _on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "partial":
            # The hot path (thousands per answer): hand it to the model, which coalesces.
            if self.session is not None and event.get("session_id") == self.session.session_id:
                self.chat_model.apply_event(event)
            if self._writing_shown is False:
                self._writing_shown = True
                self.state_label.setText("Writing…")
            return
        self._writing_shown = False
        if kind == "request_started":
            self._request_id = event.get("request_id")
        shown = self.session is not None and event.get("session_id") == self.session.session_id
        if shown:
            self.chat_model.apply_event(event)
        if kind in ("request_completed", "request_cancelled") and event.get("session") is not None:
            if shown:
                self.session = event["session"]
            ending = "stopped" if kind == "request_cancelled" else self._request_ending
            self.state_label.setText(_state_after(ending))
            self.update_status_bar()
        elif kind == "assistant" and shown:
            self.update_status_bar()
            # A provider's word on how this answer was made (e.g. fetched without streaming);
            # a tool-call-only answer has no row whose footer would show it.
            notice = ((event.get("message") or {}).get("metadata") or {}).get("provider_notice")
            if isinstance(notice, str) and notice:
                self.notice.show_notice(notice, seconds=20)
        elif kind == "error":
            failure = event.get("failure") or {}
            self._request_ending = str(failure.get("ending") or "failed")
            self.state_label.setText(_state_after(self._request_ending))
        elif kind == "tool_started":
            self.state_label.setText("Running a tool…")
        elif kind == "plugin_disabled":
            self.notice.show_notice(str(event.get("message")))

    def stop(self) -> None:
        if not self.busy():
            return
        self.state_label.setText("Stopping…")
        if self._request_id is not None:
            self.app.cancel_request(self._request_id)
        elif self._request_task is not None:
            self._request_task.cancel()

    # ------------------------------------------------------------------ approvals
    async def ask_for_input(self, request: dict[str, Any]) -> dict[str, Any]:
        """The application's elicitation handler: a tool server's form (or link) as a dialog."""
        from agent_desktop.elicitation import ask_user

        self.state_label.setText(f"{request.get('server')} is asking for your input")
        return await ask_user(request, self)

    async def ask_approval(self, request: dict[str, Any]) -> dict[str, Any]:
        """The application's approval handler: show the prompt in the tool row, await the choice."""
        call_id = str(request.get("tool_call_id"))
        import asyncio

        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending_approvals[call_id] = (request, future)
        if self.session is not None and request.get("session_id") == self.session.session_id:
            if self.chat_model.tool_item(call_id) is None:
                self.chat_model.apply_event({"type": "tool_call", **request})
            self.chat_view.show_approval(call_id, request)
        self.state_label.setText(
            f"Waiting for your approval of {request.get('tool_name')} "
            f"({APPROVAL_SHORTCUT} to go there)"
        )
        # A session action's own request (a feature calling `app.send_request`) asks while the
        # action's window-modal progress dialog is up: it steps aside so the prompt can be used.
        progress = self.actions_controller.runner.progress_dialog
        if progress is not None and progress.isVisible():
            progress.hide()
        else:
            progress = None
        try:
            return await future
        finally:
            self._pending_approvals.pop(call_id, None)
            self.chat_view.dismiss_approval(call_id)
            if progress is not None and progress is self.actions_controller.runner.progress_dialog:
                progress.open()

    def focus_approval(self) -> bool:
        """Move the keyboard to the oldest approval prompt of this chat; False if none waits."""
        for call_id in self._pending_approvals:
            prompt = self.chat_view.approval_prompt(call_id)
            if prompt is not None and prompt.isVisible():
                prompt.take_focus()
                return True
        return False

    def _on_approval_decided(self, tool_call_id: str, decision: dict[str, Any]) -> None:
        pending = self._pending_approvals.get(tool_call_id)
        if pending is not None and not pending[1].done():
            pending[1].set_result(decision)

    # ------------------------------------------------------------------ message actions
    def _on_message_action(self, name: str, index: int) -> None:
        self.load_full_history()
        if self.session is None or self.busy() or not 0 <= index < len(self.session.messages):
            return
        message = self.session.messages[index]
        if name == "edit":
            self._editing_index = index
            self.composer.set_text(str(message.content if isinstance(message.content, str) else ""))
            self.notice.show_notice(
                "Editing an earlier message: sending starts a new version of the chat from "
                "there; the current one stays (switch with ‹ › on the message).",
                seconds=8,
            )
            self.focus_composer()
        elif name == "regenerate":
            from agent_app.branches import start_new_version

            # The answer and what followed stay as a version; the tool loop saves the rest.
            session = start_new_version(self.session, index)
            self.session = session
            self.chat_model.load_session(session)
            self.spawn(self.run_request(session))
        elif name == "fork":
            self.fork_chat(index)
        elif name in ("previous_version", "next_version"):
            self.switch_version(index, -1 if name == "previous_version" else 1)
        elif name == "delete":
            drop = {index}
            calls = {c.get("id") for c in (message.metadata or {}).get("tool_calls") or []}
            for position, other in enumerate(self.session.messages):
                if other.role == "tool" and (other.metadata or {}).get("tool_call_id") in calls:
                    drop.add(position)
            kept = [m for position, m in enumerate(self.session.messages) if position not in drop]
            session = self.app.save_session(replace(self.session, messages=kept))
            self.session = session
            self.chat_model.load_session(session)
            self.update_status_bar()
            self.show_turn_outcome()

    def fork_chat(self, index: int) -> None:
        """A new chat holding this one's messages up to and including message `index`."""
        if self.session is not None:
            self.spawn(self._fork(self.session, index))

    async def _fork(self, source: Session, index: int) -> None:
        import asyncio

        from agent_app.assets import AssetError
        from agent_app.export import fork_session
        from agent_app.store import StoreError

        title = f"{source.metadata.get('title') or 'Chat'} (fork)"
        self.state_label.setText("Forking the chat…")
        try:
            # Attachments are copied for the fork: off the GUI thread.
            fork = await asyncio.get_running_loop().run_in_executor(
                None, fork_session, self.app.store, self.app.assets, source, index, title
            )
        except (AssetError, StoreError, OSError) as error:
            self.show_error(f"Could not fork the chat: {error}")
            return
        self.refresh_sessions()
        self.open_session(fork.session_id)
        self.state_label.setText(f"Forked into “{title}”.")

    def switch_version(self, index: int, step: int) -> None:
        """Show the previous (-1) or next (+1) version of the chat from message `index` on."""
        from agent_app.branches import switch_version, version_info

        if self.session is None:
            return
        info = version_info(self.session, index)
        if info is None or not 1 <= info.number + step <= info.total:
            return
        session = self.app.save_session(switch_version(self.session, index, info.number + step))
        self.session = session
        self.chat_model.load_session(session)
        self.update_status_bar()
        self.refresh_sessions()  # the chat's preview is its newest message, now another one

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
            self.agent_id = "default"
        self._fill_agent_picker()
        if self.stack.currentWidget() is not self.chat_page and not needs_setup(self.app):
            self._setup_done()
        else:
            self.refresh_agent_ui()


def _state_after(ending: str | None) -> str:
    """The status-bar word for how a request ended: "Ready" only after an answer."""
    if ending is None:
        return "Ready"
    label = ENDING_LABELS.get(ending, "failed")
    return label[:1].upper() + label[1:]
