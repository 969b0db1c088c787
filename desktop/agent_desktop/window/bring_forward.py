"""Bringing the window forward: another launch on this data folder handed over (its files are
imported), or the quick entry shortcut / `agent-desktop --quick-entry` asked for the message box
(of the chat shown while it is new or holds a draft, otherwise of a new chat)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.toolkit.window_support import Spawn

log = logging.getLogger(__name__)


class BringForward:
    """Raises `window`; the message box is `composer`'s. Built with the window's first paint:
    until `loaded()` (the application attached) there is no chat and nothing to import."""

    def __init__(
        self,
        window: QWidget,
        composer: Composer,
        *,
        loaded: Callable[[], bool],
        showing_chat: Callable[[], bool],
        chat_stored: Callable[[], bool],
        new_chat: Callable[[], None],
        import_files: Callable[[list[Path]], Coroutine[Any, Any, None]],
        spawn: Spawn,
    ) -> None:
        self.window = window
        self.composer = composer
        self.loaded = loaded
        self.showing_chat = showing_chat
        self.chat_stored = chat_stored
        self.new_chat = new_chat
        self.import_files = import_files
        self.spawn = spawn

    def activate(self, files: list[Path]) -> None:
        """Come to the front and import `files`."""
        window = self.window
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()
        if files and self.loaded():
            self.spawn(self.import_files(files))

    def quick_entry(self) -> None:
        self.activate([])
        if not self.loaded() or not self.showing_chat():
            # Still starting, or first-run setup: the window is all there is to show.
            log.info("quick entry: the window is shown (no chat yet)")
            return
        draft = self.composer.text().strip() or self.composer.chips()
        if self.chat_stored() and not draft:
            self.new_chat()
            chat = "a new chat"
        else:
            self.composer.take_focus()
            chat = "the chat shown"
        log.info("quick entry: the message box of %s is ready", chat)
