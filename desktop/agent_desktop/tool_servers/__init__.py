"""Tool servers (MCP) as the user sees them: their state, their logs and resources, and signing in."""
