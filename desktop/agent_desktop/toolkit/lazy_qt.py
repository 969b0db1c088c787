"""`Qt`, the namespace of Qt's global enums, built by PySide on first use instead of at import.

PySide turns the C++ `Qt` namespace into about ninety Python `enum` classes the first time
anything reads `PySide6.QtCore.Qt`; on Python 3.11 that takes longer than building the whole
main window (about 12 ms, a fifth of a bare PySide6 window's start). The modules the first
paint needs import `Qt` from here, so the namespace is built after the window is on screen,
when something first reads one of its enums. Everything else can import it from PySide6.

`tests/gui/test_start_up.py` checks that showing the window does not build it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import Qt
else:

    class _LazyQtNamespace:
        """Stands for `PySide6.QtCore.Qt`; each enum is looked up once, then kept here."""

        def __getattr__(self, name: str) -> Any:
            from PySide6.QtCore import Qt as namespace

            value = getattr(namespace, name)
            setattr(self, name, value)
            return value

        def __repr__(self) -> str:
            return "<PySide6.QtCore.Qt, built on first use>"

    Qt = _LazyQtNamespace()

# `Qt.ItemDataRole.UserRole` as a plain number, for item-data roles defined at import time.
USER_ROLE = 0x0100

__all__ = ["USER_ROLE", "Qt"]
