"""The translation marker for agent_app: the one agent_core defines (see `agent_core.ui_text`)."""

from __future__ import annotations

from agent_core.ui_text import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP
