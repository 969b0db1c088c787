"""The sign-in line of an MCP server that uses OAuth: who is signed in and until when, or why a
sign-in is needed, with "Sign in again" and "Sign out".

Talks to the MCP plugin only through `server_status`, `sign_in` and `sign_out`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

import shiboken6
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from agent_desktop.settings.common import note
from agent_desktop.toolkit.theme import current_palette


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    if seconds < 90:
        return f"{max(0, round(seconds))} s"
    if minutes < 90:
        return f"{minutes} min"
    hours = round(seconds / 3600)
    return f"{hours} h" if hours < 48 else f"{round(seconds / 86400)} days"


def describe_sign_in(auth: Mapping[str, Any] | None, now: float | None = None) -> str:
    """ "Signed in as … · token expires in …", "Signing in…", or "Sign-in needed: why"."""
    if not auth:
        return ""
    state = auth.get("state")
    where = f" at {auth['issuer']}" if auth.get("issuer") else ""
    if state == "signed_in":
        who = f"Signed in as {auth['account']}" if auth.get("account") else "Signed in"
        expires_at = auth.get("expires_at")
        if expires_at is None:
            when = "the token does not expire"
        else:
            left = float(expires_at) - (now if now is not None else time.time())
            when = (
                f"token expires in {_duration(left)}"
                if left > 0
                else "the token expired; it is renewed on the next use"
            )
        text = f"{who}{where} · {when}"
    elif state == "signing_in":
        text = f"Signing in{where}… finish the login in your browser."
    else:
        text = f"Sign-in needed: {auth.get('problem') or 'not signed in'}."
    if auth.get("kept_for_session"):
        text += f"\nKept for this session only, not stored: {auth['kept_for_session']}"
    return text


class ServerSignInPanel(QWidget):
    """Shown for servers that sign in with OAuth; hidden for the others."""

    finished = Signal()  # a sign-in or sign-out ended: the server's state changed

    def __init__(self, plugin: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plugin = plugin
        self.server: str | None = None
        self.task: asyncio.Task[Any] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.status = note("")
        self.status.setAccessibleName(self.tr("MCP server sign-in"))
        self.result = note("")
        self.result.setAccessibleName(self.tr("MCP sign-in result"))
        self.sign_in_button = QPushButton(self.tr("Sign in again"))
        self.sign_in_button.setToolTip(
            self.tr("Forget this server's access and open its login page in your browser")
        )
        self.sign_in_button.clicked.connect(self.start_sign_in)
        self.sign_out_button = QPushButton(self.tr("Sign out"))
        self.sign_out_button.setToolTip(
            self.tr("Forget this server's access; its tools stop until you sign in")
        )
        self.sign_out_button.clicked.connect(self.start_sign_out)
        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.sign_in_button)
        row.addWidget(self.sign_out_button)
        layout.addLayout(row)
        layout.addWidget(self.result)
        self.result.hide()
        self.hide()

    def show_server(self, name: str | None) -> None:
        if name != self.server:
            self.result.hide()
        self.server = name
        self.refresh()

    def auth(self) -> Mapping[str, Any] | None:
        if self.plugin is None or self.server is None:
            return None
        for status in self.plugin.server_status():
            if status.get("name") == self.server:
                auth = status.get("auth")
                return auth if isinstance(auth, Mapping) else None
        return None

    def refresh(self) -> None:
        auth = self.auth()
        self.setVisible(auth is not None)
        if auth is None:
            return
        self.status.setText(describe_sign_in(auth))
        palette = current_palette()
        needed = auth.get("state") == "sign_in_needed"
        self.status.setStyleSheet(f"color: {palette.warning};" if needed else "")
        busy = auth.get("state") == "signing_in" or (self.task is not None and not self.task.done())
        self.sign_in_button.setEnabled(not busy)
        self.sign_out_button.setEnabled(not busy and not needed)

    def _say(self, text: str, *, ok: bool) -> None:
        palette = current_palette()
        self.result.setStyleSheet(f"color: {palette.success if ok else palette.error};")
        self.result.setText(text)
        self.result.setVisible(bool(text))

    def _finished(self, _task: asyncio.Task[Any]) -> None:
        if shiboken6.isValid(self):  # the settings may have been closed meanwhile
            self.refresh()  # the buttons work again
            self.finished.emit()

    def start_sign_in(self) -> None:
        if self.server is None or self.plugin is None:
            return
        self._say("", ok=True)
        self.task = asyncio.ensure_future(self.sign_in(self.server))
        self.task.add_done_callback(self._finished)
        self.refresh()

    async def sign_in(self, server: str) -> dict[str, Any]:
        outcome: dict[str, Any] = await self.plugin.sign_in(server)
        if outcome.get("ok"):
            self._say(f"Signed in to {server}: its tools are ready.", ok=True)
        else:
            self._say(str(outcome.get("error") or "The sign-in did not finish."), ok=False)
        return outcome

    def start_sign_out(self) -> None:
        if self.server is None or self.plugin is None:
            return
        self._say("Signing out…", ok=True)
        self.task = asyncio.ensure_future(self.sign_out(self.server))
        self.task.add_done_callback(self._finished)
        self.refresh()

    async def sign_out(self, server: str) -> None:
        revocation = await self.plugin.sign_out(server)
        self._say(f"Signed out of {server}." + (f" {revocation}" if revocation else ""), ok=True)
