"""Words the window shows that are written outside the GUI, marked for its translation.

agent_core and agent_app know no Qt, so they cannot translate. They mark what a person reads
with `QT_TRANSLATE_NOOP(context, text)`, which returns the English text unchanged: Qt's
`lupdate` collects it into the catalogues by that name. A text with values is marked as its
template and filled afterwards (`QT_TRANSLATE_NOOP("Errors", "Cannot attach {name}.")
.format(name=...)`), so the English text that travels in exceptions, events and the headless
server's answers stays a plain string. The GUI translates it where it is shown
(`agent_desktop.toolkit.translations.shown_text`), recognising the template and keeping the
values; text nobody marked (a provider's or a plugin's own words) is shown as it came.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """`text`, marked for translation in `context` (translated by the GUI, not here)."""
    return text
