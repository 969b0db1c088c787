"""Text written in English below the GUI, shown in the window's language.

agent_app and agent_core know no Qt: the errors and notices they write for a person are English,
marked with `QT_TRANSLATE_NOOP` (see `agent_core.ui_text`), and travel as plain strings through
exceptions, events and the headless server's answers. Where the window shows one, it passes it
through `in_window_language`, which finds the marked template it was made from and fills the
translated template with the same values.

A module of its own, light to import: the catalogue (and the widgets `translations` imports for
retranslating) are loaded with the first text shown, not before the window's first paint.
"""

from __future__ import annotations


def in_window_language(text: str) -> str:
    """`text` in the window's language when agent_app or agent_core marked it; its values are
    kept, and translated where they are marked strings too ("Could not save {what}: {reason}").
    Text nobody marked (a provider's or a plugin's own words, a file name) is returned as is."""
    from agent_desktop.toolkit.translations import marked_english  # noqa: PLC0415 - see above

    catalogue = marked_english()
    whole = catalogue.retranslated(text, values_too=True)
    if whole is not None or "\n" not in text:
        return whole or text
    # Notices gathered at start arrive one per line ("No system keyring…\nThe API key of…").
    return lines_in_window_language(text)


def lines_in_window_language(text: str) -> str:
    """`text` made of marked sentences one per line (a tool call's argument errors), each in the
    window's language. Taken whole, such a text would match a loose template ("{label}:
    {tool_name}") across its lines and keep most of its English."""
    from agent_desktop.toolkit.translations import marked_english  # noqa: PLC0415 - see above

    catalogue = marked_english()
    return "\n".join(
        catalogue.retranslated(line, values_too=True) or line for line in text.split("\n")
    )
