"""Words the window shows that are written outside the GUI, marked for its translation.

agent_app and agent_core know no Qt, so they cannot translate. They mark what a person reads
with `QT_TRANSLATE_NOOP(context, text)`, which returns the English text unchanged: Qt's
`lupdate` collects it into the catalogues by that name, and the GUI translates it with
`QCoreApplication.translate(context, text)` where it is shown.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text`, marked for translation in `context` (translated by the GUI, not here)."""
    return text
