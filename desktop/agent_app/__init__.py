"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop.

`AgentApplication` is imported from `agent_app.application`: this package's `__init__` stays
lean, and re-exporting it here would tie the package to its biggest module in an import circle
(the modules it imports take `DEFAULT_AGENT_ID` from here).
"""

__all__ = ["DEFAULT_AGENT_ID"]

DEFAULT_AGENT_ID = "default"
"""The platform's agent every config has, used when a session or request names none. Kept here,
in the package's lean `__init__`, so the window's first paint can import it without the config
model (pydantic) or the application."""
