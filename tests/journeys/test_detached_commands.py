"""A command the user approved cannot leave processes behind: not one that detached into a
session of its own (`setsid sleep 999 &`), neither when the call ends nor when the app quits."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt

from tests.support.processes import processes_with, unique_sleep_seconds, wait_for_processes_with

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the shell tool's supervisor needs Linux"
)

SCRIPTED = {
    "providers": {"scripted": {"provider": "scripted", "label": "Scripted"}},
    "agents": {"default": {"label": "Default", "provider": "scripted"}},
}


def ask_to_run(journey, command: str) -> None:
    """The model asks to run `command`; the user allows it once."""
    window = journey.window
    call = {"name": "shell", "arguments": {"command": command}}
    window.request_defaults = {"script": [{"content": "", "tool_calls": [call]}, "Done."]}
    journey.type_text("Run the command", window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=20)
    journey.click("Allow once")


def test_an_approved_detached_command_ends_with_the_call(journey):
    journey.write_config(SCRIPTED)
    window = journey.start()
    seconds = unique_sleep_seconds()
    ask_to_run(journey, f"setsid sleep {seconds} & echo started")

    journey.wait_until(lambda: window.session.messages[-1].content == "Done.", timeout=30)
    tool_result = next(m for m in window.session.messages if m.role == "tool")
    assert "started" in tool_result.content
    assert processes_with(seconds) == []


def test_quitting_while_an_approved_command_runs_ends_what_it_detached(journey):
    journey.write_config(SCRIPTED)
    journey.start()
    seconds = unique_sleep_seconds()
    ask_to_run(journey, f"setsid sleep {seconds} & sleep 600")
    journey.wait_until(lambda: processes_with(seconds), timeout=20)

    journey.stop()  # as Quit: the window closes, then the application closes

    assert wait_for_processes_with(seconds, False), processes_with(seconds)
