"""Applied settings changes reach the listeners of the keys they touched (no Qt)."""

from __future__ import annotations

import logging

from agent_app.application import AgentApplication
from agent_app.settings_changes import SettingsChange
from agent_app.settings_events import SettingsChanged, SettingsEvents
from scripted_provider import ScriptedProvider


def test_listeners_hear_only_their_keys_and_one_failing_does_not_silence_the_rest(caplog):
    events = SettingsEvents()
    heard: list[tuple[str, frozenset[str]]] = []
    events.subscribe(lambda change: heard.append(("theme", change.keys)), ["theme"])

    def broken(_change: SettingsChanged) -> None:
        raise RuntimeError("listener bug")

    events.subscribe(broken)
    stop_all = events.subscribe(lambda change: heard.append(("all", change.keys)))
    with caplog.at_level(logging.ERROR):
        events.emit(SettingsChanged(frozenset({"send_key"})))
    assert heard == [("all", frozenset({"send_key"}))]
    assert "listener bug" in caplog.text
    stop_all()
    events.emit(SettingsChanged(frozenset({"theme", "agents"})))
    assert heard[-1] == ("theme", frozenset({"theme", "agents"}))
    assert len(heard) == 2


def test_an_applied_change_is_announced_with_what_differs_and_a_refused_one_is_not():
    app = AgentApplication(plugins=[ScriptedProvider])
    try:
        heard: list[SettingsChanged] = []
        app.configuration.settings_events.subscribe(heard.append)
        result = app.configuration.apply_settings_change(
            SettingsChange(
                settings={"theme": "dark", "send_key": app.settings.send_key},
                agents={"default": {"label": "Main", "model": "m1"}},
            )
        )
        assert result.ok
        assert [change.keys for change in heard] == [frozenset({"theme", "agents"})]
        refused = app.configuration.apply_settings_change(
            SettingsChange(settings={"theme": "purple"})
        )
        assert not refused.ok
        assert len(heard) == 1
        assert app.settings.theme == "dark"
    finally:
        app.close()


def test_settings_made_outside_the_dialog_are_saved_and_announced_too():
    import pytest
    from pydantic import ValidationError

    app = AgentApplication(plugins=[ScriptedProvider])
    try:
        heard: list[frozenset[str]] = []
        app.configuration.settings_events.subscribe(
            lambda change: heard.append(change.keys), ["theme"]
        )
        app.configuration.update_settings(theme="dark", text_scale_percent=120)
        assert heard == [frozenset({"theme", "text_scale_percent"})]
        assert '"theme": "dark"' in app.paths.settings_path.read_text()
        with pytest.raises(ValidationError):
            app.configuration.update_settings(sidebar_visible=False, text_scale_percent=5)
        assert app.settings.sidebar_visible is True  # nothing of a refused change is kept
        assert app.settings.text_scale_percent == 120
        assert len(heard) == 1
    finally:
        app.close()


def test_the_attachment_store_follows_the_size_limit_however_it_is_changed():
    app = AgentApplication(plugins=[ScriptedProvider])
    try:
        assets = app.sessions.assets
        assert assets.max_bytes == app.settings.max_attachment_bytes
        applied = app.configuration.apply_settings_change(
            SettingsChange(settings={"max_attachment_bytes": 3 * 1024 * 1024})
        )
        assert applied.ok
        assert assets.max_bytes == 3 * 1024 * 1024
        app.configuration.update_settings(max_attachment_bytes=5 * 1024 * 1024)
        assert assets.max_bytes == 5 * 1024 * 1024
    finally:
        app.close()
