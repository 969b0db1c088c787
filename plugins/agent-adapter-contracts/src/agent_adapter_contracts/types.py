"""`ToolDefinition`: one tool of a tool plugin, as the agent sees it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ToolDefinition:
    """A tool's name (by convention ``<namespace>__<tool>``), description and JSON input schema.

    `annotations` (optional) are MCP-style behaviour hints such as ``readOnlyHint``.
    """

    name: str
    description: str = ""
    input_schema: dict[str, Any] = field(
        default_factory=lambda: {"type": "object", "properties": {}}
    )
    annotations: dict[str, Any] | None = None
