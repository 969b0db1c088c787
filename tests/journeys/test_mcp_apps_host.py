"""MCP Apps journeys of what the host tells an open view: the call's input as soon as its row
shows (the view comes with the tool's definition, before any result), that the call was
cancelled when the user denies it, that the window's theme, the view's display mode (full
screen from the row's menu) and the language changed, and a teardown before the view goes.
The test view (tests/support/mcp_app_server.py) logs each message it hears back to the app,
which logs it: the journey reads what reached the view there."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.journeys.test_mcp import app_config, send, server_state, tool_call_recording, tool_rows
from tests.journeys.test_mcp_apps import APP_SERVER, shown
from tests.journeys.test_view_and_help import menu_action
from tests.support.wire_servers import WireServer, serving_models

pytestmark = pytest.mark.gui


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with serving_models("gpt-4o-mini") as running:
        yield running


@pytest.fixture(autouse=True)
def short_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_DESKTOP_VIEW_IDLE_SECONDS", "0.5")


def heard(caplog: pytest.LogCaptureFixture, method: str) -> list[str]:
    """The params (JSON text) of each `method` message the test view heard, in order."""
    pattern = re.compile(rf"view of apps › show_counter: heard {re.escape(method)} (.*)$")
    return [
        found.group(1)
        for record in caplog.records
        if (found := pattern.search(record.getMessage())) is not None
    ]


def test_a_view_hears_its_input_a_denial_a_theme_switch_and_its_teardown(
    journey: Any, provider: WireServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="agent_app.app_views")
    provider.enqueue(
        tool_call_recording("mcp__apps__show_counter", {"start": 5}), "openai_text_stream"
    )
    journey.write_config(app_config(provider, {"apps": APP_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "apps") == "running", timeout=90)
    send(journey, "show me the counter")

    # The tool names its view: the row shows it while the call waits for the user's answer.
    journey.wait_until(lambda: journey.has_widget("Allow once"), timeout=30)
    (view,) = shown(journey)
    journey.wait_until(lambda: heard(caplog, "ui/notifications/tool-input"), timeout=30)
    assert heard(caplog, "ui/notifications/tool-input") == ['{"arguments":{"start":5}}']
    assert heard(caplog, "ui/notifications/tool-result") == []

    journey.click("Deny")
    journey.wait_until(lambda: heard(caplog, "ui/notifications/tool-cancelled"), timeout=30)
    assert heard(caplog, "ui/notifications/tool-cancelled") == ['{"reason":"denied by the user"}']
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=30)
    assert tool_rows(window)[0].state == "denied"
    assert heard(caplog, "ui/notifications/tool-result") == []

    # The theme switched from the View menu reaches the open view.
    menu_action(window, "View", "Theme", "Dark").trigger()
    journey.wait_until(lambda: heard(caplog, "ui/notifications/host-context-changed"), timeout=30)
    assert heard(caplog, "ui/notifications/host-context-changed") == ['{"theme":"dark"}']
    assert view.bridge.context["theme"] == "dark"

    # The row's menu shows the view full screen; the view hears its new display mode.
    row = window.chat_model.row_of_key(tool_rows(window)[0].key)
    menu = window.chat_view.build_message_menu(window.chat_model.index(row))
    (full_screen,) = [a for a in menu.actions() if a.text() == "Show the view full screen"]
    journey.act(full_screen.trigger)
    journey.wait_until(lambda: len(heard(caplog, "ui/notifications/host-context-changed")) == 2)
    assert heard(caplog, "ui/notifications/host-context-changed")[-1] == (
        '{"displayMode":"fullscreen"}'
    )
    journey.press(Qt.Key.Key_Escape, widget=view.widget)
    journey.wait_until(lambda: not view.widget.isWindow())
    journey.wait_until(lambda: len(heard(caplog, "ui/notifications/host-context-changed")) == 3)
    assert heard(caplog, "ui/notifications/host-context-changed")[-1] == '{"displayMode":"inline"}'

    # A language switched in Settings (what its OK applies) reaches the open view too.
    journey.act(lambda: window.translations.use("de"))
    journey.wait_until(lambda: len(heard(caplog, "ui/notifications/host-context-changed")) == 4)
    assert heard(caplog, "ui/notifications/host-context-changed")[-1] == '{"locale":"de"}'

    # A new chat closes the view: it is asked to tear down first, and answers.
    journey.act(window.new_chat)
    journey.wait_until(lambda: heard(caplog, "ui/resource-teardown"), timeout=30)
    assert heard(caplog, "ui/resource-teardown") == ["{}"]
    journey.wait_until(lambda: not window.app_views.helper.running, timeout=30)
