"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop."""

from typing import Any

__all__ = ["AgentApplication"]


def __getattr__(name: str) -> Any:
    # Lazy: `import agent_app.paths` (start-up, plugins) stays cheap and free of import cycles.
    if name == "AgentApplication":
        from agent_app.application import AgentApplication

        return AgentApplication
    raise AttributeError(f"module 'agent_app' has no attribute {name!r}")
