"""Model Context Protocol servers (stdio and streamable HTTP) as tools."""

from mcp_tools.config import McpConfigError, preview_import
from mcp_tools.connection import McpServerError
from mcp_tools.plugin import McpTools, exposed_tool_name

__all__ = [
    "McpConfigError",
    "McpServerError",
    "McpTools",
    "exposed_tool_name",
    "preview_import",
]
