"""A system-wide key on Windows: `RegisterHotKey` (ctypes) and a native event filter.

The hot key is registered for the GUI thread (no window handle), so Windows posts `WM_HOTKEY`
to that thread's queue, where Qt's event dispatcher hands it to the filter: no thread of ours.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractNativeEventFilter, QCoreApplication, Qt

MOD_ALT = 0x0001
MOD_CONTROL = 0x0002
MOD_SHIFT = 0x0004
MOD_WIN = 0x0008
MOD_NOREPEAT = 0x4000  # holding the keys down announces them once
WM_HOTKEY = 0x0312
ERROR_HOTKEY_ALREADY_REGISTERED = 1409
HOTKEY_ID = 0x5A11  # ours alone: ids are per thread

# ctypes' Windows-only names (WinDLL, get_last_error, FormatError): unknown to mypy on Linux.
_windows_ctypes: Any = ctypes

_VIRTUAL_KEYS: dict[int, int] = {
    Qt.Key.Key_Space.value: 0x20,
    Qt.Key.Key_Backspace.value: 0x08,
    Qt.Key.Key_Tab.value: 0x09,
    Qt.Key.Key_Return.value: 0x0D,
    Qt.Key.Key_Enter.value: 0x0D,
    Qt.Key.Key_Pause.value: 0x13,
    Qt.Key.Key_Escape.value: 0x1B,
    Qt.Key.Key_PageUp.value: 0x21,
    Qt.Key.Key_PageDown.value: 0x22,
    Qt.Key.Key_End.value: 0x23,
    Qt.Key.Key_Home.value: 0x24,
    Qt.Key.Key_Left.value: 0x25,
    Qt.Key.Key_Up.value: 0x26,
    Qt.Key.Key_Right.value: 0x27,
    Qt.Key.Key_Down.value: 0x28,
    Qt.Key.Key_Print.value: 0x2C,
    Qt.Key.Key_Insert.value: 0x2D,
    Qt.Key.Key_Delete.value: 0x2E,
}


def virtual_key(key: int, scan_character: Callable[[str], int] | None = None) -> int | None:
    """The Windows virtual-key code of a Qt key, or None when it has none.

    Letters and digits are their upper-case ASCII codes, F1–F24 follow 0x70; punctuation
    depends on the keyboard layout and is asked of `scan_character` (`VkKeyScanW`).
    """
    if Qt.Key.Key_A.value <= key <= Qt.Key.Key_Z.value or Qt.Key.Key_0.value <= key <= 0x39:
        return key
    if Qt.Key.Key_F1.value <= key <= Qt.Key.Key_F24.value:
        return 0x70 + key - Qt.Key.Key_F1.value
    named = _VIRTUAL_KEYS.get(key)
    if named is not None:
        return named
    if 0x20 < key < 0x100 and scan_character is not None:
        code = scan_character(chr(key))
        return code & 0xFF if code != -1 else None
    return None


class _MSG(ctypes.Structure):
    _fields_ = [
        ("hwnd", ctypes.c_void_p),
        ("message", ctypes.c_uint),
        ("wParam", ctypes.c_size_t),
        ("lParam", ctypes.c_ssize_t),
        ("time", ctypes.c_ulong),
        ("pt_x", ctypes.c_long),
        ("pt_y", ctypes.c_long),
    ]


class WindowsHotKey(QAbstractNativeEventFilter):
    """While registered, every press of the key calls `on_pressed` (on the GUI thread)."""

    def __init__(self, on_pressed: Callable[[], None]) -> None:
        super().__init__()
        self._on_pressed = on_pressed
        self._registered = False
        self._user32 = _windows_ctypes.WinDLL("user32", use_last_error=True)

    def register(self, key: int, modifiers: int) -> str | None:
        """Register the key with `modifiers` (a MOD_* mask); None on success, else why it
        could not be."""
        code = virtual_key(key, self._user32.VkKeyScanW)
        if code is None:
            return "Windows has no key code for that key"
        flags = modifiers | MOD_NOREPEAT
        if not self._user32.RegisterHotKey(None, HOTKEY_ID, flags, code):
            error = _windows_ctypes.get_last_error()
            if error == ERROR_HOTKEY_ALREADY_REGISTERED:
                return "another app already uses that key combination for itself"
            return f"Windows refused the hot key ({_windows_ctypes.FormatError(error).strip()})"
        self._registered = True
        self._application().installNativeEventFilter(self)
        return None

    def stop(self) -> None:
        if self._registered:
            self._application().removeNativeEventFilter(self)
            self._user32.UnregisterHotKey(None, HOTKEY_ID)
            self._registered = False

    @staticmethod
    def _application() -> QCoreApplication:
        application = QCoreApplication.instance()
        assert application is not None  # the window exists, so the application does
        return application

    def nativeEventFilter(self, event_type: Any, message: Any) -> tuple[bool, int]:
        if bytes(event_type) == b"windows_generic_MSG":
            msg = _MSG.from_address(int(message))
            if msg.message == WM_HOTKEY and msg.wParam == HOTKEY_ID:
                self._on_pressed()
                return True, 0
        return False, 0
