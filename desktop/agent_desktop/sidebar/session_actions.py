"""The sidebar's chats: the list or the search results, rename, delete (with Undo), export and
import. Searches, exports and imports run on worker threads; the list query is a bounded read."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_desktop.sidebar import session_files
from agent_desktop.toolkit.wording import counted

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from agent_desktop.window.main_window import MainWindow

UNDO_SECONDS = 10
SESSION_LIST_LIMIT = 200


class SidebarSessions:
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        sidebar = window.sidebar
        sidebar.search_changed.connect(lambda _query: self.refresh())
        sidebar.rename_requested.connect(self.rename)
        sidebar.delete_requested.connect(self.delete)
        sidebar.export_requested.connect(self.export)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.window.spawn(work)

    def refresh(self) -> None:
        """Show the sessions, or the results of the search typed in the sidebar (found on a
        worker thread; a result for text no longer typed is dropped)."""
        from agent_app.store import StoreError

        window = self.window
        query = window.sidebar.query()
        if query:
            window.spawn(self._show_search_results(query))
            return
        try:  # the newest few hundred rows of one indexed table: quick, unlike a search
            sessions = window.app.list_sessions(limit=SESSION_LIST_LIMIT)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            window.show_error(str(error))
            sessions = []
        window.sidebar.set_sessions(list(sessions), window.conversation.session_id)

    async def _show_search_results(self, query: str) -> None:
        from agent_app.store import StoreError

        try:
            results = await self.window.app.asearch_sessions(query)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.window.show_error(str(error))
            return
        if self.window.sidebar.query() == query:
            self.window.sidebar.set_results(results)

    def rename(self, session_id: str, title: str) -> None:
        window = self.window
        found = window.conversations.find(session_id) if window.conversations else None
        if found is not None:
            found.rename(title)
        else:
            window.app.rename_session(session_id, title)
        self.refresh()

    def delete(self, session_id: str) -> None:
        window = self.window
        item = window.sidebar.item_for(session_id)
        title = item.text() if item is not None else "the chat"
        found = window.conversations.find(session_id) if window.conversations else None
        if found is not None:
            found.stop()
        window.app.delete_session(session_id)
        if window.conversation.session_id == session_id:
            window.new_chat()
        self.refresh()
        window.notice.show_notice(
            f"Deleted “{title}”.", "Undo", lambda: self.restore(session_id), UNDO_SECONDS
        )

    def restore(self, session_id: str) -> None:
        self.window.app.restore_session(session_id)
        self.refresh()
        self.window.open_session(session_id)

    def export(self, session_id: str, export_format: str) -> None:
        item = self.window.sidebar.item_for(session_id)
        session_files.choose_export_file(
            self.window,
            item.text() if item else "chat",
            export_format,
            lambda path: self._spawn(self.write_export(session_id, export_format, path)),
        )

    async def write_export(self, session_id: str, export_format: str, path: Path) -> None:
        said = await session_files.write_export(self.window.app, session_id, export_format, path)
        self.window.notice.show_notice(said, seconds=6 if said.startswith("Exported") else 15)

    def choose_imports(self) -> None:
        session_files.choose_import_files(
            self.window, lambda paths: self._spawn(self.import_files(paths))
        )

    async def import_files(self, paths: list[Path]) -> None:
        """Import exported chats (File → Import, or files the desktop opened the app with)."""
        window = self.window
        imported, problems, already_here = await session_files.import_files(window.app, paths)
        if imported:
            self.refresh()
            window.open_session(imported[-1])
            copied = len(imported) - len(already_here)
            if copied:
                problems.insert(0, f"Imported {counted(copied, 'chat')}.")
        if problems:
            window.show_error("\n".join(problems))
