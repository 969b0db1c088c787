"""Quick entry: a key combination that works in every app brings the window forward with the
message box ready (issue 20, "an optional global shortcut where the platform allows").

The real X11 path: a private Xvfb, the app's grab on its root window, and the key typed into
that server with xdotool (XTEST, as a keyboard would), so the press reaches the app only
through its grab. The window itself is Qt's offscreen one, as in every journey.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QKeySequenceEdit, QScrollArea

from agent_app.paths import resolve_paths
from tests.journeys.test_settings import go_to, open_settings
from tests.support.screenshots import shots_folder
from tests.support.server_behaviours import openai_stream
from tests.support.wire_servers import WireServer
from tests.support.x_server import xvfb

pytestmark = pytest.mark.gui

SHOTS = shots_folder("20")

HELD_BY_OTHER_APP = """
import sys
from agent_desktop.system.global_shortcut_x11 import CONTROL_MASK, MOD1_MASK, X11KeyGrab
grab = X11KeyGrab(sys.argv[1], ord("k"), CONTROL_MASK | MOD1_MASK, on_grabbed=lambda: print(
    "grabbed", flush=True), on_failed=lambda reason: print(reason, flush=True),
    on_pressed=lambda: None)
grab.start()
sys.stdin.read()  # held until the test closes our input
grab.stop()
"""


@pytest.fixture
def x_display(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with xvfb() as display:
        monkeypatch.setenv("DISPLAY", display)
        monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
        monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
        yield display


@pytest.fixture
def local_server() -> Iterator[WireServer]:
    with WireServer() as server:
        server.models = {"object": "list", "data": [{"id": "local-model", "object": "model"}]}
        yield server


def type_keys_into_x(display: str, keys: str) -> None:
    subprocess.run(["xdotool", "key", keys], env={**os.environ, "DISPLAY": display}, check=True)


def composer_has_focus(window: Any) -> bool:
    """The message box is where the window's keyboard focus is. (Whether the window itself
    becomes the active one is the window manager's call; Qt's offscreen platform used by the
    journeys does not activate a window shown again.)"""
    return window.focusWidget() is window.composer.edit


def quick_entry_field(journey) -> QKeySequenceEdit:
    """Settings opened on General; its quick entry field, found by its accessible name."""
    dialog = open_settings(journey)
    go_to(journey, dialog, "General")
    keys = next(
        edit
        for edit in dialog.findChildren(QKeySequenceEdit)
        if edit.accessibleName() == "Quick entry shortcut"
    )
    return keys


def test_the_shortcut_picked_in_settings_brings_the_hidden_window_back_with_a_new_chat(
    x_display, journey, local_server
):
    journey.use_local_server(f"{local_server.url}/v1")
    local_server.enqueue(openai_stream([{"content": "Noted."}]))
    window = journey.start()
    assert window.global_shortcut is not None
    assert not window.global_shortcut.active  # off until the user picks keys

    # Settings → General: the user presses the keys into the field and saves.
    keys = quick_entry_field(journey)
    assert keys.isEnabled()
    journey.act(lambda: keys.setFocus())
    journey.press(
        Qt.Key.Key_J,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier,
        widget=keys,
    )
    journey.wait_until(lambda: keys.keySequence().toString() == "Ctrl+Alt+J")
    journey.click("OK")
    journey.wait_until(lambda: window.global_shortcut.active, timeout=10)
    assert journey.app.settings.quick_entry_shortcut == "Ctrl+Alt+J"

    # A chat with an answer is on screen, then the window goes out of sight.
    journey.type_text("Remember the milk", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(
        lambda: any(item.text == "Noted." for item in window.chat_model.items()), timeout=20
    )
    assert window.session is not None
    journey.act(window.hide)
    journey.settle(0.1)

    type_keys_into_x(x_display, "ctrl+alt+j")
    journey.wait_until(window.isVisible)
    journey.wait_until(lambda: window.session is None and composer_has_focus(window))

    # A draft begun in that new chat is kept: the next press comes back to it.
    journey.type_text("Buy", window.composer.edit)
    journey.act(window.hide)
    type_keys_into_x(x_display, "ctrl+alt+j")
    journey.wait_until(window.isVisible)
    journey.wait_until(lambda: composer_has_focus(window))
    assert window.composer.text() == "Buy"
    assert window.session is None

    # Quitting gives the keys back to the other apps.
    grab = window.global_shortcut
    journey.stop()
    assert not grab.active
    other = subprocess.run(
        [sys.executable, "-c", HELD_BY_OTHER_APP.replace('ord("k")', 'ord("j")'), x_display],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert other.stdout.splitlines()[:1] == ["grabbed"], other.stdout + other.stderr


def test_keys_another_app_holds_are_named_in_a_clear_message(x_display, journey):
    other_app = subprocess.Popen(
        [sys.executable, "-c", HELD_BY_OTHER_APP, x_display],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other_app.stdout is not None
        assert other_app.stdout.readline().strip() == "grabbed"
        path = resolve_paths(journey.data_dir).settings_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"quick_entry_shortcut": "Ctrl+Alt+K"}', encoding="utf-8")
        window = journey.start()
        journey.wait_until(lambda: window.notice.isVisible(), timeout=10)
        message = window.notice.label.text()
        assert "Ctrl+Alt+K" in message
        assert "another app already uses that key combination" in message
        assert "Settings → General" in message
        assert not window.global_shortcut.active
    finally:
        assert other_app.stdin is not None
        other_app.stdin.close()
        other_app.wait(timeout=30)


def test_under_wayland_the_setting_says_it_is_not_available_and_what_to_do(journey, monkeypatch):
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    window = journey.start()
    keys = quick_entry_field(journey)
    dialog = keys.window()
    assert not keys.isEnabled()
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(parents=True, exist_ok=True)
        page = keys.parentWidget()
        while not isinstance(page, QScrollArea):
            page = page.parentWidget()
        journey.settle(0.1)
        bar = page.verticalScrollBar()
        bar.setValue(bar.maximum())  # the field is the page's last
        journey.settle(0.1)
        journey.screenshot(SHOTS / "quick-entry-setting-wayland.png", dialog)
    shown = " ".join(label.text() for label in dialog.findChildren(type(window.state_label)))
    assert "Not available in a Wayland session" in shown
    assert "agent-desktop --quick-entry" in shown
