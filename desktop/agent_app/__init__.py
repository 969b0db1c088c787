"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop."""

from typing import Any

__all__ = ["DEFAULT_AGENT_ID", "AgentApplication"]

DEFAULT_AGENT_ID = "default"
"""The platform's agent every config has, used when a session or request names none. Kept here,
in the package's lean `__init__`, so the window's first paint can import it without the config
model (pydantic) or the application."""


def __getattr__(name: str) -> Any:
    # Lazy: `import agent_app.paths` (start-up, plugins) stays cheap and free of import cycles.
    if name == "AgentApplication":
        from agent_app.application import AgentApplication

        return AgentApplication
    raise AttributeError(f"module 'agent_app' has no attribute {name!r}")
