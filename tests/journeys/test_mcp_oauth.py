"""Journey: a remote MCP server that needs OAuth is added in Settings, the user signs in (the
confirm dialog clicked, the browser completes the login), its tool is called in a chat, the
status says who is signed in, and "Sign in again" signs in anew.

The browser is the test's stand-in: a Qt URL handler for http (QDesktopServices.setUrlHandler,
which is how Qt lets an app route `openUrl`) hands the page to an HTTP client that follows the
authorization server's redirect to the app's loopback listener, as a browser would.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLineEdit

from tests.journeys.test_mcp import (
    answer_when_asked,
    app_config,
    save_shot,
    send,
    server_state,
    tool_call_recording,
    tool_rows,
)
from tests.support.mcp_oauth_server import (
    ACCOUNT,
    SECRET_WORD,
    RunningOAuthServer,
    serve_oauth_mcp,
)
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui


class StandInBrowser(QObject):
    """Opens what the app asks the desktop to open, following redirects, off the GUI thread."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []
        self.pages: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        address = url.toString()
        self.opened.append(address)

        def visit() -> None:
            with urllib.request.urlopen(address, timeout=10) as page:
                self.pages.append(page.read().decode())

        threading.Thread(target=visit, name="stand-in-browser", daemon=True).start()


@pytest.fixture
def browser() -> Iterator[StandInBrowser]:
    stand_in = StandInBrowser()
    QDesktopServices.setUrlHandler("http", stand_in, "open")
    yield stand_in
    QDesktopServices.unsetUrlHandler("http")


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with WireServer() as running:
        running.models = {"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model"}]}
        yield running


@pytest.fixture
def oauth_server() -> Iterator[RunningOAuthServer]:
    with serve_oauth_mcp() as running:
        yield running


def open_mcp_settings(journey: Any) -> Any:
    journey.window.settings_action.trigger()  # File → Settings…
    journey.wait_until(lambda: getattr(journey.window, "settings_dialog", None) is not None)
    dialog = journey.window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    nav = dialog.nav
    row = next(r for r in range(nav.count()) if nav.item(r).text() == "MCP servers")
    rect = nav.visualItemRect(nav.item(row))
    journey.qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    journey.settle(0.05)
    return dialog


def type_into(journey: Any, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    journey.type_text(text, edit)


def field(journey: Any, dialog: Any, name: str) -> QLineEdit:
    return next(
        widget
        for widget in journey.widgets(dialog)
        if isinstance(widget, QLineEdit) and widget.accessibleName() == name
    )


def sign_in_status(journey: Any) -> str:
    """The sign-in line of the MCP servers page ("" while it is not shown)."""
    if not journey.has_widget("MCP server sign-in"):
        return ""
    return str(journey.find_widget("MCP server sign-in").text())


def agree_to_sign_in(journey: Any, oauth_server: RunningOAuthServer, shot: str | None) -> None:
    host = oauth_server.base.removeprefix("http://")
    journey.wait_until(lambda: journey.has_widget(f"Open {host}"), timeout=20)
    dialog = journey.find_button(f"Open {host}").window()
    assert journey.has_widget("The tool server 'secure' needs you to sign in")
    address = journey.find_widget("Login page address")
    assert address.text() == f"Login page: {oauth_server.base}/authorize"
    assert address.toolTip().startswith(f"{oauth_server.base}/authorize?response_type=code&")
    if shot:
        save_shot(journey, shot, dialog)
    journey.click(f"Open {host}")


def test_an_oauth_server_is_signed_in_to_and_its_tool_answers_in_a_chat(
    journey, provider: WireServer, oauth_server: RunningOAuthServer, browser: StandInBrowser
):
    provider.enqueue(tool_call_recording("mcp__secure__secret_word", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {}))
    window = journey.start()

    # Settings → MCP servers: a new server "secure" with the server's URL; OK.
    dialog = open_mcp_settings(journey)
    type_into(journey, dialog.mcp_servers.new_id, "secure")
    journey.click("Add server")
    journey.settle(0.1)
    type_into(journey, field(journey, dialog, "URL"), oauth_server.url)
    journey.click("OK")
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible())

    # The server answers 401: the app asks before anything opens, then the browser signs in.
    agree_to_sign_in(journey, oauth_server, "oauth-sign-in-dialog.png")
    journey.wait_until(lambda: server_state(journey, "secure") == "running", timeout=30)
    assert browser.opened[0].startswith(f"{oauth_server.base}/authorize?")
    journey.wait_until(lambda: browser.pages, timeout=10)
    assert "You are signed in. You can close this tab." in browser.pages[0]
    assert oauth_server.authority.registrations == 1

    # The tool is called in a chat and its result shows.
    send(journey, "what is the secret word?")
    journey.wait_until(lambda: tool_rows(window) or journey.has_widget("Allow once"), timeout=15)
    answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=20)
    (row,) = tool_rows(window)
    assert row.state == "success", row.output
    assert SECRET_WORD in row.output
    assert oauth_server.calls == ["secret_word"]

    # Nothing of the tokens is in the config file.
    saved = json.loads(journey.app.paths.config_path.read_text(encoding="utf-8"))
    assert saved["mcp_servers"]["secure"]["url"] == oauth_server.url
    assert "token" not in json.dumps(saved["mcp_servers"]).lower()

    # Settings shows who is signed in, and until when.
    dialog = open_mcp_settings(journey)
    journey.wait_until(lambda: "Signed in as" in sign_in_status(journey))
    status = sign_in_status(journey)
    assert status.startswith(
        f"Signed in as {ACCOUNT} at {oauth_server.base.removeprefix('http://')}"
    )
    assert "token expires in 60 min" in status
    save_shot(journey, "oauth-status-signed-in.png", dialog)

    # "Sign in again": the tokens are forgotten and the login runs again.
    journey.click("Sign in again")
    agree_to_sign_in(journey, oauth_server, None)
    journey.wait_until(
        lambda: (
            journey.has_widget("MCP sign-in result")
            and journey.find_widget("MCP sign-in result").text()
            == "Signed in to secure: its tools are ready."
        ),
        timeout=30,
    )
    assert oauth_server.authority.authorizations == 2
    assert oauth_server.authority.registrations == 1  # the app's registration is reused
    assert len(browser.opened) == 2
    journey.wait_until(lambda: journey.find_button("Sign out").isEnabled())
    assert sign_in_status(journey).startswith("Signed in as")

    # Sign out: the status says a sign-in is needed.
    journey.click("Sign out")
    journey.wait_until(lambda: sign_in_status(journey) == "Sign-in needed: you signed out.")
    save_shot(journey, "oauth-status-sign-in-needed.png", dialog)
