"""The projects in the window, assembled: their panel in the sidebar (above the chats, its
highlight on the chat shown), the chats started in them (`ProjectChats`) and what a drop on the
window makes of a folder or an archive (`DroppedPaths`: a project, a skill, attachments)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from agent_desktop.sidebar.projects_panel import ProjectsPanel
from agent_desktop.window.dropped_paths import DroppedPaths, ask_what_to_do
from agent_desktop.window.project_chats import ProjectChats

if TYPE_CHECKING:
    from agent_app.conversation import Conversation
    from agent_app.plugin_queries import PluginQueries
    from agent_app.projects import Projects
    from agent_desktop.composer.message_composer import Composer
    from agent_desktop.sidebar.session_list import SessionSidebar
    from agent_desktop.toolkit.window_support import Spawn
    from agent_desktop.window.agent_bar import AgentBar
    from agent_desktop.window.conversation_binding import ConversationBinding


def install_projects(
    projects: Projects,
    plugin_queries: PluginQueries,
    *,
    titles_of: Callable[[list[str]], dict[str, str]],
    new_conversation: Callable[[], Conversation],
    open_session: Callable[[str], None],
    discard_chat: Callable[[str], None],
    sidebar: SessionSidebar,
    binding: ConversationBinding,
    agent_bar: AgentBar,
    composer: Composer,
    dialog_parent: QWidget,
    tell: Callable[[str], None],
    notice_with_undo: Callable[[str, Callable[[], None] | None], None],
    spawn: Spawn,
) -> tuple[ProjectChats, DroppedPaths]:
    """Returns the projects' chats and what sorts a drop. The chats are reached through
    `titles_of` (stored chats' titles, by id), `new_conversation` (a new chat, shown),
    `open_session` and `discard_chat` (deletes a chat with no notice); `tell` shows a sentence,
    `notice_with_undo` one with Undo (a project made by a drop)."""
    panel = ProjectsPanel()
    sidebar.add_above_chats(panel)
    project_chats = ProjectChats(
        projects,
        panel,
        new_conversation,
        titles_of,
        tell,
        spawn,
        chat_model=lambda: agent_bar.chat_choice,
        shown_model=agent_bar.effective_model,
        discard_chat=discard_chat,
    )
    panel.chat_chosen.connect(open_session)
    binding.session_changed.connect(lambda: panel.mark_current(_shown_session_id(binding)))
    sidebar.listed.connect(project_chats.refresh)
    dropped_paths = DroppedPaths(
        plugin_queries,
        lambda: agent_bar.agent_id,
        composer,
        notice_with_undo,
        spawn,
        project_chats,
        partial(ask_what_to_do, dialog_parent),
    )
    return project_chats, dropped_paths


def _shown_session_id(binding: ConversationBinding) -> str | None:
    """The stored chat shown (None: a new chat, not stored yet)."""
    conversation = binding.conversation
    session = conversation.session if conversation is not None else None
    return session.session_id if session is not None else None
