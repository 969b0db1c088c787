"""The agent core: platform types, plugin protocols and AgentCore. No Qt, no I/O of its own."""

from agent_core.types import (
    Message,
    PartialMessage,
    ProviderRequestCancelled,
    Session,
    ToolDescriptor,
)

__all__ = ["Message", "PartialMessage", "ProviderRequestCancelled", "Session", "ToolDescriptor"]
