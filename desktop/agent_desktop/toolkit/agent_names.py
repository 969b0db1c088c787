"""How the window names an agent: its label, the built-in agent's stock name ("Default") and
the name proposed for a new one in the window's language. The stored ids stay as they are."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from agent_app import DEFAULT_AGENT_ID, DEFAULT_AGENT_LABEL
from agent_app.ui_text import QT_TRANSLATE_NOOP

NEW_AGENT_NAME = QT_TRANSLATE_NOOP("Agents", "Agent {number}")


def agent_name(agent_id: str, label: str | None) -> str:
    """The name an agent is shown by: the built-in agent's stock label translated, any other
    label as the user wrote it, else its id."""
    if agent_id == DEFAULT_AGENT_ID and label in (None, "", DEFAULT_AGENT_LABEL):
        return QCoreApplication.translate("Agents", DEFAULT_AGENT_LABEL)
    return label or agent_id


def stored_agent_label(agent_id: str, shown: str) -> str:
    """What to store for a name read back from a form showing `agent_name`: the built-in
    agent's stock label stays "Default" (shown in whichever language the window speaks)."""
    if agent_id == DEFAULT_AGENT_ID and shown == agent_name(agent_id, None):
        return DEFAULT_AGENT_LABEL
    return shown


def new_agent_name(number: int) -> str:
    """The name proposed for the `number`th agent ("Agent 2")."""
    return QCoreApplication.translate("Agents", NEW_AGENT_NAME).format(number=number)
