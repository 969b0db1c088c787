"""MCP journeys: the real window with real MCP servers (our stdio/HTTP test servers, servers that
hang or fail) and a loopback OpenAI-compatible provider, driven by keys like a user."""

from __future__ import annotations

import base64
import copy
import json
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel, QListWidget

from tests.journeys.test_settings import go_to, open_settings
from tests.support.mcp_http_server import _free_port, serve_mcp_over_http
from tests.support.mcp_legacy_server import PNG_2X2
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer, load_recording, serving_models

pytestmark = pytest.mark.gui

REPO_ROOT = Path(__file__).resolve().parents[2]
SHOTS = shots_folder("16")
TEST_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_stdio_server"],
    "cwd": str(REPO_ROOT),
}
HUNG_SERVER = {
    "command": sys.executable,
    "args": ["-c", "import time; time.sleep(120)"],  # never answers `initialize`
    "startup_timeout": 90,
}
LEGACY_SERVER = {
    "command": sys.executable,
    "args": ["-m", "tests.support.mcp_legacy_server"],
    "cwd": str(REPO_ROOT),
}
FAILING_SERVER = {
    "command": sys.executable,
    "args": ["-c", "import sys; sys.exit('fatal: GITHUB_TOKEN is not set')"],
}


@pytest.fixture
def provider() -> Iterator[WireServer]:
    with serving_models("gpt-4o-mini") as running:
        yield running


def app_config(provider: WireServer, servers: dict[str, Any]) -> dict[str, Any]:
    return {
        "providers": {
            "loopback": {
                "provider": "openai_compatible",
                "base_url": f"{provider.url}/v1",
                "model": "gpt-4o-mini",
                "api_key": "sk-journey-0a1b2c3d4e5f",
            }
        },
        "agents": {"default": {"label": "Default", "provider": "loopback"}},
        "mcp_servers": servers,
    }


def tool_call_recording(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI stream in which the model calls `name` once (from a real recording's shape)."""
    recording = copy.deepcopy(load_recording("openai_tool_call_stream"))
    first, *_arguments, finish, usage, done = recording["events"]
    (call,) = first["data"]["choices"][0]["delta"]["tool_calls"]
    call["function"] = {"name": name, "arguments": json.dumps(arguments)}
    call["id"] = f"call_{uuid.uuid4().hex[:8]}"  # each call its own row
    recording["events"] = [first, finish, usage, done]
    return recording


def answer_when_asked(journey: Any) -> None:
    """Approve the tool call if the app asks (annotations are the user's to trust or not)."""
    if journey.has_widget("Allow once"):
        # The status bar names the tool as its row does, not by its wire name (seen walking:
        # "Waiting for your approval of mcp__render__render").
        status = journey.window.state_label.text()
        assert status.startswith("Waiting for your approval of "), status
        assert "mcp__" not in status, status
        journey.click("Allow once")


def tool_rows(window: Any) -> list[Any]:
    return [item for item in window.chat_model.items() if item.kind == "tool"]


def server_state(journey: Any, name: str) -> str:
    plugin = journey.app.plugins.instance("mcp_tools")
    return {status["name"]: status["state"] for status in plugin.server_status()}.get(name, "")


def send(journey: Any, text: str) -> None:
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text(text, composer)
    journey.press(Qt.Key.Key_Return, widget=composer)


def wait_for_tools_button(journey: Any, text: str) -> None:
    """The chat's Tools button ("Tools" when every server is ready, else "Tools 1/3")."""
    journey.wait_until(
        lambda: (
            journey.has_widget("Tool servers")
            and journey.find_widget("Tool servers").text() == text
        ),
        timeout=5,
    )


def save_shot(journey: Any, name: str, widget: Any = None) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name, widget)


def test_a_hung_server_does_not_delay_a_plain_chat(journey, provider):
    provider.enqueue("openai_text_stream")
    journey.write_config(
        app_config(provider, {"hung": HUNG_SERVER, "t": TEST_SERVER, "broken": FAILING_SERVER})
    )
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "t") == "running", timeout=90)
    journey.wait_until(lambda: server_state(journey, "broken") == "failed", timeout=30)
    assert server_state(journey, "hung") == "starting"

    sent_at = time.monotonic()
    send(journey, "hi")
    journey.wait_until(
        lambda: any(item.text == "Hello, world!" for item in window.chat_model.items()),
        timeout=10,
    )
    shown_at = time.monotonic()
    (post,) = provider.posts
    # The request went out at once (the hung server has a 90 s start-up timeout), and the
    # answer was on screen within a second of the provider giving it.
    assert post.received_at - sent_at < 5.0
    assert shown_at - post.received_at < 1.0, f"shown {shown_at - post.received_at:.2f} s late"

    offered = {tool["function"]["name"] for tool in post.body.get("tools", [])}
    assert "mcp__t__echo" in offered  # the ready server's tools went out with the request
    assert not any(name.startswith(("mcp__hung__", "mcp__broken__")) for name in offered)

    journey.wait_until(lambda: window.state_label.text() == "Ready")
    notices = [item.text for item in window.chat_model.items() if item.kind == "notice"]
    assert len(notices) == 1
    assert notices[0].startswith("1 of 3 tool servers ready — 'hung' is still starting; ")
    assert "'broken' failed: exited before the MCP handshake finished" in notices[0]
    wait_for_tools_button(journey, "Tools 1/3")  # the live state beside the model picker
    save_shot(journey, "chat-notice-failing-server.png")


def test_an_image_result_is_shown_in_the_tool_row_and_sent_to_the_model(journey, provider):
    provider.enqueue(tool_call_recording("mcp__legacy__picture", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)

    send(journey, "draw me something")
    journey.wait_until(lambda: tool_rows(window) or journey.has_widget("Allow once"), timeout=10)
    answer_when_asked(journey)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
    (row,) = tool_rows(window)
    assert row.state == "success"
    assert row.single_line.startswith("legacy › picture → A 2×2 test picture.")
    window.chat_view.toggle_tool(row)  # what a click on the row's chevron does
    journey.settle(0.2)
    document = window.chat_view.itemDelegate().document(row, 400, part="output")
    picture = document.resource(QTextDocument.ResourceType.ImageResource, QUrl("tool-image:0"))
    assert picture is not None
    assert (picture.width(), picture.height()) == (2, 2)
    # The model (gpt-4o-mini reads images) gets the picture named in the tool message and its
    # bytes in the user turn that follows (chat completions takes no images in tool messages).
    second_request = provider.posts[1].body["messages"]
    assert [m["role"] for m in second_request][-3:] == ["assistant", "tool", "user"]
    tool_message, image_turn = second_request[-2:]
    assert "[image: image/png, 75 bytes, shown to the user]" in tool_message["content"]
    (image_part,) = [p for p in image_turn["content"] if p["type"] == "image_url"]
    header, data = image_part["image_url"]["url"].split(",", 1)
    assert header == "data:image/png;base64"
    assert base64.b64decode(data) == PNG_2X2
    wait_for_tools_button(journey, "Tools")
    save_shot(journey, "image-tool-result.png")


def test_a_restarted_http_server_works_on_the_next_call(journey, provider):
    port = _free_port()
    with serve_mcp_over_http(port=port, handshake_era=True) as server:
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        provider.enqueue(
            tool_call_recording("mcp__calc__add", {"a": 2, "b": 3}), "openai_text_stream"
        )
        journey.write_config(app_config(provider, {"calc": settings}))
        window = journey.start()
        journey.wait_until(lambda: server_state(journey, "calc") == "running", timeout=90)
        send(journey, "add 2 and 3")
        journey.wait_until(
            lambda: tool_rows(window) or journey.has_widget("Allow once"), timeout=10
        )
        answer_when_asked(journey)
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
        assert tool_rows(window)[-1].output == "5"
    with serve_mcp_over_http(port=port, handshake_era=True):  # restarted: the session is gone
        provider.enqueue(
            tool_call_recording("mcp__calc__add", {"a": 20, "b": 22}), "openai_text_stream"
        )
        send(journey, "and 20 plus 22?")
        journey.wait_until(
            lambda: len(tool_rows(window)) == 2 or journey.has_widget("Allow once"), timeout=10
        )
        answer_when_asked(journey)
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
        row = tool_rows(window)[-1]
        assert row.state == "success", row.output
        assert row.output == "42"
    assert "the server no longer knows the session (HTTP 404 Not Found)" in (
        journey.app.plugins.instance("mcp_tools").server_log("calc")
    )


def times_listened(journey: Any, name: str) -> int:
    """How often the app opened the server's stream of list changes (its log says so)."""
    log = journey.app.plugins.instance("mcp_tools").server_log(name)
    return int(log.count("listening for changes"))


def test_a_restarted_http_server_that_adds_a_tool_shows_it_without_a_reconnect(journey, provider):
    port = _free_port()
    with serve_mcp_over_http(port=port) as server:  # a 2026-07-28 server: no sessions
        settings = {
            "transport": "http",
            "url": server.url,
            "headers": {"Authorization": f"Bearer {server.token}"},
        }
        journey.write_config(app_config(provider, {"calc": settings}))
        window = journey.start()
        journey.wait_until(lambda: times_listened(journey, "calc") == 1, timeout=90)
    with serve_mcp_over_http(port=port):  # restarted: the stream of list changes broke
        journey.wait_until(lambda: times_listened(journey, "calc") == 2, timeout=30)
        provider.enqueue(tool_call_recording("mcp__calc__learn", {}), "openai_text_stream")
        send(journey, "learn a new tool")
        journey.wait_until(
            lambda: tool_rows(window) or journey.has_widget("Allow once"), timeout=10
        )
        answer_when_asked(journey)
        journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
        assert tool_rows(window)[-1].output == "added the tool 'fresh'"
        button = journey.find_widget("Tool servers")

        def menu_counts_the_new_tool() -> bool:
            button.menu_.aboutToShow.emit()  # what opening the menu does
            return "calc — ready · 5 tools" in menu_texts(button.menu_)

        journey.wait_until(menu_counts_the_new_tool, timeout=10)


def test_an_elicitation_form_is_filled_and_the_tool_completes(journey, provider):
    provider.enqueue(tool_call_recording("mcp__legacy__book", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)

    send(journey, "book a table")
    journey.wait_until(
        lambda: journey.has_widget("Submit") or journey.has_widget("Allow once"), timeout=10
    )
    answer_when_asked(journey)
    journey.wait_until(lambda: journey.has_widget("Submit"), timeout=10)
    assert journey.find_widget("Server's question").text() == "How many guests, and whose name?"
    dialog = journey.find_widget("Submit").window()
    journey.click("Submit")  # nothing filled in yet: the form says what is missing
    assert journey.has_widget("Submit")
    form = dialog.form
    form.fields["guests"].set_value(4)
    form.fields["name"].set_value("Ada")
    form.fields["terrace"].set_value(True)
    save_shot(journey, "elicitation-dialog.png", dialog)
    journey.click("Submit")
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
    row = tool_rows(window)[-1]
    assert row.state == "success"
    assert row.output == "booked for 4 under 'Ada' on the terrace"


def test_a_declined_elicitation_is_told_to_the_tool(journey, provider):
    provider.enqueue(tool_call_recording("mcp__legacy__book", {}), "openai_text_stream")
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)
    send(journey, "book a table")
    journey.wait_until(
        lambda: journey.has_widget("Decline") or journey.has_widget("Allow once"), timeout=10
    )
    answer_when_asked(journey)
    journey.wait_until(lambda: journey.has_widget("Decline"), timeout=10)
    journey.click("Decline")
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
    assert tool_rows(window)[-1].output == "not booked: the user chose 'decline'"


def test_a_server_prompt_is_picked_from_slash_and_its_arguments_asked(journey, provider):
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text("/rev", composer)
    popup = window.completer.popup
    journey.wait_until(lambda: popup.isVisible(), timeout=20)  # asks the server: slow when busy
    assert popup.current()["display"] == "Code review"  # the prompt's title
    assert popup.current()["replacement"] == "/legacy:review"
    assert popup.current()["display_meta"] == "Ask for a review of one file."
    save_shot(journey, "prompt-slash-command.png")
    journey.press(Qt.Key.Key_Return, widget=composer)
    journey.wait_until(lambda: journey.has_widget("Submit"), timeout=5)
    dialog = journey.find_widget("Submit").window()
    assert dialog.windowTitle() == "/legacy:review: arguments"
    dialog.form.fields["file"].set_value("app.py")
    journey.click("Submit")
    journey.wait_until(lambda: window.composer.text() == "Review app.py for bugs.", timeout=5)


def test_two_servers_prompts_are_listed_readably_under_each_server(journey, provider):
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER, "second": LEGACY_SERVER}))
    window = journey.start()
    for name in ("legacy", "second"):
        journey.wait_until(lambda name=name: server_state(journey, name) == "running", timeout=90)
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text("/", composer)
    popup = window.completer.popup
    journey.wait_until(lambda: popup.isVisible() and popup.list.count() >= 2, timeout=5)
    proof = shots_folder("mcp-tasks")
    proof.mkdir(parents=True, exist_ok=True)
    journey.screenshot(proof / "slash-prompts-two-servers-after.png")
    rows = [popup.list.item(row).text() for row in range(popup.list.count())]
    assert rows == ["legacy", "Code review", "second", "Code review"]  # each under its server
    metrics = popup.list.fontMetrics()
    needed = metrics.horizontalAdvance("Code review") + metrics.horizontalAdvance(
        "Ask for a review of one file."
    )
    assert popup.width() >= needed + 40  # the description is not cut off
    journey.press(Qt.Key.Key_Down, widget=composer)
    assert popup.current()["replacement"] == "/second:review"  # the heading is skipped


def test_a_server_resource_is_attached_as_a_chip(journey, provider):
    provider.enqueue("openai_text_stream")
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text("What changed? @rel", composer)
    popup = window.completer.popup
    journey.wait_until(lambda: popup.isVisible(), timeout=20)  # as above
    assert popup.current()["display"] == "Release notes 2.0"  # the resource's title
    assert popup.current()["tooltip"] == "@legacy:release-notes.md"
    journey.press(Qt.Key.Key_Return, widget=composer)
    journey.wait_until(lambda: window.composer.attachments, timeout=20)  # read from the server
    (record,) = window.composer.attachments
    assert record["name"] == "release-notes.md"
    assert window.composer.text() == "What changed? "
    assert journey.has_widget("Remove attachment release-notes.md")
    save_shot(journey, "resource-attached.png")
    journey.press(Qt.Key.Key_Return, widget=composer)
    journey.wait_until(lambda: window.state_label.text() == "Ready", timeout=15)
    (post,) = provider.posts
    sent = json.dumps(post.body["messages"][-1])
    assert "- The app starts faster." in sent  # the resource's text went with the message


def menu_texts(menu: Any) -> list[str]:
    return [action.text() for action in menu.actions() if action.text()]


def test_a_failed_servers_reason_is_on_its_settings_status_line_at_once(journey, provider):
    journey.write_config(app_config(provider, {"broken": FAILING_SERVER}))
    journey.start()
    journey.wait_until(lambda: server_state(journey, "broken") == "failed", timeout=30)

    dialog = open_settings(journey)
    go_to(journey, dialog, "MCP servers")
    servers = journey.find_widget("MCP servers", QListWidget)
    (row,) = [servers.item(number) for number in range(servers.count())]
    journey.qtbot.mouseClick(
        servers.viewport(), Qt.MouseButton.LeftButton, pos=servers.visualItemRect(row).center()
    )
    # At once, not after a refresh or Test connection: why it failed, in the server's words,
    # also while it is being started again after its back-off.
    status = journey.find_widget("MCP server status", QLabel)
    assert status.text() in (
        "Failed: exited before the MCP handshake finished (stderr: fatal: GITHUB_TOKEN is not set)",
        "Starting… It failed before: exited before the MCP handshake finished "
        "(stderr: fatal: GITHUB_TOKEN is not set)",
    )
    dialog.reject()


def test_the_tools_menu_shows_live_states_and_the_resource_browser_attaches(journey, provider):
    journey.write_config(app_config(provider, {"legacy": LEGACY_SERVER, "broken": FAILING_SERVER}))
    window = journey.start()
    journey.wait_until(lambda: server_state(journey, "legacy") == "running", timeout=90)
    journey.wait_until(lambda: server_state(journey, "broken") == "failed", timeout=30)
    wait_for_tools_button(journey, "Tools 1/2")
    button = journey.find_widget("Tool servers")

    button.menu_.aboutToShow.emit()  # what opening the menu does
    texts = menu_texts(button.menu_)
    assert "legacy — ready · 6 tools" in texts
    assert (
        "broken — failed: exited before the MCP handshake finished "
        "(stderr: fatal: GITHUB_TOKEN is not set)"
    ) in texts
    button.menu_.popup(button.mapToGlobal(button.rect().bottomLeft()))
    journey.settle(0.2)
    save_shot(journey, "tools-menu.png", button.menu_)
    button.menu_.close()
    (broken_menu,) = [a.menu() for a in button.menu_.actions() if a.text().startswith("broken")]
    assert broken_menu.accessibleName() == "Tool server broken"
    (show_log,) = [a for a in broken_menu.actions() if a.text() == "Show log"]
    show_log.trigger()
    log = journey.find_widget("Log of broken")
    journey.wait_until(lambda: "fatal: GITHUB_TOKEN is not set" in log.toPlainText(), timeout=5)
    log.window().close()

    (legacy_menu,) = [a.menu() for a in button.menu_.actions() if a.text().startswith("legacy")]
    (browse,) = [a for a in legacy_menu.actions() if a.text() == "Browse resources…"]
    browse.trigger()
    browser = button.browser
    journey.wait_until(lambda: browser.isVisible(), timeout=5)
    tree = journey.find_widget("Resources")
    legacy_item = tree.topLevelItem(0)
    assert legacy_item.text(0) == "legacy"
    rows = [
        [legacy_item.child(i).text(c) for c in range(3)] for i in range(legacy_item.childCount())
    ]
    assert rows == [
        ["Release notes 2.0", "text/markdown", "notes://release/2.0"],
        [
            "Release notes of a version (template)",
            "text/markdown",
            "The notes of the version you name.",
        ],
    ]
    preview = journey.find_widget("Resource preview")
    journey.wait_until(lambda: "- The app starts faster." in preview.toPlainText(), timeout=5)
    journey.click("Attach resource")
    journey.wait_until(lambda: len(window.composer.attachments) == 1, timeout=5)
    assert window.composer.attachments[0]["name"] == "release-notes.md"
    assert journey.has_widget("Remove attachment release-notes.md")
    save_shot(journey, "resource-browser.png", browser)

    tree.setCurrentItem(legacy_item.child(1))  # the template: Attach asks for its parameter
    journey.click("Attach resource")
    journey.wait_until(lambda: journey.has_widget("Submit"), timeout=5)
    dialog = journey.find_widget("Submit").window()
    dialog.form.fields["version"].set_value("3.1")
    journey.click("Submit")
    journey.wait_until(lambda: len(window.composer.attachments) == 2, timeout=5)
    assert window.composer.attachments[1]["name"] == "release-notes-by-version-3.1"
    assert browser.message.text() == "Attached release-notes-by-version-3.1 to the message."
