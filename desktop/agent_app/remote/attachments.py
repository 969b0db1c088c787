"""Attachments of a chat on an agent server, on their way there.

The composer stores what the user attaches in this computer's attachment store, for the chat
shown, as for any chat. For a server's chat that store holds a hidden record of the chat
(`stage`: hidden like a deleted chat, so it is never listed, and removed with its files at the
next start). Sending reads each file back (`read`) and uploads it into the server's store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_core import Session

if TYPE_CHECKING:
    from agent_app.sessions import Sessions


class StagedAttachments:
    """Where a server's chat keeps files until they are sent (see the module docstring)."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions

    def stage(self, session_id: str) -> None:
        """Make the hidden record of the server's chat `session_id` (once)."""
        store = self._sessions.store
        if not store.session_exists(session_id, include_deleted=True):
            store.save_session(Session(session_id, [], {}))
            store.delete_session(session_id)

    def read(self, asset_id: str) -> tuple[dict[str, Any], bytes]:
        """The record and the bytes of a staged attachment."""
        assets = self._sessions.assets
        return assets.get(asset_id), assets.read_bytes(asset_id)
