"""The agent core: platform types, plugin protocols and AgentCore. No Qt, no I/O of its own.

The names below are imported when first asked for: importing a light module of the package
(`agent_core.collector`, which the entry point installs before the window is built) then costs
that module only, not the core with asyncio, which the first paint must not wait for
(tests/gui/test_start_up.py).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

#: The module each name of `__all__` lives in.
_HOMES = {
    "AgentCore": "agent_core.core",
    "AgentCoreError": "agent_core.errors",
    "ConfigurationError": "agent_core.errors",
    "PluginHookError": "agent_core.errors",
    "ToolInteropContribution": "agent_core.tool_interop",
    **dict.fromkeys(
        (
            "BasePlugin",
            "FeaturePlugin",
            "Message",
            "PartialMessage",
            "ProviderExtensionPlugin",
            "ProviderPlugin",
            "ProviderRequestCancelled",
            "Session",
            "ToolDescriptor",
            "ToolPlugin",
        ),
        "agent_core.types",
    ),
}

if not TYPE_CHECKING:  # mypy reads the imports above instead

    def __getattr__(name: str) -> Any:
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module 'agent_core' has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value  # asked once: later lookups find it here
        return value
