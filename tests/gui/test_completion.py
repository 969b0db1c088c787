"""Composer completions: debounced requests to the features, the popup, insertion, attaching."""

from __future__ import annotations

import asyncio
import shutil

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget
from tests.support.screenshots import shots_folder

from agent_desktop.composer.completion import CompletionController, install_completer
from agent_desktop.composer.message_composer import AttachmentIntake, Composer
from file_completion_feature import FileCompletionFeature

pytestmark = pytest.mark.gui

SCREENSHOTS = shots_folder("screenshots")


@pytest.fixture
def app_plugins():
    return [FileCompletionFeature]


@pytest.fixture
def app(app):
    """The shared app (tests/gui/conftest.py), with a few files in its workspace to complete."""
    workspace = app.paths.runtime_state_root / "workspaces" / "default"
    (workspace / "docs").mkdir(parents=True)
    (workspace / "docs" / "plan.md").write_text("# Plan\n\nShip it.\n")
    (workspace / "notes.txt").write_text("remember the milk\n")
    return app


@pytest.fixture
def composer(qtbot, app):
    session = app.sessions.create_session()
    widget = Composer(AttachmentIntake(app.sessions.assets, lambda: session.session_id))
    # Like the main window: the conversation above, the composer at the bottom.
    window = QWidget()
    layout = QVBoxLayout(window)
    layout.addStretch(1)
    layout.addWidget(widget)
    qtbot.add_widget(window)
    widget.host_window = window  # keeps the window (and so the composer) alive
    window.resize(560, 360)
    window.show()
    qtbot.waitExposed(window)
    widget.edit.setFocus()
    return widget


def press(widget, key):
    QApplication.sendEvent(
        widget, QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier)
    )


def test_file_completion_popup_insert_and_attach(composer, app, qt_loop, tmp_path):
    completer = install_completer(composer, app, current_agent_id=lambda: "default", debounce_ms=20)
    popup = completer.popup

    async def scenario():
        composer.edit.insertPlainText("Read @file:")
        await qt_loop.until(popup.isVisible)
        shown = [popup.list.item(row).text() for row in range(popup.list.count())]
        # It floats above the line being typed, inside the window.
        assert popup.parentWidget() is composer.window()
        cursor_top = composer.edit.viewport().mapTo(
            composer.window(), composer.edit.cursorRect().topLeft()
        )
        assert popup.geometry().bottom() < cursor_top.y()
        assert shown == ["docs/", "notes.txt"]
        metas = [
            popup.list.item(row).data(Qt.ItemDataRole.UserRole + 1)["display_meta"]
            for row in range(popup.list.count())
        ]
        assert metas == ["folder", "18 bytes"]
        QApplication.processEvents()
        _shot(composer, popup, tmp_path)
        # Choosing the folder keeps the reference open and lists what is inside.
        press(composer.edit, Qt.Key.Key_Return)
        await qt_loop.until(lambda: composer.text() == "Read @file:docs/")
        await qt_loop.until(lambda: popup.isVisible() and popup.list.item(0).text() == "plan.md")
        press(composer.edit, Qt.Key.Key_Tab)
        await qt_loop.until(lambda: composer.attachments)

    qt_loop.run(scenario())
    # apply_completion closed the reference with a space; the file is attached.
    assert composer.text() == "Read @file:docs/plan.md "
    assert [record["name"] for record in composer.attachments] == ["plan.md"]
    assert composer.edit.textCursor().position() == len(composer.text())
    assert not popup.isVisible()


def test_escape_closes_and_arrows_choose(composer, app, qt_loop):
    completer = install_completer(composer, app, current_agent_id=lambda: "default", debounce_ms=20)
    popup = completer.popup

    async def scenario():
        composer.edit.insertPlainText("@file:")
        await qt_loop.until(popup.isVisible)
        press(composer.edit, Qt.Key.Key_Down)
        assert popup.current()["display"] == "notes.txt"
        press(composer.edit, Qt.Key.Key_Escape)
        assert not popup.isVisible()
        assert composer.text() == "@file:"

    qt_loop.run(scenario())


def test_typing_on_outdates_a_slow_answer_and_debounces(composer, qt_loop):
    asked: list[str] = []

    async def fetch(text):
        asked.append(text)
        await asyncio.sleep(0.05 if text.endswith("a") else 0)
        return [{"replacement": text + "!", "start": 0, "display": text}]

    completer = CompletionController(composer, fetch, lambda text, c: "", debounce_ms=30)

    async def scenario():
        composer.edit.insertPlainText("a")
        await qt_loop.until(lambda: asked == ["a"])
        for character in "bcd":  # faster than the debounce: one request for all three
            composer.edit.insertPlainText(character)
        await qt_loop.until(lambda: len(asked) == 2)
        await qt_loop.until(completer.popup.isVisible)
        await asyncio.sleep(0.08)

    qt_loop.run(scenario())
    assert asked == ["a", "abcd"]
    assert completer.popup.list.item(0).text() == "abcd"


def test_a_failing_feature_costs_only_the_popup(composer, qt_loop):
    async def fetch(text):
        raise RuntimeError("index is corrupt")

    completer = CompletionController(composer, fetch, lambda text, c: "", debounce_ms=10)

    async def scenario():
        composer.edit.insertPlainText("x")
        await qt_loop.until(lambda: completer.problem)

    qt_loop.run(scenario())
    assert completer.problem == "Completions failed: RuntimeError: index is corrupt"
    assert not completer.popup.isVisible()
    assert composer.text() == "x"


def _shot(composer, popup, tmp_path):
    target = tmp_path / "completion-popup.png"
    assert composer.window().grab().save(str(target))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, SCREENSHOTS / target.name)
