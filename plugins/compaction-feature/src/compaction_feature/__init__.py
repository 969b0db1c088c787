"""Compacts conversation history into summaries, with undo."""
