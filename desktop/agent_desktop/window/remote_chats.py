"""Chats on agent servers in the window: connecting, the sidebar's server sections, opening.

`RemoteChats` is built with what it uses: the connections (addresses and keyring tokens), the
sidebar layout its sections go into, how the window shows a conversation, and how it runs
coroutines. A chat on a server is a `RemoteConversation`; the window shows it as a local one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QBoxLayout, QInputDialog, QWidget

from agent_app.remote.attachments import StagedAttachments
from agent_app.remote.client import RemoteAgentClient, RemoteServerError, fetch_certificate
from agent_app.remote.connections import (
    ConnectionInputError,
    RemoteConnections,
    RemoteServer,
    normalized_url,
)
from agent_app.remote.conversation import RemoteConversation
from agent_app.serve.tls import fingerprint
from agent_desktop.sidebar.remote_servers import ConnectServerDialog, RemoteServerSection

if TYPE_CHECKING:  # the dialog and its forms are imported when first opened, not at start
    from agent_app.remote.local_server import LocalAgentServer
    from agent_desktop.settings.server_settings import (
        ActionRequest,
        PluginChange,
        ServerSettingsDialog,
    )
    from agent_desktop.sidebar.local_server import ServerTokenDialog, StartServerDialog

Spawn = Callable[[Coroutine[Any, Any, Any]], Any]


class RemoteChats:
    """The connected servers, each a client and a sidebar section."""

    def __init__(
        self,
        connections: RemoteConnections,
        attachments: StagedAttachments,
        sections: QBoxLayout,
        *,
        local_server_home: Path,
        app_config_dir: Path,
        dialog_parent: QWidget,
        show_conversation: Callable[[Any], None],
        show_actions: Callable[[list[Any], list[Any]], None],
        spawn: Spawn,
        show_error: Callable[[str], None],
    ) -> None:
        self.connections = connections
        self.attachments = attachments
        self.sections = sections
        self.local_server_home = local_server_home
        self.app_config_dir = app_config_dir
        self.local_servers: list[LocalAgentServer] = []
        self.dialog_parent = dialog_parent
        self.show_conversation = show_conversation
        self.show_actions = show_actions
        self.spawn = spawn
        self.show_error = show_error
        self.clients: dict[str, RemoteAgentClient] = {}
        self.section_of: dict[str, RemoteServerSection] = {}
        self.open_chats: dict[str, RemoteConversation] = {}
        self.dialog: ConnectServerDialog | None = None
        # https address -> the certificate whose fingerprint the dialog showed (asked once).
        self.confirmed_certificates: dict[str, str] = {}

    # ------------------------------------------------------------------ connecting
    def restore(self) -> None:
        """The servers connected before: their sections, filled in the background."""
        for server in self.connections.servers():
            token = self.connections.token(server.url)
            if token:
                self._add(server, token)
                self.spawn(self.refresh(server.url))

    def ask_to_connect(self) -> ConnectServerDialog:
        dialog = ConnectServerDialog(self.dialog_parent)
        dialog.connect_requested.connect(
            lambda url, token: self.spawn(self._connect(dialog, url, token))
        )
        dialog.start_local_requested.connect(lambda: self._ask_to_start_local(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    # ------------------------------------------------------------------ a server on this computer
    def _ask_to_start_local(self, connect_dialog: ConnectServerDialog) -> StartServerDialog:
        from agent_desktop.sidebar.local_server import (  # noqa: PLC0415 - loads when first opened
            StartServerDialog,
        )

        connect_dialog.reject()
        dialog = StartServerDialog(self.dialog_parent)
        dialog.start_requested.connect(
            lambda bind, keep_running: self.spawn(self.start_local(dialog, bind, keep_running))
        )
        dialog.open()
        return dialog

    async def start_local(
        self, dialog: StartServerDialog, bind: str, keep_running: bool
    ) -> ServerTokenDialog | None:
        """Start `agent-desktop serve` on `bind` as a child, show its new token once, connect."""
        from agent_app.remote.local_server import (  # noqa: PLC0415 - loads when first used
            LocalAgentServer,
            LocalServerError,
        )
        from agent_desktop.sidebar.local_server import (  # noqa: PLC0415 - loads when first opened
            ServerTokenDialog,
        )

        server = LocalAgentServer(
            self.local_server_home,
            bind,
            keep_running=keep_running,
            on_died=self._report_died,
            settings_from=self.app_config_dir,
        )
        try:
            started = await server.start()
        except (LocalServerError, OSError) as problem:
            dialog.show_problem(str(problem))
            return None
        self.local_servers.append(server)
        token = started.token or await asyncio.to_thread(
            self.connections.token, normalized_url(started.url)
        )
        if token is None:
            dialog.show_problem(
                QCoreApplication.translate(
                    "RemoteChats",
                    "The agent server at {url} runs with the token it made on an earlier start, "
                    "which this app does not know. Revoke it with 'agent-desktop serve "
                    "--revoke-token --data-dir {folder}' and start the server again to get a "
                    "new one.",
                ).format(url=started.url, folder=self.local_server_home)
            )
            return None
        dialog.accept()
        token_dialog = None
        if started.token is not None:
            token_dialog = ServerTokenDialog(started.url, started.token, self.dialog_parent)
            token_dialog.open()
        try:
            record, _session_only = await asyncio.to_thread(
                self.connections.add, started.url, token
            )
        except ConnectionInputError as problem:
            self.show_error(str(problem))
            return token_dialog
        self._add(record, token)
        await self.refresh(record.url)
        return token_dialog

    def _report_died(self, url: str, last_line: str) -> None:
        self.show_error(
            QCoreApplication.translate(
                "RemoteChats", "The agent server {server} stopped: {reason}"
            ).format(server=url, reason=last_line)
        )

    async def _connect(self, dialog: ConnectServerDialog, url: str, token: str) -> None:
        try:
            url = normalized_url(url)
            certificate = None
            if url.startswith("https://"):
                # Trust on first use, after the user compared the fingerprint: the pin then
                # refuses any other certificate.
                certificate = await asyncio.to_thread(fetch_certificate, url)
                if self.confirmed_certificates.get(url) != certificate:
                    self.confirmed_certificates[url] = certificate
                    dialog.confirm_certificate(fingerprint(certificate.encode("ascii")))
                    return
            client = RemoteAgentClient(url, token.strip(), certificate=certificate)
            try:
                await client.list_sessions()  # the address, the token (and the pin) work
            finally:
                await client.aclose()
            server, _session_only = self.connections.add(url, token, certificate)
        except (ConnectionInputError, RemoteServerError) as problem:
            dialog.show_problem(str(problem))
            return
        self._add(server, token.strip())
        dialog.accept()
        await self.refresh(server.url)

    def _add(self, server: RemoteServer, token: str) -> None:
        if server.url in self.clients:
            return
        self.clients[server.url] = RemoteAgentClient(
            server.url, token, certificate=server.certificate
        )
        section = RemoteServerSection(server.label)
        section.chat_selected.connect(lambda session_id: self.spawn(self.open(server, session_id)))
        section.new_chat_requested.connect(partial(self._new_chat, server))
        section.settings_requested.connect(partial(self.open_settings, server))
        self.sections.addWidget(section)
        self.section_of[server.url] = section

    async def refresh(self, url: str) -> None:
        """List the server's chats in its section (a server that is away says so)."""
        try:
            sessions = await self.clients[url].list_sessions()
        except RemoteServerError as problem:
            self.section_of[url].title.setToolTip(str(problem))
            return
        self.section_of[url].show_chats(sessions)

    # ------------------------------------------------------------------ the server's settings
    def open_settings(self, server: RemoteServer) -> ServerSettingsDialog:
        """The settings pages of the server's plugins, read from it and saved to it."""
        from agent_desktop.settings.server_settings import (  # noqa: PLC0415 - loads when first opened
            ServerSettingsDialog,
        )

        dialog = ServerSettingsDialog(self.dialog_parent, server.label)
        dialog.save_requested.connect(
            lambda changes: self.spawn(self._save_settings(server.url, dialog, changes))
        )
        dialog.revoke_requested.connect(lambda: self.spawn(self._revoke(server, dialog)))
        dialog.agent_chosen.connect(
            lambda agent_id: self.spawn(self._read_settings(server.url, dialog, agent_id))
        )
        dialog.action_requested.connect(
            lambda request: self.spawn(self._run_settings_action(server.url, request))
        )
        dialog.open()
        self.spawn(self._read_settings(server.url, dialog))
        return dialog

    async def _read_settings(
        self, url: str, dialog: ServerSettingsDialog, agent_id: str | None = None
    ) -> None:
        try:
            described = await self.clients[url].plugin_settings(agent_id)
        except RemoteServerError as problem:
            if shiboken6.isValid(dialog):
                dialog.show_problem(str(problem))
            return
        if shiboken6.isValid(dialog):
            dialog.show_pages(described)

    async def _run_settings_action(self, url: str, request: ActionRequest) -> None:
        """Run a settings page's action on the server; its result (or why it failed) goes to
        the field that asked, as a local action's does."""
        dialog, plugin, action_id, params, done = request
        try:
            result = await self.clients[url].run_plugin_settings_action(
                plugin, action_id, params, dialog.agent_id
            )
        except RemoteServerError as problem:
            result = {"status": "error", "message": str(problem)}
        if shiboken6.isValid(dialog):
            done(result)

    async def _save_settings(
        self, url: str, dialog: ServerSettingsDialog, changes: list[PluginChange]
    ) -> None:
        """Each changed plugin's settings to the server; the first refusal is shown and the
        dialog stays open (the pages saved before it stay saved: each is checked alone)."""
        for plugin, values, secrets in changes:
            try:
                await self.clients[url].change_plugin_settings(
                    plugin, values, secrets, dialog.agent_id
                )
            except RemoteServerError as problem:
                dialog.show_problem(str(problem))
                return
        dialog.accept()

    async def _revoke(self, server: RemoteServer, dialog: ServerSettingsDialog) -> None:
        """Revoke the server's token (it refuses it from now on) and forget the server here."""
        try:
            await self.clients[server.url].revoke_token()
        except RemoteServerError as problem:
            dialog.show_problem(str(problem))
            return
        dialog.accept()
        await self.disconnect(server.url)
        self.show_error(
            QCoreApplication.translate(
                "RemoteChats",
                "The access token of the agent server {server} is revoked: the server refuses "
                "it from now on. Restart the server to make a new one, then connect again.",
            ).format(server=server.label)
        )

    async def disconnect(self, url: str) -> None:
        """Forget the server: its chats stop following it, its section and token go."""
        client = self.clients.pop(url)
        for session_id, chat in list(self.open_chats.items()):
            if chat.client is client:
                await chat.aclose()
                del self.open_chats[session_id]
        await client.aclose()
        section = self.section_of.pop(url)
        self.sections.removeWidget(section)
        section.deleteLater()
        await asyncio.to_thread(self.connections.remove, url)

    # ------------------------------------------------------------------ chats
    def _new_chat(self, server: RemoteServer) -> None:
        self.spawn(self._create_and_open(server))

    async def _create_and_open(self, server: RemoteServer) -> None:
        try:
            created = await self.clients[server.url].create_session()
        except RemoteServerError as problem:
            self.show_error(str(problem))
            return
        await self.open(server, str(created["session_id"]))
        await self.refresh(server.url)

    async def open(self, server: RemoteServer, session_id: str) -> RemoteConversation | None:
        """Show the server's chat `session_id` (followed from now on until the window closes)."""
        chat = self.open_chats.get(session_id)
        if chat is None:
            chat = RemoteConversation(
                self.clients[server.url], session_id, server.label, self.attachments
            )
            try:
                await chat.open()
                await asyncio.to_thread(self.attachments.stage, session_id)
            except RemoteServerError as problem:
                self.show_error(str(problem))
                return None
            chat.subscribe(partial(self._follow_titles, server.url))
            self.open_chats[session_id] = chat
        self.show_conversation(chat)
        await self._show_server_actions(chat)
        return chat

    async def _show_server_actions(self, chat: RemoteConversation) -> None:
        """The session actions the server's plugins declare for this chat (from its UI schema),
        in the session menu and toolbar while the chat is shown."""
        try:
            schema = await chat.client.ui_schema(chat.session_id)
        except RemoteServerError as problem:
            self.show_error(str(problem))
            return
        self.show_actions(list(schema["elements"]), list(schema["actions"]))

    def _follow_titles(self, url: str, event: dict[str, Any]) -> None:
        if event.get("type") in ("title_changed", "request_finished"):
            self.spawn(self.refresh(url))

    # ------------------------------------------------------------------ the session menu
    def owns(self, session_id: str | None) -> bool:
        """Whether `session_id` is a chat on a server (the session menu acts there)."""
        return session_id in self.open_chats

    def ask_to_rename(self, session_id: str) -> QInputDialog:
        chat = self.open_chats[session_id]
        dialog = QInputDialog(self.dialog_parent)
        dialog.setWindowTitle(QCoreApplication.translate("RemoteChats", "Rename chat"))
        dialog.setLabelText(
            QCoreApplication.translate("RemoteChats", "New name of the chat on {server}").format(
                server=chat.server_label
            )
        )
        dialog.setTextValue(chat.title)
        dialog.textValueSelected.connect(
            lambda title: self.spawn(self.rename(session_id, title.strip()))
        )
        dialog.open()
        return dialog

    async def rename(self, session_id: str, title: str) -> None:
        """Rename the chat on its server (the server's `title_changed` event renames it here)."""
        chat = self.open_chats[session_id]
        if not title:
            return
        try:
            await chat.client.rename_session(session_id, title)
        except RemoteServerError as problem:
            self.show_error(str(problem))

    async def delete(self, session_id: str) -> bool:
        """Delete the chat on its server (no undo there); True when it is gone."""
        chat = self.open_chats[session_id]
        try:
            await chat.client.delete_session(session_id)
        except RemoteServerError as problem:
            self.show_error(str(problem))
            return False
        await chat.aclose()
        del self.open_chats[session_id]
        await self.refresh(chat.client.url)
        return True

    def chat_of(self, conversation: object) -> RemoteConversation | None:
        """`conversation` as a chat on a server (None: a chat of this computer)."""
        return next((chat for chat in self.open_chats.values() if chat is conversation), None)

    def __contains__(self, conversation: object) -> bool:
        return self.chat_of(conversation) is not None

    def stop_local_servers(self) -> None:
        """SIGTERM to the servers this app started (not those kept running); never waits."""
        for server in self.local_servers:
            server.stop()

    async def aclose(self) -> None:
        for chat in self.open_chats.values():
            await chat.aclose()
        for client in self.clients.values():
            await client.aclose()
