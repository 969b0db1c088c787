"""What the chat view opens: a sent attachment (shown, saved or opened, read from the chat's
attachment store), a link in a tool row (`LinkedItems`: Settings → Memory, a project's file),
and the empty chat's suggestions, which go into the message box."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from agent_desktop.conversation.attachment_preview import open_attachment
from agent_desktop.conversation.empty_chat import EmptyChatHint
from agent_desktop.window.linked_items import LinkedItems

if TYPE_CHECKING:
    from agent_app.assets import SessionAssetStore
    from agent_desktop.conversation.chat_view import ChatView
    from agent_desktop.settings.dialog import SettingsDialog


def wire_chat_view(
    chat_view: ChatView,
    assets: SessionAssetStore,
    opened_folder: Path,
    *,
    dialog_parent: QWidget,
    write_message: Callable[[str], None],
    open_settings: Callable[[Callable[[SettingsDialog], None]], None],
    project_folders: Callable[[], list[str]],
    spawn: Callable[[Coroutine[Any, Any, Any]], Any],
    tell: Callable[[str], None],
    show_error: Callable[[str], None],
) -> tuple[EmptyChatHint, LinkedItems]:
    """An attachment opened is copied into `opened_folder`; `write_message` puts a suggestion
    in the message box; `tell` shows a sentence. Returns the empty chat's hint and the links'
    opener."""
    empty_hint = EmptyChatHint(chat_view, write_message)
    chat_view.set_attachment_reader(assets.read_bytes)
    chat_view.attachment_activated.connect(
        partial(open_attachment, dialog_parent, assets, opened_folder, show_error)
    )
    linked_items = LinkedItems(open_settings, spawn, tell, project_folders)
    chat_view.link_requested.connect(linked_items.open)
    return empty_hint, linked_items
