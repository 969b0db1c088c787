"""Settings a user can always save, and keys that never dead-end (issue 14).

Real window, fresh data dir, loopback servers speaking the providers' wire formats; the
settings dialog is driven through its buttons, fields and menus.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import keyring
import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QLineEdit,
    QMenu,
    QSpinBox,
)

from agent_app.settings_changes import SettingsChange
from tests.support.refusing_keyring import RefusingKeyring
from tests.support.screenshots import shots_folder
from tests.support.slow_keyring import SlowKeyring
from tests.support.wire_servers import WireServer, closed_port

pytestmark = pytest.mark.gui

SHOTS = shots_folder("14")
PAGES = ("General", "Providers", "Agents", "MCP servers", "Tools", "Plugins")


@pytest.fixture
def local_server() -> Iterator[WireServer]:
    with WireServer() as server:
        server.models = {"object": "list", "data": [{"id": "local-model"}, {"id": "other"}]}
        yield server


# ------------------------------------------------------------------ a user's moves


def open_settings(journey: Any) -> Any:
    journey.window.settings_action.trigger()  # File → Settings…
    journey.wait_until(lambda: getattr(journey.window, "settings_dialog", None) is not None)
    dialog = journey.window.settings_dialog
    journey.wait_until(lambda: dialog.loading_task is not None and dialog.loading_task.done(), 30)
    return dialog


def go_to(journey: Any, dialog: Any, title: str) -> None:
    nav = dialog.nav
    row = next(r for r in range(nav.count()) if nav.item(r).text() == title)
    rect = nav.visualItemRect(nav.item(row))
    journey.qtbot.mouseClick(nav.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    journey.settle(0.05)
    assert dialog.stack.currentIndex() == nav.item(row).data(Qt.ItemDataRole.UserRole)


def type_into(journey: Any, name: str, text: str, root: Any = None) -> None:
    """Replace the text of the field `name` (a line edit, or an editable combo box's) in the
    open settings dialog (or `root`)."""
    root = root or getattr(journey.window, "settings_dialog", None)
    if root is None or not shiboken6.isValid(root) or not root.isVisible():
        root = journey.window
    found = next(
        widget
        for widget in journey.widgets(root)
        if isinstance(widget, QLineEdit | QComboBox) and widget.accessibleName() == name
    )
    edit = found.lineEdit() if isinstance(found, QComboBox) else found
    assert isinstance(edit, QLineEdit), f"{name!r} is not a text field"
    edit.setFocus()
    edit.selectAll()
    journey.type_text(text, edit)


def choose(journey: Any, name: str, option: str) -> None:
    """Pick `option` in the combo box `name` from the keyboard, as a user would."""
    root = getattr(journey.window, "settings_dialog", None)
    if root is None or not shiboken6.isValid(root) or not root.isVisible():
        root = journey.window
    combo = next(
        widget
        for widget in journey.widgets(root)
        if isinstance(widget, QComboBox) and widget.accessibleName() == name
    )
    combo.setFocus()
    journey.qtbot.keyClicks(combo, option)
    assert combo.currentText() == option


def add_provider(journey: Any, preset: str) -> None:
    journey.click("Add provider…")
    menu = next(m for m in journey.widgets() if isinstance(m, QMenu) and m.isVisible())
    # Its groups are named by a heading the user reads (not a bare line).
    assert not menu.actions()[0].isSeparator()
    assert "Services" in [a.text() for a in menu.actions() if not a.isEnabled()]
    action = next(a for a in menu.actions() if a.text().startswith(preset))
    journey.qtbot.mouseClick(
        menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center()
    )
    journey.settle(0.05)


def closed(dialog: Any) -> bool:
    """OK closed (and so deleted) the dialog."""
    return not shiboken6.isValid(dialog) or not dialog.isVisible()


def send(journey: Any, text: str) -> None:
    composer = journey.find_widget("Message")
    composer.setFocus()
    journey.type_text(text, composer)
    journey.press(Qt.Key.Key_Return, widget=composer)


def answered(journey: Any, text: str = "Hello, world!") -> None:
    journey.wait_until(
        lambda: any(item.text == text for item in journey.window.chat_model.items()), 20
    )


def answers(journey: Any) -> int:
    return sum(item.text == "Hello, world!" for item in journey.window.chat_model.items())


def busy(journey: Any) -> bool:
    return bool(journey.window.busy())


def credential(request: Any) -> str:
    """The key a request carried (`x-api-key`, or a bearer token)."""
    bearer = request.headers.get("authorization", "").removeprefix("Bearer ")
    return str(request.headers.get("x-api-key") or bearer)


def saved(journey: Any) -> dict[str, Any]:
    return json.loads(journey.app.paths.config_path.read_text(encoding="utf-8"))


def shot(journey: Any, widget: Any, name: str) -> None:
    if SHOTS.parent.is_dir():  # see tests.support.screenshots
        SHOTS.mkdir(exist_ok=True)
        journey.screenshot(SHOTS / name, widget)


# ------------------------------------------------------------------ journeys


def test_a_local_server_from_first_run_then_ok_saves(journey, local_server):
    window = journey.start()
    assert window.stack.currentWidget() is window.welcome
    # What detection reports for a server on this computer (the loopback server stands in).
    detected = {
        "label": "Loopback server",
        "base_url": f"{local_server.url}/v1",
        "models": ["local-model", "other"],
        "plugin": "openai_compatible",
    }
    window.welcome.set_servers([detected])
    journey.click("Use this server")
    journey.wait_until(lambda: window.stack.currentWidget() is window.chat_page)

    dialog = open_settings(journey)
    # Anthropic's page (an unused plugin with a required key) is nowhere to block OK.
    titles = [dialog.nav.item(row).text() for row in range(dialog.nav.count())]
    assert titles[:6] == list(PAGES)
    assert not any(title in ("anthropic", "openai_compatible", "scripted") for title in titles)
    choose(journey, "Appearance", "Dark")
    go_to(journey, dialog, "Providers")
    type_into(journey, "Name", "My loopback")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))

    config = saved(journey)
    (provider_id,) = config["providers"]
    assert config["providers"][provider_id]["label"] == "My loopback"
    assert config["providers"][provider_id]["base_url"] == f"{local_server.url}/v1"
    assert config["agents"]["default"]["provider"] == provider_id
    assert json.loads(journey.app.paths.settings_path.read_text())["theme"] == "dark"


def test_the_theme_survives_a_restart(journey, local_server):
    journey.use_local_server(f"{local_server.url}/v1")
    journey.start()
    dialog = open_settings(journey)
    choose(journey, "Appearance", "Dark")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    window = journey.restart()
    assert journey.app.settings.theme == "dark"
    assert window.theme.palette.name == "dark"


def test_three_providers_each_send_their_own_key(journey, monkeypatch):
    with WireServer() as first, WireServer() as second, WireServer() as claude:
        first.enqueue("openai_text_stream")
        second.enqueue("openai_text_stream")
        claude.enqueue("anthropic_text_stream")
        journey.use_local_server(f"{first.url}/v1")
        journey.start()
        dialog = open_settings(journey)
        go_to(journey, dialog, "Providers")
        # The first server is already set up (as first run leaves it): give it its key.
        type_into(journey, "API key", "key-for-first-1111")
        for url, key in ((second.url, "key-for-second-2222"),):
            add_provider(journey, "Other OpenAI-compatible server")
            type_into(journey, "Base URL", f"{url}/v1")
            type_into(journey, "Model", "m")
            type_into(journey, "API key", key)
        add_provider(journey, "Anthropic")
        type_into(journey, "Base URL", claude.url)
        type_into(journey, "API key", "key-for-claude-3333")
        # Each typed key stayed with its own provider.
        providers = dialog.draft_config.providers
        assert providers["local"].api_key == "${keyring:providers.local.api_key}"
        # One agent per provider.
        go_to(journey, dialog, "Agents")
        for provider_label in ("Other OpenAI-compatible server", "Anthropic"):
            journey.click("Add agent")
            choose(journey, "Provider", provider_label)
        journey.click("OK")
        journey.wait_until(lambda: closed(dialog))

        config_text = journey.app.paths.config_path.read_text()
        assert "key-for" not in config_text  # keys are in the keyring, never in the file
        picker = journey.window.agent_picker
        for index in range(3):
            picker.setCurrentIndex(index)
            journey.settle(0.1)
            send(journey, f"hello {index}")
            journey.wait_until(lambda n=index + 1: answers(journey) == n and not busy(journey), 20)
        assert [credential(r) for r in first.posts] == ["key-for-first-1111"]
        assert [credential(r) for r in second.posts] == ["key-for-second-2222"]
        assert [credential(r) for r in claude.posts] == ["key-for-claude-3333"]


def test_without_a_keyring_the_key_is_for_the_session_and_env_works_after_restart(
    journey, local_server, monkeypatch
):
    keyring.set_keyring(RefusingKeyring(refuse_probe=True))
    local_server.enqueue("openai_text_stream")
    window = journey.start()
    pane = window.welcome
    # Said before a key is typed: no keyring, and the choices.
    journey.wait_until(lambda: "session only" in pane.key_storage.text())
    assert "${env:" in pane.key_storage.text()
    assert "keyring" in pane.key_storage.text().lower()
    assert pane.session_only.isChecked()
    shot(journey, window, "first-run-no-keyring.png")
    choose(journey, "Provider", "Other OpenAI-compatible server")
    type_into(journey, "Server address", f"{local_server.url}/v1")
    type_into(journey, "Model", "local-model")
    type_into(journey, "API key", "sk-session-only-7777")
    journey.click("Save and start")
    journey.wait_until(lambda: window.stack.currentWidget() is window.chat_page)
    assert "sk-session-only" not in journey.app.paths.config_path.read_text()
    # Never claimed to be stored: the notice says where it really is, and then goes by
    # itself (it stayed until dismissed).
    assert "session only" in window.notice.label.text()
    journey.wait_until(lambda: not window.notice.isVisible(), 30)
    send(journey, "hello")
    answered(journey)
    assert local_server.posts[-1].headers["authorization"] == "Bearer sk-session-only-7777"

    # After a restart the session key is gone; the way back in is Settings, with ${env:…}.
    window = journey.restart()
    assert window.stack.currentWidget() is window.chat_page
    # Said at start, naming the provider: not first when a message fails.
    journey.wait_until(lambda: "no longer stored" in window.notice.label.text())
    assert "“Other OpenAI-compatible server”" in window.notice.label.text()
    assert "Settings → Providers" in window.notice.label.text()
    monkeypatch.setenv("LOOPBACK_KEY", "sk-from-env-8888")
    dialog = open_settings(journey)
    go_to(journey, dialog, "Providers")
    notes = [label.text() for label in dialog.providers.findChildren(type(pane.key_storage))]
    assert any("session only" in text for text in notes)
    type_into(journey, "API key", "${env:LOOPBACK_KEY}")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    window = journey.restart()
    journey.settle(0.5)
    assert "no longer stored" not in window.notice.label.text()  # the key is found again
    local_server.enqueue("openai_text_stream")
    send(journey, "hello again")
    # The chat shown after the restart already holds an answer: wait for the new request.
    journey.wait_until(lambda: len(local_server.posts) == 2, 20)
    assert local_server.posts[-1].headers["authorization"] == "Bearer sk-from-env-8888"
    assert saved(journey)["providers"]["other-openai-compatible-server"]["api_key"] == (
        "${env:LOOPBACK_KEY}"
    )


def test_one_broken_provider_leaves_the_others_and_survives_a_save(journey, local_server):
    broken = {"base_url": "http://127.0.0.1:1/v1", "label": "Typo'd entry"}
    journey.write_config(
        {
            "providers": {
                "local": {
                    "provider": "openai_compatible",
                    "base_url": f"{local_server.url}/v1",
                    "model": "local-model",
                },
                "broken": broken,
            },
            "agents": {"default": {"provider": "local"}, "typo": {"parameters": "not an object"}},
        }
    )
    window = journey.start()
    assert window.stack.currentWidget() is window.chat_page  # the good provider still works
    dialog = open_settings(journey)
    go_to(journey, dialog, "Providers")
    note = dialog.providers.set_aside_note
    assert note.isVisible()
    assert "“broken”" in note.text()
    go_to(journey, dialog, "Agents")
    assert "“typo”" in dialog.agents.set_aside_note.text()
    go_to(journey, dialog, "General")
    choose(journey, "Appearance", "Light")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))
    config = saved(journey)
    assert config["providers"]["broken"] == broken
    assert config["agents"]["typo"] == {"parameters": "not an object"}
    assert config["providers"]["local"]["base_url"] == f"{local_server.url}/v1"


def test_test_connection_lists_models_or_says_what_failed(journey, local_server):
    journey.use_local_server(f"{local_server.url}/v1")
    journey.start()
    dialog = open_settings(journey)
    go_to(journey, dialog, "Providers")
    result = dialog.providers.test_result
    journey.click("Test connection")
    journey.wait_until(lambda: result.text().startswith(("Connected", "Failed")), 20)
    assert result.text() == "Connected: 2 models (local-model, other)."
    # The listed models are offered as the provider's default model.
    model = next(w for w in journey.widgets(dialog) if w.accessibleName() == "Model")
    assert [model.itemText(i) for i in range(model.count())] == ["local-model", "other"]

    type_into(journey, "Base URL", f"http://127.0.0.1:{closed_port()}/v1")
    journey.click("Test connection")
    journey.wait_until(lambda: result.text().startswith(("Connected", "Failed")), 20)
    assert result.text().startswith("Failed: ")
    assert "127.0.0.1" in result.text()
    shot(journey, dialog, "providers-test-failed.png")


def test_what_ok_applies_reaches_the_open_window_at_once(journey, local_server):
    journey.use_local_server(f"{local_server.url}/v1")
    window = journey.start()
    window.theme.set_preference("light")
    base_size = QApplication.font().pointSizeF()
    dialog = open_settings(journey)
    choose(journey, "Appearance", "Dark")
    choose(journey, "Send messages with", "Ctrl+Enter")
    text_size = next(
        w
        for w in journey.widgets(dialog)
        if isinstance(w, QSpinBox) and w.accessibleName() == "Text size (%)"
    )
    text_size.setFocus()
    text_size.selectAll()
    journey.type_text("150", text_size)
    sidebar = next(
        w
        for w in journey.widgets(dialog)
        if isinstance(w, QCheckBox) and w.accessibleName() == "Show the sidebar"
    )
    journey.qtbot.mouseClick(
        sidebar, Qt.MouseButton.LeftButton, pos=QPoint(4, sidebar.height() // 2)
    )
    go_to(journey, dialog, "Agents")
    type_into(journey, "Default model", "other")
    journey.click("OK")
    journey.wait_until(lambda: closed(dialog))

    # No restart: the window follows the application's settings-changed event.
    assert window.theme.palette.name == "dark"
    assert window.chat_view.font().pointSizeF() == pytest.approx(base_size * 1.5)
    assert window.composer.edit.send_key == "ctrl_enter"
    assert "Ctrl+Enter to send" in window.composer.edit.placeholderText()
    assert not window.sidebar.isVisible()
    assert journey.window.model_picker.text().startswith("other")
    # The event is the application's, not the dialog's: a change applied there directly (no
    # dialog at all) reaches the window the same way.
    result = journey.app.configuration.apply_settings_change(
        SettingsChange(settings={"theme": "light", "sidebar_visible": True})
    )
    assert result.ok
    assert window.theme.palette.name == "light"
    assert window.sidebar.isVisible()


def test_a_slow_keyring_never_freezes_the_window(journey, local_server):
    # The Secret Service can keep a write waiting (its unlock prompt waits for the user).
    backend = SlowKeyring()
    keyring.set_keyring(backend)
    journey.use_local_server(f"{local_server.url}/v1")
    window = journey.start()
    dialog = open_settings(journey)
    go_to(journey, dialog, "Providers")
    type_into(journey, "API key", "sk-slow-keyring-4242")
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(backend.writes_done))
    timer.start(10)
    journey.click("OK")  # comes back at once: the key is written on a worker thread
    journey.wait_until(backend.writing.is_set)
    journey.wait_until(lambda: len(ticks) >= 10)
    # The window's events ran the whole time the keyring write was waiting.
    assert backend.writes_done == 0
    assert set(ticks) == {0}
    assert dialog.isVisible()
    assert dialog.save_status.text().startswith("Saving…")
    assert "keyring" in dialog.save_status.text()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    # Typing still works, and Esc does not leave a save half-done: the dialog waits for it.
    type_into(journey, "Name", "Typed while saving")
    assert dialog.providers.form.fields["label"].edit.text() == "Typed while saving"
    journey.press(Qt.Key.Key_Escape, widget=dialog)
    assert dialog.isVisible()
    assert "api_key" not in saved(journey)["providers"]["local"]  # nothing applied yet
    shot(journey, dialog, "saving-slow-keyring.png")

    backend.let_through()
    journey.wait_until(lambda: closed(dialog))
    timer.stop()
    assert backend.writes_done == 1
    assert ("agent-desktop", "providers.local.api_key") in backend.secrets
    assert saved(journey)["providers"]["local"]["api_key"] == "${keyring:providers.local.api_key}"
    assert not journey.app.secrets.session_only("providers.local.api_key")
    assert "session only" not in window.notice.label.text()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots_of_every_settings_page(journey, local_server, theme):
    config_path = journey.use_local_server(f"{local_server.url}/v1")
    config = json.loads(config_path.read_text())
    config["mcp_servers"] = {
        "github": {
            "command": "github-mcp-server",
            "args": ["stdio", "--toolsets", "repos,issues"],
            "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}", "LOG_LEVEL": "info"},
            "enabled": False,
        }
    }
    config["agents"]["default"]["parameters"] = {"temperature": 0.3, "seed": 7}
    journey.write_config(config)
    journey.start()
    journey.window.theme.set_preference(theme)
    dialog = open_settings(journey)
    titles = [dialog.nav.item(row).text() for row in range(dialog.nav.count())]
    pages = [t for t in titles if t and not t.isupper()]
    for width, height in ((800, 600), (1600, 1000)):
        dialog.resize(width, height)
        for title in pages:
            go_to(journey, dialog, title)
            name = title.lower().replace(" ", "-")
            shot(journey, dialog, f"{theme}-{width}x{height}-{name}.png")
    assert len(pages) >= len(PAGES)
