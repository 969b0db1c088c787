"""A tool server needs the user to sign in (MCP OAuth): the user sees which site the login page is
on before the browser opens it; the page then returns to the app by itself (loopback redirect).

The dialog is opened window-modally and awaited (`dialog_result`), never `exec()`ed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from agent_desktop.forms.action_dialogs import dialog_result


class SignInDialog(QDialog):
    """ "<server> needs you to sign in" with the login page's host; Open … / Not now."""

    def __init__(
        self, server: str, url: str, parent: QWidget | None, keyring_problem: str | None = None
    ) -> None:
        super().__init__(parent)
        host = urlsplit(url).hostname or url
        port = urlsplit(url).port
        shown_host = f"{host}:{port}" if port else host
        self.setObjectName("signInDialog")
        self.setWindowTitle(self.tr("Sign in to {server}").format(server=server))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(480)
        layout = QVBoxLayout(self)
        heading = QLabel(
            self.tr("The tool server '{server}' needs you to sign in").format(server=server)
        )
        font = heading.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        heading.setFont(font)
        layout.addWidget(heading)
        kept = (
            self.tr("Agent Desktop keeps the access in your system keyring.")
            if keyring_problem is None
            else self.tr(
                "{problem} The access is kept for this session only: you sign in again after "
                "a restart."
            ).format(problem=keyring_problem)
        )
        text = QLabel(
            self.tr(
                "Your browser will open the login page on {host}. After you sign in there, the "
                "page sends you back to Agent Desktop and the server's tools become available."
            ).format(host=shown_host)
            + " "
            + kept
        )
        text.setWordWrap(True)
        layout.addWidget(text)
        # The page without its query (a long run of codes no one reads); all of it on hover.
        page = urlsplit(url)._replace(query="", fragment="").geturl()
        where = QLabel(self.tr("Login page: {page}").format(page=page))
        where.setWordWrap(True)
        where.setTextFormat(Qt.TextFormat.PlainText)
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where.setToolTip(url)
        where.setAccessibleName(self.tr("Login page address"))
        layout.addWidget(where)
        buttons = QDialogButtonBox()
        self.later_button = buttons.addButton(
            self.tr("Not now"), QDialogButtonBox.ButtonRole.RejectRole
        )
        self.later_button.setToolTip(
            self.tr(
                "The server stays signed out; Settings → MCP servers → Sign in again starts later"
            )
        )
        self.open_button = buttons.addButton(
            self.tr("Open {shown_host}").format(shown_host=shown_host),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        self.open_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


async def confirm_and_open_login(
    parent: QWidget,
    say: Callable[[str], None],
    keyring_problem: Callable[[], str | None],
    request: dict[str, Any],
) -> bool:
    """The application's sign-in handler: ask, then open the login page in the browser."""
    url = str(request.get("url") or "")
    if urlsplit(url).scheme not in ("https", "http"):
        return False  # only web pages are opened, never files or apps
    server = str(request.get("server") or "A tool server")
    say(f"{server} needs you to sign in")
    # Looking for the keyring may wait on D-Bus the first time: not on the GUI thread.
    problem = await asyncio.to_thread(keyring_problem)
    dialog = SignInDialog(server, url, parent, problem)
    code = await dialog_result(dialog)
    dialog.deleteLater()
    if code != QDialog.DialogCode.Accepted:
        return False
    QDesktopServices.openUrl(QUrl(url))
    say(f"Finish signing in to {server} in your browser")
    return True
