"""The application layer (no Qt): AgentApplication, sessions, assets, secrets, tool loop.

`AgentApplication` is imported from `agent_app.application`: this package's `__init__` stays
lean, and re-exporting it here would tie the package to its biggest module in an import circle
(the modules it imports take `DEFAULT_AGENT_ID` from here).
"""

from agent_app.ui_text import QT_TRANSLATE_NOOP

__all__ = ["DEFAULT_AGENT_ID", "DEFAULT_AGENT_LABEL"]

DEFAULT_AGENT_ID = "default"
"""The platform's agent every config has, used when a session or request names none. Kept here,
in the package's lean `__init__`, so the window's first paint can import it without the config
model (pydantic) or the application."""

DEFAULT_AGENT_LABEL = QT_TRANSLATE_NOOP("Agents", "Default")
"""The stored name of that agent; the window shows it in its language
(`agent_desktop.toolkit.agent_names`)."""
