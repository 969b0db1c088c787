"""Session and message actions declared by plugins: menus, input forms, running, results.

Plugins list actions as `session_action` / `message_action` UI elements (label, icon,
description, order, optional `dialog`) and describe their inputs either in `dialog.inputs` or in
the action's `inputs` map from `get_actions`. Triggering one here:

1. asks for its inputs in a form (required fields, types and defaults checked before running);
2. runs it on the shown chat's `Conversation` (on the core's workers) with a progress dialog
   whose Cancel frees the chat at once, so the window never blocks;
3. shows the result: an `error` dict in plain words, a `display` block (markdown `body`,
   `title`, `variant`), or the `status`/`message` line; the conversation refreshes the view.

An action over a span of messages (inputs `start` and `end`, like "Compact range") takes the span
from the messages selected in the chat, never from typed numbers.

Message actions receive the index of the message they were invoked on as `message_index` (and
also under the element's `index_param` name when it sets one).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QMenu,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from agent_app.conversation import BUSY_MESSAGE
from agent_desktop.toolkit.icons import ui_icon
from agent_desktop.toolkit.theme import UI_ICONS_DIR, current_palette
from agent_desktop.toolkit.window_language import in_window_language

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_desktop.forms.fields import FormWidget

log = logging.getLogger(__name__)

DEFAULT_ORDER = 100
ACTION_UI_TYPES = ("session_action", "message_action")


async def dialog_result(dialog: QDialog) -> int:
    """Open `dialog` window-modally and wait for it to finish, without a nested event loop."""
    future: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    def finished(code: int) -> None:
        if not future.done():
            future.set_result(code)

    dialog.finished.connect(finished)
    dialog.open()
    return await future


# --------------------------------------------------------------------------- action model


@dataclass
class PluginAction:
    """One session or message action as the GUI shows and runs it."""

    action_id: str
    owner: str | None
    ui_type: str
    label: str
    description: str = ""
    icon: str = ""
    order: float = DEFAULT_ORDER
    dialog: dict[str, Any] = field(default_factory=dict)
    inputs: list[Any] = field(default_factory=list)
    index_param: str | None = None
    # Offered only while the session's metadata holds something under this key (e.g. Undo
    # compaction needs a compaction to undo).
    enabled_if_metadata: str | None = None
    # A switch for the shown chat (e.g. memory for this chat): a dotted path into the session's
    # metadata; the action carries a check mark, on unless the value there is `false` (absent
    # means the chat follows the default, which is on).
    checked_unless_metadata_false: str | None = None

    @property
    def title(self) -> str:
        return str(self.dialog.get("title") or self.label.rstrip("…. "))


def collect_actions(
    ui_schema: Iterable[Any], action_definitions: Iterable[Any] = ()
) -> tuple[list[PluginAction], list[PluginAction]]:
    """(session actions, message actions) from `get_ui_schema` elements, sorted by `order`.

    Inputs come from the element's `dialog.inputs`; without a dialog, from the `inputs` map of
    the matching `get_actions` definition, and then only when one of them is required and has
    no default (otherwise the action runs at once with its defaults). Duplicate elements
    (same kind, owner and action) are shown once.
    """
    definitions: dict[tuple[str | None, str], Mapping[str, Any]] = {}
    for definition in action_definitions:
        if isinstance(definition, Mapping) and isinstance(definition.get("id"), str):
            owner = definition.get("action_owner") or definition.get("plugin")
            definitions.setdefault((owner, definition["id"]), definition)
            definitions.setdefault((None, definition["id"]), definition)
    found: dict[tuple[str, str | None, str], PluginAction] = {}
    for element in ui_schema:
        if not isinstance(element, Mapping) or element.get("ui_type") not in ACTION_UI_TYPES:
            continue
        action_id = element.get("action_id") or element.get("id")
        if not isinstance(action_id, str) or not action_id:
            continue
        owner = element.get("action_owner") or element.get("plugin")
        key = (element["ui_type"], owner, action_id)
        if key in found:
            continue
        raw_dialog = element.get("dialog")
        dialog: Mapping[str, Any] = raw_dialog if isinstance(raw_dialog, Mapping) else {}
        inputs: list[Any]
        if isinstance(dialog.get("inputs"), list):
            inputs = list(dialog["inputs"])
        else:
            definition = definitions.get((owner, action_id)) or definitions.get((None, action_id))
            raw_inputs = (definition or {}).get("inputs")
            inputs = elements_from_inputs(raw_inputs) if isinstance(raw_inputs, Mapping) else []
        index_param = element.get("index_param")
        if not dialog.get("inputs") and not any(_must_ask(item) for item in inputs):
            # Without a declared dialog, ask only for what the action cannot run without.
            inputs = []
        if element["ui_type"] == "message_action":
            # The message index is filled in by the GUI, never asked for.
            hidden = {"message_index", index_param}
            inputs = [
                item
                for item in inputs
                if not (isinstance(item, Mapping) and item.get("key", item.get("name")) in hidden)
            ]
        order = element.get("order")
        found[key] = PluginAction(
            action_id=action_id,
            owner=owner if isinstance(owner, str) else None,
            ui_type=element["ui_type"],
            label=str(element.get("label") or action_id),
            description=str(element.get("description") or ""),
            icon=str(element.get("icon") or ""),
            order=order if isinstance(order, int | float) else DEFAULT_ORDER,
            dialog=dict(dialog),
            inputs=inputs,
            index_param=index_param if isinstance(index_param, str) else None,
            enabled_if_metadata=_text_or_none(element.get("enabled_if_metadata")),
            checked_unless_metadata_false=_text_or_none(
                element.get("checked_unless_metadata_false")
            ),
        )
    ordered = sorted(found.values(), key=lambda action: (action.order, action.label.lower()))
    return (
        [action for action in ordered if action.ui_type == "session_action"],
        [action for action in ordered if action.ui_type == "message_action"],
    )


def metadata_value(metadata: Mapping[str, Any], dotted_path: str) -> Any:
    """The value at `dotted_path` ("a.b.c") in nested `metadata`; None when a step is absent."""
    value: Any = metadata
    for step in dotted_path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(step)
    return value


def elements_from_inputs(inputs: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Turn an action's `inputs` map (`{name: {type, required, default, ...}}`) into elements."""
    elements: list[dict[str, Any]] = []
    for name, definition in inputs.items():
        entry = dict(definition) if isinstance(definition, Mapping) else {"type": definition}
        elements.append({**entry, "key": name})
    return elements


def _must_ask(item: Any) -> bool:
    if not isinstance(item, Mapping):
        return False
    if item.get("key", item.get("name")) == "message_index":
        return False
    return bool(item.get("required")) and item.get("default") is None


def action_icon(name: str) -> QIcon:
    """The named icon: the app's bundled (theme-tinted) UI icon, else the desktop theme's."""
    if not name:
        return QIcon()
    if (UI_ICONS_DIR / f"{name}.svg").is_file():
        return ui_icon(name)
    return QIcon.fromTheme(name)


def describe_error(error: Mapping[str, Any], owner: str | None = None) -> str:
    """An action's error dict in plain words, naming the plugin that reported it."""
    message = in_window_language(str(error.get("message") or "").strip())
    kind = str(error.get("type") or "").replace("_", " ").strip()
    # A settings problem (a key not stored) is the app's to report, not the action's plugin's.
    plugin = error.get("plugin") or (owner if kind != "config error" else None)
    text = message or (
        QCoreApplication.translate("ActionDialogs", "The action failed ({kind}).").format(kind=kind)
        if kind
        else QCoreApplication.translate("ActionDialogs", "The action failed.")
    )
    if plugin:
        text += "\n\n" + QCoreApplication.translate(
            "ActionDialogs", "Reported by the plugin “{plugin}”."
        ).format(plugin=plugin)
    return text


# --------------------------------------------------------------------------- dialogs


class ActionFormDialog(QDialog):
    """Asks for an action's inputs; Run stays disabled in effect until the form validates."""

    def __init__(
        self,
        action: PluginAction,
        *,
        models: Iterable[Any] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("actionFormDialog")
        self.action = action
        self.setWindowTitle(action.title)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(12)
        heading = QLabel(action.title)
        heading.setObjectName("actionFormHeading")
        heading_font = heading.font()
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.25)
        heading_font.setBold(True)
        heading.setFont(heading_font)
        layout.addWidget(heading)
        description = str(action.dialog.get("description") or action.description)
        if description:
            intro = QLabel(description)
            intro.setWordWrap(True)
            intro.setStyleSheet(f"color: {current_palette().muted};")
            layout.addWidget(intro)
        # The forms engine (1.2 MiB) loads with the first form, not with the window.
        from agent_desktop.forms.fields import build_form  # noqa: PLC0415 - the forms engine loads with the first form (test_idle_memory)

        self.form: FormWidget = build_form(action.inputs, {}, models=models)
        layout.addWidget(self.form, 1)
        if self.form.problems:
            problems = QLabel(
                self.tr("Some inputs of this action could not be shown:")
                + "\n"
                + "\n".join(f"• {problem}" for problem in self.form.problems)
            )
            problems.setWordWrap(True)
            problems.setStyleSheet(f"color: {current_palette().warning};")
            layout.addWidget(problems)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        run = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        run.setText(str(action.dialog.get("submit_label") or "Run"))
        self.run_button: QPushButton = run
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)

    def accept(self) -> None:
        if self.form.validate():
            return
        super().accept()

    def params(self) -> dict[str, Any]:
        return self.form.values()


class ConfirmActionDialog(QDialog):
    """For `dialog.kind == "confirm"`: the plugin's message and a Run/Cancel choice."""

    def __init__(self, action: PluginAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(action.title)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        text = (
            action.dialog.get("message")
            or action.description
            or self.tr("Run “{action}”?").format(action=action.label)
        )
        message = QLabel(str(text))
        message.setWordWrap(True)
        layout.addWidget(message)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            str(action.dialog.get("submit_label") or "Run")
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(380)


class ActionProgressDialog(QDialog):
    """Shown while an action runs; Cancel asks the runner to stop waiting for it.

    Not modal: Qt ignores the close button of a window a modal dialog blocks, and its
    shortcuts (Ctrl+Q), so the app could not be quit while an action runs. The chat itself is
    busy meanwhile (sending, editing and other actions in it are refused with a notice).
    """

    cancel_requested = Signal()

    def __init__(self, action: PluginAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(action.title)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(10)
        self.label = QLabel(
            self.tr("Running “{action}”…").format(action=action.label.rstrip("…. "))
        )
        layout.addWidget(self.label)
        bar = QProgressBar()
        bar.setRange(0, 0)
        bar.setTextVisible(False)
        layout.addWidget(bar)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self._cancel)
        layout.addWidget(buttons)
        self.setMinimumWidth(360)

    def _cancel(self) -> None:
        self.label.setText(self.tr("Cancelling…"))
        self.cancel_button.setEnabled(False)
        self.cancel_requested.emit()

    def reject(self) -> None:
        # Escape or the close button cancel too, but the dialog stays until the task ends.
        if self.cancel_button.isEnabled():
            self._cancel()


class ActionResultDialog(QDialog):
    """An action's outcome: an error in plain words, or a (markdown) display block."""

    BODY_WIDTH = 480
    VARIANT_COLORS: ClassVar[dict[str, str]] = {
        "error": "error",
        "warning": "warning",
        "success": "success",
    }

    def __init__(
        self, action: PluginAction, result: Mapping[str, Any], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("actionResultDialog")
        palette = current_palette()
        error = result.get("error")
        raw_display = result.get("display")
        display: Mapping[str, Any] = raw_display if isinstance(raw_display, Mapping) else {}
        if isinstance(error, Mapping):
            title = self.tr("“{action}” failed").format(action=action.title)
            body, markdown, variant = describe_error(error, action.owner), False, "error"
        else:
            title = str(display.get("title") or action.title)
            body = str(display.get("body") or result.get("message") or "")
            markdown = str(display.get("format") or "").lower() == "markdown"
            variant = str(display.get("variant") or "info")
        self.setWindowTitle(title)
        color = getattr(palette, self.VARIANT_COLORS.get(variant, "accent"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 12)
        layout.setSpacing(0)
        stripe = QFrame()
        stripe.setFixedHeight(4)
        stripe.setStyleSheet(f"background-color: {color};")
        layout.addWidget(stripe)
        content = QVBoxLayout()
        content.setContentsMargins(20, 14, 20, 6)
        content.setSpacing(10)
        self.heading = QLabel(title)
        heading_font = self.heading.font()
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.2)
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.heading.setWordWrap(True)
        content.addWidget(self.heading)
        self.body = QTextBrowser()
        self.body.setOpenExternalLinks(True)
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        if markdown:
            self.body.setMarkdown(body)
        else:
            self.body.setPlainText(body)
        self.body.document().setDocumentMargin(0)
        self.body.setStyleSheet("QTextBrowser { background: transparent; }")
        # Fit the dialog to what it says: short results stay small, long ones scroll.
        self.body.document().setTextWidth(self.BODY_WIDTH)
        body_height = int(self.body.document().size().height()) + 8
        self.body.setFixedHeight(max(40, min(body_height, 420)))
        content.addWidget(self.body, 1)
        layout.addLayout(content, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.setContentsMargins(20, 0, 20, 0)
        layout.addWidget(buttons)
        self.setFixedWidth(self.BODY_WIDTH + 40)


# --------------------------------------------------------------------------- running


ConversationGetter = Callable[[], "Conversation | None"]
RangeGetter = Callable[[], "tuple[int, int] | None"]
RANGE_INPUTS = ("start", "end")


def is_range_action(action: PluginAction) -> bool:
    """An action over a span of messages (inputs `start` and `end`): the span is the messages
    selected on screen, never typed as numbers."""
    return set(RANGE_INPUTS) <= {_input_name(item) for item in action.inputs}


def _input_name(item: Any) -> Any:
    return item.get("key", item.get("name")) if isinstance(item, Mapping) else None


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


class SessionActionRunner(QObject):
    """Asks for inputs, runs an action on the shown chat's conversation, shows the result.

    The conversation does the work (off the GUI thread) and refreshes the view through its own
    events; Cancel in the progress dialog frees the chat at once.
    """

    action_finished = Signal(str, dict)  # action_id, result dict

    def __init__(
        self,
        parent_widget: QWidget,
        *,
        conversation: ConversationGetter,
        selected_range: RangeGetter = lambda: None,
        show_status: Callable[[str], None] | None = None,
        show_busy: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(parent_widget)
        self.parent_widget = parent_widget
        self.conversation = conversation
        self.selected_range = selected_range
        self.show_status = show_status
        # "The agent is still working": a notice the window takes back once the chat is free.
        self.show_busy = show_busy or show_status
        self.form_dialog: ActionFormDialog | None = None
        self.progress_dialog: ActionProgressDialog | None = None
        self.result_dialog: ActionResultDialog | None = None

    def trigger(self, action: PluginAction, message_index: int | None = None) -> asyncio.Task[Any]:
        """Start `action` as a task (for menu slots); the task's result is `run`'s."""
        return asyncio.ensure_future(self.run(action, message_index))

    async def run(
        self, action: PluginAction, message_index: int | None = None
    ) -> dict[str, Any] | None:
        """The whole flow. Returns the result dict, or None when the user backed out."""
        conversation = self.conversation()
        if conversation is None or conversation.session is None:
            self._status(self.tr("Open or start a conversation first, then run the action on it."))
            return None
        if conversation.busy:
            if self.show_busy is not None:
                self.show_busy(BUSY_MESSAGE)
            return None
        if self.progress_dialog is not None:  # one action at a time, whichever chat runs it
            running = self.progress_dialog.windowTitle()
            self._status(
                self.tr("“{action}” is still running; wait for it or cancel it first.").format(
                    action=running
                )
            )
            return None
        params = await self._ask_params(action, message_index)
        if params is None:
            return None
        result = await self._execute(action, conversation, params)
        self._show_result(action, result)
        self.action_finished.emit(action.action_id, result)
        return result

    async def _ask_params(
        self, action: PluginAction, message_index: int | None
    ) -> dict[str, Any] | None:
        params: dict[str, Any] = {}
        if message_index is not None:
            params["message_index"] = message_index
            if action.index_param:
                params[action.index_param] = message_index
        inputs = action.inputs
        if is_range_action(action):
            span = self.selected_range()
            if span is None:
                name = action.label.rstrip("…. ")
                self._status(
                    self.tr(
                        "Select the messages for “{action}” first: click the first one and "
                        "Shift+click the last one, then choose it again."
                    ).format(action=name)
                )
                return None
            params.update(zip(RANGE_INPUTS, span, strict=True))
            inputs = [item for item in inputs if _input_name(item) not in RANGE_INPUTS]
        if action.dialog.get("kind") == "confirm":
            confirm = ConfirmActionDialog(action, self.parent_widget)
            confirmed = await dialog_result(confirm) == QDialog.DialogCode.Accepted.value
            confirm.deleteLater()
            return params if confirmed else None
        if inputs:
            self.form_dialog = ActionFormDialog(
                dataclasses.replace(action, inputs=inputs), parent=self.parent_widget
            )
            accepted = await dialog_result(self.form_dialog) == QDialog.DialogCode.Accepted.value
            values = self.form_dialog.params()
            self.form_dialog.deleteLater()
            self.form_dialog = None
            if not accepted:
                return None
            params.update(values)
        return params

    async def _execute(
        self, action: PluginAction, conversation: Conversation, params: dict[str, Any]
    ) -> dict[str, Any]:
        progress = ActionProgressDialog(action, self.parent_widget)
        progress.cancel_requested.connect(conversation.cancel_action)
        self.progress_dialog = progress
        progress.show()  # not open(): that makes it window-modal
        try:
            result = await conversation.run_action(
                action.action_id, params, owner=action.owner, label=action.title
            )
        finally:
            progress.done(QDialog.DialogCode.Accepted.value)
            progress.deleteLater()
            self.progress_dialog = None
        return result

    def step_aside_for_approval(self, waiting: bool) -> None:
        """An action's own request (a feature calling `app.send_request`) may ask for approval
        while the progress dialog is up: it steps aside for the prompt."""
        progress = self.progress_dialog
        if progress is None:
            return
        if waiting and progress.isVisible():
            progress.hide()
        elif not waiting and not progress.isVisible():
            progress.show()

    def _show_result(self, action: PluginAction, result: Mapping[str, Any]) -> None:
        if isinstance(result.get("error"), Mapping) or isinstance(result.get("display"), Mapping):
            self.result_dialog = ActionResultDialog(action, result, self.parent_widget)
            self.result_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            self.result_dialog.open()
            return
        message = str(result.get("message") or "").strip()
        if not message:
            status = str(result.get("status") or "ok")
            message = f"“{action.title}”: {'done' if status == 'ok' else status}."
        self._status(message)

    def _status(self, message: str) -> None:
        if self.show_status is not None:
            self.show_status(message)


# --------------------------------------------------------------------------- menus


class SessionActionsController(QObject):
    """Keeps a session menu, a toolbar and message context menus filled with plugin actions."""

    def __init__(
        self,
        runner: SessionActionRunner,
        *,
        menu: QMenu | None = None,
        toolbar: QToolBar | QMenu | None = None,
    ) -> None:
        """`menu` (the Session menu) and `toolbar` (a toolbar, or a menu of its own that a
        header's button opens) get the plugins' session actions."""
        super().__init__(runner)
        self.runner = runner
        self.menu = menu
        self.toolbar = toolbar
        self.session_actions: list[PluginAction] = []
        self.message_actions: list[PluginAction] = []
        self._installed: list[QAction] = []
        self._conditional: list[tuple[QAction, str]] = []
        self._switches: list[tuple[QAction, str]] = []
        self._metadata: Mapping[str, Any] = {}

    def set_actions(self, ui_schema: Iterable[Any], definitions: Iterable[Any] = ()) -> None:
        """Replace the plugin actions shown (the window's own menu items are left alone)."""
        self.session_actions, self.message_actions = collect_actions(ui_schema, definitions)
        for installed in self._installed:
            for container in (self.menu, self.toolbar):
                if container is not None:
                    container.removeAction(installed)
            installed.deleteLater()
        self._installed = []
        self._conditional = []
        self._switches = []
        if not self.session_actions:
            return
        if self.menu is not None and self.menu.actions():
            separator = QAction(self)
            separator.setSeparator(True)
            self.menu.addAction(separator)
            self._installed.append(separator)
        for action in self.session_actions:
            qaction = self._make_qaction(action, None)
            for container in (self.menu, self.toolbar):
                if container is not None:
                    container.addAction(qaction)
            self._installed.append(qaction)
            if action.enabled_if_metadata:
                self._conditional.append((qaction, action.enabled_if_metadata))
            if action.checked_unless_metadata_false:
                qaction.setCheckable(True)
                # Clicking runs the action; the mark follows the chat's state once it has run
                # (or stays put when it fails), never the click alone.
                qaction.triggered.connect(lambda _checked: self.follow_session(self._metadata))
                self._switches.append((qaction, action.checked_unless_metadata_false))
        self.follow_session(self._metadata)

    def follow_session(self, metadata: Mapping[str, Any]) -> None:
        """Enable the actions that depend on the shown session's state (e.g. an Undo)."""
        self._metadata = metadata
        for qaction, key in self._conditional:
            qaction.setEnabled(bool(metadata.get(key)))
        for qaction, path in self._switches:
            qaction.setChecked(metadata_value(metadata, path) is not False)

    def add_message_actions(self, index: int, menu: QMenu) -> None:
        """Slot for `ChatView.message_context_menu_requested(index, menu)`."""
        if not self.message_actions:
            return
        if menu.actions():
            menu.addSeparator()
        for action in self.message_actions:
            menu.addAction(self._make_qaction(action, index, parent=menu))

    def _make_qaction(
        self, action: PluginAction, message_index: int | None, parent: QObject | None = None
    ) -> QAction:
        qaction = QAction(action_icon(action.icon), action.label, parent or self)
        qaction.setObjectName(f"plugin-action:{action.owner}:{action.action_id}")
        tip = action.description or action.label
        qaction.setToolTip(tip)
        qaction.setStatusTip(tip)
        qaction.triggered.connect(lambda: self.runner.trigger(action, message_index))
        return qaction
