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


def test_a_plugins_kind_is_named_in_the_window_language(qapp, tmp_path):
    # The walk found "tool plugin" and "tool" in English in the details of an Arabic window.
    from agent_app.plugin_manager import Description
    from agent_desktop.settings.plugin_actions import description_html
    from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations

    described = Description(
        name="agent-desktop-web-fetch-tool",
        version="0.1.0",
        author="",
        problems=[],
        plugins=[{"title": "Web fetch", "kind": "tool", "flavour": "tool", "version": "0.1.0"}],
    )
    installed = Translations(qapp, tmp_path / "cache")
    try:
        installed.use("ar")
        arabic = description_html(described)
        installed.use("ja")
        japanese = description_html(described)
    finally:
        installed.use(SOURCE_LANGUAGE)  # later tests read English
    assert "<b>Web fetch</b> — إضافة من نوع أداة، الإصدار 0.1.0" in arabic
    assert "<b>Web fetch</b> — ツール プラグイン、バージョン 0.1.0" in japanese
