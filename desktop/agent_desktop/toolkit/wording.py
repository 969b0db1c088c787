"""Small helpers for the words the window shows."""

from __future__ import annotations


def counted(count: int, noun: str) -> str:
    """'1 model', '3 models': the count with its noun in the right number (nouns taking -s)."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
