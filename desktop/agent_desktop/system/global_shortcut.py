"""The quick entry shortcut: a key combination that works in every app, where the platform
allows one (Settings → General; off until the user picks keys).

X11 grabs the key on the root window from a background thread (`global_shortcut_x11`);
Windows registers a hot key (`global_shortcut_windows`). A Wayland session lets no app take
keys from the others, and this version registers none on macOS: there the setting says so, and
the desktop's own shortcut settings can run `agent-desktop --quick-entry` instead, which
brings the running window forward the same way.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence

log = logging.getLogger(__name__)

QUICK_ENTRY_COMMAND = "agent-desktop --quick-entry"


def unavailable_reason(
    environment: Mapping[str, str] | None = None, platform: str = sys.platform
) -> str | None:
    """Why this platform takes no global shortcut, in words for the Settings page; None when
    it does."""
    env = os.environ if environment is None else environment
    instead = (
        "Instead, add a shortcut in your desktop's keyboard settings that runs this command "
        f"(it brings this window forward the same way):\n{QUICK_ENTRY_COMMAND}"
    )
    if platform == "win32":
        return None
    if platform == "darwin":
        return (
            f"Not available on macOS in this version (it registers no system-wide keys). {instead}"
        )
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE") == "wayland":
        return (
            "Not available in a Wayland session: Wayland lets no app listen to keys typed in "
            f"other apps. {instead}"
        )
    if not env.get("DISPLAY"):
        return f"Not available: no X11 display (DISPLAY is not set). {instead}"
    return None


class ShortcutProblem(ValueError):
    """A key combination that cannot be a global shortcut; the message says why."""


def parse_key_combination(text: str) -> tuple[int, Qt.KeyboardModifier]:
    """The key and modifiers of one combination such as "Ctrl+Alt+Space"."""
    sequence = QKeySequence(text, QKeySequence.SequenceFormat.PortableText)
    if sequence.count() != 1:
        raise ShortcutProblem(f"{text!r} is not one key combination (such as Ctrl+Alt+Space).")
    combination = sequence[0]  # type: ignore[index]  # PySide's stubs lack __getitem__
    key = combination.key()
    if key in (Qt.Key.Key_unknown, 0):
        raise ShortcutProblem(f"{text!r} does not name a key (such as Ctrl+Alt+Space).")
    return key.value, combination.keyboardModifiers()


# Qt's keys beyond Latin-1 and their X keysyms (keysymdef.h).
_X_KEYSYMS: dict[int, int] = {
    Qt.Key.Key_Escape.value: 0xFF1B,
    Qt.Key.Key_Tab.value: 0xFF09,
    Qt.Key.Key_Backspace.value: 0xFF08,
    Qt.Key.Key_Return.value: 0xFF0D,
    Qt.Key.Key_Enter.value: 0xFF8D,
    Qt.Key.Key_Insert.value: 0xFF63,
    Qt.Key.Key_Delete.value: 0xFFFF,
    Qt.Key.Key_Pause.value: 0xFF13,
    Qt.Key.Key_Print.value: 0xFF61,
    Qt.Key.Key_Home.value: 0xFF50,
    Qt.Key.Key_End.value: 0xFF57,
    Qt.Key.Key_Left.value: 0xFF51,
    Qt.Key.Key_Up.value: 0xFF52,
    Qt.Key.Key_Right.value: 0xFF53,
    Qt.Key.Key_Down.value: 0xFF54,
    Qt.Key.Key_PageUp.value: 0xFF55,
    Qt.Key.Key_PageDown.value: 0xFF56,
}


def x_keysym(key: int) -> int | None:
    """The X keysym of a Qt key: Latin-1 keys are their (lower-case) character, F-keys and the
    named keys come from the table; None for keys X has no symbol for here."""
    if 0x20 <= key <= 0xFF:
        return ord(chr(key).lower())
    if Qt.Key.Key_F1.value <= key <= Qt.Key.Key_F35.value:
        return 0xFFBE + key - Qt.Key.Key_F1.value
    return _X_KEYSYMS.get(key)


def modifier_mask(
    modifiers: Qt.KeyboardModifier, *, shift: int, control: int, alt: int, meta: int
) -> int:
    """Qt's modifiers as a platform's bit mask, given that platform's flag for each."""
    mask = 0
    for qt_modifier, flag in (
        (Qt.KeyboardModifier.ShiftModifier, shift),
        (Qt.KeyboardModifier.ControlModifier, control),
        (Qt.KeyboardModifier.AltModifier, alt),
        (Qt.KeyboardModifier.MetaModifier, meta),
    ):
        if modifiers & qt_modifier:
            mask |= flag
    return mask


def x_modifiers(modifiers: Qt.KeyboardModifier) -> int:
    from agent_desktop.system.global_shortcut_x11 import (  # noqa: PLC0415 - the X11 key grab loads only on X11
        CONTROL_MASK,
        MOD1_MASK,
        MOD4_MASK,
        SHIFT_MASK,
    )

    return modifier_mask(
        modifiers, shift=SHIFT_MASK, control=CONTROL_MASK, alt=MOD1_MASK, meta=MOD4_MASK
    )


def windows_modifiers(modifiers: Qt.KeyboardModifier) -> int:
    from agent_desktop.system.global_shortcut_windows import (  # noqa: PLC0415 - the Windows hot key loads only on Windows
        MOD_ALT,
        MOD_CONTROL,
        MOD_SHIFT,
        MOD_WIN,
    )

    return modifier_mask(modifiers, shift=MOD_SHIFT, control=MOD_CONTROL, alt=MOD_ALT, meta=MOD_WIN)


class GlobalShortcut(QObject):
    """Holds at most one system-wide key combination. `activated` fires on the GUI thread for
    each press; `problem` says in words why a combination could not be taken; `active` tells
    whether one is held now."""

    activated = Signal()
    problem = Signal(str)
    grabbed = Signal()
    # The X11 grab's thread reports through these; Qt queues them to this object's thread.
    _x11_failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sequence = ""
        self.active = False
        self._backend: Any = None
        self.grabbed.connect(self._on_grabbed)
        self._x11_failed.connect(self._on_failed)

    def set_sequence(self, text: str) -> None:
        """Hold `text` ("Ctrl+Alt+Space") from now on; "" holds none."""
        if text == self.sequence and (self.active or self._backend is not None):
            return
        self.release()
        self.sequence = text
        if not text:
            return
        reason = unavailable_reason()
        if reason is not None:
            self._on_failed(reason)
            return
        try:
            key, modifiers = parse_key_combination(text)
        except ShortcutProblem as error:
            self._on_failed(str(error))
            return
        if sys.platform == "win32":
            self._register_windows(key, modifiers)
        else:
            self._grab_x11(key, modifiers)

    def release(self) -> None:
        backend, self._backend = self._backend, None
        self.active = False
        if backend is not None:
            backend.stop()

    def _grab_x11(self, key: int, modifiers: Qt.KeyboardModifier) -> None:
        from agent_desktop.system.global_shortcut_x11 import X11KeyGrab  # noqa: PLC0415 - the X11 key grab loads only on X11

        keysym = x_keysym(key)
        if keysym is None:
            self._on_failed("X11 has no symbol for that key here; choose another one.")
            return
        self._backend = X11KeyGrab(
            os.environ["DISPLAY"],
            keysym,
            x_modifiers(modifiers),
            on_grabbed=self.grabbed.emit,
            on_failed=self._x11_failed.emit,
            on_pressed=self.activated.emit,
        )
        self._backend.start()

    def _register_windows(self, key: int, modifiers: Qt.KeyboardModifier) -> None:
        from agent_desktop.system.global_shortcut_windows import WindowsHotKey  # noqa: PLC0415 - the Windows hot key loads only on Windows

        hot_key = WindowsHotKey(self.activated.emit)
        problem = hot_key.register(key, windows_modifiers(modifiers))
        if problem is not None:
            self._on_failed(problem)
            return
        self._backend = hot_key
        self.grabbed.emit()

    def _on_grabbed(self) -> None:
        self.active = True
        log.info("quick entry shortcut %s is active", self.sequence)

    def _on_failed(self, reason: str) -> None:
        self.release()  # a later `set_sequence` with the same keys tries again
        if reason.startswith("Not available"):
            message = f"The quick entry shortcut {self.sequence} is off. {reason}"
        else:
            message = (
                f"The quick entry shortcut {self.sequence} does not work: "
                f"{reason.rstrip('.')}. Choose other keys in Settings → General."
            )
        log.warning("%s", message)
        self.problem.emit(message)
