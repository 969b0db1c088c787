"""`ToolPlugin`: the contract every agent-adapter tool plugin implements.

Lifecycle: the runtime calls `initialize(runtime)` once at start-up, then reads `tools` and
registers them; `execute(tool_name, args)` runs each call routed to this plugin; `shutdown()`
runs when the runtime stops. Subclassing is optional: a class with the same members works too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from agent_adapter_contracts.runtime import RuntimeAPI
from agent_adapter_contracts.types import ToolDefinition


class ToolPlugin(ABC):
    """Base class of agent-adapter tool plugins."""

    @property
    @abstractmethod
    def name(self) -> str: ...

    @property
    @abstractmethod
    def namespace(self) -> str:
        """The prefix of this plugin's tool names (``<namespace>__<tool>``), a convention."""

    @property
    @abstractmethod
    def tools(self) -> list[ToolDefinition]:
        """The plugin's tools; read after `initialize`, so they may be built there."""

    async def initialize(self, runtime: RuntimeAPI) -> None:
        """Called once at start-up, before `tools` is read."""

    @abstractmethod
    async def execute(self, tool_name: str, args: dict[str, Any]) -> dict[str, Any]: ...

    async def shutdown(self) -> None:
        """Called when the runtime shuts down."""
