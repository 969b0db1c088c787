"""Model Context Protocol servers (stdio and streamable HTTP) as tools."""
