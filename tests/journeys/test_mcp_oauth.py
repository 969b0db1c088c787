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
from PySide6.QtWidgets import QLineEdit, QScrollArea

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
    pre_registered_client,
    serve_oauth_mcp,
)
from tests.support.wire_servers import WireServer, serving_models

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
    with serving_models("gpt-4o-mini") as running:
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


def add_server_by_url(journey, name: str, url: str) -> None:
    """Settings → MCP servers: a new server `name` with only its URL; OK, and the dialog closes."""
    dialog = open_mcp_settings(journey)
    type_into(journey, dialog.mcp_servers.new_id, name)
    journey.click("Add server")
    journey.settle(0.1)
    type_into(journey, field(journey, dialog, "URL"), url)
    journey.click("OK")
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible())


def test_an_oauth_server_is_signed_in_to_and_its_tool_answers_in_a_chat(
    journey, provider: WireServer, oauth_server: RunningOAuthServer, browser: StandInBrowser
):
    provider.enqueue(tool_call_recording("mcp__secure__secret_word", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {}))
    window = journey.start()

    # Settings → MCP servers: a new server "secure" with the server's URL; OK.
    add_server_by_url(journey, "secure", oauth_server.url)

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

    # Sign out: the server is asked to revoke the tokens; the status says a sign-in is needed.
    client_id = next(iter(oauth_server.authority.clients))
    journey.click("Sign out")
    journey.wait_until(lambda: sign_in_status(journey) == "Sign-in needed: you signed out.")
    host = oauth_server.base.removeprefix("http://")
    assert journey.find_widget("MCP sign-in result").text() == (
        f"Signed out of secure. {host} revoked the app's access."
    )
    assert oauth_server.authority.revoked == [
        ("refresh_token", client_id),
        ("access_token", client_id),
    ]
    save_shot(journey, "oauth-status-sign-in-needed.png", dialog)


def scroll_to_sign_in(journey: Any, dialog: Any) -> None:
    """Scroll the server's page down to its sign-in line, as a user does to read it."""
    panel = dialog.mcp_servers.sign_in_panel
    holder = panel.parent()
    while holder is not None and not isinstance(holder, QScrollArea):
        holder = holder.parent()
    assert holder is not None
    holder.ensureWidgetVisible(panel)
    journey.settle(0.05)


def tools_menu_line(journey: Any, server: str) -> str:
    """The server's line in the chat's Tools menu ("secure — ready · 1 tool")."""
    if not journey.has_widget("Tool servers"):
        return ""
    button = journey.find_widget("Tool servers")
    button.menu_.aboutToShow.emit()  # what opening the menu does
    lines = [a.text() for a in button.menu_.actions() if a.text().startswith(f"{server} — ")]
    return lines[0] if lines else ""


def test_a_server_without_self_registration_signs_in_with_the_client_id_the_user_enters(
    journey, provider: WireServer, browser: StandInBrowser, memory_keyring
):
    client_secret = "owner-gave-this-secret-5150"
    app_client = pre_registered_client("desktop-app", client_secret)
    provider.enqueue(tool_call_recording("mcp__secure__secret_word", {}), "openai_text_stream")
    with serve_oauth_mcp(dynamic_registration=False, clients=(app_client,)) as oauth_server:
        journey.write_config(app_config(provider, {}))
        window = journey.start()

        # The server is added by its URL only: it cannot sign in, and the page says what to do.
        add_server_by_url(journey, "secure", oauth_server.url)
        journey.wait_until(lambda: server_state(journey, "secure") == "failed", timeout=30)
        journey.wait_until(lambda: tools_menu_line(journey, "secure") == "secure — sign-in needed")
        dialog = open_mcp_settings(journey)
        journey.wait_until(lambda: sign_in_status(journey).startswith("Sign-in needed"))
        assert sign_in_status(journey) == (
            "Sign-in needed: this server does not let apps register themselves; enter the "
            "OAuth client ID the server's owner gave you in Settings → MCP servers → secure."
        )
        scroll_to_sign_in(journey, dialog)
        save_shot(journey, "oauth-needs-client-id.png", dialog)
        assert browser.opened == []
        assert oauth_server.authority.registrations == 0

        # The user enters the client ID and secret the server's owner gave them; OK.
        type_into(journey, field(journey, dialog, "OAuth client ID"), "desktop-app")
        type_into(journey, field(journey, dialog, "OAuth client secret"), client_secret)
        save_shot(journey, "oauth-client-id-entered.png", dialog)
        journey.click("OK")
        journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible())

        # The sign-in asks, the browser logs in with that client, and the tool list appears.
        agree_to_sign_in(journey, oauth_server, None)
        journey.wait_until(lambda: server_state(journey, "secure") == "running", timeout=30)
        assert "client_id=desktop-app&" in browser.opened[0]
        assert oauth_server.authority.registrations == 0
        assert oauth_server.authority.issued_to == ["desktop-app"]  # the secret was accepted
        journey.wait_until(lambda: tools_menu_line(journey, "secure") == "secure — ready · 1 tool")

        send(journey, "what is the secret word?")
        journey.wait_until(lambda: tool_rows(window) or journey.has_widget("Allow once"), 15)
        answer_when_asked(journey)
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=20)
        (row,) = tool_rows(window)
        assert SECRET_WORD in row.output

        # The client ID is in the config file; the secret is only in the keyring.
        text = journey.app.paths.config_path.read_text(encoding="utf-8")
        saved = json.loads(text)["mcp_servers"]["secure"]
        assert saved["oauth_client_id"] == "desktop-app"
        assert saved["oauth_client_secret"] == "${keyring:mcp_servers.secure.oauth_client_secret}"
        assert client_secret not in text
        assert journey.app.secrets.get("mcp_servers.secure.oauth_client_secret") == client_secret
        for path in journey.app.paths.config_path.parent.rglob("*"):
            if path.is_file() and path.stat().st_size < 5_000_000:
                assert client_secret.encode() not in path.read_bytes(), path

        # Sign out reaches the server's revocation endpoint, authenticated by the client.
        dialog = open_mcp_settings(journey)
        journey.wait_until(lambda: sign_in_status(journey).startswith("Signed in as"))
        journey.click("Sign out")
        host = oauth_server.base.removeprefix("http://")
        journey.wait_until(
            lambda: (
                journey.find_widget("MCP sign-in result").text()
                == f"Signed out of secure. {host} revoked the app's access."
            ),
            timeout=15,
        )
        assert oauth_server.authority.revoked == [
            ("refresh_token", "desktop-app"),
            ("access_token", "desktop-app"),
        ]
        assert sign_in_status(journey) == "Sign-in needed: you signed out."
        scroll_to_sign_in(journey, dialog)
        save_shot(journey, "oauth-signed-out-revoked.png", dialog)
