"""What a view asks of the user, asked in the main window: opening a link (the host named
first), sending a message into the chat as the user's, and running a tool the view calls when
the approval policy asks. Each dialog is opened window-modally and awaited (`dialog_result`),
never ``exec()``ed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import shiboken6
from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget

from agent_desktop.forms.action_dialogs import dialog_result

MAX_SHOWN_MESSAGE_CHARS = 600


class WindowViewPrompts:
    """The dialogs views' requests raise, over `parent`; `send_text` sends a message as the
    user's in the open chat."""

    def __init__(self, parent: QWidget, send_text: Callable[[str], Awaitable[None]]) -> None:
        self._parent = parent
        self._send_text = send_text
        self.last_dialog: QMessageBox | None = None  # the one open now, for tests and journeys

    async def _ask(
        self, title: str, text: str, buttons: list[tuple[str, QMessageBox.ButtonRole]]
    ) -> str | None:
        box = QMessageBox(self._parent)
        box.setObjectName("appViewPrompt")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(text)
        made = [(box.addButton(label, role), label) for label, role in buttons]
        self.last_dialog = box
        try:
            await dialog_result(box)
            clicked = box.clickedButton()
            return next((label for button, label in made if button is clicked), None)
        finally:
            self.last_dialog = None
            if shiboken6.isValid(box):  # closing the window deletes its open dialogs
                box.deleteLater()

    async def open_link(self, server: str, url: str) -> bool:
        """Ask before opening `url` in the browser; True when it was opened."""
        host = urlsplit(url).hostname or url
        open_label = QCoreApplication.translate("AppViewPrompts", "Open {host}").format(host=host)
        chosen = await self._ask(
            QCoreApplication.translate("AppViewPrompts", "Open a link?"),
            QCoreApplication.translate(
                "AppViewPrompts", "The view of {server} wants to open {url} in your browser."
            ).format(server=server, url=url),
            [
                (open_label, QMessageBox.ButtonRole.AcceptRole),
                (
                    QCoreApplication.translate("AppViewPrompts", "Don't open"),
                    QMessageBox.ButtonRole.RejectRole,
                ),
            ],
        )
        if chosen != open_label:
            return False
        QDesktopServices.openUrl(QUrl(url))
        return True

    async def send_message(self, server: str, text: str) -> bool:
        """Ask before sending `text` into the chat as the user's message; True when sent."""
        shown = (
            text if len(text) <= MAX_SHOWN_MESSAGE_CHARS else text[:MAX_SHOWN_MESSAGE_CHARS] + "…"
        )
        send_label = QCoreApplication.translate("AppViewPrompts", "Send as my message")
        chosen = await self._ask(
            QCoreApplication.translate("AppViewPrompts", "Send a message?"),
            QCoreApplication.translate(
                "AppViewPrompts",
                "The view of {server} wants to send this message as yours:\n\n{text}",
            ).format(server=server, text=shown),
            [
                (send_label, QMessageBox.ButtonRole.AcceptRole),
                (
                    QCoreApplication.translate("AppViewPrompts", "Don't send"),
                    QMessageBox.ButtonRole.RejectRole,
                ),
            ],
        )
        if chosen != send_label:
            return False
        await self._send_text(text)
        return True

    async def approve_tool(self, request: dict[str, Any]) -> dict[str, Any]:
        """The approval decision for a tool call a view makes (the policy's answer shape)."""
        once, session = (
            QCoreApplication.translate("AppViewPrompts", "Allow once"),
            QCoreApplication.translate("AppViewPrompts", "Allow for this chat"),
        )
        chosen = await self._ask(
            QCoreApplication.translate("AppViewPrompts", "Allow a tool call?"),
            QCoreApplication.translate("AppViewPrompts", "A view wants to run {call}.").format(
                call=request.get("preview") or request.get("tool_name")
            ),
            [
                (once, QMessageBox.ButtonRole.AcceptRole),
                (session, QMessageBox.ButtonRole.AcceptRole),
                (
                    QCoreApplication.translate("AppViewPrompts", "Deny"),
                    QMessageBox.ButtonRole.RejectRole,
                ),
            ],
        )
        if chosen == once:
            return {"decision": "allow_once"}
        if chosen == session:
            return {"decision": "allow_session"}
        return {"decision": "deny", "reason": "the user denied the view's call"}
