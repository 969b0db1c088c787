"""The agent-adapter tool-plugin contract, importable under its own names.

A tool plugin written for agent-adapter starts with::

    from agent_adapter_contracts.tool_plugins import ToolPlugin
    from agent_adapter_contracts.runtime import RuntimeAPI
    from agent_adapter_contracts.types import ToolDefinition

This distribution provides exactly those modules, so such a plugin runs in Agent Desktop with no
edit. Agent Desktop's adapter (`agent_app.adapters.agent_adapter`) builds on these same classes.

Why a separate distribution under ``plugins/`` and not a package inside the app's wheel: it is
the contract plugins depend on, not part of the app; it carries the contract's distribution name,
so a plugin's ``dependencies = ["agent-adapter-contracts"]`` is met by it; it has no dependency of
its own (a plugin author can install it alone to write and test a plugin); and it can be replaced
by the upstream package without touching the app, since the adapter also accepts plugins by duck
typing.
"""

from agent_adapter_contracts.runtime import RuntimeAPI
from agent_adapter_contracts.tool_plugins import ToolPlugin
from agent_adapter_contracts.types import ToolDefinition

__all__ = ["RuntimeAPI", "ToolDefinition", "ToolPlugin"]
