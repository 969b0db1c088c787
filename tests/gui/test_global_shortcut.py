"""The quick entry shortcut's platform parts that run anywhere: where it is available, and how
a key combination becomes an X11 grab or a Windows hot key. (The X11 grab itself is walked
under a real X server in tests/journeys/test_quick_entry.py; Windows cannot run here.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from agent_desktop.system.global_shortcut import (
    ShortcutProblem,
    parse_key_combination,
    unavailable_reason,
    windows_modifiers,
    x_keysym,
    x_modifiers,
)
from agent_desktop.system.global_shortcut_windows import MOD_ALT, MOD_CONTROL, MOD_WIN, virtual_key
from agent_desktop.system.global_shortcut_x11 import CONTROL_MASK, MOD1_MASK, MOD4_MASK, SHIFT_MASK

pytestmark = pytest.mark.gui

CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def test_wayland_macos_and_a_missing_display_say_why_and_point_to_the_command():
    wayland = unavailable_reason({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, "linux")
    assert wayland is not None
    assert "Wayland" in wayland
    assert "agent-desktop --quick-entry" in wayland
    assert "Wayland" in (unavailable_reason({"XDG_SESSION_TYPE": "wayland"}, "linux") or "")
    assert "DISPLAY is not set" in (unavailable_reason({}, "linux") or "")
    assert unavailable_reason({"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"}, "linux") is None
    macos = unavailable_reason({}, "darwin") or ""
    assert "macOS" in macos
    assert "agent-desktop --quick-entry" in macos
    assert unavailable_reason({}, "win32") is None


def test_a_combination_becomes_a_key_and_its_modifiers():
    assert parse_key_combination("Ctrl+Alt+Space") == (Qt.Key.Key_Space.value, CTRL_ALT)
    assert parse_key_combination("Meta+F5")[0] == Qt.Key.Key_F5.value
    with pytest.raises(ShortcutProblem, match="one key combination"):
        parse_key_combination("Ctrl+J, Ctrl+K")


def test_x11_gets_lower_case_keysyms_and_its_own_modifier_bits():
    assert x_keysym(Qt.Key.Key_J.value) == ord("j")
    assert x_keysym(Qt.Key.Key_Space.value) == 0x20
    assert x_keysym(Qt.Key.Key_F1.value) == 0xFFBE
    assert x_keysym(Qt.Key.Key_F12.value) == 0xFFC9
    assert x_keysym(Qt.Key.Key_Return.value) == 0xFF0D
    assert x_keysym(Qt.Key.Key_MediaPlay.value) is None
    assert x_modifiers(CTRL_ALT) == CONTROL_MASK | MOD1_MASK
    shift_meta = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.MetaModifier
    assert x_modifiers(shift_meta) == SHIFT_MASK | MOD4_MASK


def test_windows_gets_virtual_key_codes_and_hot_key_modifiers():
    assert virtual_key(Qt.Key.Key_J.value) == 0x4A
    assert virtual_key(Qt.Key.Key_7.value) == 0x37
    assert virtual_key(Qt.Key.Key_F1.value) == 0x70
    assert virtual_key(Qt.Key.Key_Space.value) == 0x20
    assert virtual_key(Qt.Key.Key_Home.value) == 0x24
    # Punctuation depends on the layout: asked of VkKeyScanW (here a stand-in for it).
    assert virtual_key(ord(","), lambda character: 0x1BC) == 0xBC
    assert virtual_key(ord(","), lambda character: -1) is None
    assert virtual_key(Qt.Key.Key_MediaPlay.value) is None
    meta = Qt.KeyboardModifier.MetaModifier
    assert windows_modifiers(CTRL_ALT | meta) == MOD_CONTROL | MOD_ALT | MOD_WIN
