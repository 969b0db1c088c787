"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop."""

from typing import Any

__all__ = ["AgentApplication"]


def __getattr__(name: str) -> Any:
    # Lazy, so `import agent_app.paths` (used at start-up and by plugins) stays cheap and cycle-free.
    if name == "AgentApplication":
        from agent_app.application import AgentApplication

        return AgentApplication
    raise AttributeError(f"module 'agent_app' has no attribute {name!r}")
