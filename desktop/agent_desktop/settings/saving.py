"""Apply a settings change without holding up the window.

The application checks the change at once (memory only), writes it on a worker thread (the
keyring may take long, a locked one asks to be unlocked first, and the files are written), then
takes it into effect on the GUI thread, where its settings event reaches the window's listeners.
The last step runs whether or not whoever asked is still there, so a change is never left
written but not applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject

from agent_app.settings_changes import ApplyResult
from agent_desktop.toolkit.off_gui_thread import run_off_gui_thread

if TYPE_CHECKING:
    from agent_app.configuration import Configuration
    from agent_app.settings_changes import ApplyResult, SettingsChange


def apply_settings_change(
    configuration: Configuration,
    change: SettingsChange,
    owner: QObject,
    done: Callable[[ApplyResult], None],
) -> bool:
    """Apply `change`, then call `done(result)` on the GUI thread while `owner` lives.

    Returns True when the change is being written (`done` comes later), False when it was
    refused at once (`done` has been called with the problems already).
    """
    prepared = configuration.begin_settings_change(change)
    if isinstance(prepared, ApplyResult):
        done(prepared)
        return False

    def written(result: ApplyResult) -> None:
        applied = configuration.finish_settings_change(prepared, result)
        if shiboken6.isValid(owner):
            done(applied)

    # Delivered to the application object, which outlives any dialog that asked.
    keeper = QCoreApplication.instance()
    assert keeper is not None, "a settings change is applied from a running Qt application"
    run_off_gui_thread(keeper, lambda: configuration.write_settings_change(prepared), written)
    return True
