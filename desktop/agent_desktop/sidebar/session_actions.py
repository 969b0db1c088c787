"""The sidebar's chats: the list or the search results, rename, delete (with Undo), export and
import. Searches, exports and imports run on worker threads; the list query is a bounded read.
What chats do by themselves (answers finishing, many at once; chats created or named) is
followed by one listing at most every `FOLLOW_CHATS_MS`, read on a worker thread, the rows that
changed updated in place: a hundred answers finishing together cost a few listings instead of a
hundred, none of them read on the GUI thread; a new chat's name shows at once, from what the
chat holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer

from agent_desktop.sidebar import session_files
from agent_desktop.sidebar.session_list import SessionSidebar

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from agent_app.conversation import Conversations
    from agent_app.sessions import Sessions
    from agent_desktop.toolkit.window_support import ShowNotice, Spawn

UNDO_SECONDS = 10
SESSION_LIST_LIMIT = 200
# How long the list may trail what chats do by themselves: soon enough to read as at once, long
# enough that many chats finishing together are listed once.
FOLLOW_CHATS_MS = 100


class SidebarSessions:
    """The chats `sidebar` lists, kept as `sessions` stores them; the open ones (`conversations`)
    are renamed and stopped through their conversation. `dialog_parent` parents the file
    dialogs; the other arguments are what the window does around a chat."""

    def __init__(
        self,
        sessions: Sessions,
        sidebar: SessionSidebar,
        conversations: Conversations,
        *,
        dialog_parent: QWidget,
        shown_session_id: Callable[[], str | None],
        open_session: Callable[[str], None],
        new_chat: Callable[[], None],
        spawn: Spawn,
        show_notice: ShowNotice,
        show_error: Callable[[str], None],
    ) -> None:
        self.sessions = sessions
        self.sidebar = sidebar
        self.conversations = conversations
        self.dialog_parent = dialog_parent
        self.shown_session_id = shown_session_id
        self.open_session = open_session
        self.new_chat = new_chat
        self.spawn = spawn
        self.show_notice = show_notice
        self.show_error = show_error
        self._follow = QTimer(sidebar)
        self._follow.setSingleShot(True)
        self._follow.setInterval(FOLLOW_CHATS_MS)
        self._follow.timeout.connect(self._list_followed_chats)
        self._listings = 0  # listings started, so that only the newest is shown
        self._reading_followed = False
        self._follow_again = False
        sidebar.search_changed.connect(lambda _query: self.refresh())
        sidebar.rename_requested.connect(self.rename)
        sidebar.delete_requested.connect(self.delete)
        sidebar.export_requested.connect(self.export)

    def refresh(self) -> None:
        """Show the sessions, or the results of the search typed in the sidebar (found on a
        worker thread; a result for text no longer typed is dropped)."""
        from agent_app.store import StoreError

        self._listings += 1  # a listing read before this one must not replace it
        query = self.sidebar.query()
        if query:
            self.spawn(self._show_search_results(query))
            return
        try:  # the newest few hundred rows of one indexed table: quick, unlike a search
            sessions = self.sessions.list_sessions(limit=SESSION_LIST_LIMIT)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            sessions = []
        self.sidebar.set_sessions(list(sessions), self.shown_session_id())

    def show_chat(self, session_id: str, title: str) -> None:
        """A chat was created or named: its row shows it at once, from what the chat holds;
        order and previews follow as for `follow_chats`."""
        import time

        self.sidebar.show_session(
            {"session_id": session_id, "title": title, "updated_at": time.time()},
            self.shown_session_id(),
        )
        self.follow_chats()

    def follow_chats(self) -> None:
        """A chat changed by itself (an answer finished): the list follows within
        `FOLLOW_CHATS_MS`, once for however many change meanwhile (counted from the end of
        a listing still being read, which a busy worker pool may delay)."""
        if self._reading_followed:
            self._follow_again = True
        elif not self._follow.isActive():
            self._follow.start()

    def _list_followed_chats(self) -> None:
        import asyncio

        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a window shown with no loop running yet: no worker to wait for
            self.refresh()
            return
        # From now, not from when the task first runs: a chat changing before then waits for
        # this listing instead of starting another one within the interval.
        self._reading_followed = True
        self.spawn(self._follow_listing())

    async def _follow_listing(self) -> None:
        """`refresh` for what chats did by themselves, the list read on a worker thread: the
        GUI thread only updates the rows that changed (answers may still be streaming)."""
        import asyncio

        from agent_app.store import StoreError

        try:
            if self.sidebar.query():
                self.refresh()  # the search results follow on a worker thread already
                return
            listing = self._listings = self._listings + 1
            sessions = await asyncio.to_thread(
                self.sessions.list_sessions, limit=SESSION_LIST_LIMIT
            )
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            return
        finally:
            self._reading_followed = False
            if self._follow_again:
                self._follow_again = False
                self._follow.start()
        # A search typed meanwhile shows its own results; a newer listing shows newer rows.
        if not self.sidebar.query() and listing == self._listings:
            self.sidebar.set_sessions(sessions, self.shown_session_id())

    async def _show_search_results(self, query: str) -> None:
        from agent_app.store import StoreError

        try:
            results = await self.sessions.asearch_sessions(query)
        except StoreError as error:  # a damaged database: say so, keep the window usable
            self.show_error(str(error))
            return
        if self.sidebar.query() == query:
            self.sidebar.set_results(results)

    def rename(self, session_id: str, title: str) -> None:
        found = self.conversations.find(session_id)
        if found is not None:
            found.rename(title)
        else:
            self.sessions.rename_session(session_id, title)
        self.refresh()

    def delete(self, session_id: str) -> None:
        item = self.sidebar.item_for(session_id)
        title = (
            item.text()
            if item is not None
            else QCoreApplication.translate("SidebarSessions", "the chat")
        )
        self.discard(session_id)
        self.show_notice(
            QCoreApplication.translate("SidebarSessions", "Deleted “{title}”.").format(title=title),
            QCoreApplication.translate("SidebarSessions", "Undo"),
            lambda: self.restore(session_id),
            UNDO_SECONDS,
        )

    def discard(self, session_id: str) -> None:
        """Delete the chat `session_id` (stopped first), a new chat shown in its place if it
        was shown; no notice (`delete` adds the one with Undo)."""
        found = self.conversations.find(session_id)
        if found is not None:
            found.stop()
        self.sessions.delete_session(session_id)
        if self.shown_session_id() == session_id:
            self.new_chat()
        self.refresh()

    def restore(self, session_id: str) -> None:
        self.sessions.restore_session(session_id)
        self.refresh()
        self.open_session(session_id)

    def export(self, session_id: str, export_format: str) -> None:
        item = self.sidebar.item_for(session_id)
        session_files.choose_export_file(
            self.dialog_parent,
            item.text() if item else "chat",
            export_format,
            lambda path: self.spawn(self.write_export(session_id, export_format, path)),
        )

    async def write_export(self, session_id: str, export_format: str, path: Path) -> None:
        said = await session_files.write_export(self.sessions, session_id, export_format, path)
        self.show_notice(said, seconds=6 if said.startswith("Exported") else 15)

    def choose_imports(self) -> None:
        session_files.choose_import_files(
            self.dialog_parent, lambda paths: self.spawn(self.import_files(paths))
        )

    async def import_files(self, paths: list[Path]) -> None:
        """Import exported chats (File → Import, or files the desktop opened the app with)."""
        imported, problems, already_here = await session_files.import_files(self.sessions, paths)
        if imported:
            self.refresh()
            self.open_session(imported[-1])
            copied = len(imported) - len(already_here)
            if copied:
                problems.insert(
                    0,
                    SessionSidebar.tr("Imported %n chat(s).", "", copied),  # type: ignore[arg-type]  # the class as context: lupdate sees plurals
                )
        if problems:
            self.show_error("\n".join(problems))
