"""Any model of any provider, in any chat (issue 27): two providers configured, an
OpenAI-compatible loopback server and an Anthropic-shaped one; the model picker in the composer,
the settings dialog's agent page; what reached which server checked on the servers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QWidget

from agent_app.model_choice import ModelChoice
from tests.journeys.test_branches import click_header_action, header_labels
from tests.journeys.test_settings import (
    answers,
    busy,
    choose,
    closed,
    credential,
    go_to,
    open_settings,
    send,
)
from tests.support import server_behaviours as behave
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

PROOF = shots_folder("models")
LOCAL_KEY = "sk-local-journey-1a2b3c"
CLAUDE_KEY = "sk-claude-journey-4d5e6f"


@pytest.fixture
def servers(monkeypatch) -> Iterator[tuple[WireServer, WireServer]]:
    monkeypatch.setenv("JOURNEY_LOCAL_KEY", LOCAL_KEY)
    monkeypatch.setenv("JOURNEY_CLAUDE_KEY", CLAUDE_KEY)
    with WireServer() as local, WireServer() as claude:
        local.models = {
            "object": "list",
            "data": [
                {"id": "local-model"},
                {
                    "id": "vision-large",
                    "context_length": 131072,
                    "architecture": {"input_modalities": ["text", "image"]},
                    "supported_parameters": ["tools", "reasoning"],
                    "pricing": {"prompt": "0.000003", "completion": "0.000015"},
                },
            ],
        }
        claude.models = {
            "data": [
                {"id": "claude-first", "display_name": "Claude First", "type": "model"},
                {"id": "claude-second", "display_name": "Claude Second", "type": "model"},
            ],
            "has_more": False,
        }
        yield local, claude


def two_providers(
    journey: Any,
    local: WireServer,
    claude: WireServer,
    more: dict[str, Any] | None = None,
    **claude_entry: Any,
) -> None:
    journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "label": "Local server",
                    "base_url": f"{local.url}/v1",
                    "model": "local-model",
                    "api_key": "${env:JOURNEY_LOCAL_KEY}",
                },
                "claude": {
                    "provider": "anthropic",
                    "label": "Claude",
                    "base_url": claude.url,
                    "api_key": "${env:JOURNEY_CLAUDE_KEY}",
                    **claude_entry,
                },
                **(more or {}),
            },
            "agents": {"default": {"label": "Default", "provider": "local"}},
        }
    )


def row_of(window: Any, text: str) -> int:
    return next(row for row, item in enumerate(window.chat_model.items()) if item.text == text)


def window_with_popup(window: QWidget, popup: QWidget) -> QPixmap:
    """The window as the user sees it with the popup open over it (a window of its own)."""
    picture = window.grab()
    painter = QPainter(picture)
    painter.drawPixmap(popup.pos() - window.mapToGlobal(window.rect().topLeft()), popup.grab())
    painter.end()
    return picture


def open_picker(journey: Any) -> Any:
    """Click the model button; the popup lists every provider's models."""
    journey.click(journey.find_widget("Model"))
    popup = journey.window.model_picker.popup
    journey.wait_until(lambda: popup.isVisible() and popup.state.text() == "", 60)
    journey.wait_until(lambda: popup.tree.topLevelItemCount() >= 2, 20)
    return popup


def pick(journey: Any, typed: str) -> None:
    popup = open_picker(journey)
    journey.type_text(typed, popup.filter)
    journey.press(Qt.Key.Key_Return, widget=popup.filter)


def test_a_chat_keeps_the_other_providers_model_across_a_restart(journey, servers):
    local, claude = servers
    claude.enqueue("anthropic_text_stream", "anthropic_text_stream")
    local.enqueue("openai_text_stream")
    two_providers(journey, local, claude, model="claude-first")
    window = journey.start()
    assert window.model_picker.text().startswith("local-model")
    pick(journey, "claude-second")
    assert window.model_picker.text().startswith("claude-second")
    send(journey, "hello claude")
    journey.wait_until(lambda: answers(journey) == 1 and not busy(journey), 30)
    picked_chat = window.conversation.session_id
    # Another chat still uses the agent's own provider and model.
    journey.click("New chat")
    assert window.model_picker.text().startswith("local-model")
    send(journey, "hello local")
    journey.wait_until(lambda: answers(journey) == 1 and not busy(journey), 30)

    window = journey.restart()
    assert journey.run(window.aopen_session(picked_chat))
    journey.wait_until(lambda: window.model_picker.text().startswith("claude-second"), 20)
    send(journey, "again")
    journey.wait_until(lambda: answers(journey) == 2 and not busy(journey), 30)

    assert [(r.path, r.body["model"]) for r in claude.posts] == [
        ("/v1/messages", "claude-second"),
        ("/v1/messages", "claude-second"),
    ]
    assert [credential(r) for r in claude.posts] == [CLAUDE_KEY, CLAUDE_KEY]
    assert [(r.path, r.body["model"]) for r in local.posts] == [
        ("/v1/chat/completions", "local-model")
    ]
    assert credential(local.posts[0]) == LOCAL_KEY
    # The agent's default was not changed by the pick.
    assert journey.app.config.agents["default"].provider == "local"


def test_what_is_typed_right_after_a_pick_lands_in_the_message_box(journey, servers):
    local, claude = servers
    two_providers(journey, local, claude, model="claude-first")
    window = journey.start()
    box = window.composer.edit
    journey.type_text("Plan a trip", box)
    # From the keyboard: the picker's button, Space, the filter, Enter, and on typing.
    journey.act(lambda: window.model_picker.setFocus(Qt.FocusReason.TabFocusReason))
    journey.press(Qt.Key.Key_Space)
    popup = journey.wait_until(
        lambda: window.model_picker.popup.isVisible() and window.model_picker.popup, 10
    )
    journey.wait_until(lambda: popup.state.text() == "" and popup.tree.topLevelItemCount() >= 2, 60)
    journey.type_text("claude-second")
    journey.press(Qt.Key.Key_Return)
    journey.type_text(" to Lisbon")
    assert window.model_picker.text().startswith("claude-second")
    # With the mouse: one click on a model picks it, and typing goes on in the box.
    popup = open_picker(journey)
    tree = popup.tree
    item = tree.findItems("local-model", Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)[0]
    journey.act(
        lambda: journey.qtbot.mouseClick(
            tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center()
        )
    )
    journey.type_text(" in May")
    assert box.toPlainText() == "Plan a trip to Lisbon in May"
    assert window.model_picker.text().startswith("local-model")


def test_an_agent_switched_to_a_provider_without_its_model_sends_one_it_lists(journey, servers):
    local, claude = servers
    claude.enqueue("anthropic_text_stream")
    two_providers(journey, local, claude)  # no default model for Claude
    journey.start()
    dialog = open_settings(journey)
    go_to(journey, dialog, "Agents")
    choose(journey, "Provider", "Claude")
    # The agent's model field takes the first model Claude's server lists.
    journey.wait_until(lambda: dialog.draft_config.agents["default"].model == "claude-first", 60)
    model_field = journey.wait_until(
        lambda: next(
            (
                w
                for w in journey.widgets(dialog)
                if isinstance(w, QComboBox) and w.accessibleName() == "Default model"
            ),
            None,
        ),
        10,
    )
    assert model_field.currentText() == "claude-first"
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    send(journey, "hello")
    journey.wait_until(lambda: answers(journey) == 1 and not busy(journey), 30)
    assert [r.path for r in claude.posts] == ["/v1/messages"]
    assert claude.posts[0].body["model"] in ("claude-first", "claude-second")
    assert local.posts == []


def test_a_chat_that_picks_another_agent_uses_its_tools_and_instructions(journey, servers):
    local, _claude = servers
    local.enqueue("openai_text_stream", "openai_text_stream", "openai_text_stream")
    local_entry = {
        "provider": "openai_compatible",
        "label": "Local server",
        "base_url": f"{local.url}/v1",
        "model": "local-model",
        "api_key": "${env:JOURNEY_LOCAL_KEY}",
    }
    journey.write_config(
        {
            "providers": {"local": local_entry},
            "agents": {
                "default": {
                    "label": "Helper",
                    "provider": "local",
                    "system_prompt": "You are the general helper.",
                },
                "writer": {
                    "label": "Writer",
                    "provider": "local",
                    "system_prompt": "You are a careful writer.",
                    "disabled_plugins": ["file_tools"],
                },
            },
        }
    )
    window = journey.start()
    picker = journey.find_widget("Agent", QComboBox)
    assert picker.isVisible()
    assert [picker.itemText(i) for i in range(picker.count())] == ["Helper", "Writer"]
    send(journey, "hello helper")
    journey.wait_until(lambda: answers(journey) == 1 and not busy(journey), 30)
    helper_chat = window.conversation.session_id

    journey.click("New chat")
    journey.click(picker)  # the list opens; the Writer is chosen from it with the keys
    journey.wait_until(lambda: picker.view().isVisible(), 10)
    journey.press(Qt.Key.Key_Down, widget=picker.view())
    journey.press(Qt.Key.Key_Return, widget=picker.view())
    journey.wait_until(lambda: picker.currentText() == "Writer", 10)
    send(journey, "hello writer")
    journey.wait_until(lambda: answers(journey) == 1 and not busy(journey), 30)

    def system_and_tools(body: dict[str, Any]) -> tuple[str, set[str]]:
        system = next(m["content"] for m in body["messages"] if m["role"] == "system")
        return system, {tool["function"]["name"] for tool in body.get("tools", [])}

    helper_system, helper_tools = system_and_tools(local.posts[0].body)
    writer_system, writer_tools = system_and_tools(local.posts[1].body)
    assert "You are the general helper." in helper_system
    assert "You are a careful writer." in writer_system
    assert "general helper" not in writer_system
    file_tools = {"read_file", "write_file"}
    assert file_tools <= helper_tools
    assert not file_tools & writer_tools
    assert writer_tools  # the Writer keeps the tools of its other plugins

    # Back in the first chat, the picker shows its agent, and its next request is the Helper's.
    assert journey.run(window.aopen_session(helper_chat))
    journey.wait_until(lambda: picker.currentText() == "Helper", 10)
    send(journey, "again")
    journey.wait_until(lambda: answers(journey) == 2 and not busy(journey), 30)
    again_system, again_tools = system_and_tools(local.posts[2].body)
    assert "You are the general helper." in again_system
    assert file_tools <= again_tools


@pytest.mark.parametrize(
    ("theme", "size"), [("light", (1280, 800)), ("dark", (1280, 800)), ("light", (800, 600))]
)
def test_screenshots_of_the_model_picker(journey, servers, theme, size):
    local, claude = servers
    two_providers(journey, local, claude, model="claude-first")
    window = journey.start()
    window.theme.set_preference(theme)
    window.resize(*size)
    journey.settle(0.2)
    journey.app.model_catalog.set_pinned(ModelChoice("claude", "claude-second"), True)
    popup = open_picker(journey)
    assert popup.geometry().right() <= window.screen().availableGeometry().right()
    PROOF.mkdir(parents=True, exist_ok=True)
    width, height = size
    window_with_popup(window, popup).save(str(PROOF / f"picker-{theme}-{width}x{height}.png"))
    journey.type_text("vision", popup.filter)
    window_with_popup(window, popup).save(
        str(PROOF / f"picker-{theme}-{width}x{height}-filtered.png")
    )
    journey.press(Qt.Key.Key_Escape, widget=popup.filter)


def test_three_models_answer_side_by_side_and_the_chat_goes_on_from_version_two(journey, servers):
    local, claude = servers
    with WireServer() as flaky:
        flaky.models = {"object": "list", "data": [{"id": "flaky-model"}]}
        flaky.enqueue("openai_error_400")
        local.enqueue(
            behave.openai_text("Local: **Lisbon** is lovely in May."),
            behave.openai_text("Local again: pack light."),
        )
        claude.enqueue(
            behave.anthropic_stream([{"type": "text", "text": "Claude: go to Porto too."}])
        )
        flaky_entry = {
            "provider": "openai_compatible",
            "label": "Flaky box",
            "base_url": f"{flaky.url}/v1",
            "model": "flaky-model",
        }
        two_providers(journey, local, claude, {"flaky": flaky_entry}, model="claude-first")
        window = journey.start()
        window.resize(1280, 800)
        box = window.composer.edit
        journey.type_text("Plan a trip to Lisbon", box)
        journey.click(journey.find_widget("Ask several models"))
        popup = window.column.ask_several.popup
        journey.wait_until(lambda: popup.list.count() >= 5, 60)
        for wanted in (
            "local-model — Local server",
            "claude-second — Claude",
            "flaky-model — Flaky box",
        ):
            item = next(
                popup.list.item(row)
                for row in range(popup.list.count())
                if popup.list.item(row).text() == wanted
            )
            rect = popup.list.visualItemRect(item)
            journey.act(
                lambda r=rect: journey.qtbot.mouseClick(
                    popup.list.viewport(), Qt.MouseButton.LeftButton, pos=r.center()
                )
            )
            journey.press(Qt.Key.Key_Space, widget=popup.list)
        assert popup.send_button.text() == "Send to 3 models"
        journey.click(popup.send_button)
        panel = window.column.comparison_panel
        journey.wait_until(
            lambda: panel.isVisible() and all(c.state.text() != "Writing…" for c in panel.columns),
            60,
        )
        journey.wait_until(lambda: not window.busy(), 30)
        assert [c.title.text() for c in panel.columns] == [
            "local-model · Local server",
            "claude-second · Claude",
            "flaky-model · Flaky box",
        ]
        states = [c.state.text() for c in panel.columns]
        assert states[:2] == ["Done", "Done"]
        assert states[2].startswith("Failed: ")
        assert "Flaky box" in states[2]
        assert "astream_api" not in states[2]  # the sentence, not the plugin's wrapping
        assert [c.text.toPlainText() for c in panel.columns[:2]] == [
            "Local: Lisbon is lovely in May.",
            "Claude: go to Porto too.",
        ]
        # Markdown is drawn, not shown raw: "Lisbon" is bold in the first column.
        document = panel.columns[0].text.document()
        found = document.find("Lisbon")
        assert found.charFormat().fontWeight() >= 600, "the column shows the Markdown raw"
        PROOF.mkdir(parents=True, exist_ok=True)
        window.grab().save(str(PROOF / "ask-several-three-answers-side-by-side.png"))

        answer = row_of(window, "Local: **Lisbon** is lovely in May.")
        assert header_labels(window, answer)[:3] == ["‹", "1/3", "›"]
        # One model label, in the header: the model picked and its provider.
        delegate = window.chat_view._delegate
        assert delegate.header_label(window.chat_model.item(answer)) == (
            "Assistant  ·  local-model · Local server"
        )
        click_header_action(journey, answer, "next_version")
        answer = row_of(window, "Claude: go to Porto too.")
        assert header_labels(window, answer)[:3] == ["‹", "2/3", "›"]
        assert delegate.header_label(window.chat_model.item(answer)) == (
            "Assistant  ·  claude-second · Claude"
        )
        window.grab().save(str(PROOF / "ask-several-version-2-shown.png"))

        journey.type_text("What should I pack?", box)
        journey.press(Qt.Key.Key_Return, widget=box)
        journey.wait_until(lambda: len(local.posts) == 2, 30)
        journey.wait_until(lambda: not window.busy(), 30)
        history = local.posts[-1].body["messages"]
        assert [m["content"] for m in history if m["role"] == "assistant"] == [
            "Claude: go to Porto too."
        ]
        assert claude.posts[0].body["model"] == "claude-second"
        assert flaky.posts[0].body["model"] == "flaky-model"
