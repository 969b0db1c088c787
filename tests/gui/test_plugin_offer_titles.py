"""Settings → Plugins names each setting a plugin adds by its title, not its config key."""

from __future__ import annotations

from agent_app.plugin_offers import _settings
from agent_desktop.settings.plugin_actions import _setting_item
from web_fetch_tool import WebFetchTool


def test_a_plugins_settings_are_named_by_their_titles_with_the_key_on_hover():
    # A walk found Details listing raw keys like web_fetch_timeout_seconds.
    settings = {setting["key"]: setting for setting in _settings(WebFetchTool())}
    timeout = settings["web_fetch_timeout_seconds"]
    assert timeout["title"] != "web_fetch_timeout_seconds"
    assert timeout["title"]
    shown = _setting_item(timeout)
    assert f'<b title="web_fetch_timeout_seconds">{timeout["title"]}</b>' in shown
