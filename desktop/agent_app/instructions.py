"""Instructions for the model: the chat's own, else its agent's, sent first as a system message.

A chat's instructions (session metadata `system_prompt`, set by the user for that chat) replace the
agent's (`system_prompt` in the agent's config) for that chat only. They are added to what the
provider receives for each turn and never stored as a message, so changing them applies to the
next turn and the history stays what was said. A history that already starts with a system
message (a plugin's, or an imported chat's) keeps it; ours is put before it.
"""

from __future__ import annotations

from typing import Any

from agent_core import Message

CHAT_INSTRUCTIONS_KEY = "system_prompt"


def chat_instructions(metadata: dict[str, Any] | None) -> str:
    value = (metadata or {}).get(CHAT_INSTRUCTIONS_KEY)
    return value.strip() if isinstance(value, str) else ""


def effective_instructions(metadata: dict[str, Any] | None, config: dict[str, Any]) -> str:
    """The chat's instructions if it has its own, else the agent's (may be empty)."""
    own = chat_instructions(metadata)
    if own:
        return own
    agent = config.get("system_prompt")
    return agent.strip() if isinstance(agent, str) else ""


def with_instructions(
    messages: list[Message], metadata: dict[str, Any] | None, config: dict[str, Any]
) -> list[Message]:
    """`messages` as the provider should see them, the instructions first."""
    text = effective_instructions(metadata, config)
    if not text:
        return messages
    return [Message("system", text), *messages]
