"""The agent core: platform types, plugin protocols and AgentCore. No Qt, no I/O of its own."""

from agent_core.core import AgentCore
from agent_core.errors import AgentCoreError, ConfigurationError, PluginHookError
from agent_core.tool_interop import ToolInteropContribution
from agent_core.types import (
    BasePlugin,
    FeaturePlugin,
    Message,
    PartialMessage,
    ProviderExtensionPlugin,
    ProviderPlugin,
    ProviderRequestCancelled,
    Session,
    ToolDescriptor,
    ToolPlugin,
)

__all__ = [
    "AgentCore",
    "AgentCoreError",
    "BasePlugin",
    "ConfigurationError",
    "FeaturePlugin",
    "Message",
    "PartialMessage",
    "PluginHookError",
    "ProviderExtensionPlugin",
    "ProviderPlugin",
    "ProviderRequestCancelled",
    "Session",
    "ToolDescriptor",
    "ToolInteropContribution",
    "ToolPlugin",
]
