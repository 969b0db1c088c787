"""What agent_app says about keys it could not keep in a keyring (kept for this session only,
gone after a restart) reaches a Japanese window in Japanese: the walk found these sentences in
English there (the notice after saving a key, the chat's error after a restart)."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest
from tests.support.refusing_keyring import RefusingKeyring

from agent_app.application import AgentApplication
from agent_app.config import ConfigError, ProviderConfig, load_config
from agent_app.secrets import SecretStore
from agent_app.settings_changes import SettingsChange
from agent_desktop.toolkit.translations import SOURCE_LANGUAGE, Translations
from agent_desktop.toolkit.window_language import in_window_language
from agent_desktop.window.notice_bar import NoticeBar
from openai_provider import OpenAICompatibleProvider

pytestmark = pytest.mark.gui

KEY_NAME = "providers.local.api_key"


@pytest.fixture
def app():
    application = AgentApplication(plugins=[OpenAICompatibleProvider])
    application.config.providers["local"] = ProviderConfig(
        provider="openai_compatible",
        label="Work server",
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key="${keyring:" + KEY_NAME + "}",
    )
    application.config.agents["default"].provider = "local"
    application.configuration.save_config()
    yield application
    application.close()


@pytest.fixture
def japanese(qapp, tmp_path: Path):
    installed = Translations(qapp, tmp_path / "cache")
    installed.use("ja")
    yield
    installed.use(SOURCE_LANGUAGE)  # later tests read English


def test_a_key_kept_for_this_session_is_announced_in_the_window_language(app, japanese, qtbot):
    keyring.set_keyring(RefusingKeyring())
    result = app.configuration.apply_settings_change(
        SettingsChange(secrets={KEY_NAME: "sk-session-only-123"})
    )
    assert result.ok, result.problems
    (notice,) = result.notices
    bar = NoticeBar()
    qtbot.addWidget(bar)
    bar.show_notice(notice)
    shown = bar.label.text()
    assert shown.startswith(
        "このセッションだけ保持し、保存していません: 「Work server」の API キー（"
    )
    assert "${env:VARIABLE}" in shown
    assert "Kept for" not in shown
    # The reason when no keyring is there at all, as the notice's brackets hold it.
    assert (
        in_window_language("No system keyring is available")
        == "システムのキーリングを利用できません"
    )


def test_a_key_gone_after_a_restart_is_said_in_the_window_language(app, japanese):
    with pytest.raises(ConfigError) as raised:
        app.resolve_request_config(app.build_agent_config("default"))
    shown = in_window_language(str(raised.value))
    assert shown.startswith(
        f"API キーはキーリングのシークレット '{KEY_NAME}' を参照していますが、保存されていません"
    )
    assert shown.endswith("{env:VARIABLE} を使って環境変数から読み込んでください。")


def test_notices_gathered_at_start_are_each_said_in_the_window_language(app, japanese, qtbot):
    """The start joins its notices one per line; each is translated on its own."""
    gone = app.configuration.keys_gone_notice()
    assert gone is not None
    bar = NoticeBar()
    qtbot.addWidget(bar)
    bar.show_notice("\n".join(["No system keyring is available.", gone]))
    assert bar.label.text() == (
        "システムのキーリングを利用できません。\n“Work server” の API キーはもう保存されていません"
        "（このセッションだけ保持したキーは再起動後に消えます）。設定 → プロバイダーでもう一度"
        "入力してください。"
    )


def test_secrets_moved_out_of_a_settings_file_are_announced_in_the_window_language(
    tmp_path, japanese, memory_keyring
):
    """The start's notice after moving plaintext keys from the settings file into the keyring
    was an f-string nobody could translate; the key names and the path are kept as they are."""
    path = tmp_path / "config.json"
    path.write_text(
        '{"providers": {"openai": {"provider": "openai_compatible", "api_key": "sk-plain-1"}}}'
    )
    _config, notices = load_config(path, SecretStore())
    assert len(notices) == 1
    shown = in_window_language(notices[0])
    assert shown == (
        f"{path} の平文のシークレットをシステムのキーリングに移動しました "
        "(providers.openai.api_key)。ファイルには代わりに参照が記録されています。"
    )


def test_answers_cut_off_at_the_last_stop_are_counted_in_the_window_language(japanese):
    english = "Answers were cut off when the app last stopped: 3. What had arrived was kept and "
    english += "marked as incomplete."
    assert in_window_language(english) == (
        "前回アプリが停止したときに 3 件の回答が途切れました。"
        "届いていた部分は保存し、未完了として示しています。"
    )
