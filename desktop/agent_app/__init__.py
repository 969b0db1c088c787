"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop."""
