"""A `MessageSource` for a chat model shown without a `Conversation` (view tests): a session
that the test itself replaces, as a conversation would."""

from __future__ import annotations

from dataclasses import dataclass

from agent_core import Session


@dataclass
class ShownMessages:
    session: Session | None
    index_offset: int = 0
