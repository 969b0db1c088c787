"""Providers against servers as they really behave, seen from the window.

A user's local server (a loopback server speaking chat completions, configured as the provider
entry "Local server") that sends tool calls only unstreamed, answers with nothing, refuses a key
with a proxy's 400, or prints tool calls as text. The journeys type, press Return, click Retry and
Details, restart the app, and check what the window shows and what the store keeps.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import shiboken6
from PySide6.QtWidgets import QScrollArea

from agent_desktop.toolkit.lazy_qt import Qt
from openai_provider.provider_base import SdkProvider
from tests.support import server_behaviours as behave
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

SHOTS = shots_folder("15")
THINK = behave.openai_tool_call("think", {"thought": "The notes are short; summarise them."})


@pytest.fixture
def local_server() -> Iterator[WireServer]:
    SdkProvider.unstreamed_models.clear()  # what a fresh app remembers: nothing
    with WireServer() as server:
        server.models = {"object": "list", "data": [{"id": "local-model", "object": "model"}]}
        yield server
    SdkProvider.unstreamed_models.clear()


def use_local_server(journey, url: str) -> None:
    journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "label": "Local server",
                    "base_url": f"{url}/v1",
                    "model": "local-model",
                }
            },
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )


def send(journey, window, text: str) -> None:
    journey.type_text(text, window.composer.edit)
    journey.press(Qt.Key.Key_Return, widget=window.composer.edit)


def idle(journey, window, timeout: float = 20) -> None:
    journey.wait_until(lambda: not window.busy(), timeout=timeout)
    journey.settle(0.2)


def shot(journey, name: str, widget=None) -> None:
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(parents=True, exist_ok=True)
        journey.screenshot(SHOTS / name, widget)


def assistant_rows(window) -> list:
    return [
        item
        for item in window.chat_model.items()
        if item.kind == "message" and item.role == "assistant"
    ]


def test_tool_calls_sent_only_unstreamed_still_run_and_the_fallback_is_said_once(
    journey, local_server
):
    use_local_server(journey, local_server.url)
    local_server.behave(behave.openai_tools_only_unstreamed_server([THINK], "Summarised."))
    window = journey.start()

    send(journey, window, "Summarise my notes")
    idle(journey, window)

    [tool_row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert tool_row.tool_name == "think"
    assert tool_row.state == "success"
    answers = assistant_rows(window)
    assert answers[-1].text == "Summarised."
    notice = journey.find_widget("Notice").label.text()
    assert notice.startswith("Local server sent an empty streamed answer, so this answer was ")
    assert "local-model will be asked without streaming from now on" in notice
    stored = window.app.sessions.load_session(window.session.session_id).messages
    said = [m for m in stored if (m.metadata or {}).get("provider_notice")]
    assert len(said) == 1  # said once, on the turn that fell back
    assert window.state_label.text() == "Ready"
    assert not journey.has_widget("Retry")
    # streamed (empty) → unstreamed (the tool call) → unstreamed again (remembered)
    assert [post.body.get("stream") for post in local_server.posts] == [True, None, None]

    SdkProvider.unstreamed_models.clear()  # a new process remembers only what is on disk
    window = journey.restart()
    journey.click("New chat")
    send(journey, window, "And the other notes?")
    idle(journey, window)
    assert local_server.posts[3].body.get("stream") is None  # not streamed first, even now
    assert len(local_server.posts) == 5


def test_an_error_shows_one_sentence_retry_and_details_and_survives_a_restart(
    journey, local_server
):
    use_local_server(journey, local_server.url)
    local_server.enqueue(behave.proxy_wrong_key())
    window = journey.start()

    send(journey, window, "Hello?")
    idle(journey, window)

    sentence = "Local server rejected the API key — check the key in the provider settings."
    assert journey.find_widget("Problem").text() == sentence
    assert window.state_label.text() == "Failed"  # not "Ready"
    assert not journey.has_widget("Technical details")
    journey.click("Details")
    details = journey.find_widget("Technical details").text()
    assert "HTTP status: 400" in details
    assert "Invalid proxy server token passed" in details
    assert "Plugin: openai_compatible" in details
    # The chat shows no internals in the conversation itself.
    assert not any("Plugin '" in item.text for item in window.chat_model.items())
    shot(journey, "error-retry-details.png")

    # The status follows the chat shown: a new chat is ready, the failed one still failed.
    journey.click("New chat")
    journey.wait_until(lambda: window.title_label.text() == "New chat")
    assert window.state_label.text() == "Ready"
    chat_list = window.sidebar.list
    [failed_row] = [
        row for row in range(chat_list.count()) if chat_list.item(row).text() == "Hello?"
    ]
    journey.act(
        lambda: journey.qtbot.mouseClick(
            chat_list.viewport(),
            Qt.MouseButton.LeftButton,
            pos=chat_list.visualItemRect(chat_list.item(failed_row)).center(),
        )
    )
    journey.wait_until(lambda: window.title_label.text() == "Hello?")
    assert window.state_label.text() == "Failed"

    window = journey.restart()
    journey.wait_until(lambda: journey.has_widget("Problem"), timeout=10)
    assert journey.find_widget("Problem").text() == sentence
    assert journey.has_widget("Retry")

    local_server.enqueue(behave.openai_stream([{"content": "Hi! The key works now."}]))
    journey.click("Retry")
    idle(journey, window)
    assert assistant_rows(window)[-1].text == "Hi! The key works now."
    assert not journey.has_widget("Problem")
    assert window.state_label.text() == "Ready"
    # Retry sent the same question again, once: the history holds it a single time.
    user_turns = [m for m in local_server.posts[-1].body["messages"] if m["role"] == "user"]
    assert [m["content"] for m in user_turns] == ["Hello?"]

    window = journey.restart()
    journey.settle(0.5)
    assert not journey.has_widget("Problem")  # the failure is over once answered


def test_an_empty_answer_is_an_explicit_state_with_retry(journey, local_server):
    use_local_server(journey, local_server.url)
    # Streamed: nothing. Asked again unstreamed: still nothing.
    local_server.enqueue(behave.openai_stream([]), behave.openai_completion({"content": ""}))
    window = journey.start()

    send(journey, window, "Anything?")
    idle(journey, window)
    assert journey.find_widget("Problem").text() == "The model returned nothing."
    assert journey.has_widget("Retry")
    assert assistant_rows(window) == []  # no empty bubble
    shot(journey, "empty-answer.png")

    local_server.enqueue(behave.openai_completion({"content": "Something, this time."}))
    journey.click("Retry")
    idle(journey, window)
    assert assistant_rows(window)[-1].text == "Something, this time."
    assert not journey.has_widget("Problem")


def test_a_tool_call_written_as_text_by_a_local_model_runs(journey, local_server):
    use_local_server(journey, local_server.url)
    written = json.dumps({"name": "think", "arguments": {"thought": "Check the notes first."}})
    local_server.enqueue(
        behave.openai_stream([{"content": f"<tool_call>\n{written}\n</tool_call>"}]),
        behave.openai_stream([{"content": "Your notes list three errands."}]),
    )
    window = journey.start()

    send(journey, window, "What is in my notes?")
    idle(journey, window)
    [tool_row] = [item for item in window.chat_model.items() if item.kind == "tool"]
    assert tool_row.tool_name == "think"
    assert tool_row.state == "success"
    assert not any("<tool_call>" in item.text for item in window.chat_model.items())
    assert assistant_rows(window)[-1].text == "Your notes list three errands."
    tool_results = [m for m in local_server.posts[-1].body["messages"] if m["role"] == "tool"]
    assert len(tool_results) == 1
    shot(journey, "recovered-text-tool-call.png")


def test_a_cut_connection_and_a_timeout_are_labelled_as_such(journey, local_server):
    path = journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "label": "Local server",
                    "base_url": f"{local_server.url}/v1",
                    "model": "local-model",
                    "timeout": 1,
                }
            },
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )
    assert path.exists()
    cut = behave.openai_stream([{"content": "The first half "}, {"content": "of a long answer"}])
    local_server.enqueue({**cut, "drop_after": 3})
    window = journey.start()

    send(journey, window, "Tell me a long story")
    idle(journey, window)
    [partial] = assistant_rows(window)
    assert partial.text == "The first half of a long answer"
    assert window.chat_view._delegate.footer_text(partial).startswith("connection cut")
    assert window.state_label.text() == "Connection cut"
    assert (
        journey.find_widget("Problem")
        .text()
        .startswith("Local server cut the connection mid-answer — the partial answer is kept")
    )

    local_server.enqueue({**behave.openai_stream([{"content": "Late."}]), "delay_before": 3})
    send(journey, window, "Again, please")
    idle(journey, window, timeout=30)
    assert window.state_label.text() == "Timed out"
    assert (
        journey.find_widget("Problem").text().startswith("Local server did not answer within 1 s")
    )


def test_streaming_and_text_tool_calls_are_settings_of_the_provider_entry(journey, local_server):
    use_local_server(journey, local_server.url)
    window = journey.start()
    window.settings_action.trigger()
    journey.wait_until(lambda: window.settings_dialog is not None)
    dialog = window.settings_dialog
    journey.wait_until(lambda: "streaming" in dialog.providers.form.fields, timeout=20)
    dialog.show_page(dialog.providers)
    fields = dialog.providers.form.fields
    assert fields["streaming"].value() == "auto"
    assert fields["text_tool_calls"].value() == "auto"
    assert fields["text_tool_calls"].combo.currentText() == "Automatic (local servers only)"
    fields["streaming"].set_value("off")
    scroll = fields["streaming"].combo.parentWidget()
    while scroll is not None and not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    if scroll is not None:  # show the two settings, as a user scrolling down would
        scroll.ensureWidgetVisible(fields["text_tool_calls"].combo)
    journey.settle(0.2)
    shot(journey, "provider-settings-streaming.png", dialog)
    dialog.accept()
    journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible())
    saved = json.loads(window.app.paths.config_path.read_text(encoding="utf-8"))
    assert saved["providers"]["local"]["streaming"] == "off"

    local_server.enqueue(behave.openai_completion({"content": "Unstreamed, as set."}))
    send(journey, window, "Hello")
    idle(journey, window)
    assert assistant_rows(window)[-1].text == "Unstreamed, as set."
    assert local_server.posts[-1].body.get("stream") is None
