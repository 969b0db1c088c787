"""Shows one `Conversation` at a time in the chat column and follows its events.

The conversation (agent_app, no Qt) holds the session; this binding only turns its events into
rows, the composer's busy state, approval prompts and the status line. Switching chats rebinds:
a chat left while it works goes on in the background and is shown as it stands when reopened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from agent_app.turn_outcome import ENDING_LABELS, turn_outcome
from agent_app.ui_text import QT_TRANSLATE_NOOP
from agent_desktop.conversation.chat_model import readable_tool_name
from agent_desktop.toolkit.announcements import announce
from agent_desktop.toolkit.shortcuts import APPROVAL_SHORTCUT
from agent_desktop.toolkit.window_language import in_window_language

if TYPE_CHECKING:
    from PySide6.QtGui import QShortcut
    from PySide6.QtWidgets import QLabel

    from agent_app.conversation import Conversation
    from agent_desktop.window.chat_column import ChatColumn

# Its plugins' session_create actions run.
PREPARING = QT_TRANSLATE_NOOP("ConversationBinding", "Preparing the new chat…")


def state_after(ending: str | None) -> str:
    """The status-bar word for how a request ended: "Ready" only after an answer."""
    if ending is None:
        return QCoreApplication.translate("ConversationBinding", "Ready")
    label = QCoreApplication.translate("TurnOutcome", ENDING_LABELS.get(ending, "failed"))
    return label[:1].upper() + label[1:]


class ConversationBinding(QObject):
    """The shown conversation ↔ the chat column, the state label and the Esc shortcut."""

    session_changed = Signal()  # the shown chat's messages, title or state changed
    notice = Signal(str, float)  # text, seconds (0: until dismissed)
    chat_free = Signal()  # the shown chat runs nothing (shown, or its request/action ended)

    def __init__(self, column: ChatColumn, state_label: QLabel, stop_shortcut: QShortcut) -> None:
        super().__init__(column)
        self.column = column
        self.state_label = state_label
        self.stop_shortcut = stop_shortcut
        self.conversation: Conversation | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._writing_shown = False
        # How a provider is named to the user (given once the application has loaded).
        self.provider_label: Callable[[str], str] = str
        # How the running request ended when not with an answer ("timeout", "failed", ...).
        self._ending: str | None = None

    def show(self, conversation: Conversation) -> None:
        """Show `conversation` (its rows, busy state and pending approvals)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.conversation = conversation
        # The ending shown is this chat's own, not the one the chat shown before ended with.
        outcome = turn_outcome(conversation.session)
        self._ending = outcome.ending if outcome is not None and outcome.kind == "error" else None
        self._unsubscribe = conversation.subscribe(self._on_event)
        self.column.chat_model.show(conversation)
        self.column.title_label.setText(conversation.title or self.tr("New chat"))
        for request in conversation.pending_approvals():
            self._show_approval(request)
        self._follow_state()
        self.state_label.setText(self._state_text())
        self.session_changed.emit()

    # ------------------------------------------------------------------ events
    def _on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        model = self.column.chat_model
        conversation = self.conversation
        assert conversation is not None
        if kind == "partial":
            # The hot path (thousands per answer): hand it to the model, which coalesces.
            model.apply_event(event)
            if not self._writing_shown:
                self._writing_shown = True
                self.state_label.setText(self.tr("Writing…"))
            return
        self._writing_shown = False
        if kind == "user_message":
            from agent_core import Message

            model.add_user_message(Message.from_dict(event["message"]), event["message_index"])
            if "comparison_panel" in self.column.__dict__:  # the last comparison is over
                self.column.comparison_panel.hide()
            self.column.chat_view.follow_bottom()
        elif kind == "history_reset":
            model.show(conversation)
            self.session_changed.emit()
        elif kind == "history_prepended":
            model.history_prepended(int(event["count"]))
        elif kind in ("messages_refreshed", "session_created", "metadata_changed"):
            self.session_changed.emit()
        elif kind == "title_changed":
            self.column.title_label.setText(str(event.get("title") or self.tr("New chat")))
            self.session_changed.emit()
        elif kind == "state_changed":
            self._follow_state()
        elif kind == "approval_requested":
            self._show_approval(event["request"])
            announce(
                self.column.chat_view,
                self.tr("Approval needed: {tool}").format(tool=_tool_words(event["request"])),
                assertive=True,
            )
        elif kind == "approval_settled":
            self.column.chat_view.dismiss_approval(event["call_key"])
        elif kind == "action_started":
            self.state_label.setText(f"{event.get('label')}…")
        elif kind == "action_finished":
            self.state_label.setText(self._state_text())
        elif kind == "request_finished":
            self.session_changed.emit()
        elif str(kind).startswith("comparison_"):
            self._on_comparison_event(str(kind), event)
        else:
            self._on_request_event(kind, event)

    def _on_comparison_event(self, kind: str, event: dict[str, Any]) -> None:
        """Several models asked at once: their answers side by side as they come."""
        panel = self.column.comparison_panel
        if kind == "comparison_started":
            label = self.provider_label
            panel.start([f"{m['model']} · {label(m['provider'])}" for m in event["models"]])
            self.state_label.setText(self.tr("Asking several models…"))
        elif kind == "comparison_partial":
            panel.show_text(int(event["column"]), str(event["text"]))
        elif kind == "comparison_column_finished":
            panel.finish_column(int(event["column"]), str(event["error"]), str(event["text"]))
        elif kind == "comparison_finished":
            self.state_label.setText(self._state_text())

    def _on_request_event(self, kind: Any, event: dict[str, Any]) -> None:
        self.column.chat_model.apply_event(event)
        if kind == "request_started":
            self._ending = None
            self.state_label.setText(self.tr("Thinking…"))
        elif kind in ("request_completed", "request_cancelled"):
            ending = "stopped" if kind == "request_cancelled" else self._ending
            self.state_label.setText(state_after(ending))
            if kind == "request_completed" and ending is None:
                announce(self.column.chat_view, self.tr("Answer finished"))
        elif kind == "assistant":
            self.session_changed.emit()
            # A provider's word on how this answer was made (e.g. fetched without streaming);
            # a tool-call-only answer has no row whose footer would show it.
            notice = ((event.get("message") or {}).get("metadata") or {}).get("provider_notice")
            if isinstance(notice, str) and notice:
                self.notice.emit(notice, 20.0)
        elif kind == "error":
            failure = event.get("failure") or {}
            self._ending = str(failure.get("ending") or "failed")
            self.state_label.setText(state_after(self._ending))
            announce(
                self.column.chat_view,
                self.tr("Error: {what}").format(what=state_after(self._ending)),
                assertive=True,
            )
        elif kind == "tool_started":
            self.state_label.setText(self.tr("Running a tool…"))
        elif kind == "plugin_disabled":
            self.notice.emit(in_window_language(str(event.get("message"))), 0.0)

    # ------------------------------------------------------------------ state
    def _show_approval(self, request: dict[str, Any]) -> None:
        call_key = request["call_key"]
        if self.column.chat_model.tool_item(call_key) is None:
            self.column.chat_model.apply_event({"type": "tool_call", **request})
        self.column.chat_view.show_approval(call_key, request)
        self.state_label.setText(
            self.tr("Waiting for your approval of {tool} ({shortcut} to go there)").format(
                tool=_tool_words(request), shortcut=APPROVAL_SHORTCUT
            )
        )

    def focus_approval(self) -> bool:
        """Move the keyboard to the oldest approval prompt of this chat; False if none waits."""
        if self.conversation is None:
            return False
        for request in self.conversation.pending_approvals():
            prompt = self.column.chat_view.approval_prompt(request["call_key"])
            if prompt is not None and prompt.isVisible():
                prompt.take_focus()
                return True
        return False

    def _state_text(self) -> str:
        conversation = self.conversation
        if conversation is None:
            return "Ready"
        if conversation.action is not None:
            return f"{conversation.action.label}…"
        if conversation.awaiting_approval:
            tool = _tool_words(conversation.pending_approvals()[0])
            return self.tr("Waiting for your approval of {tool}").format(tool=tool)
        if conversation.preparing:
            return self.tr(PREPARING)
        if conversation.requesting:
            return self.tr("Thinking…")
        return state_after(self._ending)

    def _follow_state(self) -> None:
        conversation = self.conversation
        busy = conversation is not None and conversation.busy
        self.column.composer.set_busy(busy)
        self.stop_shortcut.setEnabled(busy)
        if not busy:
            self.chat_free.emit()
        if conversation is not None and (
            conversation.preparing or self.state_label.text() == self.tr(PREPARING)
        ):  # a new chat's plugins started or ended preparing it: say what runs now
            self.state_label.setText(self._state_text())
        self.show_turn_outcome()

    def show_turn_outcome(self) -> None:
        """Show how the shown chat's last request ended, if not with an answer (the failure
        stored with the chat, or an empty answer); nothing while it works."""
        conversation = self.conversation
        busy = conversation is None or conversation.busy
        outcome = None if busy else turn_outcome(conversation.session if conversation else None)
        if outcome is not None or "outcome_panel" in self.column.__dict__:
            self.column.outcome_panel.show_outcome(outcome)


def _tool_words(request: dict[str, Any]) -> str:
    """The tool of an approval request as its row names it (an MCP tool's title)."""
    return readable_tool_name(str(request.get("tool_name")), request.get("annotations") or {})
