"""Session → "Memory on or off for this chat" in the real main window: a check mark that says
whether memory is on for the shown chat, and follows the switch."""

from __future__ import annotations

import pytest

from agent_desktop.window.main_window import MainWindow
from agent_memory import MemoryFeature

pytestmark = pytest.mark.gui

LABEL = "Memory on or off for this chat"


@pytest.fixture
def app_plugins():
    return [MemoryFeature]


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


def test_the_memory_switch_is_checked_while_memory_is_on_for_the_chat(window, qt_loop):
    qt_loop.run(window.send_message("Hello"), timeout=20)
    switch = next(a for a in window.session_menu.actions() if a.text() == LABEL)
    assert switch.isCheckable()
    assert switch.isChecked()  # a chat follows the default: memory on

    def run_switch():
        async def scenario():
            finished = []
            window.action_runner.action_finished.connect(
                lambda _action_id, result: finished.append(result)
            )
            switch.trigger()
            await qt_loop.until(lambda: finished, timeout=15)
            return finished[0]

        return qt_loop.run(scenario(), timeout=20)

    assert run_switch()["status"] == "ok"
    assert window.session.metadata["config_overrides"]["memory"] == {"enabled": False}
    assert not switch.isChecked()

    assert run_switch()["status"] == "ok"
    assert "memory" not in window.session.metadata["config_overrides"]
    assert switch.isChecked()
