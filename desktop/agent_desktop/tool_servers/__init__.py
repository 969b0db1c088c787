"""Tool servers (MCP) as the user sees them: state, logs and resources, and signing in."""
