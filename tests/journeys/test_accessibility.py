"""What assistive technology gets from the window: every control named, with a role; focus seen.

The real window with a chat that waits for a tool's approval (its prompt on screen) and the
Settings dialog, every page of it. Names and roles are read through Qt's accessibility interface,
which is what the AT-SPI bridge hands a screen reader (tests/journeys/test_screen_reader.py
drives the same window through AT-SPI itself). Focus: each control looks different when it has
the keyboard, in the light, dark and high-contrast themes.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt as QtCore_Qt
from PySide6.QtGui import QAccessible, QImage
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QApplication, QWidget

from agent_desktop.settings.dialog import SettingsDialog
from agent_desktop.toolkit.announcements import ANNOUNCEMENTS
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.screenshots import shots_folder

pytestmark = pytest.mark.gui

SHOTS = shots_folder("math-a11y")
SCRIPTED = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}
# Roles Qt gives a widget it knows nothing about: a screen reader can say nothing of what it is.
NO_ROLE = {QAccessible.Role.NoRole, QAccessible.Role.Client}


def controls(root: QWidget) -> list[QWidget]:
    """The widgets under `root` a keyboard user can reach (Tab or click focus), shown now."""
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or not widget.isEnabled():
            continue
        # A part whose focus goes to its control (a spin box's text) is that control to AT.
        if widget.focusPolicy() & QtCore_Qt.FocusPolicy.TabFocus and widget.focusProxy() is None:
            found.append(widget)
    return found


def describe(widget: QWidget) -> str:
    return (
        f"{type(widget).__name__}#{widget.objectName() or '?'} in {type(widget.parent()).__name__}"
    )


def unnamed_or_roleless(widgets: list[QWidget]) -> list[str]:
    problems = []
    for widget in widgets:
        interface = QAccessible.queryAccessibleInterface(widget)
        assert interface is not None, describe(widget)
        name = interface.text(QAccessible.Text.Name).strip()
        if not name:
            problems.append(f"{describe(widget)}: no accessible name")
        if interface.role() in NO_ROLE:
            problems.append(f"{describe(widget)}: no role")
    return problems


def awaiting_approval(journey):
    journey.write_config(SCRIPTED)
    window = journey.start()
    command = {"name": "shell", "arguments": {"command": "echo hello"}}
    window.request_defaults = {"script": [{"content": "", "tool_calls": [command]}, "Done."]}
    journey.type_text("Run the command", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    return window


def settings_dialog(journey, window) -> SettingsDialog:
    journey.act(window.open_settings)
    return journey.wait_until(
        lambda: next(
            (
                w
                for w in QApplication.topLevelWidgets()
                if isinstance(w, SettingsDialog) and w.isVisible()
            ),
            None,
        ),
        timeout=20,
    )


def test_every_control_of_the_window_and_of_each_settings_page_has_a_name_and_a_role(journey):
    window = awaiting_approval(journey)
    buttons = [button for button in window.findChildren(QAbstractButton) if button.isVisible()]
    # Buttons the keyboard skips are still read out by a screen reader's object navigation.
    problems = unnamed_or_roleless([*controls(window), *buttons])
    dialog = settings_dialog(journey, window)
    for page in range(dialog.nav.count()):
        journey.act(lambda page=page: dialog.nav.setCurrentRow(page))
        journey.settle(0.05)
        problems += [
            f"Settings page {dialog.nav.item(page).text()!r}: {problem}"
            for problem in unnamed_or_roleless(controls(dialog))
        ]
    assert sorted(set(problems)) == [], "\n".join(sorted(set(problems)))


def looks(widget: QWidget) -> QImage:
    return widget.grab().toImage()


@pytest.mark.parametrize("theme", ["light", "dark", "high_contrast"])
def test_the_control_with_the_keyboard_always_looks_it(journey, theme):
    journey.write_config(SCRIPTED)
    settings = journey.write_config(SCRIPTED).with_name("settings.json")
    settings.write_text(json.dumps({"theme": theme}), encoding="utf-8")
    window = awaiting_approval(journey)
    dialog = settings_dialog(journey, window)
    unmarked = []
    for root in (window, dialog):
        for widget in controls(root):
            if isinstance(widget, QAbstractScrollArea) and widget.objectName() in (
                "chatView",  # its rows mark the keyboard's row (tests/gui/test_chat_view.py)
            ):
                continue
            journey.act(lambda root=root: root.activateWindow())
            journey.act(widget.clearFocus)
            before = looks(widget)
            journey.act(lambda widget=widget: widget.setFocus(QtCore_Qt.FocusReason.TabFocusReason))
            journey.settle(0.02)
            if widget.hasFocus() and looks(widget) == before:
                unmarked.append(describe(widget))
    journey.screenshot(SHOTS / f"settings-{theme}.png", dialog)
    assert unmarked == [], "\n".join(unmarked)


def test_approval_needed_answer_finished_and_errors_are_announced(journey):
    said: list[tuple[str, bool]] = []
    ANNOUNCEMENTS.announced.connect(lambda message, assertive: said.append((message, assertive)))
    window = awaiting_approval(journey)
    assert said == [("Approval needed: shell", True)]
    journey.click("Allow once")
    journey.wait_until(lambda: not window.busy(), timeout=20)
    assert said[1:] == [("Answer finished", False)]

    journey.click("New chat")
    window.request_defaults = {"script": [{"content": "Half an ans", "error": "boom"}]}
    journey.type_text("Again", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: not window.busy(), timeout=20)
    assert said[2:] == [("Error: Failed", True)]
