"""Plugin actions, completions and settings wired into the real main window."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu
from tests.support.screenshots import shots_folder

from agent_desktop.composer.completion import CompletionController
from agent_desktop.forms.action_dialogs import ConfirmActionDialog, SessionActionsController
from agent_desktop.settings.dialog import SettingsDialog
from agent_desktop.window.main_window import MainWindow
from compaction_feature import CompactionFeature

pytestmark = pytest.mark.gui


@pytest.fixture
def app_plugins():
    return [CompactionFeature]


@pytest.fixture
def window(qtbot, qt_loop, app):
    main = MainWindow(app)
    qtbot.add_widget(main)
    main.show()
    qtbot.waitExposed(main)

    async def boot():
        main.refresh_agent_ui()  # as the boot sequence does once the window exists
        await qt_loop.until(lambda: main.actions_controller.session_actions)

    qt_loop.run(boot())
    yield main
    main.close()


def texts(menu):
    return [action.text() for action in menu.actions()]


def test_compaction_from_the_session_menu_then_undo(window, qt_loop, tmp_path):
    assert isinstance(window.actions_controller, SessionActionsController)
    assert isinstance(window.completer, CompletionController)
    qt_loop.run(window.send_message("First question"), timeout=20)
    qt_loop.run(window.send_message("Second question"), timeout=20)
    assert len(window.session.messages) == 4

    async def menu_ready():
        await qt_loop.until(lambda: "Compact full history" in texts(window.session_menu))

    qt_loop.run(menu_ready())
    assert texts(window.session_menu).index("Compact range…") < texts(window.session_menu).index(
        "Undo compaction"
    )
    compact = next(a for a in window.session_menu.actions() if a.text() == "Compact full history")
    undo = next(a for a in window.session_menu.actions() if a.text() == "Undo compaction")
    assert not undo.isEnabled()  # nothing to undo yet

    async def run(action, confirm=False):
        before = window.action_runner.action_finished
        finished = []
        before.connect(lambda action_id, result: finished.append(result))
        action.trigger()
        if confirm:  # a full compaction asks first
            dialog = await qt_loop.until(lambda: window.findChild(ConfirmActionDialog))
            dialog.accept()
        await qt_loop.until(lambda: finished, timeout=15)
        return finished[0]

    result = qt_loop.run(run(compact, confirm=True), timeout=20)
    assert result["status"] == "ok", result
    # The window shows the stored, compacted session.
    assert len(window.session.messages) == 1
    assert window.session.messages[0].content.startswith("[Summary of 4 earlier messages")
    assert len(window.chat_model.items()) == 1
    _shot(window.action_runner.result_dialog, tmp_path, "compaction-result.png")
    window.action_runner.result_dialog.close()

    assert undo.isEnabled()
    qt_loop.run(run(undo), timeout=20)
    assert [m.content for m in window.session.messages] == [
        "First question",
        "Echo: First question",
        "Second question",
        "Echo: Second question",
    ]
    assert len(window.chat_model.items()) == 4
    assert not undo.isEnabled()


def test_message_context_menu_gets_message_actions(window, qt_loop):
    qt_loop.run(window.send_message("Hello"), timeout=20)

    async def menu_ready():
        await qt_loop.until(lambda: window.actions_controller.message_actions)

    qt_loop.run(menu_ready())
    menu = QMenu()
    window.chat_view.message_context_menu_requested.emit(1, menu)
    assert "Compact messages up to here" in texts(menu)


def test_ctrl_comma_opens_the_settings_dialog(window, qt_loop):
    async def scenario():
        window.settings_action.trigger()
        # It opens once the keyring has been looked at, off the GUI thread.
        await qt_loop.until(lambda: window.settings_dialog is not None)
        dialog = window.settings_dialog
        assert isinstance(dialog, SettingsDialog)
        assert dialog.isVisible()
        await dialog.loading_task
        return dialog

    dialog = qt_loop.run(scenario())
    assert window.settings_action.shortcut().toString() == "Ctrl+,"
    assert "compaction" in dialog.plugin_pages
    dialog.reject()


def _shot(widget, tmp_path, name):
    import shutil

    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()
    target = tmp_path / name
    assert widget.grab().save(str(target))
    screenshots = shots_folder("screenshots")
    screenshots.mkdir(parents=True, exist_ok=True)
    shutil.copy(target, screenshots / name)
