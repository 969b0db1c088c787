"""Key sequences shared by the window and the widgets that mention them (no imports: it is on
the first-paint path)."""

APPROVAL_SHORTCUT = "Ctrl+Shift+A"
"""Moves the keyboard to the approval prompt waiting in the open chat."""
