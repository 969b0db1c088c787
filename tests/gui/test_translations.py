"""The window's language: catalogues compiled and loaded, the locale followed, a switch that
retranslates what is shown at once, and Arabic laid out right to left."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
)

from agent_app.assets import SessionAssetStore
from agent_app.store import SessionStore
from agent_desktop.composer.message_composer import AttachmentIntake
from agent_desktop.toolkit.translations import (
    SOURCE_LANGUAGE,
    Translations,
    best_language,
    compiled_catalogue,
    system_language,
)
from agent_desktop.toolkit.window_language import in_window_language
from agent_desktop.window.notice_bar import NoticeBar

pytestmark = pytest.mark.gui


def _catalogue(language: str, messages: dict[str, str]) -> str:
    body = "".join(
        f"<message><source>{source}</source><translation>{shown}</translation></message>"
        for source, shown in messages.items()
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
        f'<TS version="2.1" language="{language}"><context><name>Journey</name>{body}'
        "</context></TS>\n"
    )


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "translations"
    folder.mkdir()
    (folder / "agent_desktop_ja.ts").write_text(
        _catalogue("ja_JP", {"Settings": "設定", "Saved {name}": "{name} を保存しました"}),
        encoding="utf-8",
    )
    (folder / "agent_desktop_ar.ts").write_text(
        _catalogue("ar", {"Settings": "الإعدادات", "Saved {name}": "تم حفظ {name}"}),
        encoding="utf-8",
    )
    return folder


@pytest.fixture
def translations(qapp: Any, tmp_path: Path, sources: Path) -> Iterator[Translations]:
    installed = Translations(qapp, tmp_path / "cache", sources)
    yield installed
    installed.use(SOURCE_LANGUAGE)  # later tests read English, left to right


def translate(text: str) -> str:
    return QCoreApplication.translate("Journey", text)


def test_the_system_locale_is_read_as_posix_does() -> None:
    assert system_language({"LANG": "ja_JP.UTF-8"}) == "ja_JP"
    assert system_language({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"}) == "fr_FR"
    assert system_language({"LANG": "de_DE", "LC_MESSAGES": "fr_FR", "LC_ALL": "sr_RS@latin"}) == (
        "sr_RS"
    )


def test_a_locale_finds_the_catalogue_of_its_language() -> None:
    shipped = ["ar", "de", "ja", "zh_CN"]
    assert best_language("ja_JP", shipped) == "ja"
    assert best_language("zh_CN", shipped) == "zh_CN"
    assert best_language("zh_SG", shipped) == "zh_CN"
    assert best_language("pt_BR", shipped) == SOURCE_LANGUAGE
    assert best_language("C", shipped) == SOURCE_LANGUAGE


def test_a_catalogue_is_compiled_once_and_again_when_its_source_changes(
    sources: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    compiled = compiled_catalogue("ja", cache, sources)
    assert compiled.parent == cache / "translations"
    first_build = compiled.stat().st_mtime_ns
    assert compiled_catalogue("ja", cache, sources).stat().st_mtime_ns == first_build
    source = sources / "agent_desktop_ja.ts"
    later = time.time() + 5
    os.utime(source, (later, later))
    assert compiled_catalogue("ja", cache, sources).stat().st_mtime_ns != first_build


def test_a_catalogue_shipped_compiled_is_used_as_it_is(sources: Path, tmp_path: Path) -> None:
    shipped = compiled_catalogue("ja", tmp_path / "build", sources)
    beside = sources / "agent_desktop_ja.qm"
    beside.write_bytes(shipped.read_bytes())
    assert compiled_catalogue("ja", tmp_path / "cache", sources) == beside
    assert not (tmp_path / "cache").exists()


def test_a_broken_source_says_which_file_and_what_to_do(sources: Path, tmp_path: Path) -> None:
    (sources / "agent_desktop_ja.ts").write_text("<TS><context>", encoding="utf-8")
    with pytest.raises(RuntimeError, match=r"agent_desktop_ja\.ts could not be compiled"):
        compiled_catalogue("ja", tmp_path / "cache", sources)


def test_switching_language_retranslates_what_is_shown_and_mirrors_for_arabic(
    translations: Translations, qtbot: Any
) -> None:
    translations.use(SOURCE_LANGUAGE)
    label = QLabel(translate("Settings"))
    saved = QPushButton(translate("Saved {name}").format(name="notes.md"))
    menu = QMenu(translate("Settings"))
    action = menu.addAction(translate("Settings"))
    user_text = QLabel("Settings of my project")  # not a catalogue string: stays as written
    for widget in (label, saved, menu, user_text):
        qtbot.add_widget(widget)

    assert translations.use("ja") == "ja"
    assert label.text() == "設定"
    assert saved.text() == "notes.md を保存しました"
    assert (menu.title(), action.text()) == ("設定", "設定")
    assert user_text.text() == "Settings of my project"
    assert QGuiApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert QLocale().name() == "ja_JP"

    assert translations.use("ar") == "ar"
    assert label.text() == "الإعدادات"
    assert saved.text() == "تم حفظ notes.md"
    assert QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert label.layoutDirection() == Qt.LayoutDirection.RightToLeft

    translations.use(SOURCE_LANGUAGE)
    assert (label.text(), saved.text()) == ("Settings", "Saved notes.md")
    assert QGuiApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight


def test_switching_language_retranslates_rows_and_headers_of_lists_trees_and_tables(
    translations: Translations, qtbot: Any
) -> None:
    """A project tree's "New chat" row, a plugin table's headers: item views keep their texts
    in items, not in the widget, and follow a live switch too."""
    translations.use(SOURCE_LANGUAGE)
    tree = QTreeWidget()
    tree.setHeaderLabels([translate("Settings"), "id"])
    parent = QTreeWidgetItem(tree, ["My project"])
    child = QTreeWidgetItem(parent, [translate("Saved {name}").format(name="notes.md")])
    child.setToolTip(0, translate("Settings"))
    listed = QListWidget()
    listed.addItem(translate("Settings"))
    table = QTableWidget(1, 1)
    table.setHorizontalHeaderLabels([translate("Settings")])
    table.setItem(0, 0, QTableWidgetItem(translate("Settings")))
    for widget in (tree, listed, table):
        qtbot.add_widget(widget)

    translations.use("ja")

    assert [tree.headerItem().text(0), tree.headerItem().text(1)] == ["設定", "id"]
    assert parent.text(0) == "My project"  # a name, not a catalogue string
    assert (child.text(0), child.toolTip(0)) == ("notes.md を保存しました", "設定")
    assert listed.item(0).text() == "設定"
    assert (table.horizontalHeaderItem(0).text(), table.item(0, 0).text()) == ("設定", "設定")


def test_a_switch_retranslates_a_formatted_text_by_its_own_template_not_a_looser_one(
    qapp: Any, tmp_path: Path, qtbot: Any
) -> None:
    """ "{label}: {tool_name}" matches any text with a colon; the Ask several hint was turned
    into itself with a Japanese colon instead of into its own translation."""
    folder = tmp_path / "translations"
    folder.mkdir()
    (folder / "agent_desktop_ja.ts").write_text(
        _catalogue(
            "ja_JP",
            {
                "{label}: {tool_name}": "{label}：{tool_name}",
                "Check {low} to {high} models: the message goes to each of them.": (
                    "{low}～{high} 個のモデルを選んでください。"
                ),
            },
        ),
        encoding="utf-8",
    )
    installed = Translations(qapp, tmp_path / "cache", folder)
    try:
        installed.use(SOURCE_LANGUAGE)
        hint = QLabel(
            translate("Check {low} to {high} models: the message goes to each of them.").format(
                low=2, high=4
            )
        )
        qtbot.add_widget(hint)
        installed.use("ja")
        assert hint.text() == "2～4 個のモデルを選んでください。"
    finally:
        installed.use(SOURCE_LANGUAGE)


def test_the_system_choice_follows_the_locale_and_qt_speaks_it_too(
    translations: Translations, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert translations.use("system") == "ja"
    # Qt's own catalogue is loaded beside ours: its standard buttons speak Japanese too.
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "キャンセル"


def test_errors_written_below_the_gui_are_shown_in_the_window_language(
    qapp: Any, qtbot: Any, tmp_path: Path
) -> None:
    """agent_app's errors are English strings marked with QT_TRANSLATE_NOOP; the window shows
    them in its language, values kept (the shipped catalogues, not a test one)."""
    installed = Translations(qapp, tmp_path / "cache")
    sessions = SessionStore(tmp_path / "sessions.sqlite3")
    sessions.create_session("s1", title="t")
    folder = tmp_path / "photos"
    folder.mkdir()
    try:
        installed.use("ja")
        intake = AttachmentIntake(SessionAssetStore(sessions, tmp_path / "assets"), lambda: "s1")
        # A folder given to attach: AssetInputError from agent_app, shown by the composer.
        assert intake.add_files("s1", [folder]).problems == [
            f"{folder} を添付できません: ファイルではなくフォルダーです。"
        ]
        # A marked value inside a marked template is translated too.
        assert (
            in_window_language("Could not save chat 't': the database is read-only.")
            == "chat 't' を保存できませんでした: データベースは読み取り専用です。"
        )
        # Closed by qtbot at the end: a shown window deleted later, inside the next test's
        # event loop, was the last window closed there, and quit that loop.
        bar = NoticeBar()
        qtbot.addWidget(bar)
        bar.show_notice("Every tool server is ready now.")
        assert bar.label.text() == "すべてのツールサーバーの準備ができました。"
        # What nobody marked (a provider's own words) is shown as it came.
        bar.show_notice("quota exceeded for model gpt-x")
        assert bar.label.text() == "quota exceeded for model gpt-x"
    finally:
        installed.use(SOURCE_LANGUAGE)
        sessions.close()
