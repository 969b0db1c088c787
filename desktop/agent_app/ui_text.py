"""Words the window shows that are written in agent_app, marked for its translation.

The same marker as `agent_core.ui_text` (which says how marking works), defined again here
rather than imported: parts of agent_app load before the window's first paint, and importing
anything from agent_core loads the whole core package (tests/gui/test_start_up.py).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text`, marked for translation in `context` (translated by the GUI, not here)."""
    return text
