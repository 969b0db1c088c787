"""The model picker's popup: every provider's models grouped, pinned and recent on top, what
each model can do, providers that failed to list (with why), filtering as one types, keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from agent_app.model_catalog import ModelInfo, ProviderModels
from agent_app.model_choice import ModelChoice
from agent_desktop.composer.model_picker import ModelPicker

pytestmark = pytest.mark.gui

LOCAL = ProviderModels(
    "local",
    "Local server",
    "llama-3",
    (
        ModelInfo("llama-3", "llama-3", ("tools",)),
        ModelInfo(
            "vision-large",
            "Vision Large",
            ("vision", "tools", "reasoning"),
            context_length=128000,
            price_per_million=(3.0, 15.0),
        ),
    ),
)
CLAUDE = ProviderModels(
    "claude", "Claude", "claude-first", (ModelInfo("claude-first", "Claude First"),)
)
BROKEN = ProviderModels(
    "box", "Offline box", "box-model", (), "Could not reach http://127.0.0.1:9/v1"
)


@pytest.fixture
def picker(qtbot):
    shown = ModelPicker()
    qtbot.add_widget(shown)
    shown.show()
    shown.popup.show_models(
        [LOCAL, CLAUDE, BROKEN],
        pinned=[ModelChoice("claude", "claude-first")],
        recent=[ModelChoice("local", "vision-large")],
        current=ModelChoice("local", "llama-3"),
    )
    return shown


def rows(picker) -> list[tuple[str, list[tuple[str, str]]]]:
    tree = picker.popup.tree
    shown = []
    for index in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(index)
        if group.isHidden():
            continue
        children = [group.child(i) for i in range(group.childCount())]
        shown.append(
            (group.text(0), [(c.text(0), c.text(1)) for c in children if not c.isHidden()])
        )
    return shown


def test_models_are_grouped_by_provider_under_pinned_and_recent(picker):
    assert rows(picker) == [
        ("Pinned", [("claude-first — Claude", "")]),
        (
            "Recent",
            [
                (
                    "vision-large — Local server",
                    "images · tools · reasoning · 128k context · $3.00 / $15.00 per M tokens",
                )
            ],
        ),
        (
            "Local server",
            [
                ("llama-3", "tools"),
                (
                    "vision-large",
                    "images · tools · reasoning · 128k context · $3.00 / $15.00 per M tokens",
                ),
            ],
        ),
        ("Claude", [("claude-first", "")]),
        (
            "Offline box",
            [
                ("Could not list the models: Could not reach http://127.0.0.1:9/v1", ""),
                ("box-model", ""),
            ],
        ),
    ]


def test_opened_unfiltered_the_chats_model_is_highlighted(picker):
    picker.open_popup()
    assert picker.popup.tree.currentItem().text(0) == "llama-3"
    assert picker.popup.tree.currentItem().parent().text(0) == "Local server"


def test_typing_filters_and_enter_picks(picker, qtbot):
    picked = []
    picker.popup.picked.connect(picked.append)
    picker.open_popup()
    qtbot.keyClicks(picker.popup.filter, "vision")
    assert [group for group, _models in rows(picker)] == ["Recent", "Local server"]
    qtbot.keyClick(picker.popup.filter, Qt.Key.Key_Down)
    qtbot.keyClick(picker.popup.filter, Qt.Key.Key_Return)
    assert picked == [ModelChoice("local", "vision-large")]
    assert not picker.popup.isVisible()


def test_an_id_nothing_lists_is_offered_from_the_chats_provider(picker, qtbot):
    picked = []
    picker.popup.picked.connect(picked.append)
    picker.open_popup()
    qtbot.keyClicks(picker.popup.filter, "my-finetune")
    assert rows(picker) == [("Local server", [("Use “my-finetune” from Local server", "")])]
    qtbot.keyClick(picker.popup.filter, Qt.Key.Key_Return)
    assert picked == [ModelChoice("local", "my-finetune")]


def test_the_pin_button_pins_and_unpins_the_highlighted_model(picker, qtbot):
    toggled = []
    picker.popup.pin_toggled.connect(lambda choice, pinned: toggled.append((choice, pinned)))
    picker.open_popup()
    qtbot.keyClicks(picker.popup.filter, "llama")
    assert picker.popup.pin_button.text() == "Pin"
    picker.popup.pin_button.click()
    picker.popup.filter.setText("claude-first")
    assert picker.popup.pin_button.text() == "Unpin"
    picker.popup.pin_button.click()
    assert toggled == [
        (ModelChoice("local", "llama-3"), True),
        (ModelChoice("claude", "claude-first"), False),
    ]


def click_row(picker, qtbot, text: str, button=Qt.MouseButton.LeftButton) -> None:
    tree = picker.popup.tree
    item = tree.findItems(text, Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive)[0]
    qtbot.mouseClick(tree.viewport(), button, pos=tree.visualItemRect(item).center())


def test_a_click_on_a_model_picks_it_and_a_right_click_only_highlights_it(picker, qtbot):
    picked = []
    picker.popup.picked.connect(picked.append)
    picker.open_popup()
    click_row(picker, qtbot, "claude-first", Qt.MouseButton.RightButton)
    assert picked == []
    assert picker.popup.pin_button.text() == "Unpin"  # Pin acts on the highlighted model
    click_row(picker, qtbot, "claude-first")
    assert picked == [ModelChoice("claude", "claude-first")]
    assert not picker.popup.isVisible()


def test_letters_typed_in_the_list_go_on_in_the_filter(picker, qtbot):
    picker.open_popup()
    click_row(picker, qtbot, "Local server")  # a group title: nothing to pick
    assert picker.popup.isVisible()
    qtbot.keyClicks(picker.popup.tree, "vision")
    assert picker.popup.filter.text() == "vision"
    assert [group for group, _models in rows(picker)] == ["Recent", "Local server"]


def test_after_refresh_or_pin_the_keyboard_is_back_in_the_filter(picker, qtbot):
    picker.open_popup()
    refresh = next(b for b in picker.popup.findChildren(QPushButton) if b.text() == "Refresh lists")
    for button in (refresh, picker.popup.pin_button):
        picker.popup.tree.setFocus()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert picker.popup.filter.hasFocus(), button.text()


def test_enter_while_the_lists_are_coming_picks_the_best_match_once_they_are_here(qtbot):
    picker = ModelPicker()
    qtbot.add_widget(picker)
    picker.show()
    picked = []
    picker.popup.picked.connect(picked.append)
    picker.open_popup()
    picker.popup.show_listing()
    qtbot.keyClicks(picker.popup.filter, "claude")
    qtbot.keyClick(picker.popup.filter, Qt.Key.Key_Return)
    assert picked == []
    assert picker.popup.isVisible()
    picker.popup.show_models([LOCAL, CLAUDE], [], [], ModelChoice("local", "llama-3"))
    assert picked == [ModelChoice("claude", "claude-first")]
    assert not picker.popup.isVisible()


def test_an_empty_list_says_why_and_where_to_add_a_provider(picker):
    # Seen walking the app: a chat on an agent server without providers showed "Model" over
    # a blank list.
    picker.popup.show_models([], pinned=[], recent=[], current=None)
    assert rows(picker) == []
    state = picker.popup.state.text()
    assert "No provider is set up where this chat runs" in state
    assert "Settings → Providers" in state

    picker.popup.show_models([CLAUDE], pinned=[], recent=[], current=None)
    assert picker.popup.state.text() == ""
