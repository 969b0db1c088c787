"""The window in the user's language (issue 32, languages): a Japanese session starts in
Japanese (welcome pane, menus, Settings, an approval prompt), and choosing Arabic in Settings
mirrors the window and retranslates what it shows at once, without a restart.

Real window as the entry point builds it, fresh data dir, a loopback server speaking the OpenAI
wire format; Settings is driven through its page list, the Language box and OK.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel, QLineEdit, QPushButton

from agent_desktop.toolkit.translations import shipped_languages
from tests.journeys.test_settings import go_to, open_settings
from tests.journeys.test_trust_boundaries import configure_provider, send, tool_stream
from tests.support.screenshots import shots_folder
from tests.support.wire_servers import WireServer

pytestmark = pytest.mark.gui

SHOTS = shots_folder("i18n")


def shot(journey: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    journey.screenshot(SHOTS / name)


def speak(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    """The user's session asks for `locale`, as a desktop sets it."""
    monkeypatch.setenv("LANG", locale)


def menu_titles(window: Any) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def texts(journey: Any, kind: type) -> list[str]:
    return [widget.text() for widget in journey.widgets() if isinstance(widget, kind)]


def test_a_japanese_session_starts_with_the_welcome_pane_and_menus_in_japanese(
    journey: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    speak(monkeypatch, "ja_JP.UTF-8")
    window = journey.start()

    assert window.stack.currentWidget() is window.welcome
    assert journey.has_widget("Agent Desktop へようこそ")
    assert journey.has_widget("保存して開始")
    assert menu_titles(window)[:2] == ["ファイル(&F)", "セッション(&S)"]
    file_menu = window.menuBar().actions()[0].menu()
    assert "設定(&S)…" in [action.text() for action in file_menu.actions()]
    # Qt's own words follow too: the message box's context menu, standard buttons.
    assert QGuiApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight
    shot(journey, "welcome-ja.png")


def test_approval_and_settings_in_japanese_then_arabic_mirrors_the_window_at_once(
    journey: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    speak(monkeypatch, "ja_JP.UTF-8")
    with WireServer() as server:
        configure_provider(journey, server)
        server.enqueue(tool_stream("shell", {"command": "ls"}, "call_ls"))
        window = journey.start()
        send(journey, "list the files")
        prompt = journey.wait_until(lambda: window.chat_view.approval_prompt("call_ls"), 30)

        # The approval prompt asks in Japanese.
        assert prompt.buttons["allow_once"].text() == "今回のみ許可"
        assert prompt.buttons["deny"].text() == "拒否"
        question = prompt.findChild(QLabel, "approvalQuestion")
        assert "を実行しようとしています。許可しますか？" in question.text()
        assert window.state_label.text().startswith("shell の承認を待っています")
        shot(journey, "approval-prompt-ja.png")

        # Settings in Japanese: its pages, and General's Language box.
        dialog = open_settings(journey)
        assert dialog.windowTitle() == "設定"
        go_to(journey, dialog, "一般")
        language = next(
            combo
            for combo in journey.widgets(dialog)
            if isinstance(combo, QComboBox) and combo.accessibleName() == "言語"
        )
        offered = [language.itemText(index) for index in range(language.count())]
        assert offered == [
            "システムに合わせる",
            "English",
            "日本語",
            "简体中文",
            "Español",
            "Deutsch",
            "Français",
            "العربية",
        ]

        # The user picks Arabic (the last choice: End) and presses OK: the window mirrors and
        # speaks Arabic at once.
        language.setFocus()
        journey.press(Qt.Key.Key_End, widget=language)
        assert language.currentText() == "العربية"
        buttons = dialog.findChild(QDialogButtonBox)
        journey.click(buttons.button(QDialogButtonBox.StandardButton.Ok))
        journey.wait_until(lambda: not shiboken6.isValid(dialog) or not dialog.isVisible())
        journey.wait_until(lambda: window.isRightToLeft())

        assert QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
        assert menu_titles(window)[:2] == ["&ملف", "ال&جلسة"]
        # The prompt shown before the switch now asks in Arabic, and still works; its
        # composed words (a warning, the rule in its button) are written anew too.
        assert prompt.buttons["allow_once"].text() == "السماح مرة واحدة"
        assert prompt.buttons["allow_rule"].text() == "السماح دائمًا: الأوامر التي تبدأ بـ«ls»"
        assert "⚠ قد تحذف أشياء أو تستبدلها." in [label.text() for label in prompt.warnings]
        assert "السماح دائمًا" in texts(journey, QPushButton)
        # Mirrored: the sidebar, first in reading order, is now on the right.
        assert window.sidebar.mapTo(window, window.sidebar.rect().topLeft()).x() > (
            window.width() // 2
        )
        shot(journey, "switched-to-arabic-in-settings.png")
        saved = json.loads(journey.app.paths.settings_path.read_text(encoding="utf-8"))
        assert saved["language"] == "ar"

        journey.click(prompt.buttons["deny"])
        journey.wait_until(lambda: not window.busy(), 30)

    # A restart keeps Arabic (the setting wins over the session's Japanese).
    window = journey.restart()
    journey.wait_until(lambda: window.isRightToLeft())
    assert menu_titles(window)[0] == "&ملف"


def test_the_main_window_in_every_shipped_language(
    journey: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each language draws the same window in its own words (screenshots for people to look
    at); only Arabic mirrors it."""
    with WireServer() as server:
        configure_provider(journey, server)
        server.enqueue(tool_stream("shell", {"command": "ls"}, "call_ls"))
        window = journey.start()
        send(journey, "list the files")
        journey.wait_until(lambda: window.chat_view.approval_prompt("call_ls"), 30)
        english_menus = menu_titles(window)
        for language in shipped_languages():
            journey.act(lambda code=language: journey.translations.use(code))
            journey.settle(0.2)
            assert window.isRightToLeft() == (language == "ar")
            titles = menu_titles(window)
            assert (titles == english_menus) == (language == "en"), (language, titles)
            shot(journey, f"main-window-{language}.png")
        journey.act(lambda: journey.translations.use("en"))
        prompt = window.chat_view.approval_prompt("call_ls")
        journey.click(prompt.buttons["deny"])
        journey.wait_until(lambda: not window.busy(), 30)


def test_the_settings_pages_and_the_plugin_table_speak_japanese(
    journey: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages a stranger found in English: Providers, Agents, MCP servers and Plugins, with
    the plugin table's headers and values."""
    speak(monkeypatch, "ja_JP.UTF-8")
    journey.start()
    dialog = open_settings(journey)
    nav = [dialog.nav.item(row).text() for row in range(dialog.nav.count())]
    assert nav[:6] == [
        "一般",
        "プロバイダー",
        "エージェント",
        "MCP サーバー",
        "ツール",
        "プラグイン",
    ]

    go_to(journey, dialog, "プロバイダー")
    assert any(
        label.text().startswith("モデルサーバーへの接続です。")
        for label in journey.widgets(dialog)
        if isinstance(label, QLabel)
    )
    go_to(journey, dialog, "MCP サーバー")
    assert any(
        field.placeholderText() == "新しいサーバーの ID"
        for field in journey.widgets(dialog)
        if isinstance(field, QLineEdit)
    )
    go_to(journey, dialog, "プラグイン")
    table = dialog.plugins.tree
    header = table.headerItem()
    assert [header.text(column) for column in range(header.columnCount())] == [
        "プラグイン",
        "種類",
        "バージョン",
        "有効",
        "ソース",
        "状態",
    ]
    rows = [table.topLevelItem(row) for row in range(table.topLevelItemCount())]
    assert rows, "the first-party plugins are listed"
    assert {row.text(3) for row in rows} <= {"オン", "オフ", "—"}
    assert {row.text(5) for row in rows if not row.text(5).startswith("読み込みに失敗")} == {
        "読み込み済み"
    }
    assert {row.text(1) for row in rows} <= {"プロバイダー", "拡張", "機能", "ツール", "不明"}
    shot(journey, "settings-plugins-ja.png")
    journey.click(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel))
