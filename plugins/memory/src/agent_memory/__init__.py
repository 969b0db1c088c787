"""Memory across chats that the user controls.

Two plugins share this package: the tool plugin `memory_tools` offers `remember`, whose calls
the user approves or edits like any tool call; the feature `memory` puts the remembered items of
the app, the agent and the project before the conversation within a token budget, and gives
Settings → Memory its list. Items live in one SQLite file the application names
(``memory_path``) and never hold a secret the app knows.
"""

from agent_memory.feature import MemoryFeature
from agent_memory.listing import memory_listing
from agent_memory.store import MemoryItem, MemoryStore, MemoryStoreError, RequestScope
from agent_memory.tools import MemoryTools

__all__ = [
    "MemoryFeature",
    "MemoryItem",
    "MemoryStore",
    "MemoryStoreError",
    "MemoryTools",
    "RequestScope",
    "memory_listing",
]
